import type { FunctionReturnType } from "convex/server";
import type { ReactNode } from "react";
import type { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { StrokeIcon } from "@/components/ui/Icon";

/** The check mark of the Verified pills. */
export const CHECK_PATH = "M5 12.5 10 17 19 7";

// Small pieces shared by the reviews screens, the profile's Reviews tab and the job page.

export type ReviewView = FunctionReturnType<typeof api.reviews.list>["page"][number];

export const REVIEWS_LOAD_FAILED = "Failed to fetch reviews";

const STAR = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z";

export function StarShape({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={cn(
        "size-5 shrink-0",
        filled ? "text-amber-600 dark:text-amber-300" : "text-slate-400 dark:text-slate-500",
        className,
      )}
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={filled ? 0 : 1.5}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={STAR} />
    </svg>
  );
}

/** Five stars, read as "Rated 4 out of 5". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const rounded = Math.round(rating);
  return (
    <span role="img" aria-label={`Rated ${rounded} out of 5`} className={cn("inline-flex items-center", className)}>
      {[1, 2, 3, 4, 5].map((i) => (
        <StarShape key={i} filled={i <= rounded} className="size-4" />
      ))}
    </span>
  );
}

export function Pill({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        className ??
          "border-slate-400 bg-slate-50 text-slate-800 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100",
      )}
    >
      {children}
    </span>
  );
}

export function VerifiedClientBadge() {
  return (
    <Pill className="border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100">
      <StrokeIcon d={CHECK_PATH} strokeWidth={3} className="size-3.5" />
      Verified Client
    </Pill>
  );
}

export function dateText(ms: number): string {
  return new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}
