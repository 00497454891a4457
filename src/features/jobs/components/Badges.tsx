import { urgencyLabel, type JobStatus } from "@common/jobCatalog";
import { cn } from "@/lib/cn";
import { statusLabel } from "../format";

const badgeBase = "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";

const statusStyles: Record<JobStatus, string> = {
  available: "border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100",
  quote_requested: "border-sky-700 bg-sky-50 text-sky-900 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-100",
  assigned:
    "border-violet-700 bg-violet-50 text-violet-900 dark:border-violet-400 dark:bg-violet-950 dark:text-violet-100",
  in_progress:
    "border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100",
  completion_requested:
    "border-teal-700 bg-teal-50 text-teal-900 dark:border-teal-400 dark:bg-teal-950 dark:text-teal-100",
  completed: "border-slate-600 bg-slate-100 text-slate-900 dark:border-slate-400 dark:bg-slate-800 dark:text-slate-100",
  cancelled: "border-red-700 bg-red-50 text-red-900 line-through dark:border-red-400 dark:bg-red-950 dark:text-red-100",
};

/** The job's status, underscores as spaces ("in progress"). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span className={cn(badgeBase, statusStyles[status as JobStatus] ?? statusStyles.completed, className)}>
      <span className="sr-only">Status: </span>
      {statusLabel(status)}
    </span>
  );
}

const urgencyStyles: Record<string, string> = {
  urgent: "border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100",
  high: "border-orange-700 bg-orange-50 text-orange-900 dark:border-orange-400 dark:bg-orange-950 dark:text-orange-100",
};
const urgencyDefault =
  "border-slate-500 bg-white text-slate-800 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-200";

export function UrgencyBadge({ urgency }: { urgency: string }) {
  return (
    <span className={cn(badgeBase, urgencyStyles[urgency] ?? urgencyDefault)}>{urgencyLabel(urgency)} urgency</span>
  );
}

export function Tag({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        badgeBase,
        "border-brand-300 bg-brand-50 text-brand-900 dark:border-brand-600 dark:bg-brand-950 dark:text-brand-100",
        className,
      )}
    >
      {children}
    </span>
  );
}

export function StarIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={cn("size-4 text-amber-600 dark:text-amber-300", className)}
      fill="currentColor"
      aria-hidden="true"
    >
      <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
    </svg>
  );
}
