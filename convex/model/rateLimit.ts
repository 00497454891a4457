// Every rate limit, defined once and kept by @convex-dev/rate-limiter (components.rateLimiter): its
// state lives in the component's own table and moves in the caller's transaction, so a refusal
// that throws rolls back its count with everything else.
//
// Some limits are configurable on the deployment (`npx convex env set`):
// RATE_LIMIT_<NAME>=<max> or <max>/<window in minutes>, e.g.
// RATE_LIMIT_SIGN_UP_PER_IP=50/60. The defaults are what real services use:
// per-IP limits high enough for a household or office behind one address,
// per-email and per-user limits tight. Documented in .env.example. The
// environment is read at each call (the configs below are getters).
//
// Fixed windows open at a key's first hit (`start`), as our own counter's did; without `start` the
// component picks a random phase, and a first burst could be followed by a second at once.
//
// Every limit leaves a committed securityLogs row. A refusal usually throws
// (that is how a client mutation answers an error), and Convex rolls back every
// write of a failed mutation, the log row included. So the row is written by
// the call that uses up the allowance (`hit`, below): that call succeeds and
// commits, and the refusals after it are its consequence. Callers that answer
// a refusal as a value instead of throwing (the sign-in, sign-up and reset
// steps, the REST upload charge) also log the refusal itself.
import { RateLimiter, type RateLimitConfig } from "@convex-dev/rate-limiter";
import { LOCKOUT_MS, MAX_FAILED_SIGN_INS } from "../../common/account";
import { MESSAGE_RATE_LIMIT } from "../../common/messages";
import { components } from "../_generated/api";
import { env } from "../_generated/server";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { isLocalDeployment, isLoopbackHost } from "./deployment";
import { rateLimited } from "./errors";
import { logSecurityEvent } from "./securityLog";

export interface Limit {
  max: number;
  windowMs: number;
}

/** A limit and what its securityLogs row says is limited. */
interface Defined extends Limit {
  what: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// No per-email sign-in limit: anyone could spend it and keep the owner out
// from everywhere. Sign-in failures lock one email+source pair (accounts.ts);
// the per-IP limit bounds what one source can try across emails.
const CONFIGURABLE = {
  signInPerIp: { max: 100, windowMs: 15 * MINUTE, what: "sign-ins per IP" },
  /** Failed sign-ins for one email from anywhere before unknown devices are slowed (accounts.ts): a token bucket. */
  signInFailuresPerAccount: { max: 10, windowMs: HOUR, what: "failed sign-ins for one account" },
  /** Current-password checks in settings (change password, delete account) per IP. */
  passwordChecksPerIp: { max: 100, windowMs: 15 * MINUTE, what: "password checks per IP" },
  signUpPerIp: { max: 50, windowMs: HOUR, what: "sign-ups per IP" },
  signUpPerEmail: { max: 3, windowMs: HOUR, what: "sign-ups per email" },
  resetPerEmail: { max: 3, windowMs: HOUR, what: "reset emails per email" },
  resetPerIp: { max: 30, windowMs: HOUR, what: "reset emails per IP" },
  verifyEmailPerUser: { max: 3, windowMs: HOUR, what: "verification emails" },
  /** Upload URLs a member may ask for in a burst... */
  uploadsPerMinute: { max: 30, windowMs: MINUTE, what: "upload URLs per minute" },
  /** ...and files a member may upload per day (the count quota; the byte quota is UPLOAD_BYTES_PER_DAY). */
  uploadsPerDay: { max: 100, windowMs: DAY, what: "uploads per day" },
  // Member actions that reach other members (issue 29; model/limits.ts): each tells someone or re-screens.
  /** Comments and replies a member writes (each tells the post's or parent's author). */
  comments: { max: 60, windowMs: HOUR, what: "comments" },
  /** Follows and unfollows together, across everyone... */
  followChanges: { max: 60, windowMs: HOUR, what: "follow changes" },
  /** ...and toward one member (follow, unfollow, follow again tells them each time). */
  followChangesPerMember: { max: 6, windowMs: DAY, what: "follow changes toward one member" },
  /** Post and comment edits together (each re-screens; a newly named member is told). */
  edits: { max: 30, windowMs: HOUR, what: "post and comment edits" },
  /** Reports of posts and comments (each lands in the moderators' queue). */
  reports: { max: 20, windowMs: DAY, what: "reports" },
  /** Claims of one scrap listing by one member (claim, cancel, claim again tells the lister each time). */
  scrapClaimsPerListing: { max: 3, windowMs: DAY, what: "claims of one scrap listing" },
  /** Cancelled scrap claims (each tells the lister). */
  scrapCancels: { max: 30, windowMs: HOUR, what: "scrap claim cancels" },
} satisfies Record<string, Defined>;

/** Limits the deployment does not configure. */
const FIXED = {
  quoteRequests: { max: 10, windowMs: HOUR, what: "quote requests" },
  photoRequests: { max: 10, windowMs: HOUR, what: "photo requests" },
  bidWrites: { max: 30, windowMs: HOUR, what: "bid writes" },
  scrapPosts: { max: 20, windowMs: HOUR, what: "scrap listings" },
  scrapClaims: { max: 30, windowMs: HOUR, what: "scrap claims" },
  teamInvites: { max: 20, windowMs: HOUR, what: "team invitations" },
  connectionRequests: { max: 20, windowMs: DAY, what: "connection requests" },
  posts: { max: 60, windowMs: HOUR, what: "feed posts" },
  reviewReports: { max: 10, windowMs: DAY, what: "review reports" },
  messages: { ...MESSAGE_RATE_LIMIT, what: "messages" },
  /** One person writing again and again (typos, follow-ups) is fine; a flood is not. */
  contactPerEmail: { max: 5, windowMs: HOUR, what: "contact messages" },
  /** One address may be an office or a shared network: a little more room. */
  contactPerIp: { max: 10, windowMs: HOUR, what: "contact messages" },
  /** Each document link is a row until the hourly prune (credentials.ts); a reviewer opens far fewer. */
  documentLinks: { max: 300, windowMs: HOUR, what: "credential document links per hour" },
  /** Directory pages one member may have counted per hour for lead insights; more are served but not counted. */
  insightsSearchPages: { max: 120, windowMs: HOUR, what: "directory pages counted for lead insights" },
  /** Failures in a row before a lockout (accounts.ts): per email and source, and per member's current-password check. */
  signInLockout: { max: MAX_FAILED_SIGN_INS, windowMs: LOCKOUT_MS, what: "failed sign-ins from one source" },
  passwordCheckLockout: { max: MAX_FAILED_SIGN_INS, windowMs: LOCKOUT_MS, what: "wrong current passwords" },
  /** Once-per-window markers (firstInWindow): one profile view per viewer per profile per day... */
  profileViewCounted: { max: 1, windowMs: DAY, what: "profile views counted" },
  /** ...and one count of the same directory search per member per hour. */
  searchCounted: { max: 1, windowMs: HOUR, what: "directory searches counted" },
} satisfies Record<string, Defined>;

type ConfigurableName = keyof typeof CONFIGURABLE;
export type LimitName = ConfigurableName | keyof typeof FIXED;
const DEFINED: Record<LimitName, Defined> = { ...CONFIGURABLE, ...FIXED };
const NAMES = Object.keys(DEFINED) as LimitName[];

const isConfigurable = (name: LimitName): name is ConfigurableName => name in CONFIGURABLE;

/** "signUpPerIp" -> "RATE_LIMIT_SIGN_UP_PER_IP". */
export function limitEnvName(name: ConfigurableName): string {
  return `RATE_LIMIT_${name.replace(/([A-Z])/g, "_$1").toUpperCase()}`;
}

/** A limit as configured: the environment's `<max>[/<minutes>]`, or the default. */
export function limitFor(name: LimitName): Limit {
  const { max: defaultMax, windowMs: defaultWindow } = DEFINED[name];
  const fallback = { max: defaultMax, windowMs: defaultWindow };
  const raw = isConfigurable(name) ? process.env[limitEnvName(name)]?.trim() : undefined;
  const match = raw ? /^(\d+)(?:\/(\d+(?:\.\d+)?))?$/.exec(raw) : null;
  if (!match) return fallback;
  const max = Number(match[1]);
  const windowMs = match[2] ? Math.round(Number(match[2]) * MINUTE) : fallback.windowMs;
  return max > 0 && windowMs > 0 ? { max, windowMs } : fallback;
}

/** The component's config for a limit, as configured now. */
function configOf(name: LimitName): RateLimitConfig {
  const { max, windowMs } = limitFor(name);
  // Failures per account refill steadily (accounts.ts reads the bucket's level for the slowdown).
  if (name === "signInFailuresPerAccount") return { kind: "token bucket", rate: max, period: windowMs };
  return { kind: "fixed window", rate: max, period: windowMs, start: Date.now() };
}

/** Every limit by name; each config is a getter, so the environment and the clock are read at the call. */
const CONFIGS = Object.defineProperties(
  {},
  Object.fromEntries(NAMES.map((name) => [name, { enumerable: true, get: () => configOf(name) }])),
) as Record<LimitName, RateLimitConfig>;

export const rateLimiter = new RateLimiter(components.rateLimiter, CONFIGS);

/** Bytes a member may upload per day (UPLOAD_BYTES_PER_DAY, default 1 GB). */
export function uploadBytesPerDay(): number {
  const raw = Number(env.UPLOAD_BYTES_PER_DAY);
  return Number.isFinite(raw) && raw > 0 ? raw : 1024 * 1024 * 1024;
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
 * Counts `weight` attempts of limit `name` for `key`; returns when to retry if over the limit
 * (nothing is counted then), else null. The call that uses up the allowance logs `rate_limited`
 * (it commits; see the top of the file), naming `userId` when given.
 */
export async function hit(
  ctx: MutationCtx,
  name: LimitName,
  key: string,
  userId?: Id<"users">,
  weight = 1,
): Promise<number | null> {
  const limit = limitFor(name);
  // More than a whole window's allowance can never pass (the component throws on it).
  if (weight > limit.max) return Date.now() + limit.windowMs;
  const status = await rateLimiter.limit(ctx, name, { key, count: weight });
  if (!status.ok) return Date.now() + status.retryAfter;
  if (!(await rateLimiter.check(ctx, name, { key })).ok) {
    await logSecurityEvent(ctx, "rate_limited", {
      userId,
      identifier: `${name}:${key}`,
      details: `${DEFINED[name].what}: limit of ${limit.max} per ${Math.round(limit.windowMs / MINUTE)} min reached`,
    });
  }
  return null;
}

/** Like `hit`, but throws RATE_LIMITED with the time to retry. */
export async function consume(ctx: MutationCtx, name: LimitName, key: string, userId?: Id<"users">): Promise<void> {
  const retryAt = await hit(ctx, name, key, userId);
  if (retryAt !== null) rateLimited(retryAt);
}

/**
 * A once-per-window marker (a limit of 1): true the first time `key` is seen in the window, false
 * after. Not a refusal, so nothing is logged; used to count an event once (lead insights).
 */
export async function firstInWindow(
  ctx: MutationCtx,
  name: "profileViewCounted" | "searchCounted",
  key: string,
): Promise<boolean> {
  return (await rateLimiter.limit(ctx, name, { key })).ok;
}

/**
 * Lockouts: `max` failures within a window lock `key` for a whole window from the failure that used
 * the allowance up (not to the end of the series' window), as before the component. Returns when the
 * lock ends if this failure locked it, else null.
 */
export async function countFailure(
  ctx: MutationCtx,
  name: "signInLockout" | "passwordCheckLockout",
  key: string,
): Promise<number | null> {
  await rateLimiter.limit(ctx, name, { key });
  if ((await rateLimiter.check(ctx, name, { key })).ok) return null;
  // Re-open the window at this failure, used up: the lock lasts a full window from now.
  await rateLimiter.reset(ctx, name, { key });
  const { max, windowMs } = limitFor(name);
  await rateLimiter.limit(ctx, name, { key, count: max });
  return Date.now() + windowMs;
}

/** When `key`'s lockout ends, or null when it is not locked. */
export async function lockedUntil(
  ctx: QueryCtx,
  name: "signInLockout" | "passwordCheckLockout",
  key: string,
): Promise<number | null> {
  const status = await rateLimiter.check(ctx, name, { key });
  return status.ok ? null : Date.now() + status.retryAfter;
}
