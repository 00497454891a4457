// Likes (spec §3 Like): one row per member per post or comment, read through
// the unique (userId, postId|commentId) index. The same type again takes the
// like back, another type changes it. The item's like count moves in the same
// transaction, in a sharded counter (many members like one post at once), and
// the owner's notification collapses (socialNotifications).
import type { LikeType } from "../../common/social";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { addShared, resetShared, sharedCount, type SharedCountKey } from "./counters";
import { notifyLike, retractLike } from "./socialNotifications";

export type LikeTarget = { kind: "post"; post: Doc<"posts"> } | { kind: "comment"; comment: Doc<"comments"> };

/** What a toggle did. No count: reading one in the mutation would read every shard and conflict with each concurrent like. */
export interface LikeState {
  liked: boolean;
  likeType: LikeType | null;
}

const likesKey = (target: { postId: Id<"posts"> } | { commentId: Id<"comments"> }): SharedCountKey =>
  "postId" in target ? `likes:post:${target.postId}` : `likes:comment:${target.commentId}`;

/** A post's or comment's likes as shown: exact (the counter, plus the count its row kept before). */
export async function likesCountOf(ctx: QueryCtx, item: LikeTarget): Promise<number> {
  return item.kind === "post"
    ? await sharedCount(ctx, likesKey({ postId: item.post._id }), item.post.likesCount)
    : await sharedCount(ctx, likesKey({ commentId: item.comment._id }), item.comment.likesCount);
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

/** A deleted post's or comment's like count goes with it (its shard rows would otherwise stay for good). */
export async function forgetLikeCount(
  ctx: MutationCtx,
  item: { postId: Id<"posts"> } | { commentId: Id<"comments"> },
): Promise<void> {
  await resetShared(ctx, likesKey(item));
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
    return { liked: true, likeType };
  }
  const key = likesKey(target.kind === "post" ? { postId: target.post._id } : { commentId: target.comment._id });
  if (existing === null) {
    const likeId = await ctx.db.insert(
      "likes",
      target.kind === "post"
        ? { userId: viewer._id, postId: target.post._id, likeType }
        : { userId: viewer._id, commentId: target.comment._id, likeType },
    );
    await addShared(ctx, key, 1);
    await notifyLike(ctx, viewer, ownerId, entity, item.content, (await ctx.db.get("likes", likeId))!);
    return { liked: true, likeType };
  }
  await ctx.db.delete("likes", existing._id);
  await addShared(ctx, key, -1);
  await retractLike(ctx, existing, ownerId, entity);
  return { liked: false, likeType: null };
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
    if (like.postId) await addShared(ctx, likesKey({ postId: like.postId }), -1);
    if (like.commentId) await addShared(ctx, likesKey({ commentId: like.commentId }), -1);
  }
  return rows.length === limit;
}
