// Written with the generic builders: a local component needs no _generated of its own here.
import { componentsGeneric, internalMutationGeneric, makeFunctionReference, mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

// What _generated/api's `components` would be: this component's own children.
const components = componentsGeneric() as any;

export const add = mutationGeneric({
  args: { name: v.string(), by: v.number() },
  handler: async (ctx, { name, by }) => {
    const row = await ctx.db
      .query("counters")
      .withIndex("by_name", (q) => q.eq("name", name))
      .unique();
    if (row) {
      await ctx.db.patch("counters", row._id, { value: row.value + by });
      return row.value + by;
    }
    await ctx.db.insert("counters", { name, value: by });
    return by;
  },
});

export const get = queryGeneric({
  args: { name: v.string() },
  handler: async (ctx, { name }) => {
    const row = await ctx.db
      .query("counters")
      .withIndex("by_name", (q) => q.eq("name", name))
      .unique();
    return row?.value ?? 0;
  },
});

/** Every counter this instance holds (isolation: never the app's, never another instance's). */
export const names = queryGeneric({
  args: {},
  handler: async (ctx) => (await ctx.db.query("counters").take(100)).map((row) => row.name as string),
});

/** Adds later, through this component's own scheduler. */
export const addLater = mutationGeneric({
  args: { name: v.string(), by: v.number(), delayMs: v.number() },
  handler: async (ctx, { name, by, delayMs }) => {
    await ctx.scheduler.runAfter(delayMs, makeFunctionReference<"mutation">("lib:add"), { name, by });
  },
});

export const seed = mutationGeneric({
  args: { from: v.number(), count: v.number(), padBytes: v.number() },
  handler: async (ctx, { from, count, padBytes }) => {
    for (let i = 0; i < count; i++) await ctx.db.insert("items", { n: from + i, pad: "x".repeat(padBytes) });
  },
});

/** Reads up to `limit` items (one document each). */
export const readItems = queryGeneric({
  args: { limit: v.number() },
  handler: async (ctx, { limit }) => (await ctx.db.query("items").take(limit)).length,
});

/** Writes `count` counters at once. */
export const writeMany = mutationGeneric({
  args: { count: v.number() },
  handler: async (ctx, { count }) => {
    for (let i = 0; i < count; i++) await ctx.db.insert("counters", { name: `bulk-${i}`, value: i });
  },
});

export const tick = internalMutationGeneric({
  args: {},
  handler: async (ctx) => {
    await ctx.db.insert("ticks", { at: Date.now() });
  },
});

export const tickCount = queryGeneric({
  args: {},
  handler: async (ctx) => (await ctx.db.query("ticks").take(1000)).length,
});

/** What this component's functions see as process.env. */
export const env = queryGeneric({
  args: {},
  // What the test compares with the app's: process.env, read directly.
  // eslint-disable-next-line @convex-dev/no-process-env
  handler: async () => ({ label: process.env.COUNTER_LABEL ?? null, appSecret: process.env.APP_SECRET ?? null }),
});

/** Counts through this instance's own child component. */
export const addInner = mutationGeneric({
  args: { name: v.string(), count: v.number() },
  handler: async (ctx, { name, count }) => {
    await ctx.runMutation(components.inner.public.add, { name, count });
  },
});

export const innerCount = queryGeneric({
  args: { name: v.string() },
  handler: async (ctx, { name }) => ctx.runQuery(components.inner.public.count, { name }),
});
