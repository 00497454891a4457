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
// Money first: deletion is refused while a job's payment is held for work under way (the owner's
// side: work started, submitted, disputed or charged back) or owed to the member as the pro (funded
// onwards, until released or refunded), so nobody's money is stranded with a gone account; an
// owner's payment funded for a job not yet started is refunded as the job's cancel would, and a
// live subscription is cancelled at the gateway (no more billing).
import { ACCOUNT_PURGE_AFTER_MS } from "../../common/account";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { purgeFollowsOf } from "./follows";
import { ErrorCode } from "../../common/errors";
import { PaymentCopy } from "../../common/payments";
import { fail } from "./errors";
import { isOpen, jobState, transition, withdrawBid } from "./jobs";
import { endLaunchGrantNow, isLaunchGrant } from "../payments/model/launchPromotion";
import { cancelMilestone, milestoneCancellable, onJobCancelled, paymentsOfJob, type Payment } from "../payments/model/payments";
import { deletePost } from "./posts";
import { purgeLikesOf } from "./likes";
import { endUserSessions } from "./sessions";

/** Rows one purge step handles per table (the purge runs again while a member has more). */
export const PURGE_BATCH = 100;

/** When a deletion made at `deletedAt` is purged. */
export function purgeDate(deletedAt: number): number {
  return deletedAt + ACCOUNT_PURGE_AFTER_MS;
}

/** Payment states whose money is still on its way to the pro (held, under review, frozen). */
const HELD_FOR_PRO: readonly Payment["state"][] = ["funded", "completion_submitted", "disputed", "charged_back"];

/**
 * Refuses the deletion (with the job's name) while money is held for work under way or owed to
 * the member. An owner's payment funded before work started isn't in the way: the cancel refunds it.
 */
export async function assertNoHeldMoney(ctx: MutationCtx, user: Doc<"users">): Promise<void> {
  for (const state of HELD_FOR_PRO) {
    const owed = await ctx.db
      .query("jobPayments")
      .withIndex("by_proId_and_state", (q) => q.eq("proId", user._id).eq("state", state))
      .first();
    if (owed !== null) fail(ErrorCode.INVALID_INPUT, PaymentCopy.deleteWhileHeld(await titleOf(ctx, owed), "pro"));
  }
  const paid = await ctx.db
    .query("jobPayments")
    .withIndex("by_ownerId", (q) => q.eq("ownerId", user._id))
    .order("desc")
    .take(200);
  for (const payment of paid) {
    if (!HELD_FOR_PRO.includes(payment.state)) continue;
    const job = await ctx.db.get("jobs", payment.jobId);
    // Funded, work not started: the job's cancel refunds it (markAccountDeleted).
    if (payment.state === "funded" && job !== null && jobState(job) === "assigned") continue;
    fail(ErrorCode.INVALID_INPUT, PaymentCopy.deleteWhileHeld(job?.title ?? "a job", "owner"));
  }
}

async function titleOf(ctx: MutationCtx, payment: Payment): Promise<string> {
  return (await ctx.db.get("jobs", payment.jobId))?.title ?? "a job";
}

/** Marks the member deleted, signs them out everywhere, hides them and closes their open work. */
export async function markAccountDeleted(ctx: MutationCtx, user: Doc<"users">): Promise<number> {
  await assertNoHeldMoney(ctx, user);
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
  // Their scrap listings leave the lists and can't be claimed (issue 29: a claim handed out their contact details).
  await ctx.scheduler.runAfter(0, internal.admin.users.syncHiddenMember, { userId: user._id });
  // Their open jobs end as the owner's cancel would; their active bids as their withdraw would.
  const jobs = await ctx.db
    .query("jobs")
    .withIndex("by_customerId", (q) => q.eq("customerId", user._id))
    .order("desc")
    .take(200);
  for (const job of jobs) {
    if (isOpen(job) || job.status === "assigned") {
      await transition(ctx, job, "cancel", user, { detail: "the owner deleted their account" });
      // As the owner's own cancel does: an unfunded payment is cancelled, one funded before work started refunded.
      await onJobCancelled(ctx, job._id, user);
    } else {
      // Work under way (nothing held, or the deletion was refused above): the later milestones nobody
      // funded are dropped as the owner's own cancel would, or they would wait for an owner who is gone.
      const rows = await paymentsOfJob(ctx, job._id);
      for (const payment of rows) {
        if (milestoneCancellable(payment, rows)) await cancelMilestone(ctx, payment, user);
      }
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
  if (isLaunchGrant(user)) {
    // The launch promotion's grant is no Stripe subscription: it ends here, not at the gateway.
    if (user.subscriptionStatus !== "canceled") await endLaunchGrantNow(ctx, user, now);
  } else if (user.stripeSubscriptionId !== undefined && user.subscriptionStatus !== undefined && user.subscriptionStatus !== "canceled") {
    // No more billing: the gateway ends it now and its customer.subscription.deleted updates the row.
    await ctx.scheduler.runAfter(0, internal.accountDeletion.cancelSubscription, {
      userId: user._id,
      subscriptionId: user.stripeSubscriptionId,
      idempotencyKey: `${user._id}:${now}:cancelSubscription`,
      attempts: 0,
    });
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
  await ctx.scheduler.runAfter(0, internal.admin.users.syncHiddenMember, { userId: user._id });
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
    "knownDevices",
    await ctx.db
      .query("knownDevices")
      .withIndex("by_userId_and_deviceHash", (q) => q.eq("userId", userId))
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
  | "knownDevices"
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
