// Housekeeping crons (convex/crons.ts): rate-limit rows whose window is long
// over, security log rows past their retention and expired sign-in sessions
// are deleted in bounded batches; a full batch schedules the next one.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./functions";
import { longestWindowMs, pruneRateLimits } from "./model/rateLimit";
import { pruneSecurityLogs, securityLogRetentionMs } from "./model/securityLog";
import { endExpiredSessions } from "./model/sessions";

const BATCH = 500;
/** No limit counts over more than a week: a row untouched that long is dead, whatever its limit. */
const RATE_LIMIT_ROW_TTL_MS = 7 * 24 * 60 * 60_000;

export const pruneRateLimitRows = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const before = Date.now() - Math.max(RATE_LIMIT_ROW_TTL_MS, longestWindowMs());
    const deleted = await pruneRateLimits(ctx, before, BATCH);
    if (deleted === BATCH) await ctx.scheduler.runAfter(0, internal.maintenance.pruneRateLimitRows, {});
    return deleted;
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
