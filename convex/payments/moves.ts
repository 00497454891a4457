// Money moves (issue 15): each paymentMoves row a transition queued (model/payments.ts movePayment)
// is done once by `execute`, through the gateway, with the row's idempotency key, so a retried
// action, or Stripe seeing the same request twice, moves the money once.
import { v } from "convex/values";
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { internalAction, internalMutation, internalQuery } from "../functions";
import { jobGateway } from "./jobs";

const moveContextValidator = v.union(
  v.null(),
  v.object({
    kind: v.union(v.literal("transfer"), v.literal("refund"), v.literal("reversal")),
    amountCents: v.number(),
    idempotencyKey: v.string(),
    jobId: v.id("jobs"),
    destination: v.union(v.string(), v.null()),
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
    if (move === null || move.status === "done") return null;
    const payment = (await ctx.db.get("jobPayments", move.paymentId))!;
    const pro = await ctx.db.get("users", payment.proId);
    return {
      kind: move.kind,
      amountCents: move.amountCents,
      idempotencyKey: move.idempotencyKey,
      jobId: payment.jobId,
      destination: pro?.stripeConnectAccountId ?? null,
      paymentIntentId: payment.paymentIntentId ?? null,
      chargeId: payment.chargeId ?? null,
      transferId: payment.transferId ?? null,
    };
  },
});

export const recordMove = internalMutation({
  args: { moveId: v.id("paymentMoves"), externalId: v.optional(v.string()), error: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { moveId, externalId, error }) => {
    const move = await ctx.db.get("paymentMoves", moveId);
    if (move === null || move.status === "done") return null;
    if (externalId === undefined) {
      await ctx.db.patch("paymentMoves", moveId, { status: "failed", error: error ?? "unknown error" });
      return null;
    }
    await ctx.db.patch("paymentMoves", moveId, { status: "done", externalId, doneAt: Date.now() });
    const field = move.kind === "transfer" ? "transferId" : move.kind === "refund" ? "refundId" : null;
    if (field !== null) await ctx.db.patch("jobPayments", move.paymentId, { [field]: externalId });
    return null;
  },
});

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
      paymentIntentId: string | null;
      chargeId: string | null;
      transferId: string | null;
    } | null = await ctx.runQuery(internal.payments.moves.moveContext, { moveId });
    if (move === null) return null;
    try {
      const gateway = jobGateway();
      let result: { id: string };
      if (move.kind === "transfer") {
        if (move.destination === null) throw new Error("the professional has no payout account");
        result = await gateway.transfer(ctx, {
          amountCents: move.amountCents,
          destination: move.destination,
          transferGroup: `job_${move.jobId}`,
          ...(move.chargeId ? { sourceCharge: move.chargeId } : {}),
          idempotencyKey: move.idempotencyKey,
        });
      } else if (move.kind === "refund") {
        if (move.paymentIntentId === null) throw new Error("the payment has no payment intent");
        result = await gateway.refund(ctx, { paymentIntentId: move.paymentIntentId, amountCents: move.amountCents, idempotencyKey: move.idempotencyKey });
      } else {
        if (move.transferId === null) throw new Error("the payment has no transfer to reverse");
        result = await gateway.reverseTransfer(ctx, { transferId: move.transferId, amountCents: move.amountCents, idempotencyKey: move.idempotencyKey });
      }
      await ctx.runMutation(internal.payments.moves.recordMove, { moveId, externalId: result.id });
    } catch (error) {
      // Kept as failed with the reason; the same key retried later cannot move the money twice.
      console.error(`payments: move ${moveId} failed`, error);
      await ctx.runMutation(internal.payments.moves.recordMove, { moveId, error: String(error).slice(0, 500) });
    }
    return null;
  },
});
