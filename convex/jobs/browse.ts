// Browsing jobs: server-side filters, sorts and pagination through indexes
// (one index per sort × filters, from the table below), text search through
// the search index, and distance lists through the status+geohash index.
import {
  paginationOptsValidator,
  paginationResultValidator,
  type IndexRange,
  type PaginationResult,
} from "convex/server";
import { v } from "convex/values";
import {
  categoriesServedBy,
  isJobCategory,
  JOB_STATUSES,
  JobMessages,
  OPEN_STATUSES,
  type JobStatus,
} from "../../common/jobs";
import type { QueryCtx } from "../_generated/server";
import { query } from "../functions";
import { invalid } from "../model/errors";
import { distanceMiles, geohashRanges, type GeoPoint } from "../model/geo";
import { isListed, jobCardValidator, jobCount, pointOf, pointOfZip, toCard, type Job } from "../model/jobs";
import { cappedPagination, pageSize } from "../model/paging";
import { radiusOf } from "../model/professionals";

/** Rows read per geohash range for distance lists; results are nearest-first within these. */
const GEO_TAKE_PER_RANGE = 300;
/** Distance lists (sort by location, ZIP filter, recommended) return at most this many jobs. */
const GEO_RESULT_LIMIT = 200;
/** A search counts at most this many matches (then "100+"), so a search never reads more than that to count. */
const SEARCH_COUNT_LIMIT = 100;

const sortValidator = v.union(v.literal("recent"), v.literal("budget"), v.literal("location"), v.literal("urgency"));
type IndexedSort = "recent" | "budget" | "urgency";
type Filters = "none" | "status" | "category" | "status_and_category";

/**
 * The index that serves each sort with each combination of filters. Every
 * index starts with the filtered fields (status, then category) and ends
 * with the sort key, so an equality on the filters is already in sort order.
 */
const BROWSE_INDEXES = {
  recent: {
    none: "by_creation_time",
    status: "by_status",
    category: "by_category",
    status_and_category: "by_status_and_category",
  },
  budget: {
    none: "by_budgetMax",
    status: "by_status_and_budgetMax",
    category: "by_category_and_budgetMax",
    status_and_category: "by_status_and_category_and_budgetMax",
  },
  urgency: {
    none: "by_urgencyRank",
    status: "by_status_and_urgencyRank",
    category: "by_category_and_urgencyRank",
    status_and_category: "by_status_and_category_and_urgencyRank",
  },
} as const satisfies Record<IndexedSort, Record<Filters, string>>;

/** The equality prefix of an index range, whatever the index: status first, then category. */
interface EqRange {
  eq(field: "status" | "category", value: string): EqRange;
}

function indexedPage(
  ctx: QueryCtx,
  sort: IndexedSort,
  status: JobStatus | undefined,
  category: string | undefined,
  paginationOpts: { numItems: number; cursor: string | null },
): Promise<PaginationResult<Job>> {
  const filters: Filters =
    status && category ? "status_and_category" : status ? "status" : category ? "category" : "none";
  return ctx.db
    .query("jobs")
    .withIndex(BROWSE_INDEXES[sort][filters], (q) => {
      let range = q as unknown as EqRange;
      if (status) range = range.eq("status", status);
      if (category) range = range.eq("category", category);
      return range as unknown as IndexRange;
    })
    .order("desc")
    .paginate(paginationOpts);
}

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
        if (job.lat === undefined || job.lng === undefined || !isListed(job)) continue;
        const distance = distanceMiles(point, { lat: job.lat, lng: job.lng });
        if (distance <= miles) found.push({ job, distance });
      }
    }
  }
  return found;
}

/** Jobs matching `text` in relevance order, narrowed by the search index's equality filters. */
function searchJobs(ctx: QueryCtx, text: string, status?: JobStatus, category?: string) {
  return ctx.db.query("jobs").withSearchIndex("search_text", (q) => {
    let s = q.search("searchText", text);
    if (status) s = s.eq("status", status);
    if (category) s = s.eq("category", category);
    return s;
  });
}

async function searchCount(ctx: QueryCtx, text: string, status?: JobStatus, category?: string) {
  const rows = await searchJobs(ctx, text, status, category).take(SEARCH_COUNT_LIMIT);
  return rows.length;
}

/** The job list: filters, sort, text search, ZIP + radius; a page of cards with the total. */
export const list = query({
  args: {
    q: v.optional(v.string()),
    category: v.optional(v.string()),
    status: v.optional(v.string()),
    sort: v.optional(sortValidator),
    /** Only jobs within `radius` miles of this ZIP code. */
    zip: v.optional(v.string()),
    radius: v.optional(v.number()),
    paginationOpts: paginationOptsValidator,
  },
  returns: browseResult,
  handler: async (ctx, args) => {
    const { category, status } = checkFilters(args);
    const paginationOpts = cappedPagination(args.paginationOpts);
    const sort = args.sort ?? "recent";
    const from = pointOf(ctx.viewer);
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
      const cursor = paginationOpts.cursor;
      const offset = cursor === null ? 0 : Number(cursor);
      if (!Number.isInteger(offset) || offset < 0) invalid(JobMessages.invalidCursor);
      const end = offset + paginationOpts.numItems;
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
      const result = await searchJobs(ctx, text, status, category).paginate(paginationOpts);
      // A banned owner's jobs are skipped (a page may come out short; the cursor still pages on).
      const page = await Promise.all(result.page.filter(isListed).map((job) => toCard(ctx, job, from)));
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
    const result = await indexedPage(ctx, sort, status, category, paginationOpts);
    const page = await Promise.all(result.page.filter(isListed).map((job) => toCard(ctx, job, from)));
    return {
      ...result,
      page,
      total: await jobCount(ctx, status, category),
      totalIsLowerBound: false,
      mode: "index" as const,
    };
  },
});

/** Open jobs matching the viewer's professions within their preferredRadius: nearest, then newest. */
export const recommended = query({
  args: { limit: v.optional(v.number()) },
  returns: v.object({ jobs: v.array(jobCardValidator), reason: v.union(v.null(), v.string()) }),
  handler: async (ctx, { limit }) => {
    const viewer = ctx.viewerX();
    const served = new Set(categoriesServedBy(viewer.professions ?? []));
    const from = pointOf(viewer);
    if (viewer.userType !== "professional" || served.size === 0) {
      return { jobs: [], reason: "Add your professions to your profile to get recommended jobs." };
    }
    if (from === null) return { jobs: [], reason: "Add your ZIP code to your profile to get jobs near you." };
    const rows = (await jobsNear(ctx, from, radiusOf(viewer), OPEN_STATUSES))
      .filter(({ job }) => served.has(job.category) && job.customerId !== viewer._id)
      .sort((a, b) => Math.round(a.distance) - Math.round(b.distance) || b.job._creationTime - a.job._creationTime)
      .slice(0, pageSize(limit, 50));
    return { jobs: await Promise.all(rows.map(({ job }) => toCard(ctx, job, from))), reason: null };
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
    const take = pageSize(args.limit, 50);
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
      rows.push(...(await range.order("desc").take(take)).filter(isListed));
    }
    rows.sort((a, b) => b._creationTime - a._creationTime);
    const from = pointOf(ctx.viewer);
    return await Promise.all(rows.slice(0, take).map((job) => toCard(ctx, job, from)));
  },
});
