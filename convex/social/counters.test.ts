// Property: after any sequence of likes, unlikes, comments, replies, edits (some the screen holds),
// deletes, follows and unfollows, every kept count equals the rows it counts (posts' likes and
// visible comments, comments' likes and visible replies, members' followers and following, unread
// notifications).
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { LIKE_TYPES } from "../../common/social";
import { userCountsOf } from "../model/counters";
import { Rng } from "../seed/data";
import { newTest, owner, pro, useFakeTime, type TestMember } from "../test.setup";
import { commentLikes, followCounts, insertTestPost, postLikes, settleCounts } from "./social.setup";

const STEPS = 300;
/** Text the screen holds (a held comment counts nowhere until an edit clears it). */
const HELD = "This contractor is a fucking idiot";

// The sequence toggles follows and edits far faster than a person: the rate limits (tested in
// limits.test.ts) are opened up here.
beforeAll(() => {
  // The collapsed like notifications are refreshed by scheduled jobs: settleCounts runs them.
  useFakeTime();
  process.env.RATE_LIMIT_FOLLOW_CHANGES_PER_MEMBER = "100000";
  process.env.RATE_LIMIT_FOLLOW_CHANGES = "100000";
  process.env.RATE_LIMIT_COMMENTS = "100000";
  process.env.RATE_LIMIT_EDITS = "100000";
});
afterAll(() => {
  vi.useRealTimers();
  delete process.env.RATE_LIMIT_FOLLOW_CHANGES_PER_MEMBER;
  delete process.env.RATE_LIMIT_FOLLOW_CHANGES;
  delete process.env.RATE_LIMIT_COMMENTS;
  delete process.env.RATE_LIMIT_EDITS;
});

test.each([1, 7, 2026])(
  "kept counts equal the rows after %i's random sequence",
  async (seed) => {
    const t = newTest();
    const rng = new Rng(seed);
    const members: TestMember[] = [
      await owner(t, { firstName: "Ana" }),
      await owner(t, { firstName: "Olu" }),
      await pro(t, { firstName: "Bo" }),
      await pro(t, { firstName: "Cy" }),
      await pro(t, { firstName: "Di" }),
    ];
    const posts: Id<"posts">[] = [];
    for (let i = 0; i < 4; i++) posts.push(await insertTestPost(t, members[i % members.length]!.userId));
    const comments = async () => await t.run((ctx) => ctx.db.query("comments").collect());

    for (let step = 0; step < STEPS; step++) {
      const who = rng.pick(members);
      const action = rng.int(0, 6);
      if (action === 0) {
        await who.as.mutation(api.social.likes.togglePost, {
          postId: rng.pick(posts),
          likeType: rng.pick(LIKE_TYPES).value,
        });
      } else if (action === 1 || action === 2) {
        const all = await comments();
        // A held comment is seen (and so answered) by its author only.
        const top = all.filter((c) => c.parentCommentId === undefined && (c.visible || c.authorId === who.userId));
        const parent = action === 2 && top.length > 0 ? rng.pick(top) : null;
        await who.as.mutation(api.social.comments.add, {
          postId: parent?.postId ?? rng.pick(posts),
          content: rng.chance(0.2) ? HELD : `Step ${step}`,
          mentionIds: [],
          ...(parent ? { parentCommentId: parent._id } : {}),
        });
      } else if (action === 3) {
        const all = await comments();
        if (all.length === 0) continue;
        const c = rng.pick(all);
        const liker = c.visible ? who : members.find((m) => m.userId === c.authorId)!;
        if (rng.chance(0.5))
          await liker.as.mutation(api.social.likes.toggleComment, {
            commentId: c._id,
            likeType: rng.pick(LIKE_TYPES).value,
          });
        else {
          const post = await t.run((ctx) => ctx.db.get("posts", c.postId));
          const removerId = rng.chance(0.5) || !c.visible ? c.authorId : post!.authorId;
          const remover = members.find((m) => m.userId === removerId)!;
          await remover.as.mutation(api.social.comments.remove, { commentId: c._id });
        }
      } else if (action === 6) {
        const all = await comments();
        if (all.length === 0) continue;
        const c = rng.pick(all);
        const author = members.find((m) => m.userId === c.authorId)!;
        await author.as.mutation(api.social.comments.update, {
          commentId: c._id,
          content: rng.chance(0.4) ? HELD : `Edited at ${step}`,
          mentionIds: [],
        });
      } else {
        const other = rng.pick(members.filter((m) => m !== who));
        if (action === 4) await who.as.mutation(api.social.follows.follow, { userId: other.userId });
        else await who.as.mutation(api.social.follows.unfollow, { userId: other.userId });
      }
    }

    await settleCounts(t);
    const likes = await t.run((ctx) => ctx.db.query("likes").collect());
    const allComments = await comments();
    for (const postId of posts) {
      expect(await postLikes(t, postId)).toBe(likes.filter((l) => l.postId === postId).length);
    }
    for (const c of allComments)
      expect(await commentLikes(t, c._id)).toBe(likes.filter((l) => l.commentId === c._id).length);
    const follows = await t.run((ctx) => ctx.db.query("follows").collect());
    for (const m of members) {
      expect(await followCounts(t, m.userId)).toEqual({
        followersCount: follows.filter((f) => f.followingId === m.userId).length,
        followingCount: follows.filter((f) => f.followerId === m.userId).length,
      });
    }
    await t.run(async (ctx) => {
      const notifications = await ctx.db.query("notifications").collect();
      for (const postId of posts) {
        const post = (await ctx.db.get("posts", postId))!;
        expect(post.commentsCount).toBe(allComments.filter((c) => c.postId === postId && c.visible).length);
      }
      for (const c of allComments) {
        expect(c.repliesCount).toBe(allComments.filter((r) => r.parentCommentId === c._id && r.visible).length);
        // No orphan: every reply's parent is still there.
        if (c.parentCommentId) expect(allComments.some((p) => p._id === c.parentCommentId)).toBe(true);
      }
      // No like is left on a deleted comment.
      for (const l of likes) if (l.commentId) expect(allComments.some((c) => c._id === l.commentId)).toBe(true);
      for (const m of members) {
        const user = (await ctx.db.get("users", m.userId))!;
        const unread = notifications.filter((n) => n.userId === m.userId && !n.read).length;
        expect((await userCountsOf(ctx, user)).unreadNotifications).toBe(unread);
      }
      // The sequence did hold some comments.
      expect(allComments.some((c) => !c.visible)).toBe(true);
      // One like per member per item.
      const keys = likes.map((l) => `${l.userId}:${l.postId ?? l.commentId}`);
      expect(new Set(keys).size).toBe(keys.length);
      // Collapsed like notifications count the likes on their item made since they opened (never the owner's).
      // (A deleted comment's notification stays as it was, as it always has.)
      const likeNotices = notifications.filter(
        (x) =>
          x.type === "like" && !x.read && (x.entityType === "post" || allComments.some((c) => c._id === x.entityId)),
      );
      expect(likeNotices.length).toBeGreaterThan(0);
      for (const n of likeNotices) {
        const counted = likes.filter(
          (l) => (l.postId ?? l.commentId) === n.entityId && l.userId !== n.userId && l._creationTime >= n.likesSince!,
        );
        expect(n.actorCount).toBe(counted.length);
        expect(counted.map((l) => l.userId)).toContain(n.actorId);
      }
    });
  },
  120_000,
);
