// TEST_NOW runs the unit suite at a chosen instant (`TEST_NOW=2026-12-31T23:30:00-06:00 npm run
// test:unit`), so month ends, New Year's Eve and daylight-saving changes can be tried on any day.
// Date alone is faked here, and it keeps moving with the real clock; a test's own
// vi.useFakeTimers() starts from that instant (vitest takes the faked Date.now() as its start), and
// vi.useRealTimers() comes back to it rather than to today.
import { vi } from "vitest";

const chosen = process.env.TEST_NOW;
if (chosen) {
  const start = Date.parse(chosen);
  if (Number.isNaN(start)) throw new Error(`TEST_NOW is not a date: ${chosen}`);
  const dateOnly = (now: number) => vi.useFakeTimers({ now, toFake: ["Date"], shouldAdvanceTime: true });
  const useRealTimers = vi.useRealTimers.bind(vi);
  vi.useRealTimers = () => {
    const now = Date.now();
    useRealTimers();
    return dateOnly(now);
  };
  dateOnly(start);
}
