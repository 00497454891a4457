// The demo feed comes through the app's own paths: photos owned by their posters, every kept count equal to its
// rows, all categories' worth of posts, likes of each type, follows both ways for the demo accounts, a repost.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { FEED_IMAGES } from "./feedImages";
import { DEMO_ACCOUNTS } from "./data";
import { DEMO_PHOTO_COUNT, DEMO_POSTS } from "./feed";
import { createPerson, newTest, owner, pro, type TestConvex } from "../test.setup";
import { tagUsage } from "../model/posts";
import { followCounts, postLikes, settleCounts } from "../social/social.setup";

beforeEach(() => vi.useFakeTimers({ now: new Date("2026-11-24T12:00:00Z") }));
afterEach(() => vi.useRealTimers());

/** As seedDemoFeed (an action) does: each photo a stored file, in the order the posts use them. */
async function storePhotos(t: TestConvex) {
  const photos: { name: string; storageId: Id<"_storage"> }[] = [];
  for (const post of DEMO_POSTS) {
    for (const name of post.images ?? []) {
      const bytes = Uint8Array.from(atob(FEED_IMAGES[name]), (c) => c.charCodeAt(0));
      photos.push({
        name,
        storageId: await t.run((ctx) => ctx.storage.store(new Blob([bytes], { type: "image/png" }))),
      });
    }
  }
  return photos;
}

test("demo feed: posts across categories and types with photos, comments, likes, follows, a repost; exact counts; once", async () => {
  const t = newTest();
  const [ownerAccount, proAccount, adminAccount] = DEMO_ACCOUNTS;
  const hannah = await createPerson(t, { ...ownerAccount!.profile, zipCode: "78704" });
  const marcus = await createPerson(t, proAccount!.profile);
  await createPerson(t, adminAccount!.profile);
  for (let i = 0; i < 8; i++)
    await pro(t, { seeded: true, email: `peer${i}@example.com`, firstName: `Peer${i}`, lastName: "Pro" });
  for (let i = 0; i < 3; i++)
    await owner(t, { seeded: true, email: `home${i}@example.com`, firstName: `Home${i}`, lastName: "Owner" });

  const photos = await storePhotos(t);
  expect(photos).toHaveLength(DEMO_PHOTO_COUNT);
  expect(await t.mutation(internal.seed.feed.insertDemoFeed, { photos })).toEqual({ inserted: DEMO_POSTS.length });
  expect(await t.query(internal.seed.feed.feedDone, {})).toBe(true);
  // Again: nothing, and the photos stored for it are deleted.
  const again = await storePhotos(t);
  expect(await t.mutation(internal.seed.feed.insertDemoFeed, { photos: again })).toEqual({ inserted: 0 });
  expect(await t.run(async (ctx) => await ctx.db.system.get(again[0]!.storageId))).toBeNull();
  await t.finishAllScheduledFunctions(vi.runAllTimers);

  const page = { numItems: 100, cursor: null };
  const latest = (await t.query(api.social.posts.latest, { paginationOpts: page })).page;
  // The demo posts and one repost, all screened fine.
  expect(latest).toHaveLength(DEMO_POSTS.length + 1);
  expect(new Set(latest.map((p) => p.category)).size).toBe(10);
  expect(new Set(latest.map((p) => p.postType)).size).toBe(6);
  const repost = latest.find((p) => p.isRepost)!;
  expect(repost.repostOf).toMatchObject({ content: DEMO_POSTS[DEMO_POSTS.length - 1]!.content });
  const withPhotos = latest.filter((p) => p.media.length > 0);
  expect(withPhotos.length).toBeGreaterThanOrEqual(8);
  expect(withPhotos.every((p) => p.media.every((m) => m.kind === "image" && m.url !== null))).toBe(true);
  // Mentions read as the member's name and are kept.
  expect(latest.some((p) => p.mentions.some((m) => m.name === "Marcus Reed"))).toBe(true);

  const rows = await t.run(async (ctx) => ({
    posts: await ctx.db.query("posts").collect(),
    comments: await ctx.db.query("comments").collect(),
    likes: await ctx.db.query("likes").collect(),
    follows: await ctx.db.query("follows").collect(),
    files: await ctx.db.query("files").collect(),
    shares: await ctx.db.query("shares").collect(),
    hashtags: await ctx.db.query("hashtags").collect(),
    reports: await ctx.db.query("moderationReports").collect(),
  }));
  // The demo admin has work waiting: open reports on posts, never by their author.
  expect(rows.reports.length).toBeGreaterThan(0);
  for (const r of rows.reports) {
    expect(r.status).toBe("pending");
    expect(rows.posts.find((p) => p._id === r.postId)?.authorId).not.toBe(r.reporterId);
  }
  for (const post of rows.posts) {
    expect(await postLikes(t, post._id)).toBe(rows.likes.filter((l) => l.postId === post._id).length);
    expect(post.commentsCount).toBe(rows.comments.filter((c) => c.postId === post._id).length);
    expect(post.sharesCount).toBe(rows.shares.filter((s) => s.postId === post._id).length);
    // Each photo is a file its poster owns, attached to the post.
    for (const m of post.media) {
      expect(rows.files.find((f) => f.storageId === m.storageId)).toMatchObject({
        uploaderId: post.authorId,
        purpose: "post",
        attachedTo: post._id,
      });
    }
  }
  expect(rows.files).toHaveLength(DEMO_PHOTO_COUNT);
  expect(rows.comments.every((c) => c.visible)).toBe(true);
  expect(rows.comments.filter((c) => c.parentCommentId !== undefined).length).toBeGreaterThanOrEqual(5);
  expect(new Set(rows.likes.map((l) => l.likeType))).toEqual(new Set(["like", "helpful", "inspiring"]));
  expect(rows.hashtags.some((h) => h.name === "beforeandafter")).toBe(true);
  expect(await t.run((ctx) => tagUsage(ctx, "beforeandafter"))).toBe(3);

  for (const userId of [hannah.userId, marcus.userId]) {
    const counts = await followCounts(t, userId);
    expect(counts.followersCount).toBe(rows.follows.filter((f) => f.followingId === userId).length);
    expect(counts.followingCount).toBe(rows.follows.filter((f) => f.followerId === userId).length);
    expect(counts.followersCount).toBeGreaterThanOrEqual(3);
    expect(counts.followingCount).toBeGreaterThanOrEqual(3);
  }
  // The demo professional's Following tab has the people he follows, and his likes collapsed into one notification per post.
  const following = (await marcus.as.query(api.social.posts.following, { paginationOpts: page })).page;
  // The collapsed notifications' counts are refreshed by scheduled jobs.
  await settleCounts(t);
  expect(following.some((p) => p.author.firstName === "Peer0")).toBe(true);
  const notes = await t.run((ctx) =>
    ctx.db
      .query("notifications")
      .withIndex("by_userId_and_type", (q) => q.eq("userId", marcus.userId).eq("type", "like"))
      .collect(),
  );
  expect(Math.max(...notes.map((n) => n.actorCount ?? 0))).toBeGreaterThanOrEqual(5);
  expect((await t.query(api.social.posts.trending, {})).length).toBeGreaterThan(5);
});
