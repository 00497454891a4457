// TEST_NOW (vitest.setup.ts): the suite's clock starts at the chosen instant and stays there
// through a test's own fake timers. Runs only when a date is chosen.
import { afterEach, expect, test, vi } from "vitest";

const chosen = process.env.TEST_NOW;
afterEach(() => vi.useRealTimers());

test.skipIf(!chosen)("the clock starts at TEST_NOW and keeps to it through fake timers", () => {
  const start = Date.parse(chosen!);
  const near = (at: number) => expect(Math.abs(at - start)).toBeLessThan(10 * 60_000);
  near(Date.now());
  near(new Date().getTime());
  expect(new Date(0).getTime()).toBe(0);
  expect(new Date() instanceof Date).toBe(true);
  vi.useFakeTimers();
  near(Date.now());
  vi.advanceTimersByTime(3 * 86_400_000);
  vi.useRealTimers();
  near(Date.now());
});
