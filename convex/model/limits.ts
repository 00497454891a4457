// Abuse limits on actions that fan out to other members (issue 11): a fixed
// window per key (model/rateLimit.ts), the spec's generic message, and a
// securityLogs row. A refusal throws, and a throw rolls back everything the
// call wrote, so the log row is written by the attempt that uses up the
// allowance (`hit`): it commits, and the refusals that follow are its consequence.
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { consume, type Limit } from "./rateLimit";

/** Counts one attempt of `what` by `userId` against `key`; refuses with RATE_LIMITED over the limit. */
export async function limitOrRefuse(
  ctx: MutationCtx,
  key: string,
  limit: Limit,
  userId: Id<"users">,
  what: string,
): Promise<void> {
  await consume(ctx, key, limit, { userId, what });
}
