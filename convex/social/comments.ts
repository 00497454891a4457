// Comments under a post (spec §2 Reactions and conversation): listed oldest
// first, top level or one comment's replies; added, edited and deleted by
// their author (the post's author may delete comments on their post).
// Rules in model/comments.ts.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { commentSchema } from "../../common/social";
import { internalMutation, mutation, query } from "../functions";
import {
  assertCanEditComment,
  assertCanRemoveComment,
  canSeeComment,
  commentView,
  editComment,
  insertComment,
  purgeCommentChildren,
  removeComment,
  visibleCommentOrThrow,
} from "../model/comments";
import { parseOrThrow } from "../model/errors";
import { limitComments, limitEdits } from "../model/limits";
import { cappedPagination } from "../model/paging";
import { canSeePost, visiblePostOrThrow } from "../model/posts";
import { commentViewValidator } from "../model/socialViews";

export const list = query({
  args: {
    postId: v.id("posts"),
    parentCommentId: v.optional(v.id("comments")),
    paginationOpts: paginationOptsValidator,
  },
  returns: paginationResultValidator(commentViewValidator),
  handler: async (ctx, { postId, parentCommentId, paginationOpts }) => {
    const post = await ctx.db.get("posts", postId);
    if (post === null || !canSeePost(ctx.viewer?._id ?? null, post))
      return { page: [], isDone: true, continueCursor: "" };
    const result = await ctx.db
      .query("comments")
      .withIndex("by_postId_and_parentCommentId", (q) => q.eq("postId", postId).eq("parentCommentId", parentCommentId))
      .order("asc")
      .paginate(cappedPagination(paginationOpts));
    const page = [];
    for (const comment of result.page) {
      if (canSeeComment(ctx.viewer?._id ?? null, comment))
        page.push(await commentView(ctx, comment, ctx.viewer?._id ?? null));
    }
    return { ...result, page };
  },
});

export const add = mutation({
  args: {
    postId: v.id("posts"),
    content: v.string(),
    parentCommentId: v.optional(v.id("comments")),
    mentionIds: v.array(v.id("users")),
  },
  returns: v.object({ commentId: v.id("comments") }),
  handler: async (ctx, { postId, content, parentCommentId, mentionIds }) => {
    const viewer = ctx.viewerX();
    const post = await visiblePostOrThrow(ctx, postId, viewer._id);
    const values = parseOrThrow(commentSchema, { content });
    await limitComments(ctx, viewer._id);
    return { commentId: await insertComment(ctx, viewer, post, values, mentionIds, parentCommentId) };
  },
});

export const update = mutation({
  args: { commentId: v.id("comments"), content: v.string(), mentionIds: v.array(v.id("users")) },
  returns: v.null(),
  handler: async (ctx, { commentId, content, mentionIds }) => {
    const viewer = ctx.viewerX();
    const { comment } = await visibleCommentOrThrow(ctx, commentId, viewer._id);
    assertCanEditComment(viewer, comment);
    await limitEdits(ctx, viewer._id);
    await editComment(ctx, comment, parseOrThrow(commentSchema, { content }), mentionIds);
    return null;
  },
});

export const remove = mutation({
  args: { commentId: v.id("comments") },
  returns: v.null(),
  handler: async (ctx, { commentId }) => {
    const viewer = ctx.viewerX();
    const { comment, post } = await visibleCommentOrThrow(ctx, commentId, viewer._id);
    assertCanRemoveComment(viewer, comment, post);
    await removeComment(ctx, comment);
    return null;
  },
});

/** The next batch of a deleted comment's replies and likes (model/comments.ts purgeCommentChildren). */
export const purgeChildren = internalMutation({
  args: { commentId: v.id("comments"), postId: v.id("posts") },
  returns: v.null(),
  handler: async (ctx, { commentId, postId }) => {
    await purgeCommentChildren(ctx, commentId, postId);
    return null;
  },
});
