// The admin console's "Money moves" (issue 15): transfers, refunds and reversals the gateway kept
// refusing after the payments pool's tries (payments/moves.ts), with the error, and a Retry that
// runs the same move again under its SAME idempotency key (so it can never pay twice), audited; and
// an admin's refund of money already released, which reverses the transfer first. Moves stuck
// pending (the pool holds no run for them) are listed too, with a Retry.
import { v } from "convex/values";
import { adminMutation, adminQuery } from "../functions";
import { recordAudit } from "../model/audit";
import { COMPLETION_LIMITS, milestoneLabel, PaymentCopy } from "../../common/payments";
import { forbidden, invalid, notFound } from "../model/errors";
import { milestoneIndexOf, paymentOfJob, refundReleased as refundReleasedPayment, sideOf } from "../payments/model/payments";
import { displayName } from "../model/users";
import { isStuck, startMove } from "../payments/model/movePool";

const moveKind = v.union(v.literal("transfer"), v.literal("refund"), v.literal("reversal"));

export const listFailed = adminQuery({
  args: {},
  returns: v.array(
    v.object({
      moveId: v.id("paymentMoves"),
      jobId: v.id("jobs"),
      title: v.string(),
      /** "Milestone 2: Framing" for a job split into milestones. */
      milestone: v.union(v.null(), v.string()),
      kind: moveKind,
      amountCents: v.number(),
      /** Whose money it is: the professional's (a payout, or a reversal taking one back) or the owner's (a refund). */
      payeeName: v.string(),
      error: v.string(),
      attempts: v.number(),
      lastAttemptAt: v.union(v.number(), v.null()),
      /** Pending long past its due try (its action died), not refused: the sweep is settling it. */
      stuck: v.boolean(),
      /** When it was queued. */
      queuedAt: v.number(),
    }),
  ),
  handler: async (ctx) => {
    const failed = await ctx.db
      .query("paymentMoves")
      .withIndex("by_status", (q) => q.eq("status", "failed"))
      .take(50);
    const pending = await ctx.db
      .query("paymentMoves")
      .withIndex("by_status", (q) => q.eq("status", "pending"))
      .take(100);
    const stuck = [];
    for (const move of pending) if (stuck.length < 50 && (await isStuck(ctx, move))) stuck.push(move);
    const rows = [...failed, ...stuck];
    const out = [];
    for (const move of rows) {
      const payment = await ctx.db.get("jobPayments", move.paymentId);
      if (payment === null) continue;
      const [job, payee] = await Promise.all([
        ctx.db.get("jobs", payment.jobId),
        ctx.db.get("users", move.kind === "refund" ? payment.ownerId : payment.proId),
      ]);
      out.push({
        moveId: move._id,
        jobId: payment.jobId,
        title: job?.title ?? "Job",
        milestone: payment.milestoneTitle === undefined ? null : milestoneLabel(milestoneIndexOf(payment), payment.milestoneTitle),
        kind: move.kind,
        amountCents: move.amountCents,
        payeeName: payee ? displayName(payee) : "Former member",
        error: move.error ?? (move.status === "pending" ? "no answer recorded: the try stopped before the result was saved" : "unknown error"),
        attempts: move.attempts ?? 0,
        lastAttemptAt: move.lastAttemptAt ?? null,
        stuck: move.status === "pending",
        queuedAt: move._creationTime,
      });
    }
    return out.sort((a, b) => (a.lastAttemptAt ?? a.queuedAt) - (b.lastAttemptAt ?? b.queuedAt));
  },
});

export const retry = adminMutation({
  args: { moveId: v.id("paymentMoves") },
  returns: v.null(),
  handler: async (ctx, { moveId }) => {
    const move = await ctx.db.get("paymentMoves", moveId);
    if (move === null) notFound("That money move no longer exists.");
    // As a dispute's decision or a refund after release (payments/model/payments.ts): not on a job the admin is a side of.
    const payment = await ctx.db.get("jobPayments", move.paymentId);
    if (payment !== null && sideOf(payment, ctx.viewer._id) !== null) forbidden(PaymentCopy.adminIsParty);
    if (await isStuck(ctx, move)) {
      // The pool holds no run for it: run it again now (it looks for what its key made before moving anything).
      await startMove(ctx, move);
      await recordAudit(ctx, ctx.viewer._id, {
        action: "payment.move.retry",
        targetTable: "paymentMoves",
        targetId: moveId,
        before: { status: move.status, attempts: move.attempts ?? 0, stuck: true },
        after: { status: "pending" },
        note: `${move.kind} of ${move.amountCents} cents, key ${move.idempotencyKey}`,
      });
      return null;
    }
    if (move.status !== "failed") {
      invalid(
        move.status === "done"
          ? "This money move has gone through already."
          : move.status === "cancelled"
            ? "This payout was cancelled: its money went back to the owner."
            : "This money move is being retried already.",
      );
    }
    // One more try: its failure puts it straight back here (attempts stay past the limit).
    await ctx.db.patch("paymentMoves", moveId, { status: "pending" });
    await startMove(ctx, move);
    await recordAudit(ctx, ctx.viewer._id, {
      action: "payment.move.retry",
      targetTable: "paymentMoves",
      targetId: moveId,
      before: { status: move.status, attempts: move.attempts ?? 0, error: move.error },
      after: { status: "pending" },
      note: `${move.kind} of ${move.amountCents} cents, key ${move.idempotencyKey}`,
    });
    return null;
  },
});

/** Refund a payment already released (the job named by its id or its page's link): reversal + refund, audited. */
export const refundReleased = adminMutation({
  args: { job: v.string(), note: v.string(), /** 0-based, for a job split into milestones. */ milestoneIndex: v.optional(v.number()) },
  returns: v.null(),
  handler: async (ctx, { job, note, milestoneIndex }) => {
    const text = note.trim();
    if (text.length === 0) invalid("Write a short note for both sides: it is kept with the refund.", { note: "Required" });
    if (text.length > COMPLETION_LIMITS.reason) invalid(`The note must be ${COMPLETION_LIMITS.reason} characters or fewer.`);
    const named = job.trim();
    const jobId = ctx.db.normalizeId("jobs", /\/jobs\/([^/?#]+)/.exec(named)?.[1] ?? named);
    const payment = jobId === null ? null : await paymentOfJob(ctx, jobId, milestoneIndex);
    if (payment === null) notFound(PaymentCopy.notFound);
    await refundReleasedPayment(ctx, payment, ctx.viewer, text);
    return null;
  },
});
