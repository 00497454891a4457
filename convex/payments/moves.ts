// Money moves (issue 15): each paymentMoves row a transition queued (model/payments.ts movePayment)
// is done once by `execute`, through the gateway, with the row's idempotency key, so a retried
// action, or Stripe seeing the same request twice, moves the money once. Every move runs in the
// payments workpool (model/movePool.ts): a move the gateway refuses keeps its error and is retried
// by the pool with backoff, under the SAME key; after MOVE_MAX_ATTEMPTS tries it waits for an admin
// (admin/moneyMoves.ts) and the member sees "Payout delayed", never a false "Released". A transfer
// to a professional whose payout account can't take it yet (not connected, or payouts not enabled)
// is not tried at all: it waits (status "waiting", no tries spent, no admin alert), the
// professional is told and reminded, and it is queued again the moment payouts are enabled
// (model/payments.ts releaseWaitingPayouts).
// An action can die between the gateway's answer and recordMove (Convex runs an action at most
// once): the pool sees its run fail and tries again, and every try first looks for the object the
// key already made (gateway findMove, by the key in the object's metadata), since Stripe forgets
// an idempotency key after 24 hours: a retry days later finds the transfer instead of making a
// second one. A pending move the pool no longer runs shows in the admin console, with a Retry.
import { vOnCompleteArgs } from "@convex-dev/workpool";
import { v } from "convex/values";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { formatCents, PaymentCopy } from "../../common/payments";
import { internalAction, internalMutation, internalQuery } from "../functions";
import { notify } from "../model/notifications";
import { MOVE_MAX_ATTEMPTS, startMove } from "./model/movePool";
import { queueMoneyMove } from "./model/payments";
import { jobGateway } from "./jobs";

const moveContextValidator = v.union(
  v.null(),
  v.object({
    kind: v.union(v.literal("transfer"), v.literal("refund"), v.literal("reversal")),
    amountCents: v.number(),
    idempotencyKey: v.string(),
    jobId: v.id("jobs"),
    destination: v.union(v.string(), v.null()),
    /** The professional's payout account can take a transfer, as far as the app knows. */
    payoutsReady: v.boolean(),
    paymentIntentId: v.union(v.string(), v.null()),
    chargeId: v.union(v.string(), v.null()),
    transferId: v.union(v.string(), v.null()),
  }),
);

/** A pending move and what the gateway needs for it; null when it is done already. */
export const moveContext = internalQuery({
  args: { moveId: v.id("paymentMoves") },
  returns: moveContextValidator,
  handler: async (ctx, { moveId }) => {
    const move = await ctx.db.get("paymentMoves", moveId);
    // Only a pending move is tried: done, cancelled, waiting for payouts, or given up to an admin
    // (whose Retry makes it pending again), a try that comes anyway does nothing.
    if (move === null || move.status !== "pending") return null;
    const payment = (await ctx.db.get("jobPayments", move.paymentId))!;
    const pro = await ctx.db.get("users", payment.proId);
    return {
      kind: move.kind,
      amountCents: move.amountCents,
      idempotencyKey: move.idempotencyKey,
      jobId: payment.jobId,
      destination: pro?.stripeConnectAccountId ?? null,
      payoutsReady: pro?.stripeConnectAccountId !== undefined && pro.payoutsEnabled === true,
      paymentIntentId: move.strayPaymentIntentId ?? payment.paymentIntentId ?? null,
      chargeId: payment.chargeId ?? null,
      transferId: payment.transferId ?? null,
    };
  },
});

/**
 * The pool's word on a move's run, once its tries are over. A try records its own outcome
 * (recordMove), so this only covers what a try could not: its last action died before recording,
 * or the run was cancelled. Callbacks for a run that is not the move's current one, or repeated,
 * change nothing.
 */
export const settled = internalMutation({
  args: vOnCompleteArgs(v.object({ moveId: v.id("paymentMoves") })),
  returns: v.null(),
  handler: async (ctx, { workId, context, result }) => {
    const move = await ctx.db.get("paymentMoves", context.moveId);
    if (move === null || move.workId !== workId) return null;
    await ctx.db.patch("paymentMoves", move._id, { workId: undefined });
    if (move.status !== "pending" || result.kind !== "failed") return null;
    // Out of tries with the failure unrecorded (its action died): the admin console shows it.
    const now = Date.now();
    await ctx.db.patch("paymentMoves", move._id, {
      status: "failed",
      error: move.error ?? result.error.slice(0, 500),
      attempts: Math.max(move.attempts ?? 0, MOVE_MAX_ATTEMPTS),
      lastAttemptAt: now,
    });
    return null;
  },
});

const DELAYED = {
  transfer: { title: "Payout delayed", text: (amount: string) => `The transfer of ${amount} to your payout account didn't go through. We're retrying; nothing is lost.` },
  refund: { title: "Refund delayed", text: (amount: string) => `Your refund of ${amount} didn't go through yet. We're retrying; nothing is lost.` },
  reversal: null,
} as const;

export const recordMove = internalMutation({
  args: {
    moveId: v.id("paymentMoves"),
    externalId: v.optional(v.string()),
    error: v.optional(v.string()),
    /** A transfer not tried: the professional's payout account can't take it yet. */
    waitForPayouts: v.optional(v.boolean()),
  },
  returns: v.null(),
  handler: async (ctx, { moveId, externalId, error, waitForPayouts }) => {
    const move = await ctx.db.get("paymentMoves", moveId);
    if (move === null || move.status === "done") return null;
    const now = Date.now();
    if (waitForPayouts === true) {
      if (move.status !== "pending") return null;
      await waitForPayoutAccount(ctx, move);
      return null;
    }
    if (move.status === "cancelled") {
      // A transfer cancelled (its money went back) while its call was already under way, and it
      // went through: record it, and take it back with a reversal of its own.
      if (externalId !== undefined && move.kind === "transfer") {
        await ctx.db.patch("paymentMoves", moveId, { status: "done", externalId, doneAt: now, lastAttemptAt: now });
        await ctx.db.patch("jobPayments", move.paymentId, { transferId: externalId });
        await queueMoneyMove(ctx, {
          paymentId: move.paymentId,
          kind: "reversal",
          amountCents: move.amountCents,
          idempotencyKey: `${move.idempotencyKey}:reversal`,
        });
      }
      // A refund held for a chargeback whose call was already under way went through: it is made, and
      // counted as made (the bank's decision then never pays it a second time).
      if (externalId !== undefined && move.kind === "refund") {
        await ctx.db.patch("paymentMoves", moveId, { status: "done", externalId, doneAt: now, lastAttemptAt: now });
      }
      return null;
    }
    if (externalId === undefined) {
      const attempts = (move.attempts ?? 0) + 1;
      // Past the tries (or an admin's one retry failing again): the admin console shows it.
      const giveUp = attempts >= MOVE_MAX_ATTEMPTS;
      // Not given up: the pool runs the next try after its backoff (execute throws for it).
      await ctx.db.patch("paymentMoves", moveId, { status: giveUp ? "failed" : "pending", error: error ?? "unknown error", attempts, lastAttemptAt: now });
      const delayed = DELAYED[move.kind];
      if (attempts === 1 && delayed !== null) {
        const payment = (await ctx.db.get("jobPayments", move.paymentId))!;
        await notify(ctx, {
          userId: move.kind === "transfer" ? payment.proId : payment.ownerId,
          type: "job",
          title: delayed.title,
          content: delayed.text(formatCents(move.amountCents)),
          actionUrl: `/jobs/${payment.jobId}`,
          entityType: "job",
          entityId: payment.jobId,
        });
      }
      return null;
    }
    await ctx.db.patch("paymentMoves", moveId, { status: "done", externalId, doneAt: now, lastAttemptAt: now });
    const field =
      move.kind === "transfer" ? "transferId" : move.kind === "refund" && move.strayPaymentIntentId === undefined ? "refundId" : null;
    if (field !== null) await ctx.db.patch("jobPayments", move.paymentId, { [field]: externalId });
    return null;
  },
});

/**
 * Holds a transfer until the professional's payout account can take it, and tells them (once: the
 * daily reminder does the rest). Payouts enabled since the action looked: it goes out at once.
 */
async function waitForPayoutAccount(ctx: MutationCtx, move: Doc<"paymentMoves">): Promise<void> {
  const payment = (await ctx.db.get("jobPayments", move.paymentId))!;
  const pro = await ctx.db.get("users", payment.proId);
  if (pro?.stripeConnectAccountId !== undefined && pro.payoutsEnabled === true) {
    await startMove(ctx, move);
    return;
  }
  const first = move.payoutReminders === undefined;
  await ctx.db.patch("paymentMoves", move._id, { status: "waiting", waitingFor: payment.proId, payoutReminders: move.payoutReminders ?? 0 });
  if (!first || pro === null) return;
  const job = await ctx.db.get("jobs", payment.jobId);
  await notify(ctx, {
    userId: payment.proId,
    type: "job",
    title: PaymentCopy.payoutWaitingTitle,
    content: PaymentCopy.payoutWaiting(formatCents(move.amountCents), job?.title ?? "your job"),
    actionUrl: "/earnings",
    entityType: "job",
    entityId: payment.jobId,
  });
}

/**
 * Makes one try of a money move, run by the pool (movesPool) or directly. A refusal is recorded
 * (the try counted, its error kept, the member told once) and thrown, for the pool to retry after
 * its backoff under the same key.
 */
export const execute = internalAction({
  args: { moveId: v.id("paymentMoves") },
  returns: v.null(),
  handler: async (ctx, { moveId }): Promise<null> => {
    const move: {
      kind: "transfer" | "refund" | "reversal";
      amountCents: number;
      idempotencyKey: string;
      jobId: Id<"jobs">;
      destination: string | null;
      payoutsReady: boolean;
      paymentIntentId: string | null;
      chargeId: string | null;
      transferId: string | null;
    } | null = await ctx.runQuery(internal.payments.moves.moveContext, { moveId });
    if (move === null) return null;
    if (move.kind === "transfer" && !move.payoutsReady) {
      // Not the gateway's refusal to retry: nothing can go out until the professional connects payouts.
      await ctx.runMutation(internal.payments.moves.recordMove, { moveId, waitForPayouts: true });
      return null;
    }
    try {
      const gateway = jobGateway();
      const key = move.idempotencyKey;
      let result: { id: string };
      // Each branch looks first for the object an earlier try made (its answer lost, its action
      // dead): past Stripe's 24 hours the key alone would make a second one.
      if (move.kind === "transfer") {
        if (move.destination === null) throw new Error("the professional has no payout account");
        const transferGroup = `job_${move.jobId}`;
        result =
          (await gateway.findMove(ctx, { kind: "transfer", transferGroup, idempotencyKey: key })) ??
          (await gateway.transfer(ctx, {
            amountCents: move.amountCents,
            destination: move.destination,
            transferGroup,
            ...(move.chargeId ? { sourceCharge: move.chargeId } : {}),
            idempotencyKey: key,
          }));
      } else if (move.kind === "refund") {
        if (move.paymentIntentId === null) throw new Error("the payment has no payment intent");
        const paymentIntentId = move.paymentIntentId;
        result =
          (await gateway.findMove(ctx, { kind: "refund", paymentIntentId, idempotencyKey: key })) ??
          (await gateway.refund(ctx, { paymentIntentId, amountCents: move.amountCents, idempotencyKey: key }));
      } else {
        if (move.transferId === null) throw new Error("the payment has no transfer to reverse");
        const transferId = move.transferId;
        result =
          (await gateway.findMove(ctx, { kind: "reversal", transferId, idempotencyKey: key })) ??
          (await gateway.reverseTransfer(ctx, { transferId, amountCents: move.amountCents, idempotencyKey: key }));
      }
      await ctx.runMutation(internal.payments.moves.recordMove, { moveId, externalId: result.id });
    } catch (error) {
      // Kept with the reason and retried later under the same key: it cannot move the money twice.
      console.error(`payments: move ${moveId} failed`, error);
      await ctx.runMutation(internal.payments.moves.recordMove, { moveId, error: String(error).slice(0, 500) });
      throw error;
    }
    return null;
  },
});
