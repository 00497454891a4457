import { Navigate, useParams, useSearchParams } from "react-router-dom";
import { MessageCopy } from "@common/messages";
import { ButtonLink } from "@/components/ui";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { useActing } from "@/features/teams/acting";
import { ConversationList } from "./ConversationList";
import { ThreadPane } from "./ThreadPane";

// Messages (spec §2): /messages, /messages/:userId and /messages?user={id}. Two panes from md up
// (conversations left, thread right); on phones the list, and the thread full-screen with a back link.

export function MessagesPage() {
  const { userId } = useParams();
  const [params] = useSearchParams();
  usePageTitle("Messages");
  const acting = useActing();
  // The lists are the business's or the member's own: a switch starts them afresh.
  const actingKey = acting.actingFor ?? "me";

  // /messages?user={id} (e.g. "Message" on a profile) opens that thread at its own address.
  const requested = params.get("user");
  if (!userId && requested) return <Navigate to={`/messages/${encodeURIComponent(requested)}`} replace />;

  return (
    <div className="mx-auto flex max-w-7xl flex-col px-4 py-4 sm:py-6">
      <h1 className={cn("mb-3 text-2xl font-bold text-slate-900 sm:mb-4 dark:text-white", userId && "max-md:sr-only")}>
        Messages
      </h1>
      {acting.business && (
        <p role="status" className={cn("mb-3 text-sm text-slate-700 dark:text-slate-200", userId && "max-md:sr-only")}>
          {`These are ${acting.business.name}'s conversations. What you send shows as ${acting.business.name}, sent by you. Blocking is for the business's owner.`}
        </p>
      )}
      <div className="flex h-[calc(100dvh-11rem-var(--shell-bottom-bar,0px))] min-h-[26rem] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm max-md:h-auto max-md:min-h-0 max-md:overflow-visible max-md:border-0 max-md:bg-transparent max-md:shadow-none md:h-[calc(100dvh-13rem-var(--shell-bottom-bar,0px))] dark:border-slate-700 dark:bg-slate-900 max-md:dark:bg-transparent">
        <section
          aria-label="Conversations"
          className={cn(
            "flex w-full flex-col md:w-80 md:shrink-0 md:border-r md:border-slate-200 lg:w-96 md:dark:border-slate-700",
            userId && "max-md:hidden",
          )}
        >
          <ConversationList key={actingKey} selectedId={userId ?? null} />
        </section>
        {userId ? (
          <ThreadPane key={`${actingKey}:${userId}`} otherUserId={userId} />
        ) : (
          <div className="hidden flex-1 flex-col items-center justify-center gap-4 p-8 text-center md:flex">
            <p className="text-lg font-semibold text-slate-900 dark:text-white">{MessageCopy.selectConversation}</p>
            <p className="max-w-sm text-slate-600 dark:text-slate-300">
              Pick a conversation on the left, or find people to talk to in your network.
            </p>
            <ButtonLink to="/network" variant="secondary">
              Browse Network
            </ButtonLink>
          </div>
        )}
      </div>
    </div>
  );
}
