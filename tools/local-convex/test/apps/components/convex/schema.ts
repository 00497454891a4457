import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

// The same table name as the components': the app's own.
export default defineSchema({
  counters: defineTable({ name: v.string(), value: v.number() }).index("by_name", ["name"]),
});
