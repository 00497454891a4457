import { usePaginatedQuery, useQuery } from "convex/react";
import type { FunctionArgs } from "convex/server";
import { useDeferredValue, useMemo, type ReactNode } from "react";
import { stillRendering } from "@/lib/backgroundRender";
import { countText } from "@common/enText";
import { JobMessages } from "@common/jobCatalog";
import { EmptyState, LoadMore } from "@/components/ui";
import { api } from "@/lib/api";
import type { JobCard } from "../format";
import { useSavedIds, useToggleSave } from "../hooks/useSaveJob";
import { JobCardView, JobListSkeleton, jobGridClasses } from "./JobCardView";
import { SaveButton } from "./SaveButton";

export const PAGE_SIZE = 12;

type BrowseArgs = Omit<FunctionArgs<typeof api.jobs.browse.list>, "paginationOpts">;

/**
 * Jobs from api.jobs.browse.list: server-side filters and sort, 'Showing X of Y jobs', Load more.
 * Query failures are thrown to the JobsErrorBoundary around it.
 */
export function BrowseResults({
  args,
  actions,
  canSave,
  emptyHint,
}: {
  args: BrowseArgs;
  actions: (job: JobCard) => ReactNode;
  /** Signed-in viewers get Save toggles. */
  canSave: boolean;
  emptyHint?: ReactNode;
}) {
  const { results: live, status, loadMore } = usePaginatedQuery(api.jobs.browse.list, args, { initialNumItems: PAGE_SIZE });
  // Cards render in React's background (time-sliced) pass: see src/lib/backgroundRender.ts.
  const results = useDeferredValue(live);
  // usePaginatedQuery gives the rows only; the total comes from the same query's one-row page.
  const head = useQuery(api.jobs.browse.list, { ...args, paginationOpts: { numItems: 1, cursor: null } });
  const ids = useMemo(() => results.map((j) => j._id), [results]);
  const saved = useSavedIds(ids, canSave);
  const toggleSave = useToggleSave();

  if (status === "LoadingFirstPage" || stillRendering(results, live)) return <JobListSkeleton />;

  const total = head?.total;
  return (
    <div className="space-y-4">
      <p aria-live="polite" className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {total === undefined
          ? `Showing ${results.length} jobs`
          : `Showing ${countText(results.length)} of ${countText(total)}${head?.totalIsLowerBound ? "+" : ""} jobs`}
      </p>
      {results.length === 0 ? (
        <EmptyState title={JobMessages.empty}>{emptyHint}</EmptyState>
      ) : (
        <ul className={jobGridClasses}>
          {results.map((job) => (
            <li key={job._id}>
              <JobCardView
                job={job}
                actions={actions(job)}
                save={
                  canSave ? (
                    <SaveButton saved={saved.has(job._id)} title={job.title} onToggle={() => toggleSave(job._id)} />
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />
    </div>
  );
}
