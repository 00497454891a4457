// Suspicious Users (issue 16): a member's score is kept on their `suspects` row and raised in the
// transaction that records each signal, so the admin list is one index range (by_score) and
// never a scan. Signals come from what the app already records: the sign-up's email and name
// (test/fake/spam patterns) and source, reports against their content (model/moderation
// fileReport), decoy hits, lockouts and rate limits (model/securityLog logSecurityEvent), and
// links in their first posts (model/posts insertPost). An admin's clear zeroes the counts; the
// next signal starts them again.
import {
  FIRST_POSTS,
  MANY_ACCOUNTS_FROM_ONE_SOURCE,
  suspicionScore,
  suspiciousPattern,
  type SignalKind,
} from "../../common/admin";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";

export async function suspectOf(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"suspects"> | null> {
  return await ctx.db
    .query("suspects")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

/** Counts one more `kind` against the member and re-scores them. */
export async function recordSignal(ctx: MutationCtx, userId: Id<"users">, kind: SignalKind, times = 1): Promise<void> {
  const row = await suspectOf(ctx, userId);
  const now = Date.now();
  if (row === null) {
    const signals = { [kind]: times };
    await ctx.db.insert("suspects", {
      userId,
      score: suspicionScore(signals),
      signals,
      pattern: kind === "pattern",
      lastSignalAt: now,
    });
    return;
  }
  const signals = { ...row.signals, [kind]: (row.signals[kind] ?? 0) + times };
  await ctx.db.patch("suspects", row._id, {
    signals,
    score: suspicionScore(signals),
    lastSignalAt: now,
    ...(kind === "pattern" ? { pattern: true } : {}),
  });
}

/**
 * At sign-up (accounts.afterSignUp; the seed's accounts too): the pattern signal, and the source
 * recorded; when it makes "many accounts from one source", each of them (bounded) gets the signal.
 * `source` is null on a local deployment's loopback (every browser there is 127.0.0.1).
 */
export async function recordSignUp(ctx: MutationCtx, user: Doc<"users">, source: string | null): Promise<void> {
  if (suspiciousPattern(user) !== null) await recordSignal(ctx, user._id, "pattern");
  if (source === null) return;
  const row = await suspectOf(ctx, user._id);
  if (row === null) {
    await ctx.db.insert("suspects", {
      userId: user._id,
      score: 0,
      signals: {},
      pattern: false,
      source,
      lastSignalAt: Date.now(),
    });
  } else {
    await ctx.db.patch("suspects", row._id, { source });
  }
  const same = await ctx.db
    .query("suspects")
    .withIndex("by_source", (q) => q.eq("source", source))
    .take(50);
  if (same.length < MANY_ACCOUNTS_FROM_ONE_SOURCE) return;
  // The account that reaches the threshold flags every one so far; later ones flag themselves.
  const flag = same.length === MANY_ACCOUNTS_FROM_ONE_SOURCE ? same : same.filter((s) => s.userId === user._id);
  for (const s of flag) if ((s.signals.sharedSource ?? 0) === 0) await recordSignal(ctx, s.userId, "sharedSource");
}

/** A profile edit: a name that newly carries the pattern is a signal (a clear sticks until then). */
export async function recordRename(
  ctx: MutationCtx,
  before: Doc<"users">,
  name: { firstName?: string; lastName?: string },
): Promise<void> {
  const had = suspiciousPattern({ firstName: before.firstName, lastName: before.lastName }) !== null;
  if (!had && suspiciousPattern(name) !== null) await recordSignal(ctx, before._id, "pattern");
}

/**
 * Members who signed up before the signals were recorded have no suspects row: this records the
 * pattern signal for one of them (migrations.ts suspiciousPatterns runs it over every member).
 */
export async function backfillPattern(ctx: MutationCtx, user: Doc<"users">): Promise<void> {
  if (user.purgedAt !== undefined || suspiciousPattern(user) === null) return;
  if ((await suspectOf(ctx, user._id)) !== null) return;
  await recordSignal(ctx, user._id, "pattern");
}

/** A new post by `author`: a link in one of their first posts is a signal. */
const LINK = /\b(?:https?:\/\/|www\.)\S+/i;
export async function recordNewPost(ctx: MutationCtx, author: Doc<"users">, content: string): Promise<void> {
  if ((author.postsCount ?? 0) < FIRST_POSTS && LINK.test(content))
    await recordSignal(ctx, author._id, "firstPostLinks");
}

/** Security events that are signals against the member they name. */
const SECURITY_SIGNALS: Partial<Record<string, SignalKind>> = {
  decoy_filled: "decoy",
  account_locked: "lockout",
  rate_limited: "rateLimited",
};

/** From logSecurityEvent: the member named by id, or by the email the event names. */
export async function recordSecurityEvent(
  ctx: MutationCtx,
  event: string,
  fields: { userId?: Id<"users">; identifier?: string },
): Promise<void> {
  const kind = SECURITY_SIGNALS[event];
  if (kind === undefined) return;
  let userId = fields.userId ?? null;
  if (userId === null && fields.identifier?.includes("@")) {
    const user = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", fields.identifier))
      .first();
    userId = user?._id ?? null;
  }
  if (userId !== null) await recordSignal(ctx, userId, kind);
}

/** An admin's clear: the counts start over (the next signal raises the score again). */
export async function clearSuspect(ctx: MutationCtx, row: Doc<"suspects">): Promise<void> {
  await ctx.db.patch("suspects", row._id, { signals: {}, score: 0, pattern: false, clearedAt: Date.now() });
}
