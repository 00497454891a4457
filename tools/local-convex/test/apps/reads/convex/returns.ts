// Return values against `returns` validators: the runtime checks a query's own
// (src/returns.ts) and must accept and refuse exactly what convex-test does.
import { v } from "convex/values";
import { mutation, query } from "./_generated/server";

const row = v.object({
  name: v.union(v.string(), v.null()),
  score: v.optional(v.number()),
  kind: v.union(v.literal("a"), v.literal("b")),
  owner: v.optional(v.id("docs")),
});

export const shaped = query({
  args: { wrong: v.optional(v.string()) },
  returns: v.object({ rows: v.array(row), note: v.union(v.string(), v.null()) }),
  // Typed loosely: some answers are wrong on purpose.
  handler: async (_ctx, { wrong }): Promise<any> => {
    const rows = [
      { name: null, kind: "a" },
      { name: "x", score: 1, kind: "b" },
      { name: null, score: undefined, kind: "a" },
    ];
    if (wrong === "union") return { rows: [{ name: 5, kind: "a" }], note: null };
    if (wrong === "literal") return { rows: [{ name: "y", kind: "c" }], note: null };
    if (wrong === "extra") return { rows, note: null, more: 1 };
    if (wrong === "missing") return { rows };
    if (wrong === "id")
      return { rows: [{ name: "z", kind: "a", owner: "0000000000000000000000001ticks" }], note: null };
    return { rows, note: null };
  },
});

export const nothing = query({
  args: {},
  returns: v.null(),
  handler: async (): Promise<any> => undefined,
});

/** Inserts what it is given into `docs`, for the schema's own check. */
export const insertRaw = mutation({
  args: { doc: v.any() },
  handler: async (ctx, { doc }) => await ctx.db.insert("docs", doc),
});
