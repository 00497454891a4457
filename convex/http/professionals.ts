// REST routes for professionals (spec §7): the caller's nearby professionals,
// the public directory search and the caller's professional dashboard figures.
import { ErrorCode } from "../../common/errors";
import { isProfessionCategory } from "../../common/professions";
import { api } from "../_generated/api";
import { DIRECTORY_SORTS, type DirectorySort } from "../model/professionals";
import { limitParam } from "./rest";
import { queryParams, requireSignedIn, restError, type RestRoute } from "./rest";

export const professionalRoutes: RestRoute[] = [
  {
    // Professionals within 25 miles of the caller, nearest first, as Professional summaries
    // (id, firstName, lastName, businessName, primaryProfession, bio) plus rating, verified, distance.
    method: "GET",
    path: "/api/professionals/nearby",
    handler: async ({ ctx, url }) => {
      await requireSignedIn(ctx);
      const q = queryParams(url, ["q"] as const).q;
      const rows = await ctx.runQuery(api.dashboard.nearbyProfessionals, {
        ...(q ? { q } : {}),
        limit: limitParam(url, 12, 50),
      });
      return {
        professionals: rows.map((p) => ({
          id: p._id,
          firstName: p.firstName,
          lastName: p.lastName,
          businessName: p.businessName,
          primaryProfession: p.primaryProfession,
          bio: p.bio,
          rating: p.rating,
          reviewCount: p.reviewCount,
          verified: p.verified,
          available: p.available,
          distanceMiles: p.distanceMiles,
        })),
      };
    },
  },
  {
    // Directory: optional q (free text), category, city, state, zipCode, rating (2|3|4), verified (true),
    // available (true), sortBy (name|rating|newest|verified), limit. Answers { professionals, capped }.
    method: "GET",
    path: "/api/professionals/search",
    handler: async ({ ctx, url }) => {
      const p = queryParams(url, [
        "q",
        "category",
        "city",
        "state",
        "zipCode",
        "rating",
        "verified",
        "available",
        "sortBy",
      ] as const);
      if (p.category !== undefined && !isProfessionCategory(p.category)) {
        throw restError(ErrorCode.INVALID_INPUT, "Unknown category");
      }
      const state = p.state?.slice(0, 2).toUpperCase();
      if (state !== undefined && !/^[A-Z]{2}$/.test(state)) throw restError(ErrorCode.INVALID_INPUT, "State must be a 2-letter code");
      let minRating: number | undefined;
      if (p.rating !== undefined) {
        minRating = Number(p.rating);
        if (![2, 3, 4].includes(minRating)) throw restError(ErrorCode.INVALID_INPUT, "rating must be 2, 3 or 4");
      }
      if (p.verified !== undefined && p.verified !== "true" && p.verified !== "false") {
        throw restError(ErrorCode.INVALID_INPUT, "verified must be true or false");
      }
      if (p.available !== undefined && p.available !== "true" && p.available !== "false") {
        throw restError(ErrorCode.INVALID_INPUT, "available must be true or false");
      }
      if (p.sortBy !== undefined && !(DIRECTORY_SORTS as readonly string[]).includes(p.sortBy)) {
        throw restError(ErrorCode.INVALID_INPUT, `sortBy must be one of ${DIRECTORY_SORTS.join(", ")}`);
      }
      const result = await ctx.runQuery(api.professionals.search, {
        ...(p.q ? { q: p.q } : {}),
        ...(p.category ? { category: p.category } : {}),
        ...(p.city ? { city: p.city } : {}),
        ...(state ? { state } : {}),
        ...(p.zipCode ? { zipCode: p.zipCode } : {}),
        ...(minRating !== undefined ? { minRating } : {}),
        ...(p.verified === "true" ? { verified: true } : {}),
        ...(p.available === "true" ? { available: true } : {}),
        ...(p.sortBy ? { sortBy: p.sortBy as DirectorySort } : {}),
        limit: limitParam(url, 24),
      });
      return {
        professionals: result.professionals.map(({ _id, ...rest }) => ({ id: _id, ...rest })),
        capped: result.capped,
      };
    },
  },
  {
    // The caller's professional dashboard: activeJobs, completedJobs, thisMonth, rating, reviewCount, available.
    // ?timeZone=America/Chicago counts thisMonth from the caller's midnight (else their state's zone).
    method: "GET",
    path: "/api/professionals/stats",
    handler: async ({ ctx, url }) => {
      await requireSignedIn(ctx);
      const timeZone = url.searchParams.get("timeZone")?.trim();
      return await ctx.runQuery(api.dashboard.professional, timeZone ? { timeZone } : {});
    },
  },
];
