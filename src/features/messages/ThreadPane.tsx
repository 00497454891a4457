import { useMutation, useQuery } from "convex/react";
import { Link } from "react-router-dom";
import { MessageCopy } from "@common/messages";
import { useViewer } from "@/app/session";
import { ButtonLink, Skeleton, Spinner, useToast } from "@/components/ui";
import { Avatar } from "@/components/ui/Avatar";
import { StrokeIcon } from "@/components/ui/Icon";
import { api } from "@/lib/api";
import { useErrorToast } from "@/lib/useErrorToast";
import { cn } from "@/lib/cn";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import type { ThreadInfo } from "./types";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { useActing, withActing } from "@/features/teams/acting";

const BACK_ICON = "M15 6l-6 6 6 6";

/** The open thread: full-screen on phones (over the header and bottom bar), the right pane from md up. */
export function ThreadPane({ otherUserId }: { otherUserId: string }) {
  return (
    <section
      aria-labelledby="thread-title"
      className="flex min-w-0 flex-1 flex-col bg-white max-md:fixed max-md:inset-0 max-md:z-40 max-md:pt-[env(safe-area-inset-top)] max-md:pb-[env(safe-area-inset-bottom)] dark:bg-slate-900"
    >
      <QueryErrorBoundary
        fallback={(retry) => (
          <>
            <h2 id="thread-title" className="sr-only">
              Conversation
            </h2>
            <BackLink className="m-2" />
            <ErrorState message="Failed to load this conversation" onRetry={retry} />
          </>
        )}
      >
        <Thread otherUserId={otherUserId} />
      </QueryErrorBoundary>
    </section>
  );
}

function BackLink({ className }: { className?: string }) {
  return (
    <Link
      to="/messages"
      className={cn(
        "inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800",
        className,
      )}
    >
      <StrokeIcon d={BACK_ICON} />
      <span className="sr-only">Back to conversations</span>
    </Link>
  );
}

function Thread({ otherUserId }: { otherUserId: string }) {
  const info = useQuery(api.messages.threadInfo, withActing(useActing(), { otherUserId }));

  if (info === undefined) {
    return (
      <div className="flex flex-1 flex-col">
        <div className="flex items-center gap-2 border-b border-slate-200 p-2 md:p-3 dark:border-slate-700">
          <BackLink />
          <h2 id="thread-title" className="sr-only">
            Conversation
          </h2>
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="h-4 w-40 rounded" />
        </div>
        <div className="flex flex-1 items-center justify-center">
          <Spinner label="Loading conversation" />
        </div>
      </div>
    );
  }

  if (info === null) {
    return (
      <div className="flex flex-1 flex-col">
        <div className="border-b border-slate-200 p-2 md:hidden dark:border-slate-700">
          <BackLink />
        </div>
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
          <h2 id="thread-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            Conversation not found
          </h2>
          <p className="max-w-sm text-slate-600 dark:text-slate-300">
            This member could not be found. The link may be wrong, or the account may have been removed.
          </p>
          <ButtonLink to="/messages" variant="secondary">
            Back to Messages
          </ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <>
      <ThreadHeader info={info} />
      <MessageList otherUserId={otherUserId} info={info} />
      {info.canSend && !info.blockedByMe ? (
        <Composer otherUserId={otherUserId} otherName={info.other.name} />
      ) : (
        <p className="border-t border-slate-200 p-4 text-center text-sm text-slate-700 dark:border-slate-700 dark:text-slate-200">
          {info.blockedByMe ? "You blocked this member. Unblock them to send messages." : MessageCopy.blocked}
        </p>
      )}
    </>
  );
}

const USER_TYPE_LABEL: Record<string, string> = { professional: "Service Professional", homeowner: "Property Owner" };

function ThreadHeader({ info }: { info: ThreadInfo }) {
  const { other } = info;
  return (
    <div className="flex items-center gap-2 border-b border-slate-200 p-2 md:gap-3 md:p-3 dark:border-slate-700">
      <BackLink />
      <Avatar firstName={other.firstName} lastName={other.lastName} name={other.name} image={other.image} />
      <div className="min-w-0 flex-1">
        <h2 id="thread-title" className="truncate font-semibold text-slate-900 dark:text-white">
          {other.name}
        </h2>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600 dark:text-slate-300">
          {other.userType && <span>{USER_TYPE_LABEL[other.userType] ?? other.userType}</span>}
          {other.available !== null && (
            <span className="inline-flex items-center gap-1">
              <span
                aria-hidden="true"
                className={cn("size-2 rounded-full", other.available ? "bg-green-600" : "bg-amber-500")}
              />
              {other.available ? "Available" : "Busy"}
            </span>
          )}
        </p>
      </div>
      <BlockButton otherUserId={other._id} name={other.name} blocked={info.blockedByMe} />
    </div>
  );
}

function BlockButton({ otherUserId, name, blocked }: { otherUserId: string; name: string; blocked: boolean }) {
  const setBlocked = useMutation(api.messages.setBlocked);
  const { toast } = useToast();
  const reportError = useErrorToast();
  const viewer = useViewer();
  // Blocking is the business owner's: a member acting for it doesn't get the button (MessagesPage says so).
  const acting = useActing();
  if (viewer._id === otherUserId || acting.actingFor) return null;
  return (
    <button
      type="button"
      className="min-h-9 shrink-0 rounded-md px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      onClick={() => {
        if (!blocked && !window.confirm(`Block ${name}? They will not be able to send you messages.`)) return;
        setBlocked({ otherUserId, blocked: !blocked }).then(
          () => toast({ title: blocked ? `${name} unblocked` : `${name} blocked` }),
          (error: unknown) => reportError(error, { title: "Error", description: "Please try again." }),
        );
      }}
    >
      {blocked ? "Unblock" : "Block"}
    </button>
  );
}
