import { v } from "convex/values";
import { planId, userType } from "../schema";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";

/** What the signed-in user learns about their own account. */
export const viewerValidator = v.object({
  _id: v.id("users"),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  userType: v.union(userType, v.null()),
  professions: v.array(v.string()),
  primaryProfession: v.union(v.string(), v.null()),
  professionalCategories: v.array(v.string()),
  emailVerified: v.boolean(),
  /** A sign-in restored the deleted account: the app says so until the member dismisses it. */
  accountRestored: v.boolean(),
  businessName: v.union(v.string(), v.null()),
  city: v.union(v.string(), v.null()),
  state: v.union(v.string(), v.null()),
  zipCode: v.union(v.string(), v.null()),
  isAdmin: v.boolean(),
  needsSetup: v.boolean(),
  availabilityStatus: v.union(v.literal("available"), v.literal("busy")),
  unreadMessages: v.number(),
  unreadNotifications: v.number(),
});

/** What anyone signed in may see of another member (no email, phone, tokens, Stripe ids or lockout fields). */
export const publicUserValidator = v.object({
  _id: v.id("users"),
  firstName: v.string(),
  lastName: v.string(),
  businessName: v.union(v.string(), v.null()),
  userType: v.union(v.string(), v.null()),
  primaryProfession: v.union(v.string(), v.null()),
  professions: v.array(v.string()),
  professionalCategories: v.array(v.string()),
  specialties: v.array(v.string()),
  bio: v.union(v.string(), v.null()),
  city: v.union(v.string(), v.null()),
  state: v.union(v.string(), v.null()),
  image: v.union(v.string(), v.null()),
  verified: v.boolean(),
  /** The plan in force (spec §3 subscriptionTier, default basic), set by the payments webhook. */
  tier: planId,
  rating: v.number(),
  reviewCount: v.number(),
  available: v.union(v.boolean(), v.null()),
  joinedAt: v.number(),
});

export function toPublicUser(u: Doc<"users">) {
  return {
    _id: u._id,
    firstName: u.firstName ?? "",
    lastName: u.lastName ?? "",
    businessName: u.businessName ?? null,
    userType: u.userType ?? null,
    primaryProfession: u.primaryProfession ?? null,
    professions: u.professions ?? [],
    professionalCategories: u.professionalCategories ?? [],
    specialties: u.specialties ?? [],
    bio: u.bio ?? null,
    city: u.city ?? null,
    state: u.state ?? null,
    image: u.image ?? null,
    verified: u.verified ?? false,
    tier: u.subscriptionTier ?? "basic",
    rating: u.rating ?? 0,
    reviewCount: u.reviewCount ?? 0,
    available: u.userType === "professional" ? (u.availabilityStatus ?? "available") === "available" : null,
    joinedAt: u.termsAcceptedAt ?? u._creationTime,
  };
}

/** A member's full name, "" when they have none yet. */
export function fullName(user: Pick<Doc<"users">, "firstName" | "lastName">): string {
  return `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim();
}

/** How a member is named to others: business name first, then full name. */
export function displayName(user: Pick<Doc<"users">, "firstName" | "lastName" | "businessName">): string {
  return user.businessName || fullName(user) || "A professional";
}

/** A deleted account (waiting for its purge, or purged): hidden from everyone else. */
export function isDeleted(user: Pick<Doc<"users">, "deletedAt" | "purgedAt">): boolean {
  return user.deletedAt !== undefined || user.purgedAt !== undefined;
}

/** Hidden from everyone else: a deleted account, or a banned member (model/bans.ts) until unbanned. */
export function isHiddenMember(user: Pick<Doc<"users">, "deletedAt" | "purgedAt" | "bannedAt">): boolean {
  return isDeleted(user) || user.bannedAt !== undefined;
}

/** The member as others may see them: null when the row is gone, the account is deleted or banned. */
export async function visibleUser(ctx: QueryCtx, id: Id<"users">): Promise<Doc<"users"> | null> {
  const user = await ctx.db.get("users", id);
  return user === null || isHiddenMember(user) ? null : user;
}
