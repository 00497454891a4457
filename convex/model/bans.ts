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
import { syncAuthorPosts } from "./posts";
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
  await ctx.db.patch("users", user._id, {
    bannedAt: undefined,
    banReason: undefined,
    bannedUserType: undefined,
    ...(user.bannedUserType ? { userType: user.bannedUserType } : {}),
  });
  await syncMemberContent(ctx, user._id, options.inline ?? true);
  await recordAudit(ctx, actorOf(by), {
    action: "user.unban",
    targetTable: "users",
    targetId: user._id,
    before: { bannedAt: user.bannedAt, banReason: user.banReason ?? null },
    after: { bannedAt: null },
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
    return;
  }
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
