// Forgot / reset password: an emailed single-use link, valid 1 hour.
import { modifyAccountCredentials } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { EMAIL_MAX_LENGTH, normalizeEmail, resetPasswordValueSchema } from "../common/auth";
import { Messages, type AppErrorData } from "../common/errors";
import { internal } from "./_generated/api";
import { action } from "./functions";
import { invalid, invalidToken, refuse } from "./model/errors";
import { randomToken, sha256Hex } from "./model/tokens";

export const requestReset = action({
  args: { email: v.string(), website: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { email: rawEmail, website }) => {
    const email = normalizeEmail(rawEmail);
    if (email.length > EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      invalid("Please enter a valid email address");
    }
    // A filled decoy gets the same answer as everyone, and nothing is sent.
    if (website) return null;
    const token = randomToken();
    const meta = await ctx.meta.getRequestMetadata().catch(() => null);
    const error: AppErrorData | null = await ctx.runMutation(internal.accounts.requestReset, {
      email,
      ip: meta?.ip ?? null,
      token,
      tokenHash: await sha256Hex(token),
    });
    if (error) refuse(error);
    return null;
  },
});

export const resetPassword = action({
  args: { token: v.string(), newPassword: v.string() },
  returns: v.null(),
  handler: async (ctx, { token, newPassword }) => {
    if (!token || token.length > 200) invalidToken(Messages.invalidResetToken);
    const parsed = resetPasswordValueSchema.safeParse(newPassword);
    if (!parsed.success) {
      const message = parsed.error.issues[0]!.message;
      invalid(message, { password: message });
    }
    const { userId, email } = await ctx.runMutation(internal.accounts.consumeResetToken, {
      tokenHash: await sha256Hex(token),
    });
    await modifyAccountCredentials(ctx, { provider: "password", account: { id: email, secret: newPassword } });
    await ctx.runMutation(internal.accounts.afterPasswordReset, { userId });
    return null;
  },
});
