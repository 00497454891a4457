// Shared by the social tests: a post row as insertPost leaves a plain one
// (tests of likes, comments and follows don't need the feed's fan-out).
import type { Doc, Id } from "../_generated/dataModel";
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
