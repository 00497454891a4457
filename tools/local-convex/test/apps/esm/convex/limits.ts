import { v } from "convex/values";
import { mutation, query } from "./_generated/server";

// Functions that break Convex's transaction limits (no schema: untyped tables).
export const fill = mutation({
  args: { table: v.string(), n: v.number(), bytes: v.optional(v.number()) },
  handler: async (ctx, { table, n, bytes }) => {
    for (let i = 0; i < n; i++) {
       
      await ctx.db.insert(table as any, { i, body: "x".repeat(bytes ?? 1) });
    }
    return n;
  },
});

export const readAll = query({
  args: { table: v.string() },
   
  handler: async (ctx, { table }) => (await ctx.db.query(table as any).collect()).length,
});

export const readFiltered = query({
  args: { table: v.string() },
  handler: async (ctx, { table }) =>
     
    (await ctx.db.query(table as any).filter((q) => q.eq(q.field("missing"), true)).take(10)).length,
});

export const insertValue = mutation({
  args: { value: v.any() },
  handler: async (ctx, { value }) => {
    await ctx.db.insert("values", { value });
    return null;
  },
});

export const insertHuge = mutation({
  args: { bytes: v.number() },
  handler: async (ctx, { bytes }) => {
    await ctx.db.insert("values", { value: "x".repeat(bytes) });
    return null;
  },
});

export const insertLongArray = mutation({
  args: { length: v.number(), swallow: v.optional(v.boolean()) },
  handler: async (ctx, { length, swallow }) => {
    await ctx.db.insert("values", { value: "kept only if the mutation commits" });
    try {
      await ctx.db.insert("values", { value: Array.from({ length }, (_, i) => i) });
    } catch (e) {
      if (!swallow) throw e;
    }
    return null;
  },
});

export const countValues = query({
  args: {},
  handler: async (ctx) => (await ctx.db.query("values").take(1000)).length,
});

// Busy for `ms` of CPU time where the runtime can tell, else of wall time: on a
// loaded machine wall time overstates the work (a 1.5 s spin then used less than
// the 1 s of CPU the limit counts). A module's own `process` is Convex's `{ env }`;
// the local runtime's global object is still Node's, whose `process` has cpuUsage.
type CpuClock = { cpuUsage(previous?: { user: number; system: number }): { user: number; system: number } };
const host = Reflect.get(globalThis, "process") as Partial<CpuClock> | undefined;

function spin(ms: number) {
  const clock = typeof host?.cpuUsage === "function" ? (host as CpuClock) : null;
  const start = clock ? clock.cpuUsage() : null;
  const begun = Date.now();
  const elapsed = () => {
    if (!clock || !start) return Date.now() - begun;
    const used = clock.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  let x = 0;
  while (elapsed() < ms) for (let i = 0; i < 10_000; i++) x += Math.sqrt(x + i);
  return x;
}

export const slowQuery = query({
  args: { ms: v.number() },
  handler: async (_ctx, { ms }) => (spin(ms), ms),
});

export const slowMutation = mutation({
  args: { ms: v.number() },
  handler: async (ctx, { ms }) => {
    spin(ms);
    await ctx.db.insert("values", { value: "slow" });
    return ms;
  },
});
