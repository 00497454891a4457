// One-off data changes for deployments made by an older version, as @convex-dev/migrations
// migrations: each runs over its table (or an index range of it) in batches, in the background;
// the component records how far each got, so a run that stops (a failure, a cancel, a deploy)
// resumes from its last batch, a finished one is not run twice, and its status can be watched
// (`npx convex run --component migrations lib:getStatus --watch`).
// After deploying over an older version: `npx convex run migrations:runAll`. A new one-off is a
// `migrations.define(...)` here, added to the end of `runAll`.
import { Migrations } from "@convex-dev/migrations";
import { components, internal } from "./_generated/api";
import type { DataModel } from "./_generated/dataModel";
import { internalMutation } from "./functions";
import { adoptLegacyFile } from "./model/files";
import { countStatusChange, jobState } from "./model/jobs";
import { directoryTextOf } from "./model/professionals";
import { backfillPattern } from "./model/suspicion";
import schema from "./schema";

export const migrations = new Migrations<DataModel, typeof schema>(components.migrations, { internalMutation, schema });

/** Any one migration by name: `npx convex run migrations:run '{"fn": "migrations:homeownerText"}'`. */
export const run = migrations.runner();

/**
 * Jobs marked done before completion_requested existed kept in_progress with completionRequestedAt
 * set. They already read as completion_requested (jobState); this rewrites the stored status and its
 * counters. Not a transition: the job's state and history do not change.
 */
export const completionRequested = migrations.define({
  table: "jobs",
  customRange: (q) => q.withIndex("by_status", (q) => q.eq("status", "in_progress")),
  migrateOne: async (ctx, job) => {
    if (job.status !== "in_progress" || jobState(job) !== "completion_requested") return;
    await ctx.db.patch("jobs", job._id, { status: "completion_requested" });
    await countStatusChange(ctx, job.category, "in_progress", "completion_requested");
  },
});

/** Homeowners from before they were searchable get their directoryText. */
export const homeownerText = migrations.define({
  table: "users",
  customRange: (q) => q.withIndex("by_userType", (q) => q.eq("userType", "homeowner")),
  migrateOne: (_ctx, user) => {
    const directoryText = directoryTextOf(user);
    return directoryText === user.directoryText ? undefined : { directoryText };
  },
});

/** Members from before the Suspicious Users signals (issue 16) get their test/fake/spam name pattern recorded. */
export const suspiciousPatterns = migrations.define({
  table: "users",
  migrateOne: async (ctx, user) => await backfillPattern(ctx, user),
});

/** Avatars stored before the files table existed get a record naming their member (model/files.ts adoptLegacyFile). */
export const legacyAvatars = migrations.define({
  table: "users",
  migrateOne: async (ctx, user) => {
    if (user.imageStorageId === undefined) return;
    await adoptLegacyFile(ctx, {
      storageId: user.imageStorageId,
      uploaderId: user._id,
      purpose: "avatar",
      attachedTo: user._id,
    });
  },
});

/** Portfolio files from before the files table existed, the same way. */
export const legacyPortfolioFiles = migrations.define({
  table: "portfolioItems",
  migrateOne: async (ctx, item) => {
    await adoptLegacyFile(ctx, {
      storageId: item.storageId,
      uploaderId: item.userId,
      purpose: "portfolio",
      attachedTo: item._id,
    });
  },
});

/** `sweptAt`, written by the stuck-move sweep the payments pool replaced: cleared, so the schema can drop it. */
export const clearMoveSweeps = migrations.define({
  table: "paymentMoves",
  migrateOne: (_ctx, move) => (move.sweptAt === undefined ? undefined : { sweptAt: undefined }),
});

/** Every migration, in order: what an upgrade runs (`npx convex run migrations:runAll`). Done ones are skipped. */
export const runAll = migrations.runner([
  internal.migrations.completionRequested,
  internal.migrations.homeownerText,
  internal.migrations.suspiciousPatterns,
  internal.migrations.legacyAvatars,
  internal.migrations.legacyPortfolioFiles,
  internal.migrations.clearMoveSweeps,
  // Counts kept on rows before @convex-dev/sharded-counter (convex/counterBackfill.ts).
  internal.counterBackfill.postLikes,
  internal.counterBackfill.commentLikes,
  internal.counterBackfill.follows,
  internal.counterBackfill.tagUsage,
  internal.counterBackfill.jobCounts,
  internal.counterBackfill.insightDays,
]);
