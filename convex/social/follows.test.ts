// Follows: idempotent, never yourself, counts kept on both members, the followed member told once.
import { describe, expect, test } from "vitest";
import { api } from "../_generated/api";
import { SocialCopy } from "../../common/social";
import { outcome } from "../authz.setup";
import { newTest, owner, pro, userRow } from "../test.setup";
import { purgeStep } from "../model/accountDeletion";
import { firstPage, insertTestPost } from "./social.setup";

describe("follows", () => {
  test("follow twice, unfollow twice: one row while it lasts, counts on both sides, one notification", async () => {
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const bo = await pro(t, { firstName: "Bo", lastName: "Lane" });
    expect(await ana.as.mutation(api.social.follows.follow, { userId: bo.userId })).toEqual({
      following: true,
      followersCount: 1,
      followingCount: 0,
    });
    await ana.as.mutation(api.social.follows.follow, { userId: bo.userId });
    expect(await t.run((ctx) => ctx.db.query("follows").collect())).toHaveLength(1);
    expect((await userRow(t, ana.userId)).followingCount).toBe(1);
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

    expect(await ana.as.mutation(api.social.follows.unfollow, { userId: bo.userId })).toMatchObject({
      following: false,
      followersCount: 0,
    });
    await ana.as.mutation(api.social.follows.unfollow, { userId: bo.userId });
    expect(await t.run((ctx) => ctx.db.query("follows").collect())).toEqual([]);
    expect([(await userRow(t, ana.userId)).followingCount, (await userRow(t, bo.userId)).followersCount]).toEqual([
      0, 0,
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
    expect((await userRow(t, ana.userId)).followersCount).toBe(1);
    expect(await t.run((ctx) => ctx.db.query("follows").collect())).toHaveLength(1);
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
    expect((await userRow(t, ana.userId)).followersCount).toBe(0);
    expect((await userRow(t, bo.userId)).followingCount).toBe(0);
    const left = await t.run(async (ctx) => ({
      follows: (await ctx.db.query("follows").collect()).length,
      likes: (await ctx.db.query("likes").collect()).map((l) => l.userId),
      post: (await ctx.db.get("posts", postId))!.likesCount,
      comment: (await ctx.db.get("comments", commentId))!.likesCount,
    }));
    expect(left).toEqual({ follows: 0, likes: [bo.userId], post: 1, comment: 0 });
  });
});
