// The backfill of the sharded counters (model/counters.ts): each count a row kept before moves into
// its counter, in the same transaction as the row's field goes to 0 (or the jobCounts row goes), so
// the count shown (the row's base plus the counter) is the same before, during and after. Until it
// has run, nothing is wrong: readers add the old base. Through @convex-dev/migrations (resumable,
// batched, its progress kept in the component):
//   npx convex run migrations:runAll (which runs these after the other one-offs)
import { Migrations } from "@convex-dev/migrations";
import { components } from "./_generated/api";
import type { DataModel } from "./_generated/dataModel";
import { internalMutation } from "./functions";
import { addShared } from "./model/counters";

export const migrations = new Migrations<DataModel>(components.migrations, {
  internalMutation,
  migrationsLocationPrefix: "counterBackfill:",
});

export const postLikes = migrations.define({
  table: "posts",
  migrateOne: async (ctx, post) => {
    if (post.likesCount === 0) return;
    await addShared(ctx, `likes:post:${post._id}`, post.likesCount);
    return { likesCount: 0 };
  },
});

export const commentLikes = migrations.define({
  table: "comments",
  migrateOne: async (ctx, comment) => {
    if (comment.likesCount === 0) return;
    await addShared(ctx, `likes:comment:${comment._id}`, comment.likesCount);
    return { likesCount: 0 };
  },
});

export const follows = migrations.define({
  table: "users",
  migrateOne: async (ctx, user) => {
    if (user.followersCount === undefined && user.followingCount === undefined) return;
    await addShared(ctx, `followers:${user._id}`, user.followersCount ?? 0);
    await addShared(ctx, `following:${user._id}`, user.followingCount ?? 0);
    return { followersCount: undefined, followingCount: undefined };
  },
});

export const tagUsage = migrations.define({
  table: "hashtags",
  migrateOne: async (ctx, tag) => {
    if (tag.usageCount === 0) return;
    await addShared(ctx, `tag:${tag.name}`, tag.usageCount);
    return { usageCount: 0 };
  },
});

export const jobCounts = migrations.define({
  table: "jobCounts",
  migrateOne: async (ctx, row) => {
    await addShared(ctx, `jobs:${row.key}`, row.count);
    await ctx.db.delete("jobCounts", row._id);
  },
});

/** Lead-insight days from before the counters: marked unsettled, so the nightly settle folds in what was counted since. */
export const insightDays = migrations.define({
  table: "proDailyStats",
  migrateOne: (_ctx, row) => (row.settled === undefined ? { settled: false } : undefined),
});
