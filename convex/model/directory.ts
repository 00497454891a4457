// The professional directory (spec §2 "Professional directory", §3
// "Professional"): filters by category, place, minimum rating and verified,
// sorted by name, rating, newest or verified. Candidates come from the one
// index that covers the place filter or, without one, the chosen sort; the
// other filters are checked on that bounded read. Free text (`q`) reads the
// users search index `search_directory` instead (state and verified as its
// filter fields) and checks the other filters on that bounded result.
import { v, type Infer, type ObjectType } from "convex/values";
import { JobMessages } from "../../common/jobs";
import { serviceListingLimit } from "../../common/plans";
import { isProfessionCategory } from "../../common/professions";
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { invalid } from "./errors";
import { pageSize } from "./paging";
import { zipToPoint } from "./geo";
import { distanceMiles } from "./geo";
import {
  DIRECTORY_SORTS,
  directoryCategories,
  listedCategories,
  isAvailable,
  professionalsNear,
  userPlacementBoost,
  type DirectorySort,
} from "./professionals";

/** Directory rows read at most per search; a place with more professionals shows the first ones (capped: true). */
export const DIRECTORY_READ_CAP = 1000;
/** ZIP searches cover this many miles around the ZIP unless `radius` says otherwise. */
const DEFAULT_ZIP_RADIUS = 25;

export const professionalValidator = v.object({
  _id: v.id("users"),
  firstName: v.string(),
  lastName: v.string(),
  businessName: v.union(v.string(), v.null()),
  bio: v.union(v.string(), v.null()),
  city: v.union(v.string(), v.null()),
  state: v.union(v.string(), v.null()),
  primaryProfession: v.union(v.string(), v.null()),
  professions: v.array(v.string()),
  specialties: v.array(v.string()),
  professionalCategories: v.array(v.string()),
  profileImageUrl: v.union(v.string(), v.null()),
  createdAt: v.number(),
  verified: v.boolean(),
  rating: v.number(),
  reviewCount: v.number(),
  /** Live Available/Busy (spec availabilityStatus). */
  available: v.boolean(),
  distanceMiles: v.union(v.number(), v.null()),
});
export type Professional = Infer<typeof professionalValidator>;

function listedOnCard(user: Doc<"users">): { professions: string[]; professionalCategories: string[] } {
  const unlimited = serviceListingLimit(user.subscriptionTier ?? "basic") === Number.POSITIVE_INFINITY;
  return {
    professions: unlimited ? (user.professions ?? []) : listedCategories(user).professions,
    professionalCategories: directoryCategories(user),
  };
}

/** The public directory card: no email, phone, license, lockout or billing fields. */
function toProfessional(user: Doc<"users">, distance: number | null): Professional {
  return {
    _id: user._id,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    businessName: user.businessName ?? null,
    bio: user.bio ?? null,
    city: user.city ?? null,
    state: user.state ?? null,
    primaryProfession: user.primaryProfession ?? null,
    // A Basic card shows what it is listed (and matched) under; the rest stays on the profile.
    ...listedOnCard(user),
    specialties: user.specialties ?? [],
    profileImageUrl: user.image ?? null,
    createdAt: user._creationTime,
    verified: user.verified ?? false,
    rating: user.rating ?? 0,
    reviewCount: user.reviewCount ?? 0,
    available: isAvailable(user),
    distanceMiles: distance === null ? null : Math.round(distance * 10) / 10,
  };
}

const byName = (a: Doc<"users">, b: Doc<"users">) =>
  (a.lastName ?? "").localeCompare(b.lastName ?? "") || (a.firstName ?? "").localeCompare(b.firstName ?? "");
const byRating = (a: Doc<"users">, b: Doc<"users">) => (b.rating ?? 0) - (a.rating ?? 0);
const ORDER: Record<DirectorySort, (a: Doc<"users">, b: Doc<"users">) => number> = {
  name: byName,
  rating: (a, b) => byRating(a, b) || byName(a, b),
  newest: (a, b) => b._creationTime - a._creationTime,
  verified: (a, b) => Number(b.verified ?? false) - Number(a.verified ?? false) || byRating(a, b) || byName(a, b),
};

// Where Rafter chooses the order (nearest first, best match), the one bounded boost of
// model/professionals.ts placementBoost applies: verified and Pro+/Enterprise members count some
// miles nearer in a nearest-first list and move up some places in a relevance list. Only among
// those who already passed every filter, and never when the searcher picked a sort.
const boostedMiles = (m: { user: Doc<"users">; distance: number | null }) =>
  (m.distance ?? 0) - userPlacementBoost(m.user).miles;

function nearestFirst<T extends { user: Doc<"users">; distance: number | null }>(rows: T[]): T[] {
  return rows.sort((a, b) => boostedMiles(a) - boostedMiles(b));
}

export function relevanceWithBoost<T extends { user: Doc<"users"> }>(rows: T[]): T[] {
  const keyed = rows.map((row, i) => {
    const ranks = userPlacementBoost(row.user).ranks;
    return { row, ranks, key: i - ranks };
  });
  // Equal keys: the more boosted first, then the search's own order (the sort is stable).
  keyed.sort((a, b) => a.key - b.key || b.ranks - a.ranks);
  return keyed.map((k) => k.row);
}

/**
 * Without a place filter: the index whose order is the sort's (so the first matches are the answer);
 * `ordered` is false when a verified-only filter picks the verified index for a name or newest sort.
 */
function withoutPlace(ctx: QueryCtx, sortBy: DirectorySort, verifiedOnly: boolean, minRating: number | undefined) {
  const users = ctx.db.query("users");
  if (verifiedOnly || sortBy === "verified") {
    const query = users
      .withIndex("by_userType_and_verified_and_rating", (q) => {
        if (!verifiedOnly) return q.eq("userType", "professional");
        const verified = q.eq("userType", "professional").eq("verified", true);
        return minRating !== undefined ? verified.gte("rating", minRating) : verified;
      })
      .order("desc");
    return { query, ordered: sortBy === "verified" || sortBy === "rating" };
  }
  if (sortBy === "rating") {
    const query = users
      .withIndex("by_userType_and_rating", (q) =>
        minRating !== undefined
          ? q.eq("userType", "professional").gte("rating", minRating)
          : q.eq("userType", "professional"),
      )
      .order("desc");
    return { query, ordered: true };
  }
  if (sortBy === "name") {
    const query = users
      .withIndex("by_userType_and_lastName_and_firstName", (q) => q.eq("userType", "professional"))
      .order("asc");
    return { query, ordered: true };
  }
  return {
    query: users.withIndex("by_userType", (q) => q.eq("userType", "professional")).order("desc"),
    ordered: true,
  };
}

/** Longest free-text query; longer text is cut. */
const MAX_Q_LENGTH = 100;

export const directorySearchArgs = {
  /** Free text: full name, business name, bio, professions, specialties (the search_directory index). */
  q: v.optional(v.string()),
  /** A profession category (common/professions.ts). */
  category: v.optional(v.string()),
  city: v.optional(v.string()),
  state: v.optional(v.string()),
  zipCode: v.optional(v.string()),
  /** Miles around zipCode (default 25, at most 100). */
  radius: v.optional(v.number()),
  minRating: v.optional(v.number()),
  verified: v.optional(v.boolean()),
  /** Only professionals who are Available now (not Busy). */
  available: v.optional(v.boolean()),
  sortBy: v.optional(v.union(...DIRECTORY_SORTS.map((s) => v.literal(s)))),
  limit: v.optional(v.number()),
};
export type DirectorySearchArgs = ObjectType<typeof directorySearchArgs>;
export const directoryPageValidator = v.object({ professionals: v.array(professionalValidator), capped: v.boolean() });
export type DirectoryPage = Infer<typeof directoryPageValidator>;

/** The filters every search checks first (also checked where a search is only scheduled: model/insights.ts). */
export function checkedDirectoryFilters(args: DirectorySearchArgs) {
  const category = args.category?.trim() || undefined;
  if (category !== undefined && !isProfessionCategory(category)) invalid("Unknown category");
  const state = args.state?.trim().toUpperCase() || undefined;
  if (state !== undefined && !/^[A-Z]{1,2}$/.test(state)) invalid("State must be a 2-letter code");
  const minRating = args.minRating;
  if (minRating !== undefined && ![2, 3, 4].includes(minRating)) invalid("Minimum rating must be 2, 3 or 4");
  return { category, state, minRating };
}

/**
 * One page of the directory. Also run for lead insights (insights:countSearchPage, after the page
 * was served), so the professionals counted as appearing are the ones this search really returns,
 * not ids a client names.
 */
export async function searchDirectory(ctx: QueryCtx, args: DirectorySearchArgs): Promise<DirectoryPage> {
  const { category, state, minRating } = checkedDirectoryFilters(args);
  const city = args.city?.trim() || undefined;
  const zip = args.zipCode?.trim() || undefined;
  const verifiedOnly = args.verified === true;
  const availableOnly = args.available === true;
  const q = args.q?.trim().slice(0, MAX_Q_LENGTH) || undefined;
  const sortBy = args.sortBy ?? "name";
  const limit = pageSize(args.limit, 24);

  const hasTraits = (user: Doc<"users">) =>
    (category === undefined || directoryCategories(user).includes(category)) &&
    (minRating === undefined || (user.rating ?? 0) >= minRating) &&
    (!verifiedOnly || user.verified === true) &&
    (!availableOnly || isAvailable(user));

  // Free text: the search index's best matches (state and verified filtered by the index), then the
  // other filters on that bounded result; relevance order (nearest first with a ZIP) unless a sort is asked for.
  if (q !== undefined) {
    let point = null;
    let miles = 0;
    if (zip !== undefined) {
      if (!/^\d{5}(-\d{4})?$/.test(zip)) invalid(JobMessages.zipInvalid);
      point = zipToPoint(zip);
      if (point === null) invalid(JobMessages.zipUnknown);
      miles = Math.min(Math.max(args.radius ?? DEFAULT_ZIP_RADIUS, 1), 100);
    } else if (city !== undefined && state === undefined) {
      invalid(JobMessages.stateRequired);
    }
    const rows = await ctx.db
      .query("users")
      .withSearchIndex("search_directory", (s) => {
        const base = s.search("directoryText", q).eq("userType", "professional");
        // A ZIP is the place: city and state are not checked (as without text).
        const inState = state !== undefined && point === null ? base.eq("state", state) : base;
        return verifiedOnly ? inState.eq("verified", true) : inState;
      })
      .take(DIRECTORY_READ_CAP);
    const wantedCity = point === null ? city?.toLowerCase() : undefined;
    const found: { user: Doc<"users">; distance: number | null }[] = [];
    for (const user of rows) {
      if (!hasTraits(user)) continue;
      if (wantedCity !== undefined && (user.city ?? "").trim().toLowerCase() !== wantedCity) continue;
      if (point !== null) {
        if (user.lat === undefined || user.lng === undefined) continue;
        const distance = distanceMiles(point, { lat: user.lat, lng: user.lng });
        if (distance <= miles) found.push({ user, distance });
      } else {
        found.push({ user, distance: null });
      }
    }
    const ranked = args.sortBy
      ? found.sort((a, b) => ORDER[sortBy](a.user, b.user))
      : point !== null
        ? nearestFirst(found)
        : relevanceWithBoost(found);
    return {
      professionals: ranked.slice(0, limit).map(({ user, distance }) => toProfessional(user, distance)),
      capped: rows.length >= DIRECTORY_READ_CAP,
    };
  }

  // A ZIP: professionals around it (geohash index), nearest first unless another sort is asked for.
  if (zip !== undefined) {
    if (!/^\d{5}(-\d{4})?$/.test(zip)) invalid(JobMessages.zipInvalid);
    const point = zipToPoint(zip);
    if (point === null) invalid(JobMessages.zipUnknown);
    const miles = Math.min(Math.max(args.radius ?? DEFAULT_ZIP_RADIUS, 1), 100);
    const near = await professionalsNear(ctx, point, miles, DIRECTORY_READ_CAP);
    // The ZIP is the place: city and state are not checked again.
    const found = near.filter(({ user }) => hasTraits(user));
    const rows = args.sortBy ? found.sort((a, b) => ORDER[sortBy](a.user, b.user)) : nearestFirst(found);
    return {
      professionals: rows.slice(0, limit).map(({ user, distance }) => toProfessional(user, distance)),
      capped: near.length >= DIRECTORY_READ_CAP,
    };
  }

  // A state (and city): that place's professionals, sorted here.
  if (state !== undefined) {
    const rows = await ctx.db
      .query("users")
      .withIndex("by_userType_and_state_and_city", (q) => {
        const base = q.eq("userType", "professional").eq("state", state);
        return city !== undefined ? base.eq("city", city) : base;
      })
      .take(DIRECTORY_READ_CAP);
    const found = rows.filter(hasTraits).sort(ORDER[sortBy]);
    return {
      professionals: found.slice(0, limit).map((u) => toProfessional(u, null)),
      capped: rows.length >= DIRECTORY_READ_CAP,
    };
  }
  if (city !== undefined) invalid(JobMessages.stateRequired);

  // No place: walk the sort's index and keep the first matches.
  const { query: ranged, ordered } = withoutPlace(ctx, sortBy, verifiedOnly, minRating);
  const found: Doc<"users">[] = [];
  let read = 0;
  for await (const user of ranged) {
    read += 1;
    if (hasTraits(user)) found.push(user);
    if ((ordered && found.length >= limit) || read >= DIRECTORY_READ_CAP) break;
  }
  if (!ordered) found.sort(ORDER[sortBy]);
  return {
    professionals: found.slice(0, limit).map((u) => toProfessional(u, null)),
    capped: read >= DIRECTORY_READ_CAP && (!ordered || found.length < limit),
  };
}
