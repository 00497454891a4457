// Money moves (issue 15): each paymentMoves row a transition queued (model/payments.ts movePayment)
// is done once by `execute`, through the gateway, with the row's idempotency key, so a retried
// action, or Stripe seeing the same request twice, moves the money once. A move the gateway
// refuses keeps its error and is retried by the scheduler with backoff, under the SAME key;
// after MOVE_MAX_ATTEMPTS tries it waits for an admin (admin/moneyMoves.ts) and the member sees
// "Payout delayed", never a false "Released". A transfer to a professional whose payout account
// can't take it yet (not connected, or payouts not enabled) is not tried at all: it waits (status
// "waiting", no tries spent, no admin alert), the professional is told and reminded, and it is
// queued again the moment payouts are enabled (model/payments.ts releaseWaitingPayouts).
// An action can die between the gateway's answer and recordMove (Convex runs an action at most
// once): its move would stay pending with nothing scheduled. A cron (settleStuck) runs such a move
// again, and every try first looks for the object the key already made (gateway findMove, by the
// key in the object's metadata), since Stripe forgets an idempotency key after 24 hours: a retry
// days later finds the transfer instead of making a second one. Stuck moves show in the admin
// console (admin/moneyMoves.ts) until they settle.
import { v } from "convex/values";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { formatCents, PaymentCopy } from "../../common/payments";
import { internalAction, internalMutation, internalQuery } from "../functions";
import { notify } from "../model/notifications";
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
  args: { moveId: v.id("paymentMoves"), attempts: v.optional(v.number()) },
  returns: moveContextValidator,
  handler: async (ctx, { moveId, attempts }) => {
    const move = await ctx.db.get("paymentMoves", moveId);
    if (move === null || move.status === "done" || move.status === "cancelled") return null;
    // A scheduled try names the failures it follows: one overtaken by another try does nothing.
    if (attempts !== undefined && (move.attempts ?? 0) !== attempts) return null;
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

/** Tries before a move waits for an admin's Retry: 1, 2, 4 and 8 minutes apart (about a quarter hour). */
export const MOVE_MAX_ATTEMPTS = 5;
export const MOVE_RETRY_BASE_MS = 60_000;
/** The wait before try `attempts + 1`. */
export const retryDelayMs = (attempts: number) => MOVE_RETRY_BASE_MS * 2 ** (attempts - 1);

/** A pending move whose due try hasn't happened this long after it was due: its action died. */
export const STUCK_AFTER_MS = 15 * 60_000;
/** When a pending move's next try is due: the first at once, later ones after their backoff (or the sweep's last run). */
function nextTryAt(move: Doc<"paymentMoves">): number {
  const due = move.attempts ? (move.lastAttemptAt ?? move._creationTime) + retryDelayMs(move.attempts) : move._creationTime;
  return Math.max(due, move.sweptAt ?? 0);
}
export const isStuck = (move: Doc<"paymentMoves">, now: number) => move.status === "pending" && now - nextTryAt(move) > STUCK_AFTER_MS;
/** Pending moves the sweep looks at per run, oldest first (few are ever pending at once). */
const SWEEP_BATCH = 100;

/**
 * The cron: each stuck pending move is run again (a direct run, which first looks for what its key
 * made at the gateway). Marked swept, so the next run waits another STUCK_AFTER_MS for it.
 */
export const settleStuck = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const now = Date.now();
    const pending = await ctx.db
      .query("paymentMoves")
      .withIndex("by_status", (q) => q.eq("status", "pending"))
      .take(SWEEP_BATCH);
    let swept = 0;
    for (const move of pending) {
      if (!isStuck(move, now)) continue;
      console.warn(`payments: move ${move._id} (${move.kind}, key ${move.idempotencyKey}) stuck pending; settling it`);
      await ctx.db.patch("paymentMoves", move._id, { sweptAt: now });
      await ctx.scheduler.runAfter(0, internal.payments.moves.execute, { moveId: move._id });
      swept++;
    }
    return swept;
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
      await ctx.db.patch("paymentMoves", moveId, { status: giveUp ? "failed" : "pending", error: error ?? "unknown error", attempts, lastAttemptAt: now });
      if (!giveUp) await ctx.scheduler.runAfter(retryDelayMs(attempts), internal.payments.moves.execute, { moveId, attempts });
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
    await ctx.scheduler.runAfter(0, internal.payments.moves.execute, { moveId: move._id, attempts: move.attempts ?? 0 });
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
 * Makes one money move. `attempts`: the failures a scheduled try follows (it does nothing if the
 * move has moved on); without it (a direct run), any move not yet done is tried.
 */
export const execute = internalAction({
  args: { moveId: v.id("paymentMoves"), attempts: v.optional(v.number()) },
  returns: v.null(),
  handler: async (ctx, { moveId, attempts }): Promise<null> => {
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
    } | null = await ctx.runQuery(internal.payments.moves.moveContext, { moveId, ...(attempts !== undefined ? { attempts } : {}) });
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
    }
    return null;
  },
});
