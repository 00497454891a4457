// Money that holds in production (issue "Money that holds in production", findings 4 and 5):
// a bank chargeback is recorded in whatever state it finds the payment and the bank decides it (no
// admin outcome meanwhile), nothing is dropped in silence, refunds wait while a charge is disputed
// (the local gateway refuses them as Stripe does), and a checkout that completes unpaid (a bank
// debit) funds nothing until it settles.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { PaymentCopy } from "../../common/payments";
import { api, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { fileBlob, bid, fundJob, newTest, owner, pro, project, serveSiteUrl, type TestConvex, type TestMember, postStripeEvent } from "../test.setup";
import { deliveryPlan, jobCheckoutSessionObject, paymentIntentObject, stripeEvent, type LocalEvent } from "./events";
import { LOCAL_BANK_OK, LOCAL_BANK_ROUTING, LOCAL_BANK_SETTLE_MS } from "./local";

const PAYOUTS = { payoutsEnabled: true, stripeConnectAccountId: "acct_test_pro" };

beforeEach(() => {
  process.env.RAFTER_LOCAL = "1";
  delete process.env.STRIPE_SECRET_KEY;
  vi.useFakeTimers();
});
afterEach(() => {
  delete process.env.RAFTER_LOCAL;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function post(t: TestConvex, event: LocalEvent) {
  expect((await postStripeEvent(t, event)).status).toBe(200);
}

const paymentOf = (t: TestConvex, jobId: Id<"jobs">) =>
  t.run(async (ctx) => (await ctx.db.query("jobPayments").withIndex("by_jobId", (q) => q.eq("jobId", jobId)).unique())!);
const historyOf = async (t: TestConvex, paymentId: Id<"jobPayments">) =>
  (await t.run((ctx) => ctx.db.query("paymentHistory").withIndex("by_paymentId", (q) => q.eq("paymentId", paymentId)).take(50))).map((r) => r.transition);
const movesOf = (t: TestConvex, paymentId: Id<"jobPayments">) =>
  t.run((ctx) => ctx.db.query("paymentMoves").withIndex("by_paymentId", (q) => q.eq("paymentId", paymentId)).take(50));
const localMoves = (t: TestConvex, kind: string) =>
  t.run(async (ctx) => (await ctx.db.query("localMoneyMoves").take(50)).filter((m) => m.kind === kind));
const titles = async (m: TestMember) =>
  (await m.as.query(api.notifications.list, { paginationOpts: { numItems: 40, cursor: null } })).page.map((n: { title: string }) => n.title);
const runScheduled = (t: TestConvex) => t.finishAllScheduledFunctions(vi.runAllTimers);

interface Hire {
  t: TestConvex;
  o: TestMember;
  p: TestMember;
  jobId: Id<"jobs">;
}

async function hire(t: TestConvex = newTest()): Promise<Hire> {
  const o = await owner(t);
  const p = await pro(t, PAYOUTS);
  const jobId = await o.as.mutation(api.jobs.create, project());
  const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid() });
  await o.as.mutation(api.bids.accept, { bidId });
  return { t, o, p, jobId };
}

async function working(t?: TestConvex): Promise<Hire> {
  const h = await hire(t);
  await fundJob(h.t, h.jobId);
  await h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "start" });
  return h;
}

async function submitted(t?: TestConvex): Promise<Hire> {
  const h = await working(t);
  const photo = await h.t.run((ctx) => ctx.storage.store(fileBlob(128, "image/png")));
  await h.p.as.mutation(api.payments.jobs.submitCompletion, { jobId: h.jobId, checklist: ["Replaced the outlets"], photos: [photo] });
  return h;
}

/** Stripe's dispute object for the payment's charge (or another intent's). */
const disputeOf = (
  p: { chargeId?: string; paymentIntentId?: string },
  status: "needs_response" | "won" | "lost",
  id = "dp_test_1",
  amount = 90_000,
) => ({ id, object: "dispute", charge: p.chargeId ?? `ch_of_${p.paymentIntentId}`, payment_intent: p.paymentIntentId, amount, currency: "usd", status });

describe("finding 4: a chargeback in any state", () => {
  test("during a member's dispute the bank decides: recorded, admin outcomes refused, the console shows it; lost, the card gets it back once and the pro nothing", async () => {
    const h = await submitted();
    await h.o.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, reason: "Half the outlets are loose" });
    const admin = await owner(h.t, { role: "admin", firstName: "Ada" });
    const payment = await paymentOf(h.t, h.jobId);
    await post(h.t, stripeEvent("charge.dispute.created", disputeOf(payment, "needs_response"), Date.now()));
    const frozen = await paymentOf(h.t, h.jobId);
    expect(frozen).toMatchObject({ state: "disputed", chargebackStatus: "open", chargeback: { fromState: "disputed", disputeId: "dp_test_1" } });
    // The member's dispute stays on the record (reason, who opened it).
    expect(frozen.dispute).toMatchObject({ openedBy: "owner", reason: "Half the outlets are loose" });
    for (const m of [h.o, h.p]) expect(await titles(m)).toContain("Chargeback opened");
    // The admin can't release (the platform would pay the bank and the pro), refund or split.
    for (const outcome of ["release", "refund", "split"] as const) {
      await expect(
        admin.as.mutation(api.admin.disputes.resolve, { paymentId: payment._id, outcome, note: "Decided", ...(outcome === "split" ? { proCents: 40_000 } : {}) }),
      ).rejects.toThrow(PaymentCopy.bankDecidesMemberDispute);
    }
    const listed = await admin.as.query(api.admin.disputes.list, {});
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ paymentId: payment._id, openedBy: "owner", bankDecides: true, state: "disputed" });
    expect(listed[0]!.chargebackOpenedAt).toBeTypeOf("number");
    // Both sides see that the bank decides now.
    for (const m of [h.o, h.p]) expect(await m.as.query(api.payments.jobs.forJob, { jobId: h.jobId })).toMatchObject({ state: "disputed", bankDecides: true, actions: [] });

    await post(h.t, stripeEvent("charge.dispute.closed", disputeOf(payment, "lost"), Date.now() + 1000));
    await runScheduled(h.t);
    const after = await paymentOf(h.t, h.jobId);
    expect(after).toMatchObject({ state: "refunded", refundedCents: 90_000, releasedCents: 0, chargebackStatus: "lost", chargeback: { amountCents: 90_000 } });
    expect(after.dispute?.resolvedAt).toBeTypeOf("number");
    // The bank returned the money: no refund of ours, no transfer to the pro.
    expect(await movesOf(h.t, payment._id)).toEqual([]);
    expect(await localMoves(h.t, "transfer")).toEqual([]);
    expect((await historyOf(h.t, payment._id)).slice(-3)).toEqual(["openDispute", "chargebackOpened", "chargebackLost"]);
    expect(await admin.as.query(api.admin.disputes.list, {})).toEqual([]);
  });

  test("during a member's dispute, won: the dispute goes back to the admin, who then decides once", async () => {
    const h = await submitted();
    await h.o.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, reason: "Not finished" });
    const admin = await owner(h.t, { role: "admin" });
    const payment = await paymentOf(h.t, h.jobId);
    await post(h.t, stripeEvent("charge.dispute.created", disputeOf(payment, "needs_response"), Date.now()));
    await post(h.t, stripeEvent("charge.dispute.closed", disputeOf(payment, "won"), Date.now() + 1000));
    // A late replay of the created news (same dispute) doesn't reopen it.
    await post(h.t, stripeEvent("charge.dispute.created", disputeOf(payment, "needs_response"), Date.now() + 1000));
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "disputed", chargebackStatus: "won", releasedCents: 0, refundedCents: 0 });
    expect((await admin.as.query(api.admin.disputes.list, {}))[0]).toMatchObject({ bankDecides: false });
    await admin.as.mutation(api.admin.disputes.resolve, { paymentId: payment._id, outcome: "release", note: "Work verified" });
    await runScheduled(h.t);
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "released", releasedCents: 90_000 });
    expect((await localMoves(h.t, "transfer")).map((m) => m.amountCents)).toEqual([90_000]);
    expect((await historyOf(h.t, payment._id)).slice(-4)).toEqual(["openDispute", "chargebackOpened", "chargebackWonDispute", "resolveRelease"]);
  });

  test("on a refunded payment whose refund isn't made yet: the refund waits for the bank; lost, never paid twice; won, refunded once", async () => {
    // Lost: the bank returns the money; our refund is never made. (Funded, cancelled before work started.)
    const h = await hire();
    await fundJob(h.t, h.jobId);
    await h.o.as.mutation(api.jobs.act, { jobId: h.jobId, action: "cancel" });
    const payment = await paymentOf(h.t, h.jobId);
    expect(payment).toMatchObject({ state: "refunded", refundedCents: 90_000 });
    await post(h.t, stripeEvent("charge.dispute.created", disputeOf(payment, "needs_response"), Date.now()));
    expect((await movesOf(h.t, payment._id)).map((m) => [m.kind, m.status])).toEqual([["refund", "cancelled"]]);
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "refunded", chargebackStatus: "open" });
    await post(h.t, stripeEvent("charge.dispute.closed", disputeOf(payment, "lost"), Date.now() + 1000));
    await runScheduled(h.t);
    expect(await localMoves(h.t, "refund")).toEqual([]);
    expect((await historyOf(h.t, payment._id)).slice(-3)).toEqual(["refundUnstarted", "chargebackOnRefunded", "chargebackClosedOnRefunded"]);

    // Won: the money stayed with the platform, so the owner's refund goes ahead, once.
    const w = await hire(h.t);
    await fundJob(w.t, w.jobId);
    await w.o.as.mutation(api.jobs.act, { jobId: w.jobId, action: "cancel" });
    const wp = await paymentOf(w.t, w.jobId);
    await post(w.t, stripeEvent("charge.dispute.created", disputeOf(wp, "needs_response", "dp_test_2"), Date.now()));
    await post(w.t, stripeEvent("charge.dispute.closed", disputeOf(wp, "won", "dp_test_2"), Date.now() + 1000));
    await runScheduled(w.t);
    expect((await localMoves(w.t, "refund")).map((m) => [m.amountCents, m.reference])).toEqual([[90_000, wp.paymentIntentId]]);
    expect((await movesOf(w.t, wp._id)).map((m) => [m.kind, m.status])).toEqual([
      ["refund", "cancelled"],
      ["refund", "done"],
    ]);
  });

  test("after a split whose refund is still pending: lost, the bank's return replaces our refund and the transfer is reversed; out never exceeds in", async () => {
    const h = await submitted();
    await h.o.as.mutation(api.payments.jobs.openDispute, { jobId: h.jobId, reason: "Half done" });
    const admin = await owner(h.t, { role: "admin" });
    const payment = await paymentOf(h.t, h.jobId);
    await admin.as.mutation(api.admin.disputes.resolve, { paymentId: payment._id, outcome: "split", proCents: 50_000, note: "Half" });
    // Only the transfer goes out before the chargeback: the refund of $400 is still pending.
    const [transfer] = (await movesOf(h.t, payment._id)).filter((m) => m.kind === "transfer");
    await h.t.action(internal.payments.moves.execute, { moveId: transfer!._id });
    await post(h.t, stripeEvent("charge.dispute.created", disputeOf(await paymentOf(h.t, h.jobId), "needs_response"), Date.now()));
    await post(h.t, stripeEvent("charge.dispute.closed", disputeOf(await paymentOf(h.t, h.jobId), "lost"), Date.now() + 1000));
    serveSiteUrl(h.t);
    await runScheduled(h.t);
    const after = await paymentOf(h.t, h.jobId);
    expect(after).toMatchObject({ state: "refunded", releasedCents: 0, refundedCents: 90_000 });
    const out = async (kind: string) => (await localMoves(h.t, kind)).reduce((s, m) => s + m.amountCents, 0);
    expect([await out("transfer"), await out("reversal"), await out("refund")]).toEqual([50_000, 50_000, 0]);
    // What the pro kept, what we refunded and what the bank took back: within the $900 charged.
    expect((await out("transfer")) - (await out("reversal")) + (await out("refund")) + after.chargeback!.amountCents!).toBeLessThanOrEqual(90_000);
  });

  test("news the state machine can't apply leaves an alert an admin sees: an unknown charge, a stray charge (whose refund then waits)", async () => {
    const h = await hire();
    const admin = await owner(h.t, { role: "admin" });
    await post(h.t, stripeEvent("charge.dispute.created", disputeOf({ chargeId: "ch_unknown", paymentIntentId: "pi_unknown" }, "needs_response", "dp_x"), Date.now()));
    expect(await admin.as.query(api.admin.disputes.alerts, {})).toMatchObject([{ eventType: "charge.dispute.created", jobId: null, message: expect.stringContaining("names no job payment") }]);
    await expect(h.o.as.query(api.admin.disputes.alerts, {})).rejects.toThrow();

    // A stray charge while awaiting funding (the wrong amount): refunded, then disputed before the refund is made.
    const payment = await paymentOf(h.t, h.jobId);
    await h.t.mutation(internal.payments.webhooks.apply, {
      event: { id: "evt_stray", type: "checkout.session.completed", created: 1, jobPayment: { paymentId: payment._id, amountCents: 1_000, paymentIntentId: "pi_stray" } },
    });
    expect((await movesOf(h.t, payment._id)).map((m) => [m.kind, m.status, m.strayPaymentIntentId])).toEqual([["refund", "pending", "pi_stray"]]);
    await post(h.t, stripeEvent("charge.dispute.created", disputeOf({ paymentIntentId: "pi_stray" }, "needs_response", "dp_stray", 1_000), Date.now()));
    expect((await movesOf(h.t, payment._id)).map((m) => m.status)).toEqual(["cancelled"]);
    await post(h.t, stripeEvent("charge.dispute.closed", disputeOf({ paymentIntentId: "pi_stray" }, "lost", "dp_stray", 1_000), Date.now() + 1000));
    await runScheduled(h.t);
    expect(await localMoves(h.t, "refund")).toEqual([]);
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "awaiting_funding", fundedCents: 0 });
    const alerts = await admin.as.query(api.admin.disputes.alerts, {});
    expect(alerts).toHaveLength(3);
    expect(alerts[0]).toMatchObject({ jobId: h.jobId, title: project().title, message: expect.stringContaining("pi_stray") });
  });
});

test("an inquiry closed without a chargeback (warning_closed) unfreezes the money, never leaving it open for good", async () => {
  const h = await working();
  const payment = await paymentOf(h.t, h.jobId);
  const inquiry = (status: string) => ({ ...disputeOf(payment, "needs_response", "dp_inquiry"), status });
  await post(h.t, stripeEvent("charge.dispute.created", inquiry("warning_needs_response"), Date.now()));
  expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "disputed", chargebackStatus: "open" });
  await post(h.t, stripeEvent("charge.dispute.closed", inquiry("warning_closed"), Date.now() + 1000));
  expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "funded", chargebackStatus: "won", releasedCents: 0, refundedCents: 0 });
});

describe("refunds on a disputed charge", () => {
  test("the local gateway refuses them as Stripe does (charge_disputed); the product holds the refund instead of trying", async () => {
    const h = await working();
    serveSiteUrl(h.t);
    const payment = await paymentOf(h.t, h.jobId);
    // The bank opens a dispute (the local gateway records it, then sends charge.dispute.created).
    await h.t.action(internal.payments.local.simulateChargeback, { paymentId: payment._id, status: "open" });
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "disputed", chargebackStatus: "open" });
    const refund = { kind: "refund" as const, idempotencyKey: "k1", amountCents: 90_000, reference: payment.paymentIntentId! };
    await expect(h.t.mutation(internal.payments.local.recordMoney, refund)).rejects.toThrow(/charge_disputed/);
    // The job can't be cancelled into a refund while the bank decides.
    await expect(h.o.as.mutation(api.jobs.act, { jobId: h.jobId, action: "cancel" })).rejects.toThrow();
    await h.t.action(internal.payments.local.simulateChargeback, { paymentId: payment._id, status: "lost" });
    await expect(h.t.mutation(internal.payments.local.recordMoney, refund)).rejects.toThrow(/charge_disputed/);
    await runScheduled(h.t);
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "refunded", refundedCents: 90_000, chargebackStatus: "lost" });
    expect(await movesOf(h.t, payment._id)).toEqual([]);

    // Won, the charge is refundable again.
    const w = await working(h.t);
    const wp = await paymentOf(w.t, w.jobId);
    await w.t.action(internal.payments.local.simulateChargeback, { paymentId: wp._id, status: "open" });
    await w.t.action(internal.payments.local.simulateChargeback, { paymentId: wp._id, status: "won" });
    expect(await paymentOf(w.t, w.jobId)).toMatchObject({ state: "funded", chargebackStatus: "won" });
    await w.t.mutation(internal.payments.local.recordMoney, { ...refund, idempotencyKey: "k2", reference: wp.paymentIntentId! });
  });
});

describe("finding 5: checkout completed is not paid", () => {
  test("checkout.session.completed with payment_status unpaid funds nothing: processing until async_payment_succeeded", async () => {
    const h = await hire();
    const payment = await paymentOf(h.t, h.jobId);
    const charge = {
      sessionId: "cs_test_bank",
      paymentId: payment._id,
      ownerId: h.o.userId,
      amountCents: 90_000,
      paymentIntentId: "pi_test_bank",
      chargeId: "py_test_bank",
      transferGroup: `job_${h.jobId}`,
      method: "us_bank_account" as const,
    };
    await post(h.t, stripeEvent("checkout.session.completed", jobCheckoutSessionObject(charge, "unpaid"), Date.now()));
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "processing", fundedCents: 0, paymentIntentId: "pi_test_bank" });
    await expect(h.p.as.mutation(api.jobs.act, { jobId: h.jobId, action: "start" })).rejects.toThrow(PaymentCopy.startNeedsFunding);
    await expect(h.o.as.action(api.payments.jobs.fund, { jobId: h.jobId })).rejects.toThrow(/processing can't be funded/);
    expect(await titles(h.o)).toContain("Bank payment processing");
    await post(h.t, stripeEvent("checkout.session.async_payment_succeeded", jobCheckoutSessionObject(charge), Date.now()));
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "funded", fundedCents: 90_000 });
    expect(await historyOf(h.t, payment._id)).toEqual(["open", "fundingStarted", "fund"]);
  });

  test("a card paid while a bank debit held the payment is refunded as stray; when the debit then fails, that card's late news can't fund it too (property seed -1051479772)", async () => {
    const h = await hire();
    const payment = await paymentOf(h.t, h.jobId);
    const common = { paymentId: payment._id, ownerId: h.o.userId, amountCents: 90_000, transferGroup: `job_${h.jobId}` };
    const bank = { ...common, sessionId: "cs_bank", paymentIntentId: "pi_bank", chargeId: "py_bank", method: "us_bank_account" as const };
    const card = { ...common, sessionId: "cs_card", paymentIntentId: "pi_card", chargeId: "ch_card", method: "card" as const };
    await post(h.t, stripeEvent("checkout.session.completed", jobCheckoutSessionObject(bank, "unpaid"), Date.now()));
    await post(h.t, stripeEvent("payment_intent.succeeded", paymentIntentObject(card), Date.now()));
    await post(h.t, stripeEvent("checkout.session.async_payment_failed", jobCheckoutSessionObject(bank, "unpaid"), Date.now()));
    await post(h.t, stripeEvent("checkout.session.completed", jobCheckoutSessionObject(card), Date.now()));
    const after = await paymentOf(h.t, h.jobId);
    expect(after).toMatchObject({ state: "awaiting_funding", fundedCents: 0 });
    expect((await movesOf(h.t, after._id)).map((m) => [m.kind, m.amountCents, m.strayPaymentIntentId])).toEqual([["refund", 90_000, "pi_card"]]);
  });

  test("a debit's failure that overtakes its own 'completed, unpaid' news: the late news never reopens it as processing (property seed 755971272)", async () => {
    const h = await hire();
    const payment = await paymentOf(h.t, h.jobId);
    const charge = {
      sessionId: "cs_test_bank_late",
      paymentId: payment._id,
      ownerId: h.o.userId,
      amountCents: 90_000,
      paymentIntentId: "pi_test_bank_late",
      chargeId: "py_test_bank_late",
      transferGroup: `job_${h.jobId}`,
      method: "us_bank_account" as const,
    };
    await post(h.t, stripeEvent("checkout.session.async_payment_failed", jobCheckoutSessionObject(charge, "unpaid"), Date.now()));
    await post(h.t, stripeEvent("checkout.session.completed", jobCheckoutSessionObject(charge, "unpaid"), Date.now() - 60_000));
    // Nothing will ever settle that debit: the owner can fund again, and the payment never waits on it.
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "awaiting_funding", fundedCents: 0, failedPaymentIntentIds: ["pi_test_bank_late"] });
    expect(await historyOf(h.t, payment._id)).toEqual(["open"]);
  });

  test("the local checkout's bank debit: completes unpaid, settles later; a failing account goes back to awaiting funding and the owner is told", async () => {
    const h = await hire();
    serveSiteUrl(h.t);
    const pay = async (accountNumber: string) => {
      const { url } = await h.o.as.action(api.payments.jobs.fund, { jobId: h.jobId });
      const sessionId = url.split("/").pop()!;
      const { events } = await h.t.mutation(internal.payments.local.completeJobCheckout, {
        viewerId: h.o.userId,
        sessionId,
        bank: { routingNumber: LOCAL_BANK_ROUTING, accountNumber },
      });
      expect((events as LocalEvent[]).map((e) => [e.type, (e.data.object as { payment_status?: string }).payment_status])).toEqual([
        ["checkout.session.completed", "unpaid"],
      ]);
      for (const { event } of deliveryPlan(events as LocalEvent[], "strict")) await post(h.t, event);
    };
    await expect(
      h.t.mutation(internal.payments.local.completeJobCheckout, { viewerId: h.o.userId, sessionId: "x", bank: { routingNumber: "123", accountNumber: "1" } }),
    ).rejects.toThrow();
    await pay("000222222227");
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "processing", fundedCents: 0 });
    vi.advanceTimersByTime(LOCAL_BANK_SETTLE_MS);
    await runScheduled(h.t);
    const failed = await paymentOf(h.t, h.jobId);
    expect(failed).toMatchObject({ state: "awaiting_funding", fundedCents: 0 });
    expect(failed.paymentIntentId).toBeUndefined();
    expect(await titles(h.o)).toContain("Bank payment failed");

    // Again with a good account: funded once it settles, and only then.
    await pay(LOCAL_BANK_OK);
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "processing" });
    vi.advanceTimersByTime(LOCAL_BANK_SETTLE_MS);
    await runScheduled(h.t);
    const funded = await paymentOf(h.t, h.jobId);
    expect(funded).toMatchObject({ state: "funded", fundedCents: 90_000 });
    expect(await historyOf(h.t, funded._id)).toEqual(["open", "fundingStarted", "fundingFailed", "fundingStarted", "fund"]);
    // Both settle events (the intent's and the session's) funded it once; nothing was refunded as stray.
    expect(await movesOf(h.t, funded._id)).toEqual([]);
  });

  test("the job cancelled while the debit processes: the money that settles later is refunded, never kept", async () => {
    const h = await hire();
    serveSiteUrl(h.t);
    const { url } = await h.o.as.action(api.payments.jobs.fund, { jobId: h.jobId });
    const { events } = await h.t.mutation(internal.payments.local.completeJobCheckout, {
      viewerId: h.o.userId,
      sessionId: url.split("/").pop()!,
      bank: { routingNumber: LOCAL_BANK_ROUTING, accountNumber: LOCAL_BANK_OK },
    });
    for (const { event } of deliveryPlan(events as LocalEvent[], "strict")) await post(h.t, event);
    await h.o.as.mutation(api.jobs.act, { jobId: h.jobId, action: "cancel" });
    expect(await paymentOf(h.t, h.jobId)).toMatchObject({ state: "cancelled" });
    vi.advanceTimersByTime(LOCAL_BANK_SETTLE_MS);
    await runScheduled(h.t);
    const after = await paymentOf(h.t, h.jobId);
    expect(after).toMatchObject({ state: "cancelled", fundedCents: 0 });
    expect((await movesOf(h.t, after._id)).map((m) => [m.kind, m.amountCents, m.status])).toEqual([["refund", 90_000, "done"]]);
  });
});
