// The professional directory's free-text search (professionals.search `q`) and its other filters
// applied to the search index's bounded result.
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { newTest, owner, pro, type TestConvex } from "./test.setup";

const DALLAS = { city: "Dallas", state: "TX", zipCode: "75201" };

async function directory(t: TestConvex) {
  await pro(t, { firstName: "Ada", lastName: "Zed", rating: 4.8, verified: true, specialties: ["EV chargers"] });
  await pro(t, {
    firstName: "Bo",
    lastName: "Young",
    rating: 3.2,
    businessName: "Green Yard Co",
    professions: ["landscaper"],
    professionalCategories: ["landscaping_exterior"],
  });
  await pro(t, {
    firstName: "Cy",
    lastName: "Xu",
    rating: 2.5,
    availabilityStatus: "busy",
    bio: "Panel upgrades and EV chargers",
    ...DALLAS,
  });
  await pro(t, { firstName: "Di", lastName: "Abbott", verified: true, rating: 4.1, ...DALLAS });
  await owner(t, { firstName: "Eve", bio: "I want EV chargers" });
}
const names = (r: { professionals: { firstName: string }[] }) => r.professionals.map((p) => p.firstName);

describe("professionals.search", () => {
  test("q matches name, business, bio, professions and specialties; never homeowners", async () => {
    const t = newTest();
    await directory(t);
    expect(names(await t.query(api.professionals.search, { q: "chargers", sortBy: "name" }))).toEqual(["Cy", "Ada"]);
    expect(names(await t.query(api.professionals.search, { q: "Green Yard" }))).toEqual(["Bo"]);
    expect(names(await t.query(api.professionals.search, { q: "Abbott" }))).toEqual(["Di"]);
    expect(names(await t.query(api.professionals.search, { q: "Landscaper" }))).toEqual(["Bo"]);
    expect(names(await t.query(api.professionals.search, { q: "Electrician", sortBy: "rating" }))).toEqual([
      "Ada",
      "Di",
      "Cy",
    ]);
    expect(names(await t.query(api.professionals.search, { q: "plumbing" }))).toEqual([]);
    // Blank text is no text: the ordinary directory.
    expect(names(await t.query(api.professionals.search, { q: "   ", sortBy: "name" }))).toEqual([
      "Di",
      "Cy",
      "Bo",
      "Ada",
    ]);
  });

  test("q with the other filters: state, city, verified, rating, category, available and a ZIP radius", async () => {
    const t = newTest();
    await directory(t);
    const search = (args: Record<string, unknown>) =>
      t.query(api.professionals.search, { q: "electrician", sortBy: "name", ...args });
    expect(names(await search({ state: "tx", city: "dallas" }))).toEqual(["Di", "Cy"]);
    expect(names(await search({ verified: true }))).toEqual(["Di", "Ada"]);
    expect(names(await search({ minRating: 4 }))).toEqual(["Di", "Ada"]);
    expect(names(await search({ available: true }))).toEqual(["Di", "Ada"]);
    expect(names(await search({ category: "landscaping_exterior" }))).toEqual([]);
    const near = await t.query(api.professionals.search, { q: "electrician", zipCode: "75201", radius: 10 });
    expect(names(near).sort()).toEqual(["Cy", "Di"]);
    expect(near.professionals[0]!.distanceMiles).toBe(0);
    expect(near.professionals[0]).toMatchObject({ available: expect.any(Boolean), specialties: expect.any(Array) });
  });

  test("the card carries specialties and live availability; no private fields", async () => {
    const t = newTest();
    await directory(t);
    const result = await t.query(api.professionals.search, { q: "chargers", sortBy: "name" });
    expect(result.professionals.map((p) => [p.firstName, p.available, p.specialties])).toEqual([
      ["Cy", false, []],
      ["Ada", true, ["EV chargers"]],
    ]);
    expect(JSON.stringify(result)).not.toMatch(/@example\.com|555-01/);
  });

  test("invalid input is refused with a clear message", async () => {
    const t = newTest();
    await directory(t);
    await expect(t.query(api.professionals.search, { q: "x", zipCode: "00000" })).rejects.toThrow(
      /couldn't find that ZIP/,
    );
    await expect(t.query(api.professionals.search, { q: "x", city: "Dallas" })).rejects.toThrow(/State is required/);
    await expect(t.query(api.professionals.search, { q: "x", minRating: 5 })).rejects.toThrow(/2, 3 or 4/);
    await expect(t.query(api.professionals.search, { q: "x", category: "plumbing" })).rejects.toThrow(
      /Unknown category/,
    );
  });
});
