import { usePaginatedQuery } from "convex/react";
import { Link } from "react-router-dom";
import { MessageCopy } from "@common/messages";
import { ButtonLink, EmptyState, ListSkeleton, LoadMore } from "@/components/ui";
import { Avatar } from "@/components/ui/Avatar";
import { CountBadge } from "@/components/ui/CountBadge";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { relativeTime, relativeTimeLong, useNow } from "@/lib/relativeTime";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { useActing, withActing } from "@/features/teams/acting";

const PAGE_SIZE = 20;
const SKELETON_ROWS = 6;

/** The viewer's conversations, most recent first, live; the selected one is the current page. */
export function ConversationList({ selectedId }: { selectedId: string | null }) {
  return (
    <QueryErrorBoundary fallback={(retry) => <ErrorState message="Failed to fetch conversations" onRetry={retry} />}>
      <Conversations selectedId={selectedId} />
    </QueryErrorBoundary>
  );
}

function Conversations({ selectedId }: { selectedId: string | null }) {
  const acting = useActing();
  const { results, status, loadMore } = usePaginatedQuery(api.messages.inbox, withActing(acting, {}), {
    initialNumItems: PAGE_SIZE,
  });
  const now = useNow();

  if (status === "LoadingFirstPage") {
    return <ListSkeleton shape="row" count={SKELETON_ROWS} layout="divided" label="Loading conversations" />;
  }

  if (results.length === 0) {
    return (
      <EmptyState
        title={MessageCopy.empty_inbox}
        className="flex flex-1 flex-col justify-center md:rounded-none md:border-0"
      >
        <p>Start a conversation from someone's profile or your network.</p>
        <ButtonLink to="/network" variant="secondary" size="sm">
          Browse Network
        </ButtonLink>
      </EmptyState>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col md:overflow-y-auto">
      <ul className="divide-y divide-slate-200 max-md:overflow-hidden max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:bg-white dark:divide-slate-700 max-md:dark:border-slate-700 max-md:dark:bg-slate-900">
        {results.map((c) => {
          const selected = c.other._id === selectedId;
          return (
            <li key={c._id}>
              <Link
                to={`/messages/${c.other._id}`}
                aria-current={selected ? "page" : undefined}
                className={cn(
                  "flex items-center gap-3 p-4 outline-offset-[-2px] hover:bg-slate-50 dark:hover:bg-slate-800",
                  selected && "bg-brand-50 dark:bg-slate-800",
                )}
              >
                <Avatar
                  firstName={c.other.firstName}
                  lastName={c.other.lastName}
                  name={c.other.name}
                  image={c.other.image}
                  className="size-11"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span
                      className={cn(
                        "truncate text-slate-900 dark:text-white",
                        c.unread > 0 ? "font-bold" : "font-semibold",
                      )}
                    >
                      {c.other.name}
                    </span>
                    <time
                      dateTime={new Date(c.lastMessageAt).toISOString()}
                      title={new Date(c.lastMessageAt).toLocaleString("en-US")}
                      className="shrink-0 text-xs text-slate-600 dark:text-slate-300"
                    >
                      <span aria-hidden="true">{relativeTime(c.lastMessageAt, now)}</span>
                      <span className="sr-only">, {relativeTimeLong(c.lastMessageAt, now)}</span>
                    </time>
                  </span>
                  <span className="mt-0.5 flex items-center justify-between gap-2">
                    <span
                      className={cn(
                        "truncate text-sm",
                        c.unread > 0
                          ? "font-medium text-slate-900 dark:text-white"
                          : "text-slate-600 dark:text-slate-300",
                      )}
                    >
                      <span className="sr-only">, </span>
                      {c.lastFromMe && "You: "}
                      {c.lastMessage}
                    </span>
                    <CountBadge count={c.unread} srText={`, ${c.unread} unread`} />
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} size="sm" className="p-3" />
    </div>
  );
}
