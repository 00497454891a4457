import { TabGroup, TabPanel, TabPanels } from "@headlessui/react";
import { usePaginatedQuery, useQuery } from "convex/react";
import { useMemo, useState, type ReactNode } from "react";
import { JobMessages, OPEN_STATUSES, type JobStatus } from "@common/jobCatalog";
import { useViewer, type Viewer } from "@/app/session";
import { Button, ButtonLink, EmptyState, LoadMore, TextLink } from "@/components/ui";
import { UnderlineTabList } from "@/components/ui/Tabs";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { PostJobDialog } from "./PostJobDialog";
import { Tag } from "./components/Badges";
import { BrowseFilters } from "./components/BrowseFilters";
import { BrowseResults, PAGE_SIZE } from "./components/BrowseResults";
import { JobCardView, JobListSkeleton, jobGridClasses } from "./components/JobCardView";
import { JobsErrorBoundary } from "./components/JobsErrorBoundary";
import { SaveButton } from "./components/SaveButton";
import { BID_STATUS_TEXT, type JobCard } from "./format";
import { useSavedIds, useToggleSave } from "./hooks/useSaveJob";
import { browseArgs, useJobFilters } from "./hooks/useJobFilters";

// /jobs (spec §2 "Jobs"): Browse Jobs with server-side search, filters, sort and a ZIP radius (all in
// the URL), and the viewer's Recommended, Saved and Applied jobs. Post Job for professionals.

const TABS = [
  { key: "browse", label: "Browse Jobs" },
  { key: "recommended", label: "Recommended" },
  { key: "saved", label: "Saved" },
  { key: "applied", label: "Applied" },
] as const;

/** View Details, and Apply Now for a professional on an open job that is not theirs. */
function useCardActions(viewer: Viewer) {
  return (job: JobCard): ReactNode => {
    const canApply =
      viewer.userType === "professional" &&
      job.customer._id !== viewer._id &&
      OPEN_STATUSES.includes(job.status as JobStatus);
    return (
      <>
        <ButtonLink to={`/jobs/${job._id}`} variant="secondary" size="sm">
          View Details<span className="sr-only">: {job.title}</span>
        </ButtonLink>
        {canApply && (
          <ButtonLink to={`/jobs/${job._id}#bid`} size="sm">
            Apply Now<span className="sr-only">: {job.title}</span>
          </ButtonLink>
        )}
      </>
    );
  };
}

function CardList({ children }: { children: ReactNode }) {
  return <ul className={jobGridClasses}>{children}</ul>;
}

function BrowseTab({ viewer }: { viewer: Viewer }) {
  const { filters, setFilters } = useJobFilters();
  const args = useMemo(() => browseArgs(filters), [filters]);
  const actions = useCardActions(viewer);
  return (
    <div className="space-y-6">
      <BrowseFilters filters={filters} setFilters={setFilters} />
      <JobsErrorBoundary resetKey={JSON.stringify(args)}>
        <BrowseResults
          args={args}
          actions={actions}
          canSave
          emptyHint="Try other words, another category or status, or a wider distance."
        />
      </JobsErrorBoundary>
    </div>
  );
}

function RecommendedList({ viewer }: { viewer: Viewer }) {
  const data = useQuery(api.jobs.browse.recommended, {});
  const ids = useMemo(() => data?.jobs.map((j) => j._id) ?? [], [data]);
  const saved = useSavedIds(ids);
  const toggleSave = useToggleSave();
  const actions = useCardActions(viewer);
  if (data === undefined) return <JobListSkeleton />;
  if (data.jobs.length === 0) {
    return (
      <EmptyState title={JobMessages.empty}>
        {data.reason ?? "No open jobs in your categories near you right now. Check back soon."}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Open jobs in your categories within your service radius, nearest first.
      </p>
      <CardList>
        {data.jobs.map((job) => (
          <li key={job._id}>
            <JobCardView
              job={job}
              actions={actions(job)}
              save={<SaveButton saved={saved.has(job._id)} title={job.title} onToggle={() => toggleSave(job._id)} />}
            />
          </li>
        ))}
      </CardList>
    </div>
  );
}

function SavedList({ viewer }: { viewer: Viewer }) {
  const { results, status, loadMore } = usePaginatedQuery(api.jobs.saved, {}, { initialNumItems: PAGE_SIZE });
  const ids = useMemo(() => results.map((j) => j._id), [results]);
  const saved = useSavedIds(ids);
  const toggleSave = useToggleSave();
  const actions = useCardActions(viewer);
  if (status === "LoadingFirstPage") return <JobListSkeleton />;
  if (results.length === 0) {
    return <EmptyState title={JobMessages.empty}>Jobs you save show up here.</EmptyState>;
  }
  return (
    <div className="space-y-4">
      <CardList>
        {results.map((job) => (
          <li key={job._id}>
            <JobCardView
              job={job}
              actions={actions(job)}
              save={<SaveButton saved={saved.has(job._id)} title={job.title} onToggle={() => toggleSave(job._id)} />}
            />
          </li>
        ))}
      </CardList>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />
    </div>
  );
}

const bidStatusStyles: Record<string, string> = {
  accepted: "border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100",
  declined: "border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100",
  withdrawn: "border-slate-500 bg-slate-100 text-slate-800 dark:border-slate-400 dark:bg-slate-800 dark:text-slate-100",
};

function AppliedList() {
  const { results, status, loadMore } = usePaginatedQuery(api.jobs.applied, {}, { initialNumItems: PAGE_SIZE });
  if (status === "LoadingFirstPage") return <JobListSkeleton />;
  if (results.length === 0) {
    return <EmptyState title={JobMessages.empty}>Jobs you bid on show up here with your bid's status.</EmptyState>;
  }
  return (
    <div className="space-y-4">
      <CardList>
        {results.map(({ job, bidStatus, bidPrice, bidId }) => (
          <li key={bidId}>
            <JobCardView
              job={job}
              actions={
                <ButtonLink to={`/jobs/${job._id}`} variant="secondary" size="sm">
                  View Details<span className="sr-only">: {job.title}</span>
                </ButtonLink>
              }
            >
              <p className="flex flex-wrap items-center gap-2 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100">
                <span>
                  Your bid: <strong>{bidPrice}</strong>
                </span>
                <Tag className={cn(bidStatusStyles[bidStatus])}>{BID_STATUS_TEXT[bidStatus] ?? bidStatus}</Tag>
              </p>
            </JobCardView>
          </li>
        ))}
      </CardList>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />
    </div>
  );
}

export function JobsPage() {
  usePageTitle("Jobs");
  const viewer = useViewer();
  const { params, setFilters } = useJobFilters();
  const [posting, setPosting] = useState(false);
  const tabIndex = Math.max(
    0,
    TABS.findIndex((t) => t.key === params.get("tab")),
  );

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Jobs</h1>
          <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">
            Find work near you, or follow the jobs you saved and bid on.{" "}
            <TextLink to="/job-search">Public job search</TextLink>
          </p>
        </div>
        {viewer.userType === "professional" && (
          <Button onClick={() => setPosting(true)} className="self-start sm:self-auto">
            Post Job
          </Button>
        )}
      </header>

      <TabGroup selectedIndex={tabIndex} onChange={(i) => setFilters({ tab: TABS[i]!.key })}>
        <UnderlineTabList label="Job lists" tabs={TABS} />
        <TabPanels className="pt-6">
          <TabPanel>
            <BrowseTab viewer={viewer} />
          </TabPanel>
          <TabPanel>
            <JobsErrorBoundary>
              <RecommendedList viewer={viewer} />
            </JobsErrorBoundary>
          </TabPanel>
          <TabPanel>
            <JobsErrorBoundary>
              <SavedList viewer={viewer} />
            </JobsErrorBoundary>
          </TabPanel>
          <TabPanel>
            <JobsErrorBoundary>
              <AppliedList />
            </JobsErrorBoundary>
          </TabPanel>
        </TabPanels>
      </TabGroup>

      {viewer.userType === "professional" && <PostJobDialog open={posting} onClose={() => setPosting(false)} />}
    </div>
  );
}
