// Subscriptions as Stripe runs them (model/billing.ts): the tier follows the price being paid,
// whatever the subscription's metadata says, through portal switches and events that arrive twice
// or out of order; and the local Stripe's own pages exist only where payments run locally.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { SubscribeCopy } from "../../common/plans";
import { LAUNCH_PROMO, LAUNCH_PROMO_KEY } from "../../common/promo";
import { api, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { markAccountDeleted } from "../model/accountDeletion";
import { promoSubscriptionId } from "./model/launchPromotion";
import { createUser, errorOf, newTest, pro, serveSiteUrl, useFakeTime, userRow, type TestConvex, postStripeEvent } from "../test.setup";
import { deliveryPlan, invoiceObject, stripeEvent, subscriptionObject, type LocalEvent, type LocalSubscriptionState } from "./events";
import * as localModule from "./local";
import { INCOMPLETE_LIFE_MS } from "./local";
import { priceLookupKey } from "./gateway";

const DAY = 24 * 60 * 60_000;
const GOOD_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

beforeEach(() => {
  // Local payments mode: a local deployment without STRIPE_SECRET_KEY.
  process.env.RAFTER_LOCAL = "1";
  delete process.env.STRIPE_SECRET_KEY;
  // Local subscriptions schedule their period's end 30 days ahead: stepped fake time keeps it there.
  useFakeTime();
});
afterEach(() => {
  delete process.env.RAFTER_LOCAL;
  delete process.env.STRIPE_SECRET_KEY;
  vi.useRealTimers();
});

async function post(t: TestConvex, event: LocalEvent) {
  expect((await postStripeEvent(t, event)).status).toBe(200);
}

/** A batch as the local gateway (and Stripe) delivers it: out of order, every event twice. */
async function postAll(t: TestConvex, events: readonly unknown[]) {
  for (const { event } of deliveryPlan(events as readonly LocalEvent[], "strict")) await post(t, event);
}

type SubscriptionJson = {
  metadata: Record<string, string>;
  items: { data: { id: string; price: { id: string; lookup_key: string } }[] };
};
const subscriptionIn = (event: unknown) => (event as { data: { object: SubscriptionJson } }).data.object;

/** A member who paid a local checkout for `planId` (its events applied), and their portal session. */
async function subscribed(t: TestConvex, planId: "pro" | "pro_plus" | "enterprise") {
  const member = await pro(t);
  const { url } = await member.as.action(api.payments.subscriptions.checkout, { planId });
  const paid = await t.mutation(internal.payments.local.completeCheckout, {
    viewerId: member.userId,
    sessionId: url.split("/").pop()!,
    card: GOOD_CARD,
  });
  await postAll(t, paid.events);
  const portal = (await member.as.action(api.payments.subscriptions.portal, {})).url.split("/").pop()!;
  const change = (change: { kind: "switch"; planId: "pro" | "pro_plus" | "enterprise" } | { kind: "cancel" } | { kind: "resume" }) =>
    t.mutation(internal.payments.local.changeSubscription, { viewerId: member.userId, sessionId: portal, change });
  return { member, portal, change };
}

describe("a plan switched in the Customer Portal", () => {
  test("the local portal changes the item's price and leaves the checkout's metadata, as Stripe does", async () => {
    const t = newTest();
    const { member, change } = await subscribed(t, "enterprise");
    expect((await userRow(t, member.userId)).subscriptionTier).toBe("enterprise");
    const before = (await t.run((ctx) => ctx.db.query("localSubscriptions").first()))!;

    const down = await change({ kind: "switch", planId: "pro" });
    const sub = subscriptionIn(down[0]);
    expect(sub.metadata.planId).toBe("enterprise");
    expect(sub.items.data[0]!.id).toBe(`si_${before.subscriptionId.slice(4)}`);
    expect(sub.items.data[0]!.price).toMatchObject({ id: "price_local_pro", lookup_key: priceLookupKey("pro") });
    await postAll(t, down);
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "trialing" });

    await vi.advanceTimersByTimeAsync(2000);
    const up = await change({ kind: "switch", planId: "pro_plus" });
    expect(subscriptionIn(up[0]).metadata.planId).toBe("enterprise");
    await postAll(t, up);
    expect((await userRow(t, member.userId)).subscriptionTier).toBe("pro_plus");
  });

  test("the webhook takes the tier from the price being paid, never from the subscription's metadata", async () => {
    const t = newTest();
    const member = await pro(t);
    const now = Date.now();
    const state: LocalSubscriptionState = {
      subscriptionId: "sub_switch",
      customerId: "cus_switch",
      userId: member.userId,
      planId: "enterprise",
      status: "active",
      currentPeriodEnd: now + 30 * DAY,
      cancelAtPeriodEnd: false,
    };
    await post(t, stripeEvent("customer.subscription.created", subscriptionObject(state), now));
    expect((await userRow(t, member.userId)).subscriptionTier).toBe("enterprise");
    // A downgrade in Stripe's portal: the price is Pro's now; the metadata still says Enterprise.
    await post(t, stripeEvent("customer.subscription.updated", subscriptionObject({ ...state, planId: "pro", checkoutPlanId: "enterprise" }), now + 2000));
    expect((await userRow(t, member.userId)).subscriptionTier).toBe("pro");
  });

  test("a price without a lookup key is still known by the plan its own metadata names", async () => {
    const t = newTest();
    const member = await pro(t);
    const now = Date.now();
    const object = subscriptionObject({
      subscriptionId: "sub_old_price",
      customerId: "cus_old_price",
      userId: member.userId,
      planId: "pro_plus",
      status: "active",
      currentPeriodEnd: now + 30 * DAY,
      cancelAtPeriodEnd: false,
    });
    // The price was replaced (scripts/stripe-setup.ts moves the lookup key to the new one); this member keeps the old.
    const item = object.items.data[0]!;
    const oldPrice = { ...object, items: { ...object.items, data: [{ ...item, price: { ...item.price, id: "price_old", lookup_key: null } }] } };
    await post(t, stripeEvent("customer.subscription.created", oldPrice, now));
    expect((await userRow(t, member.userId)).subscriptionTier).toBe("pro_plus");
  });
});


describe("the billing rules tell the member", () => {
  test("once per change: the plan, a switch, a cancellation, the end; a replay tells nothing", async () => {
    const t = newTest();
    const { member, change } = await subscribed(t, "pro");
    await vi.advanceTimersByTimeAsync(2000);
    const up = await change({ kind: "switch", planId: "pro_plus" });
    await postAll(t, [...up, ...up]);
    await vi.advanceTimersByTimeAsync(2000);
    await postAll(t, await change({ kind: "cancel" }));
    const sub = (await t.run((ctx) => ctx.db.query("localSubscriptions").first()))!;
    await postAll(t, await t.mutation(internal.payments.local.rollPeriod, { subscriptionId: sub.subscriptionId, periodEnd: sub.currentPeriodEnd }));
    const told = await t.run((ctx) => ctx.db.query("notifications").withIndex("by_userId", (q) => q.eq("userId", member.userId)).take(20));
    expect(told.map((n) => n.title)).toEqual(["You're on Pro Profile", "You're on Pro+ Leads", "Cancellation scheduled", "Your plan has ended"]);
    expect(told[0]!.content).toContain("Your free trial has started.");
  });
});

describe("a first payment that fails", () => {
  test("never puts the plan in force: no period rolls it to past due; after 23 hours it expires, as Stripe's does", async () => {
    const t = newTest();
    const member = await pro(t, { trialUsed: true });
    const { url } = await member.as.action(api.payments.subscriptions.checkout, { planId: "pro_plus" });
    const paid = await t.mutation(internal.payments.local.completeCheckout, {
      viewerId: member.userId,
      sessionId: url.split("/").pop()!,
      card: { number: "4000 0000 0000 0341", expiry: "12/34", cvc: "123" },
    });
    await postAll(t, paid.events);
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "basic", subscriptionStatus: "incomplete" });
    const sub = (await t.run((ctx) => ctx.db.query("localSubscriptions").first()))!;
    const deadline = await t.run(async (ctx) => (await ctx.db.system.query("_scheduled_functions").take(20)).filter((f) => f.name.startsWith("payments/local:")));
    expect(deadline.map((f) => [f.name, f.scheduledTime - Date.now()])).toEqual([["payments/local:incompleteDeadline", INCOMPLETE_LIFE_MS]]);

    // Stripe never bills an incomplete subscription's period: nothing comes of its end.
    expect(await t.mutation(internal.payments.local.rollPeriod, { subscriptionId: sub.subscriptionId, periodEnd: sub.currentPeriodEnd })).toEqual([]);
    const expired = await t.mutation(internal.payments.local.expireIncomplete, { subscriptionId: sub.subscriptionId });
    expect(subscriptionIn(expired[0]) as unknown).toMatchObject({ status: "incomplete_expired" });
    await postAll(t, expired);
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "basic", subscriptionStatus: "canceled" });
    // Expired is terminal: the card can't be fixed on it any more, and a new checkout is open.
    const portal = (await member.as.action(api.payments.subscriptions.portal, {})).url.split("/").pop()!;
    await expect(t.mutation(internal.payments.local.replaceCard, { viewerId: member.userId, sessionId: portal, card: GOOD_CARD })).rejects.toThrow();
    expect((await member.as.action(api.payments.subscriptions.checkout, { planId: "pro" })).url).toMatch(/\/pay\/checkout\//);
  });
});

describe("news out of order", () => {
  test("a failed renewal's late news doesn't undo the card fix that followed it", async () => {
    const t = newTest();
    const member = await pro(t);
    const now = Date.now();
    const state: LocalSubscriptionState = {
      subscriptionId: "sub_late",
      customerId: "cus_late",
      userId: member.userId,
      planId: "pro",
      status: "active",
      currentPeriodEnd: now + 30 * DAY,
      cancelAtPeriodEnd: false,
    };
    await post(t, stripeEvent("customer.subscription.created", subscriptionObject(state), now));
    // The renewal fails (2 s on), the member fixes the card (4 s on); the failure's invoice comes last.
    const failed = stripeEvent("invoice.payment_failed", invoiceObject({ ...state, status: "past_due" }, false), now + 2000);
    const pastDue = stripeEvent("customer.subscription.updated", subscriptionObject({ ...state, status: "past_due" }), now + 2000);
    const fixed = { ...state, currentPeriodEnd: now + 4000 + 30 * DAY };
    await post(t, pastDue);
    await post(t, stripeEvent("customer.subscription.updated", subscriptionObject(fixed), now + 4000));
    await post(t, stripeEvent("invoice.paid", invoiceObject(fixed, true), now + 4000));
    await post(t, failed);
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "active" });
  });
});

describe("the launch promotion and a plan bought over it", () => {
  test("the bought plan wins (even from a Stripe clock a little behind), and the grant's end leaves it alone", async () => {
    const t = newTest();
    await t.mutation(internal.promotions.upsert, { ...LAUNCH_PROMO, key: LAUNCH_PROMO_KEY, endsAt: Date.now() + 30 * DAY });
    const member = await createUser(t, { userType: "professional", professions: [] });
    await member.as.mutation(api.users.completeProfessionSetup, { professions: ["plumber"], primaryProfession: "plumber" });
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "pro", stripeSubscriptionId: promoSubscriptionId(member.userId) });

    const now = Date.now();
    const bought: LocalSubscriptionState = {
      subscriptionId: "sub_bought",
      customerId: "cus_bought",
      userId: member.userId,
      planId: "pro_plus",
      status: "active",
      currentPeriodEnd: now + 30 * DAY,
      cancelAtPeriodEnd: false,
    };
    await post(t, stripeEvent("customer.subscription.created", subscriptionObject(bought), now - 3000));
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "pro_plus", stripeSubscriptionId: "sub_bought" });

    const grantEnd = await t.run(async (ctx) => (await ctx.db.system.query("_scheduled_functions").take(20)).find((f) => f.name.includes("endLaunchGrant")));
    const { periodEnd } = grantEnd!.args[0] as { periodEnd: number };
    vi.setSystemTime(periodEnd);
    await t.mutation(internal.promotions.endLaunchGrant, { userId: member.userId, periodEnd });
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "pro_plus", subscriptionStatus: "active", stripeSubscriptionId: "sub_bought" });
  });
});

describe("the launch promotion's grant when its member deletes the account", () => {
  test("ends here, on Basic; no gateway is asked to cancel a subscription it never had", async () => {
    const t = newTest();
    await t.mutation(internal.promotions.upsert, { ...LAUNCH_PROMO, key: LAUNCH_PROMO_KEY, endsAt: Date.now() + 30 * DAY });
    const member = await createUser(t, { userType: "professional", professions: [] });
    await member.as.mutation(api.users.completeProfessionSetup, { professions: ["plumber"], primaryProfession: "plumber" });
    expect((await userRow(t, member.userId)).subscriptionTier).toBe("pro");
    await t.run(async (ctx) => {
      await markAccountDeleted(ctx, (await ctx.db.get("users", member.userId))!);
    });
    expect(await userRow(t, member.userId)).toMatchObject({ subscriptionTier: "basic", subscriptionStatus: "canceled" });
    const scheduled = await t.run((ctx) => ctx.db.system.query("_scheduled_functions").take(50));
    expect(scheduled.map((f) => f.name)).not.toContain("accountDeletion:cancelSubscription");
  });
});

describe("the local Stripe's public functions", () => {
  /** One open session of each kind, the member's own. */
  async function sessions(t: TestConvex, userId: Id<"users">) {
    return await t.run(async (ctx) => {
      const base = { userId, customerId: `cus_local_${userId}`, status: "open" as const, expiresAt: Date.now() + DAY };
      return {
        checkout: await ctx.db.insert("localPaymentSessions", { ...base, kind: "checkout", planId: "pro", trialDays: 14 }),
        portal: await ctx.db.insert("localPaymentSessions", { ...base, kind: "portal", returnUrl: "http://localhost:5173/subscribe" }),
        payment: await ctx.db.insert("localPaymentSessions", { ...base, kind: "payment", paymentId: "p1", amountCents: 5000 }),
        onboarding: await ctx.db.insert("localPaymentSessions", { ...base, kind: "onboarding", accountId: "acct_local_1" }),
      };
    });
  }

  test("refuse their own member unless payments run in local mode", async () => {
    const t = newTest();
    const member = await pro(t);
    const s = await sessions(t, member.userId);
    const as = member.as;
    const calls = {
      session: () => as.query(api.payments.local.session, { sessionId: s.checkout }),
      jobSession: () => as.query(api.payments.local.jobSession, { sessionId: s.payment }),
      pay: () => as.action(api.payments.local.pay, { sessionId: s.checkout, card: GOOD_CARD }),
      cancelCheckout: () => as.mutation(api.payments.local.cancelCheckout, { sessionId: s.checkout }),
      updateCard: () => as.action(api.payments.local.updateCard, { sessionId: s.portal, card: GOOD_CARD }),
      changePlan: () => as.action(api.payments.local.changePlan, { sessionId: s.portal, change: { kind: "switch", planId: "pro_plus" } }),
      payJob: () => as.action(api.payments.local.payJob, { sessionId: s.payment, card: GOOD_CARD }),
      cancelJobCheckout: () => as.mutation(api.payments.local.cancelJobCheckout, { sessionId: s.payment }),
      finishOnboarding: () => as.action(api.payments.local.finishOnboarding, { sessionId: s.onboarding }),
    };
    // Every public function of the module is here.
    expect(Object.keys(calls).sort()).toEqual(
      Object.entries(localModule)
        .filter(([, f]) => (f as { isPublic?: boolean }).isPublic === true)
        .map(([name]) => name)
        .sort(),
    );
    const modes = {
      stripe: () => {
        process.env.STRIPE_SECRET_KEY = "sk_test_not_called";
      },
      off: () => {
        delete process.env.RAFTER_LOCAL;
      },
    };
    for (const [mode, enter] of Object.entries(modes)) {
      enter();
      for (const [name, call] of Object.entries(calls)) {
        if (name === "session" || name === "jobSession") {
          expect(await call(), `${name} in ${mode} mode`).toBeNull();
        } else {
          expect(await errorOf(call()), `${name} in ${mode} mode`).toEqual({ code: "FORBIDDEN", message: SubscribeCopy.localOnly });
        }
      }
      process.env.RAFTER_LOCAL = "1";
      delete process.env.STRIPE_SECRET_KEY;
    }
    // Nothing was touched: in local mode the same sessions are open and work.
    expect(await calls.session()).toMatchObject({ kind: "checkout", status: "open" });
    expect(await calls.jobSession()).toMatchObject({ kind: "payment", status: "open" });
    expect(await calls.cancelCheckout()).toEqual({ redirect: "http://localhost:5173" });
  });
});

describe("the tier always matches the price being paid", () => {
  const PAID = ["pro", "pro_plus", "enterprise"] as const;
  const FAILING_CARD = { number: "4000 0000 0000 0341", expiry: "12/34", cvc: "123" };

  /** A small seeded generator (mulberry32): the same sequences on every run. */
  function generator(seed: number) {
    let a = seed >>> 0;
    const next = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let x = Math.imul(a ^ (a >>> 15), 1 | a);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    return { next, pick };
  }

  /**
   * Runs `steps` random customer actions against the local Stripe (checkout, portal switch, cancel,
   * resume, period end, card fix, an unpaid first invoice expiring), delivering their events late,
   * out of order and twice: each step's events wait in `pending`, a random share of which is
   * delivered (shuffled) after each step and may come again. Whenever nothing is pending, and at the end, the member's tier is the plan
   * of the price their live subscription pays (Basic when none is live), and the status is Stripe's.
   */
  async function run(seed: number, deliverShare: number, steps = 14, deletes = false) {
    const { next, pick } = generator(seed);
    const t = newTest();
    // The gateway's own news (a deleted member's subscription ended) comes through the signed webhook.
    serveSiteUrl(t);
    const member = await pro(t);
    const customerId = `cus_local_${member.userId}`;
    const newest = () =>
      t.run((ctx) => ctx.db.query("localSubscriptions").withIndex("by_customerId", (q) => q.eq("customerId", customerId)).order("desc").first());
    const open = (kind: "checkout" | "portal", planId?: (typeof PAID)[number], trialDays?: number) =>
      t.mutation(internal.payments.local.openSession, { kind, userId: member.userId, customerId, planId, trialDays });
    const expected = async () => {
      const sub = await newest();
      return sub !== null && ["trialing", "active", "past_due"].includes(sub.status) ? sub.planId : "basic";
    };
    const pending: LocalEvent[] = [];
    const delivered: LocalEvent[] = [];
    const trace: string[] = [];
    const deliver = async (share: number) => {
      const now = pending.filter(() => next() < share);
      for (const event of now) pending.splice(pending.indexOf(event), 1);
      // Some events come again, at any later point.
      if (delivered.length > 0 && next() < 0.3) now.push(pick(delivered));
      now.sort(() => next() - 0.5);
      for (const event of now) {
        await post(t, event);
        delivered.push(event);
      }
    };
    const check = async () => {
      const want = await expected();
      const row = await userRow(t, member.userId);
      expect(row.subscriptionTier ?? "basic", `seed ${seed}: ${trace.join(", ")}`).toBe(want);
      expect(row.subscriptionStatus, `status, seed ${seed}: ${trace.join(", ")}`).toBe((await newest())?.status);
    };

    // The member deletes their account at a random step (when `deletes`): no more billing, on Basic.
    const deleteAt = deletes ? Math.floor(next() * steps) : -1;
    for (let step = 0; step < steps; step++) {
      await vi.advanceTimersByTimeAsync(1000 + Math.floor(next() * 4000));
      if (step === deleteAt) {
        trace.push("delete account");
        await t.mutation(internal.accountDeletion.markDeleted, { userId: member.userId });
        for (let i = 0; i < 3; i++) {
          await vi.advanceTimersByTimeAsync(1000);
          await t.finishInProgressScheduledFunctions();
        }
        break;
      }
      const sub = await newest();
      const live = sub !== null && ["trialing", "active", "past_due"].includes(sub.status);
      const events: unknown[] = [];
      if (sub?.status === "incomplete" && next() < 0.5) {
        trace.push("23 hours unpaid");
        events.push(...(await t.mutation(internal.payments.local.expireIncomplete, { subscriptionId: sub.subscriptionId })));
      } else if (!live && sub?.status !== "incomplete") {
        const planId = pick(PAID);
        const sessionId = await open("checkout", planId, next() < 0.5 ? 14 : 0);
        const card = next() < 0.2 ? FAILING_CARD : GOOD_CARD;
        trace.push(`checkout ${planId}${card === FAILING_CARD ? " (failing card)" : ""}`);
        events.push(...(await t.mutation(internal.payments.local.completeCheckout, { viewerId: member.userId, sessionId, card })).events);
      } else {
        const sessionId = await open("portal");
        const action = pick(["switch", "switch", "switch", "cancel", "roll", "fixCard"] as const);
        if (sub!.status === "incomplete" || (action === "fixCard" && sub!.status === "past_due")) {
          trace.push("fix card");
          events.push(...(await t.mutation(internal.payments.local.replaceCard, { viewerId: member.userId, sessionId, card: GOOD_CARD })));
        } else if (action === "switch") {
          const planId = pick(PAID.filter((p) => p !== sub!.planId));
          trace.push(`switch to ${planId}`);
          const change = { kind: "switch" as const, planId };
          events.push(...(await t.mutation(internal.payments.local.changeSubscription, { viewerId: member.userId, sessionId, change })));
        } else if (action === "cancel") {
          const change = { kind: sub!.cancelAtPeriodEnd ? ("resume" as const) : ("cancel" as const) };
          trace.push(change.kind);
          events.push(...(await t.mutation(internal.payments.local.changeSubscription, { viewerId: member.userId, sessionId, change })));
        } else {
          trace.push("period end");
          events.push(...(await t.mutation(internal.payments.local.rollPeriod, { subscriptionId: sub!.subscriptionId, periodEnd: sub!.currentPeriodEnd })));
        }
      }
      pending.push(...(events as LocalEvent[]));
      await deliver(deliverShare);
      if (pending.length === 0) await check();
    }
    await deliver(1);
    if (deleteAt >= 0) {
      for (let i = 0; i < 3; i++) {
        await vi.advanceTimersByTimeAsync(1000);
        await t.finishInProgressScheduledFunctions();
      }
    }
    await check();
    if (deleteAt >= 0) {
      // Whatever news was still on its way when they left: the gateway bills them no more.
      const sub = await newest();
      expect(sub === null || !["trialing", "active", "past_due"].includes(sub.status), `seed ${seed}: ${trace.join(", ")}`).toBe(true);
      expect((await userRow(t, member.userId)).subscriptionTier ?? "basic").toBe("basic");
    }
  }

  test("in order, each step's events at once (and some twice)", async () => {
    for (const seed of [1, 2, 3]) await run(seed, 1);
  });

  test("late and out of order, and some twice", async () => {
    for (const seed of [4, 5, 6, 7]) await run(seed, 0.5);
  });

  test("everything at the end, shuffled", async () => {
    for (const seed of [8, 9, 10]) await run(seed, 0);
  });

  test("the member deletes their account at any point: the gateway ends the subscription, the tier is Basic", async () => {
    // Its news at once, half of it late, or all of it after the deletion.
    for (const seed of [11, 12, 13, 14, 15, 16]) await run(seed, [1, 0.5, 0][seed % 3]!, 14, true);
  });
});
