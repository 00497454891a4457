// Housekeeping crons (convex/crons.ts): rate-limit rows whose window is long
// over and security log rows past their retention are deleted in bounded
// batches; a full batch schedules the next one.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./functions";
import { longestWindowMs, pruneRateLimits } from "./model/rateLimit";
import { pruneSecurityLogs, securityLogRetentionMs } from "./model/securityLog";

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
