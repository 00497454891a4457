// Housekeeping crons (convex/crons.ts): security log rows past their retention
// and expired sign-in sessions
// are deleted in bounded batches; a full batch schedules the next one.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./functions";
import { pruneSecurityLogs, securityLogRetentionMs } from "./model/securityLog";
import { endExpiredSessions } from "./model/sessions";

const BATCH = 500;
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
