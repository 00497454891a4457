// Pagination (test/paginate.test.ts): pages read through the runtime's seek
// (src/paginate.ts), compared with convex-test's own paginate.
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { mutation, query } from "./_generated/server";

const row = v.object({ a: v.optional(v.union(v.number(), v.string(), v.null())), b: v.number(), s: v.string() });

export const seed = mutation({
  args: { rows: v.array(row) },
  handler: async (ctx, { rows }) => {
    for (const r of rows) await ctx.db.insert("pages", r);
  },
});

/** A page of `s` rows (whose `b` is at least `min`, if given: a `.filter()` before the page is cut). */
export const ofS = query({
  args: { s: v.string(), min: v.optional(v.number()), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { s, min, paginationOpts }) => {
    const range = ctx.db.query("pages").withIndex("by_s", (q) => q.eq("s", s));
    // What a `.filter()` before the page counts is what this tests.
    const result = await (min === undefined ? range : range.filter((q) => q.gte(q.field("b"), min))).paginate(
      paginationOpts,
    );
    return { ...result, page: result.page.map((d) => d.b) };
  },
});
