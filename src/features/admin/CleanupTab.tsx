import { useMutation, usePaginatedQuery, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { CLEANUP_RESTORE_DAYS, ConsoleCopy } from "@common/admin";
import { ActionButton, Button, EmptyState, ListSkeleton, LoadMore, useToast } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useErrorToast } from "@/lib/useErrorToast";

// The admin console's Cleanup tab (issue 16; rules in convex/model/cleanup.ts): the live preview of
// exactly what a run removes, the run behind a confirmation with the spec's toasts, and the reports
// of past runs (the admins'; before issue 29 the nightly one removed too) with a restore link per item
// for 30 days. The nightly check now only flags members into Suspicious Users.

const RUNS_PAGE = 5;
type Run = FunctionReturnType<typeof api.admin.cleanup.runs>["page"][number];

export function CleanupTab() {
  return (
    <div className="space-y-8">
      <section aria-labelledby="cleanup-preview-heading">
        <h2 id="cleanup-preview-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
          Preview
        </h2>
        <Preview />
      </section>
      <section aria-labelledby="cleanup-runs-heading">
        <h2 id="cleanup-runs-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
          Cleanup reports
        </h2>
        <Runs />
      </section>
    </div>
  );
}

const date = (at: number) =>
  new Date(at).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

function Preview() {
  const preview = useQuery(api.admin.cleanup.preview, {});
  const runCleanup = useMutation(api.admin.cleanup.run);
  const { toast } = useToast();
  const showError = useErrorToast();
  const [confirming, setConfirming] = useState(false);
  if (preview === undefined) return <ListSkeleton shape="lines" count={2} label="Loading the cleanup preview" />;
  const counts = ConsoleCopy.deleted(preview.users.length, preview.posts.length);
  const empty = preview.users.length + preview.posts.length === 0;

  const confirm = async () => {
    try {
      const result = await runCleanup({
        userIds: preview.users.map((u) => u.id),
        postIds: preview.posts.map((p) => p.id),
      });
      toast({
        title: ConsoleCopy.cleanupTitle,
        description: `${ConsoleCopy.deleted(result.deletedUsers, result.deletedPosts)}.`,
        variant: "success",
      });
    } catch (error) {
      showError(error, { title: ConsoleCopy.cleanupFailedTitle, description: ConsoleCopy.cleanupFailed });
    }
  };

  return (
    <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <p className="text-slate-700 dark:text-slate-200">
        Removes members with a test, fake or spam pattern in their email or name, posts flagged as inappropriate and
        posts screened under 50 % confidence. Never an admin, a demo account, or a member with completed jobs, payments
        or a verified credential. Everything removed can be restored for {CLEANUP_RESTORE_DAYS} days.{" "}
        {ConsoleCopy.mediaGoAtOnce}
      </p>
      {empty ? (
        <EmptyState title={ConsoleCopy.nothingToClean} />
      ) : (
        <>
          <p className="font-semibold text-slate-900 dark:text-white">
            {counts}
            {preview.more ? " (more remain for the next run)" : ""}
          </p>
          {preview.users.length > 0 && (
            <ul aria-label="Users to delete" className="space-y-1 text-sm">
              {preview.users.map((u) => (
                <li key={u.id} className="break-words text-slate-800 dark:text-slate-100">
                  {u.name} <span className="break-all text-slate-600 dark:text-slate-300">&lt;{u.email}&gt;</span> ·{" "}
                  {u.why}
                </li>
              ))}
            </ul>
          )}
          {preview.posts.length > 0 && (
            <ul aria-label="Posts to delete" className="space-y-1 text-sm">
              {preview.posts.map((p) => (
                <li key={p.id} className="break-words text-slate-800 dark:text-slate-100">
                  “{p.preview}” · {p.why}
                </li>
              ))}
            </ul>
          )}
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Run cleanup
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Run cleanup?"
        confirmLabel="Delete"
        busyLabel="Cleaning up..."
        cancelLabel="Cancel"
        variant="danger"
        onConfirm={confirm}
      >
        {counts}: the members are banned and hidden, the posts removed. You can restore any of them from the report for{" "}
        {CLEANUP_RESTORE_DAYS} days; after that they are deleted for good. {ConsoleCopy.mediaGoAtOnce}
      </ConfirmDialog>
    </div>
  );
}

function Runs() {
  const { results, status, loadMore } = usePaginatedQuery(api.admin.cleanup.runs, {}, { initialNumItems: RUNS_PAGE });
  if (status === "LoadingFirstPage") return <ListSkeleton shape="lines" count={2} label="Loading cleanup reports" />;
  if (results.length === 0) return <EmptyState title="No cleanups yet" />;
  return (
    <div className="space-y-4">
      <ul className="space-y-3" aria-label="Cleanup reports">
        {results.map((run) => (
          <RunReport key={run.id} run={run} />
        ))}
      </ul>
      <LoadMore status={status} onLoadMore={() => loadMore(RUNS_PAGE)} />
    </div>
  );
}

const STATE_STYLE = {
  removed: "text-slate-600 dark:text-slate-300",
  restored: "text-emerald-800 dark:text-emerald-200",
  purged: "text-slate-500 line-through dark:text-slate-400",
} as const;

function RunReport({ run }: { run: Run }) {
  const restore = useMutation(api.admin.cleanup.restore);
  const { toast } = useToast();
  const showError = useErrorToast();
  // Restorable until the purge runs (the day after the 30 days end).
  const restorable = !run.purged;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <p className="font-semibold text-slate-900 dark:text-white">
        {run.kind === "scheduled" ? "Nightly cleanup" : `Cleanup by ${run.by}`} ·{" "}
        <time dateTime={new Date(run.startedAt).toISOString()}>{date(run.startedAt)}</time>
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {ConsoleCopy.deleted(run.deletedUsers, run.deletedPosts)}
        {run.restored > 0 ? ` · ${run.restored} restored` : ""}
        {restorable ? ` · restorable until ${date(run.purgeAt)}` : " · purged"}
      </p>
      {run.items.length > 0 && (
        <ul className="mt-2 space-y-2 text-sm" aria-label="Removed">
          {run.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 break-words text-slate-800 dark:text-slate-100">
                {item.kind === "user" ? "User" : "Post"}: {item.label}{" "}
                <span className={cn("text-xs", STATE_STYLE[item.state])}>
                  ({item.why} · {item.state})
                </span>
              </span>
              {item.state === "removed" && restorable && (
                <ActionButton
                  size="sm"
                  variant="secondary"
                  busyLabel="Restoring..."
                  aria-label={`Restore ${item.label}`}
                  onRun={async () => {
                    try {
                      await restore({ itemId: item.id });
                      toast({
                        title: ConsoleCopy.restored,
                        ...(item.kind === "post" ? { description: ConsoleCopy.postMediaDeleted } : {}),
                        variant: "success",
                      });
                    } catch (error) {
                      showError(error, { title: "Error", description: "Failed to restore." });
                    }
                  }}
                >
                  Restore
                </ActionButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
