import { vOnCompleteArgs, Workpool } from "@convex-dev/workpool";
import { v } from "convex/values";
import { components, internal } from "./_generated/api";
import { internalMutation, mutation, query } from "./_generated/server";

const pool = new Workpool(components.pool, { maxParallelism: 2 });

export const enqueue = mutation({
  args: { count: v.number() },
  handler: async (ctx, { count }) => {
    for (let n = 0; n < count; n++) {
      await pool.enqueueMutation(ctx, internal.pool.work, { n }, { onComplete: internal.pool.done, context: { n } });
    }
  },
});

export const work = internalMutation({
  args: { n: v.number() },
  handler: async (ctx, { n }) => {
    await ctx.db.insert("counters", { name: `work-${n}`, value: n });
    return n * 2;
  },
});

export const done = internalMutation({
  args: vOnCompleteArgs(v.object({ n: v.number() })),
  handler: async (ctx, { context, result }) => {
    await ctx.db.insert("counters", { name: `done-${context.n}-${result.kind}`, value: 0 });
  },
});

export const finished = query({
  args: {},
  handler: async (ctx) =>
    (await ctx.db.query("counters").take(1000)).map((row) => row.name).filter((name) => name.startsWith("done-")).sort(),
});
