// Follow and unfollow any member, and the followers/following lists of a
// profile (spec §2 Profile, §3 Follow). Rules in model/follows.ts.
import { paginationOptsValidator, paginationResultValidator, type PaginationOptions } from "convex/server";
import { v } from "convex/values";
import { ProfileCopy } from "../../common/profile";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { mutation, query } from "../functions";
import { notFound } from "../model/errors";
import { limitFollowChanges } from "../model/limits";
import { followCountsOf, followRow, followUser, unfollowUser } from "../model/follows";
import { cappedPagination } from "../model/paging";
import { authorView } from "../model/posts";
import { authorValidator } from "../model/socialViews";
import { visibleUser } from "../model/users";

const statusValidator = v.object({ following: v.boolean(), followersCount: v.number(), followingCount: v.number() });
/** What follow and unfollow answer: no counts (reading them in the mutation would contend with every other follower). */
const changedValidator = v.object({ following: v.boolean() });

async function memberX(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"users">> {
  const user = await visibleUser(ctx, userId);
  if (user === null) notFound(ProfileCopy.notFound);
  return user;
}

async function statusOf(ctx: QueryCtx, viewerId: Id<"users">, userId: Id<"users">) {
  const user = await memberX(ctx, userId);
  return {
    following: viewerId !== userId && (await followRow(ctx, viewerId, userId)) !== null,
    ...(await followCountsOf(ctx, user)),
  };
}

/** Follow a member (idempotent); the counts come from `status`, which re-runs when they move. */
export const follow = mutation({
  args: { userId: v.id("users") },
  returns: changedValidator,
  handler: async (ctx, { userId }) => {
    const viewer = ctx.viewerX();
    await limitFollowChanges(ctx, viewer._id, userId);
    await followUser(ctx, viewer, await memberX(ctx, userId));
    return { following: true };
  },
});

/** Stop following a member (idempotent). */
export const unfollow = mutation({
  args: { userId: v.id("users") },
  returns: changedValidator,
  handler: async (ctx, { userId }) => {
    const viewer = ctx.viewerX();
    await limitFollowChanges(ctx, viewer._id, userId);
    await memberX(ctx, userId);
    await unfollowUser(ctx, viewer._id, userId);
    return { following: false };
  },
});

/** Whether the viewer follows the member, and the member's kept counts (the profile's tiles). */
export const status = query({
  args: { userId: v.id("users") },
  returns: statusValidator,
  handler: async (ctx, { userId }) => await statusOf(ctx, ctx.viewerX()._id, userId),
});

/** Who follows the member, newest first. */
export const followers = query({
  args: { userId: v.id("users"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(authorValidator),
  handler: async (ctx, { userId, paginationOpts }) => {
    ctx.viewerX();
    return await followPage(ctx, userId, "followers", paginationOpts);
  },
});

/** Whom the member follows, newest first. */
export const following = query({
  args: { userId: v.id("users"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(authorValidator),
  handler: async (ctx, { userId, paginationOpts }) => {
    ctx.viewerX();
    return await followPage(ctx, userId, "following", paginationOpts);
  },
});

/** One side of the member's follows, newest first, as the people on the other end. */
async function followPage(
  ctx: QueryCtx,
  userId: Id<"users">,
  side: "followers" | "following",
  paginationOpts: PaginationOptions,
) {
  const follows = ctx.db.query("follows");
  const rows =
    side === "followers"
      ? follows.withIndex("by_followingId", (q) => q.eq("followingId", userId))
      : follows.withIndex("by_followerId", (q) => q.eq("followerId", userId));
  const result = await rows.order("desc").paginate(cappedPagination(paginationOpts));
  const others = result.page.map((f) => (side === "followers" ? f.followerId : f.followingId));
  return { ...result, page: await people(ctx, others) };
}

/** Author lines of the members, deleted accounts left out. */
async function people(ctx: QueryCtx, ids: Id<"users">[]) {
  const out = [];
  for (const id of ids) {
    if ((await visibleUser(ctx, id)) !== null) out.push(await authorView(ctx, id));
  }
  return out;
}
