// Jobs: posting, quote requests, the job page, saved and applied jobs, the
// viewer's own jobs and the job's transitions. Browsing is in jobs/browse.ts,
// the photo workflow in jobs/photos.ts; rules live in model/jobs.ts.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import {
  formatBidPrice,
  JobMessages,
  postJobSchema,
  quoteRequestSchema,
  splitRequirements,
  type JobStatus,
} from "../common/jobs";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { mutation, query } from "./functions";
import { parseOrThrow } from "./model/errors";
import { distanceMiles } from "./model/geo";
import {
  availableActions,
  canBid,
  canDeliverPhotos,
  canTakePhotos,
  getJobX,
  insertJob,
  isListed,
  JOB_ACTIONS,
  jobCardValidator,
  limitPhotoRequests,
  limitQuoteRequests,
  pointOf,
  routeQuoteRequest,
  shapeEvent,
  toCard,
  transition,
  viewerBid,
  type Job,
} from "./model/jobs";
import { onJobCancelled } from "./payments/model/payments";
import { cappedPagination, MAX_PAGE_SIZE, pageSize } from "./model/paging";
import { displayName, fullName } from "./model/users";
import { actorOf } from "./model/teams";

export const create = mutation({
  args: {
    title: v.string(),
    description: v.string(),
    category: v.string(),
    propertyType: v.string(),
    location: v.string(),
    zipCode: v.string(),
    urgency: v.optional(v.string()),
    budget: v.optional(v.string()),
    timeline: v.optional(v.string()),
    requirements: v.optional(v.string()),
    photoRequired: v.optional(v.boolean()),
  },
  returns: v.id("jobs"),
  handler: async (ctx, args) => {
    const viewer = ctx.viewerX();
    const values = parseOrThrow(postJobSchema, args);
    if (values.photoRequired) await limitPhotoRequests(ctx, viewer._id);
    const job = await insertJob(ctx, viewer, {
      title: values.title,
      description: values.description,
      category: values.category,
      propertyType: values.propertyType,
      location: values.location,
      zipCode: values.zipCode,
      urgency: values.urgency,
      budget: values.budget,
      timeline: values.timeline,
      requirements: splitRequirements(values.requirements),
      photoRequired: values.photoRequired,
      source: "project",
    });
    return job._id;
  },
});

/** A quote request becomes a job open for bids, routed to matching professionals nearby. */
export const requestQuote = mutation({
  args: {
    title: v.string(),
    description: v.string(),
    category: v.string(),
    propertyType: v.string(),
    city: v.string(),
    state: v.string(),
    zipCode: v.string(),
    budget: v.string(),
    urgency: v.string(),
    contactMethod: v.optional(v.string()),
    contactInfo: v.optional(v.string()),
    photoRequired: v.optional(v.boolean()),
  },
  returns: v.object({ jobId: v.id("jobs"), matched: v.number() }),
  handler: async (ctx, args) => {
    const viewer = ctx.viewerX();
    const values = parseOrThrow(quoteRequestSchema, args);
    await limitQuoteRequests(ctx, viewer._id);
    if (values.photoRequired) await limitPhotoRequests(ctx, viewer._id);
    return await routeQuoteRequest(ctx, viewer, values);
  },
});

// ---------------------------------------------------------------------------
// Saved and applied jobs.

export const saved = query({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(jobCardValidator),
  handler: async (ctx, { paginationOpts }) => {
    const viewer = ctx.viewerX();
    const result = await ctx.db
      .query("savedJobs")
      .withIndex("by_userId_and_jobId", (q) => q.eq("userId", viewer._id))
      .order("desc")
      .paginate(cappedPagination(paginationOpts));
    const jobs = await Promise.all(result.page.map((s) => ctx.db.get(s.jobId)));
    const from = pointOf(viewer);
    // A banned owner's job leaves saved lists as it leaves the others (issue 29).
    const page = await Promise.all(
      jobs.filter((j): j is Job => j !== null && isListed(j)).map((j) => toCard(ctx, j, from)),
    );
    return { ...result, page };
  },
});

/** Jobs the viewer bid on, with their bid's status. */
export const applied = query({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(
    v.object({ job: jobCardValidator, bidStatus: v.string(), bidPrice: v.string(), bidId: v.id("bids") }),
  ),
  handler: async (ctx, { paginationOpts }) => {
    const viewer = ctx.viewerX();
    const result = await ctx.db
      .query("bids")
      .withIndex("by_professionalId", (q) => q.eq("professionalId", viewer._id))
      .order("desc")
      .paginate(cappedPagination(paginationOpts));
    const from = pointOf(viewer);
    const page = [];
    for (const bid of result.page) {
      const job = await ctx.db.get(bid.jobId);
      if (job === null) continue;
      page.push({
        job: await toCard(ctx, job, from),
        bidStatus: bid.status,
        bidPrice: formatBidPrice(bid.priceMin, bid.priceMax),
        bidId: bid._id,
      });
    }
    return { ...result, page };
  },
});

export const toggleSave = mutation({
  args: { jobId: v.id("jobs") },
  returns: v.boolean(),
  handler: async (ctx, { jobId }) => {
    const viewer = ctx.viewerX();
    await getJobX(ctx, jobId);
    const existing = await ctx.db
      .query("savedJobs")
      .withIndex("by_userId_and_jobId", (q) => q.eq("userId", viewer._id).eq("jobId", jobId))
      .unique();
    if (existing) {
      await ctx.db.delete(existing._id);
      return false;
    }
    await ctx.db.insert("savedJobs", { userId: viewer._id, jobId });
    return true;
  },
});

/** Which of these jobs the viewer saved (for the Save toggles of a visible page). */
export const savedIds = query({
  args: { jobIds: v.array(v.id("jobs")) },
  returns: v.array(v.id("jobs")),
  handler: async (ctx, { jobIds }) => {
    const viewer = ctx.viewer;
    if (viewer === null) return [];
    const out: Id<"jobs">[] = [];
    for (const jobId of jobIds.slice(0, MAX_PAGE_SIZE)) {
      const row = await ctx.db
        .query("savedJobs")
        .withIndex("by_userId_and_jobId", (q) => q.eq("userId", viewer._id).eq("jobId", jobId))
        .unique();
      if (row) out.push(jobId);
    }
    return out;
  },
});

// ---------------------------------------------------------------------------
// The job page.

const bidView = v.object({
  _id: v.id("bids"),
  _creationTime: v.number(),
  priceMin: v.number(),
  priceMax: v.union(v.number(), v.null()),
  message: v.string(),
  earliestStart: v.string(),
  estimatedDuration: v.string(),
  status: v.string(),
  /** Milliseconds from the job's posting to this bid. */
  responseMs: v.number(),
  professional: v.object({
    _id: v.id("users"),
    name: v.string(),
    profession: v.union(v.string(), v.null()),
    rating: v.number(),
    reviewCount: v.number(),
    verified: v.boolean(),
    available: v.boolean(),
    distanceMiles: v.union(v.number(), v.null()),
  }),
  /** The team member who placed it for the business (model/teams.ts), if one did. */
  placedBy: v.union(v.string(), v.null()),
});

async function toBidView(ctx: QueryCtx, bid: Doc<"bids">, job: Job) {
  const pro = await ctx.db.get(bid.professionalId);
  const placedBy = bid.placedBy ? await ctx.db.get("users", bid.placedBy) : null;
  return {
    _id: bid._id,
    _creationTime: bid._creationTime,
    priceMin: bid.priceMin,
    priceMax: bid.priceMax ?? null,
    message: bid.message,
    earliestStart: bid.earliestStart,
    estimatedDuration: bid.estimatedDuration,
    status: bid.status,
    responseMs: Math.max(0, bid._creationTime - job._creationTime),
    professional: {
      _id: bid.professionalId,
      name: pro ? displayName(pro) : "Former member",
      profession: pro?.primaryProfession ?? null,
      rating: pro?.rating ?? 0,
      reviewCount: pro?.reviewCount ?? 0,
      verified: pro?.verified ?? false,
      available: (pro?.availabilityStatus ?? "available") === "available",
      distanceMiles:
        pro?.lat !== undefined && pro.lng !== undefined && job.lat !== undefined && job.lng !== undefined
          ? Math.round(distanceMiles({ lat: pro.lat, lng: pro.lng }, { lat: job.lat, lng: job.lng }) * 10) / 10
          : null,
    },
    placedBy: placedBy ? fullName(placedBy) : null,
  };
}

const personView = v.object({ _id: v.id("users"), name: v.string() });

export const get = query({
  /** `actingFor`: a team member sees the business's bid and bids for it (model/teams.ts). */
  args: { jobId: v.string(), actingFor: v.optional(v.id("users")) },
  returns: v.union(
    v.null(),
    v.object({
      job: jobCardValidator,
      role: v.union(v.literal("owner"), v.literal("contractor"), v.literal("photographer"), v.literal("viewer")),
      contractor: v.union(v.null(), personView),
      photographer: v.union(v.null(), personView),
      contact: v.union(
        v.null(),
        v.object({ method: v.union(v.string(), v.null()), info: v.union(v.string(), v.null()) }),
      ),
      completionRequestedAt: v.union(v.number(), v.null()),
      completedAt: v.union(v.number(), v.null()),
      history: v.array(
        v.object({
          _id: v.id("jobEvents"),
          _creationTime: v.number(),
          kind: v.string(),
          fromStatus: v.union(v.string(), v.null()),
          toStatus: v.union(v.string(), v.null()),
          detail: v.union(v.string(), v.null()),
          actorName: v.string(),
        }),
      ),
      bids: v.array(bidView),
      myBid: v.union(v.null(), bidView),
      saved: v.boolean(),
      actions: v.array(v.union(...JOB_ACTIONS.map((a) => v.literal(a)))),
      canBid: v.boolean(),
      canTakePhotos: v.boolean(),
      canDeliverPhotos: v.boolean(),
    }),
  ),
  handler: async (ctx, { jobId, actingFor }) => {
    const viewer = ctx.viewerX();
    const { actor, member } = await actorOf(ctx, viewer, actingFor);
    const id = ctx.db.normalizeId("jobs", jobId);
    const job = id ? await ctx.db.get(id) : null;
    if (job === null) return null;
    const isOwner = job.customerId === viewer._id;
    const isContractor = job.contractorId === viewer._id;
    const isPhotographer = job.photographerId === viewer._id;
    const role = isOwner ? "owner" : isContractor ? "contractor" : isPhotographer ? "photographer" : "viewer";
    // A banned owner's job is gone for everyone but its parties (issue 29).
    if (job.ownerHidden === true && role === "viewer") return null;

    const person = async (userId: Id<"users"> | undefined) => {
      if (userId === undefined) return null;
      const u = await ctx.db.get(userId);
      return u ? { _id: u._id, name: displayName(u) } : null;
    };
    const events = await ctx.db
      .query("jobEvents")
      .withIndex("by_jobId", (q) => q.eq("jobId", job._id))
      .order("desc")
      .take(50);
    const history = [];
    for (const e of events) {
      const shown = shapeEvent(job, e, viewer);
      const actor = shown.showActor ? await ctx.db.get(e.actorId) : null;
      history.push({
        _id: e._id,
        _creationTime: e._creationTime,
        kind: e.kind,
        fromStatus: e.fromStatus ?? null,
        toStatus: e.toStatus ?? null,
        detail: shown.detail,
        actorName: !shown.showActor
          ? JobMessages.someProfessional
          : actor
            ? e.actorId === job.customerId
              ? `${actor.firstName ?? "Owner"} (owner)`
              : displayName(actor)
            : "Former member",
      });
    }

    let bids: Awaited<ReturnType<typeof toBidView>>[] = [];
    if (isOwner) {
      const rows = [];
      for (const status of ["accepted", "active", "declined"] as const) {
        rows.push(
          ...(await ctx.db
            .query("bids")
            .withIndex("by_jobId_and_status", (q) => q.eq("jobId", job._id).eq("status", status))
            .take(100)),
        );
      }
      bids = await Promise.all(rows.map((b) => toBidView(ctx, b, job)));
    }
    const own = actor.userType === "professional" ? await viewerBid(ctx, job._id, actor._id) : null;
    const savedRow = await ctx.db
      .query("savedJobs")
      .withIndex("by_userId_and_jobId", (q) => q.eq("userId", viewer._id).eq("jobId", job._id))
      .unique();
    return {
      job: await toCard(ctx, job, pointOf(viewer)),
      role: role as "owner" | "contractor" | "photographer" | "viewer",
      contractor: await person(job.contractorId),
      photographer: await person(job.photographerId),
      // The owner's contact details go only to the professional they hired.
      contact: isOwner || isContractor ? { method: job.contactMethod ?? null, info: job.contactInfo ?? null } : null,
      completionRequestedAt: job.completionRequestedAt ?? null,
      completedAt: job.completedAt ?? null,
      history,
      bids,
      myBid: own ? await toBidView(ctx, own, job) : null,
      saved: savedRow !== null,
      actions: await availableActions(ctx, job, viewer._id),
      canBid: canBid(job, actor, own) && !(member !== null && job.customerId === member._id),
      canTakePhotos: canTakePhotos(job, viewer),
      canDeliverPhotos: canDeliverPhotos(job, viewer),
    };
  },
});

export const act = mutation({
  args: { jobId: v.id("jobs"), action: v.union(...JOB_ACTIONS.map((a) => v.literal(a))) },
  returns: v.null(),
  handler: async (ctx, { jobId, action }) => {
    const viewer = ctx.viewerX();
    const job = await getJobX(ctx, jobId);
    await transition(ctx, job, action, viewer);
    // A cancelled hire cancels its payment, or refunds money held before work started.
    if (action === "cancel") await onJobCancelled(ctx, job._id, viewer);
    return null;
  },
});

// ---------------------------------------------------------------------------
// The viewer's own jobs.

/** The customer's own projects, newest first. */
export const myProjects = query({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(jobCardValidator),
  handler: async (ctx, { paginationOpts }) => {
    const viewer = ctx.viewerX();
    const result = await ctx.db
      .query("jobs")
      .withIndex("by_customerId", (q) => q.eq("customerId", viewer._id))
      .order("desc")
      .paginate(cappedPagination(paginationOpts));
    return { ...result, page: await Promise.all(result.page.map((j) => toCard(ctx, j, pointOf(viewer)))) };
  },
});

/** Jobs the viewer was hired for, by status group: "active" (assigned, in progress, completion requested) or "completed". */
export const myWork = query({
  args: { group: v.union(v.literal("active"), v.literal("completed")), limit: v.optional(v.number()) },
  returns: v.array(jobCardValidator),
  handler: async (ctx, { group, limit }) => {
    const viewer = ctx.viewerX();
    const statuses: JobStatus[] =
      group === "active" ? ["completion_requested", "in_progress", "assigned"] : ["completed"];
    const take = pageSize(limit, 20);
    const rows: Job[] = [];
    for (const status of statuses) {
      rows.push(
        ...(await ctx.db
          .query("jobs")
          .withIndex("by_contractorId_and_status", (q) => q.eq("contractorId", viewer._id).eq("status", status))
          .order("desc")
          .take(take)),
      );
    }
    // Newest first over both statuses, then cut.
    rows.sort((a, b) => b._creationTime - a._creationTime);
    return await Promise.all(rows.slice(0, take).map((j) => toCard(ctx, j, pointOf(viewer))));
  },
});

