// Keeps a user's derived location fields and, for professionals, their
// service-area rows (one per job category they serve) in step with the
// profile. Call after any change to zipCode, professions, preferredRadius or
// availability.
import {
  PRIORITY_PLACEMENT_MILES,
  PRIORITY_PLACEMENT_RANKS,
  hasPriorityPlacement,
  serviceListingLimit,
} from "../../common/plans";
import { categoryOfProfession, professionLabel, type ProfessionCategoryValue } from "../../common/professions";
import { categoriesServedBy, DEFAULT_RADIUS_MILES, MAX_RADIUS_MILES } from "../../common/jobs";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { VERIFIED_BOOST_MILES, VERIFIED_BOOST_RANKS } from "../../common/credentials";
import { distanceMiles, geohashRanges, locationFields, type GeoPoint } from "./geo";

/** How the directory can be sorted (spec §2 "Find Local Professionals"). */
export const DIRECTORY_SORTS = ["name", "rating", "newest", "verified"] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

export function radiusOf(user: Doc<"users">): number {
  return Math.min(Math.max(user.preferredRadius ?? DEFAULT_RADIUS_MILES, 1), MAX_RADIUS_MILES);
}

export function isAvailable(user: Doc<"users">): boolean {
  return (user.availabilityStatus ?? "available") === "available";
}

/**
 * What the directory's text search matches: name, business, bio, professions and specialties.
 * Homeowners are found by name and business name only (the site search, /search).
 */
export function directoryTextOf(user: Doc<"users">): string | undefined {
  if (user.userType === "homeowner")
    return [user.firstName, user.lastName, user.businessName].filter(Boolean).join(" ") || undefined;
  if (user.userType !== "professional") return undefined;
  return [
    user.firstName,
    user.lastName,
    user.businessName,
    user.bio,
    ...(user.professions ?? []).map(professionLabel),
    ...(user.specialties ?? []),
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * A professional's service listings (spec §6: Basic one, Pro and above unlimited): the profession
 * categories they offer (professionalCategories of their professions), and those their plan lists
 * for matching and the directory. Basic lists the primary profession's category. A downgrade keeps
 * the professions; only the extra listings stop matching.
 */
export function listedCategories(user: Doc<"users">): {
  offered: ProfessionCategoryValue[];
  listed: string[];
  professions: string[];
} {
  const professions = user.professions ?? [];
  const primaryCategory = user.primaryProfession ? categoryOfProfession(user.primaryProfession) : undefined;
  const offered = [
    ...new Set(
      [primaryCategory, ...professions.map(categoryOfProfession)].filter(
        (c): c is ProfessionCategoryValue => c !== undefined,
      ),
    ),
  ].filter((c) => professions.some((p) => categoryOfProfession(p) === c));
  const listed: string[] = offered.slice(0, serviceListingLimit(user.subscriptionTier ?? "basic"));
  return { offered, listed, professions: professions.filter((p) => listed.includes(categoryOfProfession(p) ?? "")) };
}

/**
 * The categories a professional is found under in the directory's category filter: every category
 * on their profile on Pro and above; on Basic only the listed one (a downgrade keeps the others on
 * the profile, unmatched; ListingLimitNotice says so).
 */
export function directoryCategories(user: Doc<"users">): string[] {
  const onProfile = user.professionalCategories ?? [];
  if (serviceListingLimit(user.subscriptionTier ?? "basic") === Number.POSITIVE_INFINITY) return onProfile;
  const { listed } = listedCategories(user);
  return listed.length > 0 ? listed : onProfile.slice(0, serviceListingLimit(user.subscriptionTier ?? "basic"));
}

/**
 * The one ranking boost, where Rafter chooses the order (quote routing, the directory's nearest-first
 * and best-match lists; never an order the searcher picked): a verified professional (common/credentials.ts)
 * and a Pro+ or Enterprise one (common/plans.ts, priority placement) each count some miles nearer and
 * move up some places; both add up. Bounded, and applied only to those who already passed every filter
 * (category, radius, place, rating, availability, text), so no boost puts anyone past a filter.
 */
export function placementBoost(member: { verified: boolean; priority: boolean }): { miles: number; ranks: number } {
  return {
    miles: (member.verified ? VERIFIED_BOOST_MILES : 0) + (member.priority ? PRIORITY_PLACEMENT_MILES : 0),
    ranks: (member.verified ? VERIFIED_BOOST_RANKS : 0) + (member.priority ? PRIORITY_PLACEMENT_RANKS : 0),
  };
}

/** placementBoost for a users row. */
export function userPlacementBoost(user: Doc<"users">): { miles: number; ranks: number } {
  return placementBoost({
    verified: user.verified === true,
    priority: hasPriorityPlacement(user.subscriptionTier ?? "basic"),
  });
}

export async function syncUserLocation(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const user = await ctx.db.get(userId);
  if (user === null) return;
  const loc = locationFields(user.zipCode);
  const directoryText = directoryTextOf(user);
  if (
    loc.geohash !== user.geohash ||
    loc.lat !== user.lat ||
    loc.lng !== user.lng ||
    directoryText !== user.directoryText
  ) {
    await ctx.db.patch(userId, { lat: loc.lat, lng: loc.lng, geohash: loc.geohash, directoryText });
  }
  const existing = await ctx.db
    .query("serviceAreas")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(100);
  const wanted =
    user.userType === "professional" && loc.geohash !== undefined
      ? categoriesServedBy(listedCategories(user).professions)
      : [];
  const row = {
    userId,
    geohash: loc.geohash ?? "",
    lat: loc.lat ?? 0,
    lng: loc.lng ?? 0,
    radiusMiles: radiusOf(user),
    available: isAvailable(user),
    priority: hasPriorityPlacement(user.subscriptionTier ?? "basic"),
    verified: user.verified === true,
  };
  for (const area of existing) {
    if (!wanted.includes(area.category)) {
      await ctx.db.delete(area._id);
    } else if (
      area.geohash !== row.geohash ||
      area.radiusMiles !== row.radiusMiles ||
      area.available !== row.available ||
      (area.priority ?? false) !== row.priority ||
      (area.verified ?? false) !== row.verified ||
      area.lat !== row.lat ||
      area.lng !== row.lng
    ) {
      await ctx.db.patch(area._id, row);
    }
  }
  for (const category of wanted) {
    if (!existing.some((a) => a.category === category)) await ctx.db.insert("serviceAreas", { ...row, category });
  }
}

/** Upper bound of professionals read per geohash range when routing one job. */
const ROUTING_TAKE_PER_RANGE = 400;

/**
 * Professionals serving `category` whose own radius reaches `point`, Available first, then nearest,
 * Pro+ and Enterprise counted PRIORITY_PLACEMENT_MILES nearer (common/plans.ts), verified members
 * VERIFIED_BOOST_MILES nearer (common/credentials.ts): bounded boosts, only among those who already match.
 * Reads only service-area rows in the geohash ranges around the point (radius cap MAX_RADIUS_MILES).
 */
export async function matchingProfessionals(
  ctx: QueryCtx,
  category: string,
  point: GeoPoint,
  limit: number,
): Promise<{ userId: Id<"users">; distance: number; available: boolean }[]> {
  const found = new Map<
    Id<"users">,
    { userId: Id<"users">; distance: number; available: boolean; priority: boolean; verified: boolean }
  >();
  for (const [start, end] of geohashRanges(point, MAX_RADIUS_MILES)) {
    const rows = await ctx.db
      .query("serviceAreas")
      .withIndex("by_category_and_geohash", (q) => q.eq("category", category).gte("geohash", start).lte("geohash", end))
      .take(ROUTING_TAKE_PER_RANGE);
    for (const row of rows) {
      const distance = distanceMiles(point, row);
      if (distance <= row.radiusMiles)
        found.set(row.userId, {
          userId: row.userId,
          distance,
          available: row.available,
          priority: row.priority === true,
          verified: row.verified === true,
        });
    }
  }
  const rank = (m: { distance: number; priority: boolean; verified: boolean }) => m.distance - placementBoost(m).miles;
  return [...found.values()]
    .sort((a, b) => Number(b.available) - Number(a.available) || rank(a) - rank(b))
    .slice(0, limit)
    .map(({ userId, distance, available }) => ({ userId, distance, available }));
}

/** Professionals within `miles` of a point, nearest first (bounded read: `cap` rows per range). */
export async function professionalsNear(ctx: QueryCtx, point: GeoPoint, miles: number, cap: number) {
  const found: { user: Doc<"users">; distance: number }[] = [];
  for (const [start, end] of geohashRanges(point, miles)) {
    const rows = await ctx.db
      .query("users")
      .withIndex("by_userType_and_geohash", (q) =>
        q.eq("userType", "professional").gte("geohash", start).lte("geohash", end),
      )
      .take(cap);
    for (const user of rows) {
      if (user.lat === undefined || user.lng === undefined) continue;
      const distance = distanceMiles(point, { lat: user.lat, lng: user.lng });
      if (distance <= miles) found.push({ user, distance });
    }
  }
  return found.sort((a, b) => a.distance - b.distance);
}
