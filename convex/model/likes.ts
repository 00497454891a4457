// Likes (spec §3 Like): one row per member per post or comment, read through
// the unique (userId, postId|commentId) index. The same type again takes the
// like back, another type changes it. The item's likesCount moves in the same
// transaction, and the owner's notification collapses (socialNotifications).
import type { LikeType } from "../../common/social";
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { adjustCounters } from "./counters";
import { notifyLike, retractLike } from "./socialNotifications";

export type LikeTarget = { kind: "post"; post: Doc<"posts"> } | { kind: "comment"; comment: Doc<"comments"> };

export interface LikeState {
  liked: boolean;
  likeType: LikeType | null;
  likesCount: number;
}

/** The member's like on the item, or null. */
export async function likeOf(
  ctx: QueryCtx,
  userId: Doc<"users">["_id"],
  target: LikeTarget,
): Promise<Doc<"likes"> | null> {
  if (target.kind === "post") {
    return await ctx.db
      .query("likes")
      .withIndex("by_userId_and_postId", (q) => q.eq("userId", userId).eq("postId", target.post._id))
      .unique();
  }
  return await ctx.db
    .query("likes")
    .withIndex("by_userId_and_commentId", (q) => q.eq("userId", userId).eq("commentId", target.comment._id))
    .unique();
}

/** Like, change the type of, or take back the viewer's like on a post or comment (the caller checked they may see it). */
export async function toggleLike(
  ctx: MutationCtx,
  viewer: Doc<"users">,
  target: LikeTarget,
  likeType: LikeType,
): Promise<LikeState> {
  const existing = await likeOf(ctx, viewer._id, target);
  const item = target.kind === "post" ? target.post : target.comment;
  const ownerId = item.authorId;
  const entity =
    target.kind === "post"
      ? { postId: target.post._id }
      : { postId: target.comment.postId, commentId: target.comment._id };

  if (existing !== null && existing.likeType !== likeType) {
    await ctx.db.patch("likes", existing._id, { likeType });
    return { liked: true, likeType, likesCount: item.likesCount };
  }
  const delta = existing === null ? 1 : -1;
  if (existing === null) {
    await ctx.db.insert(
      "likes",
      target.kind === "post"
        ? { userId: viewer._id, postId: target.post._id, likeType }
        : { userId: viewer._id, commentId: target.comment._id, likeType },
    );
  } else {
    await ctx.db.delete("likes", existing._id);
  }
  const counts =
    target.kind === "post"
      ? await adjustCounters(ctx, "posts", target.post._id, { likesCount: delta })
      : await adjustCounters(ctx, "comments", target.comment._id, { likesCount: delta });
  if (delta > 0) await notifyLike(ctx, viewer, ownerId, entity, item.content);
  else await retractLike(ctx, viewer._id, ownerId, entity);
  return {
    liked: delta > 0,
    likeType: delta > 0 ? likeType : null,
    likesCount: counts?.likesCount ?? Math.max(0, item.likesCount + delta),
  };
}

/** The account purge: up to `limit` of the member's likes go, and the items' counts. Returns whether more remain. */
export async function purgeLikesOf(ctx: MutationCtx, userId: Doc<"users">["_id"], limit: number): Promise<boolean> {
  // The (userId, postId) index holds every like of the member, on posts and on comments.
  const rows = await ctx.db
    .query("likes")
    .withIndex("by_userId_and_postId", (q) => q.eq("userId", userId))
    .take(limit);
  for (const like of rows) {
    await ctx.db.delete("likes", like._id);
    if (like.postId) await adjustCounters(ctx, "posts", like.postId, { likesCount: -1 });
    if (like.commentId) await adjustCounters(ctx, "comments", like.commentId, { likesCount: -1 });
  }
  return rows.length === limit;
}
