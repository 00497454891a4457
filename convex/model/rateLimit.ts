// Fixed-window rate limits kept in the rateLimits table, one row per key.
//
// Every limit is configurable on the deployment (`npx convex env set`):
// RATE_LIMIT_<NAME>=<max> or <max>/<window in minutes>, e.g.
// RATE_LIMIT_SIGN_UP_PER_IP=50/60. The defaults are what real services use:
// per-IP limits high enough for a household or office behind one address,
// per-email and per-user limits tight. Documented in .env.example.
import { ConvexError } from "convex/values";
import { ErrorCode, Messages } from "../../common/errors";
import type { MutationCtx } from "../_generated/server";
import { isLocalDeployment, isLoopbackHost } from "./deployment";

export interface Limit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const DEFAULTS = {
  signInPerEmail: { max: 10, windowMs: 15 * MINUTE },
  signInPerIp: { max: 100, windowMs: 15 * MINUTE },
  signUpPerIp: { max: 50, windowMs: HOUR },
  signUpPerEmail: { max: 3, windowMs: HOUR },
  resetPerEmail: { max: 3, windowMs: HOUR },
  resetPerIp: { max: 30, windowMs: HOUR },
  verifyEmailPerUser: { max: 3, windowMs: HOUR },
  /** Upload URLs a member may ask for in a burst... */
  uploadsPerMinute: { max: 30, windowMs: MINUTE },
  /** ...and files a member may upload per day (the count quota; the byte quota is UPLOAD_BYTES_PER_DAY). */
  uploadsPerDay: { max: 100, windowMs: DAY },
} satisfies Record<string, Limit>;

export type LimitName = keyof typeof DEFAULTS;

/** "signUpPerIp" -> "RATE_LIMIT_SIGN_UP_PER_IP". */
export function limitEnvName(name: LimitName): string {
  return `RATE_LIMIT_${name.replace(/([A-Z])/g, "_$1").toUpperCase()}`;
}

/** A limit as configured: the environment's `<max>[/<minutes>]`, or the default. */
export function limitFor(name: LimitName): Limit {
  const fallback = DEFAULTS[name];
  const raw = process.env[limitEnvName(name)]?.trim();
  const match = raw ? /^(\d+)(?:\/(\d+(?:\.\d+)?))?$/.exec(raw) : null;
  if (!match) return fallback;
  const max = Number(match[1]);
  const windowMs = match[2] ? Math.round(Number(match[2]) * MINUTE) : fallback.windowMs;
  return max > 0 && windowMs > 0 ? { max, windowMs } : fallback;
}

/** Every limit, read from the environment at the time of use. */
export const LIMITS = Object.fromEntries((Object.keys(DEFAULTS) as LimitName[]).map((name) => [name, name])) as {
  [K in LimitName]: K;
};

/** Bytes a member may upload per day (UPLOAD_BYTES_PER_DAY, default 1 GB). */
export function uploadBytesPerDay(): number {
  const raw = Number(process.env.UPLOAD_BYTES_PER_DAY);
  return Number.isFinite(raw) && raw > 0 ? raw : 1024 * 1024 * 1024;
}

/** The longest window of any limit: rows older than this are dead (the prune cron). */
export function longestWindowMs(): number {
  return Math.max(...(Object.keys(DEFAULTS) as LimitName[]).map((name) => limitFor(name).windowMs));
}

/**
 * Whether per-IP limits apply to `ip`. On a local deployment every browser is
 * 127.0.0.1, so loopback callers are not IP-limited there (per-email limits still apply).
 */
export function ipLimited(ip: string | null): ip is string {
  if (!ip) return false;
  return !(isLoopbackHost(ip) && isLocalDeployment());
}

/**
 * Counts `weight` attempts against `key`; returns when the window resets if over
 * the limit, else null. `limit` is a configured limit's name (LIMITS.x) or a fixed Limit.
 */
export async function hit(
  ctx: MutationCtx,
  key: string,
  limitOrName: Limit | LimitName,
  weight = 1,
): Promise<number | null> {
  const limit = typeof limitOrName === "string" ? limitFor(limitOrName) : limitOrName;
  const now = Date.now();
  const row = await ctx.db
    .query("rateLimits")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
  if (row === null) {
    if (weight > limit.max) return now + limit.windowMs;
    await ctx.db.insert("rateLimits", { key, windowStart: now, count: weight });
    return null;
  }
  if (now - row.windowStart >= limit.windowMs) {
    if (weight > limit.max) return now + limit.windowMs;
    await ctx.db.patch(row._id, { windowStart: now, count: weight });
    return null;
  }
  if (row.count + weight > limit.max) return row.windowStart + limit.windowMs;
  await ctx.db.patch(row._id, { count: row.count + weight });
  return null;
}

/** Like `hit`, but throws RATE_LIMITED with the time to retry. */
export async function consume(ctx: MutationCtx, key: string, limit: Limit | LimitName): Promise<void> {
  const retryAt = await hit(ctx, key, limit);
  if (retryAt !== null) {
    throw new ConvexError({ code: ErrorCode.RATE_LIMITED, message: Messages.tooManyRequests, retryAt });
  }
}

/** Deletes up to `batch` rate-limit rows whose window ended before `before`; returns how many. */
export async function pruneRateLimits(ctx: MutationCtx, before: number, batch: number): Promise<number> {
  const rows = await ctx.db
    .query("rateLimits")
    .withIndex("by_windowStart", (q) => q.lt("windowStart", before))
    .take(batch);
  for (const row of rows) await ctx.db.delete("rateLimits", row._id);
  return rows.length;
}
