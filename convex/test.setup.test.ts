// The test setup's fake time: a timer longer than setTimeout's limit waits its whole delay.
import { afterEach, describe, expect, test, vi } from "vitest";
import { MAX_TIMER_MS, useFakeTime } from "./test.setup";

const DAY = 24 * 60 * 60_000;

afterEach(() => vi.useRealTimers());

describe("useFakeTime", () => {
  test("a timer a year ahead fires at the year's end, not before", () => {
    useFakeTime();
    const fired: number[] = [];
    const start = Date.now();
    setTimeout(() => fired.push(Date.now() - start), 365 * DAY);
    vi.advanceTimersByTime(364 * DAY);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(DAY);
    expect(fired).toEqual([365 * DAY]);
  });

  test("short timers, arguments and runAllTimers work as before", () => {
    useFakeTime();
    const calls: string[] = [];
    setTimeout((word: string) => calls.push(word), 10, "soon");
    setTimeout(() => calls.push("limit"), MAX_TIMER_MS);
    setTimeout(() => calls.push("later"), MAX_TIMER_MS + 1);
    vi.advanceTimersByTime(10);
    expect(calls).toEqual(["soon"]);
    vi.runAllTimers();
    expect(calls).toEqual(["soon", "limit", "later"]);
  });

  test("useRealTimers puts the real setTimeout back", () => {
    const real = globalThis.setTimeout;
    useFakeTime();
    expect(globalThis.setTimeout).not.toBe(real);
    vi.useRealTimers();
    expect(globalThis.setTimeout).toBe(real);
  });
});
