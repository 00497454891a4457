import { useViewer } from "@/app/session";
import { ButtonLink, cardClasses } from "@/components/ui";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { BrowseNetwork } from "./BrowseNetwork";
import { NetworkCopy } from "./copy";
import { mutedText } from "./PersonCard";
import { BackupMembers, MyConnections, PendingRequests, Suggestions } from "./Sections";
import { SharedWork } from "./SharedWork";
import { useNetworkActions } from "./useNetworkActions";

// /network (spec §2 Network; §6 only professionals): work shared with you, connection requests,
// your connections with the backup-network switch, your backup network, suggested professionals
// (top 6, then the next 6) and a search of all professionals. Every list is live.

export function NetworkPage() {
  usePageTitle(NetworkCopy.title);
  const viewer = useViewer();
  const isPro = viewer.userType === "professional";

  return (
    <div className="mx-auto w-full max-w-7xl space-y-10 px-4 py-8 sm:py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {NetworkCopy.title}
        </h1>
        <p className={cn("mt-2 text-lg", mutedText)}>{NetworkCopy.intro}</p>
      </header>
      {isPro ? <ProfessionalNetwork viewerId={viewer._id} /> : <HomeownerNote />}
    </div>
  );
}

function HomeownerNote() {
  return (
    <section aria-labelledby="homeowner-heading" className={cn(cardClasses, "max-w-2xl space-y-4 p-5 sm:p-6")}>
      <h2 id="homeowner-heading" className="text-xl font-bold text-slate-900 dark:text-white">
        {NetworkCopy.homeownerTitle}
      </h2>
      <p className={mutedText}>{NetworkCopy.homeownerText}</p>
      <ButtonLink to="/professionals/search">Find Local Professionals</ButtonLink>
    </section>
  );
}

function ProfessionalNetwork({ viewerId }: { viewerId: string }) {
  const actions = useNetworkActions(viewerId);
  return (
    <>
      <SharedWork />
      <PendingRequests actions={actions} />
      <MyConnections viewerId={viewerId} actions={actions} />
      <BackupMembers actions={actions} />
      <Suggestions actions={actions} />
      <BrowseNetwork actions={actions} />
    </>
  );
}
