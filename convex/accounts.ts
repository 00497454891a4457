// Internal steps of the sign-in, sign-up, reset and verification flows. The
// public entry points (auth.ts, passwords.ts, emailVerification.ts) call
// these; clients cannot.
import { ConvexError, v } from "convex/values";
import { LOCKOUT_MS, MAX_FAILED_SIGN_INS, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from "../common/auth";
import { ErrorCode, lockoutMessage, Messages, type AppErrorData } from "../common/errors";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { passwordResetEmail, verifyEmailEmail } from "./emails/templates";
import { internalMutation, internalQuery } from "./functions";
import { consume, hit, LIMITS } from "./model/rateLimit";
import { logSecurityEvent } from "./model/securityLog";
import { endUserSessions, sessionUser } from "./model/sessions";
import { siteUrl } from "./model/tokens";
import { syncUserLocation } from "./model/professionals";

export async function userByEmail(ctx: QueryCtx, email: string): Promise<Doc<"users"> | null> {
  return await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", email))
    .first();
}

/** The caller's user id while their token's session is open (the action builder's check). */
export const sessionViewerId = internalQuery({
  args: {},
  returns: v.union(v.id("users"), v.null()),
  handler: async (ctx) => (await sessionUser(ctx))?._id ?? null,
});

// These mutations return the error for the calling action to throw: a throw
// here would roll back the security log and counters they write.
const invalidCredentials = (): AppErrorData => ({ code: ErrorCode.INVALID_CREDENTIALS, message: Messages.loginFailed });
const rateLimited = (retryAt: number): AppErrorData => ({ code: ErrorCode.RATE_LIMITED, message: Messages.tooManyRequests, retryAt });
const errorResult = v.union(
  v.null(),
  v.object({
    code: v.string(),
    message: v.string(),
    retryAt: v.optional(v.number()),
    fields: v.optional(v.record(v.string(), v.string())),
  }),
);

/** Before checking a password: decoy, rate limits, lockout. Returns what the user should see, or null to go on. */
export const beforeSignIn = internalMutation({
  args: { email: v.string(), ip: v.union(v.string(), v.null()), decoy: v.boolean() },
  returns: errorResult,
  handler: async (ctx, { email, ip, decoy }): Promise<AppErrorData | null> => {
    const user = await userByEmail(ctx, email);
    if (decoy) {
      await logSecurityEvent(ctx, "decoy_filled", { identifier: email, userId: user?._id, details: `sign-in from ${ip}` });
      // Looks like any failed sign-in to the bot.
      return invalidCredentials();
    }
    const limited =
      (await hit(ctx, `signIn:email:${email}`, LIMITS.signInPerEmail)) ??
      (ip ? await hit(ctx, `signIn:ip:${ip}`, LIMITS.signInPerIp) : null);
    if (limited !== null) {
      await logSecurityEvent(ctx, "rate_limited", { identifier: email, details: `sign-in from ${ip}` });
      return rateLimited(limited);
    }
    if (user?.lockoutUntil && user.lockoutUntil > Date.now()) {
      await logSecurityEvent(ctx, "login_while_locked", { userId: user._id, identifier: email });
      return { code: ErrorCode.ACCOUNT_LOCKED, message: lockoutMessage(user.lockoutUntil), retryAt: user.lockoutUntil };
    }
    return null;
  },
});

/** A wrong password (or unknown email): count it, lock at the limit. Returns the error to throw. */
export const recordFailedSignIn = internalMutation({
  args: { email: v.string(), ip: v.union(v.string(), v.null()), reason: v.string() },
  returns: errorResult,
  handler: async (ctx, { email, ip, reason }): Promise<AppErrorData> => {
    const user = await userByEmail(ctx, email);
    await logSecurityEvent(ctx, "login_failed", { userId: user?._id, identifier: email, details: `${reason} from ${ip}` });
    if (!user) return invalidCredentials();
    // An expired lockout starts a fresh count.
    const previous = user.lockoutUntil && user.lockoutUntil <= Date.now() ? 0 : (user.loginAttempts ?? 0);
    const attempts = previous + 1;
    if (attempts >= MAX_FAILED_SIGN_INS) {
      const lockoutUntil = Date.now() + LOCKOUT_MS;
      await ctx.db.patch(user._id, { loginAttempts: attempts, lockoutUntil });
      await logSecurityEvent(ctx, "account_locked", { userId: user._id, identifier: email, details: `${attempts} failed sign-ins` });
      return { code: ErrorCode.ACCOUNT_LOCKED, message: lockoutMessage(lockoutUntil), retryAt: lockoutUntil };
    }
    await ctx.db.patch(user._id, { loginAttempts: attempts, lockoutUntil: undefined });
    return invalidCredentials();
  },
});

export const recordSignIn = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    await ctx.db.patch(userId, { loginAttempts: 0, lockoutUntil: undefined });
    await logSecurityEvent(ctx, "login_succeeded", { userId });
  },
});

/** Before creating an account: decoy, rate limits, unique email. */
export const beforeSignUp = internalMutation({
  args: { email: v.string(), ip: v.union(v.string(), v.null()), decoy: v.boolean() },
  returns: errorResult,
  handler: async (ctx, { email, ip, decoy }): Promise<AppErrorData | null> => {
    if (decoy) {
      await logSecurityEvent(ctx, "decoy_filled", { identifier: email, details: `sign-up from ${ip}` });
      return { code: ErrorCode.INVALID_INPUT, message: Messages.registrationFailed };
    }
    const limited =
      (ip ? await hit(ctx, `signUp:ip:${ip}`, LIMITS.signUpPerIp) : null) ??
      (await hit(ctx, `signUp:email:${email}`, LIMITS.signUpPerEmail));
    if (limited !== null) {
      await logSecurityEvent(ctx, "rate_limited", { identifier: email, details: `sign-up from ${ip}` });
      return rateLimited(limited);
    }
    if (await userByEmail(ctx, email)) {
      return { code: ErrorCode.EMAIL_TAKEN, message: Messages.emailTaken, fields: { email: Messages.emailTaken } };
    }
    return null;
  },
});

async function issueToken(
  ctx: MutationCtx,
  user: Doc<"users">,
  kind: "reset" | "verify",
  tokenHash: string,
  token: string,
) {
  // A new link replaces older unused ones of the same kind.
  const open = await ctx.db
    .query("emailTokens")
    .withIndex("by_userId_and_kind", (q) => q.eq("userId", user._id).eq("kind", kind))
    .order("desc")
    .take(20);
  for (const row of open) if (row.usedAt === undefined) await ctx.db.patch(row._id, { usedAt: Date.now() });
  const ttl = kind === "reset" ? RESET_TOKEN_TTL_MS : VERIFY_TOKEN_TTL_MS;
  await ctx.db.insert("emailTokens", { kind, userId: user._id, tokenHash, expiresAt: Date.now() + ttl });
  const url = `${siteUrl()}/${kind === "reset" ? "reset-password" : "verify-email"}?token=${encodeURIComponent(token)}`;
  const content = kind === "reset" ? passwordResetEmail(user.firstName, url) : verifyEmailEmail(user.firstName, url);
  await ctx.scheduler.runAfter(0, internal.emails.send.deliver, {
    to: user.email!,
    ...content,
    kind: kind === "reset" ? "password_reset" : "email_verification",
  });
}

export const afterSignUp = internalMutation({
  args: { userId: v.id("users"), tokenHash: v.string(), token: v.string() },
  handler: async (ctx, { userId, tokenHash, token }) => {
    const user = (await ctx.db.get(userId))!;
    await ctx.db.patch(userId, { loginAttempts: 0, termsAcceptedAt: Date.now() });
    await syncUserLocation(ctx, userId);
    await logSecurityEvent(ctx, "signup", { userId, identifier: user.email });
    await issueToken(ctx, user, "verify", tokenHash, token);
  },
});

/** Forgot password: same outcome whether or not the email has an account. */
export const requestReset = internalMutation({
  args: { email: v.string(), ip: v.union(v.string(), v.null()), tokenHash: v.string(), token: v.string() },
  returns: errorResult,
  handler: async (ctx, { email, ip, tokenHash, token }): Promise<AppErrorData | null> => {
    const limited =
      (await hit(ctx, `reset:email:${email}`, LIMITS.resetPerEmail)) ??
      (ip ? await hit(ctx, `reset:ip:${ip}`, LIMITS.resetPerIp) : null);
    if (limited !== null) {
      await logSecurityEvent(ctx, "rate_limited", { identifier: email, details: `reset from ${ip}` });
      return rateLimited(limited);
    }
    const user = await userByEmail(ctx, email);
    await logSecurityEvent(ctx, "reset_requested", {
      userId: user?._id,
      identifier: email,
      details: user ? `from ${ip}` : `unknown email, from ${ip}`,
    });
    if (user) await issueToken(ctx, user, "reset", tokenHash, token);
    return null;
  },
});

const invalidToken = (message: string) => new ConvexError({ code: ErrorCode.INVALID_TOKEN, message });

async function openToken(ctx: MutationCtx, kind: "reset" | "verify", tokenHash: string) {
  const row = await ctx.db
    .query("emailTokens")
    .withIndex("by_tokenHash", (q) => q.eq("tokenHash", tokenHash))
    .unique();
  if (!row || row.kind !== kind || row.usedAt !== undefined || row.expiresAt <= Date.now()) return null;
  return row;
}

/** Uses up a reset token (single use) and returns whose password to change. */
export const consumeResetToken = internalMutation({
  args: { tokenHash: v.string() },
  handler: async (ctx, { tokenHash }): Promise<{ userId: Id<"users">; email: string }> => {
    const row = await openToken(ctx, "reset", tokenHash);
    const user = row ? await ctx.db.get(row.userId) : null;
    if (!row || !user?.email) throw invalidToken(Messages.resetFailed);
    await ctx.db.patch(row._id, { usedAt: Date.now() });
    return { userId: user._id, email: user.email };
  },
});

export const afterPasswordReset = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    // A reset proves control of the inbox: lift any lockout. Everyone signed in
    // with the old password is signed out, in the same transaction.
    await ctx.db.patch(userId, { loginAttempts: 0, lockoutUntil: undefined });
    await endUserSessions(ctx, userId);
    await logSecurityEvent(ctx, "password_changed", { userId });
  },
});

export const verifyEmailToken = async (ctx: MutationCtx, tokenHash: string) => {
  const row = await openToken(ctx, "verify", tokenHash);
  if (!row) throw invalidToken("This verification link is invalid or has expired. Request a new one from your dashboard.");
  await ctx.db.patch(row._id, { usedAt: Date.now() });
  await ctx.db.patch(row.userId, { emailVerificationTime: Date.now() });
  await logSecurityEvent(ctx, "email_verified", { userId: row.userId });
};

export const resendVerification = internalMutation({
  args: { userId: v.id("users"), tokenHash: v.string(), token: v.string() },
  handler: async (ctx, { userId, tokenHash, token }) => {
    const user = await ctx.db.get(userId);
    if (!user?.email || user.emailVerificationTime !== undefined) return;
    await consume(ctx, `verify:user:${userId}`, LIMITS.verifyEmailPerUser);
    await issueToken(ctx, user, "verify", tokenHash, token);
  },
});
