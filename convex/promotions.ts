// Time-limited promotions (spec §1 launch offer, §4 promo banner). The banner
// reads `current`; operators and the seed call `upsert`, which schedules
// `expire` at the deadline; crons.ts runs `expireDue` daily as a safety net.
import { v } from "convex/values";
import { isPromotionLive } from "../common/promo";
import { internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { internalMutation, query } from "./functions";
import { endLaunchGrant as endGrant } from "./payments/model/launchPromotion";

/** Promotions are few (a handful over the product's life): one bounded read covers them all. */
const MAX_PROMOTIONS = 100;

const promotionValidator = v.object({
  key: v.string(),
  title: v.string(),
  description: v.string(),
  endsAt: v.number(),
});

async function byKey(ctx: QueryCtx, key: string): Promise<Doc<"promotions"> | null> {
  return ctx.db
    .query("promotions")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
}

/** The promotion on offer now (the one ending soonest if several), or null. */
export const current = query({
  args: {},
  returns: v.union(v.null(), promotionValidator),
  handler: async (ctx) => {
    const now = Date.now();
    const rows = await ctx.db.query("promotions").withIndex("by_key").take(MAX_PROMOTIONS);
    const live = rows.filter((row) => isPromotionLive(row, now)).sort((a, b) => a.endsAt - b.endsAt);
    const promo = live[0];
    if (!promo) return null;
    return { key: promo.key, title: promo.title, description: promo.description, endsAt: promo.endsAt };
  },
});

/**
 * Creates or updates a promotion and schedules its end. A deadline already past ends it at
 * once. Moving a deadline leaves the earlier job scheduled: `expire` ignores a job that
 * fires before the row's current deadline.
 */
export const upsert = internalMutation({
  args: { key: v.string(), title: v.string(), description: v.string(), endsAt: v.number() },
  returns: v.id("promotions"),
  handler: async (ctx, { key, title, description, endsAt }) => {
    if (!key.trim() || !title.trim()) throw new Error("promotions:upsert needs a key and a title");
    if (!Number.isFinite(endsAt)) throw new Error("promotions:upsert needs endsAt in ms since epoch");
    const active = endsAt > Date.now();
    const existing = await byKey(ctx, key);
    const id = existing
      ? (await ctx.db.patch("promotions", existing._id, { title, description, endsAt, active }), existing._id)
      : await ctx.db.insert("promotions", { key, title, description, endsAt, active });
    if (active) await ctx.scheduler.runAt(endsAt, internal.promotions.expire, { key });
    return id;
  },
});

/** Ends a promotion whose deadline has come (idempotent; a stale job for a moved deadline does nothing). */
export const expire = internalMutation({
  args: { key: v.string() },
  returns: v.boolean(),
  handler: async (ctx, { key }) => {
    const promo = await byKey(ctx, key);
    if (!promo || !promo.active || promo.endsAt > Date.now()) return false;
    await ctx.db.patch("promotions", promo._id, { active: false });
    return true;
  },
});

/** Daily safety net (crons.ts): ends every active promotion past its deadline. Returns how many. */
export const expireDue = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const now = Date.now();
    const rows = await ctx.db.query("promotions").withIndex("by_key").take(MAX_PROMOTIONS);
    let ended = 0;
    for (const row of rows) {
      if (row.active && row.endsAt <= now) {
        await ctx.db.patch("promotions", row._id, { active: false });
        ended += 1;
      }
    }
    return ended;
  },
});

/** The launch promotion's grant reaches its year's end (payments/model/launchPromotion.ts). */
export const endLaunchGrant = internalMutation({
  args: { userId: v.id("users"), periodEnd: v.number() },
  returns: v.null(),
  handler: async (ctx, { userId, periodEnd }) => {
    await endGrant(ctx, userId, periodEnd);
    return null;
  },
});
