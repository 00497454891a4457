// The professional directory's free-text search (professionals.search `q`) and its other filters
// applied to the search index's bounded result.
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import { relevanceWithBoost } from "./model/directory";
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

describe("plans in the directory (issue 14)", () => {
  test("Basic is found under its one listed category only; Pro under every one; a downgrade keeps the profile", async () => {
    const t = newTest();
    const member = await pro(t, {
      firstName: "Lee",
      professions: ["electrician", "landscaper"],
      primaryProfession: "electrician",
      professionalCategories: ["construction_renovation", "landscaping_exterior"],
    });
    const found = async (category: string) => names(await t.query(api.professionals.search, { category }));
    expect(await found("construction_renovation")).toEqual(["Lee"]);
    expect(await found("landscaping_exterior")).toEqual([]);
    // The card shows what Basic is listed under, not the whole profile.
    const card = async () => (await t.query(api.professionals.search, {})).professionals.find((p) => p.firstName === "Lee")!;
    expect(await card()).toMatchObject({ professionalCategories: ["construction_renovation"], professions: ["electrician"] });
    await t.run((ctx) => ctx.db.patch("users", member.userId, { subscriptionTier: "pro" }));
    expect(await found("landscaping_exterior")).toEqual(["Lee"]);
    expect(await card()).toMatchObject({
      professionalCategories: ["construction_renovation", "landscaping_exterior"],
      professions: ["electrician", "landscaper"],
    });
    await t.run((ctx) => ctx.db.patch("users", member.userId, { subscriptionTier: "basic" }));
    expect(await found("landscaping_exterior")).toEqual([]);
    expect((await member.as.query(api.payments.subscriptions.listings, {}))?.offered).toEqual([
      "construction_renovation",
      "landscaping_exterior",
    ]);
  });

  test("Pro+ counts 5 miles nearer in nearest-first lists, never past the radius, and not when a sort is picked", async () => {
    const t = newTest();
    // Distances from 78701: 78703 1.9 mi, 78704 2.4 mi, 78748 8.2 mi, 78660 13.6 mi.
    await pro(t, { firstName: "Basic0", lastName: "A", zipCode: "78701" });
    await pro(t, { firstName: "Basic2", lastName: "B", zipCode: "78703" });
    await pro(t, { firstName: "Plus2", lastName: "C", zipCode: "78704", subscriptionTier: "pro_plus" });
    await pro(t, { firstName: "Plus8", lastName: "D", zipCode: "78748", subscriptionTier: "enterprise" });
    await pro(t, { firstName: "Plus14", lastName: "E", zipCode: "78660", subscriptionTier: "pro_plus" });
    const near = { zipCode: "78701", radius: 10 };
    // Plus2 (2.4 - 5) beats Basic0 (0); Plus8 (8.2 - 5 = 3.2) stays behind Basic2 (1.9); Plus14 is outside 10 miles.
    expect(names(await t.query(api.professionals.search, near))).toEqual(["Plus2", "Basic0", "Basic2", "Plus8"]);
    expect(names(await t.query(api.professionals.search, { ...near, sortBy: "name" }))).toEqual([
      "Basic0",
      "Basic2",
      "Plus2",
      "Plus8",
    ]);
  });

  test("in a best-match list Pro+ moves up at most 3 places, and adds to the Verified boost", () => {
    const row = (name: string, fields: Partial<Doc<"users">> = {}) => ({
      user: { firstName: name, ...fields } as Doc<"users">,
    });
    const order = (rows: { user: Doc<"users"> }[]) => relevanceWithBoost(rows).map((r) => r.user.firstName);
    const plain = ["a", "b", "c", "d", "e", "f"].map((n) => row(n));
    expect(order([...plain, row("plus", { subscriptionTier: "pro_plus" })])).toEqual([
      "a",
      "b",
      "c",
      "plus",
      "d",
      "e",
      "f",
    ]);
    expect(order([...plain, row("both", { subscriptionTier: "enterprise", verified: true })])).toEqual([
      "both",
      "a",
      "b",
      "c",
      "d",
      "e",
      "f",
    ]);
    expect(order([row("basic"), row("pro", { subscriptionTier: "pro" })])).toEqual(["basic", "pro"]);
  });
});
