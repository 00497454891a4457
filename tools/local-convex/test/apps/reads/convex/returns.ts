// Return values against `returns` validators: the runtime checks a query's own
// (src/returns.ts) and must accept and refuse exactly what convex-test does.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { action, internalMutation, mutation, query, type MutationCtx } from "./_generated/server";

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

const insertArgs = { group: v.string(), wrong: v.boolean() };
type InsertArgs = { group: string; wrong: boolean };
/** Inserts a row, then returns its id, or (wrong) a number its validator refuses: nothing may be written then. */
const insertThenReturn = async (ctx: MutationCtx, { group, wrong }: InsertArgs): Promise<any> => {
  const id = await ctx.db.insert("docs", { group, n: 1, body: "written" });
  return wrong ? 5 : id;
};

export const insertReturning = mutation({ args: insertArgs, returns: v.id("docs"), handler: insertThenReturn });

/** Only ever called by the functions below (never by a client). */
export const insertReturningNested = internalMutation({ args: insertArgs, returns: v.id("docs"), handler: insertThenReturn });

/** ctx.runMutation from an action: the mutation is its own transaction. */
export const insertFromAction = action({
  args: insertArgs,
  handler: async (ctx, args): Promise<string> => await ctx.runMutation(internal.returns.insertReturningNested, args),
});

/** ctx.runMutation from a mutation, its error caught: the sub-transaction's writes are rolled back, the caller commits. */
export const insertFromMutation = mutation({
  args: insertArgs,
  handler: async (ctx, args): Promise<string> => {
    await ctx.db.insert("docs", { group: args.group, n: 2, body: "caller" });
    try {
      return await ctx.runMutation(internal.returns.insertReturningNested, args);
    } catch (e) {
      return `refused: ${(e as Error).message}`;
    }
  },
});

/** Returns the commit timestamp it is about to get (a placeholder until the commit): checked as i64 max before it. */
export const commitStamp = mutation({
  args: {},
  returns: v.object({ ts: v.int64() }),
  handler: async (ctx): Promise<any> => ({ ts: ctx.db.vars.commitTs }),
});
