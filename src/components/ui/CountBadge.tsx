import { cn } from "@/lib/cn";

// Here, not in common/notifications.ts: the header shows badges in every page's first load, and
// that module's tabs and copy are not needed there.
const BADGE_CAP = 99;
function badgeText(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/**
 * A small count (unread messages, notifications), capped at 99+ (spec §9). The number is for the
 * eye; `srText` says it in words for assistive technology (e.g. ", 3 unread"). Nothing when zero.
 */
export function CountBadge({ count, srText, className }: { count: number; srText?: string; className?: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          "inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-none font-bold text-white tabular-nums dark:bg-red-400 dark:text-red-950",
          className,
        )}
      >
        {badgeText(count)}
      </span>
      {srText && <span className="sr-only">{srText}</span>}
    </>
  );
}

/** ", 3 unread" for a control's accessible name ("Messages, 3 unread"); empty when zero. */
export function unreadSuffix(count: number): string {
  return count > 0 ? `, ${badgeText(count)} unread` : "";
}
