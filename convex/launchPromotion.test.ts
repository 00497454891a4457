// The launch promotion (issue 14): Pro Profile free for a year for professionals who sign up while
// it is on, granted through the subscription records (the billing rules, payments/model/billing.ts), off by default.
import { afterEach, describe, expect, test, vi } from "vitest";
import { SubscribeCopy } from "../common/plans";
import { LAUNCH_PROMO, LAUNCH_PROMO_KEY } from "../common/promo";
import { api, internal } from "./_generated/api";
import { promoSubscriptionId } from "./payments/model/launchPromotion";
import { createUser, newTest, useFakeTime, userRow, type TestConvex } from "./test.setup";

const DAY = 24 * 60 * 60_000;
const SETUP = { professions: ["plumber"], primaryProfession: "plumber" };

afterEach(() => {
  vi.useRealTimers();
  delete process.env.RAFTER_LOCAL;
});

async function turnOn(t: TestConvex, endsAt: number) {
  await t.mutation(internal.promotions.upsert, { ...LAUNCH_PROMO, key: LAUNCH_PROMO_KEY, endsAt });
}

/** Runs what is due now (the grant), not the year-later end. */
async function runDueNow(t: TestConvex) {
  vi.advanceTimersByTime(1);
  await t.finishInProgressScheduledFunctions();
}

describe("the launch promotion", () => {
  test("off by default: a new professional stays on Basic", async () => {
    useFakeTime();
    const t = newTest();
    const member = await createUser(t, { userType: "professional", professions: [] });
    await member.as.mutation(api.users.completeProfessionSetup, SETUP);
    await runDueNow(t);
    expect((await userRow(t, member.userId)).subscriptionTier).toBeUndefined();
  });

  test("on: Pro Profile for a year through the subscription records, once, and the year's end downgrades", async () => {
    useFakeTime();
    const t = newTest();
    await turnOn(t, Date.now() + 30 * DAY);
    const member = await createUser(t, { userType: "professional", professions: [] });
    const homeowner = await createUser(t, { userType: "homeowner" });
    await member.as.mutation(api.users.completeProfessionSetup, SETUP);
    await runDueNow(t);
    const row = await userRow(t, member.userId);
    expect(row).toMatchObject({
      subscriptionTier: "pro",
      subscriptionStatus: "active",
      stripeSubscriptionId: promoSubscriptionId(member.userId),
    });
    expect(row.subscriptionEndsAt! - Date.now()).toBeGreaterThan(364 * DAY);
    expect(await member.as.query(api.payments.subscriptions.mine, {})).toMatchObject({
      tier: "pro",
      live: true,
      canManage: false,
    });
    // Setting professions again grants nothing more (one grant per member).
    await member.as.mutation(api.users.completeProfessionSetup, SETUP);
    await runDueNow(t);
    // Granted by the billing rule itself, not through a Stripe-shaped event; told once.
    expect(await t.run((ctx) => ctx.db.query("paymentEvents").take(10))).toEqual([]);
    const told = await t.run((ctx) => ctx.db.query("notifications").withIndex("by_userId", (q) => q.eq("userId", member.userId)).take(10));
    expect(told.map((n) => n.title)).toEqual(["You're on Pro Profile"]);
    expect((await userRow(t, homeowner.userId)).subscriptionTier).toBeUndefined();

    // Half a year on, still Pro; a year on, the promotion's subscription ends: Basic.
    vi.advanceTimersByTime(183 * DAY);
    await t.finishInProgressScheduledFunctions();
    expect((await userRow(t, member.userId)).subscriptionTier).toBe("pro");
    vi.advanceTimersByTime(183 * DAY);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await userRow(t, member.userId)).toMatchObject({
      subscriptionTier: "basic",
      subscriptionStatus: "canceled",
    });
  });

  test("sign-ups after the deadline get nothing; a promotion member may still buy a paid plan", async () => {
    useFakeTime();
    process.env.RAFTER_LOCAL = "1";
    const t = newTest();
    await turnOn(t, Date.now() + DAY);
    const early = await createUser(t, { userType: "professional", professions: [] });
    vi.advanceTimersByTime(2 * DAY);
    const late = await createUser(t, { userType: "professional", professions: [] });
    await late.as.mutation(api.users.completeProfessionSetup, SETUP);
    await early.as.mutation(api.users.completeProfessionSetup, SETUP);
    await runDueNow(t);
    expect((await userRow(t, late.userId)).subscriptionTier).toBeUndefined();
    // The early one signed up before the deadline but completed setup after it: the promotion has ended.
    expect((await userRow(t, early.userId)).subscriptionTier).toBeUndefined();

    await turnOn(t, Date.now() + 30 * DAY);
    const member = await createUser(t, { userType: "professional", professions: [] });
    await member.as.mutation(api.users.completeProfessionSetup, SETUP);
    await runDueNow(t);
    await expect(member.as.action(api.payments.subscriptions.checkout, { planId: "pro" })).rejects.toThrow(
      SubscribeCopy.alreadyOnPlan("Pro Profile"),
    );
    const { url } = await member.as.action(api.payments.subscriptions.checkout, { planId: "pro_plus" });
    expect(url).toMatch(/\/pay\/checkout\//);
  });
});
