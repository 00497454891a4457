import { Spinner } from "@/components/ui/Spinner";

/**
 * Shown while authentication (or a page's data) resolves. As a whole page it carries the
 * page's <h1>; inside a page that already has one, pass heading={false}.
 */
export function LoadingScreen({ message = "Loading...", heading = true }: { message?: string; heading?: boolean }) {
  const Text = heading ? "h1" : "p";
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center gap-3 p-8">
      <Spinner className="size-6 text-brand-700 dark:text-brand-300" />
      <Text className="text-base font-normal text-slate-700 dark:text-slate-200">{message}</Text>
    </div>
  );
}
