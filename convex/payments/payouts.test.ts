// A professional's payouts (Connect): connected accounts' events on their own endpoint with their
// own secret, as Stripe sends them; the owner funds before the pro has a payout account; the
// release's transfer waits for it (not failed, no tries spent, no admin alert), is sent the moment
// payouts are enabled (account.updated, or the re-read when onboarding returns), and the pro is
// told and reminded meanwhile.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { PaymentCopy } from "../../common/payments";
import { api, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { fileBlob, bid, fundJob, newTest, owner, pro, project, serveSiteUrl, userRow, type TestConvex, type TestMember, postStripeEvent } from "../test.setup";
import { accountObject, deliveryPlan, accountUpdatedEvent, stripeEvent, type LocalEvent } from "./events";
import { localConnectWebhookSecret, localWebhookSecret } from "./gateway";
import { PAYOUT_REMINDERS_MAX } from "./jobs";

const GOOD_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
const STRIPE_ENV = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_CONNECT_WEBHOOK_SECRET"] as const;

beforeEach(() => {
  process.env.RAFTER_LOCAL = "1";
  for (const name of STRIPE_ENV) delete process.env[name];
  delete process.env.PAYMENT_REVIEW_WINDOW_HOURS;
});
afterEach(() => {
  delete process.env.RAFTER_LOCAL;
  for (const name of STRIPE_ENV) delete process.env[name];
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const postTo = (t: TestConvex, path: string, event: object, secret: string) => postStripeEvent(t, event, { path, secret });

/** Delivered as the local gateway delivers it (and Stripe): Connect events to the Connect endpoint. */
async function deliver(t: TestConvex, events: readonly unknown[]) {
  for (const { event } of deliveryPlan(events as LocalEvent[], "strict")) {
    const connect = typeof event.account === "string";
    const res = await postTo(t, connect ? "/stripe/connect-webhook" : "/stripe/webhook", event, connect ? localConnectWebhookSecret()! : localWebhookSecret()!);
    expect(res.status).toBe(200);
  }
}

const titles = async (m: TestMember) =>
  (await m.as.query(api.notifications.list, { paginationOpts: { numItems: 50, cursor: null } })).page.map((n: { title: string }) => n.title);
const notesOf = async (m: TestMember) =>
  (await m.as.query(api.notifications.list, { paginationOpts: { numItems: 50, cursor: null } })).page as { title: string; content: string }[];
const paymentOf = (t: TestConvex, jobId: Id<"jobs">) =>
  t.run(async (ctx) => (await ctx.db.query("jobPayments").withIndex("by_jobId", (q) => q.eq("jobId", jobId)).unique())!);
const movesOf = (t: TestConvex, paymentId: Id<"jobPayments">) =>
  t.run((ctx) => ctx.db.query("paymentMoves").withIndex("by_paymentId", (q) => q.eq("paymentId", paymentId)).take(20));
const localTransfers = async (t: TestConvex) => (await t.run((ctx) => ctx.db.query("localMoneyMoves").take(50))).filter((m) => m.kind === "transfer");
const photo = (t: TestConvex) => t.run((ctx) => ctx.storage.store(fileBlob(128, "image/png")));

/** Owner posts, a pro WITHOUT a payout account bids $900, the owner hires: awaiting funding. */
async function hireUnconnected(t: TestConvex) {
  const o = await owner(t);
  const p = await pro(t);
  const jobId = await o.as.mutation(api.jobs.create, project());
  const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid() });
  await o.as.mutation(api.bids.accept, { bidId });
  return { o, p, jobId };
}

/** Work started, documented, approved: the release's transfer is queued (and run). */
async function startSubmitApprove(t: TestConvex, o: TestMember, p: TestMember, jobId: Id<"jobs">) {
  await p.as.mutation(api.jobs.act, { jobId, action: "start" });
  expect(await p.as.mutation(api.payments.jobs.submitCompletion, { jobId, checklist: ["Replaced the outlets"], photos: [await photo(t)] })).toBeNull();
  await o.as.mutation(api.payments.jobs.approve, { jobId });
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}

/** A released payment whose transfer waits for the pro's payout account. */
async function releasedWaiting(t: TestConvex) {
  const h = await hireUnconnected(t);
  await fundJob(t, h.jobId);
  await startSubmitApprove(t, h.o, h.p, h.jobId);
  const payment = await paymentOf(t, h.jobId);
  expect((await movesOf(t, payment._id)).map((m) => [m.kind, m.status])).toEqual([["transfer", "waiting"]]);
  return { ...h, payment };
}

/** The pro goes through the local onboarding: the account is enabled on the gateway's side; its events are returned. */
async function onboard(t: TestConvex, p: TestMember) {
  const { url } = await p.as.action(api.payments.jobs.connectPayouts, {});
  const result = await t.mutation(internal.payments.local.completeOnboarding, { viewerId: p.userId, sessionId: url.split("/").pop()! });
  return { accountId: (await userRow(t, p.userId)).stripeConnectAccountId!, events: result.events as LocalEvent[] };
}

describe("the Connect endpoint", () => {
  test("account.updated from a connected account, signed with the Connect secret, turns payouts on; the platform endpoint refuses it", async () => {
    const t = newTest();
    const p = await pro(t);
    const event = accountUpdatedEvent("acct_c1", p.userId, true, Date.now());
    expect(event.account).toBe("acct_c1");
    // Stripe never sends a connected account's event to the platform endpoint: refused there,
    // signed with either secret, and the Connect endpoint refuses the platform's secret.
    expect((await postTo(t, "/stripe/webhook", event, localWebhookSecret()!)).status).toBe(400);
    expect((await postTo(t, "/stripe/webhook", event, localConnectWebhookSecret()!)).status).toBe(400);
    expect((await postTo(t, "/stripe/connect-webhook", event, localWebhookSecret()!)).status).toBe(400);
    // An event without `account` (the platform's own) has no business on the Connect endpoint.
    const platformOwn = stripeEvent("account.updated", accountObject("acct_c1", p.userId, true), Date.now());
    expect((await postTo(t, "/stripe/connect-webhook", platformOwn, localConnectWebhookSecret()!)).status).toBe(400);
    expect((await userRow(t, p.userId)).payoutsEnabled).toBeUndefined();

    expect((await postTo(t, "/stripe/connect-webhook", event, localConnectWebhookSecret()!)).status).toBe(200);
    expect(await userRow(t, p.userId)).toMatchObject({ stripeConnectAccountId: "acct_c1", payoutsEnabled: true });
    expect(await notesOf(p)).toMatchObject([{ title: "Payouts connected", content: PaymentCopy.payoutsConnected }]);
    // Stripe doesn't promise order: an older update arriving late changes nothing.
    const stale = accountUpdatedEvent("acct_c1", p.userId, false, Date.now() - 60_000);
    expect((await postTo(t, "/stripe/connect-webhook", stale, localConnectWebhookSecret()!)).status).toBe(200);
    expect((await userRow(t, p.userId)).payoutsEnabled).toBe(true);
  });

  test("with Stripe keys: the Connect endpoint checks STRIPE_CONNECT_WEBHOOK_SECRET (503 while unset), the platform's STRIPE_WEBHOOK_SECRET", async () => {
    const t = newTest();
    const p = await pro(t);
    process.env.STRIPE_SECRET_KEY = "sk_test_never_called";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_platform_endpoint";
    const event = accountUpdatedEvent("acct_c2", p.userId, true, Date.now());
    expect((await postTo(t, "/stripe/connect-webhook", event, "whsec_connect_endpoint")).status).toBe(503);
    process.env.STRIPE_CONNECT_WEBHOOK_SECRET = "whsec_connect_endpoint";
    expect((await postTo(t, "/stripe/webhook", event, "whsec_platform_endpoint")).status).toBe(400);
    expect((await postTo(t, "/stripe/connect-webhook", event, "whsec_platform_endpoint")).status).toBe(400);
    expect((await userRow(t, p.userId)).payoutsEnabled).toBeUndefined();
    expect((await postTo(t, "/stripe/connect-webhook", event, "whsec_connect_endpoint")).status).toBe(200);
    expect((await userRow(t, p.userId)).payoutsEnabled).toBe(true);
  });

  test("the local gateway delivers the onboarding's account.updated to the Connect endpoint, as Stripe does", async () => {
    const t = newTest();
    serveSiteUrl(t);
    const served = globalThis.fetch;
    const paths: string[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return await served(input, init);
    });
    const p = await pro(t);
    const { url } = await p.as.action(api.payments.jobs.connectPayouts, {});
    await p.as.action(api.payments.local.finishOnboarding, { sessionId: url.split("/").pop()! });
    // Delivered twice: Stripe's at-least-once, as the local gateway plays it.
    expect(paths).toEqual(["/stripe/connect-webhook", "/stripe/connect-webhook"]);
    expect((await userRow(t, p.userId)).payoutsEnabled).toBe(true);
  });
});

describe("funding doesn't wait for the payout account; the release does", () => {
  test("the owner funds before the pro connects; the release waits, visibly; the pro is told; account.updated sends it", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const { o, p, jobId } = await hireUnconnected(t);
    expect(await titles(p)).toContain("Connect a payout account");
    // Funding: the real checkout, its signed events, held by the platform.
    const { url } = await o.as.action(api.payments.jobs.fund, { jobId });
    const paid = await t.mutation(internal.payments.local.completeJobCheckout, { viewerId: o.userId, sessionId: url.split("/").pop()!, card: GOOD_CARD });
    await deliver(t, paid.events);
    expect(await paymentOf(t, jobId)).toMatchObject({ state: "funded", fundedCents: 90_000 });
    expect(await o.as.query(api.payments.jobs.forJob, { jobId })).toMatchObject({ state: "funded", proPayoutsReady: false });

    await startSubmitApprove(t, o, p, jobId);
    const payment = await paymentOf(t, jobId);
    expect(payment).toMatchObject({ state: "released", releasedCents: 90_000 });
    expect(payment.transferId).toBeUndefined();
    // Waiting: not tried, no tries spent, nothing sent, no admin alert, not "delayed".
    const [move] = await movesOf(t, payment._id);
    expect(move).toMatchObject({ kind: "transfer", status: "waiting", waitingFor: p.userId, payoutReminders: 0 });
    expect(move!.attempts ?? 0).toBe(0);
    expect(move!.error).toBeUndefined();
    expect(await localTransfers(t)).toEqual([]);
    const admin = await owner(t, { role: "admin", firstName: "Ada" });
    expect(await admin.as.query(api.admin.moneyMoves.listFailed, {})).toEqual([]);
    for (const side of [o, p]) {
      expect(await side.as.query(api.payments.jobs.forJob, { jobId })).toMatchObject({ state: "released", payoutWaitingCents: 90_000, delayed: [] });
    }
    expect((await p.as.query(api.payments.jobs.earnings, {})).jobs).toMatchObject([{ jobId, payoutWaiting: true, payoutDelayed: false }]);
    // The pro is told once (a stray run of the move changes nothing).
    await t.action(internal.payments.moves.execute, { moveId: move!._id });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await titles(p)).filter((x) => x === PaymentCopy.payoutWaitingTitle)).toHaveLength(1);
    expect((await movesOf(t, payment._id))[0]!.status).toBe("waiting");

    // The pro connects: account.updated on the Connect endpoint sends the transfer at once.
    const { accountId, events } = await onboard(t, p);
    await deliver(t, events);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const after = await paymentOf(t, jobId);
    expect(after.transferId).toMatch(/^tr_local_/);
    expect((await movesOf(t, payment._id)).map((m) => [m.kind, m.status, m.attempts ?? 0])).toEqual([["transfer", "done", 0]]);
    expect((await localTransfers(t)).map((m) => [m.amountCents, m.reference, m.idempotencyKey])).toEqual([[90_000, accountId, move!.idempotencyKey]]);
    expect(await o.as.query(api.payments.jobs.forJob, { jobId })).toMatchObject({ payoutWaitingCents: 0, delayed: [] });
    expect((await notesOf(p)).find((n) => n.title === "Payouts connected")?.content).toBe(PaymentCopy.payoutsConnectedWithWaiting(1));
  });

  test("the return from onboarding re-reads the account: a lost account.updated doesn't hold the payout", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const { o, p, payment } = await releasedWaiting(t);
    await expect(o.as.action(api.payments.jobs.refreshPayouts, {})).rejects.toThrow(/Only professionals/);
    expect(await p.as.action(api.payments.jobs.refreshPayouts, {})).toEqual({ connected: false, payoutsEnabled: false });
    // Onboarding finished on the gateway's side; its account.updated never arrives.
    const { events } = await onboard(t, p);
    expect((await userRow(t, p.userId)).payoutsEnabled).toBe(false);
    expect(await p.as.action(api.payments.jobs.refreshPayouts, {})).toEqual({ connected: true, payoutsEnabled: true });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await movesOf(t, payment._id)).map((m) => [m.kind, m.status])).toEqual([["transfer", "done"]]);
    expect(await localTransfers(t)).toHaveLength(1);
    // The event arrives after all: nothing more moves.
    vi.advanceTimersByTime(5_000);
    await deliver(t, events);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await localTransfers(t)).toHaveLength(1);
  });

  test("the daily reminder: one a day per professional, a week at most; an account enabled meanwhile gets its transfers", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const { p } = await releasedWaiting(t);
    for (let day = 0; day < PAYOUT_REMINDERS_MAX + 2; day++) {
      const { reminded } = await t.mutation(internal.payments.jobs.remindWaitingPayouts, {});
      expect(reminded).toBe(day < PAYOUT_REMINDERS_MAX ? 1 : 0);
    }
    // The first notice when it started waiting, then the week of reminders.
    expect((await titles(p)).filter((x) => x === PaymentCopy.payoutWaitingTitle)).toHaveLength(1 + PAYOUT_REMINDERS_MAX);

    // Another pro's payouts turned on without the app hearing of it: the next pass sends the transfer.
    vi.useRealTimers();
    vi.useFakeTimers();
    const u = newTest();
    const w = await releasedWaiting(u);
    await u.run((ctx) => ctx.db.patch("users", w.p.userId, { stripeConnectAccountId: "acct_test_pro", payoutsEnabled: true }));
    await u.run((ctx) =>
      ctx.db.insert("localMoneyMoves", { kind: "account", objectId: "acct_test_pro", idempotencyKey: "test:acct", amountCents: 0, payoutsEnabled: true }),
    );
    expect(await u.mutation(internal.payments.jobs.remindWaitingPayouts, {})).toEqual({ reminded: 0, released: 1 });
    await u.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await movesOf(u, w.payment._id)).map((m) => [m.kind, m.status])).toEqual([["transfer", "done"]]);
  });

  test("an admin refund after release cancels a transfer still waiting for payouts: nothing to reverse", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const { jobId, payment } = await releasedWaiting(t);
    const admin = await owner(t, { role: "admin", firstName: "Ada" });
    await admin.as.mutation(api.admin.moneyMoves.refundReleased, { job: jobId, note: "Never connected; refunding" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await paymentOf(t, jobId)).toMatchObject({ state: "refunded", releasedCents: 0, refundedCents: 90_000 });
    expect((await movesOf(t, payment._id)).map((m) => [m.kind, m.status])).toEqual([
      ["transfer", "cancelled"],
      ["refund", "done"],
    ]);
    expect(await localTransfers(t)).toEqual([]);
  });
});
