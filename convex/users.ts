import { v } from "convex/values";
import { professionSetupSchema } from "../common/auth";
import { Messages } from "../common/errors";
import { categoryOfProfession, isProfession } from "../common/professions";
import { normalizeEmail } from "../common/auth";
import type { Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { internalMutation, mutation, query } from "./functions";
import { recordAudit } from "./model/audit";
import { forbidden, invalid, notFound, parseOrThrow } from "./model/errors";
import { grantLaunchPromotion } from "./payments/model/launchPromotion";
import { syncUserLocation } from "./model/professionals";
import { userCountsOf } from "./model/counters";
import { viewerValidator } from "./model/users";

export const viewer = query({
  args: {},
  returns: v.union(v.null(), viewerValidator),
  handler: async (ctx) => {
    const u = ctx.viewer;
    if (u === null) return null;
    const professions = u.professions ?? [];
    return {
      _id: u._id,
      email: u.email ?? "",
      firstName: u.firstName ?? "",
      lastName: u.lastName ?? "",
      userType: u.userType ?? null,
      professions,
      primaryProfession: u.primaryProfession ?? null,
      professionalCategories: u.professionalCategories ?? [],
      emailVerified: u.emailVerificationTime !== undefined,
      accountRestored: u.restoredAt !== undefined,
      businessName: u.businessName ?? null,
      city: u.city ?? null,
      state: u.state ?? null,
      zipCode: u.zipCode ?? null,
      isAdmin: u.role === "admin",
      availabilityStatus: u.availabilityStatus ?? "available",
      ...(await userCountsOf(ctx, u)),
      // No user type yet, or a professional who has not picked professions.
      needsSetup: u.userType === undefined || (u.userType === "professional" && professions.length === 0),
    };
  },
});

/** Validates a profession choice (spec §5) and writes it with the categories it implies. */
async function applyProfessions(
  ctx: MutationCtx,
  userId: Id<"users">,
  args: { professions: string[]; primaryProfession: string },
): Promise<void> {
  const parsed = parseOrThrow(professionSetupSchema, args);
  if (args.professions.some((p) => !isProfession(p))) invalid(Messages.setupFailed);
  const professions = [...new Set(parsed.professions)];
  const categories = [...new Set(professions.map((p) => categoryOfProfession(p)!))];
  await ctx.db.patch("users", userId, {
    userType: "professional",
    professions,
    primaryProfession: parsed.primaryProfession,
    professionalCategories: categories,
  });
  await syncUserLocation(ctx, userId);
  // A professional's sign-up completes here: the launch promotion, while one is on (payments/model/launchPromotion.ts).
  const user = await ctx.db.get("users", userId);
  if (user !== null) await grantLaunchPromotion(ctx, user);
}

export const completeProfessionSetup = mutation({
  args: { professions: v.array(v.string()), primaryProfession: v.string() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const viewer = ctx.viewerX();
    await applyProfessions(ctx, viewer._id, args);
    return null;
  },
});

/** POST /api/auth/register with professions: the account just created by sign-up gets them at once. */
export const setProfessionsAtSignUp = internalMutation({
  args: { userId: v.id("users"), professions: v.array(v.string()), primaryProfession: v.string() },
  returns: v.null(),
  handler: async (ctx, { userId, ...args }) => {
    const user = await ctx.db.get("users", userId);
    // Only a professional's fresh account, before any profession is set.
    if (user?.userType !== "professional" || (user.professions ?? []).length > 0) return null;
    await applyProfessions(ctx, userId, args);
    return null;
  },
});

/** The Available/Busy toggle: every screen showing this professional updates live; matching puts Available first. */
export const setAvailability = mutation({
  args: { status: v.union(v.literal("available"), v.literal("busy")) },
  returns: v.null(),
  handler: async (ctx, { status }) => {
    const viewer = ctx.viewerX();
    if (viewer.userType !== "professional") {
      forbidden("Only professionals set their availability.");
    }
    await ctx.db.patch(viewer._id, { availabilityStatus: status });
    await syncUserLocation(ctx, viewer._id);
    return null;
  },
});

async function accountByEmail(ctx: MutationCtx, email: string) {
  const user = await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", normalizeEmail(email)))
    .first();
  if (!user) notFound(`No account for ${email}`);
  return user;
}

/**
 * Makes an account an administrator (run by operators with the deployment's admin key:
 * `npm run admin -- grant <email>`, or `npx convex run`). Recorded in the audit log.
 */
export const grantAdmin = internalMutation({
  args: { email: v.string() },
  returns: v.null(),
  handler: async (ctx, { email }) => {
    const user = await accountByEmail(ctx, email);
    if (user.role === "admin") return null;
    await ctx.db.patch("users", user._id, { role: "admin" });
    await recordAudit(ctx, "operator", {
      action: "admin.grant",
      targetTable: "users",
      targetId: user._id,
      before: { role: null },
      after: { role: "admin" },
      note: user.email,
    });
    return null;
  },
});

/** Takes the administrator role away (`npm run admin -- revoke <email>`); the member's sessions stay. Audited. */
export const revokeAdmin = internalMutation({
  args: { email: v.string() },
  returns: v.null(),
  handler: async (ctx, { email }) => {
    const user = await accountByEmail(ctx, email);
    if (user.role !== "admin") return null;
    await ctx.db.patch("users", user._id, { role: undefined });
    await recordAudit(ctx, "operator", {
      action: "admin.revoke",
      targetTable: "users",
      targetId: user._id,
      before: { role: "admin" },
      after: { role: null },
      note: user.email,
    });
    return null;
  },
});
