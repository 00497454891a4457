// Internal steps of the sign-in, sign-up, reset and verification flows. The
// public entry points (auth.ts, passwords.ts, emailVerification.ts) call
// these; clients cannot.
import { v } from "convex/values";
import { MAX_FAILED_SIGN_INS, RESET_TOKEN_TTL_MS, SLOWDOWN_BASE_MS, SLOWDOWN_MAX_MS, VERIFY_TOKEN_TTL_MS } from "../common/auth";
import {
  ErrorCode,
  lockoutMessage,
  Messages,
  passwordChecksLockedMessage,
  slowdownMessage,
  type AppErrorData,
} from "../common/errors";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { sendEmail } from "./emails/send";
import { accountExistsEmail, passwordResetEmail, verifyEmailEmail } from "./emails/templates";
import { internalMutation, internalQuery } from "./functions";
import { consume, countFailure, hit, ipLimited, lockedUntil, rateLimiter } from "./model/rateLimit";
import { logSecurityEvent } from "./model/securityLog";
import { recordSignUp } from "./model/suspicion";
import { endUserSessions, sessionUser } from "./model/sessions";
import { openToken } from "./model/emailTokens";
import { invalidToken } from "./model/errors";
import { siteUrl } from "./model/tokens";
import { syncUserLocation } from "./model/professionals";
import { restoreAccount } from "./model/accountDeletion";
import { AdminCopy } from "../common/admin";
import { matchInvitations } from "./model/teams";

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
const rateLimited = (retryAt: number): AppErrorData => ({
  code: ErrorCode.RATE_LIMITED,
  message: Messages.tooManyRequests,
  retryAt,
});
const errorResult = v.union(
  v.null(),
  v.object({
    code: v.string(),
    message: v.string(),
    retryAt: v.optional(v.number()),
    fields: v.optional(v.record(v.string(), v.string())),
  }),
);

// Lockout is per account AND source: 5 wrong passwords for one email from one
// source (IP) lock that pair for 15 minutes, so someone guessing from elsewhere
// cannot keep the owner out: the owner still signs in from their own network,
// or through the emailed reset link, which also unlocks. Unknown emails are
// counted and locked the same way: the answers never tell whether an account exists.
//
// Every key of an email's lockouts carries the moment a reset last lifted them
// (users.lockoutsClearedAt): the reset starts new keys instead of finding every
// source's (the rate limiter looks keys up one by one). Unknown emails have no reset.
const lockoutsKey = (email: string, user: Doc<"users"> | null) =>
  user?.lockoutsClearedAt === undefined ? email : `${email}#${user.lockoutsClearedAt}`;
const sourceKey = (email: string, user: Doc<"users"> | null, ip: string | null) =>
  `${lockoutsKey(email, user)}|${ip ?? "unknown"}`;

const lockedError = (until: number): AppErrorData => ({
  code: ErrorCode.ACCOUNT_LOCKED,
  message: lockoutMessage(until),
  retryAt: until,
});

// The per-account slowdown (issue 29): the pair lockout above does nothing against guessing one
// account from many sources. Failures for an email from anywhere fill a token bucket
// (signInFailuresPerAccount); once it is empty, each failure makes devices that never signed in to
// the account wait, doubling up to a cap. The owner's known devices (a random id the browser keeps,
// recorded hashed on each sign-in) are spared, so a distributed guesser cannot keep the owner out of
// their own browser; elsewhere they wait minutes, not hours, or reset (which clears it). Unknown
// emails are counted alike (no enumeration).

/** When the account's slowdown ends, or null: the bucket's level and time at the last failure tell it. */
async function slowedUntil(ctx: QueryCtx, key: string): Promise<number | null> {
  const { value, ts } = await rateLimiter.getValue(ctx, "signInFailuresPerAccount", { key });
  // The bucket keeps counting past empty (reserve): -value failures beyond the limit, each doubling the wait.
  if (value > 0) return null;
  const over = Math.max(0, Math.ceil(-value - 1e-9));
  const until = ts + Math.min(SLOWDOWN_BASE_MS * 2 ** over, SLOWDOWN_MAX_MS);
  return until > Date.now() ? until : null;
}

/** Counts a failed sign-in for the email from any source (past empty too, so the slowdown can double). */
async function countAccountFailure(ctx: MutationCtx, key: string): Promise<void> {
  await rateLimiter.limit(ctx, "signInFailuresPerAccount", { key, reserve: true });
}

/** Most devices remembered per member; the least recently used goes first. */
const KNOWN_DEVICES = 20;

async function isKnownDevice(ctx: QueryCtx, userId: Id<"users">, deviceHash: string | undefined): Promise<boolean> {
  if (!deviceHash) return false;
  const row = await ctx.db
    .query("knownDevices")
    .withIndex("by_userId_and_deviceHash", (q) => q.eq("userId", userId).eq("deviceHash", deviceHash))
    .unique();
  return row !== null;
}

async function rememberDevice(ctx: MutationCtx, userId: Id<"users">, deviceHash: string): Promise<void> {
  const now = Date.now();
  const row = await ctx.db
    .query("knownDevices")
    .withIndex("by_userId_and_deviceHash", (q) => q.eq("userId", userId).eq("deviceHash", deviceHash))
    .unique();
  if (row !== null) {
    await ctx.db.patch("knownDevices", row._id, { lastSignInAt: now });
    return;
  }
  await ctx.db.insert("knownDevices", { userId, deviceHash, lastSignInAt: now });
  const all = await ctx.db
    .query("knownDevices")
    .withIndex("by_userId_and_deviceHash", (q) => q.eq("userId", userId))
    .take(KNOWN_DEVICES + 5);
  const oldest = all.sort((a, b) => a.lastSignInAt - b.lastSignInAt).slice(0, Math.max(0, all.length - KNOWN_DEVICES));
  for (const d of oldest) await ctx.db.delete("knownDevices", d._id);
}

/** Before checking a password: decoy, rate limits, lockout. Returns what the user should see, or null to go on. */
export const beforeSignIn = internalMutation({
  args: {
    email: v.string(),
    ip: v.union(v.string(), v.null()),
    decoy: v.boolean(),
    /** The browser's device id, hashed (auth.ts): a device that signed in before skips the slowdown. */
    deviceHash: v.optional(v.string()),
  },
  returns: errorResult,
  handler: async (ctx, { email, ip, decoy, deviceHash }): Promise<AppErrorData | null> => {
    const user = await userByEmail(ctx, email);
    if (decoy) {
      await logSecurityEvent(ctx, "decoy_filled", {
        identifier: email,
        userId: user?._id,
        details: `sign-in from ${ip}`,
      });
      // Looks like any failed sign-in to the bot.
      return invalidCredentials();
    }
    // Per source only: a per-email counter would let anyone keep the owner out from everywhere.
    const limited = ipLimited(ip) ? await hit(ctx, "signInPerIp", ip) : null;
    if (limited !== null) {
      await logSecurityEvent(ctx, "rate_limited", { identifier: email, details: `sign-in from ${ip}` });
      return rateLimited(limited);
    }
    const until = await lockedUntil(ctx, "signInLockout", sourceKey(email, user, ip));
    if (until !== null) {
      await logSecurityEvent(ctx, "login_while_locked", {
        userId: user?._id,
        identifier: email,
        details: `from ${ip}`,
      });
      return lockedError(until);
    }
    const slowed = await slowedUntil(ctx, lockoutsKey(email, user));
    if (slowed !== null && !(user !== null && (await isKnownDevice(ctx, user._id, deviceHash)))) {
      // Not rate_limited: that would count against the account's owner in Suspicious Users.
      await logSecurityEvent(ctx, "login_while_locked", {
        userId: user?._id,
        identifier: email,
        details: `slowed down (failures from many sources), from ${ip}`,
      });
      return { code: ErrorCode.RATE_LIMITED, message: slowdownMessage(slowed), retryAt: slowed };
    }
    return null;
  },
});

/** A wrong password (or unknown email): count it for this email and source, lock at the limit. Returns the error to throw. */
export const recordFailedSignIn = internalMutation({
  args: { email: v.string(), ip: v.union(v.string(), v.null()), reason: v.string() },
  returns: errorResult,
  handler: async (ctx, { email, ip, reason }): Promise<AppErrorData> => {
    const user = await userByEmail(ctx, email);
    await logSecurityEvent(ctx, "login_failed", {
      userId: user?._id,
      identifier: email,
      details: `${reason} from ${ip}`,
    });
    const locked = await countFailure(ctx, "signInLockout", sourceKey(email, user, ip));
    await countAccountFailure(ctx, lockoutsKey(email, user));
    if (locked !== null) {
      await logSecurityEvent(ctx, "account_locked", {
        userId: user?._id,
        identifier: email,
        details: `${MAX_FAILED_SIGN_INS} failed sign-ins from ${ip}`,
      });
      return lockedError(locked);
    }
    return invalidCredentials();
  },
});

export const recordSignIn = internalMutation({
  args: { userId: v.id("users"), ip: v.optional(v.union(v.string(), v.null())), deviceHash: v.optional(v.string()) },
  returns: errorResult,
  handler: async (ctx, { userId, ip, deviceHash }): Promise<AppErrorData | null> => {
    const user = await ctx.db.get("users", userId);
    // A banned member's password is right but the account is suspended (admin/moderation.ts ban): no session.
    if (user?.bannedAt !== undefined) {
      await logSecurityEvent(ctx, "login_while_banned", { userId, details: `from ${ip ?? null}` });
      return { code: ErrorCode.FORBIDDEN, message: AdminCopy.suspended };
    }
    if (user?.email) await rateLimiter.reset(ctx, "signInLockout", { key: sourceKey(user.email, user, ip ?? null) });
    // This browser proved the password: the per-account slowdown spares it from now on.
    if (deviceHash) await rememberDevice(ctx, userId, deviceHash);
    await logSecurityEvent(ctx, "login_succeeded", { userId, details: `from ${ip ?? null}` });
    // Signing in within 30 days of deleting the account restores it.
    if (user?.deletedAt !== undefined) {
      await restoreAccount(ctx, user);
      await logSecurityEvent(ctx, "account_restored", { userId });
    }
    return null;
  },
});

/**
 * Before creating an account: decoy, rate limits, unique email. An email that
 * already has an account gets the same neutral answer as any refused sign-up,
 * and its owner an email saying so (sign in or reset instead): the form never
 * confirms that an address is registered.
 *
 * What a script can still tell: a new address gets an account and a session
 * at once (spec §2: sign-up ends "Redirecting to your dashboard"; REST
 * register answers its token), a registered one gets this refusal. Hiding
 * that would need every sign-up to wait for an emailed link, which the spec's
 * flow does not do. The wording never says the address exists, the timing is
 * the same (both paths hash the password, auth.ts), the per-email and per-IP
 * sign-up limits bound the probing, and probing an unregistered address
 * creates an account whose verification email tells that address's owner.
 */
export const beforeSignUp = internalMutation({
  args: { email: v.string(), ip: v.union(v.string(), v.null()), decoy: v.boolean() },
  returns: errorResult,
  handler: async (ctx, { email, ip, decoy }): Promise<AppErrorData | null> => {
    if (decoy) {
      await logSecurityEvent(ctx, "decoy_filled", { identifier: email, details: `sign-up from ${ip}` });
      return { code: ErrorCode.INVALID_INPUT, message: Messages.registrationFailed };
    }
    const limited =
      (ipLimited(ip) ? await hit(ctx, "signUpPerIp", ip) : null) ?? (await hit(ctx, "signUpPerEmail", email));
    if (limited !== null) {
      await logSecurityEvent(ctx, "rate_limited", { identifier: email, details: `sign-up from ${ip}` });
      return rateLimited(limited);
    }
    const existing = await userByEmail(ctx, email);
    if (existing) {
      await logSecurityEvent(ctx, "signup_existing_email", {
        userId: existing._id,
        identifier: email,
        details: `from ${ip}`,
      });
      await sendEmail(ctx, {
        to: email,
        ...accountExistsEmail(existing.firstName, `${siteUrl()}/login`, `${siteUrl()}/forgot-password`),
        kind: "account_exists",
      });
      return { code: ErrorCode.INVALID_INPUT, message: Messages.signUpCheckEmail };
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
  await sendEmail(ctx, {
    to: user.email!,
    ...content,
    kind: kind === "reset" ? "password_reset" : "email_verification",
  });
}

export const afterSignUp = internalMutation({
  args: {
    userId: v.id("users"),
    tokenHash: v.string(),
    token: v.string(),
    ip: v.optional(v.union(v.string(), v.null())),
    deviceHash: v.optional(v.string()),
  },
  handler: async (ctx, { userId, tokenHash, token, ip, deviceHash }) => {
    const user = (await ctx.db.get(userId))!;
    // The browser that made the account is one of its known devices (the sign-in slowdown spares it).
    if (deviceHash) await rememberDevice(ctx, userId, deviceHash);
    await ctx.db.patch(userId, { loginAttempts: 0, termsAcceptedAt: Date.now() });
    await syncUserLocation(ctx, userId);
    await logSecurityEvent(ctx, "signup", { userId, identifier: user.email, ...(ip ? { details: `from ${ip}` } : {}) });
    // Suspicious Users: the email/name pattern, and the source (not a local deployment's loopback).
    await recordSignUp(ctx, user, ipLimited(ip ?? null) ? ip! : null);
    await issueToken(ctx, user, "verify", tokenHash, token);
    // Enterprise team invitations sent to this address before the account existed.
    await matchInvitations(ctx, user);
  },
});

/** Forgot password: same outcome whether or not the email has an account. */
export const requestReset = internalMutation({
  args: { email: v.string(), ip: v.union(v.string(), v.null()), tokenHash: v.string(), token: v.string() },
  returns: errorResult,
  handler: async (ctx, { email, ip, tokenHash, token }): Promise<AppErrorData | null> => {
    const limited = (await hit(ctx, "resetPerEmail", email)) ?? (ipLimited(ip) ? await hit(ctx, "resetPerIp", ip) : null);
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

/** Uses up a reset token (single use) and returns whose password to change. */
export const consumeResetToken = internalMutation({
  args: { tokenHash: v.string() },
  handler: async (ctx, { tokenHash }): Promise<{ userId: Id<"users">; email: string }> => {
    const row = await openToken(ctx, "reset", tokenHash);
    const user = row ? await ctx.db.get(row.userId) : null;
    if (!row || !user?.email) invalidToken(Messages.resetFailed);
    await ctx.db.patch(row._id, { usedAt: Date.now() });
    return { userId: user._id, email: user.email };
  },
});

export const afterPasswordReset = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    // A reset proves control of the inbox: lift every lockout of the account.
    // Everyone signed in with the old password is signed out, in the same transaction.
    await ctx.db.patch(userId, { loginAttempts: 0, lockoutUntil: undefined, lockoutsClearedAt: Date.now() });
    await endUserSessions(ctx, userId);
    await logSecurityEvent(ctx, "password_changed", { userId });
  },
});

export const resendVerification = internalMutation({
  args: { userId: v.id("users"), tokenHash: v.string(), token: v.string() },
  handler: async (ctx, { userId, tokenHash, token }) => {
    const user = await ctx.db.get(userId);
    if (!user?.email || user.emailVerificationTime !== undefined) return;
    await consume(ctx, "verifyEmailPerUser", userId, userId);
    await issueToken(ctx, user, "verify", tokenHash, token);
  },
});

// The current password asked again while signed in (change password, delete account): a stolen
// session must not be able to guess it. Limited like sign-in: per IP, and 5 wrong passwords lock
// the check for the account for 15 minutes from every source (the caller is the account itself,
// so no one else can lock it), a right one starts over.
/** Before checking a signed-in member's current password: the per-IP limit and the account's lock. */
export const beforePasswordCheck = internalMutation({
  args: { userId: v.id("users"), ip: v.union(v.string(), v.null()) },
  returns: errorResult,
  handler: async (ctx, { userId, ip }): Promise<AppErrorData | null> => {
    const limited = ipLimited(ip) ? await hit(ctx, "passwordChecksPerIp", ip, userId) : null;
    if (limited !== null) return rateLimited(limited);
    const until = await lockedUntil(ctx, "passwordCheckLockout", userId);
    if (until !== null) {
      await logSecurityEvent(ctx, "login_while_locked", { userId, details: `current password check from ${ip}` });
      return { code: ErrorCode.RATE_LIMITED, message: passwordChecksLockedMessage(until), retryAt: until };
    }
    return null;
  },
});

/** A wrong current password: counted; at the limit the check locks. Returns the lock's error, or null. */
export const recordFailedPasswordCheck = internalMutation({
  args: { userId: v.id("users"), ip: v.union(v.string(), v.null()), what: v.string() },
  returns: errorResult,
  handler: async (ctx, { userId, ip, what }): Promise<AppErrorData | null> => {
    await logSecurityEvent(ctx, "login_failed", { userId, details: `wrong current password (${what}) from ${ip}` });
    const until = await countFailure(ctx, "passwordCheckLockout", userId);
    if (until === null) return null;
    await logSecurityEvent(ctx, "account_locked", { userId, details: `${MAX_FAILED_SIGN_INS} wrong current passwords (${what})` });
    return { code: ErrorCode.RATE_LIMITED, message: passwordChecksLockedMessage(until), retryAt: until };
  },
});

/** The right current password: the count starts over. */
export const passedPasswordCheck = internalMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    await rateLimiter.reset(ctx, "passwordCheckLockout", { key: userId });
    return null;
  },
});
