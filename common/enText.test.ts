import { describe, expect, it } from "vitest";
import { countText, monthDayText, oneDecimalText, shortDateText } from "./enText";

// Each helper must give exactly what Intl gives (en-US), which it replaces on first-render paths.
describe("en-US text without Intl", () => {
  it("counts as toLocaleString('en-US')", () => {
    for (const n of [
      0,
      1,
      7,
      12,
      999,
      1000,
      1001,
      9999,
      12345,
      100000,
      999999,
      1000000,
      1234567890,
      -1,
      -1234,
      -1000000,
      Number.MAX_SAFE_INTEGER,
    ]) {
      expect(countText(n)).toBe(n.toLocaleString("en-US"));
    }
    for (const n of [1.5, 0.3333, NaN, Infinity, 1e21]) expect(countText(n)).toBe(n.toLocaleString("en-US"));
  });

  it("one decimal as toLocaleString('en-US', { maximumFractionDigits: 1 })", () => {
    const values = [
      0, 0.04, 0.05, 0.95, 1, 1.04, 1.05, 1.15, 1.25, 2.25, 2.35, 3.4, 9.96, 12.345, 999.95, 1234.56, 25, 100.05,
    ];
    for (let i = 0; i < 2000; i++) values.push(Math.round(Math.random() * 1e6) / 1000, Math.random() * 300);
    for (const n of values) {
      expect(oneDecimalText(n), String(n)).toBe(n.toLocaleString("en-US", { maximumFractionDigits: 1 }));
    }
  });

  it("short dates as toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })", () => {
    const options = { month: "short", day: "numeric", year: "numeric" } as const;
    const days = [
      0,
      Date.UTC(2026, 0, 1),
      Date.UTC(2026, 10, 24, 23, 59),
      Date.UTC(1999, 11, 31, 12),
      Date.UTC(2030, 5, 15),
    ];
    for (let i = 0; i < 200; i++) days.push(Math.floor(Math.random() * 4e12));
    for (const ms of days)
      expect(shortDateText(ms), String(ms)).toBe(new Date(ms).toLocaleDateString("en-US", options));
  });

  it("month and day as toLocaleDateString('en-US', { month: 'short', day: 'numeric' })", () => {
    const options = { month: "short", day: "numeric" } as const;
    const days = [0, Date.UTC(2026, 0, 1), Date.UTC(2026, 1, 28, 23, 59), Date.UTC(2024, 1, 29, 12), NaN];
    for (let i = 0; i < 200; i++) days.push(Math.floor(Math.random() * 4e12));
    for (const ms of days) expect(monthDayText(ms), String(ms)).toBe(new Date(ms).toLocaleDateString("en-US", options));
  });
});
