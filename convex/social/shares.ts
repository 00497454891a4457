// Share or repost a post, with an optional comment (spec §2 Reactions and
// conversation, §3 Share). Rules in model/shares.ts.
import { v } from "convex/values";
import { shareSchema } from "../../common/social";
import { mutation } from "../functions";
import { parseOrThrow } from "../model/errors";
import { visiblePostOrThrow } from "../model/posts";
import { sharePost } from "../model/shares";
import { shareType } from "../schema";

export const share = mutation({
  args: { postId: v.id("posts"), shareType, comment: v.optional(v.string()) },
  returns: v.object({ shareId: v.id("shares"), repostId: v.union(v.id("posts"), v.null()) }),
  handler: async (ctx, { postId, shareType, comment }) => {
    const viewer = ctx.viewerX();
    const post = await visiblePostOrThrow(ctx, postId, viewer._id);
    return await sharePost(ctx, viewer, post, parseOrThrow(shareSchema, { shareType, comment }));
  },
});
