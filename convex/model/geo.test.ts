import { describe, expect, test } from "vitest";
import { distanceMiles, geohashOf, geohashRanges, zipToPlace, zipToPoint } from "./geo";

describe("zipToPoint", () => {
  test("finds ZIP codes at both ends and the middle of the dataset", () => {
    expect(zipToPoint("78701")).toEqual({ lat: expect.closeTo(30.27, 1), lng: expect.closeTo(-97.74, 1) });
    expect(zipToPoint("10001")).toEqual({ lat: expect.closeTo(40.75, 1), lng: expect.closeTo(-74.0, 1) });
    expect(zipToPoint("00501")).not.toBeNull();
    expect(zipToPoint("99950")).not.toBeNull();
    expect(zipToPoint("78701-1234")).toEqual(zipToPoint("78701"));
  });
  test("knows each ZIP code's city and state", () => {
    expect(zipToPlace("78701")).toMatchObject({ city: "Austin", state: "TX" });
    expect(zipToPlace("10001")).toMatchObject({ city: "New York", state: "NY" });
    expect(zipToPlace("99950")).toMatchObject({ state: "AK" });
  });
  test("refuses what is not a known 5-digit ZIP code", () => {
    expect(zipToPoint("00000")).toBeNull();
    expect(zipToPoint("7870")).toBeNull();
    expect(zipToPoint("abcde")).toBeNull();
  });
});

describe("distances and ranges", () => {
  test("Austin to Dallas is about 182 miles", () => {
    const austin = zipToPoint("78701")!;
    const dallas = zipToPoint("75201")!;
    expect(distanceMiles(austin, dallas)).toBeGreaterThan(170);
    expect(distanceMiles(austin, dallas)).toBeLessThan(195);
  });
  test("a point within the radius falls inside one of the ranges", () => {
    const austin = zipToPoint("78701")!;
    const roundRock = zipToPoint("78664")!;
    const hash = geohashOf(roundRock);
    const ranges = geohashRanges(austin, 25);
    expect(ranges.some(([start, end]) => hash >= start && hash < end)).toBe(true);
    const dallasHash = geohashOf(zipToPoint("75201")!);
    expect(ranges.some(([start, end]) => dallasHash >= start && dallasHash < end)).toBe(false);
  });
});
