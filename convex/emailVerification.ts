// Email verification: a link emailed at sign-up (and on request), valid 24 hours.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { action, mutation } from "./functions";
import { verifyEmailToken } from "./model/emailTokens";
import { notSignedIn } from "./model/errors";
import { randomToken, sha256Hex } from "./model/tokens";

export const verify = mutation({
  args: { token: v.string() },
  returns: v.null(),
  handler: async (ctx, { token }) => {
    await verifyEmailToken(ctx, await sha256Hex(token));
    return null;
  },
});

export const resend = action({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    if (ctx.viewerId === null) notSignedIn();
    const token = randomToken();
    await ctx.runMutation(internal.accounts.resendVerification, {
      userId: ctx.viewerId,
      token,
      tokenHash: await sha256Hex(token),
    });
    return null;
  },
});
