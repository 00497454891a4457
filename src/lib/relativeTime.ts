// Spec §9 relative time: 'now', minutes, hours, days under 7, then the date.
import { useEffect, useState } from "react";
import { monthDayText, shortDateText } from "@common/enText";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Without Intl: lists render these first, and a page's first Intl call loads locale data (see enText).
function dateLabel(at: number, now: number): string {
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return sameYear ? monthDayText(at) : shortDateText(at);
}

/** Compact, for lists: "now", "5m", "3h", "2d", then "Mar 4" (with the year when it is not this year). */
export function relativeTime(at: number, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE) return "now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d`;
  return dateLabel(at, now);
}

/** The same in words, for assistive technology and titles: "now", "5 minutes ago", ..., "Mar 4". */
export function relativeTimeLong(at: number, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - at);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (elapsed < MINUTE) return "now";
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return plural(Math.floor(elapsed / DAY), "day");
  return dateLabel(at, now);
}

/** The current time, refreshed every `intervalMs` so relative labels move on by themselves. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
