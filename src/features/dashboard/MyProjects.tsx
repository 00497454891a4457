import { usePaginatedQuery } from "convex/react";
import { jobCategoryLabel, JobMessages, postedAgeLabel } from "@common/jobCatalog";
import { Button, ButtonLink, cardClasses, EmptyState, ListSkeleton, LoadMore } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { Badge, DashIcon, headingText, ListErrorBoundary, mutedText, StatusBadge } from "./parts";

// My Projects (customer dashboard): the viewer's own projects and quote requests, newest first.

const PAGE_SIZE = 10;

export function MyProjects({ onPost }: { onPost: () => void }) {
  return (
    <ListErrorBoundary
      title="Unable to Load Projects"
      message="There was an error loading your projects. Please try again."
    >
      <ProjectList onPost={onPost} />
    </ListErrorBoundary>
  );
}

function ProjectList({ onPost }: { onPost: () => void }) {
  const { results, status, loadMore } = usePaginatedQuery(api.jobs.myProjects, {}, { initialNumItems: PAGE_SIZE });

  if (status === "LoadingFirstPage") return <ListSkeleton label="Loading your projects" />;
  if (results.length === 0) {
    return (
      <EmptyState title={JobMessages.noProjects}>
        <p>Describe the work you need and local professionals will send you bids.</p>
        <Button onClick={onPost}>Post Your First Project</Button>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <h2 className="sr-only">My Projects</h2>
      <ul className="space-y-3">
        {results.map((job) => (
          <li key={job._id} className={cn(cardClasses, "p-4 sm:p-5")}>
            <article aria-labelledby={`project-${job._id}`} className="space-y-3">
              <div className="flex flex-wrap items-center gap-2">
                <Badge>{jobCategoryLabel(job.category)}</Badge>
                <StatusBadge status={job.status} />
              </div>
              <h3 id={`project-${job._id}`} className={cn("text-lg font-semibold break-words", headingText)}>
                {job.title}
              </h3>
              <p className={cn("line-clamp-3 break-words", mutedText)}>{job.description}</p>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
                <ul className={cn("flex flex-wrap gap-x-4 gap-y-1 text-sm", mutedText)}>
                  <li className="flex items-center gap-1.5">
                    <DashIcon name="pin" className="size-4" />
                    {job.location}
                  </li>
                  <li className="flex items-center gap-1.5">
                    <DashIcon name="calendar" className="size-4" />
                    <span>
                      <span className="sr-only">Posted </span>
                      {postedAgeLabel(job._creationTime)}
                    </span>
                  </li>
                  <li className="flex items-center gap-1.5">
                    <DashIcon name="doc" className="size-4" />
                    {job.bidCount} {job.bidCount === 1 ? "bid" : "bids"}
                  </li>
                </ul>
                <ButtonLink to={`/jobs/${job._id}`} variant="secondary" size="sm" className="self-start sm:self-auto">
                  View Details<span className="sr-only">: {job.title}</span>
                </ButtonLink>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} fullWidth />
    </div>
  );
}
