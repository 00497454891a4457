// Likes on posts and comments (spec §3 Like: like, helpful or inspiring; one
// per member per item). Toggle: the same type again takes it back, another
// type changes it. Rules in model/likes.ts.
import { v } from "convex/values";
import { mutation } from "../functions";
import { visibleCommentOrThrow } from "../model/comments";
import { toggleLike } from "../model/likes";
import { visiblePostOrThrow } from "../model/posts";
import { likeType } from "../schema";

/** No count: the feed's queries show it (reading it here would contend with every concurrent like). */
const likeStateValidator = v.object({
  liked: v.boolean(),
  likeType: v.union(likeType, v.null()),
});

export const togglePost = mutation({
  args: { postId: v.id("posts"), likeType: v.optional(likeType) },
  returns: likeStateValidator,
  handler: async (ctx, args) => {
    const viewer = ctx.viewerX();
    const post = await visiblePostOrThrow(ctx, args.postId, viewer._id);
    return await toggleLike(ctx, viewer, { kind: "post", post }, args.likeType ?? "like");
  },
});

export const toggleComment = mutation({
  args: { commentId: v.id("comments"), likeType: v.optional(likeType) },
  returns: likeStateValidator,
  handler: async (ctx, args) => {
    const viewer = ctx.viewerX();
    const { comment } = await visibleCommentOrThrow(ctx, args.commentId, viewer._id);
    return await toggleLike(ctx, viewer, { kind: "comment", comment }, args.likeType ?? "like");
  },
});
