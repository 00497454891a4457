// Banning a member (issue 16): marked `bannedAt`, every session ended at once, sign-in refused
// (accounts.recordSignIn), and hidden from everyone else in the same transaction: their
// userType moves to `bannedUserType`, so every directory read (the by_userType_* indexes, the
// search index's userType filter) and the profile page skip them as they skip a deleted
// account; model/users isHiddenMember hides their reviews, connections and mentions; their
// posts leave the feeds (model/posts isVisible reads the ban; the first page here, the rest in
// scheduled pages) and their comments are hidden (a page here, the rest scheduled). Unbanning
// undoes each of these. Both audited with the admin's reason.
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { AdminCopy, ConsoleCopy } from "../../common/admin";
import { recordAudit, type AuditActor } from "./audit";
import { setCommentVisible } from "./comments";
import { forbidden, invalid } from "./errors";
import { syncOwnerJobs } from "./jobs";
import { syncAuthorPosts } from "./posts";
import { syncListerListings } from "./scrap";
import { endUserSessions } from "./sessions";

const BATCH = 100;

export async function banUser(
  ctx: MutationCtx,
  by: Doc<"users"> | "scheduler",
  user: Doc<"users">,
  reason: string,
  /** inline: false hides their content in scheduled pages only (a caller banning many in one transaction). */
  options: { inline?: boolean } = {},
): Promise<void> {
  if (user.role === "admin") forbidden(AdminCopy.cannotBanAdmin);
  if (user.bannedAt !== undefined) return;
  const now = Date.now();
  await ctx.db.patch("users", user._id, {
    bannedAt: now,
    banReason: reason,
    ...(user.userType ? { userType: undefined, bannedUserType: user.userType } : {}),
  });
  const sessionsEnded = await endUserSessions(ctx, user._id);
  await syncMemberContent(ctx, user._id, options.inline ?? true);
  await recordAudit(ctx, actorOf(by), {
    action: "user.ban",
    targetTable: "users",
    targetId: user._id,
    before: { bannedAt: null },
    after: { bannedAt: now, sessionsEnded },
    note: reason,
  });
}

/** Lifts a ban: the member can sign in again and is shown again (posts, comments, profile, directory). */
export async function unbanUser(
  ctx: MutationCtx,
  by: Doc<"users"> | "scheduler",
  user: Doc<"users">,
  note?: string,
  options: { inline?: boolean } = {},
): Promise<void> {
  if (user.bannedAt === undefined) invalid(ConsoleCopy.notBanned);
  // A cleanup that removed the member marked them deleted too, for the account purge: the unban
  // takes that back and closes the cleanup's item, or the purge would still take them (issue 29).
  // A deletion the member asked for themselves has no cleanup item and stands.
  const cleanupItems = await ctx.db
    .query("cleanupItems")
    .withIndex("by_userId", (q) => q.eq("userId", user._id))
    .take(20);
  const removedBy = cleanupItems.filter((item) => item.state === "removed");
  for (const item of removedBy) {
    await ctx.db.patch("cleanupItems", item._id, { state: "restored" });
    const run = await ctx.db.get("cleanupRuns", item.runId);
    if (run !== null) await ctx.db.patch("cleanupRuns", run._id, { restored: run.restored + 1 });
  }
  const deletionCleared = removedBy.length > 0 && user.deletedAt !== undefined;
  await ctx.db.patch("users", user._id, {
    bannedAt: undefined,
    banReason: undefined,
    bannedUserType: undefined,
    ...(user.bannedUserType ? { userType: user.bannedUserType } : {}),
    ...(deletionCleared ? { deletedAt: undefined } : {}),
  });
  await syncMemberContent(ctx, user._id, options.inline ?? true);
  await recordAudit(ctx, actorOf(by), {
    action: "user.unban",
    targetTable: "users",
    targetId: user._id,
    before: { bannedAt: user.bannedAt, banReason: user.banReason ?? null, deletedAt: user.deletedAt ?? null },
    after: { bannedAt: null, ...(deletionCleared ? { deletedAt: null, cleanupItemsRestored: removedBy.length } : {}) },
    ...(note ? { note } : {}),
  });
}

function actorOf(by: Doc<"users"> | "scheduler"): AuditActor {
  return by === "scheduler" ? "scheduler" : by._id;
}

/** Posts and comments follow the member's ban: a page now (inline), the rest in scheduled pages. */
async function syncMemberContent(ctx: MutationCtx, userId: Id<"users">, inline: boolean): Promise<void> {
  if (!inline) {
    await ctx.scheduler.runAfter(0, internal.social.posts.syncAuthorPostsBatch, { authorId: userId, cursor: null });
    await ctx.scheduler.runAfter(0, internal.admin.moderation.hideBannedComments, { userId, after: null });
    await ctx.scheduler.runAfter(0, internal.admin.users.syncHiddenMember, { userId });
    return;
  }
  await syncListingsAndJobs(ctx, userId, null, null);
  const next = await syncAuthorPosts(ctx, userId, null, BATCH);
  if (next !== null)
    await ctx.scheduler.runAfter(0, internal.social.posts.syncAuthorPostsBatch, { authorId: userId, cursor: next });
  await syncComments(ctx, userId, null);
}

/**
 * A page of the member's comments made to match their ban: hidden while banned, shown again
 * after (those the screen held stay held). Pages by _creationTime (no .paginate: the posts'
 * page above is this transaction's one); schedules the next page while more remain.
 */
export async function syncComments(ctx: MutationCtx, userId: Id<"users">, after: number | null): Promise<void> {
  const user = await ctx.db.get("users", userId);
  if (user === null) return;
  const comments = await ctx.db
    .query("comments")
    .withIndex("by_authorId", (q) =>
      after === null ? q.eq("authorId", userId) : q.eq("authorId", userId).gt("_creationTime", after),
    )
    .take(BATCH);
  for (const comment of comments) {
    const shown =
      user.bannedAt === undefined &&
      (comment.moderationStatus === "approved" || comment.moderationStatus === "pending");
    await setCommentVisible(ctx, comment, shown);
  }
  if (comments.length === BATCH) {
    await ctx.scheduler.runAfter(0, internal.admin.moderation.hideBannedComments, {
      userId,
      after: comments[comments.length - 1]!._creationTime,
    });
  }
}

/**
 * A page of the member's scrap listings and of their jobs made to match their account (hidden
 * while banned or deleted: model/scrap syncListerListings, model/jobs syncOwnerJobs); the rest
 * in scheduled pages.
 */
export async function syncListingsAndJobs(
  ctx: MutationCtx,
  userId: Id<"users">,
  listingsAfter: number | null,
  jobsAfter: number | null,
): Promise<void> {
  const listings = listingsAfter === -1 ? null : await syncListerListings(ctx, userId, listingsAfter);
  const jobs = jobsAfter === -1 ? null : await syncOwnerJobs(ctx, userId, jobsAfter);
  if (listings !== null || jobs !== null) {
    // -1: that side is done.
    await ctx.scheduler.runAfter(0, internal.admin.users.syncHiddenMember, {
      userId,
      listingsAfter: listings ?? -1,
      jobsAfter: jobs ?? -1,
    });
  }
}
