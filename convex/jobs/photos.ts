// Photographer on request: a job posted with photoRequired is offered to
// nearby photographers; one takes it (scheduled), then delivers. Rules and
// the photo request's transitions live in model/jobs.ts.
import { v } from "convex/values";
import { PHOTOGRAPHER_PROFESSION } from "../../common/jobs";
import { mutation, query } from "../functions";
import { distanceMiles, geohashRanges } from "../model/geo";
import { getJobX, jobCardValidator, photoTransition, pointOf, toCard, type Job } from "../model/jobs";
import { notifyAll } from "../model/notifications";
import { radiusOf } from "../model/professionals";
import { displayName } from "../model/users";

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

/** The booked photographer delivers: scheduled -> delivered. */
export const deliver = mutation({
  args: { jobId: v.id("jobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const viewer = ctx.viewerX();
    const job = await getJobX(ctx, jobId);
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
