import { ConvexError, v } from "convex/values";
import { components } from "./_generated/api";
import { action, mutation, query } from "./_generated/server";

const which = v.union(v.literal("counter"), v.literal("counter2"));
const shards = v.union(v.literal("likes"), v.literal("views"));

export const bump = mutation({
  args: { which, name: v.string(), by: v.number() },
  handler: async (ctx, { which, name, by }) => ctx.runMutation(components[which].lib.add, { name, by }),
});

export const read = query({
  args: { which, name: v.string() },
  handler: async (ctx, { which, name }) => ctx.runQuery(components[which].lib.get, { name }),
});

export const names = query({
  args: { which },
  handler: async (ctx, { which }) => ctx.runQuery(components[which].lib.names, {}),
});

/** Writes through the component, then fails: none of it may stay. */
export const bumpThenThrow = mutation({
  args: { name: v.string() },
  handler: async (ctx, { name }) => {
    await ctx.runMutation(components.counter.lib.add, { name, by: 1 });
    await ctx.db.insert("counters", { name, value: 1 });
    throw new ConvexError("changed my mind");
  },
});

/** The app's own `counters`: never a component's. */
export const appCounters = query({
  args: {},
  handler: async (ctx) => (await ctx.db.query("counters").take(100)).map((row) => row.name),
});

export const addAppCounter = mutation({
  args: { name: v.string() },
  handler: async (ctx, { name }) => {
    await ctx.db.insert("counters", { name, value: 1 });
  },
});

export const addLater = mutation({
  args: { name: v.string(), by: v.number(), delayMs: v.number() },
  handler: async (ctx, args) => ctx.runMutation(components.counter.lib.addLater, args),
});

export const seed = mutation({
  args: { from: v.number(), count: v.number(), padBytes: v.number() },
  handler: async (ctx, args) => ctx.runMutation(components.counter.lib.seed, args),
});

/** Reads `limit` items through the component. */
export const readThrough = query({
  args: { limit: v.number() },
  handler: async (ctx, { limit }) => ctx.runQuery(components.counter.lib.readItems, { limit }),
});

export const writeMany = mutation({
  args: { count: v.number() },
  handler: async (ctx, { count }) => ctx.runMutation(components.counter.lib.writeMany, { count }),
});

export const tickCount = query({
  args: { which },
  handler: async (ctx, { which }) => ctx.runQuery(components[which].lib.tickCount, {}),
});

export const env = query({
  args: { which },
  handler: async (ctx, { which }) => ({
    component: await ctx.runQuery(components[which].lib.env, {}),
    // The deployment's environment, as the app sees it (the test compares it with the component's).
    // eslint-disable-next-line @convex-dev/no-process-env
    app: { label: process.env.COUNTER_LABEL ?? null, appSecret: process.env.APP_SECRET ?? null },
  }),
});

export const like = mutation({
  args: { counter: shards, name: v.string(), count: v.number() },
  handler: async (ctx, { counter, name, count }) => {
    await ctx.runMutation(components[counter].public.add, { name, count });
  },
});

export const likes = query({
  args: { counter: shards, name: v.string() },
  handler: async (ctx, { counter, name }) => ctx.runQuery(components[counter].public.count, { name }),
});

export const seedApp = mutation({
  args: { count: v.number() },
  handler: async (ctx, { count }) => {
    for (let i = 0; i < count; i++) await ctx.db.insert("counters", { name: `app-${i}`, value: i });
  },
});

/** Reads `own` of the app's documents, then `through` items through the component, in one query. */
export const readBoth = query({
  args: { own: v.number(), through: v.number() },
  handler: async (ctx, { own, through }) => {
    const mine = (await ctx.db.query("counters").take(own)).length;
    return mine + (await ctx.runQuery(components.counter.lib.readItems, { limit: through }));
  },
});

/** Writes `own` of the app's documents and `through` through the component, in one mutation. */
export const writeBoth = mutation({
  args: { own: v.number(), through: v.number() },
  handler: async (ctx, { own, through }) => {
    for (let i = 0; i < own; i++) await ctx.db.insert("counters", { name: `own-${i}`, value: i });
    await ctx.runMutation(components.counter.lib.writeMany, { count: through });
  },
});

export const addInner = mutation({
  args: { which, name: v.string(), count: v.number() },
  handler: async (ctx, { which, name, count }) => ctx.runMutation(components[which].lib.addInner, { name, count }),
});

export const innerCount = query({
  args: { which, name: v.string() },
  handler: async (ctx, { which, name }) => ctx.runQuery(components[which].lib.innerCount, { name }),
});

export const storeInComponent = action({
  args: { text: v.string() },
  handler: async (ctx, { text }): Promise<{ id: string; url: string | null }> =>
    ctx.runAction(components.counter.files.storeText, { text }),
});

export const componentUploadUrl = mutation({
  args: {},
  handler: async (ctx): Promise<string> => ctx.runMutation(components.counter.files.uploadUrl, {}),
});

export const fileCounts = query({
  args: {},
  handler: async (ctx) => ({
    app: (await ctx.db.system.query("_storage").take(100)).length,
    counter: await ctx.runQuery(components.counter.files.fileCount, {}),
    counter2: await ctx.runQuery(components.counter2.files.fileCount, {}),
  }),
});
