import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { cardClasses } from "./Card";

// Loading placeholders (STYLE.md rule 12, spec §9: 6 cards for lists, 3 for reviews). Screen
// readers hear the label once; the shapes are hidden from them.

/** One grey placeholder block; size and shape come from `className` (e.g. "h-4 w-1/2 rounded"). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse bg-slate-200 motion-reduce:animate-none dark:bg-slate-700", className)}
    />
  );
}

/** The shape of one item while it loads, matching what the list will show. */
const shapes = {
  /** A card with three lines (dashboard lists). */
  lines: {
    item: cn(cardClasses, "space-y-3 p-4 sm:p-5"),
    body: (
      <>
        <Skeleton className="h-4 w-24 rounded" />
        <Skeleton className="h-5 w-2/3 rounded" />
        <Skeleton className="h-4 w-full rounded" />
      </>
    ),
  },
  /** A job card: badges, title, three lines, actions. */
  job: {
    item: cn(cardClasses, "space-y-3 p-5"),
    body: (
      <>
        <div className="flex gap-2">
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-5 w-24 rounded-full" />
        </div>
        <Skeleton className="h-6 w-3/4 rounded" />
        <div className="space-y-2">
          <Skeleton className="h-4 rounded" />
          <Skeleton className="h-4 rounded" />
          <Skeleton className="h-4 w-2/3 rounded" />
        </div>
        <Skeleton className="h-10 rounded" />
      </>
    ),
  },
  /** A person card: avatar and name, chips, a line, two actions. */
  person: {
    item: cn(cardClasses, "space-y-3 p-5"),
    body: (
      <>
        <div className="flex items-center gap-3">
          <Skeleton className="size-12 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-5 w-2/3 rounded" />
            <Skeleton className="h-4 w-1/3 rounded" />
          </div>
        </div>
        <div className="flex gap-2">
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-5 w-24 rounded-full" />
        </div>
        <Skeleton className="h-4 rounded" />
        <div className="grid grid-cols-2 gap-2">
          <Skeleton className="h-9 rounded" />
          <Skeleton className="h-9 rounded" />
        </div>
      </>
    ),
  },
  /** A review: author, title, two lines of text. */
  review: {
    item: cn(cardClasses, "space-y-3 p-5"),
    body: (
      <>
        <div className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="space-y-2">
            <Skeleton className="h-4 w-32 rounded" />
            <Skeleton className="h-3 w-20 rounded" />
          </div>
        </div>
        <Skeleton className="h-5 w-1/2 rounded" />
        <Skeleton className="h-4 rounded" />
        <Skeleton className="h-4 w-2/3 rounded" />
      </>
    ),
  },
  /** A picture with a caption (portfolio). */
  media: {
    item: cn(cardClasses, "overflow-hidden"),
    body: (
      <>
        <Skeleton className="aspect-[4/3]" />
        <div className="space-y-2 p-4">
          <Skeleton className="h-5 w-2/3 rounded" />
          <Skeleton className="h-4 w-1/3 rounded" />
          <Skeleton className="h-4 rounded" />
        </div>
      </>
    ),
  },
  /** An avatar and two or three lines in a card (notifications). */
  notice: {
    item: cn(cardClasses, "flex gap-3 p-4"),
    body: (
      <>
        <Skeleton className="size-10 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-1/2 rounded" />
          <Skeleton className="h-3 w-full rounded" />
          <Skeleton className="h-3 w-16 rounded" />
        </div>
      </>
    ),
  },
  /** An avatar and two lines, no card (a divided list such as the inbox). */
  row: {
    item: "flex items-center gap-3 p-4",
    body: (
      <>
        <Skeleton className="size-11 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-1/2 rounded" />
          <Skeleton className="h-3 w-3/4 rounded" />
        </div>
      </>
    ),
  },
  /** One bar (a compact feed). */
  bar: { item: "", body: <Skeleton className="h-10 rounded" /> },
} satisfies Record<string, { item: string; body: ReactNode }>;

export type SkeletonShape = keyof typeof shapes;

const layouts = {
  stack: "space-y-3",
  grid: "grid gap-4 sm:grid-cols-2 xl:grid-cols-3",
  divided: "divide-y divide-slate-200 dark:divide-slate-700",
} as const;

/** `count` placeholder items while a list loads; `listClassName` matches the loaded list's layout. */
export function ListSkeleton({
  label,
  count = 6,
  shape = "lines",
  layout = "stack",
  listClassName,
}: {
  label: string;
  count?: number;
  shape?: SkeletonShape;
  layout?: keyof typeof layouts;
  listClassName?: string;
}) {
  const { item, body } = shapes[shape];
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <ul aria-hidden="true" className={listClassName ?? layouts[layout]}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={item}>
            {body}
          </li>
        ))}
      </ul>
    </div>
  );
}
