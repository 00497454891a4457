// The Following tab (feedEntries): one row per (reader, post) for the posts of
// the people a reader follows or is connected with, and their own. Rows are
// written when a post goes up (fanned out through the fan-out workpool, a page of
// readers per work item) and when a reader starts following or connects (the
// author's recent posts are backfilled here), and removed when the last tie to
// the author ends.
import { Workpool, type RunResult } from "@convex-dev/workpool";
import { v, type Infer } from "convex/values";
import { components, internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";

/** Posts of a newly followed or connected author copied into the reader's Following tab. */
export const BACKFILL_POSTS = 20;
/** Rows one mutation writes or deletes before it schedules the rest. */
export const TIMELINE_BATCH = 200;

/** Who a post reaches, in order: the author's followers, then their connections (requests they sent, then received). */
export const FAN_OUT_STAGES = ["followers", "sent", "received"] as const;
/** Fan-outs whose pages run at once; each post's own pages run one after another (each names the next). */
export const FAN_OUT_PARALLELISM = 4;

/**
 * The pool for fan-out: an author with 100,000 followers is 500 bounded work items, not one
 * mutation, and a burst of posts waits its turn here instead of crowding out other scheduled work.
 */
const fanoutPool = new Workpool(components.fanoutPool, { maxParallelism: FAN_OUT_PARALLELISM });

/** What one page of a fan-out did (social/posts.ts fanOut): the readers it reached and the page after it. */
export const fanOutPageResult = v.object({
  readers: v.number(),
  next: v.union(v.null(), v.object({ stage: v.union(...FAN_OUT_STAGES.map((s) => v.literal(s))), cursor: v.union(v.string(), v.null()) })),
});

/** A post just became visible: its fan-out starts (again, if it was shown before), tracked in its fanOuts row. */
export async function startFanOut(ctx: MutationCtx, postId: Id<"posts">): Promise<void> {
  const row = await ctx.db
    .query("fanOuts")
    .withIndex("by_postId", (q) => q.eq("postId", postId))
    .unique();
  const fresh = { pages: 0, readers: 0, startedAt: Date.now(), doneAt: undefined, error: undefined };
  const fanOutId = row === null ? await ctx.db.insert("fanOuts", { postId, ...fresh }) : row._id;
  if (row !== null) await ctx.db.patch("fanOuts", row._id, fresh);
  await queuePage(ctx, postId, fanOutId, { stage: "followers", cursor: null });
}

async function queuePage(
  ctx: MutationCtx,
  postId: Id<"posts">,
  fanOutId: Id<"fanOuts">,
  page: NonNullable<Infer<typeof fanOutPageResult>["next"]>,
): Promise<void> {
  await fanoutPool.enqueueMutation(
    ctx,
    internal.social.posts.fanOut,
    { postId, ...page },
    { onComplete: internal.social.posts.fanOutPageDone, context: { postId, fanOutId } },
  );
}

/** One page is done: counted on its fan-out, and the next one queued; the last marks the fan-out done. */
export async function fanOutPageDone(
  ctx: MutationCtx,
  fanOutId: Id<"fanOuts">,
  result: RunResult<Infer<typeof fanOutPageResult>>,
): Promise<void> {
  const row = await ctx.db.get("fanOuts", fanOutId);
  if (row === null || row.doneAt !== undefined) return;
  if (result.kind !== "success") {
    // A page mutation that threw (not a conflict: Convex retries those): kept on the row for a look.
    console.error(`timeline: fan-out of post ${row.postId} stopped: ${result.kind === "failed" ? result.error : "canceled"}`);
    await ctx.db.patch("fanOuts", fanOutId, { error: result.kind === "failed" ? result.error.slice(0, 500) : "canceled" });
    return;
  }
  const { readers, next } = result.returnValue;
  await ctx.db.patch("fanOuts", fanOutId, {
    pages: row.pages + 1,
    readers: row.readers + readers,
    ...(next === null ? { doneAt: Date.now() } : {}),
  });
  if (next !== null) await queuePage(ctx, row.postId, fanOutId, next);
}

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
