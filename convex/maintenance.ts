// Housekeeping crons (convex/crons.ts): rate-limit rows and security log rows
// past their time and expired sign-in sessions are deleted in bounded batches;
// a full batch schedules the next one.
import { v } from "convex/values";
import { components, internal } from "./_generated/api";
import { internalMutation } from "./functions";
import { pruneSecurityLogs, securityLogRetentionMs } from "./model/securityLog";
import { endExpiredSessions } from "./model/sessions";

const BATCH = 500;
/** How long a rate limiter's row may live (every limit's window is a day or less). */
const RATE_LIMIT_ROW_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * The rate limiter keeps one row per key and never expires them, so a spray of sign-ins from many
 * addresses would leave rows forever. Rows created over a week ago go, through the component's own
 * clearAll (batches of 100 it schedules itself). A key still in use then starts afresh: at most one
 * early reset per key per week, for storage bounded by a week of keys. A lockout in force stays:
 * its row is made anew when it locks (model/rateLimit.ts countFailure).
 */
export const pruneRateLimitRows = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await ctx.runMutation(components.rateLimiter.lib.clearAll, { before: Date.now() - RATE_LIMIT_ROW_TTL_MS });
    return null;
  },
});

export const pruneSecurityLogRows = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const deleted = await pruneSecurityLogs(ctx, Date.now() - securityLogRetentionMs(), BATCH);
    if (deleted === BATCH) await ctx.scheduler.runAfter(0, internal.maintenance.pruneSecurityLogRows, {});
    return deleted;
  },
});

/** Sessions per run: each takes its refresh tokens with it (one per refresh, so hundreds for an old session). */
const SESSION_BATCH = 10;

/** Expired sessions end (model/sessions.ts): the session check itself reads no clock. */
export const endExpiredSessionRows = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const ended = await endExpiredSessions(ctx, Date.now(), SESSION_BATCH);
    if (ended === SESSION_BATCH) await ctx.scheduler.runAfter(0, internal.maintenance.endExpiredSessionRows, {});
    return ended;
  },
});
