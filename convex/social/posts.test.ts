import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { SocialCopy } from "../../common/social";
import { screenText, ScreeningReasons } from "../model/screening";
import { tagUsage } from "../model/posts";
import { TIMELINE_BATCH } from "../model/timeline";
import { byAuthor, following, latest } from "./posts";
import { fileBlob, newTest, owner, pro, userRow, type TestConvex, type TestMember } from "../test.setup";

const first = { numItems: 10, cursor: null };
const MB = 1024 * 1024;

type CreateArgs = Parameters<TestMember["as"]["mutation"]>[1];

async function post(m: TestMember, overrides: Record<string, unknown> = {}): Promise<Id<"posts">> {
  const result = await m.as.mutation(api.social.posts.create, {
    content: "New deck finished today #deck #cedar",
    category: "construction",
    ...overrides,
  } as CreateArgs as never);
  if (!("postId" in result) || result.postId === undefined) throw new Error(JSON.stringify(result));
  return result.postId;
}

async function failure(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (e: { data?: { code: string; message: string; fields?: Record<string, string> } }) => e.data ?? { code: "?", message: String(e) },
  );
}

async function settle(t: TestConvex) {
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}

/** A tag's row, with its uses as counted (model/posts.ts tagUsage: the sharded counter). */
async function tag(t: TestConvex, name: string) {
  return await t.run(async (ctx) => {
    const row = await ctx.db
      .query("hashtags")
      .withIndex("by_name", (q) => q.eq("name", name))
      .unique();
    return row === null ? null : { ...row, usageCount: await tagUsage(ctx, name) };
  });
}

async function store(t: TestConvex, bytes: number, type: string) {
  return await t.run((ctx) => ctx.storage.store(fileBlob(bytes, type)));
}

async function world() {
  const t = newTest();
  const ana = await pro(t, { firstName: "Ana", lastName: "Reyes", businessName: "Reyes Decks" });
  const bo = await owner(t, { firstName: "Bo", lastName: "Chen" });
  const cy = await pro(t, { firstName: "Cy", lastName: "Park" });
  return { t, ana, bo, cy };
}

const ids = (page: { page: { _id: string }[] }) => page.page.map((p) => p._id);

beforeEach(() => vi.useFakeTimers({ now: new Date("2026-11-24T12:00:00Z") }));
afterEach(() => vi.useRealTimers());

describe("create", () => {
  test("a member posts: screened fine, tags derived and counted, in Latest for anyone, counted on the author", async () => {
    const { t, ana } = await world();
    const postId = await post(ana, { content: "Finished the #Deck today, #cedar and #deck again", location: "Austin, TX" });
    await settle(t);
    const seen = await t.query(api.social.posts.get, { postId });
    expect(seen).toMatchObject({
      content: "Finished the #Deck today, #cedar and #deck again",
      postType: "project_showcase",
      category: "construction",
      hashtags: ["deck", "cedar"],
      location: "Austin, TX",
      moderationStatus: "approved",
      isOwn: false,
      viewerLike: null,
      author: { firstName: "Ana", businessName: "Reyes Decks" },
    });
    expect(ids(await t.query(api.social.posts.latest, { paginationOpts: first }))).toEqual([postId]);
    expect((await tag(t, "deck"))?.usageCount).toBe(1);
    expect((await userRow(t, ana.userId)).postsCount).toBe(1);
    expect(await t.query(api.social.posts.trending, {})).toEqual([
      { name: "cedar", count: 1 },
      { name: "deck", count: 1 },
    ]);
    const stored = await t.run((ctx) => ctx.db.get("posts", postId));
    expect(stored).toMatchObject({ moderationConfidence: 1, moderationFlags: [], visible: true });
  });

  test("refused for visitors; empty content or no category gets the spec's message", async () => {
    const { t, ana } = await world();
    expect(await failure(t.mutation(api.social.posts.create, { content: "hi", category: "construction" }))).toMatchObject({
      code: "NOT_AUTHENTICATED",
    });
    expect(await failure(ana.as.mutation(api.social.posts.create, { content: "   ", category: "construction" }))).toMatchObject({
      code: "INVALID_INPUT",
      message: SocialCopy.required,
    });
    expect(await failure(ana.as.mutation(api.social.posts.create, { content: "Deck", category: "" }))).toMatchObject({
      message: SocialCopy.required,
    });
    expect(await failure(ana.as.mutation(api.social.posts.create, { content: "Deck", category: "x", postType: "nope" }))).toMatchObject({
      message: SocialCopy.required,
    });
    expect(
      await failure(ana.as.mutation(api.social.posts.create, { content: "x".repeat(5001), category: "construction" })),
    ).toMatchObject({ message: SocialCopy.tooLong("Post", 5000) });
  });

  test("media: images up to 5 MB and videos up to 50 MB, checked on the stored file; refusals delete the upload", async () => {
    const { t, ana, bo } = await world();
    const photo = await store(t, 1000, "image/jpeg");
    const clip = await store(t, 6 * MB, "video/mp4");
    const postId = await post(ana, {
      media: [
        { storageId: photo, kind: "image" },
        { storageId: clip, kind: "video" },
      ],
    });
    const view = await ana.as.query(api.social.posts.get, { postId });
    expect(view!.media.map((m) => m.kind)).toEqual(["image", "video"]);
    expect(view!.media.every((m) => typeof m.url === "string")).toBe(true);
    const file = await t.run((ctx) => ctx.db.query("files").withIndex("by_storageId", (q) => q.eq("storageId", photo)).unique());
    expect(file).toMatchObject({ purpose: "post", attachedTo: postId, uploaderId: ana.userId });

    const big = await store(t, 5 * MB + 1, "image/png");
    const refused = await ana.as.mutation(api.social.posts.create, {
      content: "Too big",
      category: "construction",
      media: [{ storageId: big, kind: "image" }],
    });
    expect(refused).toEqual({ refused: { code: "INVALID_INPUT", message: SocialCopy.imageTooLarge } });
    expect(await t.run((ctx) => ctx.db.system.get(big))).toBeNull();

    const hugeVideo = await store(t, 50 * MB + 1, "video/mp4");
    expect(
      await ana.as.mutation(api.social.posts.create, {
        content: "Too big",
        category: "construction",
        media: [{ storageId: hugeVideo, kind: "video" }],
      }),
    ).toEqual({ refused: { code: "INVALID_INPUT", message: SocialCopy.videoTooLarge } });

    // A "photo" that is really a PDF, and someone else's upload.
    const pdf = await store(t, 100, "application/pdf");
    expect(
      await ana.as.mutation(api.social.posts.create, { content: "x", category: "construction", media: [{ storageId: pdf, kind: "image" }] }),
    ).toEqual({ refused: { code: "INVALID_INPUT", message: SocialCopy.mediaType } });
    expect(
      await bo.as.mutation(api.social.posts.create, { content: "x", category: "construction", media: [{ storageId: photo, kind: "image" }] }),
    ).toMatchObject({ refused: { code: "FORBIDDEN" } });
    expect((await userRow(t, ana.userId)).postsCount).toBe(1);
  });

  test("at most 60 new posts an hour per member", async () => {
    const { ana } = await world();
    for (let i = 0; i < 60; i++) await post(ana, { content: `Post ${i}` });
    expect(await failure(ana.as.mutation(api.social.posts.create, { content: "One more", category: "construction" }))).toMatchObject({
      code: "RATE_LIMITED",
    });
    vi.advanceTimersByTime(60 * 60_000 + 1);
    await post(ana, { content: "An hour later" });
  });

  test("mentions are kept while '@Name' is in the content, and the mentioned member is told", async () => {
    const { t, ana, bo, cy } = await world();
    const postId = await post(ana, { content: "Thanks @Bo Chen for the referral", mentionIds: [bo.userId, cy.userId] });
    const view = await t.query(api.social.posts.get, { postId });
    expect(view!.mentions).toEqual([{ _id: bo.userId, name: "Bo Chen" }]);
    const told = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", bo.userId))
        .collect(),
    );
    expect(told.map((n) => [n.type, n.actionUrl])).toEqual([["mention", `/feed/${postId}`]]);
  });
});

describe("screening", () => {
  test("clean trade talk passes; abuse, link spam, repeats and shouting are flagged with reasons", () => {
    expect(screenText("Replaced 6 GFCI outlets, $450 total. Call 512-555-0100 #electrical")).toEqual({
      moderationStatus: "approved",
      moderationConfidence: 1,
      moderationFlags: [],
    });
    expect(screenText("This contractor is a fucking idiot")).toMatchObject({
      moderationStatus: "flagged",
      moderationFlags: [ScreeningReasons.offensive],
    });
    const links = screenText("Deals http://a.example http://b.example www.c.example https://d.example");
    expect(links).toMatchObject({ moderationStatus: "flagged", moderationFlags: [ScreeningReasons.links(4)] });
    expect(screenText("Thanks @Bo Chen, mail bo@abode.example for a quote")).toMatchObject({ moderationStatus: "approved" });
    expect(screenText("Caps for GFCI and HVAC are fine in a normal sentence").moderationFlags).toEqual([]);
    const spam = screenText("CHEAP CHEAP CHEAP CHEAP ROOFING CALL NOW!!!!!!!! http://a.example http://b.example www.c.example https://d.example");
    expect(spam.moderationStatus).toBe("flagged");
    expect(spam.moderationFlags).toEqual(
      expect.arrayContaining([ScreeningReasons.repeatedWords, ScreeningReasons.repeatedCharacters, ScreeningReasons.shouting]),
    );
    expect(spam.moderationConfidence).toBeLessThan(0.7);
  });

  test("a flagged post is seen by its author only (with the reasons), and counts nowhere until it is fine", async () => {
    const { t, ana, bo } = await world();
    const postId = await post(ana, { content: "This fucking #deck is shit" });
    await settle(t);
    expect(await bo.as.query(api.social.posts.get, { postId })).toBeNull();
    expect(await t.query(api.social.posts.get, { postId })).toBeNull();
    const own = await ana.as.query(api.social.posts.get, { postId });
    expect(own).toMatchObject({ moderationStatus: "flagged", moderationFlags: [ScreeningReasons.offensive], isOwn: true });
    expect(ids(await bo.as.query(api.social.posts.latest, { paginationOpts: first }))).toEqual([]);
    expect(ids(await bo.as.query(api.social.posts.latest, { paginationOpts: first, tag: "deck" }))).toEqual([]);
    expect(ids(await bo.as.query(api.social.posts.byAuthor, { paginationOpts: first, userId: ana.userId }))).toEqual([]);
    expect(ids(await ana.as.query(api.social.posts.byAuthor, { paginationOpts: first, userId: ana.userId }))).toEqual([postId]);
    expect(ids(await ana.as.query(api.social.posts.following, { paginationOpts: first }))).toEqual([postId]);
    expect((await userRow(t, ana.userId)).postsCount ?? 0).toBe(0);
    expect((await tag(t, "deck"))?.usageCount ?? 0).toBe(0);
    expect(await failure(bo.as.mutation(api.social.posts.remove, { postId }))).toMatchObject({ code: "NOT_FOUND" });

    // Edited into a fine post, it shows, counts and reaches the feed.
    await ana.as.mutation(api.social.posts.update, { postId, content: "This #deck is great", category: "construction" });
    await settle(t);
    expect(await bo.as.query(api.social.posts.get, { postId })).toMatchObject({ moderationStatus: "approved", moderationFlags: [] });
    expect((await userRow(t, ana.userId)).postsCount).toBe(1);
    expect((await tag(t, "deck"))?.usageCount).toBe(1);
  });
});

describe("a moderator's decision", () => {
  test("approving a held post shows it, counts it and fans it out; rejecting hides it again", async () => {
    const { t, ana, bo } = await world();
    await t.run((ctx) => ctx.db.insert("follows", { followerId: bo.userId, followingId: ana.userId }));
    const postId = await post(ana, { content: "Shit happens on every #deck job" });
    await settle(t);
    expect(await bo.as.query(api.social.posts.get, { postId })).toBeNull();
    const decide = (status: "approved" | "rejected") =>
      t.run(async (ctx) => {
        const { applyModeration } = await import("../model/posts");
        await applyModeration(ctx, (await ctx.db.get("posts", postId))!, status);
      });
    await decide("approved");
    await settle(t);
    expect(await bo.as.query(api.social.posts.get, { postId })).toMatchObject({ moderationStatus: "approved" });
    expect(ids(await bo.as.query(api.social.posts.following, { paginationOpts: first }))).toEqual([postId]);
    expect((await userRow(t, ana.userId)).postsCount).toBe(1);
    expect((await tag(t, "deck"))?.usageCount).toBe(1);
    await decide("rejected");
    expect(await bo.as.query(api.social.posts.get, { postId })).toBeNull();
    expect(ids(await bo.as.query(api.social.posts.following, { paginationOpts: first }))).toEqual([]);
    expect((await userRow(t, ana.userId)).postsCount).toBe(0);
    expect((await tag(t, "deck"))?.usageCount).toBe(0);
  });
});

describe("account deletion", () => {
  test("a deleted member's posts leave the feeds and counts, and come back when the account is restored", async () => {
    const { t, ana, bo } = await world();
    const postId = await post(ana, { content: "Deck #deck" });
    const held = await post(ana, { content: "Held: shit" });
    await settle(t);
    const { markAccountDeleted, restoreAccount } = await import("../model/accountDeletion");
    await t.run(async (ctx) => {
      await markAccountDeleted(ctx, (await ctx.db.get("users", ana.userId))!);
    });
    await settle(t);
    expect(ids(await bo.as.query(api.social.posts.latest, { paginationOpts: first }))).toEqual([]);
    expect(await bo.as.query(api.social.posts.get, { postId })).toBeNull();
    expect((await tag(t, "deck"))?.usageCount).toBe(0);
    expect((await userRow(t, ana.userId)).postsCount).toBe(0);
    await t.run(async (ctx) => {
      await restoreAccount(ctx, (await ctx.db.get("users", ana.userId))!);
    });
    await settle(t);
    expect(ids(await bo.as.query(api.social.posts.latest, { paginationOpts: first }))).toEqual([postId]);
    expect(await bo.as.query(api.social.posts.get, { postId: held })).toBeNull();
    expect((await tag(t, "deck"))?.usageCount).toBe(1);
    expect((await userRow(t, ana.userId)).postsCount).toBe(1);
  });

  test("the 30-day purge deletes the member's posts", async () => {
    const { t, ana } = await world();
    const postId = await post(ana, { content: "Deck #deck" });
    const { markAccountDeleted, purgeStep } = await import("../model/accountDeletion");
    await t.run(async (ctx) => {
      await markAccountDeleted(ctx, (await ctx.db.get("users", ana.userId))!);
    });
    await settle(t);
    await t.run(async (ctx) => {
      await purgeStep(ctx, (await ctx.db.get("users", ana.userId))!);
    });
    await settle(t);
    expect(await t.run((ctx) => ctx.db.get("posts", postId))).toBeNull();
    const left = await t.run(async (ctx) => ({
      tags: await ctx.db.query("postHashtags").withIndex("by_postId", (q) => q.eq("postId", postId)).collect(),
      entries: await ctx.db.query("feedEntries").withIndex("by_postId", (q) => q.eq("postId", postId)).collect(),
      fanOuts: await ctx.db.query("fanOuts").withIndex("by_postId", (q) => q.eq("postId", postId)).collect(),
    }));
    expect(left).toEqual({ tags: [], entries: [], fanOuts: [] });
  });
});

describe("update and remove", () => {
  test("only the author edits or deletes; tags are derived again with usage counts right", async () => {
    const { t, ana, bo } = await world();
    const postId = await post(ana, { content: "Deck #deck #cedar" });
    const other = await post(bo, { content: "My #deck too" });
    expect((await tag(t, "deck"))?.usageCount).toBe(2);

    const edit = { postId, content: "Deck #deck #stain", category: "painting", postType: "before_after" };
    expect(await failure(bo.as.mutation(api.social.posts.update, edit))).toMatchObject({
      code: "FORBIDDEN",
      message: SocialCopy.onlyAuthor,
    });
    expect(await failure(t.mutation(api.social.posts.update, edit))).toMatchObject({ code: "NOT_AUTHENTICATED" });
    expect(await failure(ana.as.mutation(api.social.posts.update, { ...edit, content: "" }))).toMatchObject({
      message: SocialCopy.required,
    });
    await ana.as.mutation(api.social.posts.update, edit);
    const view = await bo.as.query(api.social.posts.get, { postId });
    expect(view).toMatchObject({ hashtags: ["deck", "stain"], category: "painting", postType: "before_after" });
    expect(view!.editedAt).not.toBeNull();
    expect((await tag(t, "cedar"))?.usageCount).toBe(0);
    expect((await tag(t, "stain"))?.usageCount).toBe(1);
    expect((await tag(t, "deck"))?.usageCount).toBe(2);
    expect(ids(await t.query(api.social.posts.latest, { paginationOpts: first, tag: "cedar" }))).toEqual([]);
    expect(ids(await t.query(api.social.posts.latest, { paginationOpts: first, tag: "#Stain" }))).toEqual([postId]);
    expect(ids(await t.query(api.social.posts.latest, { paginationOpts: first, category: "painting" }))).toEqual([postId]);

    expect(await failure(bo.as.mutation(api.social.posts.remove, { postId }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await failure(t.mutation(api.social.posts.remove, { postId }))).toMatchObject({ code: "NOT_AUTHENTICATED" });
    await ana.as.mutation(api.social.posts.remove, { postId });
    await settle(t);
    expect(await t.query(api.social.posts.get, { postId })).toBeNull();
    expect(ids(await t.query(api.social.posts.latest, { paginationOpts: first }))).toEqual([other]);
    expect((await tag(t, "deck"))?.usageCount).toBe(1);
    expect((await tag(t, "stain"))?.usageCount).toBe(0);
    expect((await userRow(t, ana.userId)).postsCount).toBe(0);
    expect(await t.query(api.social.posts.trending, {})).toEqual([{ name: "deck", count: 1 }]);
    const left = await t.run(async (ctx) => ({
      tags: await ctx.db.query("postHashtags").withIndex("by_postId", (q) => q.eq("postId", postId)).collect(),
      entries: await ctx.db.query("feedEntries").withIndex("by_postId", (q) => q.eq("postId", postId)).collect(),
      fanOuts: await ctx.db.query("fanOuts").withIndex("by_postId", (q) => q.eq("postId", postId)).collect(),
    }));
    expect(left).toEqual({ tags: [], entries: [], fanOuts: [] });
    expect(await failure(ana.as.mutation(api.social.posts.remove, { postId }))).toMatchObject({ code: "NOT_FOUND" });
  });

  test("an edit keeps, adds and drops media; dropped files are deleted", async () => {
    const { t, ana } = await world();
    const a = await store(t, 100, "image/png");
    const b = await store(t, 100, "image/png");
    const postId = await post(ana, { media: [{ storageId: a, kind: "image" }] });
    await ana.as.mutation(api.social.posts.update, {
      postId,
      content: "Now with another photo",
      category: "construction",
      media: [{ storageId: b, kind: "image" }],
    });
    const stored = await t.run((ctx) => ctx.db.get("posts", postId));
    expect(stored!.media).toEqual([{ storageId: b, kind: "image" }]);
    expect(await t.run((ctx) => ctx.db.system.get(a))).toBeNull();
  });
});

describe("Following", () => {
  test("has the viewer's own posts and those of people they follow or are connected with, and stops after unfollow", async () => {
    const { t, ana, bo, cy } = await world();
    await t.run(async (ctx) => {
      await ctx.db.insert("follows", { followerId: bo.userId, followingId: ana.userId });
      await ctx.db.insert("connections", { requesterId: cy.userId, receiverId: bo.userId, status: "accepted", acceptedAt: Date.now() });
    });
    const byAna = await post(ana, { content: "Ana's deck" });
    vi.advanceTimersByTime(1000);
    const byCy = await post(cy, { content: "Cy's roof", category: "roofing" });
    vi.advanceTimersByTime(1000);
    const byBo = await post(bo, { content: "My kitchen", category: "renovation" });
    await settle(t);
    expect(ids(await bo.as.query(api.social.posts.following, { paginationOpts: first }))).toEqual([byBo, byCy, byAna]);
    // Cy is connected to Bo, so Bo's posts are in Cy's tab too; Ana follows nobody.
    expect(ids(await cy.as.query(api.social.posts.following, { paginationOpts: first }))).toEqual([byBo, byCy]);
    expect(ids(await ana.as.query(api.social.posts.following, { paginationOpts: first }))).toEqual([byAna]);
    expect(await failure(t.query(api.social.posts.following, { paginationOpts: first }))).toMatchObject({ code: "NOT_AUTHENTICATED" });

    // Unfollowing (the row gone, then the timeline told) removes Ana's posts.
    await t.run(async (ctx) => {
      const { onUnfollow } = await import("../model/timeline");
      const row = await ctx.db
        .query("follows")
        .withIndex("by_followerId_and_followingId", (q) => q.eq("followerId", bo.userId).eq("followingId", ana.userId))
        .unique();
      await ctx.db.delete("follows", row!._id);
      await onUnfollow(ctx, bo.userId, ana.userId);
    });
    expect(ids(await bo.as.query(api.social.posts.following, { paginationOpts: first }))).toEqual([byBo, byCy]);
    // Following again backfills.
    await t.run(async (ctx) => {
      const { onFollow } = await import("../model/timeline");
      await ctx.db.insert("follows", { followerId: bo.userId, followingId: ana.userId });
      await onFollow(ctx, bo.userId, ana.userId);
    });
    expect(ids(await bo.as.query(api.social.posts.following, { paginationOpts: first }))).toEqual([byBo, byCy, byAna]);
  });

  test("connecting and disconnecting through the network moves each other's posts in and out", async () => {
    const { ana, cy } = await world();
    const byAna = await post(ana, { content: "Ana's deck" });
    const connectionId = await cy.as.mutation(api.connections.request, { userId: ana.userId });
    await ana.as.mutation(api.connections.respond, { connectionId, accept: true });
    expect(ids(await cy.as.query(api.social.posts.following, { paginationOpts: first }))).toEqual([byAna]);
    await cy.as.mutation(api.connections.remove, { connectionId });
    expect(ids(await cy.as.query(api.social.posts.following, { paginationOpts: first }))).toEqual([]);
  });
});

describe("fan-out", () => {
  test("a post reaches every follower of a large author through the fan-out pool, a bounded page per work item, its completion tracked", async () => {
    const { t, ana, cy } = await world();
    const FOLLOWERS = 5 * TIMELINE_BATCH + 50;
    const followers = await t.run(async (ctx) => {
      const out: Id<"users">[] = [];
      for (let i = 0; i < FOLLOWERS; i++) {
        const id = await ctx.db.insert("users", { email: `f${i}@example.com`, name: `Follower ${i}` });
        await ctx.db.insert("follows", { followerId: id, followingId: ana.userId });
        out.push(id);
      }
      // And a connection, reached after the followers.
      await ctx.db.insert("connections", { requesterId: cy.userId, receiverId: ana.userId, status: "accepted", acceptedAt: Date.now() });
      return out;
    });
    const postId = await post(ana, { content: "Big news #deck" });
    // Queued, not done in the post's own mutation.
    const queued = await t.run((ctx) => ctx.db.query("fanOuts").withIndex("by_postId", (q) => q.eq("postId", postId)).unique());
    expect(queued).toMatchObject({ pages: 0, readers: 0 });
    expect(queued!.doneAt).toBeUndefined();
    await settle(t);
    const reached = await t.run((ctx) => ctx.db.query("feedEntries").withIndex("by_postId", (q) => q.eq("postId", postId)).take(FOLLOWERS + 10));
    // Every follower, the connection, and the author (her own tab has it from the post itself).
    expect(new Set(reached.map((e) => e.viewerId))).toEqual(new Set([...followers, cy.userId, ana.userId]));
    const done = await t.run((ctx) => ctx.db.query("fanOuts").withIndex("by_postId", (q) => q.eq("postId", postId)).unique());
    expect(done).toMatchObject({ readers: FOLLOWERS + 1, doneAt: expect.any(Number) });
    // No work item wrote more than a page: the followers took six, then one per kind of connection.
    expect(done!.pages).toBeGreaterThanOrEqual(Math.ceil(FOLLOWERS / TIMELINE_BATCH) + 2);
    expect(done!.error).toBeUndefined();
  });
});

describe("reads stay bounded", () => {
  /** Documents a query reads (gets and rows returned by the query builder), called as `m`. */
  async function documentsRead(m: TestMember, fn: object, args: Record<string, unknown>) {
    return await m.as.run(async (ctx) => {
      let n = 0;
      const tally = (r: unknown) => {
        if (Array.isArray(r)) n += r.length;
        else if (r && typeof r === "object" && Array.isArray((r as { page?: unknown }).page)) n += (r as { page: unknown[] }).page.length;
        else if (r && typeof r === "object" && "_id" in r) n += 1;
      };
      const wrap = <T extends object>(target: T): T =>
        new Proxy(target, {
          get(obj, prop) {
            const value = Reflect.get(obj, prop, obj) as unknown;
            if (typeof value !== "function") return value;
            return (...a: unknown[]) => {
              const out = (value as (...x: unknown[]) => unknown).apply(obj, a);
              if (out instanceof Promise) return out.then((r) => (tally(r), r));
              return out !== null && typeof out === "object" ? wrap(out) : out;
            };
          },
        });
      // The registered function's own handler, run on a counting database.
      const handler = (fn as { _handler: (ctx: unknown, args: unknown) => Promise<unknown> })._handler;
      await handler({ ...ctx, db: wrap(ctx.db) }, args);
      return n;
    });
  }

  test("Latest, Following and a member's posts read one page, however many posts there are", async () => {
    const { t, ana, bo } = await world();
    await t.run((ctx) => ctx.db.insert("follows", { followerId: bo.userId, followingId: ana.userId }));
    const page = { paginationOpts: { numItems: 5, cursor: null } };
    const measure = async () => ({
      latest: await documentsRead(bo, latest, page),
      following: await documentsRead(bo, following, page),
      byAuthor: await documentsRead(bo, byAuthor, { ...page, userId: ana.userId }),
    });
    for (let i = 0; i < 6; i++) await post(ana, { content: `Post ${i} #deck` });
    await settle(t);
    const small = await measure();
    for (let i = 0; i < 40; i++) await post(ana, { content: `More ${i} #deck` });
    await settle(t);
    const large = await measure();
    expect(large).toEqual(small);
    expect(small.latest).toBeGreaterThan(0);
    expect(small.latest).toBeLessThan(30);
  });
});
