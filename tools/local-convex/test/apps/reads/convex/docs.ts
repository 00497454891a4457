// Queries that read in each way Convex records in a read set, and the writes that touch them.
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { action, internalMutation, mutation, query } from "./_generated/server";

const ns = (docs: { n: number }[]) => docs.map((d) => d.n);

export const inGroup = query({
  args: { group: v.string() },
  handler: async (ctx, { group }) =>
    ns(
      await ctx.db
        .query("docs")
        .withIndex("by_group_n", (q) => q.eq("group", group))
        .collect(),
    ),
});

export const between = query({
  args: { group: v.string(), lo: v.number(), hi: v.number() },
  handler: async (ctx, { group, lo, hi }) =>
    ns(
      await ctx.db
        .query("docs")
        .withIndex("by_group_n", (q) => q.eq("group", group).gte("n", lo).lte("n", hi))
        .collect(),
    ),
});

/** The group's lowest `count` (a stream that stops early). */
export const lowest = query({
  args: { group: v.string(), count: v.number() },
  handler: async (ctx, { group, count }) =>
    ns(
      await ctx.db
        .query("docs")
        .withIndex("by_group_n", (q) => q.eq("group", group))
        .take(count),
    ),
});

/** The newest document of the table (a full scan, descending, stopped after one). */
export const newest = query({
  args: {},
  handler: async (ctx) => (await ctx.db.query("docs").order("desc").first())?.n ?? null,
});

/** `.filter()` over the table: every document is read. */
export const atLeast = query({
  args: { min: v.number() },
  handler: async (ctx, { min }) =>
    ns(
      await ctx.db
        .query("docs")
        // eslint-disable-next-line @convex-dev/no-filter-in-query -- the read set of a filtered table scan is what this tests
        .filter((q) => q.gte(q.field("n"), min))
        .collect(),
    ),
});

export const page = query({
  args: { group: v.string(), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { group, paginationOpts }) => {
    const result = await ctx.db
      .query("docs")
      .withIndex("by_group_n", (q) => q.eq("group", group))
      .paginate(paginationOpts);
    return { ...result, page: ns(result.page) };
  },
});

export const byId = query({
  args: { id: v.string() },
  handler: async (ctx, { id }) => {
    const docId = ctx.db.normalizeId("docs", id);
    const doc = docId ? await ctx.db.get("docs", docId) : null;
    return doc ? { n: doc.n, tag: doc.tag ?? null } : null;
  },
});

export const search = query({
  args: { text: v.string(), group: v.string() },
  handler: async (ctx, { text, group }) =>
    (
      await ctx.db
        .query("docs")
        .withSearchIndex("search_body", (q) => q.search("body", text).eq("group", group))
        .take(10)
    ).map((d) => ({ n: d.n, tag: d.tag ?? null })),
});

export const scheduled = query({
  args: {},
  handler: async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).map((j) => j.state.kind),
});

export const fileUrl = query({
  args: { id: v.id("_storage") },
  handler: async (ctx, { id }) => (await ctx.storage.getUrl(id)) !== null,
});

export const insert = mutation({
  args: { group: v.string(), n: v.number(), body: v.optional(v.string()) },
  handler: async (ctx, { group, n, body }) => ctx.db.insert("docs", { group, n, body: body ?? `doc ${n}` }),
});

export const patch = mutation({
  args: {
    id: v.id("docs"),
    group: v.optional(v.string()),
    n: v.optional(v.number()),
    body: v.optional(v.string()),
    tag: v.optional(v.string()),
  },
  handler: async (ctx, { id, ...fields }) => ctx.db.patch("docs", id, fields),
});

export const remove = mutation({
  args: { id: v.id("docs") },
  handler: async (ctx, { id }) => ctx.db.delete("docs", id),
});

export const tickLater = mutation({
  args: { delayMs: v.number() },
  handler: async (ctx, { delayMs }) => ctx.scheduler.runAfter(delayMs, internal.docs.tick, {}),
});

export const tick = internalMutation({
  args: {},
  handler: async (ctx) => {
    await ctx.db.insert("ticks", { at: Date.now() });
  },
});

export const storeFile = action({
  args: {},
  handler: async (ctx) => ctx.storage.store(new Blob(["hello"], { type: "text/plain" })),
});

export const deleteFile = mutation({
  args: { id: v.id("_storage") },
  handler: async (ctx, { id }) => ctx.storage.delete(id),
});
