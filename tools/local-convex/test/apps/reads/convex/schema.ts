import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  docs: defineTable({ group: v.string(), n: v.number(), body: v.string(), tag: v.optional(v.string()) })
    .index("by_group_n", ["group", "n"])
    .searchIndex("search_body", { searchField: "body", filterFields: ["group"] }),
  ticks: defineTable({ at: v.number() }),
  // Pages (test/paginate.test.ts): keys with missing values, nulls, mixed types and ties.
  pages: defineTable({ a: v.optional(v.union(v.number(), v.string(), v.null())), b: v.number(), s: v.string() })
    .index("by_a_b", ["a", "b"])
    .index("by_s", ["s"]),
});
