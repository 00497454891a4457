// Likes: one per member per post or comment, toggled; the count is the rows; the owner's notification collapses.
import { describe, expect, test } from "vitest";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { newTest, owner, pro } from "../test.setup";
import { insertTestPost } from "./social.setup";
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

describe("togglePost", () => {
  test("like, change type, unlike: one row, count follows, state answered", async () => {
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const bo = await pro(t, { firstName: "Bo", lastName: "Lane" });
    const postId = await insertTestPost(t, ana.userId);

    expect(await bo.as.mutation(api.social.likes.togglePost, { postId })).toEqual({
      liked: true,
      likeType: "like",
      likesCount: 1,
    });
    expect(await bo.as.mutation(api.social.likes.togglePost, { postId, likeType: "helpful" })).toEqual({
      liked: true,
      likeType: "helpful",
      likesCount: 1,
    });
    expect((await likeRows(t, postId)).map((l) => l.likeType)).toEqual(["helpful"]);
    expect(await bo.as.mutation(api.social.likes.togglePost, { postId, likeType: "helpful" })).toEqual({
      liked: false,
      likeType: null,
      likesCount: 0,
    });
    expect(await likeRows(t, postId)).toEqual([]);
    expect((await t.run((ctx) => ctx.db.get("posts", postId)))!.likesCount).toBe(0);
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
    expect((await t.run((ctx) => ctx.db.get("posts", postId)))!.likesCount).toBe(8);
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
    expect((await ana.as.mutation(api.social.likes.togglePost, { postId: own })).likesCount).toBe(1);
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
    rows = await notificationsOf(t, ana.userId);
    expect(rows[0]).toMatchObject({ actorCount: 2, title: "Cy Lane and 1 other liked your post" });
    await di!.as.mutation(api.social.likes.togglePost, { postId });
    await di!.as.mutation(api.social.likes.togglePost, { postId, likeType: "helpful" });
    rows = await notificationsOf(t, ana.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorCount: 3, title: "Di Lane and 2 others liked your post" });
    expect(await t.run(async (ctx) => (await userCountsOf(ctx, { _id: ana.userId })).unreadNotifications)).toBe(1);

    // Once read, the next like starts a new one.
    await ana.as.mutation(api.notifications.markAllRead, {});
    await bo!.as.mutation(api.social.likes.togglePost, { postId });
    await bo!.as.mutation(api.social.likes.togglePost, { postId });
    rows = (await notificationsOf(t, ana.userId)).filter((n) => !n.read);
    expect(rows.map((n) => n.title)).toEqual(["Bo Lane liked your post"]);

    // The only liker takes it back: the unread notification goes, and so does its count.
    await bo!.as.mutation(api.social.likes.togglePost, { postId });
    expect((await notificationsOf(t, ana.userId)).filter((n) => !n.read)).toEqual([]);
    expect(await t.run(async (ctx) => (await userCountsOf(ctx, { _id: ana.userId })).unreadNotifications)).toBe(0);
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
      likesCount: 1,
    });
    const rows = await notificationsOf(t, ana.userId);
    expect(rows.map((n) => n.title)).toEqual(["Bo Lane liked your comment"]);
    await t.run((ctx) => ctx.db.patch("comments", commentId, { visible: false }));
    const hidden = await outcome(bo.as.mutation(api.social.likes.toggleComment, { commentId }));
    expect(hidden.ok ? null : hidden.code).toBe("NOT_FOUND");
    const anon = await outcome(t.mutation(api.social.likes.toggleComment, { commentId }));
    expect(anon.ok ? null : anon.code).toBe("NOT_AUTHENTICATED");
  });
});
