import { useMutation, usePaginatedQuery } from "convex/react";
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { Button, Spinner } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { isOptimistic } from "./optimistic";
import type { ThreadInfo } from "./types";
import { TeamCopy } from "@common/teams";
import { useActing, withActing } from "@/features/teams/acting";

const PAGE_SIZE = 30;
/** Within this many pixels of the bottom the list follows new messages. */
const STICKY_BOTTOM_PX = 120;

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });
const dayFormat = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" });

/**
 * The thread, oldest at the top. The query pages newest first: scrolling to the top loads older
 * messages (the view keeps its place); a new message scrolls to it when the reader is at the bottom
 * or sent it. Seeing new messages from the other side (tab visible) marks the thread read.
 */
export function MessageList({ otherUserId, info }: { otherUserId: string; info: ThreadInfo }) {
  const acting = useActing();
  const actingFor = acting.actingFor;
  const { results, status, loadMore } = usePaginatedQuery(
    api.messages.thread,
    withActing(acting, { otherUserId }),
    { initialNumItems: PAGE_SIZE },
  );
  const messages = useMemo(() => [...results].reverse(), [results]);
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const restore = useRef<{ height: number; top: number } | null>(null);

  // Read receipts: on open, on each new incoming message, and when the tab becomes visible again.
  const markRead = useMutation(api.messages.markRead);
  const newestIncoming = results.find((m) => !m.mine && !isOptimistic(m._id))?._id;
  useEffect(() => {
    const read = () => {
      if (document.visibilityState === "visible") markRead({ otherUserId, actingFor }).catch(() => undefined);
    };
    read();
    document.addEventListener("visibilitychange", read);
    return () => document.removeEventListener("visibilitychange", read);
  }, [markRead, otherUserId, actingFor, newestIncoming]);

  const loadOlder = useCallback(() => {
    const el = scroller.current;
    if (status !== "CanLoadMore" || !el) return;
    restore.current = { height: el.scrollHeight, top: el.scrollTop };
    loadMore(PAGE_SIZE);
  }, [status, loadMore]);

  // Scrolling near the top loads the next older page.
  useEffect(() => {
    const root = scroller.current;
    const target = topSentinel.current;
    if (!root || !target || status !== "CanLoadMore") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && root.scrollHeight > root.clientHeight) loadOlder();
      },
      { root, rootMargin: "200px 0px 0px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [status, loadOlder]);

  const oldestId = messages[0]?._id;
  const newest = messages[messages.length - 1];
  // Older messages arrived above: keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !restore.current) return;
    el.scrollTop = el.scrollHeight - restore.current.height + restore.current.top;
    restore.current = null;
  }, [oldestId]);
  // A new message (or the first page): go to the newest when at the bottom or when it is the reader's own.
  // Only a change of the newest message counts (loading older pages leaves the view where it is).
  const newestId = newest?._id;
  const newestMine = newest?.mine ?? false;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !newestId) return;
    if (atBottom.current || newestMine) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    }
  }, [newestId, newestMine]);

  const lastMine = [...messages].reverse().find((m) => m.mine);
  const seen =
    lastMine !== undefined &&
    !isOptimistic(lastMine._id) &&
    info.otherReadAt !== null &&
    info.otherReadAt >= lastMine._creationTime;

  return (
    <>
      <div
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={`Messages with ${info.other.name}`}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_BOTTOM_PX;
        }}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 outline-offset-[-2px] sm:px-4"
      >
        <div ref={topSentinel} />
        {status === "LoadingFirstPage" ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label="Loading messages" />
          </div>
        ) : messages.length === 0 ? (
          <p className="flex h-full items-center justify-center text-center text-slate-600 dark:text-slate-300">
            No messages yet. Say hello to {info.other.firstName || info.other.name}!
          </p>
        ) : (
          <>
            {(status === "CanLoadMore" || status === "LoadingMore") && (
              <div className="mb-3 text-center">
                <Button variant="ghost" size="sm" loading={status === "LoadingMore"} onClick={loadOlder}>
                  Load older messages
                </Button>
              </div>
            )}
            <ol className="flex flex-col gap-1.5">
              {messages.map((m, i) => {
                const previous = messages[i - 1];
                return (
                  <MessageRow
                    key={m._id}
                    id={m._id}
                    content={m.content}
                    mine={m.mine}
                    sentBy={m.sentBy}
                    creationTime={m._creationTime}
                    newDay={
                      !previous ||
                      new Date(previous._creationTime).toDateString() !== new Date(m._creationTime).toDateString()
                    }
                    seen={seen && m._id === lastMine._id}
                    otherName={info.other.name}
                  />
                );
              })}
            </ol>
          </>
        )}
      </div>
      <p role="status" className="min-h-6 px-4 text-sm text-slate-600 italic dark:text-slate-300">
        {info.otherTyping ? `${info.other.firstName || info.other.name} is typing…` : ""}
      </p>
    </>
  );
}

interface MessageRowProps {
  id: string;
  content: string;
  mine: boolean;
  /** The team member who wrote it for the business. */
  sentBy: string | null;
  creationTime: number;
  /** The first message of its day: the day goes above it. */
  newDay: boolean;
  /** The viewer's last message, and the other side has read it. */
  seen: boolean;
  otherName: string;
}

/**
 * One bubble. Memoized on its own values (each update of the thread brings new row objects), so a
 * new message renders one row, not the whole thread.
 */
const MessageRow = memo(function MessageRow({
  id,
  content,
  mine,
  sentBy,
  creationTime,
  newDay,
  seen,
  otherName,
}: MessageRowProps) {
  const pending = isOptimistic(id);
  return (
    <li className="flex flex-col">
      {newDay && (
        <p className="my-2 text-center text-xs font-medium text-slate-600 dark:text-slate-300">
          {dayFormat.format(creationTime)}
        </p>
      )}
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3.5 py-2 break-words whitespace-pre-wrap sm:max-w-[70%]",
          mine
            ? "self-end rounded-br-md bg-brand-700 text-white dark:bg-brand-300 dark:text-brand-950"
            : "self-start rounded-bl-md bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
          pending && "opacity-75",
        )}
      >
        <span className="sr-only">{mine ? "You" : otherName}: </span>
        {content}
      </div>
      <p className={cn("mt-0.5 px-1 text-xs text-slate-600 dark:text-slate-300", mine ? "self-end" : "self-start")}>
        {pending ? (
          "Sending…"
        ) : (
          <time dateTime={new Date(creationTime).toISOString()}>{timeFormat.format(creationTime)}</time>
        )}
        {sentBy && (
          <>
            <span aria-hidden="true"> · </span>
            <span>{TeamCopy.sentBy(sentBy)}</span>
          </>
        )}
        {seen && (
          <>
            <span aria-hidden="true"> · </span>
            <span className="font-semibold text-brand-800 dark:text-brand-200">Seen</span>
          </>
        )}
      </p>
    </li>
  );
});
