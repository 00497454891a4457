// Shares (spec §3 Share: share or repost, optional comment). A member's share
// of a post counts once per kind; a repost is also a post of theirs (posts'
// insertPost with repostOfId) that shows in their followers' Following tab
// with the original embedded. The original's sharesCount and the author's
// notification change in the same transaction.
import type { ShareValues } from "../../common/social";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { adjustCounters } from "./counters";
import { insertPost } from "./posts";
import { OWN_SHARES } from "./reposts";
import { notifyShare } from "./socialNotifications";

/** The post a share of `post` counts on: a repost's original (reposting a repost reposts what it embeds). */
export async function shareTarget(ctx: MutationCtx, post: Doc<"posts">): Promise<Doc<"posts">> {
  if (post.repostOfId === undefined) return post;
  const original = await ctx.db.get("posts", post.repostOfId);
  return original !== null && original.visible ? original : post;
}

/** Shares or reposts `post` (one the member may see); a second share of the same kind answers the first. */
export async function sharePost(
  ctx: MutationCtx,
  sharer: Doc<"users">,
  post: Doc<"posts">,
  values: ShareValues,
  options: { seeded?: boolean } = {},
): Promise<{ shareId: Id<"shares">; repostId: Id<"posts"> | null }> {
  const target = await shareTarget(ctx, post);
  const own = await ctx.db
    .query("shares")
    .withIndex("by_userId_and_postId", (q) => q.eq("userId", sharer._id).eq("postId", target._id))
    .take(OWN_SHARES);
  const same = own.find((s) => s.shareType === values.shareType);
  if (same !== undefined) return { shareId: same._id, repostId: same.repostId ?? null };

  const repostId =
    values.shareType === "repost"
      ? await insertPost(ctx, sharer, {
          content: values.comment ?? "",
          postType: target.postType,
          category: target.category,
          media: [],
          mentionIds: [],
          repostOfId: target._id,
          ...(options.seeded ? { seeded: true } : {}),
        })
      : null;
  const shareId = await ctx.db.insert("shares", {
    userId: sharer._id,
    postId: target._id,
    shareType: values.shareType,
    ...(values.comment ? { comment: values.comment } : {}),
    ...(repostId ? { repostId } : {}),
  });
  await adjustCounters(ctx, "posts", target._id, { sharesCount: 1 });
  await notifyShare(ctx, sharer, target, values.shareType);
  return { shareId, repostId };
}
