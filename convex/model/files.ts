// Stored files and who owns them. Upload URLs come from files:generateUploadUrl
// (quotas and rate limits); the bytes go straight to storage, so a storage id
// belongs to nobody until the first mutation that attaches it calls claimFile,
// which checks the file's real type and size (from storage's metadata) and
// records uploader, purpose and holder in the same transaction. An id claimed
// by someone else, or already attached, is refused. Uploads never claimed
// within 24 hours are deleted by the orphan sweep (convex/files.ts).
//
// A refusal never throws: a throw would roll back the deletion of the refused
// upload. claimFile deletes it and returns the error; the caller returns that
// error to the client as a value (see refusalValidator) without throwing.
//
// New features (feed media, credentials, completion photos, ...) add their
// purpose to FILE_PURPOSES and call claimFile / releaseFile as they are.
import { v } from "convex/values";
import { ErrorCode, Messages, type AppErrorData } from "../../common/errors";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { uploadBytesPerDay } from "./rateLimit";
import { logSecurityEvent } from "./securityLog";

export const FILE_PURPOSES = ["avatar", "portfolio", "scrap", "post", "credential", "completion", "dispute", "cover", "job_photo"] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

export function isFilePurpose(value: string): value is FilePurpose {
  return (FILE_PURPOSES as readonly string[]).includes(value);
}

const DAY = 24 * 60 * 60_000;
/** Uploads not attached within this long are orphans. */
export const ORPHAN_AFTER_MS = DAY;

export interface ClaimRules {
  purpose: FilePurpose;
  /** The id of the row that will hold the file (may be set later with attachFile). */
  attachedTo?: string;
  maxBytes: number;
  /** Accepted content types: "image/" (a prefix, ends with /) or an exact "application/pdf". */
  types: readonly string[];
  /** What the member reads when the type or size is wrong (defaults are generic). */
  messages?: { type?: string; size?: string };
}

export type Claim =
  { ok: true; fileId: Id<"files">; contentType: string; size: number } | { ok: false; error: AppErrorData };

/** A refused file as a function's return value (a thrown error would undo the deletion). */
export const refusalValidator = v.object({
  refused: v.object({
    code: v.string(),
    message: v.string(),
    fields: v.optional(v.record(v.string(), v.string())),
    retryAt: v.optional(v.number()),
  }),
});

const refuse = (code: AppErrorData["code"], message: string): Claim => ({ ok: false, error: { code, message } });

function typeAllowed(contentType: string, types: readonly string[]): boolean {
  return types.some((t) => (t.endsWith("/") ? contentType.startsWith(t) : contentType === t));
}

export async function fileByStorageId(ctx: QueryCtx, storageId: Id<"_storage">): Promise<Doc<"files"> | null> {
  return await ctx.db
    .query("files")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .unique();
}

/** Bytes the member attached in the last 24 hours (the byte quota). */
export async function bytesToday(ctx: QueryCtx, uploaderId: Id<"users">): Promise<number> {
  let total = 0;
  // Bounded: the count quota caps a day's files far below this.
  const rows = await ctx.db
    .query("files")
    .withIndex("by_uploaderId_and_createdAt", (q) => q.eq("uploaderId", uploaderId).gt("createdAt", Date.now() - DAY))
    .take(2000);
  for (const row of rows) total += row.size;
  return total;
}

/** Deletes an upload nobody has claimed; never a file someone claimed. */
export async function discardUnclaimed(ctx: MutationCtx, storageId: Id<"_storage">): Promise<void> {
  if ((await fileByStorageId(ctx, storageId)) !== null) return;
  if ((await ctx.db.system.get(storageId)) !== null) await ctx.storage.delete(storageId);
}

/**
 * Checks the upload and makes it the viewer's, attached for `rules.purpose`.
 * On refusal the viewer's unclaimed upload is deleted (a file of someone else
 * is left alone) and the error is returned, not thrown.
 */
export async function claimFile(
  ctx: MutationCtx,
  viewer: Doc<"users">,
  storageId: Id<"_storage">,
  rules: ClaimRules,
): Promise<Claim> {
  const existing = await fileByStorageId(ctx, storageId);
  if (existing !== null) {
    return existing.uploaderId === viewer._id
      ? refuse(ErrorCode.INVALID_INPUT, Messages.fileInUse)
      : refuse(ErrorCode.FORBIDDEN, Messages.fileNotYours);
  }
  const meta = await ctx.db.system.get(storageId);
  if (meta === null) return refuse(ErrorCode.INVALID_INPUT, Messages.uploadMissing);
  const contentType = meta.contentType ?? "";
  const problem = !typeAllowed(contentType, rules.types)
    ? (rules.messages?.type ?? Messages.fileType)
    : meta.size > rules.maxBytes
      ? (rules.messages?.size ?? Messages.fileTooLarge)
      : null;
  if (problem !== null) {
    await ctx.storage.delete(storageId);
    return refuse(ErrorCode.INVALID_INPUT, problem);
  }
  const quota = uploadBytesPerDay();
  if ((await bytesToday(ctx, viewer._id)) + meta.size > quota) {
    await ctx.storage.delete(storageId);
    // The refusal is answered as a value, so this row commits.
    await logSecurityEvent(ctx, "rate_limited", {
      userId: viewer._id,
      identifier: `upload:bytes:${viewer._id}`,
      details: `upload bytes per day: quota of ${quota} bytes reached`,
    });
    return refuse(ErrorCode.RATE_LIMITED, uploadBytesQuotaMessage(quota));
  }
  const fileId = await ctx.db.insert("files", {
    storageId,
    uploaderId: viewer._id,
    purpose: rules.purpose,
    ...(rules.attachedTo ? { attachedTo: rules.attachedTo } : {}),
    size: meta.size,
    contentType,
    createdAt: Date.now(),
  });
  return { ok: true, fileId, contentType, size: meta.size };
}

/** Records which row holds a claimed file (when the row is created after the claim). */
export async function attachFile(ctx: MutationCtx, fileId: Id<"files">, attachedTo: string): Promise<void> {
  await ctx.db.patch("files", fileId, { attachedTo });
}

/**
 * The holder lets go of a file: its record and its bytes are deleted, but only
 * when the viewer uploaded it. A file without a record (attached before files
 * were tracked) is left in storage rather than risk deleting someone else's.
 */
export async function releaseFile(ctx: MutationCtx, viewer: Doc<"users">, storageId: Id<"_storage">): Promise<void> {
  const row = await fileByStorageId(ctx, storageId);
  if (row === null || row.uploaderId !== viewer._id) return;
  await ctx.db.delete("files", row._id);
  if ((await ctx.db.system.get(storageId)) !== null) await ctx.storage.delete(storageId);
}

export function uploadBytesQuotaMessage(quota: number): string {
  const mb = Math.round(quota / (1024 * 1024));
  const amount = mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`;
  return `You've reached today's upload limit (${amount} a day). Please try again tomorrow.`;
}

export function uploadCountQuotaMessage(max: number): string {
  return `You've reached today's upload limit (${max} files a day). Please try again tomorrow.`;
}

/** Photos: any image type, at most 10 MB each (completion, dispute and job photos). */
export const PHOTO_RULES = {
  maxBytes: 10 * 1024 * 1024,
  types: ["image/"],
  messages: { type: "Photos must be images (JPEG, PNG, WebP or HEIC).", size: "Each photo must be 10 MB or smaller." },
} as const;

/**
 * Claims several uploaded photos for one holder, all or nothing: on the first refusal the ones
 * already claimed are released and the rest of the viewer's unclaimed uploads deleted, and the
 * refusal is returned (not thrown, as claimFile explains).
 */
export async function claimPhotos(
  ctx: MutationCtx,
  viewer: Doc<"users">,
  photos: readonly Id<"_storage">[],
  purpose: FilePurpose,
  attachedTo: string,
): Promise<{ refused: AppErrorData; claimed: [] } | { refused: undefined; claimed: Id<"_storage">[] }> {
  const claimed: Id<"_storage">[] = [];
  for (const storageId of photos) {
    const claim = await claimFile(ctx, viewer, storageId, { purpose, attachedTo, ...PHOTO_RULES });
    if (!claim.ok) {
      for (const c of claimed) await releaseFile(ctx, viewer, c);
      for (const other of photos) if (other !== storageId) await discardUnclaimed(ctx, other);
      return { refused: claim.error, claimed: [] };
    }
    claimed.push(storageId);
  }
  return { refused: undefined, claimed };
}
