// The launch promotion (spec §1 "a launch promotion", §4 "Promo banner", §9
// "promo deadline Dec 31, 2025, rechecked hourly"). Shared by the banner and
// the backend: plain TypeScript only (no React, no DOM, no Node built-ins).
//
// Server truth: the `promotions` table. An operator (or a seed) turns the
// offer on or moves its deadline with the internal mutation
//
//   npx convex run promotions:upsert '{"key":"launch-pro-free","title":"Pro Profile free for 1 year ($144 value)","description":"...","endsAt":1767243599000}'
//
// which also schedules `promotions:expire` at `endsAt` (and a daily cron
// catches anything missed). The client reads `promotions.current` and falls
// back to LAUNCH_PROMO with `promoDeadline(VITE_PROMO_DEADLINE)` only while
// it cannot reach the server (offline). The spec's deadline has passed, so by
// default nothing shows.

export interface Promotion {
  key: string;
  title: string;
  description: string;
  /** Deadline, ms since epoch. */
  endsAt: number;
}

/** The spec's deadline: Dec 31, 2025, end of day US Eastern. */
export const DEFAULT_PROMO_DEADLINE = "2025-12-31T23:59:59-05:00";

export const LAUNCH_PROMO_KEY = "launch-pro-free";

export const LAUNCH_PROMO = {
  key: LAUNCH_PROMO_KEY,
  title: "Pro Profile free for 1 year ($144 value)",
  description: "Sign up before the offer ends and get a Pro Profile free for your first year.",
} as const;

/** localStorage key: the key of the promotion the visitor dismissed (a new promotion shows again). */
export const PROMO_DISMISSED_STORAGE_KEY = "promo_banner_dismissed";

/** The banner's countdown is recomputed at least this often (spec §9: hourly). */
export const PROMO_REFRESH_MS = 60 * 60 * 1000;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Parses a configured deadline (ISO 8601 or ms since epoch); empty or invalid gives the default. */
export function promoDeadline(configured?: string | null): number {
  const text = configured?.trim();
  if (text) {
    const value = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
    if (Number.isFinite(value)) return value;
  }
  return Date.parse(DEFAULT_PROMO_DEADLINE);
}

/** Whether a promotion row is on offer at `now`. */
export function isPromotionLive(promo: { active: boolean; endsAt: number }, now: number): boolean {
  return promo.active && promo.endsAt > now;
}

export type PromoCountdown =
  | { kind: "days"; count: number; label: string }
  | { kind: "hours"; count: number; label: string }
  | { kind: "lastChance"; label: string }
  | { kind: "ended"; label: "" };

/**
 * The banner's countdown: "N days left" from 24 hours out, "N hours left" under 24 hours,
 * "Last chance!" in the final hour, ended at the deadline.
 */
export function promoCountdown(endsAt: number, now: number): PromoCountdown {
  const left = endsAt - now;
  if (left <= 0) return { kind: "ended", label: "" };
  if (left < HOUR) return { kind: "lastChance", label: "Last chance!" };
  if (left < DAY) {
    const count = Math.floor(left / HOUR);
    return { kind: "hours", count, label: `${count} ${count === 1 ? "hour" : "hours"} left` };
  }
  const count = Math.floor(left / DAY);
  return { kind: "days", count, label: `${count} ${count === 1 ? "day" : "days"} left` };
}

/**
 * Milliseconds until the countdown should be recomputed: the next whole hour before the
 * deadline (where the label can change), at most PROMO_REFRESH_MS.
 */
export function msUntilNextPromoTick(endsAt: number, now: number): number {
  const left = endsAt - now;
  if (left <= 0) return PROMO_REFRESH_MS;
  const toBoundary = left % HOUR || HOUR;
  // A few ms past the boundary, so the recomputed label is already the next one.
  return Math.min(PROMO_REFRESH_MS, toBoundary + 50);
}
