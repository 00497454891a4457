// The @mention picker (spec §2 posts and comments: "a picker suggests members"):
// members whose name, business or profession starts with what was typed, from
// the directory's search index.
import { v } from "convex/values";
import { SOCIAL_LIMITS } from "../../common/social";
import { query } from "../functions";
import { authorView } from "../model/posts";
import { authorValidator } from "../model/socialViews";
import { isHiddenMember } from "../model/users";

const SUGGESTIONS = 8;

export const suggest = query({
  args: { q: v.string() },
  returns: v.array(authorValidator),
  handler: async (ctx, { q }) => {
    const viewer = ctx.viewerX();
    const text = q.replace(/^@/, "").trim().slice(0, SOCIAL_LIMITS.searchQuery);
    if (text === "") return [];
    // One more than shown: the viewer may be among them.
    const found = await ctx.db
      .query("users")
      .withSearchIndex("search_directory", (s) => s.search("directoryText", text))
      .take(SUGGESTIONS + 1);
    const out = [];
    for (const user of found) {
      if (user._id === viewer._id || isHiddenMember(user) || !user.firstName) continue;
      if (out.length < SUGGESTIONS) out.push(await authorView(ctx, user._id));
    }
    return out;
  },
});
