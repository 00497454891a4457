// Demo payments (issue 15): the demo professional connects a payout account through the local
// onboarding, and the demo owner hires them for jobs left in every payment state, one dispute
// waiting for the demo admin, and one job split into two milestones (the first released, the
// second held). Everything runs through the app's own code: the local gateway's
// checkout and onboarding, the webhook's own mutation for their signed events, and the payment
// model's transitions (whose money moves are scheduled actions, as in the app).
import { v } from "convex/values";
import type { PaymentState } from "../../common/payments";
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { internalAction, internalMutation, internalQuery } from "../functions";
import { claimFile } from "../model/files";
import { acceptBid, getJobX, insertJob, placeBid, transition } from "../model/jobs";
import {
  approve,
  onJobCancelled,
  openDispute,
  openPayment,
  paymentOfJobX,
  resolveDispute,
  splitMilestones,
  submitCompletion,
} from "../payments/model/payments";
import { disputeObject, jobCheckoutSessionObject, localId, stripeEvent } from "../payments/events";
import { MOVE_MAX_ATTEMPTS } from "../payments/model/movePool";
import { localGateway } from "../payments/local";
import { applyEventsDirectly } from "../payments/webhooks";
import { DEMO_ACCOUNTS } from "./data";

const DAY = 24 * 60 * 60_000;
const CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
/** A 1x1 PNG: the completion photo of the demo jobs. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

/**
 * Demo jobs and the state each payment is left in (the order the seed walks them). `rangeMaxCents`:
 * a range bid hired without a price (the pro's final quote awaited); `payoutFails`: released while
 * the pro's account had payouts paused, so the transfer failed every try and waits for the admin.
 */
const DEMO_PAYMENTS: readonly { title: string; priceCents: number; state: PaymentState; rangeMaxCents?: number; payoutFails?: boolean }[] = [
  { title: "Replace the porch light fixture", priceCents: 32_000, state: "released" },
  { title: "Add a GFCI outlet in the garage", priceCents: 41_500, state: "released" },
  { title: "Install a whole-house surge protector", priceCents: 68_000, state: "released" },
  { title: "Hang three pendant lights over the island", priceCents: 54_000, state: "completion_submitted" },
  { title: "Wire a 240V outlet for the dryer", priceCents: 76_000, state: "funded" },
  { title: "Swap the bathroom exhaust fan", priceCents: 38_000, state: "awaiting_funding" },
  { title: "Upgrade the main panel to 200A", priceCents: 240_000, state: "disputed" },
  { title: "Run power to the backyard shed", priceCents: 120_000, state: "partially_refunded" },
  { title: "Fix the flickering dining room circuit", priceCents: 26_000, state: "refunded" },
  { title: "Add under-cabinet lighting", priceCents: 45_000, state: "cancelled" },
  { title: "Install an EV charger in the garage", priceCents: 150_000, rangeMaxCents: 190_000, state: "awaiting_quote" },
  { title: "Rewire the detached workshop", priceCents: 98_000, state: "charged_back" },
  { title: "Replace the smoke detectors", priceCents: 29_000, state: "released", payoutFails: true },
  { title: "Install a ceiling fan in the bedroom", priceCents: 35_000, state: "processing" },
];

/** A job split into milestones: the first released, the second funded and held. */
const DEMO_MILESTONES = {
  title: "Rewire the finished basement in two stages",
  priceCents: 160_000,
  milestones: [
    { title: "Rough-in wiring", amountCents: 70_000 },
    { title: "Fixtures and final inspection", amountCents: 90_000 },
  ],
};

const people = async (ctx: MutationCtx) => {
  const byEmail = async (email: string) =>
    (await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", email))
      .first())!;
  return {
    owner: await byEmail(DEMO_ACCOUNTS[0]!.email),
    pro: await byEmail(DEMO_ACCOUNTS[1]!.email),
    admin: await byEmail(DEMO_ACCOUNTS.find((a) => a.role === "admin")!.email),
  };
};

/** Whether the demo professional has a payout account already (an earlier run seeded the payments). */
export const demoPro = internalQuery({
  args: {},
  returns: v.union(v.null(), v.object({ userId: v.id("users"), email: v.string(), connected: v.boolean() })),
  handler: async (ctx) => {
    const pro = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", DEMO_ACCOUNTS[1]!.email))
      .first();
    if (pro === null) return null;
    return { userId: pro._id, email: pro.email ?? "", connected: pro.stripeConnectAccountId !== undefined };
  },
});

/** The demo owner posts a job and hires the demo professional at one price: the payment opens. */
export const hire = internalMutation({
  args: { title: v.string(), priceCents: v.number(), rangeMaxCents: v.optional(v.number()), index: v.number() },
  returns: v.id("jobs"),
  handler: async (ctx, { title, priceCents, rangeMaxCents, index }) => {
    const { owner, pro } = await people(ctx);
    let job = await insertJob(ctx, owner, {
      title,
      description: `${title}. Demo job with payment protection.`,
      category: "electrical",
      propertyType: "single_family",
      location: `${owner.city ?? "Austin"}, ${owner.state ?? "TX"}`,
      zipCode: owner.zipCode ?? "78704",
      urgency: "medium",
      budget: "$250-2500",
      requirements: ["Licensed electrician", "Clean up after the work"],
      photoRequired: false,
      source: "project",
      seeded: true,
    });
    const bidId = await placeBid(ctx, job, pro, {
      priceMin: priceCents / 100,
      ...(rangeMaxCents !== undefined ? { priceMax: rangeMaxCents / 100 } : {}),
      message: `${title}, done to code. Materials included.`,
      earliestStart: new Date(Date.now() + (index + 1) * DAY).toISOString().slice(0, 10),
      estimatedDuration: "1 day",
    });
    job = await getJobX(ctx, job._id);
    const bid = (await ctx.db.get("bids", bidId))!;
    // A range is left to the pro's final quote (the owner names no price).
    const settled = rangeMaxCents === undefined ? priceCents : null;
    await acceptBid(ctx, bid, job, owner._id, settled);
    await openPayment(ctx, job, bid, settled);
    return job._id;
  },
});

/** The job's release transfer while it is still not done (null once done or failed for good). */
export const transferOf = internalQuery({
  args: { jobId: v.id("jobs") },
  returns: v.union(v.null(), v.id("paymentMoves")),
  handler: async (ctx, { jobId }) => {
    // The demo's failing payout is on a job without milestones: its one payment.
    const payment = await paymentOfJobX(ctx, jobId);
    const moves = await ctx.db
      .query("paymentMoves")
      .withIndex("by_paymentId", (q) => q.eq("paymentId", payment._id))
      .take(10);
    const transfer = moves.find((m) => m.kind === "transfer" && m.status === "pending");
    return transfer?._id ?? null;
  },
});

/**
 * The local gateway's side of the demo account (what Stripe knows): payouts paused there, before
 * any account.updated reaches the app, so the release's transfer is refused by the gateway.
 */
export const setGatewayPayouts = internalMutation({
  args: { accountId: v.string(), enabled: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { accountId, enabled }) => {
    const row = await ctx.db
      .query("localMoneyMoves")
      .withIndex("by_objectId", (q) => q.eq("objectId", accountId))
      .unique();
    if (row !== null) await ctx.db.patch("localMoneyMoves", row._id, { payoutsEnabled: enabled });
    return null;
  },
});

/** One step of a demo job's payment, as its member would take it. */
export const step = internalMutation({
  args: {
    jobId: v.id("jobs"),
    step: v.union(
      v.literal("start"),
      v.literal("submit"),
      v.literal("approve"),
      v.literal("dispute"),
      v.literal("split"),
      v.literal("cancel"),
      v.literal("milestones"),
    ),
    photoId: v.optional(v.id("_storage")),
    milestoneIndex: v.optional(v.number()),
  },
  returns: v.null(),
  handler: async (ctx, { jobId, step, photoId, milestoneIndex }) => {
    const { owner, pro, admin } = await people(ctx);
    if (step === "milestones") {
      await splitMilestones(ctx, jobId, owner, DEMO_MILESTONES.milestones);
      return null;
    }
    const payment = await paymentOfJobX(ctx, jobId, milestoneIndex ?? 0);
    const job = await getJobX(ctx, jobId);
    switch (step) {
      case "start":
        await transition(ctx, job, "start", pro);
        break;
      case "submit": {
        // As payments/jobs:submitCompletion does: the upload claimed, then the transition.
        const claim = await claimFile(ctx, pro, photoId!, { purpose: "completion", attachedTo: payment._id, maxBytes: 10_000_000, types: ["image/"] });
        if (!claim.ok) throw new Error(claim.error.message);
        await submitCompletion(ctx, payment, pro, {
          checklist: [...job.requirements, job.title],
          note: "All done and tested. Photos attached.",
          photoIds: [photoId!],
        });
        break;
      }
      case "approve":
        await approve(ctx, payment, owner);
        break;
      case "dispute":
        await openDispute(ctx, payment, owner, {
          reason: "The new panel trips whenever the oven and dryer run together.",
          evidence: "It tripped three times this week; the old panel never did.",
          photoIds: [],
        });
        break;
      case "split":
        await resolveDispute(ctx, payment, admin, { kind: "split", proCents: Math.round(payment.fundedCents * 0.6) }, "Most of the run is done; the trench still needs backfilling.");
        break;
      case "cancel":
        await transition(ctx, job, "cancel", owner);
        await onJobCancelled(ctx, jobId, owner);
        break;
    }
    return null;
  },
});

const sessionOf = (url: string) => url.split("/").pop()!;

export const insertDemoPayments = internalAction({
  args: {},
  returns: v.object({ inserted: v.number() }),
  handler: async (ctx): Promise<{ inserted: number }> => {
    const pro: { userId: Id<"users">; email: string; connected: boolean } | null = await ctx.runQuery(internal.seed.payments.demoPro, {});
    if (pro === null || pro.connected) return { inserted: 0 };
    // Payouts: the local Connect account and its onboarding, finished; account.updated applied.
    const { accountId } = await localGateway.createConnectAccount(ctx, { userId: pro.userId, email: pro.email, idempotencyKey: `${pro.userId}:connect` });
    await ctx.runMutation(internal.payments.jobs.setConnectAccount, { viewerId: pro.userId, accountId });
    const link = await localGateway.createAccountLink(ctx, { userId: pro.userId, accountId, refreshUrl: "/earnings", returnUrl: "/earnings" });
    const onboarded = await ctx.runMutation(internal.payments.local.completeOnboarding, { viewerId: pro.userId, sessionId: sessionOf(link.url) });
    await applyEventsDirectly(ctx, onboarded.events);

    let inserted = 0;
    // The owner funds through the local checkout (payment mode); the webhook's mutation applies it.
    const fundThroughCheckout = async (jobId: Id<"jobs">, title: string, amountCents: number, milestoneIndex?: number) => {
      const which = milestoneIndex === undefined ? {} : { milestoneIndex };
      const owner = await ctx.runQuery(internal.payments.jobs.fundingOwner, { jobId, ...which });
      const checkout = await localGateway.createJobCheckout(ctx, {
        paymentId: owner.paymentId,
        ownerId: owner.ownerId,
        email: owner.email,
        amountCents,
        description: `Payment protection: ${title}`,
        transferGroup: `job_${jobId}`,
        successUrl: `/jobs/${jobId}?payment=funded`,
        cancelUrl: `/jobs/${jobId}?payment=canceled`,
        idempotencyKey: `${owner.paymentId}:seed:checkout`,
      });
      const paid = await ctx.runMutation(internal.payments.local.completeJobCheckout, {
        viewerId: owner.ownerId,
        sessionId: sessionOf(checkout.url),
        card: CARD,
      });
      await applyEventsDirectly(ctx, paid.events);
      return owner;
    };
    const gatewayPayouts = async (enabled: boolean) => await ctx.runMutation(internal.seed.payments.setGatewayPayouts, { accountId, enabled });
    for (const [index, demo] of DEMO_PAYMENTS.entries()) {
      const jobId: Id<"jobs"> = await ctx.runMutation(internal.seed.payments.hire, {
        title: demo.title,
        priceCents: demo.priceCents,
        ...(demo.rangeMaxCents !== undefined ? { rangeMaxCents: demo.rangeMaxCents } : {}),
        index,
      });
      inserted += 1;
      if (demo.state === "awaiting_funding" || demo.state === "awaiting_quote") continue;
      if (demo.state === "cancelled") {
        await ctx.runMutation(internal.seed.payments.step, { jobId, step: "cancel" });
        continue;
      }
      if (demo.state === "processing") {
        // Paid by bank debit: the checkout completed unpaid. Its settlement isn't scheduled, so the
        // demo keeps showing a bank payment processing.
        const owner = await ctx.runQuery(internal.payments.jobs.fundingOwner, { jobId });
        const charge = {
          sessionId: localId("cs"),
          paymentId: owner.paymentId,
          ownerId: owner.ownerId,
          amountCents: demo.priceCents,
          paymentIntentId: localId("pi"),
          chargeId: localId("py"),
          transferGroup: `job_${jobId}`,
          method: "us_bank_account" as const,
        };
        await applyEventsDirectly(ctx, [stripeEvent("checkout.session.completed", jobCheckoutSessionObject(charge, "unpaid"), Date.now())]);
        continue;
      }
      const owner = await fundThroughCheckout(jobId, demo.title, demo.priceCents);
      if (demo.state === "refunded") {
        await ctx.runMutation(internal.seed.payments.step, { jobId, step: "cancel" });
        continue;
      }
      await ctx.runMutation(internal.seed.payments.step, { jobId, step: "start" });
      if (demo.state === "funded") continue;
      const photoId = await ctx.storage.store(new Blob([PNG], { type: "image/png" }));
      await ctx.runMutation(internal.seed.payments.step, { jobId, step: "submit", photoId });
      if (demo.state === "completion_submitted") continue;
      if (demo.state === "released" && demo.payoutFails) {
        // Stripe paused the account's payouts (before its account.updated reached the app); the
        // release's transfer is refused on every try (run here rather than waiting out the
        // backoff), then payouts come back on Stripe's side: the move waits for an admin's Retry.
        await gatewayPayouts(false);
        await ctx.runMutation(internal.seed.payments.step, { jobId, step: "approve" });
        const moveId = await ctx.runQuery(internal.seed.payments.transferOf, { jobId });
        for (let tries = 0; tries < MOVE_MAX_ATTEMPTS && (await ctx.runQuery(internal.seed.payments.transferOf, { jobId })) !== null; tries++) {
          // A refused try throws (for the pool to retry it): here the loop is the retry.
          await ctx.runAction(internal.payments.moves.execute, { moveId: moveId! }).catch(() => null);
        }
        await gatewayPayouts(true);
        continue;
      }
      if (demo.state === "released" || demo.state === "charged_back") {
        await ctx.runMutation(internal.seed.payments.step, { jobId, step: "approve" });
        if (demo.state === "charged_back") {
          // The owner's bank opens a chargeback after release (as payments/local:simulateChargeback sends it).
          const charge = (await ctx.runQuery(internal.payments.jobs.chargeOf, { paymentId: owner.paymentId }))!;
          await applyEventsDirectly(ctx, [
            stripeEvent("charge.dispute.created", disputeObject(charge.chargeId, charge.paymentIntentId, charge.amountCents, "needs_response"), Date.now()),
          ]);
        }
        continue;
      }
      await ctx.runMutation(internal.seed.payments.step, { jobId, step: "dispute" });
      if (demo.state === "partially_refunded") await ctx.runMutation(internal.seed.payments.step, { jobId, step: "split" });
    }

    // Milestones: the owner splits the price, funds the first, approves its documented completion
    // (released), then funds the second (held while the work goes on).
    const { title, priceCents, milestones } = DEMO_MILESTONES;
    const jobId: Id<"jobs"> = await ctx.runMutation(internal.seed.payments.hire, { title, priceCents, index: DEMO_PAYMENTS.length });
    inserted += 1;
    await ctx.runMutation(internal.seed.payments.step, { jobId, step: "milestones" });
    await fundThroughCheckout(jobId, title, milestones[0]!.amountCents, 0);
    await ctx.runMutation(internal.seed.payments.step, { jobId, step: "start" });
    const photoId = await ctx.storage.store(new Blob([PNG], { type: "image/png" }));
    await ctx.runMutation(internal.seed.payments.step, { jobId, step: "submit", photoId, milestoneIndex: 0 });
    await ctx.runMutation(internal.seed.payments.step, { jobId, step: "approve", milestoneIndex: 0 });
    await fundThroughCheckout(jobId, title, milestones[1]!.amountCents, 1);
    return { inserted };
  },
});
