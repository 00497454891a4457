// The site search (spec §2 Search, /search and the header's Search; §7 GET /api/search):
// people by name and business name through the directory's search index, posts
// by their words through the posts' one. It runs only with a non-empty query.
import { v } from "convex/values";
import { isPostCategory, SOCIAL_LIMITS } from "../common/social";
import { professionLabel } from "../common/professions";
import type { Doc } from "./_generated/dataModel";
import { query } from "./functions";
import { invalid } from "./model/errors";
import { authorView } from "./model/posts";
import { postResultValidator, userResultValidator, type PostResult, type UserResult } from "./model/socialViews";
import { isHiddenMember } from "./model/users";

/** Results per kind: the most relevant first. */
export const SEARCH_RESULTS = 20;
const EXCERPT = 200;

function userResult(u: Doc<"users">): UserResult {
  return {
    _id: u._id,
    firstName: u.firstName ?? "",
    lastName: u.lastName ?? "",
    businessName: u.businessName ?? null,
    profession: u.primaryProfession ? professionLabel(u.primaryProfession) : null,
    userType: u.userType ?? null,
    location: [u.city, u.state].filter(Boolean).join(", ") || null,
    image: u.image ?? null,
    verified: u.verified ?? false,
  };
}

function excerptOf(content: string): string {
  const text = content.replace(/\s+/g, " ").trim();
  return text.length <= EXCERPT ? text : `${text.slice(0, EXCERPT - 1).trimEnd()}…`;
}

/**
 * `type` narrows to people or posts; `category` (a post category) narrows posts. Visitors find
 * professionals and posts; members also find homeowners.
 */
export const search = query({
  args: { q: v.string(), type: v.optional(v.string()), category: v.optional(v.string()) },
  returns: v.object({ users: v.array(userResultValidator), posts: v.array(postResultValidator) }),
  handler: async (ctx, args) => {
    const q = args.q.trim().slice(0, SOCIAL_LIMITS.searchQuery);
    const type = args.type || undefined;
    const category = args.category || undefined;
    if (type !== undefined && type !== "users" && type !== "posts") invalid("Unknown search type");
    if (category !== undefined && !isPostCategory(category)) invalid("Unknown category");
    if (q === "") return { users: [], posts: [] };

    const users: UserResult[] = [];
    if (type !== "posts") {
      const found = await ctx.db
        .query("users")
        .withSearchIndex("search_directory", (s) =>
          ctx.viewer === null
            ? s.search("directoryText", q).eq("userType", "professional")
            : s.search("directoryText", q),
        )
        .take(SEARCH_RESULTS);
      for (const u of found) if (u.userType !== undefined && !isHiddenMember(u)) users.push(userResult(u));
    }

    const posts: PostResult[] = [];
    if (type !== "users") {
      const found = await ctx.db
        .query("posts")
        .withSearchIndex("search_text", (s) => {
          const base = s.search("searchText", q).eq("visible", true);
          return category ? base.eq("category", category) : base;
        })
        .take(SEARCH_RESULTS);
      for (const p of found) {
        posts.push({
          _id: p._id,
          _creationTime: p._creationTime,
          category: p.category,
          postType: p.postType,
          excerpt: excerptOf(p.content),
          hashtags: p.hashtags,
          author: await authorView(ctx, p.authorId),
        });
      }
    }
    return { users, posts };
  },
});

