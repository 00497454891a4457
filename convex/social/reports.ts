// Report a post or a comment (spec §3 Moderation report): a reason from the
// spec's list and an optional description, filed as a moderationReports row for
// the admin queue. One open report per member per item; not your own.
import { v } from "convex/values";
import { reportSchema, SocialCopy } from "../../common/social";
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { mutation } from "../functions";
import { invalid, notFound, parseOrThrow } from "../model/errors";
import { limitReports } from "../model/limits";
import { fileReport } from "../model/moderation";
import { canSeePost } from "../model/posts";

/** A report still waiting for a moderator's decision. */
const OPEN_STATUSES: readonly string[] = ["pending", "reviewed"];

async function hasOpenReport(
  ctx: QueryCtx,
  reporterId: Id<"users">,
  item: { postId: Id<"posts"> } | { commentId: Id<"comments"> },
): Promise<boolean> {
  const rows =
    "postId" in item
      ? await ctx.db
          .query("moderationReports")
          .withIndex("by_postId_and_reporterId", (q) => q.eq("postId", item.postId).eq("reporterId", reporterId))
          .take(20)
      : await ctx.db
          .query("moderationReports")
          .withIndex("by_commentId_and_reporterId", (q) =>
            q.eq("commentId", item.commentId).eq("reporterId", reporterId),
          )
          .take(20);
  // A post's row has no commentId: a report on one of its comments is another item.
  return rows.some((r) => OPEN_STATUSES.includes(r.status) && ("postId" in item ? r.commentId === undefined : true));
}

export const report = mutation({
  args: {
    postId: v.optional(v.id("posts")),
    commentId: v.optional(v.id("comments")),
    reason: v.string(),
    description: v.optional(v.string()),
  },
  returns: v.object({ reportId: v.id("moderationReports") }),
  handler: async (ctx, { postId, commentId, reason, description }) => {
    const viewer = ctx.viewerX();
    if ((postId === undefined) === (commentId === undefined)) invalid("Report one post or one comment.");
    const values = parseOrThrow(reportSchema, { reason, description });
    let authorId: Id<"users">;
    let item: { postId: Id<"posts"> } | { commentId: Id<"comments"> };
    // What the admin queue gets: the post a reported comment is on, too.
    let fields: { postId: Id<"posts">; commentId?: Id<"comments"> };
    if (commentId !== undefined) {
      const comment = await ctx.db.get("comments", commentId);
      const post = comment ? await ctx.db.get("posts", comment.postId) : null;
      const seen =
        comment !== null &&
        post !== null &&
        canSeePost(viewer._id, post) &&
        (comment.visible || comment.authorId === viewer._id);
      if (!seen) notFound(SocialCopy.commentNotFound);
      authorId = comment.authorId;
      item = { commentId };
      fields = { postId: comment.postId, commentId };
    } else {
      const post = await ctx.db.get("posts", postId!);
      if (post === null || !canSeePost(viewer._id, post)) notFound(SocialCopy.postNotFound);
      authorId = post.authorId;
      item = { postId: postId! };
      fields = { postId: postId! };
    }
    if (authorId === viewer._id) invalid(SocialCopy.ownReport);
    if (await hasOpenReport(ctx, viewer._id, item)) invalid(SocialCopy.alreadyReported);
    await limitReports(ctx, viewer._id);
    const reportId = await fileReport(ctx, {
      reporterId: viewer._id,
      ...fields,
      reason: values.reason,
      description: values.description || undefined,
    });
    return { reportId };
  },
});
