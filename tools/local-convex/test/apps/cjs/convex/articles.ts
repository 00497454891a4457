import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { mutation, query } from "./_generated/server";

export const add = mutation({
  args: { bodies: v.array(v.string()), author: v.optional(v.string()) },
  handler: async (ctx, { bodies, author }) => {
    const ids = [];
    for (const body of bodies) ids.push(await ctx.db.insert("articles", { body, author: author ?? "anon" }));
    return ids;
  },
});

export const remove = mutation({
  args: { id: v.id("articles") },
  handler: async (ctx, { id }) => ctx.db.delete("articles", id),
});

export const search = query({
  args: { q: v.string(), author: v.optional(v.string()), take: v.optional(v.number()) },
  handler: async (ctx, { q, author, take }) =>
    (
      await ctx.db
        .query("articles")
        .withSearchIndex("search_body", (s) => (author ? s.search("body", q).eq("author", author) : s.search("body", q)))
        .take(take ?? 100)
    ).map((a) => a.body),
});

export const page = query({
  args: { q: v.string(), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { q, paginationOpts }) =>
    ctx.db
      .query("articles")
      .withSearchIndex("search_body", (s) => s.search("body", q))
      .paginate(paginationOpts),
});

// Writes and searches in one transaction: the search sees the write.
export const addThenSearch = mutation({
  args: { body: v.string(), q: v.string() },
  handler: async (ctx, { body, q }) => {
    await ctx.db.insert("articles", { body, author: "tx" });
    return (await ctx.db.query("articles").withSearchIndex("search_body", (s) => s.search("body", q)).take(10)).map((a) => a.body);
  },
});
