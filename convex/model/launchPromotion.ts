// The launch promotion (spec §1, §9: Pro Profile free for 1 year for sign-ups before the deadline),
// granted through the same subscription records as a bought plan, never a flag: a professional who
// signed up while the `launch-pro-free` promotion was live gets a Pro Profile subscription of one
// year (cancel at period end), applied by the payments webhook's own mutation, and its end is
// scheduled as that subscription's deletion event. The spec's deadline (Dec 31, 2025) is past, so
// nothing is granted until an operator turns the promotion on (promotions:upsert, README).
import { isPromotionLive, LAUNCH_PROMO_KEY } from "../../common/promo";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

export const LAUNCH_PROMOTION_DAYS = 365;
const DAY_MS = 24 * 60 * 60_000;

/** Subscription ids of promotion grants: no Stripe subscription stands behind them. */
export const promoSubscriptionId = (userId: string) => `sub_promo_${userId}`;

/**
 * Grants the launch promotion to a professional who signed up before its deadline and never had a
 * plan; returns whether it did. Called when the professional's sign-up completes (their professions
 * are set). Idempotent: the grant's event ids are fixed per member and the webhook applies an event once.
 */
export async function grantLaunchPromotion(ctx: MutationCtx, user: Doc<"users">, now = Date.now()): Promise<boolean> {
  if (user.userType !== "professional" || user.stripeSubscriptionId !== undefined) return false;
  if ((user.subscriptionTier ?? "basic") !== "basic") return false;
  const promotion = await ctx.db
    .query("promotions")
    .withIndex("by_key", (q) => q.eq("key", LAUNCH_PROMO_KEY))
    .unique();
  if (promotion === null || !isPromotionLive(promotion, now) || user._creationTime >= promotion.endsAt) return false;
  const subscriptionId = promoSubscriptionId(user._id);
  const periodEnd = now + LAUNCH_PROMOTION_DAYS * DAY_MS;
  const subscription = {
    id: subscriptionId,
    status: "active" as const,
    planId: "pro" as const,
    periodEnd,
    cancelAtPeriodEnd: true,
  };
  const created = Math.floor(now / 1000);
  await ctx.scheduler.runAfter(0, internal.payments.webhooks.apply, {
    event: {
      id: `evt_promo_${user._id}_created`,
      type: "customer.subscription.created",
      created,
      userId: user._id,
      subscriptionId,
      subscription,
    },
  });
  await scheduleLaunchGrantEnd(ctx, user._id, periodEnd);
  return true;
}

/** The grant's end, on the scheduler: its subscription's deletion event at `periodEnd`. */
async function scheduleLaunchGrantEnd(ctx: MutationCtx, userId: Id<"users">, periodEnd: number) {
  await ctx.scheduler.runAt(periodEnd, internal.promotions.endLaunchGrant, { userId, periodEnd });
}

/** The grant's year is over: its subscription's deletion event, applied by the webhook's own mutation. */
export async function endLaunchGrant(ctx: MutationCtx, userId: Id<"users">, periodEnd: number, now = Date.now()) {
  // Early (an end that an earlier version scheduled in 20-day steps): wait for the rest of the year.
  if (now < periodEnd) return await scheduleLaunchGrantEnd(ctx, userId, periodEnd);
  const subscriptionId = promoSubscriptionId(userId);
  await ctx.scheduler.runAfter(0, internal.payments.webhooks.apply, {
    event: {
      id: `evt_promo_${userId}_deleted`,
      type: "customer.subscription.deleted",
      created: Math.floor(periodEnd / 1000),
      userId,
      subscriptionId,
      subscription: {
        id: subscriptionId,
        status: "canceled",
        planId: "pro",
        periodEnd,
        cancelAtPeriodEnd: true,
        endedAt: periodEnd,
      },
    },
  });
}
