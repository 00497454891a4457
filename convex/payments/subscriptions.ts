// Plans (spec §2 Subscribe, §4 subscription purchase, §6 tiers, §7 POST /api/create-subscription):
// the member's plan as the payments webhook last set it, and the checkout and portal links.
// Stripe is reached only from these actions, through the payments gateway.
import { v } from "convex/values";
import { ErrorCode } from "../../common/errors";
import { inAppPath } from "../../common/paths";
import {
  CHECKOUT_RETURNS,
  FREE_TRIAL_DAYS,
  MAX_RETURN_URL_LENGTH,
  SubscribeCopy,
  isLiveStatus,
  isPaidPlan,
  isPlanId,
  planById,
  type PlanId,
  type SubscriptionStatus,
} from "../../common/plans";
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { ActionCtx } from "../_generated/server";
import { action, internalQuery, query } from "../functions";
import { fail, invalid } from "../model/errors";
import { promoSubscriptionId } from "./model/launchPromotion";
import { listedCategories } from "../model/professionals";
import { siteUrl } from "../model/tokens";
import { paymentsMode } from "./gateway";
import { paymentsGateway } from "./gateways";
import { planId as planIdValidator, subscriptionStatus } from "../schema";

export const mine = query({
  args: {},
  returns: v.union(
    v.null(),
    v.object({
      tier: planIdValidator,
      status: v.union(subscriptionStatus, v.null()),
      /** A paid plan in force (trialing, active or past due). */
      live: v.boolean(),
      periodEnd: v.union(v.number(), v.null()),
      endsAt: v.union(v.number(), v.null()),
      trialEndsAt: v.union(v.number(), v.null()),
      /** The first paid plan comes with the free trial. */
      trialAvailable: v.boolean(),
      /** Manage subscription (the customer portal) is there once a paid plan was bought. */
      canManage: v.boolean(),
      paymentsAvailable: v.boolean(),
    }),
  ),
  handler: async (ctx) => {
    const viewer = ctx.viewer;
    if (viewer === null) return null;
    const status = viewer.subscriptionStatus ?? null;
    return {
      tier: viewer.subscriptionTier ?? "basic",
      status,
      live: isLiveStatus(status),
      periodEnd: viewer.subscriptionPeriodEnd ?? null,
      endsAt: viewer.subscriptionEndsAt ?? null,
      trialEndsAt: viewer.trialEndsAt ?? null,
      trialAvailable: viewer.trialUsed !== true,
      canManage: viewer.stripeCustomerId !== undefined,
      paymentsAvailable: paymentsMode() !== "off",
    };
  },
});

/** A professional's service listings: the categories they offer and those their plan matches them in. */
export const listings = query({
  args: {},
  returns: v.union(
    v.null(),
    v.object({ offered: v.array(v.string()), listed: v.array(v.string()), tier: planIdValidator }),
  ),
  handler: async (ctx) => {
    const viewer = ctx.viewer;
    if (viewer === null || viewer.userType !== "professional") return null;
    const { offered, listed } = listedCategories(viewer);
    return { offered, listed, tier: viewer.subscriptionTier ?? "basic" };
  },
});

export const billingOf = internalQuery({
  args: { userId: v.id("users") },
  returns: v.union(
    v.null(),
    v.object({
      email: v.string(),
      tier: planIdValidator,
      status: v.union(subscriptionStatus, v.null()),
      customerId: v.union(v.string(), v.null()),
      trialUsed: v.boolean(),
      /** The plan in force is the launch promotion's (no Stripe subscription to manage). */
      promo: v.boolean(),
    }),
  ),
  handler: async (ctx, { userId }) => {
    const user = await ctx.db.get("users", userId);
    if (user === null || user.deletedAt !== undefined) return null;
    return {
      email: user.email ?? "",
      tier: user.subscriptionTier ?? "basic",
      status: user.subscriptionStatus ?? null,
      customerId: user.stripeCustomerId ?? null,
      trialUsed: user.trialUsed === true,
      promo: user.stripeSubscriptionId !== undefined && user.stripeSubscriptionId === promoSubscriptionId(user._id),
    };
  },
});

const gateway = () => paymentsGateway();

/**
 * Where checkout returns: a path inside the app ("/dashboard?subscription=success") or a full URL
 * on the app's own origin (common/paths.ts, the check sign-in's ?next= uses); anything else falls
 * back to the spec's return.
 */
function returnUrl(requested: string | undefined, fallback: string): string {
  // Stripe refuses a success_url or cancel_url over 5,000 characters; refuse long ones here, in our words.
  if (requested !== undefined && requested.length > MAX_RETURN_URL_LENGTH) invalid(SubscribeCopy.returnUrlTooLong);
  const site = siteUrl();
  return `${site}${inAppPath(requested, site) ?? fallback}`;
}

interface Billing {
  email: string;
  tier: PlanId;
  status: SubscriptionStatus | null;
  customerId: string | null;
  trialUsed: boolean;
  promo: boolean;
}

async function signedInMember(
  ctx: ActionCtx & { viewerId: Id<"users"> | null },
): Promise<{ userId: Id<"users">; billing: Billing }> {
  if (ctx.viewerId === null) fail(ErrorCode.NOT_AUTHENTICATED, SubscribeCopy.authRequired);
  const billing: Billing | null = await ctx.runQuery(internal.payments.subscriptions.billingOf, { userId: ctx.viewerId });
  if (billing === null) fail(ErrorCode.NOT_AUTHENTICATED, SubscribeCopy.authRequired);
  return { userId: ctx.viewerId, billing };
}

/** A checkout for a paid plan: the URL to send the member to (spec: the browser navigates to it). */
export const checkout = action({
  args: { planId: v.string(), successUrl: v.optional(v.string()), cancelUrl: v.optional(v.string()) },
  returns: v.object({ url: v.string() }),
  handler: async (ctx, args): Promise<{ url: string }> => {
    const { userId, billing } = await signedInMember(ctx);
    const planId = args.planId;
    if (!isPlanId(planId)) invalid("Choose a plan");
    // A launch-promotion Pro Profile has nothing to manage in the portal: a paid plan is bought over it.
    const live = isLiveStatus(billing.status) && !billing.promo;
    if (billing.promo && isLiveStatus(billing.status) && billing.tier === planId)
      invalid(SubscribeCopy.alreadyOnPlan(planById(planId).name));
    if (!isPaidPlan(planId)) invalid(live ? SubscribeCopy.changeInPortal : SubscribeCopy.alreadyBasic);
    if (live)
      invalid(
        billing.tier === planId ? SubscribeCopy.alreadyOnPlan(planById(planId).name) : SubscribeCopy.changeInPortal,
      );
    return await gateway().createSubscriptionCheckout(ctx, {
      userId,
      email: billing.email,
      customerId: billing.customerId,
      planId,
      trialDays: billing.trialUsed ? 0 : FREE_TRIAL_DAYS,
      successUrl: returnUrl(args.successUrl, CHECKOUT_RETURNS.success),
      cancelUrl: returnUrl(args.cancelUrl, CHECKOUT_RETURNS.cancel),
    });
  },
});

/** The customer portal: change plan, cancel at the period's end, fix the card. */
export const portal = action({
  args: { returnUrl: v.optional(v.string()) },
  returns: v.object({ url: v.string() }),
  handler: async (ctx, args): Promise<{ url: string }> => {
    const { userId, billing } = await signedInMember(ctx);
    if (billing.customerId === null) invalid("You don't have a paid plan to manage yet.");
    return await gateway().createPortalSession(ctx, {
      userId,
      customerId: billing.customerId,
      returnUrl: returnUrl(args.returnUrl, "/subscribe"),
    });
  },
});
