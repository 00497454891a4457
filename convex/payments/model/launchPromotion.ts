// The launch promotion (spec §1, §9: Pro Profile free for 1 year for sign-ups before the deadline),
// granted through the same subscription records as a bought plan, never a flag: a professional who
// signed up while the `launch-pro-free` promotion was live gets a Pro Profile subscription of one
// year (cancel at period end), started and ended by the billing rules themselves (model/billing.ts;
// a grant is no Stripe event), its end on the scheduler. The spec's deadline (Dec 31, 2025) is
// past, so nothing is granted until an operator turns the promotion on (promotions:upsert, README).
import { isPromotionLive, LAUNCH_PROMO_KEY } from "../../../common/promo";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { end, startOrRenew, type PlanSnapshot } from "./billing";

export const LAUNCH_PROMOTION_DAYS = 365;
const DAY_MS = 24 * 60 * 60_000;

/** Subscription ids of promotion grants: no Stripe subscription stands behind them. */
export const promoSubscriptionId = (userId: string) => `sub_promo_${userId}`;

/**
 * Grants the launch promotion to a professional who signed up before its deadline and never had a
 * plan; returns whether it did. Called when the professional's sign-up completes (their professions
 * are set). Once: a member with a subscription of any kind (this one included) gets none.
 */
export async function grantLaunchPromotion(ctx: MutationCtx, user: Doc<"users">, now = Date.now()): Promise<boolean> {
  if (user.userType !== "professional" || user.stripeSubscriptionId !== undefined) return false;
  if ((user.subscriptionTier ?? "basic") !== "basic") return false;
  const promotion = await ctx.db
    .query("promotions")
    .withIndex("by_key", (q) => q.eq("key", LAUNCH_PROMO_KEY))
    .unique();
  if (promotion === null || !isPromotionLive(promotion, now) || user._creationTime >= promotion.endsAt) return false;
  const periodEnd = now + LAUNCH_PROMOTION_DAYS * DAY_MS;
  // Stamped as older than any Stripe news: a plan bought over the grant always wins, even from a
  // Stripe clock a little behind ours.
  await startOrRenew(ctx, user, grantOf(user._id, periodEnd), { at: 0, creation: true });
  await scheduleLaunchGrantEnd(ctx, user._id, periodEnd);
  return true;
}

/** The grant as a subscription: Pro Profile, paid for by nobody, set to end with its year. */
const grantOf = (userId: Id<"users">, periodEnd: number): PlanSnapshot => ({
  id: promoSubscriptionId(userId),
  status: "active",
  planId: "pro",
  periodEnd,
  cancelAtPeriodEnd: true,
});

/** The grant's end, on the scheduler, at `periodEnd`. */
async function scheduleLaunchGrantEnd(ctx: MutationCtx, userId: Id<"users">, periodEnd: number) {
  await ctx.scheduler.runAt(periodEnd, internal.promotions.endLaunchGrant, { userId, periodEnd });
}

/**
 * The grant's year is over: its subscription ends (the billing rule leaves alone a paid plan the
 * member bought since).
 */
export async function endLaunchGrant(ctx: MutationCtx, userId: Id<"users">, periodEnd: number, now = Date.now()) {
  // Early (an end that an earlier version scheduled in 20-day steps): wait for the rest of the year.
  if (now < periodEnd) return await scheduleLaunchGrantEnd(ctx, userId, periodEnd);
  const user = await ctx.db.get("users", userId);
  if (user === null) return;
  await end(ctx, user, { ...grantOf(userId, periodEnd), endedAt: periodEnd }, { at: Math.floor(periodEnd / 1000) });
}

/** True when the plan the member has is the launch promotion's grant (no Stripe subscription behind it). */
export const isLaunchGrant = (user: Doc<"users">) => user.stripeSubscriptionId === promoSubscriptionId(user._id);

/** The grant ends now (its member deleted the account): no gateway has it to cancel. */
export async function endLaunchGrantNow(ctx: MutationCtx, user: Doc<"users">, now = Date.now()) {
  const periodEnd = user.subscriptionPeriodEnd ?? now;
  await end(ctx, user, { ...grantOf(user._id, periodEnd), endedAt: now }, { at: Math.floor(now / 1000) });
}
