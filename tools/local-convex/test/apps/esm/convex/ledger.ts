import { v } from "convex/values";
import { mutation, query } from "./_generated/server";

// One multi-document mutation per call: two ledger halves and a counter, all
// or nothing. `seq` must follow the client's last committed one.
export const record = mutation({
  args: { client: v.string(), seq: v.number() },
  handler: async (ctx, { client, seq }) => {
    const counter = await ctx.db
      .query("ledgerCounters")
      // Eight rows at most, in an app without a schema (so without indexes).
      // eslint-disable-next-line @convex-dev/no-filter-in-query
      .filter((q) => q.eq(q.field("client"), client))
      .first();
    const last = counter?.seq ?? 0;
    if (seq !== last + 1) throw new Error(`client ${client}: seq ${seq} after ${last}`);
    await ctx.db.insert("ledger", { client, seq, half: "a" });
    await ctx.db.insert("ledger", { client, seq, half: "b" });
    if (counter) await ctx.db.patch("ledgerCounters", counter._id, { seq });
    else await ctx.db.insert("ledgerCounters", { client, seq });
    return seq;
  },
});

export const state = query({
  args: {},
  handler: async (ctx) => {
    const counters: Record<string, number> = {};
    for (const c of await ctx.db.query("ledgerCounters").take(100)) counters[c.client] = c.seq;
    const halves: Record<string, { a: number; b: number }> = {};
    for (const row of await ctx.db.query("ledger").take(30_000)) {
      const h = (halves[row.client] ??= { a: 0, b: 0 });
      h[row.half as "a" | "b"] += 1;
    }
    return { counters, halves };
  },
});
