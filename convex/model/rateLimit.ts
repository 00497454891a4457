// Fixed-window rate limits kept in the rateLimits table, one row per key.
//
// Every limit is configurable on the deployment (`npx convex env set`):
// RATE_LIMIT_<NAME>=<max> or <max>/<window in minutes>, e.g.
// RATE_LIMIT_SIGN_UP_PER_IP=50/60. The defaults are what real services use:
// per-IP limits high enough for a household or office behind one address,
// per-email and per-user limits tight. Documented in .env.example.
//
// Every limit leaves a committed securityLogs row. A refusal usually throws
// (that is how a client mutation answers an error), and Convex rolls back every
// write of a failed mutation, the log row included. So the row is written by
// the call that uses up the allowance (`hit`, below): that call succeeds and
// commits, and the refusals after it are its consequence. Callers that answer
// a refusal as a value instead of throwing (the sign-in, sign-up and reset
// steps, the REST upload charge) also log the refusal itself.
import { env } from "../_generated/server";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { isLocalDeployment, isLoopbackHost } from "./deployment";
import { rateLimited } from "./errors";
import { logSecurityEvent } from "./securityLog";

export interface Limit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// No per-email sign-in limit: anyone could spend it and keep the owner out
// from everywhere. Sign-in failures lock one email+source pair (accounts.ts);
// the per-IP limit bounds what one source can try across emails.
const DEFAULTS = {
  signInPerIp: { max: 100, windowMs: 15 * MINUTE },
  /** Failed sign-ins for one email from anywhere before unknown devices are slowed (accounts.ts). */
  signInFailuresPerAccount: { max: 10, windowMs: HOUR },
  /** Current-password checks in settings (change password, delete account) per IP. */
  passwordChecksPerIp: { max: 100, windowMs: 15 * MINUTE },
  signUpPerIp: { max: 50, windowMs: HOUR },
  signUpPerEmail: { max: 3, windowMs: HOUR },
  resetPerEmail: { max: 3, windowMs: HOUR },
  resetPerIp: { max: 30, windowMs: HOUR },
  verifyEmailPerUser: { max: 3, windowMs: HOUR },
  /** Upload URLs a member may ask for in a burst... */
  uploadsPerMinute: { max: 30, windowMs: MINUTE },
  /** ...and files a member may upload per day (the count quota; the byte quota is UPLOAD_BYTES_PER_DAY). */
  uploadsPerDay: { max: 100, windowMs: DAY },
  // Member actions that reach other members (issue 29; model/limits.ts): each tells someone or re-screens.
  /** Comments and replies a member writes (each tells the post's or parent's author). */
  comments: { max: 60, windowMs: HOUR },
  /** Follows and unfollows together, across everyone... */
  followChanges: { max: 60, windowMs: HOUR },
  /** ...and toward one member (follow, unfollow, follow again tells them each time). */
  followChangesPerMember: { max: 6, windowMs: DAY },
  /** Post and comment edits together (each re-screens; a newly named member is told). */
  edits: { max: 30, windowMs: HOUR },
  /** Reports of posts and comments (each lands in the moderators' queue). */
  reports: { max: 20, windowMs: DAY },
  /** Claims of one scrap listing by one member (claim, cancel, claim again tells the lister each time). */
  scrapClaimsPerListing: { max: 3, windowMs: DAY },
  /** Cancelled scrap claims (each tells the lister). */
  scrapCancels: { max: 30, windowMs: HOUR },
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
  const raw = Number(env.UPLOAD_BYTES_PER_DAY);
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

/** Who used a limit and for what: the securityLogs row written when the allowance is used up. */
export interface LimitAudit {
  what: string;
  userId?: Id<"users">;
}

/**
 * Counts `weight` attempts against `key`; returns when the window resets if over
 * the limit, else null. `limit` is a configured limit's name (LIMITS.x) or a fixed Limit.
 * The call that uses up the allowance logs `rate_limited` (it commits; see the top of the file).
 */
export async function hit(
  ctx: MutationCtx,
  key: string,
  limitOrName: Limit | LimitName,
  weight = 1,
  audit?: LimitAudit,
): Promise<number | null> {
  const limit = typeof limitOrName === "string" ? limitFor(limitOrName) : limitOrName;
  const now = Date.now();
  const row = await ctx.db
    .query("rateLimits")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
  const fresh = row === null || now - row.windowStart >= limit.windowMs;
  if (fresh) {
    if (weight > limit.max) return now + limit.windowMs;
    if (row === null) await ctx.db.insert("rateLimits", { key, windowStart: now, count: weight });
    else await ctx.db.patch(row._id, { windowStart: now, count: weight });
  } else {
    if (row.count + weight > limit.max) return row.windowStart + limit.windowMs;
    await ctx.db.patch(row._id, { count: row.count + weight });
  }
  const count = fresh ? weight : row.count + weight;
  if (count >= limit.max) {
    await logSecurityEvent(ctx, "rate_limited", {
      userId: audit?.userId,
      identifier: key,
      details: `${audit?.what ?? key}: limit of ${limit.max} per ${Math.round(limit.windowMs / MINUTE)} min reached`,
    });
  }
  return null;
}

/**
 * A once-per-window marker on the same fixed-window rows (pruned by the same cron): true the first
 * time `key` is seen in a window of `windowMs`, false after. Not a refusal, so nothing is logged;
 * used to count an event once (lead insights: one profile view per member per profile per day).
 */
export async function firstInWindow(ctx: MutationCtx, key: string, windowMs: number): Promise<boolean> {
  const now = Date.now();
  const row = await ctx.db
    .query("rateLimits")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
  if (row !== null && now - row.windowStart < windowMs) return false;
  if (row === null) await ctx.db.insert("rateLimits", { key, windowStart: now, count: 1 });
  else await ctx.db.patch("rateLimits", row._id, { windowStart: now, count: 1 });
  return true;
}

/** Like `hit`, but throws RATE_LIMITED with the time to retry. */
export async function consume(
  ctx: MutationCtx,
  key: string,
  limit: Limit | LimitName,
  audit?: LimitAudit,
): Promise<void> {
  const retryAt = await hit(ctx, key, limit, 1, audit);
  if (retryAt !== null) rateLimited(retryAt);
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
