// The admin console's Moderation tab (issue 16): the queue of open reports (posts, comments,
// reviews) and of posts the automatic screen flagged, newest first, and the moderator's
// decisions. Admins only (adminQuery/adminMutation check the role on the server); every
// decision writes the audit log in its own transaction (model/audit.ts).
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { AdminCopy, NOTES_MAX, preview, riskLevel } from "../../common/admin";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { adminMutation, adminQuery, internalMutation } from "../functions";
import { recordAudit } from "../model/audit";
import { banUser, syncComments } from "../model/bans";
import { removeComment, setCommentVisible } from "../model/comments";
import { invalid, notFound } from "../model/errors";
import { closeReportsOn, itemOf, openReportsOn, transitionReport, type ReportedItem } from "../model/moderation";
import { notify } from "../model/notifications";
import { refuseOwnCase } from "../model/ownCase";
import { cappedPagination } from "../model/paging";
import { applyModeration, deletePost } from "../model/posts";
import { removeReview } from "../model/reviews";
import { fullName } from "../model/users";
import { stream, mergedStream } from "convex-helpers/server/stream";
import schema from "../schema";

async function authorOf(ctx: QueryCtx, userId: Id<"users">) {
  const user = await ctx.db.get("users", userId);
  if (user === null) return null;
  return {
    id: user._id,
    name: fullName(user) || user.email || "Member",
    email: user.email,
    banned: user.bannedAt !== undefined,
  };
}

interface Content {
  text: string;
  authorId: Id<"users">;
  confidence: number;
  flags: string[];
}

async function contentOf(ctx: QueryCtx, item: ReportedItem): Promise<Content | null> {
  if (item.kind === "post") {
    const post = await ctx.db.get("posts", item.postId);
    return (
      post && {
        text: post.content,
        authorId: post.authorId,
        confidence: post.moderationConfidence,
        flags: post.moderationFlags,
      }
    );
  }
  if (item.kind === "comment") {
    const comment = await ctx.db.get("comments", item.commentId);
    return (
      comment && {
        text: comment.content,
        authorId: comment.authorId,
        confidence: comment.moderationConfidence,
        flags: comment.moderationFlags,
      }
    );
  }
  const review = await ctx.db.get("reviews", item.reviewId);
  // Reviews are not screened: their risk comes from the reports alone.
  return (
    review && { text: `${review.title}: ${review.content}`, authorId: review.reviewerId, confidence: 1, flags: [] }
  );
}

function contentIdOf(item: ReportedItem): string {
  return item.kind === "post" ? item.postId : item.kind === "comment" ? item.commentId : item.reviewId;
}

/** Open reports (pending, or reviewed after a warning), newest first. */
export const queue = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const open = (status: "pending" | "reviewed") =>
      stream(ctx.db, schema)
        .query("moderationReports")
        .withIndex("by_status", (q) => q.eq("status", status))
        .order("desc");
    const result = await mergedStream([open("pending"), open("reviewed")], ["_creationTime"]).paginate(
      cappedPagination(paginationOpts, 50),
    );
    const page = await Promise.all(
      result.page.map(async (report) => {
        const item = itemOf(report);
        const content = await contentOf(ctx, item);
        const openReports = (await openReportsOn(ctx, item)).length;
        return {
          reportId: report._id,
          kind: item.kind,
          contentId: content ? contentIdOf(item) : null,
          status: report.status,
          reason: report.reason,
          description: report.description ?? null,
          preview: content ? preview(content.text) : AdminCopy.contentGone,
          author: content ? await authorOf(ctx, content.authorId) : null,
          riskLevel: riskLevel(content?.confidence ?? 1, openReports),
          moderationFlags: content?.flags ?? [],
          openReports,
          createdAt: report._creationTime,
        };
      }),
    );
    return { ...result, page };
  },
});

/** Posts the automatic screen flagged (held from the feeds), newest first. */
export const flagged = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("posts")
      .withIndex("by_moderationStatus", (q) => q.eq("moderationStatus", "flagged"))
      .order("desc")
      .paginate(cappedPagination(paginationOpts, 50));
    const page = await Promise.all(
      result.page.map(async (post) => {
        const openReports = (await openReportsOn(ctx, { kind: "post", postId: post._id })).length;
        return {
          reportId: null,
          kind: "post" as const,
          contentId: post._id as string,
          status: "flagged",
          reason: null,
          description: null,
          preview: preview(post.content),
          author: await authorOf(ctx, post.authorId),
          riskLevel: riskLevel(post.moderationConfidence, openReports),
          moderationFlags: post.moderationFlags,
          openReports,
          createdAt: post._creationTime,
        };
      }),
    );
    return { ...result, page };
  },
});

/** The audit log, newest first. Read-only: there is no function that edits it. */
export const audit = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("auditLog")
      .withIndex("by_at")
      .order("desc")
      .paginate(cappedPagination(paginationOpts, 50));
    const page = await Promise.all(
      result.page.map(async (row) => {
        const admin = row.adminId ? await ctx.db.get("users", row.adminId) : null;
        return {
          id: row._id,
          at: row.at,
          admin: admin
            ? fullName(admin) || admin.email || "Admin"
            : row.actor === "operator"
              ? "Operator (CLI)"
              : row.actor === "scheduler"
                ? "Scheduler"
                : "Admin",
          action: row.action,
          targetTable: row.targetTable,
          targetId: row.targetId,
          before: row.before === undefined ? null : JSON.stringify(row.before),
          after: row.after === undefined ? null : JSON.stringify(row.after),
          note: row.note ?? null,
        };
      }),
    );
    return { ...result, page };
  },
});

// ---- Decisions: each names a report, or (for a post only the screen flagged) the post. ----

const target = {
  reportId: v.optional(v.id("moderationReports")),
  postId: v.optional(v.id("posts")),
  notes: v.optional(v.string()),
};

interface Target {
  report: Doc<"moderationReports"> | null;
  item: ReportedItem;
  notes: string | undefined;
}

async function resolveTarget(
  ctx: MutationCtx,
  args: { reportId?: Id<"moderationReports">; postId?: Id<"posts">; notes?: string },
): Promise<Target> {
  if ((args.reportId === undefined) === (args.postId === undefined)) invalid("Name one report or one post.");
  const notes = args.notes?.trim() || undefined;
  if (notes !== undefined && notes.length > NOTES_MAX)
    invalid(AdminCopy.notesTooLong, { notes: AdminCopy.notesTooLong });
  if (args.reportId !== undefined) {
    const report = await ctx.db.get("moderationReports", args.reportId);
    if (report === null) notFound(AdminCopy.reportNotFound);
    return { report, item: itemOf(report), notes };
  }
  return { report: null, item: { kind: "post", postId: args.postId! }, notes };
}

/** The content, unless it is gone or the deciding admin's own (refuseOwnCase). */
async function contentOrThrow(ctx: MutationCtx, item: ReportedItem, admin: Doc<"users">): Promise<Content> {
  const content = await contentOf(ctx, item);
  if (content === null) notFound(AdminCopy.contentGone);
  refuseOwnCase(admin, content.authorId);
  return content;
}

/** The content is fine: a post or comment is shown (screen overruled); every open report on it resolved. */
export const approve = adminMutation({
  args: target,
  returns: v.null(),
  handler: async (ctx, args) => {
    const { item, notes } = await resolveTarget(ctx, args);
    await contentOrThrow(ctx, item, ctx.viewer);
    if (item.kind === "post") {
      const post = (await ctx.db.get("posts", item.postId))!;
      await applyModeration(ctx, post, "approved");
      await recordAudit(ctx, ctx.viewer._id, {
        action: "post.approve",
        targetTable: "posts",
        targetId: post._id,
        before: { moderationStatus: post.moderationStatus, visible: post.visible },
        after: { moderationStatus: "approved" },
        note: notes,
      });
    } else if (item.kind === "comment") {
      const comment = (await ctx.db.get("comments", item.commentId))!;
      await ctx.db.patch("comments", comment._id, { moderationStatus: "approved", moderationConfidence: 1 });
      await setCommentVisible(ctx, comment, true);
      await recordAudit(ctx, ctx.viewer._id, {
        action: "comment.approve",
        targetTable: "comments",
        targetId: comment._id,
        before: { moderationStatus: comment.moderationStatus, visible: comment.visible },
        after: { moderationStatus: "approved", visible: true },
        note: notes,
      });
    }
    await closeReportsOn(ctx, item, "resolve", ctx.viewer, notes);
    return null;
  },
});

async function removeContent(ctx: MutationCtx, adminId: Id<"users">, item: ReportedItem, notes: string | undefined) {
  if (item.kind === "post") {
    const post = await ctx.db.get("posts", item.postId);
    if (post === null) return;
    await deletePost(ctx, post);
    await recordAudit(ctx, adminId, {
      action: "post.remove",
      targetTable: "posts",
      targetId: post._id,
      before: { authorId: post.authorId, content: post.content },
      note: notes,
    });
  } else if (item.kind === "comment") {
    const comment = await ctx.db.get("comments", item.commentId);
    if (comment === null) return;
    await removeComment(ctx, comment);
    await recordAudit(ctx, adminId, {
      action: "comment.remove",
      targetTable: "comments",
      targetId: comment._id,
      before: { authorId: comment.authorId, content: comment.content },
      note: notes,
    });
  } else {
    const review = await ctx.db.get("reviews", item.reviewId);
    if (review === null) return;
    await removeReview(ctx, review);
    await recordAudit(ctx, adminId, {
      action: "review.remove",
      targetTable: "reviews",
      targetId: review._id,
      before: { reviewerId: review.reviewerId, rating: review.rating, title: review.title, content: review.content },
      note: notes,
    });
  }
}

/** The content goes (post, comment or review); every open report on it resolved. */
export const remove = adminMutation({
  args: target,
  returns: v.null(),
  handler: async (ctx, args) => {
    const { item, notes } = await resolveTarget(ctx, args);
    await contentOrThrow(ctx, item, ctx.viewer);
    await closeReportsOn(ctx, item, "resolve", ctx.viewer, notes);
    await removeContent(ctx, ctx.viewer._id, item, notes);
    return null;
  },
});

/** The report is unfounded: this one report dismissed; the content stays as it is. */
export const dismiss = adminMutation({
  args: { reportId: v.id("moderationReports"), notes: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, args) => {
    const { report, item, notes } = await resolveTarget(ctx, args);
    refuseOwnCase(ctx.viewer, (await contentOf(ctx, item))?.authorId);
    await transitionReport(ctx, report!, "dismiss", ctx.viewer, notes);
    return null;
  },
});

const KIND_WORDS: Record<ReportedItem["kind"], string> = { post: "post", comment: "comment", review: "review" };

/** A system notification to the author; pending reports on the item move to reviewed. */
export const warn = adminMutation({
  args: target,
  returns: v.null(),
  handler: async (ctx, args) => {
    const { item, notes } = await resolveTarget(ctx, args);
    const content = await contentOrThrow(ctx, item, ctx.viewer);
    await notify(ctx, {
      userId: content.authorId,
      type: "system",
      title: AdminCopy.warnTitle,
      content: AdminCopy.warnContent(KIND_WORDS[item.kind]),
      entityType: item.kind,
      entityId: contentIdOf(item),
    });
    await recordAudit(ctx, ctx.viewer._id, {
      action: "user.warn",
      targetTable: "users",
      targetId: content.authorId,
      after: { about: `${item.kind}:${contentIdOf(item)}` },
      note: notes,
    });
    for (const report of await openReportsOn(ctx, item)) {
      if (report.status === "pending") await transitionReport(ctx, report, "review", ctx.viewer, notes);
    }
    return null;
  },
});

/** The content deleted and its author banned (sessions ended, sign-in refused, content hidden). */
export const ban = adminMutation({
  args: target,
  returns: v.null(),
  handler: async (ctx, args) => {
    const { item, notes } = await resolveTarget(ctx, args);
    const content = await contentOrThrow(ctx, item, ctx.viewer);
    const author = await ctx.db.get("users", content.authorId);
    if (author === null) notFound(AdminCopy.contentGone);
    await closeReportsOn(ctx, item, "resolve", ctx.viewer, notes);
    await removeContent(ctx, ctx.viewer._id, item, notes);
    await banUser(
      ctx,
      ctx.viewer,
      author,
      notes ?? `Banned from the moderation queue (${item.kind} ${contentIdOf(item)})`,
    );
    return null;
  },
});

/** The rest of a banned (or unbanned) member's comments (model/bans.ts syncComments), a page at a time. */
export const hideBannedComments = internalMutation({
  args: { userId: v.id("users"), after: v.optional(v.union(v.number(), v.null())) },
  returns: v.null(),
  handler: async (ctx, { userId, after }) => {
    await syncComments(ctx, userId, after ?? null);
    return null;
  },
});
