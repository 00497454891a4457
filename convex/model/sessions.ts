// Ending sign-in sessions. A session is an `authSessions` row of
// @convex-dev/auth; its access tokens carry the session id (subject
// "userId|sessionId") and its refresh tokens point at it. Deleting the row and
// its refresh tokens ends the session: the refresh tokens can no longer mint
// access tokens, and the builders (functions.ts) and the REST bearer path
// refuse an access token whose session row is gone.
// Used by sign-out, change password, account deletion, password reset and bans.
//
// Expiry ends a session the same way: a cron deletes sessions past their
// expirationTime (endExpiredSessions, run each minute by maintenance.ts). So
// the check that runs in every authenticated query only reads the row and
// never calls Date.now(), which would keep Convex from caching those queries
// (and would not re-run a subscribed query when the session expired anyway);
// a deleted row re-runs every query that read it, so the caller is signed
// out at once, whether by sign-out or by expiry.
import { getAuthSessionId } from "@convex-dev/auth/server";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";

/** Rows read per step; a session has one refresh token per refresh, so loops stay bounded per read. */
const BATCH = 100;

/** The caller's session id, or null for an anonymous caller (or a token without one). */
export async function currentSessionId(ctx: QueryCtx): Promise<Id<"authSessions"> | null> {
  const sessionId = await getAuthSessionId(ctx);
  if (sessionId === null || sessionId === undefined) return null;
  // The subject is data from a verified token, but never trust its shape.
  return ctx.db.normalizeId("authSessions", sessionId);
}

/**
 * True while the session exists. Deliberately no clock: expired sessions are deleted by
 * endExpiredSessions (see the top of this file).
 */
export async function isSessionLive(ctx: QueryCtx, sessionId: Id<"authSessions"> | null): Promise<boolean> {
  if (sessionId === null) return false;
  return (await ctx.db.get("authSessions", sessionId)) !== null;
}

/** Ends one session: its row and every refresh token issued for it. No-op if already gone. */
export async function endSession(ctx: MutationCtx, sessionId: Id<"authSessions">): Promise<void> {
  for (;;) {
    const tokens = await ctx.db
      .query("authRefreshTokens")
      .withIndex("sessionId", (q) => q.eq("sessionId", sessionId))
      .take(BATCH);
    for (const token of tokens) await ctx.db.delete("authRefreshTokens", token._id);
    if (tokens.length < BATCH) break;
  }
  if ((await ctx.db.get("authSessions", sessionId)) !== null) await ctx.db.delete("authSessions", sessionId);
}

/**
 * Ends up to `limit` sessions whose expirationTime is at or before `now`, soonest first, with
 * their refresh tokens. Returns how many ended (a full batch means more may be due).
 */
export async function endExpiredSessions(ctx: MutationCtx, now: number, limit: number): Promise<number> {
  const due = await ctx.db
    .query("authSessions")
    .withIndex("expirationTime", (q) => q.lte("expirationTime", now))
    .take(limit);
  for (const session of due) await endSession(ctx, session._id);
  return due.length;
}

/**
 * Ends every session of a user, except `keep` (the caller's own, e.g. after a
 * password change made while signed in). Returns how many sessions ended.
 */
export async function endUserSessions(
  ctx: MutationCtx,
  userId: Id<"users">,
  options: { keep?: Id<"authSessions"> | null } = {},
): Promise<number> {
  let ended = 0;
  for (;;) {
    // Ended rows leave the index, so each read starts over; one extra row covers the kept session.
    const sessions = await ctx.db
      .query("authSessions")
      .withIndex("userId", (q) => q.eq("userId", userId))
      .take(BATCH + 1);
    for (const session of sessions) {
      if (session._id === options.keep) continue;
      await endSession(ctx, session._id);
      ended++;
    }
    if (sessions.length <= BATCH) break;
  }
  return ended;
}

/**
 * The user the caller's token names while its session is live and belongs to
 * that user; null otherwise (anonymous, signed out, expired, reset, banned, deleted).
 * The builders (functions.ts) and the REST bearer path resolve callers with it.
 */
export async function sessionUser(ctx: QueryCtx): Promise<Doc<"users"> | null> {
  const identity = await ctx.auth.getUserIdentity();
  if (identity === null) return null;
  const userId = ctx.db.normalizeId("users", identity.subject.split("|")[0] ?? "");
  const sessionId = await currentSessionId(ctx);
  if (userId === null || sessionId === null) return null;
  const session = await ctx.db.get("authSessions", sessionId);
  if (session === null || session.userId !== userId) return null;
  // A token can outlive its user (deleted account): treat as signed out.
  return await ctx.db.get("users", userId);
}
