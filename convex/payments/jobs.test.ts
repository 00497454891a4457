// Payment protection for jobs (issue 15): the transitions table (every transition, every caller),
// the settled price, funding through the signed webhook (and its replays), completion, changes,
// auto-release, disputes and their admin decision, chargebacks, and a property test over random
// sequences of all of it.
import { ConvexError } from "convex/values";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ErrorCode, Messages } from "../../common/errors";
import {
  MAX_CHANGE_REQUESTS,
  MILESTONE_LIMITS,
  MilestoneCopy,
  PAYMENT_STATES,
  PaymentCopy,
  REMINDER_BEFORE_MS,
  type PaymentState,
} from "../../common/payments";
import { api, internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import {
  autoRelease,
  paymentRefusal,
  PAYMENT_TRANSITIONS,
  resolveDispute,
  type Payment,
  type PaymentActor,
  type PaymentTransition,
} from "./model/payments";
import { fileBlob, bid, errorOf, fundJob, newTest, owner, pro, project, serveSiteUrl, useFakeTime, userRow, type TestConvex, type TestMember, postStripeEvent } from "../test.setup";
import { movesPool } from "./model/movePool";
import { accountUpdatedEvent, deliveryPlan, disputeObject, jobCheckoutSessionObject, paymentIntentObject, stripeEvent, type LocalEvent, type LocalJobCharge } from "./events";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const GOOD_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
const PAYOUTS = { payoutsEnabled: true, stripeConnectAccountId: "acct_test_pro" };

beforeEach(() => {
  process.env.RAFTER_LOCAL = "1";
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.PAYMENT_REVIEW_WINDOW_HOURS;
});
afterEach(() => {
  delete process.env.RAFTER_LOCAL;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Delivered where Stripe delivers it: a connected account's event to the Connect endpoint, with its secret. */
async function post(t: TestConvex, event: LocalEvent) {
  expect((await postStripeEvent(t, event)).status).toBe(200);
}

const paymentOf = (t: TestConvex, jobId: Id<"jobs">) =>
  t.run(async (ctx) => (await ctx.db.query("jobPayments").withIndex("by_jobId", (q) => q.eq("jobId", jobId)).unique())!);
const jobOf = (t: TestConvex, jobId: Id<"jobs">) => t.run(async (ctx) => (await ctx.db.get("jobs", jobId))!);
const historyOf = (t: TestConvex, paymentId: Id<"jobPayments">) =>
  t.run((ctx) => ctx.db.query("paymentHistory").withIndex("by_paymentId", (q) => q.eq("paymentId", paymentId)).take(200));
const movesOf = (t: TestConvex, paymentId: Id<"jobPayments">) =>
  t.run((ctx) => ctx.db.query("paymentMoves").withIndex("by_paymentId", (q) => q.eq("paymentId", paymentId)).take(200));
/**
 * The test pros' account (acct_test_pro) as the local gateway (Stripe's side) has it: payouts
 * paused there refuse the transfer, while the app still believes them enabled.
 */
const gatewayPayouts = (t: TestConvex, enabled: boolean) =>
  t.run(async (ctx) => {
    const row = await ctx.db.query("localMoneyMoves").withIndex("by_objectId", (q) => q.eq("objectId", "acct_test_pro")).unique();
    if (row !== null) await ctx.db.patch("localMoneyMoves", row._id, { payoutsEnabled: enabled });
    else await ctx.db.insert("localMoneyMoves", { kind: "account", objectId: "acct_test_pro", idempotencyKey: "test:acct_test_pro", amountCents: 0, payoutsEnabled: enabled });
  });
const photo = (t: TestConvex) => t.run((ctx) => ctx.storage.store(fileBlob(128, "image/png")));

/** The scheduled money-move actions die (Convex runs an action at most once; a crash loses it). */
/** Lets `ms` of fake time pass a second at a time, running what the scheduler (and the pools) start meanwhile. */
async function runFor(t: TestConvex, ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += 1_000) {
    vi.advanceTimersByTime(1_000);
    await t.finishInProgressScheduledFunctions();
  }
}

/**
 * Every money move's run is dropped from the payments pool before it starts: the moves stay pending
 * with no run (the pool itself retries a try whose action died; this is what it cannot recover).
 */
const killMoveActions = (t: TestConvex) =>
  t.run(async (ctx) => {
    for (const move of await ctx.db.query("paymentMoves").withIndex("by_status", (q) => q.eq("status", "pending")).take(100)) {
      if (move.workId !== undefined) await movesPool.cancel(ctx, move.workId);
    }
  });

interface Hire {
  t: TestConvex;
  o: TestMember;
  p: TestMember;
  stranger: TestMember;
  jobId: Id<"jobs">;
}

/** Owner posts, pro (with a payout account unless told) bids $900, owner accepts: awaiting funding. */
async function hire(t: TestConvex = newTest(), proFields = PAYOUTS): Promise<Hire> {
  const o = await owner(t);
  const p = await pro(t, proFields);
  const stranger = await pro(t, { firstName: "Stan" });
  const jobId = await o.as.mutation(api.jobs.create, project());
  const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid() });
  await o.as.mutation(api.bids.accept, { bidId });
  return { t, o, p, stranger, jobId };
}

/** Funded and started (job in progress). */
async function working(t?: TestConvex): Promise<Hire> {
  const h = await hire(t);
  await fundJob(h.t, h.jobId);
  await h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "start" });
  return h;
}

async function submit(h: Hire) {
  const storageId = await photo(h.t);
  const result = await h.p.as.mutation(api.payments.jobs.submitCompletion, {
    jobId: h.jobId,
    checklist: ["Replaced the outlets", "Tested every circuit"],
    photos: [storageId],
  });
  expect(result).toBeNull();
}

async function submitted(t?: TestConvex): Promise<Hire> {
  const h = await working(t);
  await submit(h);
  return h;
}

describe("the transitions table", () => {
  // Every transition from every state, by every kind of caller, against the pure rules.
  const base = (state: PaymentState, extra: Partial<Payment> = {}): Payment =>
    ({
      _id: "p" as Id<"jobPayments">,
      _creationTime: 0,
      jobId: "j" as Id<"jobs">,
      bidId: "b" as Id<"bids">,
      ownerId: "owner" as Id<"users">,
      proId: "pro" as Id<"users">,
      state,
      amountCents: 90_000,
      fundedCents: state === "awaiting_funding" || state === "cancelled" ? 0 : 90_000,
      releasedCents: 0,
      refundedCents: 0,
      version: 1,
      changesRequested: 0,
      reviewWindowEndsAt: Date.now() + HOUR,
      ...extra,
    }) as Payment;
  const member = (id: string, role?: "admin"): PaymentActor => ({
    kind: "member",
    user: { _id: id as Id<"users">, ...(role ? { role } : {}) } as Doc<"users">,
  });
  const actors: Record<string, PaymentActor> = {
    owner: member("owner"),
    pro: member("pro"),
    stranger: member("stranger"),
    admin: member("admin", "admin"),
    system: { kind: "system" },
  };
  const allowedBy = (by: string, actor: string) =>
    by === actor || (by === "party" && (actor === "owner" || actor === "pro"));

  for (const state of PAYMENT_STATES) {
    test(`from ${state}`, () => {
      for (const [name, rule] of Object.entries(PAYMENT_TRANSITIONS) as [PaymentTransition, (typeof PAYMENT_TRANSITIONS)[PaymentTransition]][]) {
        for (const [actorName, actor] of Object.entries(actors)) {
          // Past the window for autoRelease; pro disputes need two change requests first.
          const payment = base(state, {
            ...(name === "autoRelease" ? { reviewWindowEndsAt: Date.now() - 1 } : {}),
            ...(name === "openDispute" && actorName === "pro" ? { changesRequested: MAX_CHANGE_REQUESTS } : {}),
            // A chargeback after release returns to the state it froze; a refund after release needs money released.
            ...(name === "chargebackWonReleased" || name === "chargebackWonSplit"
              ? { dispute: { openedAt: 0, openedBy: "chargeback", reason: "Card chargeback", photoIds: [], fromState: name === "chargebackWonSplit" ? "partially_refunded" : "released" } }
              : {}),
            ...(name === "refundReleased" ? { releasedCents: 90_000 } : {}),
            // Closing a chargeback needs an open one (a member's dispute's, for chargebackWonDispute).
            ...(name === "chargebackWonDispute" || name === "chargebackClosedOnRefunded"
              ? { chargebackStatus: "open", chargeback: { openedAt: 0, fromState: name === "chargebackWonDispute" ? "disputed" : "refunded" } }
              : {}),
          });
          const refusal = paymentRefusal(payment, name, actor);
          const fromOk = (rule.from as readonly PaymentState[]).includes(state);
          const expected = fromOk && allowedBy(rule.by, actorName);
          expect({ name, actorName, state, allowed: refusal === null }).toEqual({ name, actorName, state, allowed: expected });
          if (!allowedBy(rule.by, actorName)) expect(refusal?.code).toBe(ErrorCode.FORBIDDEN);
          else if (!fromOk) expect(refusal?.code).toBe(ErrorCode.INVALID_INPUT);
        }
      }
    });
  }

  test("the rules beyond from and by: change requests capped, the window, the pro's dispute", () => {
    const owner = actors.owner!;
    expect(paymentRefusal(base("completion_submitted", { changesRequested: MAX_CHANGE_REQUESTS }), "requestChanges", owner)?.message).toBe(
      PaymentCopy.tooManyChanges,
    );
    const closed = base("completion_submitted", { reviewWindowEndsAt: Date.now() - 1 });
    expect(paymentRefusal(closed, "approve", owner)?.message).toBe(PaymentCopy.windowClosed);
    expect(paymentRefusal(closed, "openDispute", owner)?.message).toBe(PaymentCopy.windowClosed);
    expect(paymentRefusal(base("completion_submitted"), "openDispute", actors.pro!)?.message).toBe(PaymentCopy.proDisputeTooEarly);
    expect(paymentRefusal(base("completion_submitted"), "autoRelease", actors.system!)).not.toBeNull();
  });
});

describe("hiring settles one price", () => {
  test("the owner may accept a point in a range; a single price is taken as is", async () => {
    const t = newTest();
    const o = await owner(t);
    const p = await pro(t, PAYOUTS);
    const jobId = await o.as.mutation(api.jobs.create, project());
    const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid({ priceMin: 1000, priceMax: 1400 }) });
    await expect(o.as.mutation(api.bids.accept, { bidId, priceCents: 150_000 })).rejects.toThrow(
      PaymentCopy.priceOutOfRange("$1,000", "$1,400"),
    );
    await expect(o.as.mutation(api.bids.accept, { bidId, priceCents: 120_050.5 })).rejects.toThrow(/between/);
    await o.as.mutation(api.bids.accept, { bidId, priceCents: 120_050 });
    expect(await paymentOf(t, jobId)).toMatchObject({ state: "awaiting_funding", amountCents: 120_050, fundedCents: 0 });
    expect((await jobOf(t, jobId)).acceptedPrice).toBe(1200.5);
    const view = (await o.as.query(api.payments.jobs.forJob, { jobId }))!;
    expect(view).toMatchObject({ role: "owner", state: "awaiting_funding", amountCents: 120_050, proPayoutsReady: true });
  });
});

describe("the pro's final quote", () => {
  /** A range bid ($1,000 to $1,400) hired without a chosen price: awaiting the pro's final quote. */
  async function ranged() {
    const t = newTest();
    const o = await owner(t);
    const p = await pro(t, PAYOUTS);
    const stranger = await pro(t, { firstName: "Stan" });
    const jobId = await o.as.mutation(api.jobs.create, project());
    const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid({ priceMin: 1000, priceMax: 1400 }) });
    await o.as.mutation(api.bids.accept, { bidId });
    return { t, o, p, stranger, jobId };
  }

  test("a range hired without a price waits for the pro's quote: nothing to fund, the top never assumed", async () => {
    const { t, o, p, jobId } = await ranged();
    const payment = await paymentOf(t, jobId);
    expect(payment).toMatchObject({ state: "awaiting_quote", amountCents: 0, fundedCents: 0, quote: { minCents: 100_000, maxCents: 140_000 } });
    expect((await jobOf(t, jobId)).acceptedPrice).toBeUndefined();
    expect(await o.as.query(api.payments.jobs.forJob, { jobId })).toMatchObject({ state: "awaiting_quote", actions: [] });
    expect(await p.as.query(api.payments.jobs.forJob, { jobId })).toMatchObject({ state: "awaiting_quote", actions: ["confirmQuote"] });
    // Funding isn't requested, and the work can't start.
    await expect(o.as.action(api.payments.jobs.fund, { jobId })).rejects.toThrow(/awaiting the final quote can't be funded/);
    await expect(p.as.mutation(api.jobs.act, { jobId, action: "start" })).rejects.toThrow(PaymentCopy.startNeedsFunding);
    const notes = await p.as.query(api.notifications.list, { paginationOpts: { numItems: 20, cursor: null } });
    expect(notes.page.map((n: { title: string }) => n.title)).toContain("Confirm your final quote");
  });

  test("the pro confirms a price in the range: the owner funds exactly that; both see it", async () => {
    const { t, o, p, jobId } = await ranged();
    await p.as.mutation(api.payments.jobs.confirmQuote, { jobId, priceCents: 118_550 });
    const payment = await paymentOf(t, jobId);
    expect(payment).toMatchObject({ state: "awaiting_funding", amountCents: 118_550, quote: { minCents: 100_000, maxCents: 140_000 } });
    expect(payment.quote?.confirmedAt).toBeTypeOf("number");
    expect((await jobOf(t, jobId)).acceptedPrice).toBe(1185.5);
    expect((await historyOf(t, payment._id)).map((r) => [r.transition, r.from, r.to, r.actorKind])).toEqual([
      ["open", null, "awaiting_quote", "owner"],
      ["confirmQuote", "awaiting_quote", "awaiting_funding", "pro"],
    ]);
    for (const who of [o, p]) expect(await who.as.query(api.payments.jobs.forJob, { jobId })).toMatchObject({ amountCents: 118_550, state: "awaiting_funding" });
    const notes = await o.as.query(api.notifications.list, { paginationOpts: { numItems: 20, cursor: null } });
    expect(notes.page.find((n: { title: string }) => n.title === "Final quote confirmed")).toMatchObject({ content: expect.stringContaining("$1,185.50") });
    const { url } = await o.as.action(api.payments.jobs.fund, { jobId });
    const sessionId = url.split("/").pop()!;
    expect(await o.as.query(api.payments.local.jobSession, { sessionId })).toMatchObject({ amountCents: 118_550 });
    await fundJob(t, jobId);
    expect(await paymentOf(t, jobId)).toMatchObject({ state: "funded", fundedCents: 118_550 });
  });

  test("refused: outside the range, not whole cents, the wrong caller, already settled", async () => {
    const { t, o, p, stranger, jobId } = await ranged();
    for (const priceCents of [99_999, 140_001, 0, -100, 120_000.5]) {
      await expect(p.as.mutation(api.payments.jobs.confirmQuote, { jobId, priceCents })).rejects.toThrow(
        PaymentCopy.quoteOutOfRange("$1,000", "$1,400"),
      );
    }
    await expect(o.as.mutation(api.payments.jobs.confirmQuote, { jobId, priceCents: 120_000 })).rejects.toThrow(PaymentCopy.onlyPro);
    await expect(stranger.as.mutation(api.payments.jobs.confirmQuote, { jobId, priceCents: 120_000 })).rejects.toThrow(PaymentCopy.onlyPro);
    expect(await paymentOf(t, jobId)).toMatchObject({ state: "awaiting_quote", amountCents: 0 });
    // The top of the range is allowed when the pro says so.
    await p.as.mutation(api.payments.jobs.confirmQuote, { jobId, priceCents: 140_000 });
    await expect(p.as.mutation(api.payments.jobs.confirmQuote, { jobId, priceCents: 110_000 })).rejects.toThrow(PaymentCopy.quoteSettled("$1,400"));
    expect(await paymentOf(t, jobId)).toMatchObject({ state: "awaiting_funding", amountCents: 140_000 });
    // An owner-chosen point is settled at hiring: the pro has nothing to confirm.
    const other = await hire(t);
    await expect(other.p.as.mutation(api.payments.jobs.confirmQuote, { jobId: other.jobId, priceCents: 90_000 })).rejects.toThrow(
      PaymentCopy.quoteSettled("$900"),
    );
  });

  test("REST: POST /api/jobs/{id}/payment/quote, the pro only, the same checks", async () => {
    const { o, p, stranger, jobId } = await ranged();
    const quote = (who: TestMember, body: unknown) =>
      who.as.fetch(`/api/jobs/${jobId}/payment/quote`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await quote(p, { priceCents: "lots" })).status).toBe(400);
    const outside = await quote(p, { priceCents: 150_000 });
    expect(outside.status).toBe(400);
    expect(await outside.json()).toMatchObject({ message: PaymentCopy.quoteOutOfRange("$1,000", "$1,400") });
    expect((await quote(o, { priceCents: 120_000 })).status).toBe(403);
    expect((await quote(stranger, { priceCents: 120_000 })).status).toBe(403);
    const done = await quote(p, { priceCents: 120_000 });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ state: "awaiting_funding", amountCents: 120_000, role: "pro" });
    expect((await quote(p, { priceCents: 125_000 })).status).toBe(400);
  });

  test("the job cancelled while the quote is awaited cancels the payment", async () => {
    const { t, o, jobId } = await ranged();
    await o.as.mutation(api.jobs.act, { jobId, action: "cancel" });
    expect(await paymentOf(t, jobId)).toMatchObject({ state: "cancelled", fundedCents: 0 });
  });
});

describe("funding", () => {
  test("a charge that isn't the payment's funding is refunded once: paid after cancelling, or a second checkout", async () => {
    vi.useFakeTimers();
    const paidEvent = (paymentId: Id<"jobPayments">, type: "checkout.session.completed" | "payment_intent.succeeded", pi: string, id: string) =>
      ({ id, type, created: 1, jobPayment: { paymentId, amountCents: 90_000, paymentIntentId: pi } }) as const;
    // The owner opened a checkout, then cancelled the job; the card was charged after all.
    const h = await hire();
    await h.o.as.action(api.payments.jobs.fund, { jobId: h.jobId });
    await h.o.as.mutation(api.jobs.act, { jobId: h.jobId, action: "cancel" });
    const cancelled = await paymentOf(h.t, h.jobId);
    expect(cancelled.state).toBe("cancelled");
    for (const event of [
      paidEvent(cancelled._id, "checkout.session.completed", "pi_late", "evt_late_1"),
      paidEvent(cancelled._id, "payment_intent.succeeded", "pi_late", "evt_late_2"),
      paidEvent(cancelled._id, "payment_intent.succeeded", "pi_late", "evt_late_3"),
    ]) {
      await h.t.mutation(internal.payments.webhooks.apply, { event });
    }
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "cancelled", fundedCents: 0, refundedCents: 0 });
    expect((await movesOf(h.t, cancelled._id)).map((m) => [m.kind, m.amountCents, m.status, m.strayPaymentIntentId])).toEqual([
      ["refund", 90_000, "done", "pi_late"],
    ]);
    expect((await h.t.run((ctx) => ctx.db.query("localMoneyMoves").take(10))).map((m) => [m.kind, m.amountCents, m.reference])).toEqual([
      ["refund", 90_000, "pi_late"],
    ]);
    const notes = await h.o.as.query(api.notifications.list, { paginationOpts: { numItems: 20, cursor: null } });
    expect(notes.page.map((n: { content: string }) => n.content)).toContain(
      `A payment of $900 for "${project().title}" arrived when it was no longer due, so it is refunded to your card.`,
    );

    // Funded once; a second checkout for the same payment is charged too: that one goes back.
    const w = await working();
    const funded = await paymentOf(w.t, w.jobId);
    await w.t.mutation(internal.payments.webhooks.apply, { event: paidEvent(funded._id, "checkout.session.completed", "pi_second", "evt_second") });
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    const after = await paymentOf(w.t, w.jobId);
    expect(after).toMatchObject({ state: "funded", fundedCents: 90_000, refundedCents: 0, paymentIntentId: funded.paymentIntentId });
    expect((await movesOf(w.t, funded._id)).map((m) => [m.kind, m.status, m.strayPaymentIntentId])).toEqual([["refund", "done", "pi_second"]]);
    expect(after.refundId).toBeUndefined();
  });

  test("the pro connects payouts, the owner funds through the local checkout, the signed webhook funds once; work starts only then", async () => {
    const t = newTest();
    const h = await hire(t, {} as typeof PAYOUTS);
    // The pro was asked to connect a payout account (funding doesn't wait for it: payouts.test.ts).
    expect((await h.p.as.query(api.notifications.list, { paginationOpts: { numItems: 20, cursor: null } })).page.map((n: { title: string }) => n.title)).toContain(
      "Connect a payout account",
    );
    await expect(h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "start" })).rejects.toThrow(PaymentCopy.startNeedsFunding);
    expect((await h.p.as.query(api.jobs.get, { jobId: h.jobId }))!.actions).toEqual([]);

    // Payout onboarding: the account is made once; the local page's Finish sends account.updated.
    const { url: onboardUrl } = await h.p.as.action(api.payments.jobs.connectPayouts, {});
    expect(onboardUrl).toMatch(/\/pay\/onboard\//);
    const again = await h.p.as.action(api.payments.jobs.connectPayouts, {});
    const accountId = (await userRow(t, h.p.userId)).stripeConnectAccountId!;
    expect(accountId).toMatch(/^acct_local_/);
    expect(again.url).not.toBe(onboardUrl);
    expect((await userRow(t, h.p.userId)).stripeConnectAccountId).toBe(accountId);
    await expect(h.o.as.action(api.payments.jobs.connectPayouts, {})).rejects.toThrow(/Only professionals/);
    const onboardId = onboardUrl.split("/").pop()!;
    await expect(t.mutation(internal.payments.local.completeOnboarding, { viewerId: h.stranger.userId, sessionId: onboardId })).rejects.toThrow();
    const onboarded = await t.mutation(internal.payments.local.completeOnboarding, { viewerId: h.p.userId, sessionId: onboardId });
    for (const { event } of deliveryPlan(onboarded.events as LocalEvent[], "strict")) await post(t, event);
    expect(await userRow(t, h.p.userId)).toMatchObject({ payoutsEnabled: true, stripeConnectAccountId: accountId });

    // The stranger can't fund; the owner can.
    await expect(h.stranger.as.action(api.payments.jobs.fund, { jobId: h.jobId })).rejects.toThrow(PaymentCopy.onlyOwner);
    const { url } = await h.o.as.action(api.payments.jobs.fund, { jobId: h.jobId });
    expect(url).toMatch(/^http:\/\/localhost:5173\/pay\/job\//);
    const sessionId = url.split("/").pop()!;
    expect(await h.o.as.query(api.payments.local.jobSession, { sessionId })).toMatchObject({ kind: "payment", amountCents: 90_000, status: "open" });
    expect(await h.stranger.as.query(api.payments.local.jobSession, { sessionId })).toBeNull();
    const pay = (viewerId: Id<"users">, card = GOOD_CARD) => t.mutation(internal.payments.local.completeJobCheckout, { viewerId, sessionId, card });
    await expect(pay(h.stranger.userId)).rejects.toThrow();
    await expect(pay(h.o.userId, { ...GOOD_CARD, number: "4000 0000 0000 0002" })).rejects.toThrow();
    const { redirect, events } = await pay(h.o.userId);
    expect(redirect).toBe(`http://localhost:5173/jobs/${h.jobId}?payment=funded`);
    expect((events as LocalEvent[]).map((e) => e.type)).toEqual(["checkout.session.completed", "payment_intent.succeeded"]);
    // As the local gateway (and Stripe) delivers: the intent's event first, each twice: funded once, one history row for it.
    for (const { event } of deliveryPlan(events as LocalEvent[], "strict")) await post(t, event);
    const payment = await paymentOf(t, h.jobId);
    expect(payment).toMatchObject({ state: "funded", fundedCents: 90_000, releasedCents: 0, refundedCents: 0 });
    expect(payment.chargeId).toMatch(/^ch_local_/);
    expect(payment.paymentIntentId).toMatch(/^pi_local_/);
    expect((await historyOf(t, payment._id)).map((r) => r.transition)).toEqual(["open", "fund"]);
    await expect(pay(h.o.userId)).rejects.toThrow();

    // Held: both sides see it; the work can start.
    expect((await h.p.as.query(api.payments.jobs.forJob, { jobId: h.jobId }))).toMatchObject({ role: "pro", state: "funded", heldCents: 90_000 });
    expect(await h.stranger.as.query(api.payments.jobs.forJob, { jobId: h.jobId })).toBeNull();
    await h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "start" });
    expect((await jobOf(t, h.jobId)).status).toBe("in_progress");
  });

  test("the job cancelled before work: unfunded is cancelled, funded is refunded in full", async () => {
    const a = await hire();
    await a.o.as.mutation(api.jobs.act, { jobId: a.jobId, action: "cancel" });
    expect(await paymentOf(a.t, a.jobId)).toMatchObject({ state: "cancelled", refundedCents: 0 });

    vi.useFakeTimers();
    const b = await hire();
    await fundJob(b.t, b.jobId);
    await b.o.as.mutation(api.jobs.act, { jobId: b.jobId, action: "cancel" });
    await b.t.finishAllScheduledFunctions(vi.runAllTimers);
    const refunded = await paymentOf(b.t, b.jobId);
    expect(refunded).toMatchObject({ state: "refunded", refundedCents: 90_000, releasedCents: 0 });
    expect(refunded.refundId).toMatch(/^re_local_/);
    expect((await movesOf(b.t, refunded._id)).map((m) => [m.kind, m.amountCents, m.status])).toEqual([["refund", 90_000, "done"]]);
  });
});

describe("completion, review and release", () => {
  test("only the pro submits, with a photo and a checklist; a paid job's markDone/confirm go through the payment", async () => {
    const h = await working();
    await expect(h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "markDone" })).rejects.toThrow(PaymentCopy.usePaymentPanel);
    const storageId = await photo(h.t);
    await expect(
      h.o.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, checklist: ["Done"], photos: [storageId] }),
    ).rejects.toThrow(PaymentCopy.onlyPro);
    await expect(
      h.stranger.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, checklist: ["Done"], photos: [storageId] }),
    ).rejects.toThrow(PaymentCopy.onlyPro);
    await expect(h.p.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, checklist: ["Done"], photos: [] })).rejects.toThrow(
      PaymentCopy.photoRequired,
    );
    await expect(h.p.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, checklist: [" "], photos: [storageId] })).rejects.toThrow(
      PaymentCopy.checklistRequired,
    );
    // A file that isn't an image is refused on the server (and deleted).
    const pdf = await h.t.run((ctx) => ctx.storage.store(new Blob(["%PDF"], { type: "application/pdf" })));
    const refused = await h.p.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, checklist: ["Done"], photos: [pdf] });
    expect(refused).toMatchObject({ refused: { code: ErrorCode.INVALID_INPUT } });
    await submit(h);
    const view = (await h.o.as.query(api.payments.jobs.forJob, { jobId: h.jobId }))!;
    expect(view.state).toBe("completion_submitted");
    expect(view.completion?.photoUrls).toHaveLength(1);
    expect(view.actions.sort()).toEqual(["approve", "openDispute", "requestChanges"]);
    expect(view.reviewWindowEndsAt! - view.completion!.submittedAt).toBe(72 * HOUR);
    expect((await jobOf(h.t, h.jobId)).status).toBe("completion_requested");
    await expect(h.o.as.mutation(api.jobs.act, { jobId: h.jobId, action: "confirmCompletion" })).rejects.toThrow(PaymentCopy.usePaymentPanel);
    // The owner is asked to review through the payment, not to "confirm completion".
    const notes = await h.o.as.query(api.notifications.list, { paginationOpts: { numItems: 20, cursor: null } });
    const done = notes.page.find((n: { title: string }) => n.title === "Work marked done") as { content: string } | undefined;
    expect(done?.content).toContain("approve to release the payment or ask for changes");
  });

  test("the pro can't release, the stranger can't; the owner approves: released once, transferred once", async () => {
    vi.useFakeTimers();
    const h = await submitted();
    await expect(h.p.as.mutation(api.payments.jobs.approve, { jobId: h.jobId })).rejects.toThrow(PaymentCopy.onlyOwner);
    await expect(h.stranger.as.mutation(api.payments.jobs.approve, { jobId: h.jobId })).rejects.toThrow(PaymentCopy.onlyOwner);
    await h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId });
    await expect(h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId })).rejects.toThrow(/can't be released/);
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    const payment = await paymentOf(h.t, h.jobId);
    expect(payment).toMatchObject({ state: "released", releasedCents: 90_000, refundedCents: 0 });
    expect(payment.transferId).toMatch(/^tr_local_/);
    const moves = await movesOf(h.t, payment._id);
    expect(moves.map((m) => [m.kind, m.amountCents, m.status])).toEqual([["transfer", 90_000, "done"]]);
    // The transfer named the pro's account and the job's transfer group, once per key.
    const local = await h.t.run((ctx) => ctx.db.query("localMoneyMoves").withIndex("by_idempotencyKey", (q) => q.eq("idempotencyKey", moves[0]!.idempotencyKey)).take(5));
    expect(local).toHaveLength(1);
    expect(local[0]).toMatchObject({ kind: "transfer", amountCents: 90_000, reference: "acct_test_pro" });
    expect((await jobOf(h.t, h.jobId)).status).toBe("completed");
    // The pro's earnings read the record.
    expect(await h.p.as.query(api.payments.jobs.earnings, {})).toMatchObject({ releasedCents: 90_000, heldCents: 0, pendingCents: 0 });
    // The timers ran the 72-hour auto-release too, which may cross a month's end: ask in the release's month.
    vi.setSystemTime(payment.releasedAt!);
    expect(await h.p.as.query(api.dashboard.professional, {})).toMatchObject({ thisMonth: 900 });
    // A retried move does nothing more.
    await h.t.action(internal.payments.moves.execute, { moveId: moves[0]!._id });
    expect(await h.t.run((ctx) => ctx.db.query("localMoneyMoves").take(10))).toHaveLength(1);
  });

  test("this month is the pro's: it turns at midnight where they are, not at midnight UTC", async () => {
    // Released at 4 pm on Nov 30 in Texas, which is 10 pm UTC.
    useFakeTime({ now: Date.parse("2026-11-30T16:00:00-06:00") });
    const h = await submitted();
    await h.t.run((ctx) => ctx.db.patch("users", h.p.userId, { state: "TX" }));
    await h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId });
    await h.t.finishInProgressScheduledFunctions();
    const thisMonth = async (args: { timeZone?: string }) => (await h.p.as.query(api.dashboard.professional, args)).thisMonth;
    // 7 pm in Texas: Dec 1 in UTC, still November for the pro (by their browser's zone, or their state's).
    vi.setSystemTime(Date.parse("2026-11-30T19:00:00-06:00"));
    expect(await thisMonth({ timeZone: "America/Chicago" })).toBe(900);
    expect(await thisMonth({})).toBe(900);
    // In Honolulu it's 3 pm on Nov 30; in Berlin it's already December.
    expect(await thisMonth({ timeZone: "Pacific/Honolulu" })).toBe(900);
    expect(await thisMonth({ timeZone: "Europe/Berlin" })).toBe(0);
    // Past midnight in Texas the month has turned.
    vi.setSystemTime(Date.parse("2026-12-01T00:30:00-06:00"));
    expect(await thisMonth({ timeZone: "America/Chicago" })).toBe(0);
    expect((await errorOf(h.p.as.query(api.dashboard.professional, { timeZone: "Mars/Olympus_Mons" }))).message).toBe(Messages.unknownTimeZone);
  });

  test("changes: at most twice, back to in progress each time; then only a dispute (the pro may open it)", async () => {
    const h = await submitted();
    await expect(h.p.as.mutation(api.payments.jobs.requestChanges, { jobId: h.jobId, reason: "x" })).rejects.toThrow(PaymentCopy.onlyOwner);
    await expect(h.o.as.mutation(api.payments.jobs.requestChanges, { jobId: h.jobId, reason: " " })).rejects.toThrow(PaymentCopy.reasonRequired);
    for (let i = 1; i <= MAX_CHANGE_REQUESTS; i++) {
      await h.o.as.mutation(api.payments.jobs.requestChanges, { jobId: h.jobId, reason: `Round ${i}: the cover plates are missing` });
      expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "funded", changesRequested: i });
      expect((await jobOf(h.t, h.jobId)).status).toBe("in_progress");
      if (i < MAX_CHANGE_REQUESTS) {
        await expect(h.p.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, reason: "Unfair" })).rejects.toThrow(PaymentCopy.proDisputeTooEarly);
      }
      await submit(h);
    }
    await expect(h.o.as.mutation(api.payments.jobs.requestChanges, { jobId: h.jobId, reason: "Again" })).rejects.toThrow(PaymentCopy.tooManyChanges);
    await expect(h.stranger.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, reason: "Mine" })).rejects.toThrow(PaymentCopy.onlyParty);
    const result = await h.p.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, reason: "Asked for a third round", evidence: "All plates fitted." });
    expect(result).toBeNull();
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "disputed", dispute: { openedBy: "pro", fromState: "completion_submitted" } });
  });
});

/** The transfer as the gateway made it for this move (its group, our key in its metadata). */
const madeAtGateway = (h: Hire, move: Doc<"paymentMoves">) =>
  h.t.mutation(internal.payments.local.recordMoney, {
    kind: "transfer",
    idempotencyKey: move.idempotencyKey,
    amountCents: move.amountCents,
    reference: "acct_test_pro",
    transferGroup: `job_${h.jobId}`,
    moveKey: move.idempotencyKey,
  });

describe("failed money moves", () => {
  // Stripe's side: the account stops taking transfers before the app hears of it (account.updated).
  const disablePayouts = (h: Hire, enabled: boolean) => gatewayPayouts(h.t, enabled);
  const statusOf = async (h: Hire) => (await h.p.as.query(api.payments.jobs.forJob, { jobId: h.jobId }))!;

  test("a refused transfer keeps its error, is retried with backoff under the same key, then waits for an admin's audited Retry", async () => {
    vi.useFakeTimers();
    const h = await submitted();
    // The pro's payout account stops taking transfers (Stripe disables payouts pending verification).
    await disablePayouts(h, false);
    await h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId });
    await runFor(h.t, 5_000);
    const payment = await paymentOf(h.t, h.jobId);
    let [move] = await movesOf(h.t, payment._id);
    expect(move).toMatchObject({ kind: "transfer", status: "pending", attempts: 1, error: expect.stringContaining("can't receive transfers") });
    const key = move!.idempotencyKey;
    // Both sides see the payout delayed, not released; the pro is told once.
    expect(await statusOf(h)).toMatchObject({ state: "released", delayed: [{ kind: "transfer", amountCents: 90_000 }] });
    expect((await h.o.as.query(api.payments.jobs.forJob, { jobId: h.jobId }))!.delayed).toHaveLength(1);
    expect((await h.p.as.query(api.payments.jobs.earnings, {})).jobs).toMatchObject([{ jobId: h.jobId, payoutDelayed: true }]);
    // The pool's backoff: a minute with jitter (half to one and a half), so nothing before 30 seconds, the second try by 90.
    await runFor(h.t, 24_000);
    expect((await movesOf(h.t, payment._id))[0]!.attempts).toBe(1);
    // The first try ran within the first 5 s, so its retry comes by 95 s; step a second at a time to see when.
    let elapsed = 29_000;
    while ((await movesOf(h.t, payment._id))[0]!.attempts === 1 && elapsed < 120_000) {
      await runFor(h.t, 1_000);
      elapsed += 1_000;
    }
    expect((await movesOf(h.t, payment._id))[0]!.attempts).toBe(2);
    expect(elapsed).toBeLessThanOrEqual(96_000);
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    [move] = await movesOf(h.t, payment._id);
    expect(move).toMatchObject({ status: "failed", attempts: 5, idempotencyKey: key });
    expect((await h.t.run((ctx) => ctx.db.query("localMoneyMoves").take(10))).filter((m) => m.kind === "transfer")).toEqual([]);
    const notes = await h.p.as.query(api.notifications.list, { paginationOpts: { numItems: 30, cursor: null } });
    expect(notes.page.filter((n: { title: string }) => n.title === "Payout delayed")).toHaveLength(1);

    // The admin console lists it; only an admin sees it or retries it.
    const admin = await owner(h.t, { role: "admin", firstName: "Ada" });
    await expect(h.p.as.query(api.admin.moneyMoves.listFailed, {})).rejects.toThrow();
    await expect(h.o.as.mutation(api.admin.moneyMoves.retry, { moveId: move!._id })).rejects.toThrow();
    expect(await admin.as.query(api.admin.moneyMoves.listFailed, {})).toMatchObject([
      { moveId: move!._id, jobId: h.jobId, kind: "transfer", amountCents: 90_000, attempts: 5, error: expect.stringContaining("payouts are disabled") },
    ]);
    // A retry while the account is still disabled fails once and is back in the list.
    await admin.as.mutation(api.admin.moneyMoves.retry, { moveId: move!._id });
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await movesOf(h.t, payment._id))[0]).toMatchObject({ status: "failed", attempts: 6 });
    // Fixed: the retry goes through, under the same key, once.
    await disablePayouts(h, true);
    await admin.as.mutation(api.admin.moneyMoves.retry, { moveId: move!._id });
    await expect(admin.as.mutation(api.admin.moneyMoves.retry, { moveId: move!._id })).rejects.toThrow(/being retried already/);
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    [move] = await movesOf(h.t, payment._id);
    expect(move).toMatchObject({ status: "done", idempotencyKey: key });
    await expect(admin.as.mutation(api.admin.moneyMoves.retry, { moveId: move!._id })).rejects.toThrow(/gone through already/);
    const local = await h.t.run((ctx) => ctx.db.query("localMoneyMoves").take(10));
    expect(local.filter((m) => m.kind === "transfer")).toMatchObject([{ kind: "transfer", amountCents: 90_000, idempotencyKey: key }]);
    expect(await statusOf(h)).toMatchObject({ state: "released", delayed: [] });
    expect((await h.p.as.query(api.payments.jobs.earnings, {})).jobs).toMatchObject([{ jobId: h.jobId, payoutDelayed: false }]);
    expect(await admin.as.query(api.admin.moneyMoves.listFailed, {})).toEqual([]);
    const audit = await h.t.run((ctx) =>
      ctx.db.query("auditLog").withIndex("by_targetTable_and_targetId", (q) => q.eq("targetTable", "paymentMoves").eq("targetId", move!._id)).take(5),
    );
    expect(audit.map((a) => [a.action, a.adminId])).toEqual([
      ["payment.move.retry", admin.userId],
      ["payment.move.retry", admin.userId],
    ]);
  });

  test("a refusal that clears up is retried through the payments pool: one transfer, recorded done once, however often the pool's callback comes", async () => {
    vi.useFakeTimers();
    const h = await submitted();
    await disablePayouts(h, false);
    await h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId });
    await runFor(h.t, 5_000);
    const payment = await paymentOf(h.t, h.jobId);
    const [refused] = await movesOf(h.t, payment._id);
    expect(refused).toMatchObject({ status: "pending", attempts: 1, workId: expect.any(String) });
    // Stripe takes transfers again before the pool's next try.
    await disablePayouts(h, true);
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    const [move] = await movesOf(h.t, payment._id);
    expect(move).toMatchObject({ status: "done", attempts: 1, idempotencyKey: refused!.idempotencyKey });
    expect(move!.workId).toBeUndefined();
    const transfers = (await h.t.run((ctx) => ctx.db.query("localMoneyMoves").take(10))).filter((m) => m.kind === "transfer");
    expect(transfers).toMatchObject([{ idempotencyKey: refused!.idempotencyKey, amountCents: 90_000 }]);
    // The pool's callback again (its run's, or a stale one claiming failure): nothing changes.
    for (const result of [{ kind: "success" as const, returnValue: null }, { kind: "failed" as const, error: "late" }]) {
      await h.t.mutation(internal.payments.moves.settled, { workId: refused!.workId!, context: { moveId: move!._id }, result });
    }
    expect((await movesOf(h.t, payment._id))[0]).toEqual(move);
    expect(await statusOf(h)).toMatchObject({ state: "released", delayed: [] });
  });

  test("the pool's last failure is recorded once: the move waits for an admin, however often the callback comes", async () => {
    vi.useFakeTimers();
    const h = await submitted();
    await h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId });
    const payment = await paymentOf(h.t, h.jobId);
    const [queued] = await movesOf(h.t, payment._id);
    // Its run ends in failure without a try recording it (the action died on its last try).
    for (let i = 0; i < 3; i++) {
      await h.t.mutation(internal.payments.moves.settled, { workId: queued!.workId!, context: { moveId: queued!._id }, result: { kind: "failed", error: "worker died" } });
    }
    const [move] = await movesOf(h.t, payment._id);
    expect(move).toMatchObject({ status: "failed", attempts: 5, error: "worker died" });
    // The pool's own run of it, still queued, finds it given up and leaves it to the admin.
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await movesOf(h.t, payment._id))[0]).toMatchObject({ status: "failed", attempts: 5 });
    expect(await h.t.run((ctx) => ctx.db.query("localMoneyMoves").take(10))).toEqual([]);
  });

  test("a move the gateway did but whose answer was lost is retried under the same key: paid once", async () => {
    vi.useFakeTimers();
    const h = await submitted();
    await h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId });
    const [move] = await movesOf(h.t, (await paymentOf(h.t, h.jobId))._id);
    // The gateway made the transfer, then the action died before recording it.
    const made = await madeAtGateway(h, move!);
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    await h.t.action(internal.payments.moves.execute, { moveId: move!._id });
    expect((await movesOf(h.t, move!.paymentId))[0]).toMatchObject({ status: "done", externalId: made.id });
    expect(await h.t.run((ctx) => ctx.db.query("localMoneyMoves").take(10))).toHaveLength(1);
  });

  test("a transfer the gateway made whose action died, retried after 2 days (Stripe has forgotten the key): exactly one transfer", async () => {
    vi.useFakeTimers();
    const h = await submitted();
    await h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId });
    const [move] = await movesOf(h.t, (await paymentOf(h.t, h.jobId))._id);
    await killMoveActions(h.t);
    const made = await madeAtGateway(h, move!);
    vi.advanceTimersByTime(2 * DAY);
    await h.t.action(internal.payments.moves.execute, { moveId: move!._id });
    expect((await movesOf(h.t, move!.paymentId))[0]).toMatchObject({ status: "done", externalId: made.id });
    expect(await h.t.run((ctx) => ctx.db.query("localMoneyMoves").take(10))).toHaveLength(1);
    // The local gateway forgets a key after 24 hours as Stripe does: the same request then moves money again.
    const again = await madeAtGateway(h, move!);
    expect(again.id).not.toBe(made.id);
  });

  test("the same for a refund: found by its payment intent and our key, refunded once", async () => {
    vi.useFakeTimers();
    const h = await hire();
    await fundJob(h.t, h.jobId);
    await h.o.as.mutation(api.jobs.act, { jobId: h.jobId, action: "cancel" });
    const payment = await paymentOf(h.t, h.jobId);
    const [move] = await movesOf(h.t, payment._id);
    expect(move).toMatchObject({ kind: "refund", amountCents: 90_000, status: "pending" });
    await killMoveActions(h.t);
    const made = await h.t.mutation(internal.payments.local.recordMoney, {
      kind: "refund",
      idempotencyKey: move!.idempotencyKey,
      amountCents: move!.amountCents,
      reference: payment.paymentIntentId!,
      moveKey: move!.idempotencyKey,
    });
    vi.advanceTimersByTime(2 * DAY);
    await h.t.action(internal.payments.moves.execute, { moveId: move!._id });
    expect((await movesOf(h.t, payment._id))[0]).toMatchObject({ status: "done", externalId: made.id });
    expect((await paymentOf(h.t, h.jobId)).refundId).toBe(made.id);
    expect(await h.t.run((ctx) => ctx.db.query("localMoneyMoves").take(10))).toHaveLength(1);
  });

  test("no move stays pending unseen: a move the pool no longer runs is listed as stuck, an admin's Retry pays once", async () => {
    vi.useFakeTimers();
    const a = await submitted();
    const b = await submitted(a.t);
    const t = a.t;
    await a.o.as.mutation(api.payments.jobs.approve, { jobId: a.jobId });
    await b.o.as.mutation(api.payments.jobs.approve, { jobId: b.jobId });
    const [moveA] = await movesOf(t, (await paymentOf(t, a.jobId))._id);
    const [moveB] = await movesOf(t, (await paymentOf(t, b.jobId))._id);
    const admin = await owner(t, { role: "admin", firstName: "Ada" });
    // Queued in the pool: not stuck.
    expect(await admin.as.query(api.admin.moneyMoves.listFailed, {})).toEqual([]);
    // Both runs dropped from the pool; A's transfer had been made first.
    await killMoveActions(t);
    const madeA = await madeAtGateway(a, moveA!);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const listed = await admin.as.query(api.admin.moneyMoves.listFailed, {});
    expect(listed.map((m) => [m.moveId, m.kind, m.stuck]).sort()).toEqual(
      [
        [moveA!._id, "transfer", true],
        [moveB!._id, "transfer", true],
      ].sort(),
    );
    await admin.as.mutation(api.admin.moneyMoves.retry, { moveId: moveA!._id });
    await admin.as.mutation(api.admin.moneyMoves.retry, { moveId: moveB!._id });
    // Back in the pool: no longer stuck, and a second Retry is refused.
    await expect(admin.as.mutation(api.admin.moneyMoves.retry, { moveId: moveB!._id })).rejects.toThrow(/being retried already/);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await movesOf(t, moveA!.paymentId))[0]).toMatchObject({ status: "done", externalId: madeA.id });
    expect((await movesOf(t, moveB!.paymentId))[0]).toMatchObject({ status: "done" });
    const transfers = await t.run((ctx) => ctx.db.query("localMoneyMoves").take(10));
    expect(transfers.map((m) => m.idempotencyKey).sort()).toEqual([moveA!.idempotencyKey, moveB!.idempotencyKey].sort());
    expect(await admin.as.query(api.admin.moneyMoves.listFailed, {})).toEqual([]);
  });
});

describe("auto-release", () => {
  test("fires once at the window's end (configured), reminding 24 hours before; not after a dispute", async () => {
    vi.useFakeTimers();
    process.env.PAYMENT_REVIEW_WINDOW_HOURS = "48";
    const h = await submitted();
    const p0 = await paymentOf(h.t, h.jobId);
    expect(p0.reviewWindowEndsAt! - p0.completion!.submittedAt).toBe(48 * HOUR);
    // A day in: the reminder has gone out, nothing released yet.
    vi.advanceTimersByTime(REMINDER_BEFORE_MS + 1000);
    await h.t.finishInProgressScheduledFunctions();
    expect((await paymentOf(h.t, h.jobId)).state).toBe("completion_submitted");
    const notes = await h.o.as.query(api.notifications.list, { paginationOpts: { numItems: 30, cursor: null } });
    expect(notes.page.map((n: { title: string }) => n.title)).toContain("Review the work: 24 hours left");
    vi.advanceTimersByTime(REMINDER_BEFORE_MS - 5000);
    await h.t.finishInProgressScheduledFunctions();
    expect((await paymentOf(h.t, h.jobId)).state).toBe("completion_submitted");
    // The scheduler at the end releases; a second firing of the same version does nothing.
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    const released = await paymentOf(h.t, h.jobId);
    expect(released).toMatchObject({ state: "released", releasedCents: 90_000 });
    expect(await h.t.mutation(internal.payments.jobs.autoRelease, { paymentId: released._id, version: p0.version })).toBe(false);
    expect(await h.t.mutation(internal.payments.jobs.autoRelease, { paymentId: released._id, version: released.version })).toBe(false);
    expect((await historyOf(h.t, released._id)).filter((r) => r.to === "released")).toHaveLength(1);
    expect((await jobOf(h.t, h.jobId)).status).toBe("completed");

    // A dispute inside the window: the firing at the end does nothing; the money stays frozen.
    const d = await submitted(h.t);
    await d.o.as.mutation(api.payments.jobs.openDispute, { jobId: d.jobId, reason: "Two outlets don't work" });
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await paymentOf(h.t, d.jobId)).toMatchObject({ state: "disputed", releasedCents: 0, refundedCents: 0 });
  });
});

describe("auto-release: a missed one", () => {
  test("a payment whose scheduled release never ran is released by the hourly pass, once", async () => {
    vi.useFakeTimers();
    const h = await submitted();
    // The scheduled autoRelease (and its reminder) are lost: a failed run, a deploy that dropped it.
    await h.t.run(async (ctx) => {
      for (const job of await ctx.db.system.query("_scheduled_functions").take(500)) {
        if (job.name.includes("Release") && job.state.kind === "pending") await ctx.scheduler.cancel(job._id);
      }
    });
    expect(await h.t.mutation(internal.payments.jobs.releaseDue, {})).toBe(0);
    vi.advanceTimersByTime(72 * HOUR + 1000);
    await h.t.finishInProgressScheduledFunctions();
    expect((await paymentOf(h.t, h.jobId)).state).toBe("completion_submitted");
    expect(await h.t.mutation(internal.payments.jobs.releaseDue, {})).toBe(1);
    expect(await h.t.mutation(internal.payments.jobs.releaseDue, {})).toBe(0);
    const released = await paymentOf(h.t, h.jobId);
    expect(released).toMatchObject({ state: "released", releasedCents: 90_000 });
    expect((await historyOf(h.t, released._id)).filter((r) => r.to === "released")).toHaveLength(1);
    expect((await jobOf(h.t, h.jobId)).status).toBe("completed");
  });
});

describe("disputes", () => {
  test("the owner disputes while reviewing, or once the work has stalled: not at any moment after funding", async () => {
    vi.useFakeTimers();
    const h = await working();
    await expect(h.o.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, reason: "Changed my mind" })).rejects.toThrow(
      PaymentCopy.ownerDisputeTooEarly,
    );
    expect((await h.o.as.query(api.payments.jobs.forJob, { jobId: h.jobId }))!.actions).not.toContain("openDispute");
    // Submitted and sent back: the pro's rework gets its own quiet time.
    vi.advanceTimersByTime(10 * DAY);
    await submit(h);
    await h.o.as.mutation(api.payments.jobs.requestChanges, { jobId: h.jobId, reason: "The plates are missing" });
    vi.advanceTimersByTime(10 * DAY);
    await expect(h.o.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, reason: "Nothing since" })).rejects.toThrow(
      PaymentCopy.ownerDisputeTooEarly,
    );
    // Two weeks with nothing submitted: the work has stalled, the owner may dispute.
    vi.advanceTimersByTime(4 * DAY + 1000);
    expect(await h.o.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, reason: "Nothing for two weeks" })).toBeNull();
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "disputed", dispute: { openedBy: "owner", fromState: "funded" } });
  });

  test("an admin who is a side of the job decides nothing on it: not the dispute, not a refund after release", async () => {
    vi.useFakeTimers();
    const h = await submitted();
    await h.o.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, reason: "Loose outlets" });
    const payment = await paymentOf(h.t, h.jobId);
    // The owner (and the pro) are admins too.
    await h.t.run(async (ctx) => {
      await ctx.db.patch("users", h.o.userId, { role: "admin" });
      await ctx.db.patch("users", h.p.userId, { role: "admin" });
    });
    for (const side of [h.o, h.p]) {
      await expect(side.as.mutation(api.admin.disputes.resolve, { paymentId: payment._id, outcome: "refund", note: "Mine" })).rejects.toThrow(
        PaymentCopy.adminIsParty,
      );
    }
    const ada = await owner(h.t, { role: "admin", firstName: "Ada" });
    await ada.as.mutation(api.admin.disputes.resolve, { paymentId: payment._id, outcome: "release", note: "Work is fine" });
    await expect(h.o.as.mutation(api.admin.moneyMoves.refundReleased, { job: h.jobId, note: "Refund me" })).rejects.toThrow(PaymentCopy.adminIsParty);
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "released", releasedCents: 90_000, refundedCents: 0 });
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
  });

  test("an admin splits: the pro's share transferred, the rest refunded, audited, final; members can't decide", async () => {
    vi.useFakeTimers();
    const h = await submitted();
    await h.o.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, reason: "Half the outlets are loose", photos: [await photo(h.t)] });
    const admin = await owner(h.t, { role: "admin", firstName: "Ada" });
    const payment = await paymentOf(h.t, h.jobId);
    await expect(h.o.as.mutation(api.admin.disputes.resolve, { paymentId: payment._id, outcome: "refund", note: "x" })).rejects.toThrow();
    await expect(h.p.as.query(api.admin.disputes.list, {})).rejects.toThrow();
    const list = await admin.as.query(api.admin.disputes.list, {});
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ heldCents: 90_000, reason: "Half the outlets are loose", openedBy: "owner" });
    expect(list[0]!.photoUrls).toHaveLength(1);
    for (const proCents of [0, 90_000, 100_000, -5, 1.5]) {
      await expect(admin.as.mutation(api.admin.disputes.resolve, { paymentId: payment._id, outcome: "split", proCents, note: "Split" })).rejects.toThrow(
        /share must be/,
      );
    }
    await admin.as.mutation(api.admin.disputes.resolve, { paymentId: payment._id, outcome: "split", proCents: 60_000, note: "Two thirds done" });
    await expect(admin.as.mutation(api.admin.disputes.resolve, { paymentId: payment._id, outcome: "refund", note: "Changed my mind" })).rejects.toThrow(
      /can't be refunded/,
    );
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    const after = await paymentOf(h.t, h.jobId);
    expect(after).toMatchObject({ state: "partially_refunded", releasedCents: 60_000, refundedCents: 30_000, fundedCents: 90_000 });
    expect((await movesOf(h.t, after._id)).map((m) => [m.kind, m.amountCents, m.status]).sort()).toEqual([
      ["refund", 30_000, "done"],
      ["transfer", 60_000, "done"],
    ]);
    const audit = await h.t.run((ctx) => ctx.db.query("auditLog").withIndex("by_targetTable_and_targetId", (q) => q.eq("targetTable", "jobPayments").eq("targetId", after._id)).take(5));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: admin.userId, action: "dispute.split", note: "Two thirds done" });
    expect((await jobOf(h.t, h.jobId)).status).toBe("completed");
    expect(await admin.as.query(api.admin.disputes.list, {})).toEqual([]);
    const ownerNotes = await h.o.as.query(api.notifications.list, { paginationOpts: { numItems: 30, cursor: null } });
    expect(ownerNotes.page.map((n: { title: string }) => n.title)).toContain("Dispute settled");
  });

  test("a card chargeback freezes the money and settles as the bank decided", async () => {
    const h = await working();
    const payment = await paymentOf(h.t, h.jobId);
    const dispute = (status: "needs_response" | "won" | "lost") => ({
      id: "dp_test",
      object: "dispute",
      charge: payment.chargeId,
      payment_intent: payment.paymentIntentId,
      amount: 90_000,
      currency: "usd",
      status,
    });
    await post(h.t, stripeEvent("charge.dispute.created", dispute("needs_response"), Date.now()));
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "disputed", dispute: { openedBy: "chargeback" } });
    // The card holder's bank decides, not an admin: the money would otherwise move twice.
    const admin = await owner(h.t, { role: "admin", firstName: "Ada" });
    for (const outcome of ["release", "refund"] as const) {
      await expect(admin.as.mutation(api.admin.disputes.resolve, { paymentId: payment._id, outcome, note: "x" })).rejects.toThrow(
        PaymentCopy.bankDecides,
      );
    }
    await expect(h.p.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, checklist: ["x"], photos: [await photo(h.t)] })).rejects.toThrow();
    await post(h.t, stripeEvent("charge.dispute.closed", dispute("won"), Date.now()));
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "funded", releasedCents: 0, refundedCents: 0 });
    // A second chargeback (a dispute of its own) on the same charge.
    const second = (status: "needs_response" | "lost") => ({ ...dispute(status), id: "dp_test_2" });
    await post(h.t, stripeEvent("charge.dispute.created", second("needs_response"), Date.now()));
    await post(h.t, stripeEvent("charge.dispute.closed", second("lost"), Date.now()));
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "refunded", refundedCents: 90_000, releasedCents: 0 });
    // The bank returned the money: nothing for us to refund.
    expect(await movesOf(h.t, payment._id)).toEqual([]);
    expect((await jobOf(h.t, h.jobId)).status).toBe("cancelled");
  });

  test("payout account events find the professional by account or metadata", async () => {
    const t = newTest();
    const p = await pro(t);
    await post(t, accountUpdatedEvent("acct_test_9", p.userId, false, Date.now()));
    expect(await userRow(t, p.userId)).toMatchObject({ stripeConnectAccountId: "acct_test_9", payoutsEnabled: false });
    await post(t, accountUpdatedEvent("acct_test_9", "", true, Date.now()));
    expect((await userRow(t, p.userId)).payoutsEnabled).toBe(true);
  });
});

describe("after release: chargebacks and refunds reverse the transfer", () => {
  const disputeObj = (payment: Payment, status: "needs_response" | "won" | "lost") => ({
    id: `dp_${payment._id}`,
    object: "dispute",
    charge: payment.chargeId,
    payment_intent: payment.paymentIntentId,
    amount: payment.amountCents,
    currency: "usd",
    status,
  });
  const titles = async (m: TestMember) =>
    (await m.as.query(api.notifications.list, { paginationOpts: { numItems: 40, cursor: null } })).page.map((n: { title: string }) => n.title);

  /** The clock back to now (running every timer moved it days on: a new bid's start date would be past). */
  const resetClock = () => {
    vi.useRealTimers();
    vi.useFakeTimers();
  };

  async function released() {
    resetClock();
    const h = await submitted();
    // The local gateway announces reversals by posting signed events to the app's own webhook.
    serveSiteUrl(h.t);
    await h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId });
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    return { ...h, payment: await paymentOf(h.t, h.jobId) };
  }

  test("a chargeback after release is reviewed; lost, the transfer is reversed once (replays change nothing); both sides told", async () => {
    const h = await released();
    const created = stripeEvent("charge.dispute.created", disputeObj(h.payment, "needs_response"), Date.now());
    await post(h.t, created);
    await post(h.t, created);
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "charged_back", releasedCents: 90_000, dispute: { openedBy: "chargeback", fromState: "released" } });
    expect(await h.p.as.query(api.payments.jobs.forJob, { jobId: h.jobId })).toMatchObject({ state: "charged_back", actions: [] });
    for (const m of [h.o, h.p]) expect(await titles(m)).toContain("Chargeback opened");
    // Still the pro's until the bank decides.
    expect(await h.p.as.query(api.payments.jobs.earnings, {})).toMatchObject({ releasedCents: 90_000 });
    const lost = stripeEvent("charge.dispute.closed", disputeObj(h.payment, "lost"), Date.now() + 1000);
    await post(h.t, lost);
    await post(h.t, lost);
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    const after = await paymentOf(h.t, h.jobId);
    expect(after).toMatchObject({ state: "refunded", releasedCents: 0, refundedCents: 90_000, fundedCents: 90_000 });
    expect((await movesOf(h.t, after._id)).map((m) => [m.kind, m.amountCents, m.status])).toEqual([
      ["transfer", 90_000, "done"],
      ["reversal", 90_000, "done"],
    ]);
    const local = await h.t.run((ctx) => ctx.db.query("localMoneyMoves").take(10));
    expect(local.map((m) => [m.kind, m.amountCents, m.reference])).toEqual([
      ["transfer", 90_000, "acct_test_pro"],
      ["reversal", 90_000, h.payment.transferId],
    ]);
    expect((await historyOf(h.t, after._id)).map((r) => r.transition).slice(-3)).toEqual(["approve", "chargebackAfterRelease", "chargebackLostAfterRelease"]);
    for (const m of [h.o, h.p]) expect(await titles(m)).toContain("Chargeback lost");
    expect(await h.p.as.query(api.payments.jobs.earnings, {})).toMatchObject({ releasedCents: 0 });
    expect(await h.p.as.query(api.dashboard.professional, {})).toMatchObject({ thisMonth: 0 });
  });

  test("the local gateway announces a reversal with a signed transfer.reversed; the webhook confirms the move once", async () => {
    const h = await released();
    await post(h.t, stripeEvent("charge.dispute.closed", disputeObj(h.payment, "lost"), Date.now()));
    const [, reversal] = await movesOf(h.t, h.payment._id);
    expect(reversal).toMatchObject({ kind: "reversal", status: "pending" });
    // The local gateway reverses and schedules the event's delivery (Stripe's webhook, on its own).
    const { id } = await h.t.mutation(internal.payments.local.recordMoney, {
      kind: "reversal",
      idempotencyKey: reversal!.idempotencyKey,
      amountCents: reversal!.amountCents,
      reference: h.payment.transferId!,
    });
    const scheduled = await h.t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect());
    const delivery = scheduled.find((f) => f.name.includes("deliverEvents"));
    const [event] = (delivery!.args[0] as { events: LocalEvent[] }).events;
    expect(event).toMatchObject({ type: "transfer.reversed", data: { object: { id: h.payment.transferId, amount_reversed: 90_000, reversed: true } } });
    // Delivered (twice): the move is confirmed with the reversal's id; the action's own answer then agrees.
    await post(h.t, event!);
    await post(h.t, event!);
    expect((await movesOf(h.t, h.payment._id))[1]).toMatchObject({ status: "done", externalId: id });
    await h.t.action(internal.payments.moves.execute, { moveId: reversal!._id });
    expect(await h.t.run((ctx) => ctx.db.query("localMoneyMoves").take(10))).toHaveLength(2);
  });

  test("out of order: 'closed' before 'created' applies both; the late 'created' is skipped", async () => {
    const h = await released();
    const t0 = Date.now();
    await post(h.t, stripeEvent("charge.dispute.closed", disputeObj(h.payment, "lost"), t0 + 10_000));
    await post(h.t, stripeEvent("charge.dispute.created", disputeObj(h.payment, "needs_response"), t0));
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "refunded", releasedCents: 0, refundedCents: 90_000 });
    expect((await movesOf(h.t, h.payment._id)).filter((m) => m.kind === "reversal")).toHaveLength(1);

    // Won before created: nothing moves, and the late 'created' doesn't freeze it afterwards.
    const w = await released();
    const t1 = Date.now();
    await post(w.t, stripeEvent("charge.dispute.closed", disputeObj(w.payment, "won"), t1 + 10_000));
    await post(w.t, stripeEvent("charge.dispute.created", disputeObj(w.payment, "needs_response"), t1));
    expect(await paymentOf(w.t, w.jobId)).toMatchObject({ state: "released", releasedCents: 90_000 });
  });

  test("won after release: back to released (or to the split), nothing reversed", async () => {
    const h = await released();
    await post(h.t, stripeEvent("charge.dispute.created", disputeObj(h.payment, "needs_response"), Date.now()));
    await post(h.t, stripeEvent("charge.dispute.closed", disputeObj(h.payment, "won"), Date.now() + 1000));
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "released", releasedCents: 90_000, dispute: { resolution: "Chargeback won" } });
    expect((await movesOf(h.t, h.payment._id)).map((m) => m.kind)).toEqual(["transfer"]);
    for (const m of [h.o, h.p]) expect(await titles(m)).toContain("Chargeback settled");

    resetClock();
    const s = await submitted(h.t);
    await s.o.as.mutation(api.payments.jobs.openDispute, { jobId: s.jobId, reason: "Half done" });
    const admin = await owner(h.t, { role: "admin" });
    const split = await paymentOf(h.t, s.jobId);
    await admin.as.mutation(api.admin.disputes.resolve, { paymentId: split._id, outcome: "split", proCents: 50_000, note: "Half" });
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    const splitDone = await paymentOf(h.t, s.jobId);
    await post(h.t, stripeEvent("charge.dispute.created", disputeObj(splitDone, "needs_response"), Date.now()));
    expect(await paymentOf(h.t, s.jobId)).toMatchObject({ state: "charged_back", dispute: { fromState: "partially_refunded" } });
    await post(h.t, stripeEvent("charge.dispute.closed", disputeObj(splitDone, "won"), Date.now() + 1000));
    expect(await paymentOf(h.t, s.jobId)).toMatchObject({ state: "partially_refunded", releasedCents: 50_000, refundedCents: 40_000 });
  });

  test("an admin refund waits while the payout may be in flight: a pending transfer is never cancelled as unsent (property seed 2120604061)", async () => {
    vi.useFakeTimers();
    const h = await submitted();
    serveSiteUrl(h.t);
    const admin = await owner(h.t, { role: "admin", firstName: "Ada" });
    await h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId });
    // The transfer is queued and its action not yet settled (it may have reached Stripe and died).
    const [transfer] = await movesOf(h.t, (await paymentOf(h.t, h.jobId))._id);
    expect(transfer).toMatchObject({ kind: "transfer", status: "pending" });
    await expect(admin.as.mutation(api.admin.moneyMoves.refundReleased, { job: h.jobId, note: "Refund" })).rejects.toThrow(PaymentCopy.payoutInFlight);
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    // Sent: the refund now reverses it.
    await admin.as.mutation(api.admin.moneyMoves.refundReleased, { job: h.jobId, note: "Refund" });
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    const after = await paymentOf(h.t, h.jobId);
    expect((await movesOf(h.t, after._id)).map((m) => [m.kind, m.status])).toEqual([
      ["transfer", "done"],
      ["reversal", "done"],
      ["refund", "done"],
    ]);
  });

  test("an admin refund after release reverses the transfer and refunds the card, audited; an unsent payout is cancelled instead", async () => {
    const h = await released();
    const admin = await owner(h.t, { role: "admin", firstName: "Ada" });
    await expect(h.o.as.mutation(api.admin.moneyMoves.refundReleased, { job: h.jobId, note: "Refund" })).rejects.toThrow();
    await expect(admin.as.mutation(api.admin.moneyMoves.refundReleased, { job: h.jobId, note: " " })).rejects.toThrow(/short note/);
    await expect(admin.as.mutation(api.admin.moneyMoves.refundReleased, { job: "not-a-job", note: "Refund" })).rejects.toThrow(PaymentCopy.notFound);
    await admin.as.mutation(api.admin.moneyMoves.refundReleased, { job: `http://localhost:5173/jobs/${h.jobId}?x=1`, note: "Work was never done" });
    await expect(admin.as.mutation(api.admin.moneyMoves.refundReleased, { job: h.jobId, note: "Again" })).rejects.toThrow(/can't be refunded/);
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    const after = await paymentOf(h.t, h.jobId);
    expect(after).toMatchObject({ state: "refunded", releasedCents: 0, refundedCents: 90_000 });
    expect((await movesOf(h.t, after._id)).map((m) => [m.kind, m.amountCents, m.status])).toEqual([
      ["transfer", 90_000, "done"],
      ["reversal", 90_000, "done"],
      ["refund", 90_000, "done"],
    ]);
    const audit = await h.t.run((ctx) =>
      ctx.db.query("auditLog").withIndex("by_targetTable_and_targetId", (q) => q.eq("targetTable", "jobPayments").eq("targetId", after._id)).take(5),
    );
    expect(audit).toMatchObject([{ action: "payment.refundReleased", adminId: admin.userId, note: "Work was never done" }]);
    for (const m of [h.o, h.p]) expect(await titles(m)).toContain("Payment refunded");

    // A payout that never went through is cancelled, not reversed. (A deployment of its own: the
    // clock goes back to now, and the payments pool's schedule would wait for the old clock.)
    resetClock();
    const u = await submitted();
    const uAdmin = await owner(u.t, { role: "admin", firstName: "Ada" });
    await gatewayPayouts(u.t, false);
    await u.o.as.mutation(api.payments.jobs.approve, { jobId: u.jobId });
    await u.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await uAdmin.as.query(api.admin.moneyMoves.listFailed, {})).toHaveLength(1);
    await uAdmin.as.mutation(api.admin.moneyMoves.refundReleased, { job: u.jobId, note: "Pro never paid; refunding" });
    await u.t.finishAllScheduledFunctions(vi.runAllTimers);
    const unsent = await paymentOf(u.t, u.jobId);
    expect(unsent).toMatchObject({ state: "refunded", releasedCents: 0, refundedCents: 90_000 });
    expect((await movesOf(u.t, unsent._id)).map((m) => [m.kind, m.amountCents, m.status])).toEqual([
      ["transfer", 90_000, "cancelled"],
      ["refund", 90_000, "done"],
    ]);
    expect(await uAdmin.as.query(api.admin.moneyMoves.listFailed, {})).toEqual([]);
    // Nothing is "delayed" any more: the cancelled payout's money went back.
    expect(await u.o.as.query(api.payments.jobs.forJob, { jobId: u.jobId })).toMatchObject({ state: "refunded", delayed: [] });
  });
});

describe("milestones", () => {
  const rowsOf = (t: TestConvex, jobId: Id<"jobs">) =>
    t.run(async (ctx) =>
      (await ctx.db.query("jobPayments").withIndex("by_jobId", (q) => q.eq("jobId", jobId)).take(10)).sort(
        (a, b) => (a.milestoneIndex ?? 0) - (b.milestoneIndex ?? 0),
      ),
    );
  const two = [
    { title: "Demolition", amountCents: 40_000 },
    { title: "New outlets", amountCents: 50_000 },
  ];

  test("the split's validation, in the product's words, on the server", async () => {
    const h = await hire();
    const split = (milestones: { title: string; amountCents: number }[]) =>
      h.o.as.mutation(api.payments.jobs.splitMilestones, { jobId: h.jobId, milestones });
    await expect(split([])).rejects.toThrow(MilestoneCopy.count);
    await expect(split(Array.from({ length: 6 }, (_, i) => ({ title: `Part ${i}`, amountCents: 15_000 })))).rejects.toThrow(MilestoneCopy.count);
    await expect(split([{ title: "All", amountCents: 0 }])).rejects.toThrow(MilestoneCopy.amount);
    await expect(split([{ title: "A", amountCents: -100 }, { title: "B", amountCents: 90_100 }])).rejects.toThrow(MilestoneCopy.amount);
    await expect(split([{ title: "A", amountCents: 45_000.5 }, { title: "B", amountCents: 44_999.5 }])).rejects.toThrow(MilestoneCopy.amount);
    await expect(split([{ title: "  ", amountCents: 90_000 }])).rejects.toThrow(MilestoneCopy.titleRequired);
    await expect(split([{ title: "x".repeat(MILESTONE_LIMITS.title + 1), amountCents: 90_000 }])).rejects.toThrow(MilestoneCopy.titleTooLong);
    // One cent off either way is refused: the sum is the agreed price exactly.
    await expect(split([{ title: "A", amountCents: 40_000 }, { title: "B", amountCents: 49_999 }])).rejects.toThrow(MilestoneCopy.sum("$899.99", "$900"));
    await expect(split([{ title: "A", amountCents: 40_000 }, { title: "B", amountCents: 50_001 }])).rejects.toThrow(MilestoneCopy.sum("$900.01", "$900"));
    // The field the form marks comes with it.
    const error = await split([{ title: "", amountCents: 90_000 }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConvexError);
    expect((error as ConvexError<{ fields: Record<string, string> }>).data.fields).toEqual({ "title-0": MilestoneCopy.titleRequired });
    // Nothing changed.
    expect(await rowsOf(h.t, h.jobId)).toHaveLength(1);
  });

  test("only the owner splits, only before funding starts, only once the price is settled", async () => {
    const h = await hire();
    await expect(h.p.as.mutation(api.payments.jobs.splitMilestones, { jobId: h.jobId, milestones: two })).rejects.toThrow(PaymentCopy.onlyOwner);
    await expect(h.stranger.as.mutation(api.payments.jobs.splitMilestones, { jobId: h.jobId, milestones: two })).rejects.toThrow(PaymentCopy.onlyOwner);
    // Re-splitting before any checkout replaces the split (a surplus milestone, never funded, goes).
    await h.o.as.mutation(api.payments.jobs.splitMilestones, {
      jobId: h.jobId,
      milestones: [...two.slice(0, 1), { title: "Outlets", amountCents: 30_000 }, { title: "Paint", amountCents: 20_000 }],
    });
    expect((await rowsOf(h.t, h.jobId)).map((r) => [r.milestoneIndex, r.milestoneTitle, r.amountCents])).toEqual([
      [0, "Demolition", 40_000],
      [1, "Outlets", 30_000],
      [2, "Paint", 20_000],
    ]);
    await h.o.as.mutation(api.payments.jobs.splitMilestones, { jobId: h.jobId, milestones: two });
    const rows = await rowsOf(h.t, h.jobId);
    expect(rows.map((r) => [r.milestoneIndex, r.milestoneTitle, r.amountCents, r.state])).toEqual([
      [0, "Demolition", 40_000, "awaiting_funding"],
      [1, "New outlets", 50_000, "awaiting_funding"],
    ]);
    expect((await historyOf(h.t, rows[0]!._id)).map((r) => r.transition)).toEqual(["open", "split", "split"]);
    // The owner opened a checkout for milestone 1: funding has started, the split stands.
    const { url } = await h.o.as.action(api.payments.jobs.fund, { jobId: h.jobId, milestoneIndex: 0 });
    expect(url).toContain("/pay/job/");
    await expect(h.o.as.mutation(api.payments.jobs.splitMilestones, { jobId: h.jobId, milestones: [{ title: "All", amountCents: 90_000 }] })).rejects.toThrow(
      MilestoneCopy.fundingStarted,
    );
    expect(await h.o.as.query(api.payments.jobs.forJobMilestones, { jobId: h.jobId })).toMatchObject({ canSplit: false, totalCents: 90_000 });
    // Funded: refused too.
    const funded = await hire();
    await fundJob(funded.t, funded.jobId);
    await expect(funded.o.as.mutation(api.payments.jobs.splitMilestones, { jobId: funded.jobId, milestones: two })).rejects.toThrow(MilestoneCopy.fundingStarted);
    // A range bid waiting for its final quote has no amount to split yet.
    const t = newTest();
    const o = await owner(t);
    const p = await pro(t, PAYOUTS);
    const jobId = await o.as.mutation(api.jobs.create, project());
    await o.as.mutation(api.bids.accept, { bidId: await p.as.mutation(api.bids.place, { jobId, ...bid({ priceMin: 1000, priceMax: 1400 }) }) });
    await expect(o.as.mutation(api.payments.jobs.splitMilestones, { jobId, milestones: two })).rejects.toThrow(MilestoneCopy.notSettled);
  });

  test("two milestones, funded and released independently; the job completes with the last", async () => {
    vi.useFakeTimers();
    const h = await hire();
    await h.o.as.mutation(api.payments.jobs.splitMilestones, { jobId: h.jobId, milestones: two });
    const [m1, m2] = await rowsOf(h.t, h.jobId);
    // In order: the second can't be funded first, and the work waits for the first.
    await expect(h.o.as.action(api.payments.jobs.fund, { jobId: h.jobId, milestoneIndex: 1 })).rejects.toThrow(MilestoneCopy.fundInOrder(1));
    await expect(h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "start" })).rejects.toThrow(PaymentCopy.startNeedsFunding);
    // Which milestone must be named once there are several.
    await expect(h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId })).rejects.toThrow(MilestoneCopy.choose(2));
    // A stranger learns nothing of the split: the caller check answers first.
    await expect(h.stranger.as.mutation(api.payments.jobs.approve, { jobId: h.jobId })).rejects.toThrow(PaymentCopy.onlyParty);
    await fundJob(h.t, h.jobId, 0);
    await h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "start" });
    const views = await h.p.as.query(api.payments.jobs.forJobMilestones, { jobId: h.jobId });
    expect(views!.payments.map((v) => [v.milestone?.title, v.state, v.heldCents, v.fundable])).toEqual([
      ["Demolition", "funded", 40_000, false],
      ["New outlets", "awaiting_funding", 0, true],
    ]);
    // Milestone 1 reviewed while the work goes on: the job stays in progress.
    expect(
      await h.p.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, milestoneIndex: 0, checklist: ["Demolished"], photos: [await photo(h.t)] }),
    ).toBeNull();
    expect((await jobOf(h.t, h.jobId)).status).toBe("in_progress");
    await expect(h.p.as.mutation(api.payments.jobs.approve, { jobId: h.jobId, milestoneIndex: 0 })).rejects.toThrow(PaymentCopy.onlyOwner);
    await h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId, milestoneIndex: 0 });
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await jobOf(h.t, h.jobId)).status).toBe("in_progress");
    expect((await rowsOf(h.t, h.jobId)).map((r) => [r.state, r.fundedCents, r.releasedCents])).toEqual([
      ["released", 40_000, 40_000],
      ["awaiting_funding", 0, 0],
    ]);
    expect((await movesOf(h.t, m1!._id)).map((m) => [m.kind, m.amountCents, m.status])).toEqual([["transfer", 40_000, "done"]]);
    expect(await movesOf(h.t, m2!._id)).toEqual([]);
    // Milestone 2: funded, submitted (now the job's review), released after the window on its own.
    await fundJob(h.t, h.jobId, 1);
    await h.p.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, milestoneIndex: 1, checklist: ["Outlets in"], photos: [await photo(h.t)] });
    expect((await jobOf(h.t, h.jobId)).status).toBe("completion_requested");
    vi.advanceTimersByTime(73 * HOUR);
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await rowsOf(h.t, h.jobId)).map((r) => [r.state, r.releasedCents])).toEqual([
      ["released", 40_000],
      ["released", 50_000],
    ]);
    expect((await historyOf(h.t, m2!._id)).map((r) => r.transition)).toEqual(["open", "fund", "submitCompletion", "autoRelease"]);
    expect((await jobOf(h.t, h.jobId)).status).toBe("completed");
    const earnings = await h.p.as.query(api.payments.jobs.earnings, {});
    expect(earnings.releasedCents).toBe(90_000);
    expect(earnings.jobs.map((j) => j.milestone).sort()).toEqual(["Milestone 1: Demolition", "Milestone 2: New outlets"]);
  });

  test("REST: split, read and act per milestone, with the same checks", async () => {
    vi.useFakeTimers();
    const h = await hire();
    const send = (who: TestMember, path: string, body?: unknown) =>
      who.as.fetch(`/api/jobs/${h.jobId}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    expect((await send(h.p, "/payment/milestones", { milestones: two })).status).toBe(403);
    const bad = await send(h.o, "/payment/milestones", { milestones: [{ title: "A", amountCents: 1 }] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: MilestoneCopy.sum("$0.01", "$900") });
    const split = await send(h.o, "/payment/milestones", { milestones: two });
    expect(split.status).toBe(200);
    expect(await split.json()).toMatchObject({ totalCents: 90_000, canSplit: true, payments: [{ milestone: { index: 0, title: "Demolition" } }, { milestone: { index: 1 } }] });
    const read = await h.p.as.fetch(`/api/jobs/${h.jobId}/payment?milestoneIndex=1`);
    expect(await read.json()).toMatchObject({ role: "pro", state: "awaiting_funding", amountCents: 50_000, milestone: { index: 1, title: "New outlets", count: 2 } });
    expect((await h.p.as.fetch(`/api/jobs/${h.jobId}/payment?milestoneIndex=7`)).status).toBe(400);
    expect((await h.stranger.as.fetch(`/api/jobs/${h.jobId}/payment/milestones`)).status).toBe(404);
    // In order, and a milestone named.
    const early = await send(h.o, "/payment/fund", { milestoneIndex: 1 });
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ message: MilestoneCopy.fundInOrder(1) });
    expect((await send(h.o, "/payment/release")).status).toBe(400);
    expect((await send(h.o, "/payment/fund", { milestoneIndex: 0 })).status).toBe(200);
    await fundJob(h.t, h.jobId, 0);
    await h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "start" });
    const done = await send(h.p, "/completion", { milestoneIndex: 0, checklist: ["Demolished"], photos: [await photo(h.t)] });
    expect(await done.json()).toMatchObject({ state: "completion_submitted", milestone: { index: 0 } });
    expect((await send(h.p, "/payment/release", { milestoneIndex: 0 })).status).toBe(403);
    const released = await send(h.o, "/payment/release", { milestoneIndex: 0 });
    expect(await released.json()).toMatchObject({ state: "released", releasedCents: 40_000, milestone: { index: 0 } });
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
  });

  test("the owner drops a later milestone nobody funded (app and REST): the job completes with the rest", async () => {
    vi.useFakeTimers();
    const h = await hire();
    await h.o.as.mutation(api.payments.jobs.splitMilestones, { jobId: h.jobId, milestones: two });
    const cancel = (who: TestMember, milestoneIndex: number) => who.as.mutation(api.payments.jobs.cancelMilestone, { jobId: h.jobId, milestoneIndex });
    // Not before the first is funded (the job is cancelled instead), never the first, only the owner.
    await expect(cancel(h.o, 1)).rejects.toThrow(MilestoneCopy.cancelOnlyLater);
    await fundJob(h.t, h.jobId, 0);
    await expect(cancel(h.o, 0)).rejects.toThrow(PaymentCopy.illegal("funded", "cancelled"));
    await expect(cancel(h.p, 1)).rejects.toThrow(PaymentCopy.onlyOwner);
    await expect(cancel(h.stranger, 1)).rejects.toThrow(PaymentCopy.onlyParty);
    expect((await h.o.as.query(api.payments.jobs.forJobMilestones, { jobId: h.jobId }))!.payments.map((p) => p.cancellable)).toEqual([false, true]);
    expect((await h.p.as.query(api.payments.jobs.forJobMilestones, { jobId: h.jobId }))!.payments.map((p) => p.cancellable)).toEqual([false, false]);
    await h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "start" });
    await h.p.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, milestoneIndex: 0, checklist: ["Demolished"], photos: [await photo(h.t)] });
    await h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId, milestoneIndex: 0 });
    expect((await jobOf(h.t, h.jobId)).status).toBe("in_progress");
    // Over REST, the same checks: the pro can't; the owner names the milestone.
    const rest = (who: TestMember, body: unknown) =>
      who.as.fetch(`/api/jobs/${h.jobId}/payment/cancel`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await rest(h.p, { milestoneIndex: 1 })).status).toBe(403);
    expect((await rest(h.o, {})).status).toBe(400);
    const cancelled = await rest(h.o, { milestoneIndex: 1 });
    expect(await cancelled.json()).toMatchObject({ state: "cancelled", milestone: { index: 1 } });
    expect((await rowsOf(h.t, h.jobId)).map((r) => [r.state, r.fundedCents, r.releasedCents])).toEqual([
      ["released", 40_000, 40_000],
      ["cancelled", 0, 0],
    ]);
    expect((await jobOf(h.t, h.jobId)).status).toBe("completed");
    await expect(cancel(h.o, 1)).rejects.toThrow(PaymentCopy.illegal("cancelled", "cancelled"));
    await h.t.finishAllScheduledFunctions(vi.runAllTimers);
  });

  test("a dispute on one milestone freezes that milestone only; cancelling refunds what was funded", async () => {
    const h = await hire();
    const admin = await owner(h.t, { role: "admin" });
    await h.o.as.mutation(api.payments.jobs.splitMilestones, { jobId: h.jobId, milestones: two });
    const first = await fundJob(h.t, h.jobId, 0);
    // Two weeks and nothing: the work has stalled, so the owner may dispute the funded milestone.
    await h.t.run((ctx) => ctx.db.patch("jobPayments", first, { fundedAt: Date.now() - 15 * DAY }));
    await h.o.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, milestoneIndex: 0, reason: "Never showed up" });
    const disputes = await admin.as.query(api.admin.disputes.list, {});
    expect(disputes.map((d) => [d.milestone, d.heldCents])).toEqual([["Milestone 1: Demolition", 40_000]]);
    await admin.as.mutation(api.admin.disputes.resolve, { paymentId: disputes[0]!.paymentId, outcome: "refund", note: "Refunded" });
    // Milestone 2 was never funded: the job isn't settled yet, and the owner may still cancel it.
    expect((await jobOf(h.t, h.jobId)).status).toBe("assigned");
    await h.o.as.mutation(api.jobs.act, { jobId: h.jobId, action: "cancel" });
    expect((await rowsOf(h.t, h.jobId)).map((r) => [r.state, r.fundedCents, r.refundedCents])).toEqual([
      ["refunded", 40_000, 40_000],
      ["cancelled", 0, 0],
    ]);
  });
});

describe("the owner deletes their account while work is under way", () => {
  test("the later milestones nobody funded are dropped, not left waiting for an owner who is gone (property seed 1452742614)", async () => {
    vi.useFakeTimers();
    const h = await hire();
    await h.o.as.mutation(api.payments.jobs.splitMilestones, {
      jobId: h.jobId,
      milestones: [
        { title: "First", amountCents: 33_333 },
        { title: "Second", amountCents: 56_667 },
      ],
    });
    await fundJob(h.t, h.jobId, 0);
    await h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "start" });
    await h.p.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, milestoneIndex: 0, checklist: ["Work"], photos: [await photo(h.t)] });
    await h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId, milestoneIndex: 0 });
    await h.t.mutation(internal.accountDeletion.markDeleted, { userId: h.o.userId });
    const rows = await h.t.run((ctx) => ctx.db.query("jobPayments").withIndex("by_jobId", (q) => q.eq("jobId", h.jobId)).take(5));
    expect(rows.map((r) => [r.milestoneIndex ?? 0, r.state]).sort()).toEqual([
      [0, "released"],
      [1, "cancelled"],
    ]);
    expect((await jobOf(h.t, h.jobId)).status).toBe("completed");
  });
});

describe("property: random actions, webhook deliveries and duplicates, scheduler firings", () => {
  type Delivery = { hold: boolean; dup: boolean };
  type Op =
    // Stripe and the bank: the owner pays a checkout (card, or a bank debit that completes unpaid)...
    | ({ kind: "checkout"; method: "card" | "bank"; piFirst: boolean } & Delivery)
    // ...the debit settles or fails days later...
    | ({ kind: "settle"; ok: boolean } & Delivery)
    // ...the bank opens or closes a chargeback (closed, maybe without our hearing it was opened)...
    | ({ kind: "bank"; status: "open" | "won" | "lost"; skipCreated: boolean } & Delivery)
    // ...and Stripe delivers an event again, or late: any event sent so far, held ones included.
    | { kind: "replay"; index: number }
    | { kind: "start" }
    | { kind: "submit" }
    | { kind: "approve" }
    | { kind: "changes" }
    | { kind: "dispute"; by: "owner" | "pro" }
    | { kind: "fire"; stale: boolean }
    | { kind: "timePasses"; hours: number }
    | { kind: "resolve"; outcome: "release" | "refund" | "split"; share: number }
    | { kind: "cancel" }
    | { kind: "runMoves" }
    | { kind: "retryMoves" }
    | { kind: "payouts"; enabled: boolean }
    | { kind: "adminRetry" }
    | { kind: "refundReleased" }
    | { kind: "cancelMilestone" }
    // A money move's action dies (Convex runs an action at most once), the gateway having made it or not...
    | { kind: "die"; gatewayDid: boolean }
    // ...and, after a while (past Stripe's 24 hours of idempotency, maybe), the admin retries what the console lists as stuck.
    | { kind: "sweep"; hours: number }
    | { kind: "deleteAccount"; who: "owner" | "pro" }
    // The ordinary story in one step, so that most runs get to review, release and after: the owner pays
    // by card (if the milestone is unfunded), the pro starts and submits, the owner reviews (or waits).
    | { kind: "story"; then: "wait" | "approve" | "changes" | "dispute" };
  // Weighted toward the steps that move a payment along, so most runs get past funding.
  const w = <T,>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
  const delivery = { hold: fc.boolean(), dup: fc.boolean() };
  const op: fc.Arbitrary<Op> = fc.oneof(
    w(
      8,
      fc.record({
        kind: fc.constant("checkout" as const),
        method: fc.constantFrom("card" as const, "card" as const, "bank" as const),
        piFirst: fc.boolean(),
        ...delivery,
      }),
    ),
    w(3, fc.record({ kind: fc.constant("settle" as const), ok: fc.boolean(), ...delivery })),
    w(3, fc.record({ kind: fc.constant("bank" as const), status: fc.constantFrom("open" as const, "won" as const, "lost" as const), skipCreated: fc.boolean(), ...delivery })),
    w(2, fc.record({ kind: fc.constant("replay" as const), index: fc.nat(1000) })),
    w(3, fc.constant({ kind: "start" as const })),
    w(3, fc.constant({ kind: "submit" as const })),
    w(2, fc.constant({ kind: "approve" as const })),
    w(2, fc.constant({ kind: "changes" as const })),
    w(3, fc.record({ kind: fc.constant("dispute" as const), by: fc.constantFrom("owner" as const, "pro" as const) })),
    w(2, fc.record({ kind: fc.constant("fire" as const), stale: fc.boolean() })),
    w(2, fc.record({ kind: fc.constant("timePasses" as const), hours: fc.integer({ min: 1, max: 100 }) })),
    w(
      3,
      fc.record({
        kind: fc.constant("resolve" as const),
        outcome: fc.constantFrom("release" as const, "refund" as const, "split" as const),
        share: fc.integer({ min: -10, max: 100_000 }),
      }),
    ),
    w(1, fc.constant({ kind: "cancel" as const })),
    w(2, fc.constant({ kind: "runMoves" as const })),
    w(1, fc.constant({ kind: "retryMoves" as const })),
    // The pro's payout account refusing transfers for a while: failed moves, backoff, an admin's retry.
    w(1, fc.record({ kind: fc.constant("payouts" as const), enabled: fc.boolean() })),
    w(1, fc.constant({ kind: "adminRetry" as const })),
    w(1, fc.constant({ kind: "refundReleased" as const })),
    w(1, fc.constant({ kind: "cancelMilestone" as const })),
    w(1, fc.record({ kind: fc.constant("die" as const), gatewayDid: fc.boolean() })),
    w(1, fc.record({ kind: fc.constant("sweep" as const), hours: fc.constantFrom(1, 30, 50) })),
    w(1, fc.record({ kind: fc.constant("deleteAccount" as const), who: fc.constantFrom("owner" as const, "pro" as const) })),
    w(4, fc.record({ kind: fc.constant("story" as const), then: fc.constantFrom("wait" as const, "approve" as const, "changes" as const, "dispute" as const) })),
  );
  /** How the world ends: how open bank debits and chargebacks go, and what the admin decides. */
  const ending = fc.record({
    debitsSettle: fc.boolean(),
    bankWins: fc.boolean(),
    admin: fc.constantFrom("release" as const, "refund" as const),
    ownerPays: fc.boolean(),
  });

  // A run hires one job and either leaves it whole (1) or splits its $900 into 2 or 3 milestones;
  // each step acts on one milestone (its index modulo the count).
  const SPLITS: Record<number, { title: string; amountCents: number }[]> = {
    2: [
      { title: "First", amountCents: 33_333 },
      { title: "Second", amountCents: 56_667 },
    ],
    3: [
      { title: "First", amountCents: 30_000 },
      { title: "Second", amountCents: 30_001 },
      { title: "Third", amountCents: 29_999 },
    ],
  };
  const SETTLED: readonly PaymentState[] = ["released", "refunded", "partially_refunded", "cancelled", "charged_back"];
  /** Where a payment may rest once the world has run to its end: settled, or waiting for an owner who can still fund or cancel it. */
  const AT_REST: readonly PaymentState[] = ["released", "refunded", "partially_refunded", "cancelled", "awaiting_funding", "awaiting_quote"];

  /** A charge as the bank has it (the world's truth, whatever the app has heard). */
  interface Charge {
    c: LocalJobCharge;
    status: "processing" | "paid" | "failed";
    dispute?: { id: string; status: "needs_response" | "won" | "lost"; amountCents: number };
  }

  test("never released twice, money out never exceeds money in (counting what the bank took), every step in the table; the world always runs to rest", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        // "max": lengths up to 25 (fast-check's default size keeps arrays near 10 steps).
        fc.array(fc.tuple(op, fc.nat(2)), { minLength: 1, maxLength: 25, size: "max" }),
        ending,
        async (count, ops, end) => {
          vi.useFakeTimers();
          try {
            const h = await hire();
            // Reversals are announced by the local gateway through the signed webhook, as Stripe does.
            serveSiteUrl(h.t);
            const admin = await owner(h.t, { role: "admin" });
            if (count > 1) await h.o.as.mutation(api.payments.jobs.splitMilestones, { jobId: h.jobId, milestones: SPLITS[count]! });
            const rows = async () =>
              (await h.t.run((ctx) => ctx.db.query("jobPayments").withIndex("by_jobId", (q) => q.eq("jobId", h.jobId)).take(10))).sort(
                (a, b) => (a.milestoneIndex ?? 0) - (b.milestoneIndex ?? 0),
              );
            const ids = (await rows()).map((r) => r._id);
            expect(ids).toHaveLength(count);
            // The admin's Retry on every move the console lists as stuck (pending, with no run in the pool).
            const retryStuck = async () => {
              for (const m of await admin.as.query(api.admin.moneyMoves.listFailed, {})) {
                if (m.stuck) await admin.as.mutation(api.admin.moneyMoves.retry, { moveId: m.moveId });
              }
            };
            const attempt = async (run: () => Promise<unknown>) => {
              try {
                await run();
              } catch (error) {
                // Refusals (our ConvexErrors) are expected; anything else (an invariant's throw) fails the property.
                if (!(error instanceof ConvexError)) throw error;
              }
            };
            const localMoves = () => h.t.run((ctx) => ctx.db.query("localMoneyMoves").take(200));

            // Stripe's side: every charge per milestone, and every event sent (a held one not yet delivered).
            const charges: Charge[][] = ids.map(() => []);
            const sent: { event: LocalEvent; delivered: boolean }[] = [];
            const send = async (events: LocalEvent[], how: Delivery) => {
              for (const [i, event] of events.entries()) {
                // Held: the first event comes later (a replay, or Stripe's retries at the end): the pair arrives out of order.
                const held = how.hold && i === 0;
                sent.push({ event, delivered: !held });
                if (held) continue;
                await post(h.t, event);
                if (how.dup) await post(h.t, event);
              }
            };
            let seq = 0;
            const checkout = async (m: number, method: "card" | "bank", piFirst: boolean, how: Delivery) => {
              const p = (await h.t.run((ctx) => ctx.db.get("jobPayments", ids[m]!)))!;
              const tag = String(++seq).padStart(16, "0");
              const c: LocalJobCharge = {
                sessionId: `cs_prop_${tag}`,
                paymentId: p._id,
                ownerId: h.o.userId,
                amountCents: p.amountCents,
                paymentIntentId: `pi_prop_${tag}`,
                chargeId: `ch_prop_${tag}`,
                transferGroup: `job_${h.jobId}`,
                method: method === "card" ? "card" : "us_bank_account",
              };
              charges[m]!.push({ c, status: method === "card" ? "paid" : "processing" });
              const now = Date.now();
              if (method === "bank") return await send([stripeEvent("checkout.session.completed", jobCheckoutSessionObject(c, "unpaid"), now)], how);
              const completed = stripeEvent("checkout.session.completed", jobCheckoutSessionObject(c, "paid"), now);
              const succeeded = stripeEvent("payment_intent.succeeded", paymentIntentObject(c), now);
              await send(piFirst ? [succeeded, completed] : [completed, succeeded], how);
            };
            const settle = async (charge: Charge, ok: boolean, how: Delivery) => {
              charge.status = ok ? "paid" : "failed";
              const now = Date.now();
              await send(
                ok
                  ? [
                      stripeEvent("checkout.session.async_payment_succeeded", jobCheckoutSessionObject(charge.c, "paid"), now),
                      stripeEvent("payment_intent.succeeded", paymentIntentObject(charge.c), now),
                    ]
                  : [stripeEvent("checkout.session.async_payment_failed", jobCheckoutSessionObject(charge.c, "unpaid"), now)],
                how,
              );
            };
            const refundedAt = (local: Doc<"localMoneyMoves">[], pi: string) =>
              local.filter((mv) => mv.kind === "refund" && mv.reference === pi).reduce((s, mv) => s + mv.amountCents, 0);
            /** The bank opens (or closes) a chargeback on a paid charge: for what wasn't refunded, as Stripe caps it. */
            const chargeback = async (charge: Charge, status: "open" | "won" | "lost", skipCreated: boolean, how: Delivery) => {
              const { c } = charge;
              const events: LocalEvent[] = [];
              if (charge.dispute === undefined) {
                const amountCents = c.amountCents - refundedAt(await localMoves(), c.paymentIntentId);
                // A charge refunded in full: the bank has nothing to give back (Stripe's evidence is the refund).
                if (amountCents <= 0) return;
                const opened = disputeObject(c.chargeId, c.paymentIntentId, amountCents, "needs_response");
                charge.dispute = { id: opened.id, status: "needs_response", amountCents };
                await h.t.mutation(internal.payments.local.recordDispute, { disputeId: opened.id, paymentIntentId: c.paymentIntentId, amountCents, status: "needs_response" });
                if (status === "open" || !skipCreated) events.push(stripeEvent("charge.dispute.created", opened, Date.now()));
              }
              const dispute = charge.dispute;
              if (status !== "open" && dispute.status === "needs_response") {
                dispute.status = status;
                await h.t.mutation(internal.payments.local.recordDispute, { disputeId: dispute.id, paymentIntentId: c.paymentIntentId, amountCents: dispute.amountCents, status });
                events.push(stripeEvent("charge.dispute.closed", disputeObject(c.chargeId, c.paymentIntentId, dispute.amountCents, status), Date.now()));
              }
              await send(events, how);
            };

            const invariants = async () => {
              const all = await rows();
              expect(all.map((r) => r._id)).toEqual(ids);
              const local = await localMoves();
              for (const now of all) {
                expect(PAYMENT_STATES).toContain(now.state);
                expect(now.releasedCents + now.refundedCents).toBeLessThanOrEqual(now.fundedCents);
                expect(now.fundedCents === 0 || now.fundedCents === now.amountCents).toBe(true);
                const history = await historyOf(h.t, now._id);
                const releasing = ["approve", "autoRelease", "resolveRelease", "resolveSplit"];
                expect(history.filter((r) => releasing.includes(r.transition)).length).toBeLessThanOrEqual(1);
                expect(history.filter((r) => r.transition === "fund")).toHaveLength(now.fundedCents > 0 ? 1 : 0);
                for (const row of history) {
                  if (row.transition === "open") continue;
                  const rule = PAYMENT_TRANSITIONS[row.transition as PaymentTransition];
                  expect((rule.from as readonly PaymentState[]).includes(row.from!) && rule.to === row.to).toBe(true);
                }
                expect(new Set(history.map((r) => r.idempotencyKey)).size).toBe(history.length);
                const allMoves = await movesOf(h.t, now._id);
                // A charge paid when not due is refunded on its own, outside the payment's sums, never the funding's intent.
                for (const stray of allMoves.filter((mv) => mv.strayPaymentIntentId !== undefined)) {
                  expect(stray.kind).toBe("refund");
                  if (now.fundedCents > 0) expect(stray.strayPaymentIntentId).not.toBe(now.paymentIntentId);
                }
                const moves = allMoves.filter((mv) => mv.strayPaymentIntentId === undefined);
                const queued = (kind: string) =>
                  moves.filter((mv) => mv.kind === kind && mv.status !== "cancelled").reduce((s, mv) => s + mv.amountCents, 0);
                // What the pro holds on the record is what was sent them less what was taken back.
                expect(queued("transfer") - queued("reversal")).toBe(now.releasedCents);
                // Refunds held for a chargeback are cancelled (and replaced if the bank decides for us): not counted.
                expect(queued("refund")).toBeLessThanOrEqual(now.refundedCents);
                // Counting what the bank took back on a lost chargeback, money out never exceeds money in.
                const taken = now.chargebackStatus === "lost" ? (now.chargeback?.amountCents ?? 0) : 0;
                expect(queued("transfer") - queued("reversal") + queued("refund") + taken).toBeLessThanOrEqual(now.fundedCents);
                expect(new Set(allMoves.map((mv) => mv.idempotencyKey)).size).toBe(allMoves.length);
                const mine = local.filter((mv) => mv.idempotencyKey.startsWith(`${now._id}:`) && !mv.idempotencyKey.includes(":stray:"));
                const moved = (kind: string) => mine.filter((mv) => mv.kind === kind).reduce((s, mv) => s + mv.amountCents, 0);
                expect(moved("transfer")).toBeLessThanOrEqual(queued("transfer"));
                expect(moved("reversal")).toBeLessThanOrEqual(queued("reversal"));
                // The platform never pays out (to the pro and back to the card) more than it took for this milestone.
                expect(moved("transfer") - moved("reversal") + moved("refund")).toBeLessThanOrEqual(now.fundedCents);
              }
              // ...and in total: the split never changes the agreed price, and nothing moves beyond what was funded.
              const total = (f: (r: Payment) => number) => all.reduce((s, r) => s + f(r), 0);
              expect(total((r) => r.amountCents)).toBe(90_000);
              expect(total((r) => r.releasedCents + r.refundedCents)).toBeLessThanOrEqual(total((r) => r.fundedCents));
              const movedAll = (kind: string) =>
                local.filter((mv) => mv.kind === kind && !mv.idempotencyKey.includes(":stray:")).reduce((s, mv) => s + mv.amountCents, 0);
              expect(movedAll("transfer") - movedAll("reversal") + movedAll("refund")).toBeLessThanOrEqual(total((r) => r.fundedCents));
              // The bank's view, to the cent: per charge, refunds and what the bank took back stay within what was paid
              // (nothing refunded on a debit that never settled); in all, what went out (to the pro, back to cards, to
              // the bank) stays within what came in.
              let paidIn = 0;
              let takenBack = 0;
              for (const charge of charges.flat()) {
                const refunded = refundedAt(local, charge.c.paymentIntentId);
                const taken = charge.dispute?.status === "lost" ? charge.dispute.amountCents : 0;
                if (charge.status !== "paid") expect(refunded, `${charge.c.paymentIntentId} (${charge.status})`).toBe(0);
                else expect(refunded + taken, charge.c.paymentIntentId).toBeLessThanOrEqual(charge.c.amountCents);
                if (charge.status === "paid") paidIn += charge.c.amountCents;
                takenBack += taken;
              }
              // The total holds once the app has heard all the news (the bank takes the money whether or not we've heard,
              // and a transfer may go out meanwhile): what it committed to send (to the pro, back to cards; less the
              // reversals it asked for) and what the bank took stay within what came in. At the end, committed is made.
              const made = (kind: string) => local.filter((mv) => mv.kind === kind).reduce((s, mv) => s + mv.amountCents, 0);
              const committedMoves = (await Promise.all(all.map((r) => movesOf(h.t, r._id)))).flat().filter((mv) => mv.status !== "cancelled");
              const committed = (kind: string) => committedMoves.filter((mv) => mv.kind === kind).reduce((s, mv) => s + mv.amountCents, 0);
              for (const kind of ["transfer", "reversal", "refund"]) expect(made(kind), kind).toBeLessThanOrEqual(committed(kind));
              if (sent.every((s) => s.delivered)) {
                expect(committed("transfer") - committed("reversal") + committed("refund") + takenBack).toBeLessThanOrEqual(paidIn);
              }
              // The job completes only once every milestone is settled.
              if ((await jobOf(h.t, h.jobId)).status === "completed") expect(all.every((r) => SETTLED.includes(r.state))).toBe(true);
              return all;
            };

            for (const [o, pick] of ops) {
              const m = pick % count;
              const paymentId = ids[m]!;
              // A job without milestones is called as before (no index); a split one names the milestone.
              const which = count > 1 ? { milestoneIndex: m } : {};
              const p = (await h.t.run((ctx) => ctx.db.get("jobPayments", paymentId)))!;
              switch (o.kind) {
                case "checkout":
                  await checkout(m, o.method, o.piFirst, o);
                  break;
                case "settle": {
                  const charge = charges[m]!.find((c) => c.status === "processing");
                  if (charge) await settle(charge, o.ok, o);
                  break;
                }
                case "bank": {
                  const charge = charges[m]!.find((c) => c.status === "paid" && c.dispute?.status !== "won" && c.dispute?.status !== "lost");
                  if (charge) await chargeback(charge, o.status, o.skipCreated, o);
                  break;
                }
                case "replay":
                  if (sent.length > 0) {
                    const s = sent[o.index % sent.length]!;
                    await post(h.t, s.event);
                    s.delivered = true;
                  }
                  break;
                case "story":
                  if (p.state === "awaiting_funding") await checkout(m, "card", false, { hold: false, dup: false });
                  await attempt(() => h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "start" }));
                  await attempt(async () =>
                    h.p.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, ...which, checklist: ["Work"], photos: [await photo(h.t)] }),
                  );
                  if (o.then === "approve") await attempt(() => h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId, ...which }));
                  if (o.then === "changes") await attempt(() => h.o.as.mutation(api.payments.jobs.requestChanges, { jobId: h.jobId, ...which, reason: "More" }));
                  if (o.then === "dispute") await attempt(() => h.o.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, ...which, reason: "No" }));
                  break;
                case "start":
                  await attempt(() => h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "start" }));
                  break;
                case "submit":
                  await attempt(async () =>
                    h.p.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, ...which, checklist: ["Work"], photos: [await photo(h.t)] }),
                  );
                  break;
                case "approve":
                  await attempt(() => h.o.as.mutation(api.payments.jobs.approve, { jobId: h.jobId, ...which }));
                  break;
                case "changes":
                  await attempt(() => h.o.as.mutation(api.payments.jobs.requestChanges, { jobId: h.jobId, ...which, reason: "More" }));
                  break;
                case "dispute":
                  await attempt(() =>
                    (o.by === "owner" ? h.o : h.p).as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, ...which, reason: "No" }),
                  );
                  break;
                case "fire":
                  await h.t.run((ctx) => autoRelease(ctx, paymentId, o.stale ? p.version - 1 : p.version));
                  break;
                case "timePasses":
                  vi.advanceTimersByTime(o.hours * HOUR);
                  await h.t.finishInProgressScheduledFunctions();
                  break;
                case "resolve":
                  await attempt(() =>
                    h.t.run(async (ctx) => {
                      const user = (await ctx.db.get("users", admin.userId))!;
                      const fresh = (await ctx.db.get("jobPayments", paymentId))!;
                      await resolveDispute(ctx, fresh, user, o.outcome === "split" ? { kind: "split", proCents: o.share } : { kind: o.outcome }, "Decided");
                    }),
                  );
                  break;
                case "cancel":
                  await attempt(() => h.o.as.mutation(api.jobs.act, { jobId: h.jobId, action: "cancel" }));
                  break;
                case "runMoves":
                  await h.t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(1));
                  break;
                case "retryMoves":
                  for (const mv of await movesOf(h.t, paymentId)) await h.t.action(internal.payments.moves.execute, { moveId: mv._id });
                  break;
                case "payouts":
                  // As the Connect endpoint applies account.updated: enabled sends the transfers that waited.
                  await h.t.mutation(internal.payments.webhooks.applyAccount, {
                    accountId: PAYOUTS.stripeConnectAccountId,
                    payoutsEnabled: o.enabled,
                    at: Math.floor(Date.now() / 1000),
                  });
                  break;
                case "refundReleased":
                  await attempt(() => admin.as.mutation(api.admin.moneyMoves.refundReleased, { job: h.jobId, ...which, note: "Refunded" }));
                  break;
                case "cancelMilestone":
                  await attempt(() => h.o.as.mutation(api.payments.jobs.cancelMilestone, { jobId: h.jobId, milestoneIndex: m }));
                  break;
                case "adminRetry":
                  for (const mv of await movesOf(h.t, paymentId)) {
                    await attempt(() => admin.as.mutation(api.admin.moneyMoves.retry, { moveId: mv._id }));
                  }
                  break;
                case "die":
                  await killMoveActions(h.t);
                  if (o.gatewayDid) {
                    // The gateway did it (under the move's key, with its metadata) before the action died.
                    for (const mv of await movesOf(h.t, paymentId)) {
                      const move = await h.t.query(internal.payments.moves.moveContext, { moveId: mv._id });
                      if (move === null || mv.status !== "pending") continue;
                      const reference =
                        move.kind === "transfer" ? (move.payoutsReady ? move.destination : null) : move.kind === "refund" ? move.paymentIntentId : move.transferId;
                      if (reference === null) continue;
                      // As a try does: what its key made already is found first (one try made it; this one died after).
                      const listedBy = move.kind === "transfer" ? `job_${move.jobId}` : reference;
                      if (await h.t.query(internal.payments.local.findMoney, { kind: move.kind, listedBy, moveKey: move.idempotencyKey })) continue;
                      try {
                        await h.t.mutation(internal.payments.local.recordMoney, {
                          kind: move.kind,
                          idempotencyKey: move.idempotencyKey,
                          amountCents: move.amountCents,
                          reference,
                          moveKey: move.idempotencyKey,
                          ...(move.kind === "transfer" ? { transferGroup: `job_${move.jobId}` } : {}),
                        });
                      } catch {
                        // The gateway refused it (payouts off, a disputed charge): nothing was made.
                      }
                    }
                  }
                  break;
                case "sweep":
                  vi.advanceTimersByTime(o.hours * HOUR);
                  await retryStuck();
                  await h.t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(1));
                  break;
                case "deleteAccount":
                  // After the password check (accountDeletion.deleteAccount): refused while money is held, or the work is closed.
                  await attempt(() => h.t.mutation(internal.accountDeletion.markDeleted, { userId: (o.who === "owner" ? h.o : h.p).userId }));
                  await h.t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(1));
                  break;
              }
              await invariants();
            }

            // Liveness: the world runs to its end. Stripe delivers what it held back, the bank settles its debits
            // and closes its chargebacks, payouts get enabled, members do what is theirs, time passes beyond
            // every window, the crons and the admin act. Then nothing is left that nobody can move.
            for (const s of sent.filter((x) => !x.delivered).reverse()) {
              await post(h.t, s.event);
              s.delivered = true;
            }
            for (const charge of charges.flat()) if (charge.status === "processing") await settle(charge, end.debitsSettle, { hold: false, dup: false });
            for (const charge of charges.flat()) {
              if (charge.dispute?.status === "needs_response") await chargeback(charge, end.bankWins ? "won" : "lost", false, { hold: false, dup: false });
            }
            // The owner pays what is still unfunded (a card, at once), or leaves it for later.
            if (end.ownerPays) {
              for (const [m, row] of (await rows()).entries()) if (row.state === "awaiting_funding") await checkout(m, "card", false, { hold: false, dup: false });
            }
            await gatewayPayouts(h.t, true);
            await post(h.t, accountUpdatedEvent(PAYOUTS.stripeConnectAccountId, h.p.userId, true, Date.now()));
            for (let round = 0; round < 6; round++) {
              for (const [m, row] of (await rows()).entries()) {
                const which = count > 1 ? { milestoneIndex: m } : {};
                if (row.state === "funded") {
                  await attempt(() => h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "start" }));
                  await attempt(async () =>
                    h.p.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, ...which, checklist: ["Work"], photos: [await photo(h.t)] }),
                  );
                }
                // Work that stalls (the pro gone): the owner cancels before work, or disputes once it has stalled.
                if (round >= 2 && (await h.t.run((ctx) => ctx.db.get("jobPayments", row._id)))!.state === "funded") {
                  await attempt(() => h.o.as.mutation(api.jobs.act, { jobId: h.jobId, action: "cancel" }));
                  await attempt(() => h.o.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, ...which, reason: "Stalled" }));
                }
                const fresh = (await h.t.run((ctx) => ctx.db.get("jobPayments", row._id)))!;
                if (fresh.state === "disputed" && fresh.chargebackStatus !== "open") {
                  await admin.as.mutation(api.admin.disputes.resolve, { paymentId: row._id, outcome: end.admin, note: "Decided" });
                }
                for (const mv of await movesOf(h.t, row._id)) {
                  if (mv.status === "failed") await admin.as.mutation(api.admin.moneyMoves.retry, { moveId: mv._id });
                }
              }
              vi.advanceTimersByTime(4 * DAY);
              await h.t.finishAllScheduledFunctions(vi.runAllTimers);
              await h.t.mutation(internal.payments.jobs.releaseDue, {});
              await h.t.mutation(internal.payments.jobs.remindWaitingPayouts, {});
              await retryStuck();
              await h.t.finishAllScheduledFunctions(vi.runAllTimers);
              await invariants();
            }
            const final = await invariants();
            const job = await jobOf(h.t, h.jobId);
            const ownerRow = await userRow(h.t, h.o.userId);
            for (const row of final) {
              expect(AT_REST, `milestone ${row.milestoneIndex ?? 0}`).toContain(row.state);
              expect(row.chargebackStatus).not.toBe("open");
              if (row.state === "awaiting_funding" || row.state === "awaiting_quote") {
                // Nothing held; the owner can still fund it or cancel the job.
                expect(row.fundedCents).toBe(0);
                expect(ownerRow.deletedAt).toBeUndefined();
                expect(["cancelled", "completed"]).not.toContain(job.status);
              }
              for (const mv of await movesOf(h.t, row._id)) expect([mv.kind, mv.status]).toEqual([mv.kind, mv.status === "cancelled" ? "cancelled" : "done"]);
            }
          } finally {
            vi.useRealTimers();
            vi.unstubAllGlobals();
          }
        },
      ),
      // CI replays one fixed set of runs, so a submission is judged on what it changed; every other
      // run explores new ones (a failure prints its seed and path, to replay with { seed, path }).
      { numRuns: 40, ...(process.env.CI ? { seed: 20_261_128 } : {}) },
    );
  }, 600_000);
});
