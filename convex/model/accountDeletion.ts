// Deleting an account (issue 11; the Terms: "account data removed within 30
// days of deletion"). Deleting marks the member `deletedAt`, ends every session
// at once and hides them from others in the same transaction: their userType
// moves to `deletedUserType`, and every directory read (the by_userType_*
// indexes, the search index's userType filter) and the profile page skip a
// member without one; connection, request and backup lists read others through
// model/users visibleUser, and nobody can message them. Open jobs are cancelled and active bids withdrawn
// through the job state machine. Signing in within 30 days restores it all
// but the cancelled jobs and withdrawn bids. After 30 days the daily purge
// (convex/accountDeletion.ts) deletes what is theirs and leaves an anonymous
// "Deleted member" row for what others still hold (messages, reviews, jobs).
import { ACCOUNT_PURGE_AFTER_MS } from "../../common/account";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { purgeFollowsOf } from "./follows";
import { isOpen, transition, withdrawBid } from "./jobs";
import { deletePost } from "./posts";
import { purgeLikesOf } from "./likes";
import { endUserSessions } from "./sessions";

/** Rows one purge step handles per table (the purge runs again while a member has more). */
export const PURGE_BATCH = 100;

/** When a deletion made at `deletedAt` is purged. */
export function purgeDate(deletedAt: number): number {
  return deletedAt + ACCOUNT_PURGE_AFTER_MS;
}

/** Marks the member deleted, signs them out everywhere, hides them and closes their open work. */
export async function markAccountDeleted(ctx: MutationCtx, user: Doc<"users">): Promise<number> {
  const now = Date.now();
  await ctx.db.patch("users", user._id, {
    deletedAt: now,
    restoredAt: undefined,
    userType: undefined,
    ...(user.userType ? { deletedUserType: user.userType } : {}),
  });
  await endUserSessions(ctx, user._id);
  // Their feed posts leave the feeds, counts and tags (scheduled pages: a member may have many).
  await ctx.scheduler.runAfter(0, internal.social.posts.syncAuthorPostsBatch, { authorId: user._id, cursor: null });
  // Their open jobs end as the owner's cancel would; their active bids as their withdraw would.
  const jobs = await ctx.db
    .query("jobs")
    .withIndex("by_customerId", (q) => q.eq("customerId", user._id))
    .order("desc")
    .take(200);
  for (const job of jobs) {
    if (isOpen(job) || job.status === "assigned") {
      await transition(ctx, job, "cancel", user, { detail: "the owner deleted their account" });
    }
  }
  const bids = await ctx.db
    .query("bids")
    .withIndex("by_professionalId", (q) => q.eq("professionalId", user._id))
    .order("desc")
    .take(200);
  for (const bid of bids) {
    if (bid.status !== "active") continue;
    const job = await ctx.db.get("jobs", bid.jobId);
    if (job !== null) await withdrawBid(ctx, bid, job);
  }
  return now;
}

/** Signing in within 30 days: the account is back (as the member left it, bar the closed work). */
export async function restoreAccount(ctx: MutationCtx, user: Doc<"users">): Promise<void> {
  if (user.deletedAt === undefined || user.purgedAt !== undefined) return;
  await ctx.db.patch("users", user._id, {
    deletedAt: undefined,
    deletedUserType: undefined,
    restoredAt: Date.now(),
    ...(user.deletedUserType ? { userType: user.deletedUserType } : {}),
  });
  await ctx.scheduler.runAfter(0, internal.social.posts.syncAuthorPostsBatch, { authorId: user._id, cursor: null });
}

/**
 * One purge step for a member deleted over 30 days ago: deletes up to PURGE_BATCH rows of each kind that
 * is theirs alone (files and their bytes, portfolio items, notifications, saved jobs, email tokens,
 * reputation events, credentials, photos delivered to jobs, follows and likes (with others' counts), sessions; then the unread counts). Returns true once nothing is left; then the row becomes an
 * anonymous "Deleted member" that messages, reviews and jobs others hold still point at.
 */
export async function purgeStep(ctx: MutationCtx, user: Doc<"users">): Promise<boolean> {
  const userId = user._id;
  let more = false;
  const files = await ctx.db
    .query("files")
    .withIndex("by_uploaderId_and_createdAt", (q) => q.eq("uploaderId", userId))
    .take(PURGE_BATCH);
  for (const file of files) {
    if ((await ctx.db.system.get(file.storageId)) !== null) await ctx.storage.delete(file.storageId);
    await ctx.db.delete("files", file._id);
  }
  more ||= files.length === PURGE_BATCH;
  more ||= await deleteAll(
    ctx,
    "portfolioItems",
    await ctx.db
      .query("portfolioItems")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(PURGE_BATCH),
  );
  more ||= await deleteAll(
    ctx,
    "notifications",
    await ctx.db
      .query("notifications")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(PURGE_BATCH),
  );
  more ||= await deleteAll(
    ctx,
    "savedJobs",
    await ctx.db
      .query("savedJobs")
      .withIndex("by_userId_and_jobId", (q) => q.eq("userId", userId))
      .take(PURGE_BATCH),
  );
  more ||= await deleteAll(
    ctx,
    "emailTokens",
    await ctx.db
      .query("emailTokens")
      .withIndex("by_userId_and_kind", (q) => q.eq("userId", userId))
      .take(PURGE_BATCH),
  );
  more ||= await deleteAll(
    ctx,
    "reputationEvents",
    await ctx.db
      .query("reputationEvents")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(PURGE_BATCH),
  );
  more ||= await deleteAll(
    ctx,
    "authAccounts",
    await ctx.db
      .query("authAccounts")
      .withIndex("userIdAndProvider", (q) => q.eq("userId", userId))
      .take(PURGE_BATCH),
  );
  // Credentials (licence and policy numbers); their documents went with the files above.
  more ||= await deleteAll(
    ctx,
    "credentials",
    await ctx.db
      .query("credentials")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(PURGE_BATCH),
  );
  // The photos they delivered to jobs: their bytes went with the files above.
  more ||= await deleteAll(
    ctx,
    "jobPhotos",
    await ctx.db
      .query("jobPhotos")
      .withIndex("by_photographerId", (q) => q.eq("photographerId", userId))
      .take(PURGE_BATCH),
  );
  // Their follows (both ways) and likes go, with the counts others show.
  more ||= await purgeFollowsOf(ctx, userId, PURGE_BATCH);
  more ||= await purgeLikesOf(ctx, userId, PURGE_BATCH);
  // Their feed posts go as their own delete would (comments, likes and shares on them in scheduled batches).
  const posts = await ctx.db
    .query("posts")
    .withIndex("by_authorId", (q) => q.eq("authorId", userId))
    .take(PURGE_BATCH);
  for (const post of posts) await deletePost(ctx, post);
  more ||= posts.length === PURGE_BATCH;
  await endUserSessions(ctx, userId);
  if (more) return false;
  const counters = await ctx.db
    .query("userCounters")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
  if (counters !== null) await ctx.db.delete("userCounters", counters._id);
  // An avatar stored before the files table existed has no files row.
  if (user.imageStorageId && (await ctx.db.system.get(user.imageStorageId)) !== null) {
    await ctx.storage.delete(user.imageStorageId);
  }
  await anonymise(ctx, userId);
  return true;
}

type OwnTable =
  | "portfolioItems"
  | "notifications"
  | "savedJobs"
  | "emailTokens"
  | "reputationEvents"
  | "authAccounts"
  | "credentials"
  | "jobPhotos";

async function deleteAll<T extends OwnTable>(ctx: MutationCtx, table: T, rows: Doc<T>[]): Promise<boolean> {
  for (const row of rows) await ctx.db.delete(table, row._id);
  return rows.length === PURGE_BATCH;
}

/** Everything personal goes; what is left names them "Deleted member" to whoever still holds a message or review. */
async function anonymise(ctx: MutationCtx, userId: Id<"users">) {
  // No deletedAt: the by_deletedAt index lists only members still waiting for their purge.
  await ctx.db.replace("users", userId, { firstName: "Deleted", lastName: "member", purgedAt: Date.now() });
}
