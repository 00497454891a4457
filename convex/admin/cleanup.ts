// The admin console's Cleanup tab (issue 16; rules and safety in model/cleanup.ts): the preview
// of exactly what would go, the run (which removes what the admin saw, re-checked), the runs'
// reports with restore links, and the nightly check the cron starts (same rules, bounded
// batches; it only flags members into Suspicious Users and tells admins). The 30-day purge runs with it.
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { ConsoleCopy } from "../../common/admin";
import { internal } from "../_generated/api";
import { adminMutation, adminQuery, internalMutation } from "../functions";
import {
  finishRun,
  flagCandidates,
  itemOrThrow,
  postCandidatePage,
  postCandidates,
  purgeRunStep,
  removeItems,
  restoreItem,
  startRun,
  userCandidates,
} from "../model/cleanup";
import { recordAudit } from "../model/audit";
import { invalid } from "../model/errors";
import { notifyAll } from "../model/notifications";
import { cappedPagination } from "../model/paging";
import { fullName } from "../model/users";

/** What one manual run takes at most (the preview shows exactly these; run again for more). */
export const MANUAL_USERS = 50;
export const MANUAL_POSTS = 100;
/** Rows the preview reads of each index range (protected members' rows stay in range). */
const PREVIEW_SCAN = 400;
/** The nightly run: rows per batch, and batches per night. */
const NIGHTLY_PAGE = 50;
const NIGHTLY_MAX_BATCHES = 20;
/** Runs the nightly purge finishes per pass, items per step. */
const PURGE_RUNS = 5;
const PURGE_BATCH = 100;

/** Exactly what a run would remove now ('Deleted {n} users and {n} posts'), with why. */
export const preview = adminQuery({
  args: {},
  handler: async (ctx) => {
    const users = [];
    let next: number | null = null;
    let scanned = 0;
    do {
      const page = await userCandidates(ctx, next, 100);
      users.push(...page.users);
      next = page.next;
      scanned += 100;
    } while (next !== null && users.length <= MANUAL_USERS && scanned < PREVIEW_SCAN);
    const posts = await postCandidates(ctx, PREVIEW_SCAN);
    return {
      users: users.slice(0, MANUAL_USERS),
      posts: posts.slice(0, MANUAL_POSTS).map((p) => ({ id: p.id, preview: p.preview, why: p.why })),
      more: users.length > MANUAL_USERS || posts.length > MANUAL_POSTS || next !== null,
    };
  },
});

/** Removes what the admin's preview listed (each re-checked against the rules and protections). */
export const run = adminMutation({
  args: { userIds: v.array(v.id("users")), postIds: v.array(v.id("posts")) },
  returns: v.object({ runId: v.id("cleanupRuns"), deletedUsers: v.number(), deletedPosts: v.number() }),
  handler: async (ctx, { userIds, postIds }) => {
    if (userIds.length > MANUAL_USERS || postIds.length > MANUAL_POSTS) invalid(ConsoleCopy.cleanupFailed);
    const runId = await startRun(ctx, "manual", ctx.viewer._id);
    const removed = await removeItems(ctx, runId, ctx.viewer, userIds, postIds);
    await finishRun(ctx, runId, ctx.viewer._id);
    return { runId, deletedUsers: removed.users, deletedPosts: removed.posts };
  },
});

/** The runs' reports, newest first: what ran, what it removed, each item restorable for 30 days. */
export const runs = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db.query("cleanupRuns").order("desc").paginate(cappedPagination(paginationOpts, 20));
    const page = await Promise.all(
      result.page.map(async (run) => {
        const admin = run.adminId ? await ctx.db.get("users", run.adminId) : null;
        const items = await ctx.db
          .query("cleanupItems")
          .withIndex("by_runId_and_state", (q) => q.eq("runId", run._id))
          .take(MANUAL_USERS + MANUAL_POSTS);
        return {
          id: run._id,
          kind: run.kind,
          by: admin ? fullName(admin) || admin.email || "Admin" : "Scheduler",
          startedAt: run.startedAt,
          finishedAt: run.finishedAt ?? null,
          deletedUsers: run.deletedUsers,
          deletedPosts: run.deletedPosts,
          restored: run.restored,
          purgeAt: run.purgeAt,
          purged: run.purged,
          items: items.map((item) => ({
            id: item._id,
            kind: item.kind,
            label: item.label,
            why: item.why,
            state: item.state,
          })),
        };
      }),
    );
    return { ...result, page };
  },
});

/** A restore link: the member (unbanned, undeleted) or the post (its status before) comes back. */
export const restore = adminMutation({
  // A string (the restore link's id), checked here: an unknown one is NOT_FOUND.
  args: { itemId: v.string() },
  returns: v.null(),
  handler: async (ctx, { itemId }) => {
    await restoreItem(ctx, ctx.viewer, await itemOrThrow(ctx, ctx.db.normalizeId("cleanupItems", itemId)));
    return null;
  },
});

/**
 * The nightly check (crons.ts). It removes nothing (issue 29: the rules are guesses, and an
 * unattended run banned and purged real members): it flags the members who meet the rules, and
 * the authors of posts that do, into the Suspicious Users queue (model/cleanup flagCandidates),
 * in bounded batches (a page of pattern members and of flagged posts per transaction, scheduled
 * again while more remain, at most NIGHTLY_MAX_BATCHES a night). Admins are told when it flagged
 * someone new; removal stays the previewed run an admin confirms. Then the purge of confirmed
 * runs past their 30 days.
 */
export const nightly = internalMutation({
  args: {
    // From a run scheduled before issue 29 (which started a report); ignored.
    runId: v.optional(v.id("cleanupRuns")),
    after: v.optional(v.union(v.number(), v.null())),
    postCursor: v.optional(v.union(v.string(), v.null())),
    batch: v.optional(v.number()),
    flagged: v.optional(v.number()),
    posts: v.optional(v.number()),
  },
  returns: v.null(),
  handler: async (ctx, args) => {
    const batch = args.batch ?? 0;
    const users = await userCandidates(ctx, args.after ?? null, NIGHTLY_PAGE);
    // A null postCursor after the first batch means the posts were all read.
    const postsDone = batch > 0 && args.postCursor === null;
    const posts = postsDone
      ? { posts: [], cursor: null }
      : await postCandidatePage(ctx, args.postCursor ?? null, NIGHTLY_PAGE);
    const flagged = (args.flagged ?? 0) + (await flagCandidates(ctx, users.users, posts.posts));
    const postCount = (args.posts ?? 0) + posts.posts.length;
    const more = users.next !== null || posts.cursor !== null;
    if (more && batch + 1 < NIGHTLY_MAX_BATCHES) {
      await ctx.scheduler.runAfter(0, internal.admin.cleanup.nightly, {
        after: users.next,
        postCursor: posts.cursor,
        batch: batch + 1,
        flagged,
        posts: postCount,
      });
      return null;
    }
    await recordAudit(ctx, "scheduler", {
      action: "cleanup.flagged",
      targetTable: "suspects",
      targetId: "nightly",
      after: { flaggedUsers: flagged, matchingPosts: postCount },
    });
    if (flagged > 0) {
      const admins = await ctx.db
        .query("users")
        .withIndex("by_role", (q) => q.eq("role", "admin"))
        .take(50);
      await notifyAll(
        ctx,
        admins.map((a) => a._id),
        {
          type: "system",
          title: ConsoleCopy.scheduledTitle,
          content: ConsoleCopy.scheduledContent(flagged, postCount),
          actionUrl: "/admin?tab=suspicious",
          entityType: "cleanupCheck",
          entityId: "nightly",
        },
      );
    }
    await ctx.scheduler.runAfter(0, internal.admin.cleanup.purgeDue, {});
    return null;
  },
});

/** Runs whose 30 days are over: removed posts deleted (members go with the account purge). */
export const purgeDue = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const due = await ctx.db
      .query("cleanupRuns")
      .withIndex("by_purged_and_purgeAt", (q) => q.eq("purged", false).lte("purgeAt", Date.now()))
      .take(PURGE_RUNS);
    let more = due.length === PURGE_RUNS;
    for (const run of due) if (!(await purgeRunStep(ctx, run, PURGE_BATCH))) more = true;
    if (more) await ctx.scheduler.runAfter(0, internal.admin.cleanup.purgeDue, {});
    return null;
  },
});
