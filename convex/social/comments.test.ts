// Comments: oldest first, one reply level, own edits, author-or-post-author deletes, counts and mentions kept.
import { describe, expect, test } from "vitest";
import { api, internal } from "../_generated/api";
import { SocialCopy } from "../../common/social";
import { outcome } from "../authz.setup";
import { PURGE_BATCH } from "../model/comments";
import { newTest, owner, pro } from "../test.setup";
import { firstPage, insertTestPost } from "./social.setup";

const messageOf = (o: Awaited<ReturnType<typeof outcome>>) =>
  o.ok ? null : ((o.error as { data?: { message?: string } }).data?.message ?? null);

describe("comments", () => {
  test("add and list: top level oldest first, replies under their comment, counts kept", async () => {
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const bo = await pro(t, { firstName: "Bo", lastName: "Lane" });
    const postId = await insertTestPost(t, ana.userId);
    const first = await bo.as.mutation(api.social.comments.add, { postId, content: "Looks great", mentionIds: [] });
    await ana.as.mutation(api.social.comments.add, {
      postId,
      content: "Thanks!",
      parentCommentId: first.commentId,
      mentionIds: [],
    });
    await ana.as.mutation(api.social.comments.add, { postId, content: "Second top-level", mentionIds: [] });

    const top = await t.query(api.social.comments.list, { postId, paginationOpts: firstPage });
    expect(top.page.map((c) => c.content)).toEqual(["Looks great", "Second top-level"]);
    expect(top.page[0]).toMatchObject({ repliesCount: 1, isOwn: false, viewerLike: null, parentCommentId: null });
    expect(top.page[0]!.author).toMatchObject({ firstName: "Bo", lastName: "Lane" });
    const replies = await bo.as.query(api.social.comments.list, {
      postId,
      parentCommentId: first.commentId,
      paginationOpts: firstPage,
    });
    expect(replies.page.map((c) => [c.content, c.isOwn])).toEqual([["Thanks!", false]]);
    expect((await t.run((ctx) => ctx.db.get("posts", postId)))!.commentsCount).toBe(3);

    // Ana hears about Bo's comment; Bo about Ana's reply; nobody about their own.
    const titles = await t.run(async (ctx) =>
      (await ctx.db.query("notifications").collect()).map((n) => [n.userId, n.title]),
    );
    expect(titles).toEqual([
      [ana.userId, "Bo Lane commented on your post"],
      [bo.userId, "Ana Reyes replied to your comment"],
    ]);
  });

  test("one reply level; empty or over-long content refused with the spec's words; anonymous refused", async () => {
    const t = newTest();
    const ana = await owner(t);
    const postId = await insertTestPost(t, ana.userId);
    const { commentId } = await ana.as.mutation(api.social.comments.add, { postId, content: "Top", mentionIds: [] });
    const reply = await ana.as.mutation(api.social.comments.add, {
      postId,
      content: "Reply",
      parentCommentId: commentId,
      mentionIds: [],
    });
    const nested = await outcome(
      ana.as.mutation(api.social.comments.add, {
        postId,
        content: "Deeper",
        parentCommentId: reply.commentId,
        mentionIds: [],
      }),
    );
    expect(messageOf(nested)).toBe(SocialCopy.repliesOneLevel);
    expect(
      messageOf(await outcome(ana.as.mutation(api.social.comments.add, { postId, content: "   ", mentionIds: [] }))),
    ).toBe(SocialCopy.commentRequired);
    expect(
      messageOf(
        await outcome(ana.as.mutation(api.social.comments.add, { postId, content: "x".repeat(2001), mentionIds: [] })),
      ),
    ).toBe(SocialCopy.tooLong("Comment", 2000));
    const anon = await outcome(t.mutation(api.social.comments.add, { postId, content: "Hi", mentionIds: [] }));
    expect(anon.ok ? null : anon.code).toBe("NOT_AUTHENTICATED");
    // A reply to a comment on another post is not found.
    const other = await insertTestPost(t, ana.userId);
    const cross = await outcome(
      ana.as.mutation(api.social.comments.add, {
        postId: other,
        content: "x",
        parentCommentId: commentId,
        mentionIds: [],
      }),
    );
    expect(messageOf(cross)).toBe(SocialCopy.commentNotFound);
  });

  test("a hidden post's comments: others can neither read nor add", async () => {
    const t = newTest();
    const ana = await owner(t);
    const bo = await pro(t);
    const postId = await insertTestPost(t, ana.userId, { visible: false, moderationStatus: "flagged" });
    await ana.as.mutation(api.social.comments.add, { postId, content: "Note to self", mentionIds: [] });
    expect((await bo.as.query(api.social.comments.list, { postId, paginationOpts: firstPage })).page).toEqual([]);
    expect((await ana.as.query(api.social.comments.list, { postId, paginationOpts: firstPage })).page).toHaveLength(1);
    expect(
      messageOf(await outcome(bo.as.mutation(api.social.comments.add, { postId, content: "Hi", mentionIds: [] }))),
    ).toBe(SocialCopy.postNotFound);
  });

  test("mentions are kept only while the @name is in the text; the named member is told once", async () => {
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const bo = await pro(t, { firstName: "Bo", lastName: "Lane" });
    const cy = await pro(t, { firstName: "Cy", lastName: "Park" });
    const postId = await insertTestPost(t, ana.userId);
    const { commentId } = await bo.as.mutation(api.social.comments.add, {
      postId,
      content: "@Cy Park did the framing",
      mentionIds: [cy.userId, ana.userId],
    });
    const row = await t.run((ctx) => ctx.db.get("comments", commentId));
    expect(row!.mentions).toEqual([cy.userId]);
    const cyTold = async () =>
      await t.run(async (ctx) =>
        (
          await ctx.db
            .query("notifications")
            .withIndex("by_userId", (q) => q.eq("userId", cy.userId))
            .collect()
        ).map((n) => n.title),
      );
    expect(await cyTold()).toEqual(["Bo Lane mentioned you in a comment"]);
    const listed = await bo.as.query(api.social.comments.list, { postId, paginationOpts: firstPage });
    expect(listed.page[0]!.mentions).toEqual([{ _id: cy.userId, name: "Cy Park" }]);

    // Edited: Cy's name gone, Ana's in; Cy is not told again, Ana is.
    await bo.as.mutation(api.social.comments.update, {
      commentId,
      content: "Thanks @Ana Reyes",
      mentionIds: [cy.userId, ana.userId],
    });
    const edited = await t.run((ctx) => ctx.db.get("comments", commentId));
    expect(edited!.mentions).toEqual([ana.userId]);
    expect(edited!.editedAt).toBeTypeOf("number");
    expect(await cyTold()).toHaveLength(1);
  });

  test("a comment the screen flags is its author's only, tells nobody, and an edit can clear it", async () => {
    const t = newTest();
    const ana = await owner(t);
    const bo = await pro(t);
    const postId = await insertTestPost(t, ana.userId);
    const { commentId } = await bo.as.mutation(api.social.comments.add, {
      postId,
      content: "This contractor is a fucking idiot",
      mentionIds: [],
    });
    expect((await ana.as.query(api.social.comments.list, { postId, paginationOpts: firstPage })).page).toEqual([]);
    expect((await bo.as.query(api.social.comments.list, { postId, paginationOpts: firstPage })).page).toHaveLength(1);
    expect(await t.run((ctx) => ctx.db.query("notifications").collect())).toEqual([]);
    // It counts nowhere while held.
    expect((await t.run((ctx) => ctx.db.get("posts", postId)))!.commentsCount).toBe(0);
    const like = await outcome(ana.as.mutation(api.social.likes.toggleComment, { commentId }));
    expect(like.ok ? null : like.code).toBe("NOT_FOUND");
    await bo.as.mutation(api.social.comments.update, {
      commentId,
      content: "Sorry, fair price in the end",
      mentionIds: [],
    });
    const listed = await ana.as.query(api.social.comments.list, { postId, paginationOpts: firstPage });
    expect(listed.page.map((c) => c.content)).toEqual(["Sorry, fair price in the end"]);
    expect((await t.run((ctx) => ctx.db.get("posts", postId)))!.commentsCount).toBe(1);
  });

  test("update: the author only", async () => {
    const t = newTest();
    const ana = await owner(t);
    const bo = await pro(t);
    const postId = await insertTestPost(t, ana.userId);
    const { commentId } = await bo.as.mutation(api.social.comments.add, { postId, content: "Mine", mentionIds: [] });
    const refused = await outcome(
      ana.as.mutation(api.social.comments.update, { commentId, content: "Hers", mentionIds: [] }),
    );
    expect(refused.ok ? null : refused.code).toBe("FORBIDDEN");
    expect(messageOf(refused)).toBe(SocialCopy.onlyAuthor);
    expect(
      messageOf(await outcome(bo.as.mutation(api.social.comments.update, { commentId, content: "", mentionIds: [] }))),
    ).toBe(SocialCopy.commentRequired);
  });

  test("remove: the comment's author or the post's author; replies and likes go with it; counts right", async () => {
    const t = newTest();
    const ana = await owner(t);
    const bo = await pro(t);
    const cy = await pro(t);
    const postId = await insertTestPost(t, ana.userId);
    const { commentId } = await bo.as.mutation(api.social.comments.add, { postId, content: "Top", mentionIds: [] });
    const r1 = await cy.as.mutation(api.social.comments.add, {
      postId,
      content: "R1",
      parentCommentId: commentId,
      mentionIds: [],
    });
    await bo.as.mutation(api.social.comments.add, {
      postId,
      content: "R2",
      parentCommentId: commentId,
      mentionIds: [],
    });
    await cy.as.mutation(api.social.likes.toggleComment, { commentId });
    await ana.as.mutation(api.social.likes.toggleComment, { commentId: r1.commentId });
    expect((await t.run((ctx) => ctx.db.get("posts", postId)))!.commentsCount).toBe(3);

    // Cy may remove their reply, not Bo's comment.
    const refused = await outcome(cy.as.mutation(api.social.comments.remove, { commentId }));
    expect(refused.ok ? null : refused.code).toBe("FORBIDDEN");
    await cy.as.mutation(api.social.comments.remove, { commentId: r1.commentId });
    expect((await t.run((ctx) => ctx.db.get("comments", commentId)))!.repliesCount).toBe(1);
    expect((await t.run((ctx) => ctx.db.get("posts", postId)))!.commentsCount).toBe(2);

    // The post's author removes Bo's comment: its reply and likes go too.
    await ana.as.mutation(api.social.comments.remove, { commentId });
    const left = await t.run(async (ctx) => ({
      comments: await ctx.db.query("comments").collect(),
      likes: await ctx.db.query("likes").collect(),
      post: await ctx.db.get("posts", postId),
    }));
    expect(left.comments).toEqual([]);
    expect(left.likes).toEqual([]);
    expect(left.post!.commentsCount).toBe(0);
    const gone = await outcome(bo.as.mutation(api.social.comments.remove, { commentId }));
    expect(messageOf(gone)).toBe(SocialCopy.commentNotFound);
  });

  test("a thread larger than one batch is finished by scheduled batches", async () => {
    const t = newTest();
    const ana = await owner(t);
    const postId = await insertTestPost(t, ana.userId);
    const { commentId } = await ana.as.mutation(api.social.comments.add, { postId, content: "Top", mentionIds: [] });
    const replies = PURGE_BATCH + 30;
    await t.run(async (ctx) => {
      for (let i = 0; i < replies; i++) {
        await ctx.db.insert("comments", {
          postId,
          authorId: ana.userId,
          content: `R${i}`,
          parentCommentId: commentId,
          mentions: [],
          likesCount: 0,
          repliesCount: 0,
          moderationStatus: "approved",
          moderationConfidence: 1,
          moderationFlags: [],
          visible: true,
        });
      }
      await ctx.db.patch("posts", postId, { commentsCount: replies + 1 });
      await ctx.db.patch("comments", commentId, { repliesCount: replies });
    });
    await ana.as.mutation(api.social.comments.remove, { commentId });
    expect((await t.run((ctx) => ctx.db.get("posts", postId)))!.commentsCount).toBeGreaterThan(0);
    await t.mutation(internal.social.comments.purgeChildren, { commentId, postId });
    await t.mutation(internal.social.comments.purgeChildren, { commentId, postId });
    const after = await t.run(async (ctx) => ({
      n: (await ctx.db.query("comments").collect()).length,
      post: await ctx.db.get("posts", postId),
    }));
    expect(after).toMatchObject({ n: 0, post: { commentsCount: 0 } });
  });
});
