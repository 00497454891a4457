import { useQuery } from "convex/react";
import { DASHBOARD_JOBS, JobMessages, jobCategoryLabel, urgencyLabel } from "@common/jobCatalog";
import { Alert, ButtonLink, cardClasses, EmptyState, ListSkeleton, TextLink } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { Badge, DashIcon, headingText, ListErrorBoundary, mutedText, StatusBadge } from "./parts";

// The professional dashboard's job lists: jobs recommended for the viewer (jobs.recommended) and
// the viewer's own work (jobs.myWork).

export function AvailableJobs() {
  return (
    <ListErrorBoundary title={JobMessages.loadFailedTitle} message={JobMessages.loadFailed}>
      <RecommendedList />
    </ListErrorBoundary>
  );
}

function RecommendedList() {
  const result = useQuery(api.jobs.browse.recommended, { limit: DASHBOARD_JOBS });
  if (result === undefined) return <ListSkeleton count={DASHBOARD_JOBS} label="Loading available jobs" />;
  const { jobs, reason } = result;
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className={cn("text-lg font-semibold", headingText)}>Jobs for you</h2>
        <TextLink to="/jobs?tab=recommended" className="text-sm">
          View All<span className="sr-only"> recommended jobs</span>
        </TextLink>
      </div>
      {reason !== null && (
        <Alert variant="info" live="off">
          {reason} <TextLink to="/edit-profile">Update your profile</TextLink>
        </Alert>
      )}
      {jobs.length === 0 ? (
        reason === null && (
          <EmptyState title={JobMessages.empty}>
            <p>No open jobs near you match your professions right now. New jobs show up here as they are posted.</p>
            <ButtonLink to="/jobs" variant="secondary">
              Browse all jobs
            </ButtonLink>
          </EmptyState>
        )
      ) : (
        <ul className="space-y-3">
          {jobs.map((job) => (
            <li key={job._id} className={cn(cardClasses, "p-4 sm:p-5")}>
              <article aria-labelledby={`job-${job._id}`} className="space-y-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge>{jobCategoryLabel(job.category)}</Badge>
                  <StatusBadge status={job.status} />
                  <Badge className="bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200">
                    {urgencyLabel(job.urgency)}
                    <span className="sr-only"> urgency</span>
                  </Badge>
                </div>
                <h3 id={`job-${job._id}`} className={cn("text-lg font-semibold break-words", headingText)}>
                  {job.title}
                </h3>
                <ul className={cn("flex flex-wrap gap-x-4 gap-y-1 text-sm", mutedText)}>
                  <li className="flex items-center gap-1.5">
                    <DashIcon name="pin" className="size-4" />
                    {job.location}
                    {job.distanceMiles !== null && ` · ${job.distanceMiles.toFixed(1)} mi`}
                  </li>
                  <li className="flex items-center gap-1.5">
                    <DashIcon name="dollar" className="size-4" />
                    <span>
                      <span className="sr-only">Budget </span>
                      {job.budget ?? "TBD"}
                    </span>
                  </li>
                </ul>
                <p className={cn("line-clamp-3 break-words", mutedText)}>{job.description}</p>
                {job.requirements.length > 0 && (
                  <div>
                    <h4 className="text-sm font-semibold text-slate-900 dark:text-slate-100">Requirements</h4>
                    <ul className={cn("mt-1 list-disc space-y-0.5 pl-5 text-sm", mutedText)}>
                      {job.requirements.slice(0, 2).map((r, i) => (
                        <li key={i} className="break-words">
                          {r}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                <ButtonLink to={`/jobs/${job._id}`} size="sm" className="w-full sm:w-auto">
                  Apply Now<span className="sr-only">: {job.title}</span>
                </ButtonLink>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const WORK_COPY = {
  active: {
    heading: "My Jobs",
    loading: "Loading your jobs",
    empty: "No active jobs",
    emptyText: "Jobs you are hired for show here until they are completed.",
  },
  completed: {
    heading: "Completed jobs",
    loading: "Loading your completed jobs",
    empty: "No completed jobs yet",
    emptyText: "Jobs you finish show here.",
  },
} as const;

export function MyWork({ group }: { group: "active" | "completed" }) {
  return (
    <ListErrorBoundary
      title={JobMessages.loadFailedTitle}
      message="There was an error loading your jobs. Please try again."
    >
      <WorkList group={group} />
    </ListErrorBoundary>
  );
}

function WorkList({ group }: { group: "active" | "completed" }) {
  const jobs = useQuery(api.jobs.myWork, { group });
  const copy = WORK_COPY[group];
  if (jobs === undefined) return <ListSkeleton label={copy.loading} />;
  return (
    <div className="space-y-4">
      <h2 className="sr-only">{copy.heading}</h2>
      {jobs.length === 0 ? (
        <EmptyState title={copy.empty}>
          <p>{copy.emptyText}</p>
          {group === "active" && (
            <ButtonLink to="/jobs" variant="secondary">
              Find work
            </ButtonLink>
          )}
        </EmptyState>
      ) : (
        <ul className={cn(cardClasses, "divide-y divide-slate-200 dark:divide-slate-700")}>
          {jobs.map((job) => (
            <li key={job._id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <TextLink to={`/jobs/${job._id}`} className="font-semibold break-words">
                  {job.title}
                </TextLink>
                <p className={cn("text-sm", mutedText)}>
                  {job.location} · <span className="sr-only">Budget </span>
                  {job.budget ?? "TBD"}
                </p>
              </div>
              <div className="shrink-0">
                <StatusBadge status={job.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
