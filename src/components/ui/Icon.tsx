import { cn } from "@/lib/cn";

// The one inline SVG icon of the app: a 24×24 stroke drawing in currentColor. Each feature keeps
// its own map of path data (so the landing's first load carries only the shapes it draws) and
// names its icons through this component. Always decorative: the text or the control's label
// next to it says what it means.

export interface StrokeIconProps {
  /** The path data (24×24 viewBox). */
  d: string;
  className?: string;
  strokeWidth?: number;
}

export function StrokeIcon({ d, className, strokeWidth = 2 }: StrokeIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      // 24 px unless the caller gives a size (cn does not merge classes, and Tailwind's size-6
      // would win over a smaller size-* given beside it).
      className={cn(!/(^|\s)size-/.test(className ?? "") && "size-6", "shrink-0", className)}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
