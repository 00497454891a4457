import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LAUNCH_PROMO } from "../common/promo";
import { api, internal } from "./_generated/api";
import { newTest, type TestConvex } from "./test.setup";

const NOW = new Date("2026-03-01T12:00:00Z").getTime();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

beforeEach(() => vi.useFakeTimers({ now: NOW }));
afterEach(() => vi.useRealTimers());

const launch = (endsAt: number) => ({ ...LAUNCH_PROMO, endsAt });

async function rows(t: TestConvex) {
  return t.run((ctx) => ctx.db.query("promotions").collect());
}

describe("promotions.current", () => {
  it("is null when no promotion was ever configured", async () => {
    const t = newTest();
    expect(await t.query(api.promotions.current, {})).toBeNull();
  });

  it("returns an active promotion before its deadline, for anyone (no sign-in needed)", async () => {
    const t = newTest();
    await t.mutation(internal.promotions.upsert, launch(NOW + 3 * DAY));
    expect(await t.query(api.promotions.current, {})).toEqual({
      key: LAUNCH_PROMO.key,
      title: LAUNCH_PROMO.title,
      description: LAUNCH_PROMO.description,
      endsAt: NOW + 3 * DAY,
    });
  });

  it("hides an inactive promotion and one whose deadline has passed (even if still marked active)", async () => {
    const t = newTest();
    await t.run(async (ctx) => {
      await ctx.db.insert("promotions", { ...launch(NOW + DAY), key: "switched-off", active: false });
      await ctx.db.insert("promotions", { ...launch(NOW - 1), key: "past-deadline", active: true });
    });
    expect(await t.query(api.promotions.current, {})).toBeNull();
  });

  it("picks the live promotion ending soonest", async () => {
    const t = newTest();
    await t.mutation(internal.promotions.upsert, { ...launch(NOW + 9 * DAY), key: "later" });
    await t.mutation(internal.promotions.upsert, { ...launch(NOW + 2 * DAY), key: "sooner" });
    expect((await t.query(api.promotions.current, {}))?.key).toBe("sooner");
  });
});

describe("promotions.upsert", () => {
  it("updates the row with the same key instead of adding one", async () => {
    const t = newTest();
    await t.mutation(internal.promotions.upsert, launch(NOW + DAY));
    await t.mutation(internal.promotions.upsert, { ...launch(NOW + 5 * DAY), title: "New title" });
    const all = await rows(t);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ title: "New title", endsAt: NOW + 5 * DAY, active: true });
  });

  it("ends a promotion at once when its deadline is already past (the spec's Dec 31, 2025)", async () => {
    const t = newTest();
    await t.mutation(internal.promotions.upsert, launch(new Date("2025-12-31T23:59:59-05:00").getTime()));
    expect((await rows(t))[0].active).toBe(false);
    expect(await t.query(api.promotions.current, {})).toBeNull();
  });

  it("refuses a promotion without a key or title", async () => {
    const t = newTest();
    await expect(t.mutation(internal.promotions.upsert, { ...launch(NOW + DAY), key: " " })).rejects.toThrow(
      /key and a title/,
    );
    expect(await rows(t)).toHaveLength(0);
  });
});

describe("the scheduled end", () => {
  it("turns the promotion off at its deadline", async () => {
    const t = newTest();
    await t.mutation(internal.promotions.upsert, launch(NOW + 2 * HOUR));
    expect(await t.query(api.promotions.current, {})).not.toBeNull();

    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(Date.now()).toBeGreaterThanOrEqual(NOW + 2 * HOUR);
    expect((await rows(t))[0].active).toBe(false);
    expect(await t.query(api.promotions.current, {})).toBeNull();
  });

  it("keeps a promotion whose deadline moved later when the earlier job fires", async () => {
    const t = newTest();
    await t.mutation(internal.promotions.upsert, launch(NOW + HOUR));
    await t.mutation(internal.promotions.upsert, launch(NOW + 3 * HOUR));

    // Only the first job is due.
    vi.advanceTimersByTime(HOUR + 1);
    await t.finishInProgressScheduledFunctions();
    expect((await rows(t))[0].active).toBe(true);

    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await rows(t))[0].active).toBe(false);
  });

  it("expire is idempotent", async () => {
    const t = newTest();
    await t.run((ctx) => ctx.db.insert("promotions", { ...launch(NOW - 1), active: true }));
    expect(await t.mutation(internal.promotions.expire, { key: LAUNCH_PROMO.key })).toBe(true);
    expect(await t.mutation(internal.promotions.expire, { key: LAUNCH_PROMO.key })).toBe(false);
    expect(await t.mutation(internal.promotions.expire, { key: "unknown" })).toBe(false);
    expect((await rows(t))[0].active).toBe(false);
  });

  it("the daily cron's pass ends every promotion past its deadline and nothing else", async () => {
    const t = newTest();
    await t.run(async (ctx) => {
      await ctx.db.insert("promotions", { ...launch(NOW - DAY), key: "missed", active: true });
      await ctx.db.insert("promotions", { ...launch(NOW + DAY), key: "running", active: true });
    });
    expect(await t.mutation(internal.promotions.expireDue, {})).toBe(1);
    const byKey = Object.fromEntries((await rows(t)).map((row) => [row.key, row.active]));
    expect(byKey).toEqual({ missed: false, running: true });
  });
});
