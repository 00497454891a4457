// Likes: one per member per post or comment, toggled; the count is the rows; the owner's notification collapses.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, components } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { newTest, owner, pro, useFakeTime } from "../test.setup";
import { commentLikes, insertTestPost, postLikes, settleCounts } from "./social.setup";
import { outcome } from "../authz.setup";
import { userCountsOf } from "../model/counters";

async function likeRows(t: ReturnType<typeof newTest>, postId: Id<"posts">) {
  return await t.run((ctx) =>
    ctx.db
      .query("likes")
      .withIndex("by_postId", (q) => q.eq("postId", postId))
      .collect(),
  );
}

async function notificationsOf(t: ReturnType<typeof newTest>, userId: Id<"users">) {
  return await t.run((ctx) =>
    ctx.db
      .query("notifications")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .collect(),
  );
}

// The collapsed notification is refreshed by a scheduled job (settleCounts runs it).
beforeEach(() => useFakeTime());
afterEach(() => vi.useRealTimers());

describe("togglePost", () => {
  test("like, change type, unlike: one row, count follows, state answered", async () => {
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const bo = await pro(t, { firstName: "Bo", lastName: "Lane" });
    const postId = await insertTestPost(t, ana.userId);

    expect(await bo.as.mutation(api.social.likes.togglePost, { postId })).toEqual({ liked: true, likeType: "like" });
    expect(await t.query(api.social.posts.get, { postId })).toMatchObject({ likesCount: 1 });
    expect(await bo.as.mutation(api.social.likes.togglePost, { postId, likeType: "helpful" })).toEqual({
      liked: true,
      likeType: "helpful",
    });
    expect(await postLikes(t, postId)).toBe(1);
    expect((await likeRows(t, postId)).map((l) => l.likeType)).toEqual(["helpful"]);
    expect(await bo.as.mutation(api.social.likes.togglePost, { postId, likeType: "helpful" })).toEqual({
      liked: false,
      likeType: null,
    });
    expect(await likeRows(t, postId)).toEqual([]);
    expect(await t.query(api.social.posts.get, { postId })).toMatchObject({ likesCount: 0 });
  });

  test("concurrent likes from many members stay exact", async () => {
    const t = newTest();
    const ana = await owner(t);
    const postId = await insertTestPost(t, ana.userId);
    const members = await Promise.all(Array.from({ length: 8 }, (_, i) => pro(t, { firstName: `P${i}` })));
    await Promise.all(members.map((m) => m.as.mutation(api.social.likes.togglePost, { postId })));
    // The same member pressing twice at once ends where two presses end: liked again, one row.
    await Promise.all([
      members[0]!.as.mutation(api.social.likes.togglePost, { postId }),
      members[0]!.as.mutation(api.social.likes.togglePost, { postId }),
    ]);
    const rows = await likeRows(t, postId);
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(8);
    expect(await postLikes(t, postId)).toBe(8);
  });

  test("likes no longer write the post row or one shared row: the count spreads over shards and stays exact", async () => {
    const t = newTest();
    const ana = await owner(t);
    const postId = await insertTestPost(t, ana.userId);
    const before = (await t.run((ctx) => ctx.db.get("posts", postId)))!;
    const members = await Promise.all(Array.from({ length: 12 }, (_, i) => pro(t, { firstName: `P${i}` })));
    // Likes, then every other member takes theirs back and likes again, interleaved.
    await Promise.all(members.map((m) => m.as.mutation(api.social.likes.togglePost, { postId })));
    await Promise.all(
      members.flatMap((m, i) =>
        i % 2 === 0
          ? [
              m.as.mutation(api.social.likes.togglePost, { postId }),
              m.as.mutation(api.social.likes.togglePost, { postId }),
            ]
          : [m.as.mutation(api.social.likes.togglePost, { postId, likeType: "helpful" })],
      ),
    );
    const after = (await t.run((ctx) => ctx.db.get("posts", postId)))!;
    expect(after).toEqual(before);
    expect(await postLikes(t, postId)).toBe((await likeRows(t, postId)).length);
    expect(await postLikes(t, postId)).toBe(12);
    const shards = await t.run((ctx) =>
      ctx.runQuery(components.shardedCounter.public.count, { name: `likes:post:${postId}` }),
    );
    expect(shards).toBe(12);
  });

  test("a count the post row kept before the counter still counts, and unlikes take from it", async () => {
    const t = newTest();
    const ana = await owner(t);
    const bo = await pro(t);
    // As a deployment from before: a like row and a likesCount of 1 on the post, nothing in the counter.
    const postId = await insertTestPost(t, ana.userId, { likesCount: 1 });
    await t.run((ctx) => ctx.db.insert("likes", { userId: bo.userId, postId, likeType: "like" }));
    expect(await postLikes(t, postId)).toBe(1);
    await bo.as.mutation(api.social.likes.togglePost, { postId });
    expect(await postLikes(t, postId)).toBe(0);
    await bo.as.mutation(api.social.likes.togglePost, { postId });
    expect(await postLikes(t, postId)).toBe(1);
  });

  test("refused: anonymous, a hidden post of someone else, a missing post; the author may like their own flagged one", async () => {
    const t = newTest();
    const ana = await owner(t);
    const bo = await pro(t);
    const flagged = await insertTestPost(t, ana.userId, { visible: false, moderationStatus: "flagged" });
    const anon = await outcome(t.mutation(api.social.likes.togglePost, { postId: flagged }));
    expect(anon.ok ? null : anon.code).toBe("NOT_AUTHENTICATED");
    const hidden = await outcome(bo.as.mutation(api.social.likes.togglePost, { postId: flagged }));
    expect(hidden.ok ? null : hidden.code).toBe("NOT_FOUND");
    expect(hidden.ok ? null : (hidden.error as { data: { message: string } }).data.message).toBe("Post not found");
    await t.run((ctx) => ctx.db.delete("posts", flagged));
    const gone = await outcome(ana.as.mutation(api.social.likes.togglePost, { postId: flagged }));
    expect(gone.ok ? null : gone.code).toBe("NOT_FOUND");
    const own = await insertTestPost(t, ana.userId, { visible: false, moderationStatus: "flagged" });
    expect((await ana.as.mutation(api.social.likes.togglePost, { postId: own })).liked).toBe(true);
    expect(await postLikes(t, own)).toBe(1);
  });

  test("invalid like type is refused by the validator", async () => {
    const t = newTest();
    const ana = await owner(t);
    const postId = await insertTestPost(t, ana.userId);
    await expect(
      ana.as.mutation(api.social.likes.togglePost, { postId, likeType: "love" as "like" }),
    ).rejects.toThrow();
  });
});

describe("like notifications", () => {
  test("likes on one post collapse into one unread notification; unlike and re-like don't spam", async () => {
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const postId = await insertTestPost(t, ana.userId);
    const [bo, cy, di] = await Promise.all(
      ["Bo", "Cy", "Di"].map((firstName) => pro(t, { firstName, lastName: "Lane" })),
    );
    await bo!.as.mutation(api.social.likes.togglePost, { postId });
    await cy!.as.mutation(api.social.likes.togglePost, { postId, likeType: "inspiring" });
    await di!.as.mutation(api.social.likes.togglePost, { postId });
    await settleCounts(t);
    let rows = await notificationsOf(t, ana.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: "like",
      actorCount: 3,
      title: "Di Lane and 2 others liked your post",
      read: false,
      actionUrl: `/feed/${postId}`,
    });

    // Unlike and like again: still one notification, still 3 people.
    await di!.as.mutation(api.social.likes.togglePost, { postId });
    await settleCounts(t);
    rows = await notificationsOf(t, ana.userId);
    expect(rows[0]).toMatchObject({ actorCount: 2, title: "Cy Lane and 1 other liked your post" });
    await di!.as.mutation(api.social.likes.togglePost, { postId });
    await di!.as.mutation(api.social.likes.togglePost, { postId, likeType: "helpful" });
    await settleCounts(t);
    rows = await notificationsOf(t, ana.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorCount: 3, title: "Di Lane and 2 others liked your post" });
    expect(await t.run(async (ctx) => (await userCountsOf(ctx, { _id: ana.userId })).unreadNotifications)).toBe(1);

    // Once read, the next like starts a new one.
    await ana.as.mutation(api.notifications.markAllRead, {});
    await bo!.as.mutation(api.social.likes.togglePost, { postId });
    await bo!.as.mutation(api.social.likes.togglePost, { postId });
    await settleCounts(t);
    rows = (await notificationsOf(t, ana.userId)).filter((n) => !n.read);
    expect(rows.map((n) => n.title)).toEqual(["Bo Lane liked your post"]);

    // The only liker takes it back: the unread notification goes, and so does its count.
    await bo!.as.mutation(api.social.likes.togglePost, { postId });
    await settleCounts(t);
    expect((await notificationsOf(t, ana.userId)).filter((n) => !n.read)).toEqual([]);
    expect(await t.run(async (ctx) => (await userCountsOf(ctx, { _id: ana.userId })).unreadNotifications)).toBe(0);
  });

  test("a burst of likes rewrites the notification once per interval, not once per like", async () => {
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const postId = await insertTestPost(t, ana.userId);
    const members = await Promise.all(
      Array.from({ length: 10 }, (_, i) => pro(t, { firstName: `P${i}`, lastName: "Lane" })),
    );
    await members[0]!.as.mutation(api.social.likes.togglePost, { postId });
    const opened = (await notificationsOf(t, ana.userId))[0]!;
    for (const m of members.slice(1)) await m.as.mutation(api.social.likes.togglePost, { postId });
    // Nine likes later: one write (the refresh asked for), the title not yet rewritten.
    const during = (await notificationsOf(t, ana.userId))[0]!;
    expect(during).toMatchObject({ title: opened.title, actorCount: 1, refreshPending: true });
    await settleCounts(t);
    expect((await notificationsOf(t, ana.userId))[0]).toMatchObject({
      actorCount: 10,
      title: "P9 Lane and 9 others liked your post",
      refreshPending: false,
    });
  });

  test("an unread notification from before the counter is carried on with its count", async () => {
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const [bo, cy, di] = await Promise.all(
      ["Bo", "Cy", "Di"].map((firstName) => pro(t, { firstName, lastName: "Lane" })),
    );
    const postId = await insertTestPost(t, ana.userId);
    // As an older deployment left it: Bo and Cy liked, collapsed by actorIds.
    await t.run(async (ctx) => {
      for (const m of [bo!, cy!]) await ctx.db.insert("likes", { userId: m.userId, postId, likeType: "like" });
      await ctx.db.insert("notifications", {
        userId: ana.userId,
        type: "like",
        title: "Cy Lane and 1 other liked your post",
        content: "Finished the deck today #decks",
        actionUrl: `/feed/${postId}`,
        actorId: cy!.userId,
        entityType: "post",
        entityId: postId,
        read: false,
        actorCount: 2,
        actorIds: [cy!.userId, bo!.userId],
      });
    });
    await di!.as.mutation(api.social.likes.togglePost, { postId });
    await settleCounts(t);
    const rows = await notificationsOf(t, ana.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorCount: 3, title: "Di Lane and 2 others liked your post" });
  });

  test("liking your own post tells nobody", async () => {
    const t = newTest();
    const ana = await owner(t);
    const postId = await insertTestPost(t, ana.userId);
    await ana.as.mutation(api.social.likes.togglePost, { postId });
    expect(await notificationsOf(t, ana.userId)).toEqual([]);
  });
});

describe("toggleComment", () => {
  test("likes a comment once per member; hidden comments are refused", async () => {
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const bo = await pro(t, { firstName: "Bo", lastName: "Lane" });
    const postId = await insertTestPost(t, ana.userId);
    const { commentId } = await ana.as.mutation(api.social.comments.add, {
      postId,
      content: "Thanks all",
      mentionIds: [],
    });
    expect(await bo.as.mutation(api.social.likes.toggleComment, { commentId, likeType: "helpful" })).toEqual({
      liked: true,
      likeType: "helpful",
    });
    expect(await commentLikes(t, commentId)).toBe(1);
    const rows = await notificationsOf(t, ana.userId);
    expect(rows.map((n) => n.title)).toEqual(["Bo Lane liked your comment"]);
    await t.run((ctx) => ctx.db.patch("comments", commentId, { visible: false }));
    const hidden = await outcome(bo.as.mutation(api.social.likes.toggleComment, { commentId }));
    expect(hidden.ok ? null : hidden.code).toBe("NOT_FOUND");
    const anon = await outcome(t.mutation(api.social.likes.toggleComment, { commentId }));
    expect(anon.ok ? null : anon.code).toBe("NOT_AUTHENTICATED");
  });
});
