// Rows for bench/feed.ts (documents read by the feed at 1k and 100k posts): a reader who
// follows an author and one post with a page of comments (setupFeed), then posts in batches
// (benchPosts) through the app's own insertPost, with the Following rows written here rather
// than one scheduled fan-out per post.
import { v } from "convex/values";
import { POST_CATEGORIES, POST_TYPES } from "../../common/social";
import type { Id } from "../_generated/dataModel";
import { internalMutation } from "../functions";
import { insertComment } from "../model/comments";
import { followUser } from "../model/follows";
import { insertPost } from "../model/posts";
import { addEntry } from "../model/timeline";

const TAGS = ["deck", "kitchen", "wiring", "roofing", "tile", "garden", "hvac", "paint"];
const COMMENTS = 60;

/** The reader follows the author; the author writes one post the reader comments on COMMENTS times. */
export const setupFeed = internalMutation({
  args: { readerId: v.id("users"), authorId: v.id("users") },
  returns: v.id("posts"),
  handler: async (ctx, { readerId, authorId }) => {
    const reader = (await ctx.db.get("users", readerId))!;
    const author = (await ctx.db.get("users", authorId))!;
    await followUser(ctx, reader, author);
    const postId = await insertPost(ctx, author, {
      content: "Before and after of the porch rebuild #deck",
      category: "construction",
      postType: "before_after",
      media: [],
      mentionIds: [],
      seeded: true,
    });
    const post = (await ctx.db.get("posts", postId))!;
    for (let i = 0; i < COMMENTS; i++) {
      await insertComment(ctx, reader, post, { content: `Looks great, what stain is that? (${i})` }, [], undefined, { seeded: true });
    }
    return postId;
  },
});

/** Posts number start..start+count, alternating between the authors; the followed author's reach `followerId`'s Following tab. */
export const benchPosts = internalMutation({
  args: {
    authorIds: v.array(v.id("users")),
    followerId: v.id("users"),
    followedId: v.id("users"),
    start: v.number(),
    count: v.number(),
  },
  returns: v.number(),
  handler: async (ctx, { authorIds, followerId, followedId, start, count }) => {
    if (count < 0 || count > 1000) throw new Error("seed/benchFeed:benchPosts takes at most 1,000 posts per call");
    const authors = [];
    for (const id of authorIds) authors.push((await ctx.db.get("users", id))!);
    for (let i = start; i < start + count; i++) {
      const author = authors[i % authors.length]!;
      const postId: Id<"posts"> = await insertPost(
        ctx,
        author,
        {
          content: `Job ${i}: finished today #${TAGS[i % TAGS.length]}`,
          category: POST_CATEGORIES[i % POST_CATEGORIES.length]!.value,
          postType: POST_TYPES[i % POST_TYPES.length]!.value,
          media: [],
          mentionIds: [],
          seeded: true,
        },
        { fanOut: false },
      );
      if (author._id === followedId) await addEntry(ctx, followerId, (await ctx.db.get("posts", postId))!);
    }
    return count;
  },
});
