// Single-use email tokens (password reset, email verification): stored as hashes, opened once.
import type { MutationCtx } from "../_generated/server";
import { invalidToken } from "./errors";
import { markEmailVerified } from "./verification";

export async function openToken(ctx: MutationCtx, kind: "reset" | "verify", tokenHash: string) {
  const row = await ctx.db
    .query("emailTokens")
    .withIndex("by_tokenHash", (q) => q.eq("tokenHash", tokenHash))
    .unique();
  if (!row || row.kind !== kind || row.usedAt !== undefined || row.expiresAt <= Date.now()) return null;
  return row;
}

/** Marks the verification link used and the member's email verified; a used, expired or unknown link is refused. */
export const verifyEmailToken = async (ctx: MutationCtx, tokenHash: string) => {
  const row = await openToken(ctx, "verify", tokenHash);
  if (!row)
    invalidToken("This verification link is invalid or has expired. Request a new one from your dashboard.");
  await ctx.db.patch(row._id, { usedAt: Date.now() });
  await markEmailVerified(ctx, row.userId);
};
