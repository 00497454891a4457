// The photos a job's booked photographer uploads (issue 15). Only the booked photographer adds or
// removes them, and only while the request is scheduled; delivering needs at least one. Who sees
// them: the photographer their own uploads, the owner and the hired professional once delivered,
// nobody else (an admin settling a dispute reads them through admin/disputes.ts). When the job asked
// for a photographer, the delivered photos are part of the completion's documentation.
import { ErrorCode } from "../../common/errors";
import { JOB_PHOTO_LIMITS, JobPhotoCopy } from "../../common/jobPhotos";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { fail, invalid } from "./errors";
import { claimPhotos, releaseFile } from "./files";
import type { Job } from "./jobs";
import { displayName } from "./users";

export type JobPhoto = Doc<"jobPhotos">;

/** The job's photos, oldest first (bounded by the per-job limit). */
export async function photosOf(ctx: QueryCtx, jobId: Id<"jobs">): Promise<JobPhoto[]> {
  return await ctx.db
    .query("jobPhotos")
    .withIndex("by_jobId", (q) => q.eq("jobId", jobId))
    .take(JOB_PHOTO_LIMITS.photos);
}

/** Why `user` may not add or remove photos on `job` now (null: allowed). */
function editRefusal(job: Job, user: Doc<"users">): { code: ErrorCode; message: string } | null {
  if (job.photographerId !== user._id) return { code: ErrorCode.FORBIDDEN, message: JobPhotoCopy.notBooked };
  if (job.photoStatus === "delivered") return { code: ErrorCode.INVALID_INPUT, message: JobPhotoCopy.alreadyDelivered };
  if (job.photoStatus !== "scheduled") return { code: ErrorCode.FORBIDDEN, message: JobPhotoCopy.notBooked };
  return null;
}

export function canEditPhotos(job: Job, user: Doc<"users">): boolean {
  return editRefusal(job, user) === null;
}

export function assertCanEditPhotos(job: Job, user: Doc<"users">): void {
  const refusal = editRefusal(job, user);
  if (refusal) fail(refusal.code, refusal.message);
}

/**
 * The booked photographer adds uploads to the job: each checked (theirs, an image, at most 10 MB)
 * and the job's total kept within the limit. A refused file is answered as a value (model/files.ts).
 */
export async function addPhotos(ctx: MutationCtx, job: Job, user: Doc<"users">, photos: readonly Id<"_storage">[]) {
  assertCanEditPhotos(job, user);
  if (photos.length === 0) invalid(JobPhotoCopy.choosePhotos);
  if (photos.length > JOB_PHOTO_LIMITS.perUpload) invalid(JobPhotoCopy.perUpload(JOB_PHOTO_LIMITS.perUpload));
  const existing = await photosOf(ctx, job._id);
  if (existing.length + photos.length > JOB_PHOTO_LIMITS.photos) invalid(JobPhotoCopy.tooMany(JOB_PHOTO_LIMITS.photos));
  const claim = await claimPhotos(ctx, user, photos, "job_photo", job._id);
  if (claim.refused !== undefined) return { refused: claim.refused };
  const now = Date.now();
  for (const storageId of claim.claimed) {
    await ctx.db.insert("jobPhotos", { jobId: job._id, storageId, photographerId: user._id, createdAt: now });
  }
  return null;
}

/** The booked photographer takes a photo back before delivering: its row and its file go. */
export async function removePhoto(ctx: MutationCtx, photo: JobPhoto, job: Job, user: Doc<"users">) {
  assertCanEditPhotos(job, user);
  await ctx.db.delete("jobPhotos", photo._id);
  await releaseFile(ctx, user, photo.storageId);
}

/** The photographer let go before delivering: their undelivered uploads, rows and files, go with them. */
export async function removeUndeliveredPhotos(ctx: MutationCtx, job: Job): Promise<void> {
  if (job.photographerId === undefined || job.photoStatus === "delivered") return;
  const photographer = await ctx.db.get("users", job.photographerId);
  for (const photo of await photosOf(ctx, job._id)) {
    await ctx.db.delete("jobPhotos", photo._id);
    if (photographer !== null) await releaseFile(ctx, photographer, photo.storageId);
  }
}

/** Delivering needs photos to deliver. */
export async function assertHasPhotos(ctx: QueryCtx, job: Job): Promise<void> {
  const first = await ctx.db
    .query("jobPhotos")
    .withIndex("by_jobId", (q) => q.eq("jobId", job._id))
    .first();
  if (first === null) invalid(JobPhotoCopy.deliverNeedsPhotos);
}

/** Who `userId` is to the job's photos: the photographer, a party who sees them once delivered, or nobody. */
export function photoViewerRole(job: Job, userId: Id<"users">): "photographer" | "party" | null {
  if (job.photographerId === userId) return "photographer";
  if (job.customerId === userId || job.contractorId === userId) return "party";
  return null;
}

/** The photos `userId` may see on the job (none for anyone else). */
export async function visiblePhotos(ctx: QueryCtx, job: Job, userId: Id<"users">): Promise<JobPhoto[]> {
  const role = photoViewerRole(job, userId);
  if (role === null) return [];
  if (role === "party" && job.photoStatus !== "delivered") return [];
  return await photosOf(ctx, job._id);
}

/** The delivered photos' URLs (an admin settling a dispute, the completion's documentation). */
export async function deliveredPhotoUrls(ctx: QueryCtx, job: Job): Promise<string[]> {
  if (job.photoStatus !== "delivered") return [];
  return await urlsOf(ctx, await photosOf(ctx, job._id));
}

export async function urlsOf(ctx: QueryCtx, photos: readonly JobPhoto[]): Promise<string[]> {
  const urls: string[] = [];
  for (const photo of photos) {
    const url = await ctx.storage.getUrl(photo.storageId);
    if (url !== null) urls.push(url);
  }
  return urls;
}

/**
 * Why the hired professional can't submit completion yet because of the photo request (null: they
 * can). A job that asked for a photographer waits for the booked photographer's delivery; when no
 * photographer has taken the request, nothing waits (the money would otherwise be held on someone
 * who may never come), and the form says so.
 */
export async function completionPhotoBlock(ctx: QueryCtx, job: Job): Promise<string | null> {
  if (!job.photoRequired || job.photoStatus !== "scheduled" || job.photographerId === undefined) return null;
  const photographer = await ctx.db.get("users", job.photographerId);
  return JobPhotoCopy.waitingForPhotographer(photographer ? displayName(photographer) : "The photographer");
}
