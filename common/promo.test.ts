import { describe, expect, it } from "vitest";
import {
  DEFAULT_PROMO_DEADLINE,
  isPromotionLive,
  msUntilNextPromoTick,
  PROMO_REFRESH_MS,
  promoCountdown,
  promoDeadline,
} from "./promo";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const END = Date.parse("2026-06-30T23:59:59-04:00");

describe("promoCountdown", () => {
  it("counts days from 24 hours out, then hours, then 'Last chance!' in the final hour", () => {
    expect(promoCountdown(END, END - 10 * DAY - 5 * HOUR).label).toBe("10 days left");
    expect(promoCountdown(END, END - 2 * DAY).label).toBe("2 days left");
    expect(promoCountdown(END, END - DAY - 1).label).toBe("1 day left");
    expect(promoCountdown(END, END - DAY).label).toBe("1 day left");
    expect(promoCountdown(END, END - DAY + 1).label).toBe("23 hours left");
    expect(promoCountdown(END, END - 2 * HOUR).label).toBe("2 hours left");
    expect(promoCountdown(END, END - HOUR).label).toBe("1 hour left");
    expect(promoCountdown(END, END - HOUR + 1)).toEqual({ kind: "lastChance", label: "Last chance!" });
    expect(promoCountdown(END, END - 1).label).toBe("Last chance!");
  });

  it("has ended at the deadline", () => {
    expect(promoCountdown(END, END).kind).toBe("ended");
    expect(promoCountdown(END, END + DAY).kind).toBe("ended");
  });
});

describe("msUntilNextPromoTick", () => {
  it("wakes on the next whole hour before the deadline, at most hourly", () => {
    expect(msUntilNextPromoTick(END, END - 3 * DAY - 10 * 60 * 1000)).toBe(10 * 60 * 1000 + 50);
    expect(msUntilNextPromoTick(END, END - 3 * HOUR)).toBe(PROMO_REFRESH_MS);
    expect(msUntilNextPromoTick(END, END - 30 * 1000)).toBe(30 * 1000 + 50);
    expect(msUntilNextPromoTick(END, END + 1)).toBe(PROMO_REFRESH_MS);
  });
});

describe("promoDeadline", () => {
  it("defaults to the spec's Dec 31, 2025 (past, so nothing shows by default)", () => {
    expect(promoDeadline(undefined)).toBe(Date.parse(DEFAULT_PROMO_DEADLINE));
    expect(promoDeadline("")).toBe(Date.parse("2026-01-01T04:59:59Z"));
    expect(promoDeadline("not a date")).toBe(Date.parse(DEFAULT_PROMO_DEADLINE));
  });

  it("reads an ISO date or milliseconds", () => {
    expect(promoDeadline("2026-12-31T23:59:59-05:00")).toBe(Date.parse("2027-01-01T04:59:59Z"));
    expect(promoDeadline(String(END))).toBe(END);
  });
});

describe("isPromotionLive", () => {
  it("needs the row active and its deadline ahead", () => {
    expect(isPromotionLive({ active: true, endsAt: END }, END - 1)).toBe(true);
    expect(isPromotionLive({ active: true, endsAt: END }, END)).toBe(false);
    expect(isPromotionLive({ active: false, endsAt: END }, END - DAY)).toBe(false);
  });
});
