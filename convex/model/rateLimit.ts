// Fixed-window rate limits kept in the rateLimits table, one row per key.
import { ConvexError } from "convex/values";
import { ErrorCode, Messages } from "../../common/errors";
import type { MutationCtx } from "../_generated/server";

export interface Limit {
  max: number;
  windowMs: number;
}

export const LIMITS = {
  signInPerEmail: { max: 10, windowMs: 15 * 60_000 },
  signInPerIp: { max: 30, windowMs: 15 * 60_000 },
  signUpPerIp: { max: 5, windowMs: 60 * 60_000 },
  signUpPerEmail: { max: 3, windowMs: 60 * 60_000 },
  resetPerEmail: { max: 3, windowMs: 60 * 60_000 },
  resetPerIp: { max: 10, windowMs: 60 * 60_000 },
  verifyEmailPerUser: { max: 3, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** Counts one attempt against `key`; returns when the window resets if over the limit, else null. */
export async function hit(ctx: MutationCtx, key: string, limit: Limit): Promise<number | null> {
  const now = Date.now();
  const row = await ctx.db
    .query("rateLimits")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
  if (row === null) {
    await ctx.db.insert("rateLimits", { key, windowStart: now, count: 1 });
    return null;
  }
  if (now - row.windowStart >= limit.windowMs) {
    await ctx.db.patch(row._id, { windowStart: now, count: 1 });
    return null;
  }
  if (row.count >= limit.max) return row.windowStart + limit.windowMs;
  await ctx.db.patch(row._id, { count: row.count + 1 });
  return null;
}

/** Like `hit`, but throws RATE_LIMITED with the time to retry. */
export async function consume(ctx: MutationCtx, key: string, limit: Limit): Promise<void> {
  const retryAt = await hit(ctx, key, limit);
  if (retryAt !== null) {
    throw new ConvexError({ code: ErrorCode.RATE_LIMITED, message: Messages.tooManyRequests, retryAt });
  }
}
