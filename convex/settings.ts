// Account settings (the /settings screen and the REST auth rows): sign out of
// this device and change password. Sessions end through model/sessions.ts, so
// a revoked token stops working at once.
import { getAuthSessionId, modifyAccountCredentials } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { changePasswordSchema } from "../common/auth";
import { ErrorCode } from "../common/errors";
import { internal } from "./_generated/api";
import { sendEmail } from "./emails/send";
import { passwordChangedEmail } from "./emails/templates";
import { action, internalMutation, internalQuery, mutation } from "./functions";
import { fail, parseOrThrow } from "./model/errors";
import { checkCurrentPassword } from "./model/passwordCheck";
import { logSecurityEvent } from "./model/securityLog";
import { currentSessionId, endSession, endUserSessions } from "./model/sessions";
import { siteUrl } from "./model/tokens";

/** Ends the caller's session (this device): its token and refresh tokens stop working. */
export const signOut = mutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    ctx.viewerX();
    const sessionId = await currentSessionId(ctx);
    if (sessionId !== null) await endSession(ctx, sessionId);
    return null;
  },
});

export const emailOf = internalQuery({
  args: { userId: v.id("users") },
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { userId }) => (await ctx.db.get("users", userId))?.email ?? null,
});

/** After the new password is stored: every other session ends, the change is logged and emailed. */
export const afterPasswordChange = internalMutation({
  args: { userId: v.id("users"), keep: v.union(v.id("authSessions"), v.null()) },
  returns: v.number(),
  handler: async (ctx, { userId, keep }) => {
    const ended = await endUserSessions(ctx, userId, { keep });
    await logSecurityEvent(ctx, "password_changed", { userId, details: `from settings; ${ended} other sessions ended` });
    const user = await ctx.db.get("users", userId);
    if (user?.email) {
      await sendEmail(ctx, {
        to: user.email,
        ...passwordChangedEmail(user.firstName, `${siteUrl()}/forgot-password`),
        kind: "password_changed",
      });
    }
    return ended;
  },
});

/** Change password while signed in: the current password is required; other devices are signed out. */
export const changePassword = action({
  args: { currentPassword: v.string(), newPassword: v.string(), confirmPassword: v.string() },
  returns: v.null(),
  handler: async (ctx, args) => {
    if (ctx.viewerId === null) fail(ErrorCode.NOT_AUTHENTICATED, "Please sign in to continue.");
    const values = parseOrThrow(changePasswordSchema, args);
    const email = await ctx.runQuery(internal.settings.emailOf, { userId: ctx.viewerId });
    if (email === null) fail(ErrorCode.NOT_AUTHENTICATED, "Please sign in to continue.");
    await checkCurrentPassword(ctx, ctx.viewerId, email, values.currentPassword, "currentPassword", "change password");
    await modifyAccountCredentials(ctx, { provider: "password", account: { id: email, secret: values.newPassword } });
    const sessionId = await getAuthSessionId(ctx);
    await ctx.runMutation(internal.settings.afterPasswordChange, {
      userId: ctx.viewerId,
      keep: sessionId,
    });
    return null;
  },
});
