// Follows (spec §3 Follow): any member may follow any other (homeowners too),
// never themselves. A row exists while the follow is active; both members'
// follower and following counts move in the same transaction (in a sharded
// counter: a member many follow at once would be one hot row), the Following
// tab is backfilled or cleared (model/timeline.ts), and the followed member
// is told once per follow.
import { SocialCopy } from "../../common/social";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { addShared, sharedCount } from "./counters";
import { invalid } from "./errors";
import { notifyFollow } from "./socialNotifications";
import { onFollow, onUnfollow } from "./timeline";

/** A member's followers and following as shown: exact (the counter, plus the counts their row kept before). */
export async function followCountsOf(
  ctx: QueryCtx,
  user: Pick<Doc<"users">, "_id" | "followersCount" | "followingCount">,
): Promise<{ followersCount: number; followingCount: number }> {
  return {
    followersCount: await sharedCount(ctx, `followers:${user._id}`, user.followersCount ?? 0),
    followingCount: await sharedCount(ctx, `following:${user._id}`, user.followingCount ?? 0),
  };
}

export async function followRow(
  ctx: QueryCtx,
  followerId: Id<"users">,
  followingId: Id<"users">,
): Promise<Doc<"follows"> | null> {
  return await ctx.db
    .query("follows")
    .withIndex("by_followerId_and_followingId", (q) => q.eq("followerId", followerId).eq("followingId", followingId))
    .unique();
}

/** Starts following; a follow already there changes nothing. Returns whether a row was added. */
export async function followUser(ctx: MutationCtx, follower: Doc<"users">, target: Doc<"users">): Promise<boolean> {
  if (follower._id === target._id) invalid(SocialCopy.selfFollow);
  if ((await followRow(ctx, follower._id, target._id)) !== null) return false;
  await ctx.db.insert("follows", { followerId: follower._id, followingId: target._id });
  await addShared(ctx, `following:${follower._id}`, 1);
  await addShared(ctx, `followers:${target._id}`, 1);
  await onFollow(ctx, follower._id, target._id);
  await notifyFollow(ctx, follower, target._id);
  return true;
}

/** Stops following; not following already changes nothing. Returns whether a row was removed. */
export async function unfollowUser(ctx: MutationCtx, followerId: Id<"users">, targetId: Id<"users">): Promise<boolean> {
  const row = await followRow(ctx, followerId, targetId);
  if (row === null) return false;
  await ctx.db.delete("follows", row._id);
  await addShared(ctx, `following:${followerId}`, -1);
  await addShared(ctx, `followers:${targetId}`, -1);
  await onUnfollow(ctx, followerId, targetId);
  return true;
}

/**
 * The account purge (model/accountDeletion.ts): up to `limit` of the member's follows each way go,
 * and the other members' counts with them. Returns whether more remain.
 */
export async function purgeFollowsOf(ctx: MutationCtx, userId: Id<"users">, limit: number): Promise<boolean> {
  const following = await ctx.db
    .query("follows")
    .withIndex("by_followerId", (q) => q.eq("followerId", userId))
    .take(limit);
  for (const row of following) {
    await ctx.db.delete("follows", row._id);
    await addShared(ctx, `followers:${row.followingId}`, -1);
  }
  const followers = await ctx.db
    .query("follows")
    .withIndex("by_followingId", (q) => q.eq("followingId", userId))
    .take(limit);
  for (const row of followers) {
    await ctx.db.delete("follows", row._id);
    await addShared(ctx, `following:${row.followerId}`, -1);
  }
  return following.length === limit || followers.length === limit;
}
