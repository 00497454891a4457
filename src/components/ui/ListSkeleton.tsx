import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { cardClasses } from "./Card";

// Loading placeholders (STYLE.md rule 12, spec §9: 6 cards for lists, 3 for reviews). Screen
// readers hear the label once; the shapes are hidden from them.

const PULSE = "animate-pulse motion-reduce:animate-none";
const BLOCK = "bg-slate-200 dark:bg-slate-700";

/** One grey placeholder block; size and shape come from `className` (e.g. "h-4 w-1/2 rounded"). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn(PULSE, BLOCK, className)} />;
}

/**
 * A block inside a list item, which pulses as one (ListSkeleton): the same look as every block
 * pulsing in step, with one animation an item instead of 6-9. Each CSS animation is a composited
 * layer and sends its own animationstart and animationiteration events through React's root
 * listener: a job or person list's 42-48 of them cost 9-12 ms of main thread in one task at first.
 */
function Block({ className }: { className?: string }) {
  return <div className={cn(BLOCK, className)} />;
}

/** Lines of text, each given by its height and width classes; bare, or in a box of `className`. */
function Lines({ lines, className }: { lines: readonly string[]; className?: string }) {
  const items = lines.map((line, i) => <Block key={i} className={cn(line, "rounded")} />);
  return className === undefined ? <>{items}</> : <div className={className}>{items}</div>;
}

/** Badges or chips in a row, by width. */
function Chips({ widths }: { widths: readonly string[] }) {
  return (
    <div className="flex gap-2">
      {widths.map((width, i) => (
        <Block key={i} className={cn("h-5 rounded-full", width)} />
      ))}
    </div>
  );
}

/** A round avatar beside lines (a person, an author, a sender); `top` aligns them to the top. */
function Byline({ avatar, lines, top = false }: { avatar: string; lines: readonly string[]; top?: boolean }) {
  return (
    <div className={cn("flex gap-3", !top && "items-center")}>
      <Block className={cn(avatar, "rounded-full")} />
      <Lines className="flex-1 space-y-2" lines={lines} />
    </div>
  );
}

/** The shape of one item while it loads, matching what the list will show. */
interface Shape {
  /** The item's own box (a card), which stays still. */
  item: string;
  /** Space between its blocks. */
  gap?: string;
  body: ReactNode;
}

const shapes = {
  /** A card with three lines (dashboard lists). */
  lines: {
    item: cn(cardClasses, "p-4 sm:p-5"),
    gap: "space-y-3",
    body: <Lines lines={["h-4 w-24", "h-5 w-2/3", "h-4 w-full"]} />,
  },
  /** A job card: badges, title, three lines, actions. */
  job: {
    item: cn(cardClasses, "p-5"),
    gap: "space-y-3",
    body: (
      <>
        <Chips widths={["w-16", "w-24"]} />
        <Block className="h-6 w-3/4 rounded" />
        <Lines className="space-y-2" lines={["h-4", "h-4", "h-4 w-2/3"]} />
        <Block className="h-10 rounded" />
      </>
    ),
  },
  /** A person card: avatar and name, chips, a line, two actions. */
  person: {
    item: cn(cardClasses, "p-5"),
    gap: "space-y-3",
    body: (
      <>
        <Byline avatar="size-12" lines={["h-5 w-2/3", "h-4 w-1/3"]} />
        <Chips widths={["w-20", "w-24"]} />
        <Block className="h-4 rounded" />
        <Lines className="grid grid-cols-2 gap-2" lines={["h-9", "h-9"]} />
      </>
    ),
  },
  /** A review: author, title, two lines of text. */
  review: {
    item: cn(cardClasses, "p-5"),
    gap: "space-y-3",
    body: (
      <>
        <Byline avatar="size-10" lines={["h-4 w-32", "h-3 w-20"]} />
        <Lines lines={["h-5 w-1/2", "h-4", "h-4 w-2/3"]} />
      </>
    ),
  },
  /** A feed post: author, chips, three lines, a photo, the action row. */
  post: {
    item: cn(cardClasses, "p-4 sm:p-5"),
    gap: "space-y-4",
    body: (
      <>
        <Byline avatar="size-11" lines={["h-4 w-40", "h-3 w-24"]} />
        <Chips widths={["w-28", "w-20"]} />
        <Lines className="space-y-2" lines={["h-4", "h-4", "h-4 w-2/3"]} />
        <Block className="aspect-[16/9] rounded-lg" />
        <Lines className="grid grid-cols-3 gap-2" lines={["h-9", "h-9", "h-9"]} />
      </>
    ),
  },
  /** A picture with a caption (portfolio). */
  media: {
    item: cn(cardClasses, "overflow-hidden"),
    body: (
      <>
        <Block className="aspect-[4/3]" />
        <Lines className="space-y-2 p-4" lines={["h-5 w-2/3", "h-4 w-1/3", "h-4"]} />
      </>
    ),
  },
  /** An avatar and two or three lines in a card (notifications). */
  notice: {
    item: cn(cardClasses, "p-4"),
    body: <Byline top avatar="size-10" lines={["h-4 w-1/2", "h-3 w-full", "h-3 w-16"]} />,
  },
  /** An avatar and two lines, no card (a divided list such as the inbox). */
  row: {
    item: "p-4",
    body: <Byline avatar="size-11" lines={["h-4 w-1/2", "h-3 w-3/4"]} />,
  },
  /** One bar (a compact feed). */
  bar: { item: "", body: <Block className="h-10 rounded" /> },
} satisfies Record<string, Shape>;

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
  const { item, gap, body }: Shape = shapes[shape];
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <ul aria-hidden="true" className={listClassName ?? layouts[layout]}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={item}>
            <div className={cn(PULSE, gap)}>{body}</div>
          </li>
        ))}
      </ul>
    </div>
  );
}
