import { Tab } from "@headlessui/react";
import { Component, type ReactNode } from "react";
import { JOB_STATUS_LABELS, type JobStatus } from "@common/jobCatalog";
import { Alert, Button, cardClasses, Skeleton } from "@/components/ui";
import { cn } from "@/lib/cn";

// Building blocks shared by the two dashboards: figure tiles, tabs, status badges, and the error
// state every list has (STYLE.md rule 12; loading and empty states come from the ui kit).

export const mutedText = "text-slate-600 dark:text-slate-300";
export const headingText = "text-slate-900 dark:text-white";

/** A figure tile; `value` undefined shows a placeholder while the figure loads. */
export function StatTile({
  label,
  value,
  detail,
  icon,
}: {
  label: string;
  value: ReactNode | undefined;
  detail?: ReactNode;
  icon: ReactNode;
}) {
  return (
    <div className={cn(cardClasses, "flex min-w-0 flex-col gap-2 p-4 sm:p-5")}>
      <div className="flex items-start justify-between gap-2">
        <h2 className={cn("text-sm font-medium", mutedText)}>{label}</h2>
        <span className="shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true">
          {icon}
        </span>
      </div>
      {value === undefined ? (
        <div>
          <Skeleton className="h-8 w-16 rounded" />
          <span className="sr-only">Loading</span>
        </div>
      ) : (
        <div className={cn("text-2xl font-bold sm:text-3xl", headingText)}>{value}</div>
      )}
      {detail && <div className={cn("text-sm", mutedText)}>{detail}</div>}
    </div>
  );
}

/** Tab button styling for Headless UI Tab (selected: brand underline). */
export function DashboardTab({ children }: { children: ReactNode }) {
  return (
    <Tab
      className={cn(
        "min-h-11 shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-semibold whitespace-nowrap sm:px-4 sm:text-base",
        "text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
        "data-selected:border-brand-700 data-selected:text-brand-800 dark:data-selected:border-brand-300 dark:data-selected:text-brand-200",
      )}
    >
      {children}
    </Tab>
  );
}

export const tabListClasses =
  "-mx-4 flex overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0 dark:border-slate-700";

const statusStyles: Record<JobStatus, string> = {
  available: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  quote_requested: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  assigned: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  in_progress: "bg-brand-100 text-brand-900 dark:bg-brand-950 dark:text-brand-200",
  completion_requested: "bg-teal-100 text-teal-900 dark:bg-teal-950 dark:text-teal-200",
  completed: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
  cancelled: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

/** A job status, underscores shown as spaces. */
export function StatusBadge({ status }: { status: JobStatus }) {
  return <Badge className={statusStyles[status]}>{JOB_STATUS_LABELS[status]}</Badge>;
}

export function Badge({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        className ?? "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
      )}
    >
      {children}
    </span>
  );
}

interface BoundaryProps {
  title: string;
  message: string;
  children: ReactNode;
}

/**
 * A failed live query throws while rendering; this shows the list's error copy with Try Again
 * (which renders the list again, so the query subscribes again) instead of losing the page.
 */
export class ListErrorBoundary extends Component<BoundaryProps, { failed: boolean; attempt: number }> {
  state = { failed: false, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    if (import.meta.env.DEV) console.error(error);
  }

  render() {
    if (!this.state.failed) return <div key={this.state.attempt}>{this.props.children}</div>;
    return (
      <div className="space-y-3">
        <Alert variant="error" title={this.props.title}>
          {this.props.message}
        </Alert>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))}
        >
          Try Again
        </Button>
      </div>
    );
  }
}

/** Spec §9 relative time: 'now', minutes, hours, days under 7, then the date. */
export function relativeTimeLabel(at: number, now: number = Date.now()): string {
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return "now";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? "" : "s"} ago`;
  return new Date(at).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** Small line icons for tiles and cards (decorative; the text next to them says the same). */
const iconPaths = {
  briefcase: "M4 8h16v11H4zM9 8V5h6v3M4 13h16",
  check: "M5 12.5 10 17 19 7",
  bell: "M6 10a6 6 0 1 1 12 0c0 5 2 6 2 6H4s2-1 2-6M10 20h4",
  users: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-3 3-5 6-5s6 2 6 5M16 5a3 3 0 0 1 0 6M18 15c2 .5 3 2.5 3 5",
  dollar: "M12 3v18M16 7c-1-1.5-2.5-2-4-2-2 0-4 1-4 3s2 3 4 3.5 4 1.5 4 3.5-2 3-4 3c-1.5 0-3-.5-4-2",
  star: "m12 4 2.4 5 5.6.8-4 3.9.9 5.5-4.9-2.6-4.9 2.6.9-5.5-4-3.9 5.6-.8z",
  pin: "M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4",
  clock: "M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
  plus: "M12 5v14M5 12h14",
  chat: "M4 5h16v11H9l-5 4z",
  user: "M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6",
  network:
    "M6 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM18 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM12 20a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM7 7l4 9M17 7l-4 9M8 6h8",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4",
  recycle: "M7 19H4l3-5M17 19h3l-3-5M12 4l-2 4h4zM7 14l5-8 5 8M7 19h10",
  doc: "M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h5",
  camera: "M4 8h4l2-3h4l2 3h4v11H4zM12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z",
} as const;
export type IconName = keyof typeof iconPaths;

export function DashIcon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={cn("size-5", className)}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}
