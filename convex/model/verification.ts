// Email verification means something (issue 11): writing a review and earning
// referral points need a verified address (later: posting to the feed, taking
// payments). Browsing and messaging don't. One guard for every such write, and
// one way an address becomes verified, which also pays out what waited for it.
import { ErrorCode, verifyEmailFirst } from "../../common/errors";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { fail } from "./errors";
import { awardDeferredReferralPoints } from "./referrals";
import { logSecurityEvent } from "./securityLog";

export function isEmailVerified(user: Pick<Doc<"users">, "emailVerificationTime">): boolean {
  return user.emailVerificationTime !== undefined;
}

/** Throws EMAIL_NOT_VERIFIED ("Please verify your email address to {action}...") for an unverified member. */
export function requireVerifiedEmail(user: Pick<Doc<"users">, "emailVerificationTime">, action: string): void {
  if (!isEmailVerified(user)) fail(ErrorCode.EMAIL_NOT_VERIFIED, verifyEmailFirst(action));
}

/**
 * Marks the member's email verified (the emailed link, or the seed's demo accounts) and awards the
 * referral points that waited for it. A second call changes nothing.
 */
export async function markEmailVerified(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const user = await ctx.db.get("users", userId);
  if (user === null || isEmailVerified(user)) return;
  await ctx.db.patch("users", userId, { emailVerificationTime: Date.now() });
  await logSecurityEvent(ctx, "email_verified", { userId });
  await awardDeferredReferralPoints(ctx, userId);
}
