// Abuse limits on actions that fan out to other members (issue 11): a named
// limit per key (model/rateLimit.ts), the spec's generic message, and a
// securityLogs row. A refusal throws, and a throw rolls back everything the
// call wrote, so the log row is written by the attempt that uses up the
// allowance (`hit`): it commits, and the refusals that follow are its consequence.
import { tooOftenMessage } from "../../common/errors";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { rateLimited } from "./errors";
import { consume, hit, type LimitName } from "./rateLimit";

/** Counts one attempt by `userId` against limit `name` for `key`; refuses with RATE_LIMITED over the limit. */
export async function limitOrRefuse(ctx: MutationCtx, name: LimitName, key: string, userId: Id<"users">): Promise<void> {
  await consume(ctx, name, key, userId);
}

/**
 * Like limitOrRefuse, answering "You're doing that too often. Try again in N minutes." (issue 29:
 * the member's own actions, where the wait is worth saying).
 */
export async function limitMemberAction(ctx: MutationCtx, name: LimitName, key: string, userId: Id<"users">): Promise<void> {
  const retryAt = await hit(ctx, name, key, userId);
  if (retryAt !== null) rateLimited(retryAt, tooOftenMessage(retryAt));
}

export async function limitComments(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  await limitMemberAction(ctx, "comments", userId, userId);
}

/** A follow or an unfollow: counted across everyone, and toward the one member (each follow tells them). */
export async function limitFollowChanges(ctx: MutationCtx, userId: Id<"users">, otherId: Id<"users">): Promise<void> {
  await limitMemberAction(ctx, "followChanges", userId, userId);
  await limitMemberAction(ctx, "followChangesPerMember", `${userId}:${otherId}`, userId);
}

/** A post or comment edit (each re-screens, and may tell newly mentioned members). */
export async function limitEdits(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  await limitMemberAction(ctx, "edits", userId, userId);
}

export async function limitReports(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  await limitMemberAction(ctx, "reports", userId, userId);
}
