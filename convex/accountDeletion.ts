// Delete account (Settings; issue 11, the Terms: "account data removed within 30 days of deletion").
// The current password confirms it; sessions end at once and the member is hidden in the same
// transaction (model/accountDeletion.ts). Nothing is scheduled per member: a daily cron purges, in
// bounded batches through the by_deletedAt index, the accounts deleted over 30 days ago. Signing in
// before then restores the account (accounts.recordSignIn), and the member is told so.
import { v } from "convex/values";
import { ACCOUNT_PURGE_AFTER_MS, deleteAccountSchema } from "../common/auth";
import { ErrorCode, Messages } from "../common/errors";
import { internal } from "./_generated/api";
import { sendEmail } from "./emails/send";
import { accountDeletedEmail } from "./emails/templates";
import { action, internalAction, internalMutation, mutation } from "./functions";
import { jobGateway } from "./payments/jobs";
import { markAccountDeleted, purgeDate, purgeStep } from "./model/accountDeletion";
import { fail, parseOrThrow } from "./model/errors";
import { checkCurrentPassword } from "./model/passwordCheck";
import { logSecurityEvent } from "./model/securityLog";
import { siteUrl } from "./model/tokens";

/** Members purged per run; the run schedules itself again while more are due. */
const PURGE_MEMBERS_PER_RUN = 10;

/** Deletes the caller's account once their current password checks out; they are signed out everywhere. */
export const deleteAccount = action({
  args: { password: v.string() },
  returns: v.object({ purgeAt: v.number() }),
  handler: async (ctx, args): Promise<{ purgeAt: number }> => {
    if (ctx.viewerId === null) fail(ErrorCode.NOT_AUTHENTICATED, Messages.notAuthenticated);
    const { password } = parseOrThrow(deleteAccountSchema, args);
    const email: string | null = await ctx.runQuery(internal.settings.emailOf, { userId: ctx.viewerId });
    if (email === null) fail(ErrorCode.NOT_AUTHENTICATED, Messages.notAuthenticated);
    await checkCurrentPassword(ctx, ctx.viewerId, email, password, "password", "delete account");
    const deletedAt: number = await ctx.runMutation(internal.accountDeletion.markDeleted, { userId: ctx.viewerId });
    return { purgeAt: purgeDate(deletedAt) };
  },
});

/** After the password check: marks, hides, signs out, closes open work, and emails the purge date. */
export const markDeleted = internalMutation({
  args: { userId: v.id("users") },
  returns: v.number(),
  handler: async (ctx, { userId }) => {
    const user = await ctx.db.get("users", userId);
    if (user === null) fail(ErrorCode.NOT_FOUND, "Account not found");
    if (user.deletedAt !== undefined) return user.deletedAt;
    const deletedAt = await markAccountDeleted(ctx, user);
    await logSecurityEvent(ctx, "account_deleted", { userId });
    if (user.email) {
      const purgeOn = new Date(purgeDate(deletedAt)).toLocaleDateString("en-US", {
        dateStyle: "long",
        timeZone: "UTC",
      });
      await sendEmail(ctx, {
        to: user.email,
        ...accountDeletedEmail(user.firstName, purgeOn, `${siteUrl()}/login`),
        kind: "account_deleted",
      });
    }
    return deletedAt;
  },
});

/** Tries to end a deleted member's subscription at the gateway: 1, 2, 4, 8 and 16 minutes apart, then logged for an operator. */
const CANCEL_MAX_ATTEMPTS = 6;

/** A deleted member's subscription ends now at the gateway (Stripe, or the local one), so they're billed no more. */
export const cancelSubscription = internalAction({
  args: { userId: v.id("users"), subscriptionId: v.string(), idempotencyKey: v.string(), attempts: v.number() },
  returns: v.null(),
  handler: async (ctx, args): Promise<null> => {
    try {
      await jobGateway().cancelSubscription(ctx, { subscriptionId: args.subscriptionId, idempotencyKey: args.idempotencyKey });
    } catch (error) {
      const attempts = args.attempts + 1;
      console.error(`accountDeletion: cancelling ${args.subscriptionId} of ${args.userId} failed (try ${attempts})`, error);
      if (attempts < CANCEL_MAX_ATTEMPTS) {
        await ctx.scheduler.runAfter(60_000 * 2 ** (attempts - 1), internal.accountDeletion.cancelSubscription, { ...args, attempts });
      }
    }
    return null;
  },
});

/** The restored member dismisses the "account restored" notice. */
export const dismissRestored = mutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    if (viewer.restoredAt !== undefined) await ctx.db.patch("users", viewer._id, { restoredAt: undefined });
    return null;
  },
});

/** Daily (crons.ts): accounts deleted over 30 days ago lose their data; bounded, and again while more are due. */
export const purgeDue = internalMutation({
  args: {},
  returns: v.object({ purged: v.number(), more: v.boolean() }),
  handler: async (ctx) => {
    const cutoff = Date.now() - ACCOUNT_PURGE_AFTER_MS;
    // gte(0) leaves out the members who never deleted (no deletedAt sorts first).
    const due = await ctx.db
      .query("users")
      .withIndex("by_deletedAt", (q) => q.gte("deletedAt", 0).lte("deletedAt", cutoff))
      .take(PURGE_MEMBERS_PER_RUN);
    let purged = 0;
    let more = due.length === PURGE_MEMBERS_PER_RUN;
    for (const user of due) {
      if (await purgeStep(ctx, user)) {
        purged++;
        await logSecurityEvent(ctx, "account_purged", { userId: user._id });
      } else {
        more = true;
      }
    }
    if (more) await ctx.scheduler.runAfter(0, internal.accountDeletion.purgeDue, {});
    return { purged, more };
  },
});
