// Jobs: posting, quote requests, browsing (server-side filters, sorts and
// pagination through indexes), the job page, saved jobs and the job's
// transitions. Rules live in model/jobs.ts.
import { paginationOptsValidator, paginationResultValidator, type PaginationResult } from "convex/server";
import { ConvexError, v, type Infer } from "convex/values";
import { ErrorCode } from "../common/errors";
import {
  budgetMaxOf,
  categoriesServedBy,
  formatBidPrice,
  isJobCategory,
  JOB_STATUSES,
  JobMessages,
  OPEN_STATUSES,
  PHOTOGRAPHER_PROFESSION,
  postJobSchema,
  quoteRequestSchema,
  splitRequirements,
  urgencyRank,
  type JobStatus,
} from "../common/jobs";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { mutation, query, type Viewer } from "./functions";
import { distanceMiles, geohashRanges, locationFields, zipToPlace, zipToPoint, type GeoPoint } from "./model/geo";
import {
  canAct,
  countStatusChange,
  getJobX,
  isOpen,
  JOB_ACTIONS,
  jobCount,
  recordEvent,
  transition,
  viewerBid,
  type Job,
  type JobAction,
} from "./model/jobs";
import { notifyAll } from "./model/notifications";
import { displayName } from "./model/users";
import { matchingProfessionals, radiusOf } from "./model/professionals";
import { jobStatus } from "./schema";

/** Professionals told about a new quote request (nearest Available ones first). */
const QUOTE_ROUTING_LIMIT = 50;
/** Photographers told about a new photo request. */
const PHOTO_ROUTING_LIMIT = 20;
/** Rows read per geohash range for distance lists; results are nearest-first within these. */
const GEO_TAKE_PER_RANGE = 300;
/** Distance lists (sort by location, ZIP filter, recommended) return at most this many jobs. */
const GEO_RESULT_LIMIT = 200;
/** A search counts at most this many matches (then "100+"), so a search never reads more than that to count. */
const SEARCH_COUNT_LIMIT = 100;

function invalid(message: string, fields?: Record<string, string>): never {
  throw new ConvexError({ code: ErrorCode.INVALID_INPUT, message, ...(fields ? { fields } : {}) });
}

function parseOrThrow<T>(
  result:
    { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): T {
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[String(issue.path[0])] ??= issue.message;
  invalid(result.error.issues[0]!.message, fields);
}

function pointOfZip(zip: string): GeoPoint {
  const point = zipToPoint(zip);
  if (point === null) invalid(JobMessages.zipUnknown, { zipCode: JobMessages.zipUnknown });
  return point;
}

// ---------------------------------------------------------------------------
// Cards: what lists and the job page show about a job.

export const jobCardValidator = v.object({
  _id: v.id("jobs"),
  _creationTime: v.number(),
  title: v.string(),
  description: v.string(),
  category: v.string(),
  subcategory: v.union(v.string(), v.null()),
  propertyType: v.string(),
  urgency: v.string(),
  status: jobStatus,
  location: v.string(),
  city: v.union(v.string(), v.null()),
  state: v.union(v.string(), v.null()),
  zipCode: v.string(),
  budget: v.union(v.string(), v.null()),
  timeline: v.union(v.string(), v.null()),
  requirements: v.array(v.string()),
  photoRequired: v.boolean(),
  photoStatus: v.string(),
  source: v.string(),
  bidCount: v.number(),
  distanceMiles: v.union(v.number(), v.null()),
  customer: v.object({
    _id: v.id("users"),
    name: v.string(),
    rating: v.number(),
    reviewCount: v.number(),
  }),
});
export type JobCard = Infer<typeof jobCardValidator>;

export async function toCard(ctx: QueryCtx, job: Job, from: GeoPoint | null): Promise<JobCard> {
  const customer = await ctx.db.get(job.customerId);
  return {
    _id: job._id,
    _creationTime: job._creationTime,
    title: job.title,
    description: job.description,
    category: job.category,
    subcategory: job.subcategory ?? null,
    propertyType: job.propertyType,
    urgency: job.urgency,
    status: job.status,
    location: job.location,
    city: job.city ?? null,
    state: job.state ?? null,
    zipCode: job.zipCode,
    budget: job.budget ?? null,
    timeline: job.timeline ?? null,
    requirements: job.requirements,
    photoRequired: job.photoRequired,
    photoStatus: job.photoStatus,
    source: job.source,
    bidCount: job.activeBidCount,
    distanceMiles:
      from && job.lat !== undefined && job.lng !== undefined
        ? Math.round(distanceMiles(from, { lat: job.lat, lng: job.lng }) * 10) / 10
        : null,
    customer: {
      _id: job.customerId,
      name: customer
        ? `${customer.firstName ?? ""} ${(customer.lastName ?? "").slice(0, 1)}.`.trim()
        : "Property owner",
      rating: customer?.rating ?? 0,
      reviewCount: customer?.reviewCount ?? 0,
    },
  };
}

function viewerPoint(viewer: Viewer | null): GeoPoint | null {
  return viewer && viewer.lat !== undefined && viewer.lng !== undefined ? { lat: viewer.lat, lng: viewer.lng } : null;
}

// ---------------------------------------------------------------------------
// Creating jobs.

export async function insertJob(
  ctx: MutationCtx,
  customer: Viewer,
  fields: Omit<
    Doc<"jobs">,
    | "_id"
    | "_creationTime"
    | "customerId"
    | "status"
    | "photoStatus"
    | "activeBidCount"
    | "searchText"
    | "urgencyRank"
    | "budgetMax"
    | "skillLevel"
  > & { skillLevel?: string },
): Promise<Job> {
  const point = pointOfZip(fields.zipCode);
  // City and state come from the ZIP when the form did not give them, so place search finds every job.
  const place = zipToPlace(fields.zipCode)!;
  const jobId = await ctx.db.insert("jobs", {
    skillLevel: "intermediate",
    city: place.city,
    state: place.state,
    ...fields,
    ...locationFields(fields.zipCode),
    customerId: customer._id,
    status: "available",
    photoStatus: fields.photoRequired ? "requested" : "not_requested",
    activeBidCount: 0,
    urgencyRank: urgencyRank(fields.urgency),
    budgetMax: budgetMaxOf(fields.budget) ?? 0,
    searchText: `${fields.title}\n${fields.description}`,
  });
  const job = (await ctx.db.get(jobId))!;
  await countStatusChange(ctx, job.category, null, "available");
  await recordEvent(ctx, job, customer._id, "status", { toStatus: "available" });
  if (job.photoRequired) {
    const photographers = await matchingProfessionals(ctx, "photography", point, PHOTO_ROUTING_LIMIT * 2);
    const ids: Id<"users">[] = [];
    for (const match of photographers) {
      const user = await ctx.db.get(match.userId);
      if (user?.professions?.includes(PHOTOGRAPHER_PROFESSION)) ids.push(match.userId);
      if (ids.length >= PHOTO_ROUTING_LIMIT) break;
    }
    await notifyAll(ctx, ids, {
      type: "job",
      title: "Photographer requested",
      content: `"${job.title}" in ${job.location} needs a photographer.`,
      actionUrl: `/jobs/${job._id}`,
      actorId: customer._id,
      entityType: "job",
      entityId: job._id,
    });
  }
  return job;
}

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
    const values = parseOrThrow(postJobSchema.safeParse(args));
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
    const values = parseOrThrow(quoteRequestSchema.safeParse(args));
    const job = await insertJob(ctx, viewer, {
      title: values.title,
      description: values.description,
      category: values.category,
      propertyType: values.propertyType,
      location: `${values.city}, ${values.state}`,
      city: values.city,
      state: values.state,
      zipCode: values.zipCode,
      urgency: values.urgency,
      budget: values.budget,
      requirements: [],
      photoRequired: values.photoRequired,
      source: "quote_request",
      ...(values.contactMethod ? { contactMethod: values.contactMethod } : {}),
      ...(values.contactInfo ? { contactInfo: values.contactInfo } : {}),
    });
    const matches = await matchingProfessionals(ctx, values.category, pointOfZip(values.zipCode), QUOTE_ROUTING_LIMIT);
    await notifyAll(
      ctx,
      matches.map((m) => m.userId),
      {
        type: "job",
        title: "New quote request near you",
        content: `"${job.title}" in ${job.location} (${values.budget}).`,
        actionUrl: `/jobs/${job._id}`,
        actorId: viewer._id,
        entityType: "job",
        entityId: job._id,
      },
    );
    await ctx.db.insert("jobEvents", {
      jobId: job._id,
      actorId: viewer._id,
      kind: "routed",
      detail: `Sent to ${matches.length} matching professional${matches.length === 1 ? "" : "s"}`,
    });
    return { jobId: job._id, matched: matches.length };
  },
});

// ---------------------------------------------------------------------------
// Browsing.

const sortValidator = v.union(v.literal("recent"), v.literal("budget"), v.literal("location"), v.literal("urgency"));
const browseArgs = {
  q: v.optional(v.string()),
  category: v.optional(v.string()),
  status: v.optional(v.string()),
  sort: v.optional(sortValidator),
  /** Only jobs within `radius` miles of this ZIP code. */
  zip: v.optional(v.string()),
  radius: v.optional(v.number()),
};

function checkFilters(args: { category?: string; status?: string }) {
  if (args.category !== undefined && !isJobCategory(args.category)) invalid("Unknown category");
  if (args.status !== undefined && !(JOB_STATUSES as readonly string[]).includes(args.status))
    invalid("Unknown status");
  return { category: args.category, status: args.status as JobStatus | undefined };
}

const browseResult = v.object({
  ...paginationResultValidator(jobCardValidator).fields,
  total: v.number(),
  totalIsLowerBound: v.boolean(),
  mode: v.union(v.literal("index"), v.literal("search"), v.literal("distance")),
});

/** Jobs near a point through the status+geohash index, within `miles`; bounded by GEO_TAKE_PER_RANGE per range. */
async function jobsNear(ctx: QueryCtx, point: GeoPoint, miles: number, statuses: readonly JobStatus[]) {
  const found: { job: Job; distance: number }[] = [];
  for (const status of statuses) {
    for (const [start, end] of geohashRanges(point, miles)) {
      const rows = await ctx.db
        .query("jobs")
        .withIndex("by_status_and_geohash", (q) => q.eq("status", status).gte("geohash", start).lte("geohash", end))
        .take(GEO_TAKE_PER_RANGE);
      for (const job of rows) {
        if (job.lat === undefined || job.lng === undefined) continue;
        const distance = distanceMiles(point, { lat: job.lat, lng: job.lng });
        if (distance <= miles) found.push({ job, distance });
      }
    }
  }
  return found;
}

export const browse = query({
  args: { ...browseArgs, paginationOpts: paginationOptsValidator },
  returns: browseResult,
  handler: async (ctx, args) => {
    const { category, status } = checkFilters(args);
    const sort = args.sort ?? "recent";
    const from = viewerPoint(ctx.viewer);
    const text = args.q?.trim() ?? "";
    const zip = args.zip?.trim();

    // Distance mode: a ZIP filter, or "nearest" sort. Nearest first (or the chosen sort) among nearby jobs.
    if (zip || sort === "location") {
      const center = zip ? pointOfZip(zip) : from;
      if (center === null) invalid("Add your ZIP code to your profile, or enter one, to sort by distance.");
      const miles = Math.min(Math.max(args.radius ?? (ctx.viewer ? radiusOf(ctx.viewer) : 25), 1), 100);
      const statuses = status ? [status] : JOB_STATUSES;
      const words = text.toLowerCase().split(/\s+/).filter(Boolean);
      let rows = (await jobsNear(ctx, center, miles, statuses)).filter(
        ({ job }) =>
          (category === undefined || job.category === category) &&
          words.every((w) => job.searchText.toLowerCase().includes(w)),
      );
      const order: Record<string, (a: (typeof rows)[number], b: (typeof rows)[number]) => number> = {
        recent: (a, b) => b.job._creationTime - a.job._creationTime,
        budget: (a, b) => b.job.budgetMax - a.job.budgetMax || a.distance - b.distance,
        urgency: (a, b) => b.job.urgencyRank - a.job.urgencyRank || a.distance - b.distance,
        location: (a, b) => a.distance - b.distance || b.job._creationTime - a.job._creationTime,
      };
      rows = rows.sort(order[sort]).slice(0, GEO_RESULT_LIMIT);
      const cursor = args.paginationOpts.cursor;
      const offset = cursor === null ? 0 : Number(cursor);
      if (!Number.isInteger(offset) || offset < 0) invalid("Invalid cursor");
      const end = offset + args.paginationOpts.numItems;
      const page = await Promise.all(rows.slice(offset, end).map(({ job }) => toCard(ctx, job, center)));
      return {
        page,
        isDone: end >= rows.length,
        continueCursor: String(end),
        total: rows.length,
        totalIsLowerBound: false,
        mode: "distance" as const,
      };
    }

    // Text search: relevance order through the search index.
    if (text) {
      const result = await ctx.db
        .query("jobs")
        .withSearchIndex("search_text", (q) => {
          let s = q.search("searchText", text);
          if (status) s = s.eq("status", status);
          if (category) s = s.eq("category", category);
          return s;
        })
        .paginate(args.paginationOpts);
      const page = await Promise.all(result.page.map((job) => toCard(ctx, job, from)));
      const total = await searchCount(ctx, text, status, category);
      return {
        ...result,
        page,
        total,
        totalIsLowerBound: total >= SEARCH_COUNT_LIMIT,
        mode: "search" as const,
      };
    }

    // Filters and sorts through the index that covers them.
    const result = await indexedPage(ctx, sort, status, category, args.paginationOpts);
    const page = await Promise.all(result.page.map((job) => toCard(ctx, job, from)));
    return {
      ...result,
      page,
      total: await jobCount(ctx, status, category),
      totalIsLowerBound: false,
      mode: "index" as const,
    };
  },
});

async function searchCount(ctx: QueryCtx, text: string, status?: JobStatus, category?: string) {
  const rows = await ctx.db
    .query("jobs")
    .withSearchIndex("search_text", (q) => {
      let s = q.search("searchText", text);
      if (status) s = s.eq("status", status);
      if (category) s = s.eq("category", category);
      return s;
    })
    .take(SEARCH_COUNT_LIMIT);
  return rows.length;
}

function indexedPage(
  ctx: QueryCtx,
  sort: "recent" | "budget" | "urgency",
  status: JobStatus | undefined,
  category: string | undefined,
  paginationOpts: { numItems: number; cursor: string | null },
): Promise<PaginationResult<Job>> {
  const jobs = ctx.db.query("jobs");
  if (sort === "budget") {
    if (status && category)
      return jobs
        .withIndex("by_status_and_category_and_budgetMax", (q) => q.eq("status", status).eq("category", category))
        .order("desc")
        .paginate(paginationOpts);
    if (status)
      return jobs
        .withIndex("by_status_and_budgetMax", (q) => q.eq("status", status))
        .order("desc")
        .paginate(paginationOpts);
    if (category)
      return jobs
        .withIndex("by_category_and_budgetMax", (q) => q.eq("category", category))
        .order("desc")
        .paginate(paginationOpts);
    return jobs.withIndex("by_budgetMax").order("desc").paginate(paginationOpts);
  }
  if (sort === "urgency") {
    if (status && category)
      return jobs
        .withIndex("by_status_and_category_and_urgencyRank", (q) => q.eq("status", status).eq("category", category))
        .order("desc")
        .paginate(paginationOpts);
    if (status)
      return jobs
        .withIndex("by_status_and_urgencyRank", (q) => q.eq("status", status))
        .order("desc")
        .paginate(paginationOpts);
    if (category)
      return jobs
        .withIndex("by_category_and_urgencyRank", (q) => q.eq("category", category))
        .order("desc")
        .paginate(paginationOpts);
    return jobs.withIndex("by_urgencyRank").order("desc").paginate(paginationOpts);
  }
  if (status && category)
    return jobs
      .withIndex("by_status_and_category", (q) => q.eq("status", status).eq("category", category))
      .order("desc")
      .paginate(paginationOpts);
  if (status)
    return jobs
      .withIndex("by_status", (q) => q.eq("status", status))
      .order("desc")
      .paginate(paginationOpts);
  if (category)
    return jobs
      .withIndex("by_category", (q) => q.eq("category", category))
      .order("desc")
      .paginate(paginationOpts);
  return jobs.order("desc").paginate(paginationOpts);
}

/** Open jobs matching the viewer's professions within their preferredRadius: nearest, then newest. */
export const recommended = query({
  args: { limit: v.optional(v.number()) },
  returns: v.object({ jobs: v.array(jobCardValidator), reason: v.union(v.null(), v.string()) }),
  handler: async (ctx, { limit }) => {
    const viewer = ctx.viewerX();
    const served = new Set(categoriesServedBy(viewer.professions ?? []));
    const from = viewerPoint(viewer);
    if (viewer.userType !== "professional" || served.size === 0) {
      return { jobs: [], reason: "Add your professions to your profile to get recommended jobs." };
    }
    if (from === null) return { jobs: [], reason: "Add your ZIP code to your profile to get jobs near you." };
    const rows = (await jobsNear(ctx, from, radiusOf(viewer), OPEN_STATUSES))
      .filter(({ job }) => served.has(job.category) && job.customerId !== viewer._id)
      .sort((a, b) => Math.round(a.distance) - Math.round(b.distance) || b.job._creationTime - a.job._creationTime)
      .slice(0, Math.min(Math.max(limit ?? 50, 1), 100));
    return { jobs: await Promise.all(rows.map(({ job }) => toCard(ctx, job, from))), reason: null };
  },
});

export const saved = query({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(jobCardValidator),
  handler: async (ctx, { paginationOpts }) => {
    const viewer = ctx.viewerX();
    const result = await ctx.db
      .query("savedJobs")
      .withIndex("by_userId_and_jobId", (q) => q.eq("userId", viewer._id))
      .order("desc")
      .paginate(paginationOpts);
    const jobs = await Promise.all(result.page.map((s) => ctx.db.get(s.jobId)));
    const from = viewerPoint(viewer);
    const page = await Promise.all(jobs.filter((j): j is Job => j !== null).map((j) => toCard(ctx, j, from)));
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
      .paginate(paginationOpts);
    const from = viewerPoint(viewer);
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
    for (const jobId of jobIds.slice(0, 100)) {
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
});

async function toBidView(ctx: QueryCtx, bid: Doc<"bids">, job: Job) {
  const pro = await ctx.db.get(bid.professionalId);
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
  };
}

const personView = v.object({ _id: v.id("users"), name: v.string() });

export const get = query({
  args: { jobId: v.string() },
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
      actions: v.array(v.string()),
      canBid: v.boolean(),
      canTakePhotos: v.boolean(),
      canDeliverPhotos: v.boolean(),
    }),
  ),
  handler: async (ctx, { jobId }) => {
    const viewer = ctx.viewerX();
    const id = ctx.db.normalizeId("jobs", jobId);
    const job = id ? await ctx.db.get(id) : null;
    if (job === null) return null;
    const isOwner = job.customerId === viewer._id;
    const isContractor = job.contractorId === viewer._id;
    const isPhotographer = job.photographerId === viewer._id;
    const role = isOwner ? "owner" : isContractor ? "contractor" : isPhotographer ? "photographer" : "viewer";

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
      const actor = await ctx.db.get(e.actorId);
      history.push({
        _id: e._id,
        _creationTime: e._creationTime,
        kind: e.kind,
        fromStatus: e.fromStatus ?? null,
        toStatus: e.toStatus ?? null,
        detail: e.detail ?? null,
        actorName: actor
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
    const own = viewer.userType === "professional" ? await viewerBid(ctx, job._id, viewer._id) : null;
    const savedRow = await ctx.db
      .query("savedJobs")
      .withIndex("by_userId_and_jobId", (q) => q.eq("userId", viewer._id).eq("jobId", job._id))
      .unique();
    const canBid =
      viewer.userType === "professional" && !isOwner && isOpen(job) && (own === null || own.status !== "active");
    return {
      job: await toCard(ctx, job, viewerPoint(viewer)),
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
      actions: (Object.keys(JOB_ACTIONS) as JobAction[]).filter((a) => canAct(job, a, viewer._id)),
      canBid,
      canTakePhotos:
        job.photoStatus === "requested" &&
        !isOwner &&
        (viewer.professions ?? []).includes(PHOTOGRAPHER_PROFESSION) &&
        job.status !== "cancelled" &&
        job.status !== "completed",
      canDeliverPhotos: isPhotographer && job.photoStatus === "scheduled",
    };
  },
});

export const act = mutation({
  args: { jobId: v.id("jobs"), action: v.union(...(Object.keys(JOB_ACTIONS) as JobAction[]).map((a) => v.literal(a))) },
  returns: v.null(),
  handler: async (ctx, { jobId, action }) => {
    const viewer = ctx.viewerX();
    const job = await getJobX(ctx, jobId);
    await transition(ctx, job, action, viewer);
    return null;
  },
});

// ---------------------------------------------------------------------------
// Photographer on request: not_requested -> requested -> scheduled -> delivered.

export const takePhotoRequest = mutation({
  args: { jobId: v.id("jobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const viewer = ctx.viewerX();
    const job = await getJobX(ctx, jobId);
    if (!(viewer.professions ?? []).includes(PHOTOGRAPHER_PROFESSION)) {
      throw new ConvexError({ code: ErrorCode.FORBIDDEN, message: JobMessages.onlyPhotographer });
    }
    if (job.customerId === viewer._id)
      throw new ConvexError({ code: ErrorCode.FORBIDDEN, message: JobMessages.ownJob });
    if (job.photoStatus !== "requested" || job.status === "cancelled" || job.status === "completed") {
      invalid("This photo request is no longer open.");
    }
    await ctx.db.patch(job._id, { photographerId: viewer._id, photoStatus: "scheduled" });
    await recordEvent(ctx, job, viewer._id, "photos_scheduled");
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

export const deliverPhotos = mutation({
  args: { jobId: v.id("jobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const viewer = ctx.viewerX();
    const job = await getJobX(ctx, jobId);
    if (job.photographerId !== viewer._id) {
      throw new ConvexError({ code: ErrorCode.FORBIDDEN, message: "Only the booked photographer can do that." });
    }
    if (job.photoStatus !== "scheduled") invalid("The photos were already delivered.");
    await ctx.db.patch(job._id, { photoStatus: "delivered" });
    await recordEvent(ctx, job, viewer._id, "photos_delivered");
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
export const photoRequests = query({
  args: {},
  returns: v.array(jobCardValidator),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    const from = viewerPoint(viewer);
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
    return await Promise.all(found.slice(0, 50).map(({ job }) => toCard(ctx, job, from)));
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
      .paginate(paginationOpts);
    return { ...result, page: await Promise.all(result.page.map((j) => toCard(ctx, j, viewerPoint(viewer)))) };
  },
});

/** Jobs the viewer was hired for, by status group: "active" (assigned, in progress) or "completed". */
export const myWork = query({
  args: { group: v.union(v.literal("active"), v.literal("completed")), limit: v.optional(v.number()) },
  returns: v.array(jobCardValidator),
  handler: async (ctx, { group, limit }) => {
    const viewer = ctx.viewerX();
    const statuses: JobStatus[] = group === "active" ? ["in_progress", "assigned"] : ["completed"];
    const take = Math.min(Math.max(limit ?? 20, 1), 100);
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
    return await Promise.all(rows.slice(0, take).map((j) => toCard(ctx, j, viewerPoint(viewer))));
  },
});

/** Newest jobs in a state (and city), for the public job search (GET /api/jobs/search): one indexed read per status. */
export const searchByPlace = query({
  args: {
    state: v.string(),
    city: v.optional(v.string()),
    category: v.optional(v.string()),
    status: v.optional(v.string()),
    limit: v.optional(v.number()),
  },
  returns: v.array(jobCardValidator),
  handler: async (ctx, args) => {
    const { category, status } = checkFilters(args);
    const state = args.state.trim().toUpperCase();
    const city = args.city?.trim() || undefined;
    if (!/^[A-Z]{2}$/.test(state)) invalid(JobMessages.stateRequired);
    const take = Math.min(Math.max(Math.floor(args.limit ?? 50), 1), 100);
    const rows: Job[] = [];
    // Per status, the index range is already newest first; merging them keeps that order exactly.
    for (const s of status ? [status] : JOB_STATUSES) {
      // Each index ends with the last field given, so the range is in _creationTime order.
      const jobs = ctx.db.query("jobs");
      const range =
        city === undefined
          ? category
            ? jobs.withIndex("by_state_and_status_and_category", (q) =>
                q.eq("state", state).eq("status", s).eq("category", category),
              )
            : jobs.withIndex("by_state_and_status", (q) => q.eq("state", state).eq("status", s))
          : category
            ? jobs.withIndex("by_state_and_city_and_status_and_category", (q) =>
                q.eq("state", state).eq("city", city).eq("status", s).eq("category", category),
              )
            : jobs.withIndex("by_state_and_city_and_status", (q) =>
                q.eq("state", state).eq("city", city).eq("status", s),
              );
      rows.push(...(await range.order("desc").take(take)));
    }
    rows.sort((a, b) => b._creationTime - a._creationTime);
    const from = viewerPoint(ctx.viewer);
    return await Promise.all(rows.slice(0, take).map((job) => toCard(ctx, job, from)));
  },
});
