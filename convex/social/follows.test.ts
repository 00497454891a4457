// Follows: idempotent, never yourself, counts kept on both members, the followed member told once.
import { describe, expect, test } from "vitest";
import { api } from "../_generated/api";
import { SocialCopy } from "../../common/social";
import { outcome } from "../authz.setup";
import { newTest, owner, pro, userRow } from "../test.setup";
import { purgeStep } from "../model/accountDeletion";
import { commentLikes, firstPage, followCounts, insertTestPost, postLikes } from "./social.setup";

describe("follows", () => {
  test("follow twice, unfollow twice: one row while it lasts, counts on both sides, one notification", async () => {
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const bo = await pro(t, { firstName: "Bo", lastName: "Lane" });
    expect(await ana.as.mutation(api.social.follows.follow, { userId: bo.userId })).toEqual({ following: true });
    expect(await ana.as.query(api.social.follows.status, { userId: bo.userId })).toEqual({
      following: true,
      followersCount: 1,
      followingCount: 0,
    });
    await ana.as.mutation(api.social.follows.follow, { userId: bo.userId });
    expect(await t.run((ctx) => ctx.db.query("follows").collect())).toHaveLength(1);
    expect((await followCounts(t, ana.userId)).followingCount).toBe(1);
    expect(await bo.as.query(api.social.follows.status, { userId: ana.userId })).toEqual({
      following: false,
      followersCount: 0,
      followingCount: 1,
    });
    const told = await t.run((ctx) => ctx.db.query("notifications").collect());
    expect(told.map((n) => [n.userId, n.type, n.title])).toEqual([
      [bo.userId, "follow", "Ana Reyes started following you"],
    ]);

    const followers = await bo.as.query(api.social.follows.followers, { userId: bo.userId, paginationOpts: firstPage });
    expect(followers.page.map((p) => p.firstName)).toEqual(["Ana"]);
    const following = await bo.as.query(api.social.follows.following, {
      userId: ana.userId,
      paginationOpts: firstPage,
    });
    expect(following.page.map((p) => p.firstName)).toEqual(["Bo"]);

    expect(await ana.as.mutation(api.social.follows.unfollow, { userId: bo.userId })).toEqual({ following: false });
    await ana.as.mutation(api.social.follows.unfollow, { userId: bo.userId });
    expect(await t.run((ctx) => ctx.db.query("follows").collect())).toEqual([]);
    expect([
      (await followCounts(t, ana.userId)).followingCount,
      (await followCounts(t, bo.userId)).followersCount,
    ]).toEqual([0, 0]);
    // The counts live in the sharded counter: neither member's row was written for them.
    expect([(await userRow(t, ana.userId)).followingCount, (await userRow(t, bo.userId)).followersCount]).toEqual([
      undefined,
      undefined,
    ]);
  });

  test("homeowners can be followed; concurrent follows stay one row", async () => {
    const t = newTest();
    const ana = await owner(t);
    const bo = await pro(t);
    await Promise.all([
      bo.as.mutation(api.social.follows.follow, { userId: ana.userId }),
      bo.as.mutation(api.social.follows.follow, { userId: ana.userId }),
    ]);
    expect((await followCounts(t, ana.userId)).followersCount).toBe(1);
    expect(await t.run((ctx) => ctx.db.query("follows").collect())).toHaveLength(1);
  });

  test("many members following and unfollowing one member at once: the count is exact, their row untouched", async () => {
    const t = newTest();
    const star = await pro(t, { firstName: "Star" });
    const before = await userRow(t, star.userId);
    const fans = await Promise.all(Array.from({ length: 10 }, (_, i) => owner(t, { firstName: `Fan${i}` })));
    await Promise.all(fans.map((f) => f.as.mutation(api.social.follows.follow, { userId: star.userId })));
    await Promise.all(
      fans.map((f, i) =>
        i < 4
          ? f.as.mutation(api.social.follows.unfollow, { userId: star.userId })
          : f.as.mutation(api.social.follows.follow, { userId: star.userId }),
      ),
    );
    expect(await followCounts(t, star.userId)).toEqual({ followersCount: 6, followingCount: 0 });
    expect((await followCounts(t, fans[9]!.userId)).followingCount).toBe(1);
    expect((await followCounts(t, fans[0]!.userId)).followingCount).toBe(0);
    expect(await userRow(t, star.userId)).toEqual(before);
  });

  test("counts a member's row kept before the counter still count", async () => {
    const t = newTest();
    const ana = await owner(t);
    const bo = await pro(t, { followersCount: 3 });
    await ana.as.mutation(api.social.follows.follow, { userId: bo.userId });
    expect((await followCounts(t, bo.userId)).followersCount).toBe(4);
    await ana.as.mutation(api.social.follows.unfollow, { userId: bo.userId });
    expect((await followCounts(t, bo.userId)).followersCount).toBe(3);
  });

  test("refused: yourself, a deleted member, anonymous callers", async () => {
    const t = newTest();
    const ana = await owner(t);
    const bo = await pro(t, { deletedAt: Date.now() });
    const self = await outcome(ana.as.mutation(api.social.follows.follow, { userId: ana.userId }));
    expect(self.ok ? null : (self.error as { data: { message: string } }).data.message).toBe(SocialCopy.selfFollow);
    const gone = await outcome(ana.as.mutation(api.social.follows.follow, { userId: bo.userId }));
    expect(gone.ok ? null : gone.code).toBe("NOT_FOUND");
    for (const call of [
      t.mutation(api.social.follows.follow, { userId: ana.userId }),
      t.query(api.social.follows.status, { userId: ana.userId }),
      t.query(api.social.follows.followers, { userId: ana.userId, paginationOpts: firstPage }),
    ]) {
      const o = await outcome(call);
      expect(o.ok ? null : o.code).toBe("NOT_AUTHENTICATED");
    }
  });
});

describe("mention suggestions", () => {
  test("members by name prefix, never the viewer, at most 8; empty text none", async () => {
    const t = newTest();
    const me = await pro(t, { firstName: "Marta", lastName: "Lane", directoryText: "marta lane electrician" });
    await pro(t, { firstName: "Mark", lastName: "Ruiz", directoryText: "mark ruiz plumber" });
    await owner(t, { firstName: "Olive", lastName: "Stone", directoryText: "olive stone" });
    const found = await me.as.query(api.social.mentions.suggest, { q: "@mar" });
    expect(found.map((p) => p.firstName)).toEqual(["Mark"]);
    expect(await me.as.query(api.social.mentions.suggest, { q: "  " })).toEqual([]);
    const anon = await outcome(t.query(api.social.mentions.suggest, { q: "mar" }));
    expect(anon.ok ? null : anon.code).toBe("NOT_AUTHENTICATED");
  });
});

describe("the account purge", () => {
  test("a purged member's follows (both ways) and likes go, with the counts others show", async () => {
    const t = newTest();
    const ana = await owner(t);
    const bo = await pro(t);
    const gone = await pro(t);
    const postId = await insertTestPost(t, ana.userId);
    const { commentId } = await ana.as.mutation(api.social.comments.add, { postId, content: "Thanks", mentionIds: [] });
    await gone.as.mutation(api.social.follows.follow, { userId: ana.userId });
    await bo.as.mutation(api.social.follows.follow, { userId: gone.userId });
    await gone.as.mutation(api.social.likes.togglePost, { postId, likeType: "helpful" });
    await gone.as.mutation(api.social.likes.toggleComment, { commentId });
    await bo.as.mutation(api.social.likes.togglePost, { postId });
    const user = await userRow(t, gone.userId);
    expect(await t.run((ctx) => purgeStep(ctx, user))).toBe(true);
    expect((await followCounts(t, ana.userId)).followersCount).toBe(0);
    expect((await followCounts(t, bo.userId)).followingCount).toBe(0);
    const left = {
      follows: (await t.run((ctx) => ctx.db.query("follows").collect())).length,
      likes: (await t.run((ctx) => ctx.db.query("likes").collect())).map((l) => l.userId),
      post: await postLikes(t, postId),
      comment: await commentLikes(t, commentId),
    };
    expect(left).toEqual({ follows: 0, likes: [bo.userId], post: 1, comment: 0 });
  });
});
