import { describe, expect, test } from "vitest";
import { isTimeZone, memberTimeZone, monthStartIn } from "./timeZones";

const at = (iso: string) => Date.parse(iso);

describe("monthStartIn", () => {
  test("a month turns at the zone's midnight, not UTC's", () => {
    // 7 pm on Nov 30 in Chicago is Dec 1 in UTC: still November there.
    expect(monthStartIn("America/Chicago", at("2026-12-01T01:00:00Z"))).toBe(at("2026-11-01T00:00:00-05:00"));
    expect(monthStartIn("UTC", at("2026-12-01T01:00:00Z"))).toBe(at("2026-12-01T00:00:00Z"));
    expect(monthStartIn("Europe/Berlin", at("2026-11-30T23:30:00Z"))).toBe(at("2026-11-30T23:00:00Z"));
  });

  test("the month's first midnight in its own offset, across daylight-saving changes", () => {
    // March 2027 starts in CST; the clocks change on the 14th, so a late-March instant is in CDT.
    expect(monthStartIn("America/Chicago", at("2027-03-20T12:00:00-05:00"))).toBe(at("2027-03-01T00:00:00-06:00"));
    // November starts in CDT and is read after the fall-back change.
    expect(monthStartIn("America/New_York", at("2026-11-28T12:00:00-05:00"))).toBe(at("2026-11-01T00:00:00-04:00"));
    // Phoenix has no daylight saving.
    expect(monthStartIn("America/Phoenix", at("2026-07-15T00:00:00Z"))).toBe(at("2026-07-01T00:00:00-07:00"));
  });

  test("New Year's Eve: the year turns where the member is", () => {
    expect(monthStartIn("America/Los_Angeles", at("2027-01-01T05:00:00Z"))).toBe(at("2026-12-01T00:00:00-08:00"));
    expect(monthStartIn("America/Los_Angeles", at("2027-01-01T08:00:00Z"))).toBe(at("2027-01-01T00:00:00-08:00"));
    expect(monthStartIn("Pacific/Honolulu", at("2026-12-31T23:59:59-10:00"))).toBe(at("2026-12-01T00:00:00-10:00"));
  });
});

test("memberTimeZone: the browser's zone, else the state's, else the central US", () => {
  expect(memberTimeZone("America/Denver", "TX")).toBe("America/Denver");
  expect(memberTimeZone("Nowhere/Else", "ca")).toBe("America/Los_Angeles");
  expect(memberTimeZone(undefined, undefined)).toBe("America/Chicago");
  expect(isTimeZone("America/Chicago")).toBe(true);
  expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
  expect(isTimeZone("")).toBe(false);
});
