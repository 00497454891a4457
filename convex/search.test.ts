import { describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { newTest, owner, pro, type TestMember } from "./test.setup";

async function post(m: TestMember, content: string, category = "construction"): Promise<Id<"posts">> {
  const result = await m.as.mutation(api.social.posts.create, { content, category });
  if (!("postId" in result) || result.postId === undefined) throw new Error(JSON.stringify(result));
  return result.postId;
}

async function world() {
  const t = newTest();
  const ana = await pro(t, { firstName: "Ana", lastName: "Villanueva", businessName: "Bright Spark Electric", city: "Austin", state: "TX" });
  const olive = await owner(t, { firstName: "Olive", lastName: "Okafor" });
  return { t, ana, olive };
}

describe("search", () => {
  test("finds a professional by last name and business name, a homeowner by name (members only), and a post by a word", async () => {
    const { t, ana, olive } = await world();
    const deck = await post(ana, "Rebuilt a cedar pergola this weekend #outdoor", "landscaping");
    await post(ana, "Panel upgrade to 200 amps", "electrical");

    const byLast = await olive.as.query(api.search.search, { q: "Villanueva" });
    expect(byLast.users).toEqual([
      expect.objectContaining({
        _id: ana.userId,
        firstName: "Ana",
        lastName: "Villanueva",
        businessName: "Bright Spark Electric",
        profession: "Electrician",
        userType: "professional",
        location: "Austin, TX",
        verified: false,
      }),
    ]);
    expect((await olive.as.query(api.search.search, { q: "Bright Spark" })).users.map((u) => u._id)).toEqual([ana.userId]);
    expect((await ana.as.query(api.search.search, { q: "Okafor" })).users.map((u) => u._id)).toEqual([olive.userId]);
    // Visitors find professionals, not homeowners.
    expect((await t.query(api.search.search, { q: "Okafor" })).users).toEqual([]);
    expect((await t.query(api.search.search, { q: "Villanueva" })).users.map((u) => u._id)).toEqual([ana.userId]);

    const byWord = await t.query(api.search.search, { q: "pergola" });
    expect(byWord.posts).toEqual([
      expect.objectContaining({ _id: deck, category: "landscaping", hashtags: ["outdoor"], excerpt: "Rebuilt a cedar pergola this weekend #outdoor" }),
    ]);
    expect((await t.query(api.search.search, { q: "pergola", category: "electrical" })).posts).toEqual([]);
    expect((await t.query(api.search.search, { q: "pergola", type: "users" })).posts).toEqual([]);
    expect((await olive.as.query(api.search.search, { q: "Villanueva", type: "posts" })).users).toEqual([]);
  });

  test("runs only with a query; refuses unknown types and categories; never finds held posts", async () => {
    const { t, ana } = await world();
    await post(ana, "This fucking pergola");
    expect(await t.query(api.search.search, { q: "   " })).toEqual({ users: [], posts: [] });
    expect((await t.query(api.search.search, { q: "pergola" })).posts).toEqual([]);
    await expect(t.query(api.search.search, { q: "x", type: "jobs" })).rejects.toThrow("Unknown search type");
    await expect(t.query(api.search.search, { q: "x", category: "cars" })).rejects.toThrow("Unknown category");
  });

  test("homeowners made before they were searchable get their text from the backfill", async () => {
    const { t } = await world();
    const id = await t.run((ctx) => ctx.db.insert("users", { firstName: "Lee", lastName: "Marsh", userType: "homeowner" }));
    await t.mutation(internal.migrations.homeownerText, {});
    await t.finishAllScheduledFunctions(() => {});
    expect((await t.run((ctx) => ctx.db.get("users", id)))!.directoryText).toBe("Lee Marsh");
  });
});

describe("profile stats", () => {
  test("the profile's Posts tile counts the member's visible posts", async () => {
    const { ana, olive } = await world();
    await post(ana, "One");
    const second = await post(ana, "Two");
    await post(ana, "Held: shit");
    expect((await olive.as.query(api.profiles.get, { userId: ana.userId }))!.stats).toMatchObject({ postsCount: 2 });
    await ana.as.mutation(api.social.posts.remove, { postId: second });
    expect((await olive.as.query(api.profiles.get, { userId: ana.userId }))!.stats).toMatchObject({ postsCount: 1 });
  });
});
