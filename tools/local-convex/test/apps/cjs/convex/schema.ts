import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  notes: defineTable({ text: v.string(), n: v.number() }).index("by_n", ["n"]),
  articles: defineTable({ body: v.string(), author: v.string() }).searchIndex("search_body", {
    searchField: "body",
    filterFields: ["author"],
  }),
});
