// Demo plans: a few seeded professionals on Pro, Pro+ (trialing) and Enterprise, one with a
// cancellation scheduled, bought through the local payments mode's own checkout and portal
// functions, with the resulting Stripe-shaped events applied by the webhook's own mutation.
// The demo professional stays on Basic, so the upgrade path can be tried.
import type Stripe from "stripe";
import { v } from "convex/values";
import type { PlanId } from "../../common/plans";
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { ActionCtx } from "../_generated/server";
import { internalAction, internalQuery } from "../functions";
import type { LocalEvent } from "../payments/events";
import { normalizeEvent } from "../payments/webhooks";
import { DEMO_ACCOUNTS } from "./data";

const DEMO_PLANS: readonly { planId: PlanId; trial: boolean; cancel?: boolean }[] = [
  { planId: "pro", trial: false },
  { planId: "pro_plus", trial: true },
  { planId: "pro", trial: true, cancel: true },
  { planId: "enterprise", trial: false },
  { planId: "pro_plus", trial: false },
];

/** The first seeded professionals (not the demo one), one per demo plan, and whether each has its plan already. */
export const demoSubscribers = internalQuery({
  args: {},
  returns: v.array(v.object({ userId: v.id("users"), subscribed: v.boolean() })),
  handler: async (ctx) => {
    const rows = await ctx.db
      .query("users")
      .withIndex("by_userType", (q) => q.eq("userType", "professional"))
      .take(40);
    return rows
      .filter((u) => u.seeded && u.email !== DEMO_ACCOUNTS[1]!.email)
      .slice(0, DEMO_PLANS.length)
      .map((u) => ({ userId: u._id, subscribed: u.stripeCustomerId !== undefined }));
  },
});

async function applyAll(ctx: ActionCtx, events: unknown[]) {
  for (const event of events as LocalEvent[]) {
    const normalized = normalizeEvent(event as unknown as Stripe.Event);
    if (normalized !== null) await ctx.runMutation(internal.payments.webhooks.apply, { event: normalized });
  }
}

export const insertDemoSubscriptions = internalAction({
  args: {},
  returns: v.object({ inserted: v.number() }),
  handler: async (ctx): Promise<{ inserted: number }> => {
    const subscribers: { userId: Id<"users">; subscribed: boolean }[] = await ctx.runQuery(
      internal.seed.subscriptions.demoSubscribers,
      {},
    );
    let inserted = 0;
    for (const [i, plan] of DEMO_PLANS.entries()) {
      // An earlier (perhaps interrupted) run did this one.
      if (!subscribers[i] || subscribers[i].subscribed) continue;
      const { userId } = subscribers[i];
      const customerId = `cus_local_${userId}`;
      const sessionId = await ctx.runMutation(internal.payments.local.openSession, {
        kind: "checkout",
        userId,
        customerId,
        planId: plan.planId,
        trialDays: plan.trial ? 14 : 0,
        successUrl: "/dashboard?subscription=success",
        cancelUrl: "/subscribe?canceled=true",
      });
      const paid = await ctx.runMutation(internal.payments.local.completeCheckout, {
        viewerId: userId,
        sessionId,
        card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
      });
      await applyAll(ctx, paid.events);
      if (plan.cancel) {
        const portalId = await ctx.runMutation(internal.payments.local.openSession, { kind: "portal", userId, customerId });
        await applyAll(
          ctx,
          await ctx.runMutation(internal.payments.local.changeSubscription, {
            viewerId: userId,
            sessionId: portalId,
            change: { kind: "cancel" },
          }),
        );
      }
      inserted += 1;
    }
    return { inserted };
  },
});
