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
  if (author !== undefined) await recordSignal(ctx, author, "reported");
  return await ctx.db.insert("moderationReports", {
    reporterId: fields.reporterId,
    reason: fields.reason,
    ...(fields.postId ? { postId: fields.postId } : {}),
    ...(fields.commentId ? { commentId: fields.commentId } : {}),
    ...(fields.reviewId ? { reviewId: fields.reviewId } : {}),
    ...(fields.description ? { description: fields.description } : {}),
    status: "pending",
  });
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
