// Banning a member (issue 16): marked `bannedAt`, every session ended at once, sign-in refused
// (accounts.recordSignIn), their posts hidden (model/posts isVisible reads the ban; the first page
// here, the rest in scheduled pages) and their comments hidden. Audited with the admin's reason.
import { internal } from "../_generated/api";
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { AdminCopy } from "../../common/admin";
import { recordAudit } from "./audit";
import { setCommentVisible } from "./comments";
import { forbidden } from "./errors";
import { syncAuthorPosts } from "./posts";
import { endUserSessions } from "./sessions";

const BATCH = 100;

export async function banUser(
  ctx: MutationCtx,
  admin: Doc<"users">,
  user: Doc<"users">,
  reason: string,
): Promise<void> {
  if (user.role === "admin") forbidden(AdminCopy.cannotBanAdmin);
  if (user.bannedAt !== undefined) return;
  await ctx.db.patch("users", user._id, { bannedAt: Date.now(), banReason: reason });
  const sessionsEnded = await endUserSessions(ctx, user._id);
  const next = await syncAuthorPosts(ctx, user._id, null, BATCH);
  if (next !== null)
    await ctx.scheduler.runAfter(0, internal.social.posts.syncAuthorPostsBatch, { authorId: user._id, cursor: next });
  await hideComments(ctx, user);
  await recordAudit(ctx, admin._id, {
    action: "user.ban",
    targetTable: "users",
    targetId: user._id,
    before: { bannedAt: null },
    after: { bannedAt: Date.now(), sessionsEnded },
    note: reason,
  });
}

/** Hides a banned member's visible comments, a batch per transaction (scheduled again while more remain). */
export async function hideComments(ctx: MutationCtx, user: Doc<"users">): Promise<void> {
  const comments = await ctx.db
    .query("comments")
    .withIndex("by_authorId", (q) => q.eq("authorId", user._id))
    .take(BATCH * 5);
  let hidden = 0;
  for (const comment of comments) {
    if (!comment.visible) continue;
    if (hidden === BATCH) {
      await ctx.scheduler.runAfter(0, internal.admin.moderation.hideBannedComments, { userId: user._id });
      return;
    }
    await setCommentVisible(ctx, comment, false);
    hidden++;
  }
}
