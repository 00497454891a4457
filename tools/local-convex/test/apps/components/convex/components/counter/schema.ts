import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

// `counters` is also a table of the app: each keeps its own.
export default defineSchema({
  counters: defineTable({ name: v.string(), value: v.number() }).index("by_name", ["name"]),
  items: defineTable({ n: v.number(), pad: v.string() }),
  ticks: defineTable({ at: v.number() }),
});
