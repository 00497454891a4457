// Photographer on request: a job posted with photoRequired is offered to
// nearby photographers; one takes it (scheduled), uploads the photos, then
// delivers them. Rules and the photo request's transitions live in
// model/jobs.ts; the photos' rules in model/jobPhotos.ts.
import { v } from "convex/values";
import { JOB_PHOTO_LIMITS, JobPhotoCopy } from "../../common/jobPhotos";
import { PHOTOGRAPHER_PROFESSION } from "../../common/jobs";
import { mutation, query } from "../functions";
import { distanceMiles, geohashRanges } from "../model/geo";
import { refusalValidator } from "../model/files";
import {
  addPhotos,
  assertHasPhotos,
  canEditPhotos,
  completionPhotoBlock,
  photoViewerRole,
  photosOf,
  removePhoto as removeJobPhoto,
  removeUndeliveredPhotos,
  visiblePhotos,
} from "../model/jobPhotos";
import {
  assertCanDeliverPhotos,
  canDeliverPhotos,
  canReleasePhotographer,
  getJobX,
  jobCardValidator,
  photoTransition,
  pointOf,
  toCard,
  type Job,
} from "../model/jobs";
import { notifyAll } from "../model/notifications";
import { radiusOf } from "../model/professionals";
import { displayName } from "../model/users";
import { notFound } from "../model/errors";

/** Rows read per geohash range when listing photo requests. */
const GEO_TAKE_PER_RANGE = 300;
/** Photo requests listed at most. */
const NEARBY_LIMIT = 50;

/** A photographer takes an open photo request: requested -> scheduled. */
export const take = mutation({
  args: { jobId: v.id("jobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const viewer = ctx.viewerX();
    const job = await getJobX(ctx, jobId);
    await photoTransition(ctx, job, "take", viewer);
    await notifyAll(ctx, [job.customerId], {
      type: "job",
      title: "Photographer booked",
      content: `${displayName(viewer)} will photograph "${job.title}".`,
      actionUrl: `/jobs/${job._id}`,
      actorId: viewer._id,
      entityType: "job",
      entityId: job._id,
    });
    return null;
  },
});

/** The booked photographer delivers the uploaded photos (at least one): scheduled -> delivered. */
export const deliver = mutation({
  args: { jobId: v.id("jobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const viewer = ctx.viewerX();
    const job = await getJobX(ctx, jobId);
    assertCanDeliverPhotos(job, viewer);
    await assertHasPhotos(ctx, job);
    await photoTransition(ctx, job, "deliver", viewer);
    await notifyAll(ctx, [job.customerId, ...(job.contractorId ? [job.contractorId] : [])], {
      type: "job",
      title: "Photos delivered",
      content: `Photos for "${job.title}" are delivered.`,
      actionUrl: `/jobs/${job._id}`,
      actorId: viewer._id,
      entityType: "job",
      entityId: job._id,
    });
    return null;
  },
});

/**
 * Before delivery, the owner lets the booked photographer go (one who never comes would otherwise
 * hold up the hired professional's completion), or the photographer withdraws: scheduled ->
 * requested, open to other photographers. Undelivered uploads are removed; the others are told.
 */
export const release = mutation({
  args: { jobId: v.id("jobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const viewer = ctx.viewerX();
    const job = await getJobX(ctx, jobId);
    // The transition checks who and from which state; `job` still names the photographer whose uploads go.
    await photoTransition(ctx, job, "release", viewer);
    await removeUndeliveredPhotos(ctx, job);
    const byOwner = job.customerId === viewer._id;
    const others = [job.customerId, job.photographerId, job.contractorId].filter(
      (id): id is NonNullable<typeof id> => id !== undefined && id !== viewer._id,
    );
    await notifyAll(ctx, others, {
      type: "job",
      title: byOwner ? "Photographer released" : "Photographer withdrew",
      content: byOwner
        ? `The owner of "${job.title}" no longer needs the booked photographer; the photo request is open again.`
        : `${displayName(viewer)} withdrew from the photos for "${job.title}"; the photo request is open again.`,
      actionUrl: `/jobs/${job._id}`,
      actorId: viewer._id,
      entityType: "job",
      entityId: job._id,
    });
    return null;
  },
});

/** The booked photographer adds uploaded photos to the job (before delivering). */
export const upload = mutation({
  args: { jobId: v.id("jobs"), photos: v.array(v.id("_storage")) },
  returns: v.union(v.null(), refusalValidator),
  handler: async (ctx, { jobId, photos }) => {
    const viewer = ctx.viewerX();
    const job = await getJobX(ctx, jobId);
    return await addPhotos(ctx, job, viewer, photos);
  },
});

/** The booked photographer takes one photo back (before delivering). */
export const removePhoto = mutation({
  args: { photoId: v.id("jobPhotos") },
  returns: v.null(),
  handler: async (ctx, { photoId }) => {
    const viewer = ctx.viewerX();
    const photo = await ctx.db.get("jobPhotos", photoId);
    if (photo === null) notFound(JobPhotoCopy.photoNotFound);
    await removeJobPhoto(ctx, photo, await getJobX(ctx, photo.jobId), viewer);
    return null;
  },
});

const photoView = v.object({ _id: v.id("jobPhotos"), url: v.string() });

/**
 * The job's photo request as the viewer may see it: the photographer their uploads, the owner and
 * the hired professional the photos once delivered; null for anyone else or a job without one.
 */
export const forJob = query({
  args: { jobId: v.string() },
  returns: v.union(
    v.null(),
    v.object({
      role: v.union(v.literal("photographer"), v.literal("party")),
      photoStatus: v.string(),
      photographerName: v.union(v.string(), v.null()),
      photos: v.array(photoView),
      canUpload: v.boolean(),
      canDeliver: v.boolean(),
      /** The owner may let the booked photographer go, the photographer may withdraw (before delivery). */
      canRelease: v.boolean(),
      limit: v.number(),
      /** Why the hired professional can't submit completion yet (the photographer hasn't delivered). */
      completionBlock: v.union(v.string(), v.null()),
    }),
  ),
  handler: async (ctx, { jobId }) => {
    const viewer = ctx.viewerX();
    const id = ctx.db.normalizeId("jobs", jobId);
    const job = id === null ? null : await ctx.db.get("jobs", id);
    if (job === null || job.photoStatus === "not_requested") return null;
    const role = photoViewerRole(job, viewer._id);
    if (role === null) return null;
    const photographer = job.photographerId ? await ctx.db.get("users", job.photographerId) : null;
    const photos = [];
    for (const photo of await visiblePhotos(ctx, job, viewer._id)) {
      const url = await ctx.storage.getUrl(photo.storageId);
      if (url !== null) photos.push({ _id: photo._id, url });
    }
    return {
      role,
      photoStatus: job.photoStatus,
      photographerName: photographer ? displayName(photographer) : null,
      photos,
      canUpload: canEditPhotos(job, viewer),
      canDeliver: canDeliverPhotos(job, viewer),
      canRelease: canReleasePhotographer(job, viewer),
      limit: JOB_PHOTO_LIMITS.photos,
      completionBlock: job.contractorId === viewer._id ? await completionPhotoBlock(ctx, job) : null,
    };
  },
});

/** Booked photo requests listed at most. */
const MINE_LIMIT = 50;

/** The photographer's booked photo requests, newest first: scheduled ones to shoot, delivered ones. */
export const mine = query({
  args: {},
  returns: v.array(v.object({ job: jobCardValidator, photoCount: v.number() })),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    const jobs = await ctx.db
      .query("jobs")
      .withIndex("by_photographerId", (q) => q.eq("photographerId", viewer._id))
      .order("desc")
      .take(MINE_LIMIT);
    const from = pointOf(viewer);
    const out = [];
    for (const job of jobs) {
      out.push({ job: await toCard(ctx, job, from), photoCount: (await photosOf(ctx, job._id)).length });
    }
    return out;
  },
});

/** Open photo requests near a photographer, nearest first. */
export const nearby = query({
  args: {},
  returns: v.array(jobCardValidator),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    const from = pointOf(viewer);
    if (!(viewer.professions ?? []).includes(PHOTOGRAPHER_PROFESSION) || from === null) return [];
    const found: { job: Job; distance: number }[] = [];
    for (const [start, end] of geohashRanges(from, radiusOf(viewer))) {
      const rows = await ctx.db
        .query("jobs")
        .withIndex("by_photoStatus_and_geohash", (q) =>
          q.eq("photoStatus", "requested").gte("geohash", start).lte("geohash", end),
        )
        .take(GEO_TAKE_PER_RANGE);
      for (const job of rows) {
        if (job.lat === undefined || job.lng === undefined || job.customerId === viewer._id) continue;
        if (job.status === "cancelled" || job.status === "completed") continue;
        const distance = distanceMiles(from, { lat: job.lat, lng: job.lng });
        if (distance <= radiusOf(viewer)) found.push({ job, distance });
      }
    }
    found.sort((a, b) => a.distance - b.distance);
    return await Promise.all(found.slice(0, NEARBY_LIMIT).map(({ job }) => toCard(ctx, job, from)));
  },
});
