// Demo plans: a few seeded professionals on Pro, Pro+ (trialing) and Enterprise, one with a
// cancellation scheduled, bought through the local payments mode's own checkout and portal
// functions, with the resulting Stripe-shaped events applied by the webhook's own mutation.
// The demo professional stays on Basic, so the upgrade path can be tried.
import { v } from "convex/values";
import { QUOTE_CATEGORIES, categoriesServedBy } from "../../common/jobCatalog";
import { quoteRequestSchema } from "../../common/jobs";
import { hasLeadInsights, type PlanId } from "../../common/plans";
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { internalAction, internalMutation, internalQuery } from "../functions";
import { parseOrThrow } from "../model/errors";
import { routeQuoteRequest } from "../model/jobs";
import { recordProfileView, recordSearchPage } from "../model/insights";
import { listedCategories } from "../model/professionals";
import { applyEventsDirectly } from "../payments/webhooks";
import { DEMO_ACCOUNTS } from "./data";
import { bytesOf } from "./feed";
import { FEED_IMAGES } from "./feedImages";
import { assertCanBrand, setCoverImage } from "../model/branding";
import { HIRED, requestEndorsement, writeEndorsement } from "../model/endorsements";

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
      await applyEventsDirectly(ctx, paid.events);
      if (plan.cancel) {
        const portalId = await ctx.runMutation(internal.payments.local.openSession, {
          kind: "portal",
          userId,
          customerId,
        });
        await applyEventsDirectly(
          ctx,
          await ctx.runMutation(internal.payments.local.changeSubscription, {
            viewerId: userId,
            sessionId: portalId,
            change: { kind: "cancel" },
          }),
        );
      }
      if (hasLeadInsights(plan.planId))
        await ctx.runMutation(internal.seed.subscriptions.insertDemoInsights, { userId });
      if (plan.planId === "pro" && !plan.cancel) {
        const storageId = await ctx.storage.store(new Blob([bytesOf(FEED_IMAGES.deck)], { type: "image/png" }));
        await ctx.runMutation(internal.seed.subscriptions.insertDemoBranding, { userId, storageId });
      }
      inserted += 1;
    }
    return { inserted };
  },
});

/** Seeded homeowners who act as the Pro+ professionals' clients in the demo insights. */
const DEMO_INSIGHT_CLIENTS = 4;

/**
 * A Pro+ demo professional's lead insights, written the app's own way: seeded homeowners find them in
 * the directory (the directory page recorder), open their profile (the profile-view recorder) and one
 * sends a quote request in a category they serve (the quote routing). Their bids were counted when the
 * demo jobs were seeded (placeBid, acceptBid).
 */
export const insertDemoInsights = internalMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    const pro = await ctx.db.get("users", userId);
    if (pro === null || !pro.zipCode || !pro.city || !pro.state) return null;
    const homeowners = await ctx.db
      .query("users")
      .withIndex("by_userType", (q) => q.eq("userType", "homeowner"))
      .take(40);
    const clients = homeowners.filter((u) => u.seeded).slice(0, DEMO_INSIGHT_CLIENTS);
    const name = [pro.firstName, pro.lastName].filter(Boolean).join(" ");
    for (const client of clients) {
      await recordSearchPage(ctx, client._id, { q: name }, 0);
      await recordProfileView(ctx, client, pro);
    }
    const served = new Set(categoriesServedBy(listedCategories(pro).professions));
    const category = QUOTE_CATEGORIES.find((c) => served.has(c.value));
    if (clients[0] && category) {
      const values = parseOrThrow(quoteRequestSchema, {
        title: `${category.label} for a rental`,
        description: "Looking for a quote on this work at our rental property this month.",
        category: category.value,
        propertyType: "residential_single_family",
        city: pro.city,
        state: pro.state,
        zipCode: pro.zipCode,
        budget: "$500-1500",
        urgency: "medium",
      });
      await routeQuoteRequest(ctx, clients[0], values, { seeded: true });
    }
    return null;
  },
});

/** A Pro demo professional's branding, set the app's way (the plan check, then the cover claim). */
export const insertDemoBranding = internalMutation({
  args: { userId: v.id("users"), storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { userId, storageId }) => {
    const pro = await ctx.db.get("users", userId);
    if (pro === null) return null;
    assertCanBrand(pro);
    await ctx.db.patch("users", userId, { accentColor: "teal" });
    await setCoverImage(ctx, pro, storageId);
    // An endorsement from a client who hired them, asked and written through the app's own steps.
    for (const status of HIRED) {
      const job = await ctx.db
        .query("jobs")
        .withIndex("by_contractorId_and_status", (q) => q.eq("contractorId", userId).eq("status", status))
        .first();
      const client = job ? await ctx.db.get("users", job.customerId) : null;
      if (job === null || client === null) continue;
      const endorsementId = await requestEndorsement(ctx, pro, job);
      await writeEndorsement(
        ctx,
        client,
        (await ctx.db.get("endorsements", endorsementId))!,
        "Showed up when promised, explained every step and left the place spotless. We'd hire them again.",
      );
      break;
    }
    return null;
  },
});
