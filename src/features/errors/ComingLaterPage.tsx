import { useSession } from "@/app/session";
import { ButtonLink } from "@/components/ui";
import { usePageTitle } from "@/lib/usePageTitle";

/**
 * The one page for parts of Rafter that later work builds (jobs, messages, network...): it names
 * the section and says plainly that it is not open yet. No sample content.
 */
export function ComingLaterPage({ section }: { section: string }) {
  usePageTitle(section);
  const session = useSession();
  const signedIn = session.status === "signedIn";
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 dark:text-white">{section}</h1>
      <p className="mt-3 text-lg text-slate-700 dark:text-slate-200">
        This part of Rafter is not open yet. Check back soon.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        {signedIn ? (
          <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
        ) : (
          <ButtonLink to="/">Go to the home page</ButtonLink>
        )}
      </div>
    </div>
  );
}
