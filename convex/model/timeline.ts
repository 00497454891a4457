// The Following tab (feedEntries): one row per (reader, post) for the posts of
// the people a reader follows or is connected with, and their own. Rows are
// written when a post goes up (model/posts.ts fans out in scheduled batches)
// and when a reader starts following or connects (the author's recent posts
// are backfilled here), and removed when the last tie to the author ends.
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";

/** Posts of a newly followed or connected author copied into the reader's Following tab. */
export const BACKFILL_POSTS = 20;
/** Rows one mutation writes or deletes before it schedules the rest. */
export const TIMELINE_BATCH = 200;

/** Puts `post` in `viewerId`'s Following tab, once. */
export async function addEntry(
  ctx: MutationCtx,
  viewerId: Id<"users">,
  post: Pick<Doc<"posts">, "_id" | "authorId" | "_creationTime">,
): Promise<void> {
  const existing = await ctx.db
    .query("feedEntries")
    .withIndex("by_viewerId_and_postId", (q) => q.eq("viewerId", viewerId).eq("postId", post._id))
    .first();
  if (existing !== null) return;
  await ctx.db.insert("feedEntries", {
    viewerId,
    postId: post._id,
    authorId: post.authorId,
    postCreatedAt: post._creationTime,
  });
}

export async function isFollowing(ctx: QueryCtx, followerId: Id<"users">, followingId: Id<"users">): Promise<boolean> {
  const row = await ctx.db
    .query("follows")
    .withIndex("by_followerId_and_followingId", (q) => q.eq("followerId", followerId).eq("followingId", followingId))
    .first();
  return row !== null;
}

export async function isConnected(ctx: QueryCtx, a: Id<"users">, b: Id<"users">): Promise<boolean> {
  for (const [requesterId, receiverId] of [
    [a, b],
    [b, a],
  ] as const) {
    const row = await ctx.db
      .query("connections")
      .withIndex("by_requesterId_and_receiverId", (q) => q.eq("requesterId", requesterId).eq("receiverId", receiverId))
      .first();
    if (row?.status === "accepted") return true;
  }
  return false;
}

/** `viewerId` now follows (or is connected with) `authorId`: the author's recent visible posts join their Following tab. */
export async function onFollow(ctx: MutationCtx, viewerId: Id<"users">, authorId: Id<"users">): Promise<void> {
  if (viewerId === authorId) return;
  const recent = await ctx.db
    .query("posts")
    .withIndex("by_authorId_and_visible", (q) => q.eq("authorId", authorId).eq("visible", true))
    .order("desc")
    .take(BACKFILL_POSTS);
  for (const post of recent) await addEntry(ctx, viewerId, post);
}

/**
 * A tie between `viewerId` and `authorId` ended (unfollow, connection removed); call it after the
 * row changed. The author's posts leave the reader's Following tab unless another tie remains
 * (still following, or still connected). Large tabs are emptied in scheduled batches, each
 * checking the ties again (the reader may have followed back meanwhile).
 */
export async function onUnfollow(ctx: MutationCtx, viewerId: Id<"users">, authorId: Id<"users">): Promise<void> {
  if (viewerId === authorId) return;
  if ((await isFollowing(ctx, viewerId, authorId)) || (await isConnected(ctx, viewerId, authorId))) return;
  const entries = await ctx.db
    .query("feedEntries")
    .withIndex("by_viewerId_and_authorId", (q) => q.eq("viewerId", viewerId).eq("authorId", authorId))
    .take(TIMELINE_BATCH);
  for (const entry of entries) await ctx.db.delete("feedEntries", entry._id);
  if (entries.length === TIMELINE_BATCH) {
    await ctx.scheduler.runAfter(0, internal.social.posts.dropAuthorEntries, { viewerId, authorId });
  }
}
