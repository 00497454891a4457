import { TabGroup, TabPanel, TabPanels } from "@headlessui/react";
import { useMutation, usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { AdminCopy, ConsoleCopy, type RiskLevel } from "@common/admin";
import type { Id } from "../../../convex/_generated/dataModel";
import { ActionButton, Button, EmptyState, ListSkeleton, LoadMore, useToast } from "@/components/ui";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { UnderlineTabList } from "@/components/ui/Tabs";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useErrorToast } from "@/lib/useErrorToast";
import { BanDialog } from "./BanDialog";
import { usePageTitle } from "@/lib/usePageTitle";
import { useTabParam } from "@/lib/useTabParam";
import { CleanupTab } from "./CleanupTab";
import { SuspiciousUsersTab } from "./SuspiciousUsersTab";
import { VerificationTab } from "./VerificationTab";
import { DisputesTab } from "./DisputesTab";
import { MoneyMovesSection } from "./MoneyMovesSection";

// /admin (issue 16): the admin console: Moderation (open reports and screen-flagged posts, with
// the moderator's decisions), Suspicious Users, Cleanup, Verification, Disputes and the Audit log. Admins
// only; the server checks the role on every call (convex/admin/moderation.ts).

const TABS = [
  { key: "moderation", label: "Moderation" },
  { key: "suspicious", label: "Suspicious Users" },
  { key: "cleanup", label: "Cleanup" },
  { key: "verification", label: "Verification" },
  { key: "disputes", label: "Disputes" },
  { key: "audit", label: "Audit log" },
] as const;
const TAB_KEYS = TABS.map((t) => t.key);
const PAGE_SIZE = 20;

type QueueItem =
  | FunctionReturnType<typeof api.admin.moderation.queue>["page"][number]
  | FunctionReturnType<typeof api.admin.moderation.flagged>["page"][number];

export function AdminPage() {
  usePageTitle("Admin");
  const [index, selectTab] = useTabParam(TAB_KEYS);
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">Admin</h1>
      <TabGroup selectedIndex={index} onChange={selectTab} className="mt-5">
        <UnderlineTabList label="Admin sections" tabs={TABS} />
        <TabPanels className="mt-4">
          <TabPanel className="space-y-8 rounded-md">
            <section aria-labelledby="reports-heading">
              <h2 id="reports-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
                Open reports
              </h2>
              <QueryErrorBoundary
                fallback={(retry) => (
                  <ErrorState message="Error loading posts: the queue could not be loaded." onRetry={retry} />
                )}
              >
                <Queue source="reports" />
              </QueryErrorBoundary>
            </section>
            <section aria-labelledby="flagged-heading">
              <h2 id="flagged-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
                Flagged by screening
              </h2>
              <QueryErrorBoundary
                fallback={(retry) => (
                  <ErrorState message="Error loading posts: the flagged posts could not be loaded." onRetry={retry} />
                )}
              >
                <Queue source="flagged" />
              </QueryErrorBoundary>
            </section>
          </TabPanel>
          <TabPanel className="rounded-md">
            <QueryErrorBoundary
              fallback={(retry) => (
                <ErrorState message={ConsoleCopy.loadUsersFailed("the list could not be loaded.")} onRetry={retry} />
              )}
            >
              <SuspiciousUsersTab />
            </QueryErrorBoundary>
          </TabPanel>
          <TabPanel className="rounded-md">
            <QueryErrorBoundary
              fallback={(retry) => <ErrorState message="The cleanup preview could not be loaded." onRetry={retry} />}
            >
              <CleanupTab />
            </QueryErrorBoundary>
          </TabPanel>
          <TabPanel className="rounded-md">
            <QueryErrorBoundary
              fallback={(retry) => <ErrorState message="The verification queue could not be loaded." onRetry={retry} />}
            >
              <VerificationTab />
            </QueryErrorBoundary>
          </TabPanel>
          <TabPanel className="rounded-md">
            <QueryErrorBoundary
              fallback={(retry) => <ErrorState message="The disputes could not be loaded." onRetry={retry} />}
            >
              <DisputesTab />
            </QueryErrorBoundary>
            <MoneyMovesSection />
          </TabPanel>
          <TabPanel className="rounded-md">
            <QueryErrorBoundary
              fallback={(retry) => <ErrorState message="The audit log could not be loaded." onRetry={retry} />}
            >
              <AuditLog />
            </QueryErrorBoundary>
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}

function Queue({ source }: { source: "reports" | "flagged" }) {
  const { results, status, loadMore } = usePaginatedQuery(
    source === "reports" ? api.admin.moderation.queue : api.admin.moderation.flagged,
    {},
    { initialNumItems: PAGE_SIZE },
  );
  if (status === "LoadingFirstPage")
    return <ListSkeleton shape="lines" count={3} label="Loading the moderation queue" />;
  if (results.length === 0) {
    return <EmptyState title={source === "reports" ? AdminCopy.noReports : "No flagged posts"} />;
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {results.map((item) => (
          <QueueRow key={item.reportId ?? item.contentId ?? item.createdAt} item={item} />
        ))}
      </ul>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />
    </div>
  );
}

const RISK_STYLES: Record<RiskLevel, string> = {
  high: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  medium: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  low: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
};

const KIND_LABEL = { post: "Post", comment: "Comment", review: "Review" } as const;

function QueueRow({ item }: { item: QueueItem }) {
  const { toast } = useToast();
  const showError = useErrorToast();
  const approve = useMutation(api.admin.moderation.approve);
  const remove = useMutation(api.admin.moderation.remove);
  const dismiss = useMutation(api.admin.moderation.dismiss);
  const warn = useMutation(api.admin.moderation.warn);
  const ban = useMutation(api.admin.moderation.ban);
  const [confirmBan, setConfirmBan] = useState(false);
  // A report names what it is about; a post only the screen flagged is named by its id.
  const target = item.reportId !== null ? { reportId: item.reportId } : { postId: item.contentId as Id<"posts"> };
  const gone = item.contentId === null;
  const authorName = item.author?.name ?? "Unknown member";
  const what = `${KIND_LABEL[item.kind].toLowerCase()} by ${authorName}`;

  const run = (label: string, action: () => Promise<unknown>, done: string) => async () => {
    try {
      await action();
      toast({ title: done, variant: "success" });
    } catch (error) {
      showError(error, { title: "Error", description: `Failed to ${label}.` });
    }
  };
  // The spec's 'Error' toast has the server's message, or 'Failed to ban user.'
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className={cn("rounded-full px-2 py-0.5 font-semibold", RISK_STYLES[item.riskLevel])}>
          {item.riskLevel[0]!.toUpperCase() + item.riskLevel.slice(1)} risk
        </span>
        <span className="font-medium text-slate-800 dark:text-slate-100">{KIND_LABEL[item.kind]}</span>
        <span className="text-slate-600 dark:text-slate-300">
          by {authorName}
          {item.author?.banned ? " (banned)" : ""}
        </span>
        {item.reason && (
          <span className="text-slate-600 dark:text-slate-300">
            · Reason: <span className="font-medium">{item.reason.replace("_", " ")}</span>
          </span>
        )}
        {item.openReports > 1 && (
          <span className="text-slate-600 dark:text-slate-300">· {item.openReports} open reports</span>
        )}
        {item.status === "reviewed" && <span className="text-slate-600 dark:text-slate-300">· Author warned</span>}
      </div>
      <p className="mt-2 break-words text-slate-900 dark:text-white">{item.preview}</p>
      {item.description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">“{item.description}”</p>}
      {item.moderationFlags.length > 0 && (
        <ul aria-label="Screening flags" className="mt-2 flex flex-wrap gap-1">
          {item.moderationFlags.map((flag) => (
            <li
              key={flag}
              className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100"
            >
              {flag}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {!gone && (
          <ActionButton
            size="sm"
            variant="secondary"
            busyLabel="Approving..."
            aria-label={`Approve ${what}`}
            onRun={run("approve", () => approve(target), "Approved")}
          >
            Approve
          </ActionButton>
        )}
        {!gone && (
          <ActionButton
            size="sm"
            variant="secondary"
            busyLabel="Removing..."
            aria-label={`Remove ${what}`}
            onRun={run("remove content", () => remove(target), "Content removed")}
          >
            Remove
          </ActionButton>
        )}
        {item.reportId !== null && (
          <ActionButton
            size="sm"
            variant="ghost"
            busyLabel="Dismissing..."
            aria-label={`Dismiss report on ${what}`}
            onRun={run("dismiss report", () => dismiss({ reportId: item.reportId! }), "Report dismissed")}
          >
            Dismiss
          </ActionButton>
        )}
        {!gone && (
          <ActionButton
            size="sm"
            variant="ghost"
            busyLabel="Warning..."
            aria-label={`Warn the author of ${what}`}
            onRun={run("warn author", () => warn(target), "Author warned")}
          >
            Warn
          </ActionButton>
        )}
        {!gone && !item.author?.banned && (
          <Button size="sm" variant="danger" aria-label={`Ban ${authorName}`} onClick={() => setConfirmBan(true)}>
            Ban user
          </Button>
        )}
      </div>
      <BanDialog
        open={confirmBan}
        onClose={() => setConfirmBan(false)}
        name={authorName}
        ban={() => ban(target)}
        bannedMessage={AdminCopy.banned}
      >
        Their {KIND_LABEL[item.kind].toLowerCase()} is deleted, they are signed out everywhere, can't sign in again, and
        their posts and comments are hidden.
      </BanDialog>
    </li>
  );
}

function AuditLog() {
  const { results, status, loadMore } = usePaginatedQuery(
    api.admin.moderation.audit,
    {},
    { initialNumItems: PAGE_SIZE },
  );
  if (status === "LoadingFirstPage") return <ListSkeleton shape="row" count={5} label="Loading the audit log" />;
  if (results.length === 0) return <EmptyState title="No admin actions yet" />;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
        {results.map((row) => (
          <li key={row.id} className="p-3 text-sm">
            <p className="text-slate-900 dark:text-white">
              <span className="font-semibold">{row.admin}</span> · <span className="font-mono">{row.action}</span> ·{" "}
              {row.targetTable} <span className="font-mono break-all">{row.targetId}</span>
            </p>
            <p className="text-slate-600 dark:text-slate-300">
              <time dateTime={new Date(row.at).toISOString()}>{new Date(row.at).toLocaleString("en-US")}</time>
              {row.note ? ` · ${row.note}` : ""}
            </p>
            {(row.before || row.after) && (
              <p className="mt-1 font-mono text-xs break-all text-slate-700 dark:text-slate-300">
                {row.before ? `before ${row.before}` : ""} {row.after ? `after ${row.after}` : ""}
              </p>
            )}
          </li>
        ))}
      </ul>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />
    </div>
  );
}
