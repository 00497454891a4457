import { v } from "convex/values";
import { internalQuery, mutation, query } from "./_generated/server";

export const add = mutation({
  args: { text: v.string(), n: v.number() },
  handler: async (ctx, args) => ctx.db.insert("notes", args),
});

// Bypasses argument validation so the schema is what refuses a bad document.
// eslint-disable-next-line @convex-dev/require-args-validator
export const addUnchecked = mutation({
  handler: async (ctx, args: { text: unknown }) => ctx.db.insert("notes", { text: args.text as string, n: 0 }),
});

export const list = query({
  args: {},
  handler: async (ctx) => (await ctx.db.query("notes").withIndex("by_n").take(100)).map((d) => d.text),
});

export const count = internalQuery({
  args: {},
  handler: async (ctx) => (await ctx.db.query("notes").take(1000)).length,
});
