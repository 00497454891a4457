// The pool every money move runs in (payments/moves.ts makes each try, model/payments.ts queues
// them). Kept apart from moves.ts so the state machine can queue a move without importing the
// gateway's actions.
import { Workpool } from "@convex-dev/workpool";
import { components, internal } from "../../_generated/api";
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";

/** Tries before a move waits for an admin's Retry: 1, 2, 4 and 8 minutes apart (about a quarter hour). */
export const MOVE_MAX_ATTEMPTS = 5;
export const MOVE_RETRY_BASE_MS = 60_000;

/**
 * Every money move runs in this pool: its retries (backoff with jitter, so a Stripe outage doesn't
 * come back as a stampede), its bound on calls at once, and the recovery of a try whose action died
 * (the pool sees its scheduled run fail and tries again) replace our own scheduling and our sweep.
 */
export const movesPool = new Workpool(components.paymentsPool, {
  maxParallelism: 10,
  retryActionsByDefault: true,
  defaultRetryBehavior: { maxAttempts: MOVE_MAX_ATTEMPTS, initialBackoffMs: MOVE_RETRY_BASE_MS, base: 2 },
});

/**
 * Hands a pending move to the pool: the tries its row has left (an admin's Retry past the limit
 * gets one), then `settled`. The work's id on the row names the run whose outcome counts.
 */
export async function startMove(ctx: MutationCtx, move: Pick<Doc<"paymentMoves">, "_id" | "attempts">): Promise<void> {
  const maxAttempts = Math.max(1, MOVE_MAX_ATTEMPTS - (move.attempts ?? 0));
  const workId = await movesPool.enqueueAction(
    ctx,
    internal.payments.moves.execute,
    { moveId: move._id },
    {
      retry: { maxAttempts, initialBackoffMs: MOVE_RETRY_BASE_MS, base: 2 },
      onComplete: internal.payments.moves.settled,
      context: { moveId: move._id },
    },
  );
  await ctx.db.patch("paymentMoves", move._id, { workId });
}

/** A pending move the pool holds no run for (cancelled, or its callback lost): the admin console shows it, with a Retry. */
export async function isStuck(ctx: QueryCtx, move: Doc<"paymentMoves">): Promise<boolean> {
  if (move.status !== "pending") return false;
  if (move.workId === undefined) return true;
  return (await movesPool.status(ctx, move.workId)).state === "finished";
}
