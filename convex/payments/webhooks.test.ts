import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { SubscribeCopy } from "../../common/plans";
import { api, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { newTest, pro, useFakeTime, userRow, type TestConvex } from "../test.setup";
import { LOCAL_PERIOD_MS } from "./local";
import { zipToPoint } from "../model/geo";
import { matchingProfessionals } from "../model/professionals";
import {
  checkoutSessionObject,
  deliveryPlan,
  invoiceObject,
  stripeEvent,
  subscriptionObject,
  type LocalEvent,
  type LocalSubscriptionState,
} from "./events";
import { localWebhookSecret, stripeClient } from "./gateway";

const DAY = 24 * 60 * 60_000;
const GOOD_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

beforeEach(() => {
  // Local payments mode: a local deployment without STRIPE_SECRET_KEY.
  process.env.RAFTER_LOCAL = "1";
  // A local subscription schedules its period's end 30 days ahead; with real timers that delay
  // overflows and fires at once, after the test has ended. Stepped fake time keeps it in the future.
  useFakeTime();
  delete process.env.STRIPE_SECRET_KEY;
});
afterEach(() => {
  delete process.env.RAFTER_LOCAL;
  vi.useRealTimers();
});

async function signed(event: LocalEvent, secret = localWebhookSecret()!) {
  const payload = JSON.stringify(event);
  const signature = await stripeClient().webhooks.generateTestHeaderStringAsync({ payload, secret });
  return { payload, signature };
}

async function post(t: TestConvex, event: LocalEvent, secret?: string) {
  const { payload, signature } = await signed(event, secret);
  return await t.fetch("/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

function subscription(userId: Id<"users">, overrides: Partial<LocalSubscriptionState> = {}): LocalSubscriptionState {
  const now = Date.now();
  return {
    subscriptionId: "sub_test_1",
    customerId: "cus_test_1",
    userId,
    planId: "pro",
    status: "trialing",
    currentPeriodEnd: now + 14 * DAY,
    trialEnd: now + 14 * DAY,
    cancelAtPeriodEnd: false,
    ...overrides,
  };
}

describe("the payments webhook", () => {
  test("refuses a missing or bad signature with 400, and changes nothing", async () => {
    const t = newTest();
    const member = await pro(t);
    const event = stripeEvent("customer.subscription.created", subscriptionObject(subscription(member.userId)), Date.now());
    expect((await post(t, event, "whsec_someone_else")).status).toBe(400);
    const unsigned = await t.fetch("/stripe/webhook", { method: "POST", body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    const { payload, signature } = await signed(event);
    const tampered = await t.fetch("/stripe/webhook", {
      method: "POST",
      headers: { "Stripe-Signature": signature },
      body: payload.replace('"pro"', '"enterprise"'),
    });
    expect(tampered.status).toBe(400);
    expect((await userRow(t, member.userId)).subscriptionTier).toBeUndefined();
  });

  test("a checkout, its subscription and invoice put the member on the plan, trialing", async () => {
    const t = newTest();
    const member = await pro(t);
    const state = subscription(member.userId);
    const now = Date.now();
    for (const event of [
      stripeEvent("checkout.session.completed", checkoutSessionObject("cs_1", state), now),
      stripeEvent("customer.subscription.created", subscriptionObject(state), now),
      stripeEvent("invoice.paid", invoiceObject(state, true), now),
    ]) {
      expect((await post(t, event)).status).toBe(200);
    }
    const user = await userRow(t, member.userId);
    expect(user).toMatchObject({
      subscriptionTier: "pro",
      subscriptionStatus: "trialing",
      stripeCustomerId: "cus_test_1",
      stripeSubscriptionId: "sub_test_1",
      trialUsed: true,
    });
    expect(user.trialEndsAt).toBe(Math.floor(state.trialEnd! / 1000) * 1000);
    expect(user.subscriptionEndsAt).toBeUndefined();
    expect(await member.as.query(api.payments.subscriptions.mine, {})).toMatchObject({ tier: "pro", live: true, canManage: true, trialAvailable: false });
  });

  test("a replayed event is applied once", async () => {
    const t = newTest();
    const member = await pro(t);
    const created = stripeEvent("customer.subscription.created", subscriptionObject(subscription(member.userId)), Date.now());
    await post(t, created);
    // The member's plan moves on (a later cancellation), then the old event comes again.
    const later = stripeEvent(
      "customer.subscription.deleted",
      subscriptionObject(subscription(member.userId, { status: "canceled", endedAt: Date.now() + 1000 })),
      Date.now() + 2000,
    );
    await post(t, later);
    expect((await post(t, created)).status).toBe(200);
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "basic", subscriptionStatus: "canceled" });
    const rows = await t.run((ctx) => ctx.db.query("paymentEvents").withIndex("by_eventId", (q) => q.eq("eventId", created.id)).collect());
    expect(rows).toHaveLength(1);
  });

  test("an update that arrives before its created ends in the update's state", async () => {
    const t = newTest();
    const member = await pro(t);
    const now = Date.now();
    const state = subscription(member.userId, { status: "active", trialEnd: undefined, currentPeriodEnd: now + 30 * DAY });
    const created = stripeEvent("customer.subscription.created", subscriptionObject(state), now);
    const canceled = stripeEvent("customer.subscription.updated", subscriptionObject({ ...state, cancelAtPeriodEnd: true }), now + 5000);
    await post(t, canceled);
    await post(t, created);
    const user = await userRow(t, member.userId);
    expect(user).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "active" });
    expect(user.subscriptionEndsAt).toBe(Math.floor(state.currentPeriodEnd / 1000) * 1000);
  });

  test("payment failure makes the plan past due (kept), payment puts it right", async () => {
    const t = newTest();
    const member = await pro(t);
    const state = subscription(member.userId, { status: "active", trialEnd: undefined });
    await post(t, stripeEvent("customer.subscription.created", subscriptionObject(state), Date.now()));
    await post(t, stripeEvent("invoice.payment_failed", invoiceObject(state, false), Date.now()));
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "past_due" });
    await post(t, stripeEvent("invoice.paid", invoiceObject(state, true), Date.now()));
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "active" });
  });

  test("an old subscription's late deletion leaves the member's new plan alone", async () => {
    const t = newTest();
    const member = await pro(t);
    const now = Date.now();
    await post(t, stripeEvent("customer.subscription.created", subscriptionObject(subscription(member.userId, { subscriptionId: "sub_new", planId: "pro_plus", status: "active" })), now));
    await post(
      t,
      stripeEvent("customer.subscription.deleted", subscriptionObject(subscription(member.userId, { status: "canceled", endedAt: now })), now + 1000),
    );
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "pro_plus", stripeSubscriptionId: "sub_new" });
  });
});

describe("checkout", () => {
  test("signed out: Authentication Required", async () => {
    const t = newTest();
    await expect(t.action(api.payments.subscriptions.checkout, { planId: "pro" })).rejects.toThrow(SubscribeCopy.authRequired);
  });

  test("Basic on Basic says so; a paid plan gives the local checkout, with the trial, returning in the app only", async () => {
    const t = newTest();
    const member = await pro(t);
    await expect(member.as.action(api.payments.subscriptions.checkout, { planId: "basic" })).rejects.toThrow(SubscribeCopy.alreadyBasic);
    const { url } = await member.as.action(api.payments.subscriptions.checkout, { planId: "pro", successUrl: "https://evil.example/x" });
    const sessionId = /\/pay\/checkout\/([^/?#]+)$/.exec(url)?.[1];
    expect(url.startsWith("http://localhost:5173/pay/checkout/")).toBe(true);
    const session = await member.as.query(api.payments.local.session, { sessionId: sessionId! });
    expect(session).toMatchObject({ kind: "checkout", status: "open", planId: "pro", trialDays: 14 });
    const row = await t.run((ctx) => ctx.db.get("localPaymentSessions", sessionId as Id<"localPaymentSessions">));
    expect(row?.successUrl).toBe("http://localhost:5173/dashboard?subscription=success");
    // Someone else's session is not theirs to see or pay.
    const other = await pro(t);
    expect(await other.as.query(api.payments.local.session, { sessionId: sessionId! })).toBeNull();
    await expect(
      t.mutation(internal.payments.local.completeCheckout, { viewerId: other.userId, sessionId: sessionId!, card: GOOD_CARD }),
    ).rejects.toThrow(SubscribeCopy.checkoutGone);
  });

  test("the local checkout checks the card, and its events fulfil through the webhook; the period end cancels", async () => {
    const t = newTest();
    const member = await pro(t);
    const { url } = await member.as.action(api.payments.subscriptions.checkout, { planId: "pro" });
    const sessionId = url.split("/").pop()!;
    const pay = (card: typeof GOOD_CARD) =>
      t.mutation(internal.payments.local.completeCheckout, { viewerId: member.userId, sessionId, card });
    await expect(pay({ ...GOOD_CARD, number: "4242 4242 4242 4241" })).rejects.toThrow(SubscribeCopy.cardInvalid);
    await expect(pay({ ...GOOD_CARD, expiry: "01/20" })).rejects.toThrow(SubscribeCopy.cardInvalid);
    await expect(pay({ ...GOOD_CARD, number: "4000 0000 0000 0002" })).rejects.toThrow(SubscribeCopy.cardDeclined);
    const { redirect, events } = await pay(GOOD_CARD);
    expect(redirect).toBe("http://localhost:5173/dashboard?subscription=success");
    expect((events as LocalEvent[]).map((e) => e.type)).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
    for (const event of events as LocalEvent[]) await post(t, event);
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "trialing" });
    // Paid once: the session is complete.
    await expect(pay(GOOD_CARD)).rejects.toThrow(SubscribeCopy.checkoutGone);

    // The portal sets cancellation at the period's end; the end date shows.
    const portal = await member.as.action(api.payments.subscriptions.portal, {});
    const portalId = portal.url.split("/").pop()!;
    const update = await t.mutation(internal.payments.local.changeSubscription, {
      viewerId: member.userId,
      sessionId: portalId,
      change: { kind: "cancel" },
    });
    for (const event of update as LocalEvent[]) await post(t, event);
    const mine = await member.as.query(api.payments.subscriptions.mine, {});
    expect(mine?.endsAt).not.toBeNull();
    expect(mine?.tier).toBe("pro");

    // The trial's end comes: the subscription set to cancel ends, and the member is on Basic.
    const sub = (await t.run((ctx) => ctx.db.query("localSubscriptions").collect()))[0]!;
    const ended = await t.mutation(internal.payments.local.rollPeriod, { subscriptionId: sub.subscriptionId, periodEnd: sub.currentPeriodEnd });
    expect((ended as LocalEvent[]).map((e) => e.type)).toEqual(["customer.subscription.deleted"]);
    for (const event of ended as LocalEvent[]) await post(t, event);
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "basic", subscriptionStatus: "canceled" });
    // Rolling the same period again does nothing.
    expect(await t.mutation(internal.payments.local.rollPeriod, { subscriptionId: sub.subscriptionId, periodEnd: sub.currentPeriodEnd })).toEqual([]);
    // A second paid plan has no trial.
    const again = await member.as.action(api.payments.subscriptions.checkout, { planId: "pro_plus" });
    expect(await member.as.query(api.payments.local.session, { sessionId: again.url.split("/").pop()! })).toMatchObject({ trialDays: 0 });
    expect(LOCAL_PERIOD_MS).toBe(30 * DAY);
  });
});

describe("plan limits", () => {
  async function areas(t: TestConvex, userId: Id<"users">) {
    const rows = await t.run((ctx) => ctx.db.query("serviceAreas").withIndex("by_userId", (q) => q.eq("userId", userId)).collect());
    return rows.map((r) => r.category).sort();
  }

  test("Basic is matched in one service listing (the primary profession's); Pro in all; a downgrade keeps the professions", async () => {
    const t = newTest();
    const member = await pro(t, { professions: ["electrician", "landscaper"], primaryProfession: "electrician" });
    const basic = await areas(t, member.userId);
    expect(basic).toEqual(["electrical", "electrical_plumbing"]);
    expect(await member.as.query(api.payments.subscriptions.listings, {})).toMatchObject({
      offered: ["construction_renovation", "landscaping_exterior"],
      listed: ["construction_renovation"],
      tier: "basic",
    });

    const state = subscription(member.userId, { status: "active", trialEnd: undefined });
    await post(t, stripeEvent("customer.subscription.created", subscriptionObject(state), Date.now()));
    const onPro = await areas(t, member.userId);
    expect(onPro).toEqual(expect.arrayContaining([...basic, "landscaping", "landscaping_exterior"]));
    expect((await member.as.query(api.payments.subscriptions.listings, {}))?.listed).toHaveLength(2);

    await post(t, stripeEvent("customer.subscription.deleted", subscriptionObject({ ...state, status: "canceled", endedAt: Date.now() }), Date.now() + 2000));
    expect(await areas(t, member.userId)).toEqual(basic);
    expect((await userRow(t, member.userId)).professions).toEqual(["electrician", "landscaper"]);
  });
});

describe("priority placement (Pro+ and Enterprise)", () => {
  test("quote routing counts them 5 miles nearer, among those who already match; never past a nearer match by more", async () => {
    const t = newTest();
    const near = await pro(t, { zipCode: "78705", firstName: "Near" }); // 1.3 mi from 78701
    const boosted = await pro(t, { zipCode: "78746", firstName: "Boosted" }); // 4.8 mi
    const far = await pro(t, { zipCode: "78660", firstName: "Far" }); // 13.6 mi
    for (const [member, id] of [
      [boosted, "sub_boosted"],
      [far, "sub_far"],
    ] as const) {
      const state = subscription(member.userId, { subscriptionId: id, customerId: `cus_${id}`, planId: "pro_plus", status: "active", trialEnd: undefined });
      await post(t, stripeEvent("customer.subscription.created", subscriptionObject(state), Date.now()));
    }
    const order = await t.run(async (ctx) =>
      (await matchingProfessionals(ctx, "electrical", zipToPoint("78701")!, 10)).map((m) => m.userId),
    );
    // 4.8 - 5 < 1.3: the Pro+ member 3.5 miles farther comes first; 13.6 - 5 is still farther than 1.3.
    expect(order).toEqual([boosted.userId, near.userId, far.userId]);
  });
});

describe("a card whose charges fail", () => {
  const FAILING = { number: "4000 0000 0000 0341", expiry: "12/34", cvc: "123" };

  test("a trial's renewal goes past due (the plan kept), and Update card pays it", async () => {
    const t = newTest();
    const member = await pro(t);
    const { url } = await member.as.action(api.payments.subscriptions.checkout, { planId: "pro" });
    const paid = await t.mutation(internal.payments.local.completeCheckout, {
      viewerId: member.userId,
      sessionId: url.split("/").pop()!,
      card: FAILING,
    });
    for (const { event } of deliveryPlan(paid.events as LocalEvent[], "strict")) await post(t, event);
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "trialing" });

    const sub = (await t.run((ctx) => ctx.db.query("localSubscriptions").collect()))[0]!;
    const renewal = await t.mutation(internal.payments.local.rollPeriod, { subscriptionId: sub.subscriptionId, periodEnd: sub.currentPeriodEnd });
    expect((renewal as LocalEvent[]).map((e) => e.type)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    for (const { event } of deliveryPlan(renewal as LocalEvent[], "strict")) await post(t, event);
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "past_due" });

    const portal = (await member.as.action(api.payments.subscriptions.portal, {})).url.split("/").pop()!;
    const fix = (card: typeof FAILING) =>
      t.mutation(internal.payments.local.replaceCard, { viewerId: member.userId, sessionId: portal, card });
    await expect(fix(FAILING)).rejects.toThrow(SubscribeCopy.cardDeclined);
    const fixed = await fix(GOOD_CARD);
    for (const { event } of deliveryPlan(fixed as LocalEvent[], "strict")) await post(t, event);
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "active" });
  });

  test("without a trial the first payment fails: incomplete, no paid plan in force, nothing ended", async () => {
    const t = newTest();
    const member = await pro(t, { trialUsed: true });
    const { url } = await member.as.action(api.payments.subscriptions.checkout, { planId: "pro_plus" });
    const paid = await t.mutation(internal.payments.local.completeCheckout, {
      viewerId: member.userId,
      sessionId: url.split("/").pop()!,
      card: FAILING,
    });
    expect((paid.events as LocalEvent[]).map((e) => e.type)).toContain("invoice.payment_failed");
    for (const { event } of deliveryPlan(paid.events as LocalEvent[], "strict")) await post(t, event);
    const user = await userRow(t, member.userId);
    expect(user).toMatchObject({ subscriptionTier: "basic", subscriptionStatus: "incomplete" });
    expect(user.subscriptionEndsAt).toBeUndefined();
    expect(await member.as.query(api.payments.subscriptions.mine, {})).toMatchObject({ live: false, canManage: true });
  });

  // Stripe sends the checkout's events in no set order: the failed first invoice may come before the
  // subscription it is for. Either way the member ends incomplete and is told the payment failed.
  for (const mode of ["strict", "ordered"] as const) {
    test(`a failed first payment is told whichever event comes first (${mode})`, async () => {
      const t = newTest();
      const member = await pro(t, { trialUsed: true, subscriptionStatus: "canceled", stripeSubscriptionId: "sub_local_old", subscriptionEventAt: 1 });
      const { url } = await member.as.action(api.subscriptions.checkout, { planId: "pro" });
      const paid = await t.mutation(internal.payments.local.completeCheckout, { viewerId: member.userId, sessionId: url.split("/").pop()!, card: FAILING });
      for (const { event } of deliveryPlan(paid.events as LocalEvent[], mode)) await post(t, event);
      expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "basic", subscriptionStatus: "incomplete" });
      const notes = (await member.as.query(api.notifications.list, { paginationOpts: { numItems: 50, cursor: null } })).page as { title: string }[];
      expect(notes.filter((n) => n.title === "Payment failed")).toHaveLength(1);
    });
  }
});
