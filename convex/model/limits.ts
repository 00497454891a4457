// Abuse limits on actions that fan out to other members (issue 11): a fixed
// window per key (model/rateLimit.ts), the spec's generic message, and a
// securityLogs row. A refusal throws, and a throw rolls back everything the
// call wrote, so the log row is written by the attempt that uses up the
// allowance (`hit`): it commits, and the refusals that follow are its consequence.
import { tooOftenMessage } from "../../common/errors";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { rateLimited } from "./errors";
import { consume, hit, LIMITS, type Limit, type LimitName } from "./rateLimit";

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

/**
 * Like limitOrRefuse, answering "You're doing that too often. Try again in N minutes." (issue 29:
 * the member's own actions, where the wait is worth saying).
 */
export async function limitMemberAction(
  ctx: MutationCtx,
  key: string,
  limit: Limit | LimitName,
  userId: Id<"users">,
  what: string,
): Promise<void> {
  const retryAt = await hit(ctx, key, limit, 1, { userId, what });
  if (retryAt !== null) rateLimited(retryAt, tooOftenMessage(retryAt));
}

export async function limitComments(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  await limitMemberAction(ctx, `comment:user:${userId}`, LIMITS.comments, userId, "comments");
}

/** A follow or an unfollow: counted across everyone, and toward the one member (each follow tells them). */
export async function limitFollowChanges(ctx: MutationCtx, userId: Id<"users">, otherId: Id<"users">): Promise<void> {
  await limitMemberAction(ctx, `follow:user:${userId}`, LIMITS.followChanges, userId, "follow changes");
  await limitMemberAction(
    ctx,
    `follow:pair:${userId}:${otherId}`,
    LIMITS.followChangesPerMember,
    userId,
    "follow changes toward one member",
  );
}

/** A post or comment edit (each re-screens, and may tell newly mentioned members). */
export async function limitEdits(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  await limitMemberAction(ctx, `edit:user:${userId}`, LIMITS.edits, userId, "post and comment edits");
}

export async function limitReports(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  await limitMemberAction(ctx, `report:user:${userId}`, LIMITS.reports, userId, "reports");
}
