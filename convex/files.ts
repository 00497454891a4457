// Uploads: the one way to get an upload URL (quotas and rate limits per member),
// the charge the REST multipart upload pays for the same quota, and the sweep
// that deletes uploads never attached (model/files.ts explains ownership).
import { v } from "convex/values";
import { ErrorCode, Messages, type AppErrorData } from "../common/errors";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { internalMutation, mutation } from "./functions";
import { invalid, refuse } from "./model/errors";
import {
  bytesToday,
  isFilePurpose,
  ORPHAN_AFTER_MS,
  uploadBytesQuotaMessage,
  uploadCountQuotaMessage,
} from "./model/files";
import { hit, LIMITS, limitFor, uploadBytesPerDay } from "./model/rateLimit";
import { logSecurityEvent } from "./model/securityLog";

/**
 * Charges `count` uploads to the member's quotas; answers the quota's error when over (nothing is
 * charged then), else null. The call that uses up a count quota logs it (model/rateLimit.ts).
 */
async function uploadRefusal(ctx: MutationCtx, userId: Id<"users">, count: number): Promise<AppErrorData | null> {
  const burst = await hit(ctx, `upload:minute:${userId}`, LIMITS.uploadsPerMinute, count, {
    userId,
    what: "upload URLs per minute",
  });
  if (burst !== null) return { code: ErrorCode.RATE_LIMITED, message: Messages.tooManyRequests, retryAt: burst };
  const daily = await hit(ctx, `upload:day:${userId}`, LIMITS.uploadsPerDay, count, {
    userId,
    what: "uploads per day",
  });
  if (daily !== null) {
    const message = uploadCountQuotaMessage(limitFor(LIMITS.uploadsPerDay).max);
    return { code: ErrorCode.RATE_LIMITED, message, retryAt: daily };
  }
  const quota = uploadBytesPerDay();
  if ((await bytesToday(ctx, userId)) >= quota) {
    return { code: ErrorCode.RATE_LIMITED, message: uploadBytesQuotaMessage(quota) };
  }
  return null;
}

/** An upload URL for one file; the file is the member's once a mutation attaches it (claimFile). */
export const generateUploadUrl = mutation({
  args: { purpose: v.string() },
  returns: v.string(),
  handler: async (ctx, { purpose }) => {
    const viewer = ctx.viewerX();
    if (!isFilePurpose(purpose)) invalid(Messages.unknownUploadPurpose);
    // A throw rolls this call back: the row of the limit was written by the call that used it up,
    // and the byte quota's by the claim that crossed it (model/files.ts).
    const refusal = await uploadRefusal(ctx, viewer._id, 1);
    if (refusal) refuse(refusal);
    return await ctx.storage.generateUploadUrl();
  },
});

/**
 * The REST multipart upload stores files itself: it pays the same quotas first. Several files at
 * once can be refused before any call used the allowance up, so the refusal is logged here and
 * answered as a value (it commits); the HTTP action throws it.
 */
export const chargeRestUploads = internalMutation({
  args: { userId: v.id("users"), count: v.number() },
  returns: v.union(v.null(), v.object({ code: v.string(), message: v.string(), retryAt: v.optional(v.number()) })),
  handler: async (ctx, { userId, count }) => {
    const refusal = await uploadRefusal(ctx, userId, Math.max(1, Math.floor(count)));
    if (refusal) {
      await logSecurityEvent(ctx, "rate_limited", {
        userId,
        details: `REST upload of ${count} refused: ${refusal.message}`,
      });
    }
    return refusal;
  },
});

const SWEEP_BATCH = 100;
/** How far back each hourly sweep looks past the 24 hours: a missed run or two is caught up. */
const SWEEP_OVERLAP_MS = 3 * 60 * 60_000;

/**
 * Deletes uploads older than 24 hours that no mutation attached, oldest first,
 * in bounded batches (each batch schedules the next). Files attached before
 * the files table existed (avatars, portfolio items) are kept.
 */
export const sweepOrphans = internalMutation({
  args: { after: v.optional(v.number()) },
  returns: v.object({ deleted: v.number(), scanned: v.number() }),
  handler: async (ctx, { after }) => {
    const cutoff = Date.now() - ORPHAN_AFTER_MS;
    const from = after ?? cutoff - SWEEP_OVERLAP_MS;
    const batch = await ctx.db.system
      .query("_storage")
      .withIndex("by_creation_time", (q) => q.gt("_creationTime", from).lt("_creationTime", cutoff))
      .take(SWEEP_BATCH);
    let deleted = 0;
    for (const meta of batch) {
      const claimed = await ctx.db
        .query("files")
        .withIndex("by_storageId", (q) => q.eq("storageId", meta._id))
        .unique();
      if (claimed !== null) continue;
      const legacyAvatar = await ctx.db
        .query("users")
        .withIndex("by_imageStorageId", (q) => q.eq("imageStorageId", meta._id))
        .first();
      const legacyPortfolio = await ctx.db
        .query("portfolioItems")
        .withIndex("by_storageId", (q) => q.eq("storageId", meta._id))
        .first();
      if (legacyAvatar !== null || legacyPortfolio !== null) continue;
      await ctx.storage.delete(meta._id);
      deleted += 1;
    }
    if (batch.length === SWEEP_BATCH) {
      await ctx.scheduler.runAfter(0, internal.files.sweepOrphans, { after: batch[batch.length - 1]!._creationTime });
    }
    return { deleted, scanned: batch.length };
  },
});
