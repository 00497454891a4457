import { CloseButton, Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { usePaginatedQuery } from "convex/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { NotificationCopy } from "@common/notifications";
import type { Viewer } from "@/app/session";
import { Spinner } from "@/components/ui";
import { CountBadge, unreadSuffix } from "@/components/ui/CountBadge";
import { StrokeIcon } from "@/components/ui/Icon";
import { QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useNow } from "@/lib/relativeTime";
import { useNotificationActions } from "./actions";
import { BELL_ICON, NotificationText, NotificationVisual } from "./parts";

// The header's bell (spec §2 Notifications, Shell): the live unread count (99+ cap) and a popover
// with the newest notifications (24rem, scrolling), Mark All Read and View all. Loaded on demand
// (React.lazy in Header.tsx), like the user menu.

const POPOVER_ITEMS = 15;

export default function NotificationBell({ viewer }: { viewer: Viewer }) {
  const unread = viewer.unreadNotifications;
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={`Notifications${unreadSuffix(unread)}`}
        className="relative flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 data-open:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-open:bg-slate-800"
      >
        <StrokeIcon d={BELL_ICON} />
        <CountBadge count={unread} className="absolute top-0.5 right-0 ring-2 ring-white dark:ring-slate-900" />
      </PopoverButton>
      <PopoverPanel
        focus
        className="fixed inset-x-2 top-16 z-40 flex flex-col rounded-lg border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96 dark:border-slate-700 dark:bg-slate-900"
      >
        <BellPanel unread={unread} />
      </PopoverPanel>
    </Popover>
  );
}

function BellPanel({ unread }: { unread: number }) {
  const actions = useNotificationActions();
  const [markingAll, setMarkingAll] = useState(false);
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2.5 dark:border-slate-700">
        <h2 className="font-semibold text-slate-900 dark:text-white">
          Notifications
          {unread > 0 && (
            <span className="ml-1 font-normal text-slate-600 dark:text-slate-300">
              ({unread.toLocaleString("en-US")} unread)
            </span>
          )}
        </h2>
        <button
          type="button"
          disabled={unread === 0 || markingAll}
          onClick={() => {
            setMarkingAll(true);
            void actions.markAllRead().finally(() => setMarkingAll(false));
          }}
          className="min-h-9 rounded-md px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-500 disabled:hover:bg-transparent dark:text-brand-200 dark:hover:bg-slate-800 dark:disabled:text-slate-400"
        >
          Mark All Read
        </button>
      </div>
      <div className="h-96 overflow-y-auto overscroll-contain">
        <QueryErrorBoundary
          fallback={() => (
            <p role="alert" className="p-4 text-sm text-red-700 dark:text-red-300">
              {NotificationCopy.loadFailed}
            </p>
          )}
        >
          <BellList actions={actions} />
        </QueryErrorBoundary>
      </div>
      <div className="border-t border-slate-200 p-2 text-center dark:border-slate-700">
        <CloseButton
          as={Link}
          to="/notifications"
          className="block rounded-md px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 dark:text-brand-200 dark:hover:bg-slate-800"
        >
          View all
        </CloseButton>
      </div>
    </>
  );
}

function BellList({ actions }: { actions: ReturnType<typeof useNotificationActions> }) {
  const { results, status } = usePaginatedQuery(
    api.notifications.list,
    { tab: "all" },
    { initialNumItems: POPOVER_ITEMS },
  );
  const now = useNow();
  if (status === "LoadingFirstPage") {
    return (
      <div className="flex h-full items-center justify-center">
        <Spinner label="Loading notifications" />
      </div>
    );
  }
  if (results.length === 0) {
    return (
      <p className="flex h-full items-center justify-center p-4 text-slate-600 dark:text-slate-300">
        {NotificationCopy.empty}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-700">
      {results.map((n) => (
        <li key={n._id}>
          <CloseButton
            as="button"
            type="button"
            onClick={() => actions.open(n)}
            className={cn(
              "flex w-full items-start gap-3 px-4 py-3 text-left outline-offset-[-2px] hover:bg-slate-50 dark:hover:bg-slate-800",
              !n.read && "bg-brand-50 dark:bg-brand-950",
            )}
          >
            <NotificationVisual n={n} className="size-9" />
            <NotificationText n={n} now={now} />
          </CloseButton>
        </li>
      ))}
    </ul>
  );
}
