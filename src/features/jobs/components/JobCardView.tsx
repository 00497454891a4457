import type { ReactNode } from "react";
import { jobCategoryLabel, postedAgeLabel } from "@common/jobCatalog";
import { cardClasses, ListSkeleton } from "@/components/ui";
import { cn } from "@/lib/cn";
import { capitalize, distanceText, plural, ratingText, type JobCard } from "../format";
import { StarIcon, StatusBadge, Tag, UrgencyBadge } from "./Badges";

/** Job cards: one column on phones, two from md, three from xl. */
export const jobGridClasses = "grid gap-4 md:grid-cols-2 xl:grid-cols-3";

/** Spec §9: lists show 6 skeleton cards while loading. */
export function JobListSkeleton() {
  return <ListSkeleton shape="job" label="Loading jobs..." listClassName={jobGridClasses} />;
}

interface JobCardViewProps {
  job: JobCard;
  /** Buttons and links at the bottom (View Details, Apply Now...). */
  actions?: ReactNode;
  /** Save toggle, top right. */
  save?: ReactNode;
  /** Extra lines (e.g. the viewer's bid on the Applied tab). */
  children?: ReactNode;
  headingLevel?: "h2" | "h3";
}

/** One job in a list (spec §2 "Jobs" cards). */
export function JobCardView({ job, actions, save, children, headingLevel = "h3" }: JobCardViewProps) {
  const Heading = headingLevel;
  const distance = distanceText(job.distanceMiles);
  return (
    <article aria-labelledby={`job-${job._id}-title`} className={cn(cardClasses, "flex h-full flex-col gap-3 p-5")}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={job.status} />
          <UrgencyBadge urgency={job.urgency} />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <span className="sr-only">Posted </span>
          {postedAgeLabel(job._creationTime)}
        </p>
      </div>

      <div>
        <Heading
          id={`job-${job._id}-title`}
          className="text-lg leading-snug font-semibold text-slate-900 dark:text-white"
        >
          {job.title}
        </Heading>
        <div className="mt-2 flex flex-wrap gap-2">
          <Tag>{jobCategoryLabel(job.category)}</Tag>
          {job.subcategory && <Tag>{capitalize(job.subcategory.replace(/_/g, " "))}</Tag>}
        </div>
      </div>

      <p className="line-clamp-3 text-slate-700 dark:text-slate-200">{job.description}</p>

      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-600 dark:text-slate-300">Budget</dt>
        <dd className="font-semibold text-slate-900 dark:text-white">{job.budget ?? "TBD"}</dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">Location</dt>
        <dd className="text-slate-900 dark:text-slate-100">
          {job.location}
          {distance && <span className="text-slate-600 dark:text-slate-300"> · {distance}</span>}
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">Customer</dt>
        <dd className="flex items-center gap-1 text-slate-900 dark:text-slate-100">
          <StarIcon />
          <span>
            <span className="sr-only">Rated </span>
            {ratingText(job.customer.rating, job.customer.reviewCount)}
          </span>
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">Bids</dt>
        <dd className="text-slate-900 dark:text-slate-100">{plural(job.bidCount, "bid")}</dd>
      </dl>

      {children}

      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
        {actions}
        {save && <div className="ml-auto">{save}</div>}
      </div>
    </article>
  );
}
