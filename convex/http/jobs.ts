// REST routes for jobs and quote requests (spec §7): thin wrappers over the
// same queries and mutations the app calls, run as the Bearer token's user.
import { ErrorCode } from "../../common/errors";
import { JobMessages, JOB_SORTS } from "../../common/jobs";
import { api } from "../_generated/api";
import { placesNamed, zipToPlace } from "../model/geo";
import type { JobCard } from "../model/jobs";
import {
  booleanField,
  limitParam,
  queryParams,
  readJsonObject,
  requireSignedIn,
  restError,
  stringField,
  withCursor,
  type RestRequest,
  type RestRoute,
} from "./rest";

/**
 * The ZIP code of the spec's `location` text: a ZIP ("78701", or one inside
 * "Austin, TX 78701"), or a place ("Austin, TX", "Austin TX", or "Austin"
 * when only one state has an Austin), whose central ZIP is taken. An unknown
 * or ambiguous place is a 400 that says what to write instead.
 */
export function zipOfLocation(location: string): string {
  const text = location.trim();
  const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(text)?.[1];
  if (zip !== undefined) {
    if (zipToPlace(zip) === null) throw restError(ErrorCode.INVALID_INPUT, JobMessages.zipUnknown);
    return zip;
  }
  const match = /^(.*?)(?:,\s*|\s+)([A-Za-z]{2})$/.exec(text);
  const named = match ? placesNamed(match[1]!, match[2]!) : [];
  const places = named.length > 0 ? named : placesNamed(text.replace(/,\s*$/, ""));
  if (places.length === 1) return places[0]!.zipCode;
  if (places.length > 1) {
    throw restError(ErrorCode.INVALID_INPUT, JobMessages.placeAmbiguous(places[0]!.city, places.map((p) => p.state)));
  }
  throw restError(ErrorCode.INVALID_INPUT, JobMessages.placeUnknown(text));
}

type Sort = (typeof JOB_SORTS)[number]["value"];
function sortParam(value: string | undefined): Sort | undefined {
  if (value === undefined) return undefined;
  if (!JOB_SORTS.some((s) => s.value === value)) {
    throw restError(ErrorCode.INVALID_INPUT, `sort must be one of ${JOB_SORTS.map((s) => s.value).join(", ")}`);
  }
  return value as Sort;
}

/** The spec's job list answer: a page of job cards, the cursor of the next page (null at the end) and the total. */
interface JobPage {
  jobs: JobCard[];
  nextCursor: string | null;
  total: number;
}

async function browse({ ctx, url }: RestRequest, fixed: { status?: string } = {}): Promise<JobPage> {
  const p = queryParams(url, ["q", "category", "status", "sort", "zip", "zipCode", "radius", "cursor"] as const);
  const cursor = p.cursor ?? null;
  const radius = p.radius === undefined ? undefined : Number(p.radius);
  if (radius !== undefined && !(radius > 0 && radius <= 100)) {
    throw restError(ErrorCode.INVALID_INPUT, "radius must be a number of miles from 1 to 100");
  }
  const zip = p.zip ?? p.zipCode;
  const result = await withCursor(cursor, () =>
    ctx.runQuery(api.jobs.browse.list, {
      ...(p.q ? { q: p.q } : {}),
      ...(p.category ? { category: p.category } : {}),
      ...(fixed.status ?? p.status ? { status: fixed.status ?? p.status } : {}),
      ...(p.sort ? { sort: sortParam(p.sort) } : {}),
      ...(zip ? { zip } : {}),
      ...(radius !== undefined ? { radius } : {}),
      paginationOpts: { numItems: limitParam(url), cursor },
    }),
  );
  return { jobs: result.page, nextCursor: result.isDone ? null : result.continueCursor, total: result.total };
}

export const jobRoutes: RestRoute[] = [
  {
    // Post Project form: title, description, category, propertyType, urgency, budget, timeline, location,
    // requirements (and photoRequired). `location` is "City, ST" or a ZIP; city, state and ZIP come from it
    // (an explicit zipCode wins). Answers 201 with the job card.
    method: "POST",
    path: "/api/jobs",
    status: 201,
    handler: async ({ ctx, request }) => {
      await requireSignedIn(ctx);
      const body = await readJsonObject(request);
      const requirementsRaw = body.requirements;
      const requirements = Array.isArray(requirementsRaw)
        ? requirementsRaw.map((r) => {
            if (typeof r !== "string") throw restError(ErrorCode.INVALID_INPUT, "requirements must be text or a list of text");
            return r;
          }).join("\n")
        : stringField(body, "requirements");
      const optional = (key: string) => {
        const value = stringField(body, key);
        return value === undefined ? {} : { [key]: value };
      };
      const photoRequired = booleanField(body, "photoRequired");
      const location = stringField(body, "location") ?? "";
      // Without a location the form's own message answers ("Location is required").
      const zipCode = stringField(body, "zipCode") ?? (location.trim() ? zipOfLocation(location) : "");
      const jobId = await ctx.runMutation(api.jobs.create, {
        // Missing required fields go through as "" so the form's own messages answer ('Title is required').
        title: stringField(body, "title") ?? "",
        description: stringField(body, "description") ?? "",
        category: stringField(body, "category") ?? "",
        propertyType: stringField(body, "propertyType") ?? "",
        location,
        zipCode,
        ...optional("urgency"),
        ...optional("budget"),
        ...optional("timeline"),
        ...(requirements !== undefined ? { requirements } : {}),
        ...(photoRequired !== undefined ? { photoRequired } : {}),
      });
      const job = await ctx.runQuery(api.jobs.get, { jobId });
      if (job === null) throw restError(ErrorCode.NOT_FOUND, JobMessages.jobNotFound);
      return job.job;
    },
  },
  {
    // All jobs, newest first: ?cursor=&limit= and optional q, category, status, sort (recent|budget|location|urgency), zip, radius.
    method: "GET",
    path: "/api/jobs",
    handler: (req) => browse(req),
  },
  {
    // The caller's own projects, newest first: ?cursor=&limit=.
    method: "GET",
    path: "/api/jobs/my-jobs",
    handler: async ({ ctx, url }) => {
      await requireSignedIn(ctx);
      const cursor = queryParams(url, ["cursor"] as const).cursor ?? null;
      const result = await withCursor(cursor, () =>
        ctx.runQuery(api.jobs.myProjects, { paginationOpts: { numItems: limitParam(url), cursor } }),
      );
      return { jobs: result.page, nextCursor: result.isDone ? null : result.continueCursor };
    },
  },
  {
    // Jobs open for bids with status "available": same answer as GET /api/jobs.
    method: "GET",
    path: "/api/jobs/status/available",
    handler: (req) => browse(req, { status: "available" }),
  },
  {
    // Public job search: optional category, city, state, zipCode, status (only non-empty ones count).
    // A ZIP searches around it (25 miles, or ?radius=); a state (and city) searches that place; else all jobs.
    method: "GET",
    path: "/api/jobs/search",
    handler: async (req) => {
      const { ctx, url } = req;
      const p = queryParams(url, ["category", "city", "state", "zipCode", "status"] as const);
      if (p.zipCode) return await browse(req);
      if (p.state || p.city) {
        const state = (p.state ?? "").slice(0, 2).toUpperCase();
        if (state.length !== 2) throw restError(ErrorCode.INVALID_INPUT, JobMessages.stateRequired);
        const jobs = await ctx.runQuery(api.jobs.browse.searchByPlace, {
          state,
          ...(p.city ? { city: p.city } : {}),
          ...(p.category ? { category: p.category } : {}),
          ...(p.status ? { status: p.status } : {}),
          limit: limitParam(url, 50),
        });
        return { jobs, nextCursor: null, total: jobs.length };
      }
      return await browse(req);
    },
  },
  {
    // Quote request form: title, description, category, propertyType, city, state, zipCode, budget, urgency,
    // optional contactMethod, contactInfo. Answers 201 { jobId, matched } (professionals it was sent to).
    method: "POST",
    path: "/api/requests",
    status: 201,
    handler: async ({ ctx, request }) => {
      await requireSignedIn(ctx);
      const body = await readJsonObject(request);
      const optional = (key: string) => {
        const value = stringField(body, key);
        return value === undefined ? {} : { [key]: value };
      };
      const photoRequired = booleanField(body, "photoRequired");
      return await ctx.runMutation(api.jobs.requestQuote, {
        title: stringField(body, "title") ?? "",
        description: stringField(body, "description") ?? "",
        category: stringField(body, "category") ?? "",
        propertyType: stringField(body, "propertyType") ?? "",
        city: stringField(body, "city") ?? "",
        state: stringField(body, "state") ?? "",
        zipCode: stringField(body, "zipCode") ?? "",
        budget: stringField(body, "budget") ?? "",
        urgency: stringField(body, "urgency") ?? "",
        ...optional("contactMethod"),
        ...optional("contactInfo"),
        ...(photoRequired !== undefined ? { photoRequired } : {}),
      });
    },
  },
];
