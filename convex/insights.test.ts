import { afterEach, describe, expect, test, vi } from "vitest";
import { InsightsCopy } from "../common/plans";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { assertCanSeeLeadInsights, PRO_STAT_FIELDS, statDay, type ProStats } from "./model/insights";
import { countedSince } from "./model/counters";
import { bid, newTest, owner, pro, project, useFakeTime, userRow, type TestConvex } from "./test.setup";

afterEach(() => vi.useRealTimers());

const quote = {
  title: "Bathroom leak",
  description: "Water under the sink after every use.",
  category: "electrical_plumbing",
  propertyType: "residential_single_family",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
  budget: "$500-1500",
  urgency: "urgent",
};

/** Today's figures for a professional (the row, plus the day's counters), or null when nothing was counted. */
async function statsRow(t: TestConvex, proId: Id<"users">) {
  return await t.run(async (ctx) => {
    const day = statDay(Date.now());
    const row = await ctx.db
      .query("proDailyStats")
      .withIndex("by_proId_and_day", (q) => q.eq("proId", proId).eq("day", day))
      .unique();
    if (row === null) return null;
    const stats = {} as ProStats;
    for (const f of PRO_STAT_FIELDS) stats[f] = row[f] + (await countedSince(ctx, `insights:${proId}:${day}:${f}`));
    return stats;
  });
}

describe("lead insights (Pro+ Leads and Enterprise)", () => {
  test("every figure is a kept counter moved by the event itself, read back over 30 days", async () => {
    const t = newTest();
    const o = await owner(t);
    const plumber = await pro(t, {
      professions: ["plumber"],
      primaryProfession: "plumber",
      subscriptionTier: "pro_plus",
    });
    const rival = await pro(t, { professions: ["plumber"], primaryProfession: "plumber" });

    // A quote request routed to both plumbers: one received each.
    await o.as.mutation(api.jobs.requestQuote, quote);
    // Bids: the plumber bids on two jobs and wins one; the rival bids once and loses.
    const first = await o.as.mutation(api.jobs.create, project());
    const second = await o.as.mutation(api.jobs.create, project({ title: "Hang a ceiling fan" }));
    const won = await plumber.as.mutation(api.bids.place, { jobId: first, ...bid() });
    await plumber.as.mutation(api.bids.place, { jobId: second, ...bid() });
    await rival.as.mutation(api.bids.place, { jobId: first, ...bid() });
    await o.as.mutation(api.bids.accept, { bidId: won });
    // A profile view, twice the same day: counted once. Their own view: not counted.
    expect(await o.as.mutation(api.insights.recordProfileView, { userId: plumber.userId })).toBe(true);
    expect(await o.as.mutation(api.insights.recordProfileView, { userId: plumber.userId })).toBe(false);
    expect(await plumber.as.mutation(api.insights.recordProfileView, { userId: plumber.userId })).toBe(false);
    // A directory page that shows both plumbers; the same search again within the hour is not counted again.
    const search = { category: "construction_renovation", state: "TX" };
    const shown = await o.as.query(api.professionals.search, search);
    expect(shown.professionals.map((p) => p._id).sort()).toEqual([plumber.userId, rival.userId].sort());
    // The page is counted by the search run again just after (insights:countSearchPage).
    expect(await o.as.mutation(api.insights.recordSearchAppearances, search)).toBe(true);
    expect(await o.as.mutation(api.insights.recordSearchAppearances, search)).toBe(false);
    // The plumber's own search: the rival appears, the plumber doesn't count themself.
    expect(await plumber.as.mutation(api.insights.recordSearchAppearances, search)).toBe(true);
    await t.finishAllScheduledFunctions(() => {});

    const mine = await plumber.as.query(api.insights.mine, {});
    expect(mine).toMatchObject({
      locked: false,
      tier: "pro_plus",
      totals: { profileViews: 1, searchAppearances: 1, quoteRequests: 1, bidsPlaced: 2, bidsWon: 1 },
    });
    expect(mine?.locked === false && mine.days).toEqual([
      { day: statDay(Date.now()), profileViews: 1, searchAppearances: 1, quoteRequests: 1, bidsPlaced: 2, bidsWon: 1 },
    ]);
    // The rival's counts are kept too (on Basic they are not shown, but an upgrade shows them at once).
    expect(await statsRow(t, rival.userId)).toMatchObject({
      searchAppearances: 2,
      quoteRequests: 1,
      bidsPlaced: 1,
      bidsWon: 0,
    });
  });

  test("only the last 30 days count", async () => {
    const t = newTest();
    const plumber = await pro(t, { subscriptionTier: "enterprise" });
    const DAY = 24 * 60 * 60_000;
    await t.run(async (ctx) => {
      const zero = { profileViews: 0, searchAppearances: 0, quoteRequests: 0, bidsPlaced: 0, bidsWon: 0 };
      await ctx.db.insert("proDailyStats", {
        proId: plumber.userId,
        day: statDay(Date.now() - 29 * DAY),
        ...zero,
        profileViews: 3,
      });
      await ctx.db.insert("proDailyStats", {
        proId: plumber.userId,
        day: statDay(Date.now() - 30 * DAY),
        ...zero,
        profileViews: 50,
      });
    });
    const mine = await plumber.as.query(api.insights.mine, {});
    expect(mine).toMatchObject({ locked: false, totals: { profileViews: 3 } });
  });

  test("Basic and Pro get no figures from any function, only the locked answer", async () => {
    const t = newTest();
    for (const tier of ["basic", "pro"] as const) {
      const member = await pro(t, { subscriptionTier: tier });
      await t.run((ctx) =>
        ctx.db.insert("proDailyStats", {
          proId: member.userId,
          day: statDay(Date.now()),
          profileViews: 7,
          searchAppearances: 7,
          quoteRequests: 7,
          bidsPlaced: 7,
          bidsWon: 7,
        }),
      );
      expect(await member.as.query(api.insights.mine, {})).toEqual({ locked: true, tier });
      const row = await userRow(t, member.userId);
      expect(() => assertCanSeeLeadInsights(row)).toThrow(InsightsCopy.upgradeTitle);
    }
    // Homeowners and visitors: nothing.
    const o = await owner(t);
    expect(await o.as.query(api.insights.mine, {})).toBeNull();
    expect(await t.query(api.insights.mine, {})).toBeNull();
  });

  test("a lapsed Pro+ is locked again: the tier the webhook set decides", async () => {
    const t = newTest();
    const member = await pro(t, { subscriptionTier: "pro_plus" });
    expect(await member.as.query(api.insights.mine, {})).toMatchObject({ locked: false });
    await t.run((ctx) =>
      ctx.db.patch("users", member.userId, { subscriptionTier: "basic", subscriptionStatus: "canceled" }),
    );
    expect(await member.as.query(api.insights.mine, {})).toEqual({ locked: true, tier: "basic" });
    expect((await userRow(t, member.userId)).subscriptionTier).toBe("basic");
  });

  test("visitors' directory pages are not counted; a homeowner's profile is not a professional's", async () => {
    const t = newTest();
    const plumber = await pro(t);
    const o = await owner(t);
    expect(await t.mutation(api.insights.recordSearchAppearances, { state: "TX" })).toBe(false);
    expect(await plumber.as.mutation(api.insights.recordProfileView, { userId: o.userId })).toBe(false);
    expect(await statsRow(t, plumber.userId)).toBeNull();
    await expect(t.mutation(api.insights.recordProfileView, { userId: plumber.userId })).rejects.toThrow(/sign in/i);
    await expect(o.as.mutation(api.insights.recordSearchAppearances, { state: "Texas" })).rejects.toThrow(/2-letter/);
  });

  test("demo data: a seeded Pro+ professional's figures come from the app's own recorders", async () => {
    const t = newTest();
    const plumber = await pro(t, {
      firstName: "Dana",
      lastName: "Drain",
      professions: ["plumber"],
      primaryProfession: "plumber",
      subscriptionTier: "pro_plus",
      seeded: true,
    });
    for (let i = 0; i < 3; i++) await owner(t, { seeded: true, firstName: `Client${i}` });
    await t.mutation(internal.seed.subscriptions.insertDemoInsights, { userId: plumber.userId });
    await t.finishAllScheduledFunctions(() => {});
    expect(await plumber.as.query(api.insights.mine, {})).toMatchObject({
      locked: false,
      totals: { profileViews: 3, searchAppearances: 3, quoteRequests: 1 },
    });
  });
});

describe("lead insights under load", () => {
  test("many members' pages showing one professional at once: exact, and the day's row written once", async () => {
    const t = newTest();
    const plumber = await pro(t, {
      professions: ["plumber"],
      primaryProfession: "plumber",
      subscriptionTier: "pro_plus",
    });
    const viewers = await Promise.all(Array.from({ length: 8 }, (_, i) => owner(t, { firstName: `V${i}` })));
    const search = { category: "construction_renovation", state: "TX" };
    await Promise.all(viewers.map((v) => v.as.mutation(api.insights.recordSearchAppearances, search)));
    await t.finishAllScheduledFunctions(() => {});
    const rows = await t.run((ctx) =>
      ctx.db
        .query("proDailyStats")
        .withIndex("by_proId_and_day", (q) => q.eq("proId", plumber.userId))
        .collect(),
    );
    // The row marks the day; the counts are in the counter, not rewritten on it by each page.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ searchAppearances: 0, settled: false });
    expect(await plumber.as.query(api.insights.mine, {})).toMatchObject({ totals: { searchAppearances: 8 } });
  });

  test("the nightly settle folds a past day's counters into its row; the figures don't move", async () => {
    useFakeTime({ now: new Date("2026-11-24T12:00:00Z") });
    const t = newTest();
    const plumber = await pro(t, { subscriptionTier: "enterprise" });
    const o = await owner(t);
    await o.as.mutation(api.insights.recordProfileView, { userId: plumber.userId });
    // A day from before the counters: its counts on the row, not settled.
    await t.run((ctx) =>
      ctx.db.insert("proDailyStats", {
        proId: plumber.userId,
        day: "2026-11-20",
        profileViews: 4,
        searchAppearances: 0,
        quoteRequests: 0,
        bidsPlaced: 0,
        bidsWon: 0,
      }),
    );
    const before = await plumber.as.query(api.insights.mine, {});
    expect(before).toMatchObject({ totals: { profileViews: 5 } });
    vi.setSystemTime(new Date("2026-11-25T01:00:00Z"));
    await t.mutation(internal.insights.settleDays, {});
    const rows = await t.run((ctx) =>
      ctx.db
        .query("proDailyStats")
        .withIndex("by_proId_and_day", (q) => q.eq("proId", plumber.userId))
        .collect(),
    );
    expect(rows.map((r) => [r.day, r.profileViews, r.settled])).toEqual([
      ["2026-11-20", 4, undefined],
      ["2026-11-24", 1, true],
    ]);
    expect(await t.run((ctx) => countedSince(ctx, `insights:${plumber.userId}:2026-11-24:profileViews`))).toBe(0);
    expect(await plumber.as.query(api.insights.mine, {})).toMatchObject({ totals: { profileViews: 5 } });
  });
});
