// Moderation reports (spec §3 Moderation report) through one transitions table:
// pending → reviewed (the author was warned) → resolved (content approved, removed or its
// author banned) or dismissed. Every move records the moderator and their notes, and the
// audit log, in the same transaction.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { recordAudit } from "./audit";
import { invalid } from "./errors";
import { recordSignal } from "./suspicion";
import type { TransitionRule } from "./transitions";

/** Files a report for the admin queue (social/reports.ts checks who and what first; the seed's demo reports). */
export async function fileReport(
  ctx: MutationCtx,
  fields: Pick<Doc<"moderationReports">, "reporterId" | "reason" | "postId" | "commentId" | "reviewId" | "description">,
): Promise<Id<"moderationReports">> {
  // A report counts against the author of what it is about (Suspicious Users).
  const author = fields.commentId
    ? (await ctx.db.get("comments", fields.commentId))?.authorId
    : fields.reviewId
      ? (await ctx.db.get("reviews", fields.reviewId))?.reviewerId
      : fields.postId
        ? (await ctx.db.get("posts", fields.postId))?.authorId
        : undefined;
  // Once per reporter and author, ever: re-reporting after each dismissal (or reporting each of the
  // author's posts) must not let one member push someone up the Suspicious Users queue.
  if (author !== undefined && !(await reportedBefore(ctx, fields, author))) await recordSignal(ctx, author, "reported");
  return await ctx.db.insert("moderationReports", {
    reporterId: fields.reporterId,
    ...(author !== undefined ? { authorId: author } : {}),
    reason: fields.reason,
    ...(fields.postId ? { postId: fields.postId } : {}),
    ...(fields.commentId ? { commentId: fields.commentId } : {}),
    ...(fields.reviewId ? { reviewId: fields.reviewId } : {}),
    ...(fields.description ? { description: fields.description } : {}),
    status: "pending",
  });
}

/** Whether the reporter reported this author before, or this item (rows from before authorId was kept), in any status. */
async function reportedBefore(
  ctx: QueryCtx,
  fields: Pick<Doc<"moderationReports">, "reporterId" | "postId" | "commentId" | "reviewId">,
  authorId: Id<"users">,
): Promise<boolean> {
  const reporterId = fields.reporterId;
  const byAuthor = await ctx.db
    .query("moderationReports")
    .withIndex("by_authorId_and_reporterId", (q) => q.eq("authorId", authorId).eq("reporterId", reporterId))
    .first();
  if (byAuthor !== null) return true;
  const byItem = fields.commentId
    ? ctx.db
        .query("moderationReports")
        .withIndex("by_commentId_and_reporterId", (q) => q.eq("commentId", fields.commentId).eq("reporterId", reporterId))
    : fields.reviewId
      ? ctx.db
          .query("moderationReports")
          .withIndex("by_reviewId_and_reporterId", (q) => q.eq("reviewId", fields.reviewId).eq("reporterId", reporterId))
      : ctx.db
          .query("moderationReports")
          .withIndex("by_postId_and_reporterId", (q) => q.eq("postId", fields.postId).eq("reporterId", reporterId));
  // A post's own reports have no commentId (a report on one of its comments is about another author).
  const rows = await byItem.take(20);
  return rows.some((r) => fields.commentId !== undefined || fields.reviewId !== undefined || r.commentId === undefined);
}

export type ReportStatus = Doc<"moderationReports">["status"];
export type ReportAction = "review" | "resolve" | "dismiss";

export const REPORT_TRANSITIONS: Record<ReportAction, TransitionRule<ReportStatus, "admin">> = {
  review: { from: ["pending"], to: "reviewed", by: "admin", verb: "reviewed" },
  resolve: { from: ["pending", "reviewed"], to: "resolved", by: "admin", verb: "resolved" },
  dismiss: { from: ["pending", "reviewed"], to: "dismissed", by: "admin", verb: "dismissed" },
};

export const OPEN_REPORT_STATUSES: readonly ReportStatus[] = ["pending", "reviewed"];

export function isOpenReport(report: Doc<"moderationReports">): boolean {
  return OPEN_REPORT_STATUSES.includes(report.status);
}

/** Moves one report, refusing a move its state doesn't allow; audited. */
export async function transitionReport(
  ctx: MutationCtx,
  report: Doc<"moderationReports">,
  action: ReportAction,
  admin: Doc<"users">,
  notes?: string,
): Promise<void> {
  const rule = REPORT_TRANSITIONS[action];
  if (!rule.from.includes(report.status)) invalid(`A report that is ${report.status} can't be ${rule.verb}.`);
  await ctx.db.patch("moderationReports", report._id, {
    status: rule.to,
    moderatorId: admin._id,
    ...(notes ? { moderatorNotes: notes } : {}),
  });
  await recordAudit(ctx, admin._id, {
    action: `report.${action}`,
    targetTable: "moderationReports",
    targetId: report._id,
    before: { status: report.status },
    after: { status: rule.to },
    ...(notes ? { note: notes } : {}),
  });
}

export type ReportedItem =
  | { kind: "post"; postId: Id<"posts"> }
  | { kind: "comment"; commentId: Id<"comments"> }
  | { kind: "review"; reviewId: Id<"reviews"> };

export function itemOf(report: Doc<"moderationReports">): ReportedItem {
  if (report.commentId !== undefined) return { kind: "comment", commentId: report.commentId };
  if (report.reviewId !== undefined) return { kind: "review", reviewId: report.reviewId };
  return { kind: "post", postId: report.postId! };
}

/** Open reports on one item (a post's own, not its comments'), bounded. */
export async function openReportsOn(ctx: QueryCtx, item: ReportedItem): Promise<Doc<"moderationReports">[]> {
  const rows =
    item.kind === "post"
      ? await ctx.db
          .query("moderationReports")
          .withIndex("by_postId_and_reporterId", (q) => q.eq("postId", item.postId))
          .take(200)
      : item.kind === "comment"
        ? await ctx.db
            .query("moderationReports")
            .withIndex("by_commentId_and_reporterId", (q) => q.eq("commentId", item.commentId))
            .take(200)
        : await ctx.db
            .query("moderationReports")
            .withIndex("by_reviewId_and_reporterId", (q) => q.eq("reviewId", item.reviewId))
            .take(200);
  return rows.filter((r) => isOpenReport(r) && (item.kind !== "post" || r.commentId === undefined));
}

/** Closes every open report on an item the same way (the decision covers them all). */
export async function closeReportsOn(
  ctx: MutationCtx,
  item: ReportedItem,
  action: "resolve" | "dismiss",
  admin: Doc<"users">,
  notes?: string,
): Promise<void> {
  for (const report of await openReportsOn(ctx, item)) await transitionReport(ctx, report, action, admin, notes);
}
