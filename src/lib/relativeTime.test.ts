import { describe, expect, test } from "vitest";
import { relativeTime, relativeTimeLong } from "./relativeTime";

const now = new Date(2026, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => now - ms;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("relativeTime (spec §9: now, minutes, hours, days under 7, then date)", () => {
  test("under a minute is now, also for a clock slightly ahead", () => {
    expect(relativeTime(ago(0), now)).toBe("now");
    expect(relativeTime(ago(59_999), now)).toBe("now");
    expect(relativeTime(now + 5_000, now)).toBe("now");
  });
  test("minutes, hours and days", () => {
    expect(relativeTime(ago(MIN), now)).toBe("1m");
    expect(relativeTime(ago(59 * MIN), now)).toBe("59m");
    expect(relativeTime(ago(HOUR), now)).toBe("1h");
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), now)).toBe("23h");
    expect(relativeTime(ago(DAY), now)).toBe("1d");
    expect(relativeTime(ago(7 * DAY - 1), now)).toBe("6d");
  });
  test("7 days or more is the date, with the year only when it differs", () => {
    expect(relativeTime(ago(7 * DAY), now)).toBe("Jun 8");
    expect(relativeTime(new Date(2025, 11, 31, 9).getTime(), now)).toBe("Dec 31, 2025");
  });
  test("the long form in words", () => {
    expect(relativeTimeLong(ago(10_000), now)).toBe("now");
    expect(relativeTimeLong(ago(MIN), now)).toBe("1 minute ago");
    expect(relativeTimeLong(ago(5 * MIN), now)).toBe("5 minutes ago");
    expect(relativeTimeLong(ago(2 * HOUR), now)).toBe("2 hours ago");
    expect(relativeTimeLong(ago(DAY), now)).toBe("1 day ago");
    expect(relativeTimeLong(ago(30 * DAY), now)).toBe("May 16");
  });
});
