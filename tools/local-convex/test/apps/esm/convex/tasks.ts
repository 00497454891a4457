import { customCtx, customMutation, customQuery } from "convex-helpers/server/customFunctions";
import { v } from "convex/values";
import { mutation, query } from "./_generated/server";

// A custom builder as the convex-helpers demos write them: extra context for every call.
const taggedMutation = customMutation(
  mutation,
  customCtx(async () => ({ tag: "custom" })),
);
const taggedQuery = customQuery(
  query,
  customCtx(async () => ({ tag: "custom" })),
);

export const add = taggedMutation({
  args: { title: v.string() },
  // No schema: any table, any shape.
  handler: async (ctx, { title }) => ctx.db.insert("tasks", { title, tag: ctx.tag, extra: { nested: [1, 2, 3] } }),
});

export const list = taggedQuery({
  args: {},
  handler: async (ctx) => ({ tag: ctx.tag, titles: (await ctx.db.query("tasks").take(100)).map((t) => t.title) }),
});

export const addAnywhere = mutation({
  args: { table: v.string(), value: v.any() },
  handler: async (ctx, { table, value }) => {
     
    await ctx.db.insert(table as any, value);
    return null;
  },
});
