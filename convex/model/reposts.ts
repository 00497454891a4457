// A deleted repost takes its share back. Apart from model/shares.ts (which
// builds on model/posts.ts) so that model/posts.ts can call it on delete
// without an import circle.
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { adjustCounters } from "./counters";

/** Shares of one post by one member that are looked through (one per kind is kept). */
export const OWN_SHARES = 10;

/** A repost is deleted: its share row goes and the original counts one share fewer. */
export async function forgetRepost(ctx: MutationCtx, repost: Doc<"posts">): Promise<void> {
  if (repost.repostOfId === undefined) return;
  const originalId = repost.repostOfId;
  const own = await ctx.db
    .query("shares")
    .withIndex("by_userId_and_postId", (q) => q.eq("userId", repost.authorId).eq("postId", originalId))
    .take(OWN_SHARES);
  const row = own.find((s) => s.repostId === repost._id);
  if (row === undefined) return;
  await ctx.db.delete("shares", row._id);
  await adjustCounters(ctx, "posts", originalId, { sharesCount: -1 });
}
