// Shared by the social tests: a post row as insertPost leaves a plain one
// (tests of likes, comments and follows don't need the feed's fan-out).
import { vi } from "vitest";
import type { Doc, Id } from "../_generated/dataModel";
import { followCountsOf } from "../model/follows";
import { likesCountOf } from "../model/likes";
import type { TestConvex } from "../test.setup";

export async function insertTestPost(
  t: TestConvex,
  authorId: Id<"users">,
  fields: Partial<Doc<"posts">> = {},
): Promise<Id<"posts">> {
  return await t.run((ctx) =>
    ctx.db.insert("posts", {
      authorId,
      content: "Finished the deck today #decks",
      postType: "project_showcase",
      category: "construction",
      media: [],
      hashtags: ["decks"],
      mentions: [],
      isPublic: true,
      moderationStatus: "approved",
      moderationConfidence: 1,
      moderationFlags: [],
      visible: true,
      likesCount: 0,
      commentsCount: 0,
      sharesCount: 0,
      searchText: "Finished the deck today decks",
      ...fields,
    }),
  );
}

export { firstPage } from "../test.setup";

/** Runs what the mutations scheduled (the shown counts' refreshes), in fake time (useFakeTime). */
export async function settleCounts(t: TestConvex): Promise<void> {
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}

/** A post's likes as the feed shows them (the sharded counter plus the row's count from before). */
export async function postLikes(t: TestConvex, postId: Id<"posts">): Promise<number> {
  return await t.run(
    async (ctx) => await likesCountOf(ctx, { kind: "post", post: (await ctx.db.get("posts", postId))! }),
  );
}

/** A comment's likes as the feed shows them. */
export async function commentLikes(t: TestConvex, commentId: Id<"comments">): Promise<number> {
  return await t.run(
    async (ctx) => await likesCountOf(ctx, { kind: "comment", comment: (await ctx.db.get("comments", commentId))! }),
  );
}

/** A member's followers and following as their profile shows them. */
export async function followCounts(t: TestConvex, userId: Id<"users">) {
  return await t.run(async (ctx) => await followCountsOf(ctx, (await ctx.db.get("users", userId))!));
}
