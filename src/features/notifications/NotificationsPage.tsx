import { TabGroup, TabPanel, TabPanels } from "@headlessui/react";
import { usePaginatedQuery } from "convex/react";
import { useState } from "react";
import { NOTIFICATION_TABS, NotificationCopy, type NotificationTab } from "@common/notifications";
import { useViewer } from "@/app/session";
import { Button, EmptyState, ListSkeleton, LoadMore } from "@/components/ui";
import { CountBadge } from "@/components/ui/CountBadge";
import { UnderlineTabList } from "@/components/ui/Tabs";
import { StrokeIcon } from "@/components/ui/Icon";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useNow } from "@/lib/relativeTime";
import { usePageTitle } from "@/lib/usePageTitle";
import { useTabParam } from "@/lib/useTabParam";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { useNotificationActions } from "./actions";
import { NotificationText, NotificationVisual } from "./parts";

// /notifications (spec §2): tabs All, Messages, Jobs, Network, Reviews, System (each its own
// indexed list), unread highlighted, click marks read and follows actionUrl, per-item Mark as read
// and delete, Mark All Read, the unread count, Load more. The tab is kept in ?tab=.

const PAGE_SIZE = 20;
const TABS = NOTIFICATION_TABS.map((t) => ({ key: t.value, label: t.label }));
const TAB_KEYS = TABS.map((t) => t.key);
const SKELETON_COUNT = 5;
const TRASH_ICON = "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3";

export function NotificationsPage() {
  usePageTitle("Notifications");
  const viewer = useViewer();
  const actions = useNotificationActions();
  const [markingAll, setMarkingAll] = useState(false);
  const [index, selectTab] = useTabParam(TAB_KEYS);
  const unread = viewer.unreadNotifications;

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">Notifications</h1>
          <CountBadge count={unread} className="h-6 min-w-6 text-sm" />
        </div>
        <Button
          variant="secondary"
          size="sm"
          loading={markingAll}
          disabled={unread === 0}
          onClick={() => {
            setMarkingAll(true);
            void actions.markAllRead().finally(() => setMarkingAll(false));
          }}
        >
          Mark All Read
        </Button>
      </div>
      <p className="mt-1 text-slate-600 dark:text-slate-300" role="status">
        {unread === 0 ? "You're all caught up." : `${unread.toLocaleString("en-US")} unread`}
      </p>

      <TabGroup selectedIndex={index} onChange={selectTab} className="mt-5">
        <UnderlineTabList label="Kinds of notification" tabs={TABS} />
        <TabPanels className="mt-4">
          {NOTIFICATION_TABS.map((t) => (
            <TabPanel key={t.value} className="rounded-md">
              <QueryErrorBoundary
                fallback={(retry) => <ErrorState message={NotificationCopy.loadFailed} onRetry={retry} />}
              >
                <NotificationList tab={t.value} actions={actions} />
              </QueryErrorBoundary>
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}

function NotificationList({
  tab,
  actions,
}: {
  tab: NotificationTab;
  actions: ReturnType<typeof useNotificationActions>;
}) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.notifications.list,
    { tab },
    { initialNumItems: PAGE_SIZE },
  );
  const now = useNow();

  if (status === "LoadingFirstPage") {
    return <ListSkeleton shape="notice" count={SKELETON_COUNT} label="Loading notifications" />;
  }

  if (results.length === 0) {
    return (
      <EmptyState title={NotificationCopy.empty}>New messages, bids, reviews and updates show up here.</EmptyState>
    );
  }

  return (
    <div className="space-y-4">
      <ul className="space-y-2">
        {results.map((n) => (
          <li
            key={n._id}
            className={cn(
              "flex flex-col rounded-xl border p-1 shadow-sm sm:flex-row sm:items-start sm:gap-1",
              n.read
                ? "border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
                : "border-brand-300 bg-brand-50 dark:border-brand-700 dark:bg-brand-950",
            )}
          >
            <button
              type="button"
              onClick={() => actions.open(n)}
              className="flex min-w-0 flex-1 items-start gap-3 rounded-lg p-3 text-left hover:bg-slate-900/5 dark:hover:bg-white/5"
            >
              <NotificationVisual n={n} />
              <NotificationText n={n} now={now} />
            </button>
            <div className="-mt-2 flex shrink-0 items-center justify-end gap-1 px-1 pb-1 sm:mt-0 sm:p-1">
              {!n.read && (
                <button
                  type="button"
                  onClick={() => actions.markRead(n)}
                  className="min-h-9 rounded-md px-2 text-sm font-medium whitespace-nowrap text-brand-800 hover:bg-brand-100 dark:text-brand-200 dark:hover:bg-slate-800"
                >
                  Mark as read<span className="sr-only">: {n.title}</span>
                </button>
              )}
              <button
                type="button"
                onClick={() => actions.remove(n)}
                className="inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-red-50 hover:text-red-800 dark:text-slate-200 dark:hover:bg-red-950 dark:hover:text-red-200"
              >
                <StrokeIcon d={TRASH_ICON} className="size-5" />
                <span className="sr-only">Delete notification: {n.title}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />
    </div>
  );
}
