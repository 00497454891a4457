// Abuse limits on actions that fan out to other members (issue 11): a fixed
// window per key (model/rateLimit.ts), the spec's generic message, and a
// securityLogs row. A refusal throws, and a throw rolls back everything the
// call wrote, so the log row is written by the attempt that uses up the
// allowance: it commits, and the refusals that follow are its consequence.
import { ConvexError } from "convex/values";
import { ErrorCode, Messages } from "../../common/errors";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { hit, type Limit } from "./rateLimit";
import { logSecurityEvent } from "./securityLog";

/** Counts one attempt of `what` by `userId` against `key`; refuses with RATE_LIMITED over the limit. */
export async function limitOrRefuse(ctx: MutationCtx, key: string, limit: Limit, userId: Id<"users">, what: string): Promise<void> {
  const retryAt = await hit(ctx, key, limit);
  if (retryAt !== null) throw new ConvexError({ code: ErrorCode.RATE_LIMITED, message: Messages.tooManyRequests, retryAt });
  const row = await ctx.db
    .query("rateLimits")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
  if (row !== null && row.count >= limit.max) {
    await logSecurityEvent(ctx, "rate_limited", {
      userId,
      identifier: key,
      details: `${what}: limit of ${limit.max} per ${Math.round(limit.windowMs / 60_000)} min reached`,
    });
  }
}
