// The counts many members move at once live in @convex-dev/sharded-counter (model/counters.ts):
// exact after concurrent sequences, no shared row written per change, trending ranked as before,
// and counts kept on rows before the counter still counted, before and after the backfill.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, components, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { sharedCount } from "./model/counters";
import { dayOf, tagUsage } from "./model/posts";
import { newTest, owner, pro, project, useFakeTime, type TestConvex, type TestMember } from "./test.setup";
import { followCounts, insertTestPost, postLikes, settleCounts } from "./social/social.setup";

const first = { numItems: 10, cursor: null };

beforeEach(() => useFakeTime({ now: new Date("2026-11-24T12:00:00Z") }));
afterEach(() => vi.useRealTimers());

async function total(m: TestMember, args: Record<string, unknown> = {}) {
  return (await m.as.query(api.jobs.browse.list, { paginationOpts: first, ...args })).total;
}

async function post(m: TestMember, content: string): Promise<Id<"posts">> {
  const result = await m.as.mutation(api.social.posts.create, { content, category: "construction" });
  if (!("postId" in result) || result.postId === undefined) throw new Error(JSON.stringify(result));
  return result.postId;
}

const tagDays = async (t: TestConvex) => await t.run((ctx) => ctx.db.query("hashtagDays").collect());

describe("the job board's totals", () => {
  test("jobs posted at once by many owners: exact totals, and no jobCounts row written", async () => {
    const t = newTest();
    const owners = await Promise.all(Array.from({ length: 6 }, (_, i) => owner(t, { firstName: `O${i}` })));
    await Promise.all(
      owners.map((o, i) => o.as.mutation(api.jobs.create, project(i % 2 === 0 ? {} : { category: "painting" }))),
    );
    expect(await total(owners[0]!)).toBe(6);
    expect(await total(owners[0]!, { category: "painting" })).toBe(3);
    expect(await total(owners[0]!, { status: "available", category: "painting" })).toBe(3);
    expect(await t.run((ctx) => ctx.db.query("jobCounts").collect())).toEqual([]);
  });

  test("a count a jobCounts row kept before still counts", async () => {
    const t = newTest();
    const o = await owner(t);
    await t.run((ctx) => ctx.db.insert("jobCounts", { key: "all:all", count: 4 }));
    await o.as.mutation(api.jobs.create, project());
    expect(await total(o)).toBe(5);
  });
});

describe("likes", () => {
  test("a deleted post's and comment's like counts go with them (no shard rows left behind)", async () => {
    const t = newTest();
    const ana = await pro(t);
    const bo = await owner(t);
    const postId = await post(ana, "Deck day");
    const { commentId } = await ana.as.mutation(api.social.comments.add, { postId, content: "Thanks", mentionIds: [] });
    await bo.as.mutation(api.social.likes.togglePost, { postId });
    await bo.as.mutation(api.social.likes.toggleComment, { commentId });
    const counted = async (name: string) =>
      await t.run((ctx) => ctx.runQuery(components.shardedCounter.public.count, { name }));
    expect([await counted(`likes:post:${postId}`), await counted(`likes:comment:${commentId}`)]).toEqual([1, 1]);
    await ana.as.mutation(api.social.comments.remove, { commentId });
    expect(await counted(`likes:comment:${commentId}`)).toBe(0);
    await ana.as.mutation(api.social.posts.remove, { postId });
    await settleCounts(t);
    expect(await counted(`likes:post:${postId}`)).toBe(0);
  });
});

describe("tags and trending", () => {
  test("many members using one tag at once: exact uses, trending in the same order, the day row copied once", async () => {
    const t = newTest();
    const members = await Promise.all(Array.from({ length: 6 }, (_, i) => pro(t, { firstName: `M${i}` })));
    await Promise.all(members.map((m) => post(m, "Deck day #deck")));
    await Promise.all(members.slice(0, 4).map((m) => post(m, "Cedar #cedar")));
    await post(members[0]!, "Stain #stain #cedar");
    // The day rows were made by the first use of each tag and wait for their copy: uses don't write them.
    const waiting = await tagDays(t);
    expect(waiting.map((r) => [r.tag, r.count, r.syncPending]).sort()).toEqual([
      ["cedar", 0, true],
      ["deck", 0, true],
      ["stain", 0, true],
    ]);
    await settleCounts(t);
    expect(await t.query(api.social.posts.trending, {})).toEqual([
      { name: "deck", count: 6 },
      { name: "cedar", count: 5 },
      { name: "stain", count: 1 },
    ]);
    expect(await t.run((ctx) => tagUsage(ctx, "cedar"))).toBe(5);
    // The hashtags rows keep no count (the counter does).
    const tags = await t.run((ctx) => ctx.db.query("hashtags").collect());
    expect(tags.map((r) => r.usageCount)).toEqual([0, 0, 0]);
  });

  test("a day row and a tag row from before the counter keep their counts; removals take from them", async () => {
    const t = newTest();
    const ana = await pro(t);
    const day = dayOf(Date.now());
    await t.run(async (ctx) => {
      await ctx.db.insert("hashtags", { name: "deck", usageCount: 3, lastUsedAt: Date.now() });
      await ctx.db.insert("hashtagDays", { tag: "deck", day, count: 3 });
      await ctx.db.insert("hashtagDays", { tag: "roof", day, count: 2 });
    });
    const postId = await post(ana, "More #deck");
    await settleCounts(t);
    expect(await t.query(api.social.posts.trending, {})).toEqual([
      { name: "deck", count: 4 },
      { name: "roof", count: 2 },
    ]);
    await ana.as.mutation(api.social.posts.remove, { postId });
    await settleCounts(t);
    expect(await t.query(api.social.posts.trending, {})).toEqual([
      { name: "deck", count: 3 },
      { name: "roof", count: 2 },
    ]);
    expect(await t.run((ctx) => tagUsage(ctx, "deck"))).toBe(3);
  });
});

describe("the backfill (in migrations:runAll)", () => {
  test("moves each count a row kept into its counter; every count shown is the same before and after", async () => {
    const t = newTest();
    const ana = await owner(t);
    const bo = await pro(t, { followersCount: 2, followingCount: 1 });
    const postId = await insertTestPost(t, ana.userId, { likesCount: 2 });
    await t.run(async (ctx) => {
      await ctx.db.insert("hashtags", { name: "deck", usageCount: 3, lastUsedAt: Date.now() });
      await ctx.db.insert("jobCounts", { key: "all:all", count: 4 });
      await ctx.db.insert("proDailyStats", {
        proId: bo.userId,
        day: "2026-11-20",
        profileViews: 4,
        searchAppearances: 0,
        quoteRequests: 0,
        bidsPlaced: 0,
        bidsWon: 0,
      });
    });
    const shown = async () => ({
      likes: await postLikes(t, postId),
      follows: await followCounts(t, bo.userId),
      tag: await t.run((ctx) => tagUsage(ctx, "deck")),
      jobs: await t.run(async (ctx) => await sharedCount(ctx, "jobs:all:all", 4)),
      jobsShown: await total(ana),
    });
    const before = await shown();
    expect(before).toEqual({
      likes: 2,
      follows: { followersCount: 2, followingCount: 1 },
      tag: 3,
      jobs: 4,
      jobsShown: 4,
    });

    await t.mutation(internal.migrations.runAll, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    const after = await shown();
    expect({ ...after, jobs: await t.run((ctx) => sharedCount(ctx, "jobs:all:all")) }).toEqual(before);
    const rows = await t.run(async (ctx) => ({
      post: (await ctx.db.get("posts", postId))!.likesCount,
      user: await ctx.db.get("users", bo.userId),
      tag: (await ctx.db.query("hashtags").collect())[0]!.usageCount,
      jobCounts: await ctx.db.query("jobCounts").collect(),
      day: (await ctx.db.query("proDailyStats").collect())[0]!.settled,
    }));
    expect(rows).toMatchObject({ post: 0, tag: 0, jobCounts: [], day: false });
    expect(rows.user?.followersCount).toBeUndefined();
    expect(rows.user?.followingCount).toBeUndefined();
  });
});
