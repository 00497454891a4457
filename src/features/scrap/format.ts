import { useEffect, useState } from "react";
import { SCRAP_STATUS_LABELS, type ScrapCategory, type ScrapStatus } from "@common/scrap";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@/lib/api";

export type ScrapCard = FunctionReturnType<typeof api.scrap.list>["page"][number];
export type ScrapDetail = NonNullable<FunctionReturnType<typeof api.scrap.get>>;

/** Each category's chip in its colour (common/scrap.ts names the hue), readable in light and dark. */
export const categoryChip: Record<ScrapCategory, string> = {
  metal: "border-slate-500 bg-slate-100 text-slate-900 dark:border-slate-400 dark:bg-slate-800 dark:text-slate-100",
  appliances: "border-blue-600 bg-blue-50 text-blue-900 dark:border-blue-400 dark:bg-blue-950 dark:text-blue-100",
  electronics:
    "border-violet-600 bg-violet-50 text-violet-900 dark:border-violet-400 dark:bg-violet-950 dark:text-violet-100",
  yard_waste: "border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100",
  construction:
    "border-orange-600 bg-orange-50 text-orange-900 dark:border-orange-400 dark:bg-orange-950 dark:text-orange-100",
  free_materials: "border-pink-600 bg-pink-50 text-pink-900 dark:border-pink-400 dark:bg-pink-950 dark:text-pink-100",
};

export const statusChip: Record<ScrapStatus, string> = {
  available: "border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100",
  on_hold: "border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100",
  picked_up: "border-sky-700 bg-sky-50 text-sky-900 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-100",
  expired: "border-slate-600 bg-slate-100 text-slate-900 dark:border-slate-400 dark:bg-slate-800 dark:text-slate-100",
  removed: "border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100",
};

export const chipBase = "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";

export function statusText(status: ScrapStatus): string {
  return SCRAP_STATUS_LABELS[status];
}

/** "Tue 5:00 PM" in the viewer's own time zone. */
export function pickupByText(holdUntil: number): string {
  return new Date(holdUntil).toLocaleString("en-US", { weekday: "short", hour: "numeric", minute: "2-digit" });
}

/** "1 d 4 h", "3 h 12 min", "8 min" left until `until` ("now" once passed). */
export function countdownText(until: number, now: number): string {
  const ms = until - now;
  if (ms <= 0) return "now";
  const minutes = Math.ceil(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${mins} min`;
  return `${mins} min`;
}

/** The clock, ticking every `everyMs` (for live countdowns). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}

/** "2.3 miles from you" (map-free location text). */
export function milesText(miles: number | null): string | null {
  if (miles === null) return null;
  if (miles < 1) return "under a mile away";
  const n = miles.toLocaleString("en-US", { maximumFractionDigits: 1 });
  return `${n} ${n === "1" ? "mile" : "miles"} away`;
}

export function placeText(card: Pick<ScrapCard, "city" | "state" | "zipCode">): string {
  return `${card.city}, ${card.state} ${card.zipCode}`;
}
