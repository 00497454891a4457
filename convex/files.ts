// Uploads: the one way to get an upload URL (quotas and rate limits per member),
// the charge the REST multipart upload pays for the same quota, the check of
// each claimed file's bytes, and the sweep that deletes uploads never attached
// (model/files.ts explains ownership).
//
// Convex accepts any size at an upload URL and tells nobody whose upload it
// was, so unclaimed bytes are bounded two ways: each URL reserves its
// purpose's largest file (of the kind asked for) against the member's byte
// quota until a claim uses it (model/files.ts grantUpload), and the hourly
// sweep deletes at once any unclaimed file larger than every purpose allows.
// A client that asks for an image URL and sends a larger video gets at most
// that video's size in unclaimed storage, until the sweep's grace period ends.
import { v } from "convex/values";
import { ErrorCode, Messages, type AppErrorData } from "../common/errors";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { ActionCtx, MutationCtx } from "./_generated/server";
import { internalAction, internalMutation, internalQuery, mutation } from "./functions";
import { invalid, refuse } from "./model/errors";
import {
  bytesToday,
  fileByStorageId,
  grantUpload,
  heldWithoutRecord,
  isFilePurpose,
  MAX_UPLOAD_BYTES,
  ORPHAN_AFTER_MS,
  reservedBytes,
  uploadBytesQuotaMessage,
  uploadCountQuotaMessage,
} from "./model/files";
import { bytesMatchType, SNIFF_BYTES } from "./model/sniff";
import { hit, limitFor, uploadBytesPerDay } from "./model/rateLimit";
import { logSecurityEvent } from "./model/securityLog";

/**
 * Charges `count` uploads to the member's quotas; answers the quota's error when over (nothing is
 * charged then), else null. The call that uses up a count quota logs it (model/rateLimit.ts).
 */
async function uploadRefusal(
  ctx: MutationCtx,
  userId: Id<"users">,
  count: number,
  reserveBytes = 0,
): Promise<AppErrorData | null> {
  const burst = await hit(ctx, "uploadsPerMinute", userId, userId, count);
  if (burst !== null) return { code: ErrorCode.RATE_LIMITED, message: Messages.tooManyRequests, retryAt: burst };
  const daily = await hit(ctx, "uploadsPerDay", userId, userId, count);
  if (daily !== null) {
    const message = uploadCountQuotaMessage(limitFor("uploadsPerDay").max);
    return { code: ErrorCode.RATE_LIMITED, message, retryAt: daily };
  }
  const quota = uploadBytesPerDay();
  // The URL's reservation must fit too: otherwise unclaimed uploads could pass the quota.
  if ((await bytesToday(ctx, userId)) + Math.max(1, reserveBytes) > quota) {
    return { code: ErrorCode.RATE_LIMITED, message: uploadBytesQuotaMessage(quota) };
  }
  return null;
}

/** An upload URL for one file; the file is the member's once a mutation attaches it (claimFile). */
export const generateUploadUrl = mutation({
  /** kind: "video" for a post's or portfolio item's video (it reserves more of the byte quota). */
  args: { purpose: v.string(), kind: v.optional(v.union(v.literal("image"), v.literal("video"))) },
  returns: v.string(),
  handler: async (ctx, { purpose, kind }) => {
    const viewer = ctx.viewerX();
    if (!isFilePurpose(purpose)) invalid(Messages.unknownUploadPurpose);
    // A throw rolls this call back: the row of the limit was written by the call that used it up,
    // and the byte quota's by the claim that crossed it (model/files.ts).
    const reserve = reservedBytes(purpose, kind);
    const refusal = await uploadRefusal(ctx, viewer._id, 1, reserve);
    if (refusal) refuse(refusal);
    await grantUpload(ctx, viewer._id, purpose, reserve);
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

/** A claimed file's declared type, for verifyUpload. */
export const claimedUpload = internalQuery({
  args: { storageId: v.id("_storage") },
  returns: v.union(v.null(), v.object({ fileId: v.id("files"), contentType: v.string(), size: v.number() })),
  handler: async (ctx, { storageId }) => {
    const row = await fileByStorageId(ctx, storageId);
    return row === null ? null : { fileId: row._id, contentType: row.contentType, size: row.size };
  },
});

/** Files up to this size are read whole (photos, documents); larger ones (videos) are streamed. */
const READ_WHOLE_MAX = 16 * 1024 * 1024;

/** The file's first bytes, or null once it is gone. */
async function firstBytes(ctx: ActionCtx, storageId: Id<"_storage">, size: number): Promise<Uint8Array | null> {
  if (size <= READ_WHOLE_MAX) {
    const blob = await ctx.storage.get(storageId);
    return blob === null ? null : new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer());
  }
  // A video can be larger than an action's memory: ask for the start and stop reading after it
  // (the Range header may be ignored; the stream is cancelled either way).
  const url = await ctx.storage.getUrl(storageId);
  if (url === null) return null;
  const response = await fetch(url, { headers: { Range: `bytes=0-${SNIFF_BYTES - 1}` } });
  if (!response.ok || response.body === null) throw new Error(`verifyUpload: reading ${storageId} answered ${response.status}`);
  const reader = response.body.getReader();
  const head = new Uint8Array(SNIFF_BYTES);
  let filled = 0;
  while (filled < SNIFF_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    const part = value.subarray(0, SNIFF_BYTES - filled);
    head.set(part, filled);
    filled += part.length;
  }
  await reader.cancel();
  return head.subarray(0, filled);
}

/**
 * After each claim (model/files.ts claimFile): the bytes must be what the declared type says.
 * Convex serves a file with the type its uploader declared, so a disguised file (a script or
 * page labelled image/png, a PDF labelled as a photo) is deleted with its record.
 */
export const verifyUpload = internalAction({
  args: { storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { storageId }) => {
    const file = await ctx.runQuery(internal.files.claimedUpload, { storageId });
    if (file === null) return null;
    const head = await firstBytes(ctx, storageId, file.size);
    if (head === null || bytesMatchType(file.contentType, head)) return null;
    await ctx.runMutation(internal.files.rejectUpload, { storageId, fileId: file.fileId });
    return null;
  },
});

/** Deletes a claimed file whose bytes contradict its type: record and bytes, logged. */
export const rejectUpload = internalMutation({
  args: { storageId: v.id("_storage"), fileId: v.id("files") },
  returns: v.null(),
  handler: async (ctx, { storageId, fileId }) => {
    const row = await ctx.db.get("files", fileId);
    if (row === null || row.storageId !== storageId) return null;
    await ctx.db.delete("files", fileId);
    if ((await ctx.db.system.get(storageId)) !== null) await ctx.storage.delete(storageId);
    // An avatar or cover is also kept as a URL on the member: clear it, not a dead link. Other
    // holders read their URLs when asked, and show a deleted file as missing.
    const holder = row.attachedTo === undefined ? null : ctx.db.normalizeId("users", row.attachedTo);
    const member = holder === null ? null : await ctx.db.get("users", holder);
    if (member?.imageStorageId === storageId) await ctx.db.patch("users", member._id, { image: undefined, imageStorageId: undefined });
    if (member?.coverStorageId === storageId) await ctx.db.patch("users", member._id, { coverImage: undefined, coverStorageId: undefined });
    await logSecurityEvent(ctx, "upload_rejected", {
      userId: row.uploaderId,
      details: `${row.purpose} upload declared ${row.contentType} (${row.size} bytes): its bytes are not that type; deleted`,
    });
    return null;
  },
});

const SWEEP_BATCH = 100;

/**
 * Deletes uploads that no mutation attached within the grace period, and at once any unclaimed
 * upload larger than every purpose allows. Oldest first, in bounded batches (each schedules the
 * next), from where the last run could leave off: `orphanSweep.until`, before which every file
 * was claimed or deleted, so a sweep that missed runs catches up on everything. A young upload
 * that may still be claimed pins that point for the next run. Files attached before the files
 * table existed (avatars, portfolio items) are kept.
 */
export const sweepOrphans = internalMutation({
  args: { from: v.optional(v.number()), pinned: v.optional(v.boolean()) },
  returns: v.object({ deleted: v.number(), scanned: v.number() }),
  handler: async (ctx, { from, pinned }) => {
    const cutoff = Date.now() - ORPHAN_AFTER_MS;
    const state = await ctx.db.query("orphanSweep").first();
    const start = from ?? state?.until ?? 0;
    const batch = await ctx.db.system
      .query("_storage")
      .withIndex("by_creation_time", (q) => q.gt("_creationTime", start))
      .take(SWEEP_BATCH);
    let deleted = 0;
    let stuck = pinned ?? false;
    let until = start;
    for (const meta of batch) {
      const kept = (await fileByStorageId(ctx, meta._id)) !== null || (await heldWithoutRecord(ctx, meta._id));
      if (!kept) {
        if (meta._creationTime < cutoff || meta.size > MAX_UPLOAD_BYTES) {
          await ctx.storage.delete(meta._id);
          deleted += 1;
        } else {
          stuck = true;
        }
      }
      if (!stuck) until = meta._creationTime;
    }
    if (state === null) await ctx.db.insert("orphanSweep", { until });
    else if (until > state.until) await ctx.db.patch("orphanSweep", state._id, { until });
    if (batch.length === SWEEP_BATCH) {
      await ctx.scheduler.runAfter(0, internal.files.sweepOrphans, { from: batch[batch.length - 1]!._creationTime, pinned: stuck });
    }
    return { deleted, scanned: batch.length };
  },
});
