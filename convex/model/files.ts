// Stored files and who owns them. Upload URLs come from files:generateUploadUrl
// (quotas and rate limits); the bytes go straight to storage, so a storage id
// belongs to nobody until the first mutation that attaches it calls claimFile,
// which checks the declared type against an allowlist of raster images, videos
// and (where a document is expected) PDF, and the size, and records uploader,
// purpose and holder in the same transaction; then verifyUpload (convex/files.ts)
// reads the first bytes and deletes a file they contradict (model/sniff.ts: a
// mutation can't read file contents). An id claimed by someone else, or already
// attached, is refused; so is an unclaimed id older than the claim grace period
// (a file attached before files were tracked, whose owner nobody recorded).
// Uploads never claimed within the grace period are deleted by the orphan sweep.
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
import { internal } from "../_generated/api";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { CREDENTIAL_MAX_BYTES } from "../../common/credentials";
import { UPLOAD_LIMITS } from "../../common/profile";
import { SCRAP_LIMITS } from "../../common/scrap";
import { COVER_IMAGE_MAX_BYTES } from "../../common/branding";
import { SOCIAL_LIMITS } from "../../common/socialCatalog";
import { uploadBytesPerDay } from "./rateLimit";
import { logSecurityEvent } from "./securityLog";
import { DOCUMENT_TYPES, IMAGE_TYPES, normalizeContentType, VIDEO_TYPES } from "./sniff";

export const FILE_PURPOSES = ["avatar", "portfolio", "scrap", "post", "credential", "completion", "dispute", "cover", "job_photo"] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

export function isFilePurpose(value: string): value is FilePurpose {
  return (FILE_PURPOSES as readonly string[]).includes(value);
}

const DAY = 24 * 60 * 60_000;
/**
 * The claim grace period: uploads not attached within this long are orphans (the sweep deletes
 * them), and an unclaimed file older than this can't be claimed (it is a legacy file).
 */
export const ORPHAN_AFTER_MS = DAY;

/** Photos: completion, dispute and job photos, at most 10 MB each. */
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** The largest image (or document) each purpose accepts: an upload URL reserves this much of the byte quota. */
export const PURPOSE_MAX_BYTES: Record<FilePurpose, number> = {
  avatar: UPLOAD_LIMITS.profileImage,
  portfolio: UPLOAD_LIMITS.portfolioImage,
  scrap: SCRAP_LIMITS.photoBytes,
  post: SOCIAL_LIMITS.imageBytes,
  credential: CREDENTIAL_MAX_BYTES,
  completion: PHOTO_MAX_BYTES,
  dispute: PHOTO_MAX_BYTES,
  cover: COVER_IMAGE_MAX_BYTES,
  job_photo: PHOTO_MAX_BYTES,
};
/** The largest video of the purposes that take videos (an upload URL asked for a video). */
export const PURPOSE_MAX_VIDEO_BYTES: Partial<Record<FilePurpose, number>> = {
  portfolio: UPLOAD_LIMITS.portfolioVideo,
  post: SOCIAL_LIMITS.videoBytes,
};
/** No purpose accepts a larger file: an unclaimed one is deleted at once (the orphan sweep). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(PURPOSE_MAX_BYTES), ...Object.values(PURPOSE_MAX_VIDEO_BYTES));

/** What an upload URL reserves: the largest file of its purpose and kind. */
export function reservedBytes(purpose: FilePurpose, kind: "image" | "video" | undefined): number {
  return (kind === "video" ? PURPOSE_MAX_VIDEO_BYTES[purpose] : undefined) ?? PURPOSE_MAX_BYTES[purpose];
}

export interface ClaimRules {
  purpose: FilePurpose;
  /** The id of the row that will hold the file (may be set later with attachFile). */
  attachedTo?: string;
  maxBytes: number;
  /**
   * Accepted content types: "image/" (the raster images of IMAGE_TYPES, never SVG), "video/"
   * (VIDEO_TYPES) or an exact "application/pdf" (model/sniff.ts).
   */
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

const FAMILIES: Record<string, readonly string[]> = { "image/": IMAGE_TYPES, "video/": VIDEO_TYPES };
const KNOWN_TYPES: readonly string[] = [...IMAGE_TYPES, ...VIDEO_TYPES, ...DOCUMENT_TYPES];

/** Only types whose bytes verifyUpload can recognise: a prefix means its family's allowlist. */
export function typeAllowed(contentType: string, types: readonly string[]): boolean {
  const type = normalizeContentType(contentType);
  return types.some((t) => (FAMILIES[t] ?? (KNOWN_TYPES.includes(t) ? [t] : [])).includes(type));
}

export async function fileByStorageId(ctx: QueryCtx, storageId: Id<"_storage">): Promise<Doc<"files"> | null> {
  return await ctx.db
    .query("files")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .unique();
}

/**
 * Bytes the member attached in the last 24 hours plus what their unused upload URLs of that day
 * reserve (the byte quota): an unclaimed upload counts before anyone knows it is theirs.
 */
export async function bytesToday(ctx: QueryCtx, uploaderId: Id<"users">): Promise<number> {
  let total = 0;
  const since = Date.now() - DAY;
  // Bounded: the count quota caps a day's files and upload URLs far below this.
  const rows = await ctx.db
    .query("files")
    .withIndex("by_uploaderId_and_createdAt", (q) => q.eq("uploaderId", uploaderId).gt("createdAt", since))
    .take(2000);
  for (const row of rows) total += row.size;
  const grants = await ctx.db
    .query("uploadGrants")
    .withIndex("by_userId_and_createdAt", (q) => q.eq("userId", uploaderId).gt("createdAt", since))
    .take(2000);
  for (const grant of grants) total += grant.bytes;
  return total;
}

/** An upload URL handed out: reserves the purpose's largest file until a claim uses it. */
export async function grantUpload(ctx: MutationCtx, userId: Id<"users">, purpose: FilePurpose, bytes: number): Promise<void> {
  await ctx.db.insert("uploadGrants", { userId, purpose, bytes, createdAt: Date.now() });
}

/** A claim replaces the reservation of one upload URL (the oldest of that purpose) by the real size. */
async function useGrant(ctx: MutationCtx, userId: Id<"users">, purpose: FilePurpose): Promise<void> {
  const grants = await ctx.db
    .query("uploadGrants")
    .withIndex("by_userId_and_createdAt", (q) => q.eq("userId", userId).gt("createdAt", Date.now() - DAY))
    .take(200);
  const grant = grants.find((g) => g.purpose === purpose) ?? grants[0];
  if (grant !== undefined) await ctx.db.delete("uploadGrants", grant._id);
}

/**
 * A stored file nobody claimed that may not be claimed now: older than the grace period (no
 * upload URL lives that long, so it was attached before files were tracked), or held as an avatar
 * or portfolio item from then. Its owner is unknown, so knowing its id proves nothing.
 */
async function isLegacyFile(ctx: QueryCtx, meta: { _id: Id<"_storage">; _creationTime: number }): Promise<boolean> {
  return meta._creationTime < Date.now() - ORPHAN_AFTER_MS || (await heldWithoutRecord(ctx, meta._id));
}

/** Held as an avatar or portfolio item attached before files were tracked (no record). */
export async function heldWithoutRecord(ctx: QueryCtx, storageId: Id<"_storage">): Promise<boolean> {
  const avatar = await ctx.db
    .query("users")
    .withIndex("by_imageStorageId", (q) => q.eq("imageStorageId", storageId))
    .first();
  if (avatar !== null) return true;
  const portfolio = await ctx.db
    .query("portfolioItems")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .first();
  return portfolio !== null;
}

/** Deletes an upload nobody has claimed; never a file someone claimed, nor a legacy file. */
export async function discardUnclaimed(ctx: MutationCtx, storageId: Id<"_storage">): Promise<void> {
  if ((await fileByStorageId(ctx, storageId)) !== null) return;
  const meta = await ctx.db.system.get(storageId);
  if (meta !== null && !(await isLegacyFile(ctx, meta))) await ctx.storage.delete(storageId);
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
  // Before any deletion below: a legacy file is someone's, and stays.
  if (await isLegacyFile(ctx, meta)) return refuse(ErrorCode.FORBIDDEN, Messages.fileNotYours);
  await useGrant(ctx, viewer._id, rules.purpose);
  const contentType = normalizeContentType(meta.contentType ?? "");
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
  // The declared type passed; the bytes are checked where they can be read (an action).
  await ctx.scheduler.runAfter(0, internal.files.verifyUpload, { storageId });
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

/**
 * A holder lets go of files it no longer shows (replaced completion or dispute photos): each
 * record and its bytes are deleted when the file is attached to `holder`, whoever uploaded it.
 */
export async function releaseHeldFiles(ctx: MutationCtx, holder: string, storageIds: readonly Id<"_storage">[]): Promise<void> {
  for (const storageId of storageIds) {
    const row = await fileByStorageId(ctx, storageId);
    if (row === null || row.attachedTo !== holder) continue;
    await ctx.db.delete("files", row._id);
    if ((await ctx.db.system.get(storageId)) !== null) await ctx.storage.delete(storageId);
  }
}

export function uploadBytesQuotaMessage(quota: number): string {
  const mb = Math.round(quota / (1024 * 1024));
  const amount = mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`;
  return `You've reached today's upload limit (${amount} a day). Please try again tomorrow.`;
}

export function uploadCountQuotaMessage(max: number): string {
  return `You've reached today's upload limit (${max} files a day). Please try again tomorrow.`;
}

/** Photos: raster images, at most 10 MB each (completion, dispute and job photos). */
export const PHOTO_RULES = {
  maxBytes: PHOTO_MAX_BYTES,
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

/**
 * For files attached before the files table existed (migrations.ts legacyAvatars and
 * legacyPortfolioFiles): a file without a record gets one naming the member whose row holds it
 * (the only owner anyone can know), dated when it was stored (outside any quota day), and its
 * bytes checked like a new claim. Until then such a file is kept by the sweep and refused to every
 * claimer (claimFile).
 */
export async function adoptLegacyFile(
  ctx: MutationCtx,
  file: { storageId: Id<"_storage">; uploaderId: Id<"users">; purpose: "avatar" | "portfolio"; attachedTo: string },
): Promise<void> {
  if ((await fileByStorageId(ctx, file.storageId)) !== null) return;
  const meta = await ctx.db.system.get(file.storageId);
  if (meta === null) return;
  await ctx.db.insert("files", {
    ...file,
    size: meta.size,
    contentType: normalizeContentType(meta.contentType ?? ""),
    createdAt: meta._creationTime,
  });
  await ctx.scheduler.runAfter(0, internal.files.verifyUpload, { storageId: file.storageId });
}
