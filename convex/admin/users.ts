// The admin console's Suspicious Users tab (issue 16): members by score, highest first, read
// from the `suspects` index the signals keep (model/suspicion.ts), each with the signals behind
// the score; and the admin's decisions: ban, unban, clear. Admins only; every decision audited.
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { ConsoleCopy, NOTES_MAX, AdminCopy, SIGNALS, SIGNAL_KINDS } from "../../common/admin";
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { adminMutation, adminQuery, internalMutation } from "../functions";
import { recordAudit } from "../model/audit";
import { banUser, syncListingsAndJobs, unbanUser } from "../model/bans";
import { invalid, notFound } from "../model/errors";
import { refuseOwnCase } from "../model/ownCase";
import { cappedPagination } from "../model/paging";
import { clearSuspect, suspectOf } from "../model/suspicion";

/** Members with a score above 0, highest first (one index range, paginated). */
export const suspicious = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("suspects")
      .withIndex("by_score", (q) => q.gt("score", 0))
      .order("desc")
      .paginate(cappedPagination(paginationOpts, 50));
    const page = [];
    for (const row of result.page) {
      const user = await ctx.db.get("users", row.userId);
      if (user === null || user.purgedAt !== undefined) continue;
      page.push({
        id: user._id,
        firstName: user.firstName ?? "",
        lastName: user.lastName ?? "",
        email: user.email ?? "",
        userType: user.userType ?? user.bannedUserType ?? user.deletedUserType ?? null,
        verified: user.verified === true,
        banned: user.bannedAt !== undefined,
        score: row.score,
        signals: SIGNAL_KINDS.filter((k) => (row.signals[k] ?? 0) > 0).map((k) => ({
          kind: k,
          label: SIGNALS[k].label,
          count: row.signals[k]!,
        })),
        lastSignalAt: row.lastSignalAt,
      });
    }
    return { ...result, page };
  },
});

const userArgs = { userId: v.id("users"), notes: v.optional(v.string()) };

function notesOf(notes: string | undefined): string | undefined {
  const trimmed = notes?.trim() || undefined;
  if (trimmed !== undefined && trimmed.length > NOTES_MAX)
    invalid(AdminCopy.notesTooLong, { notes: AdminCopy.notesTooLong });
  return trimmed;
}

async function memberOrThrow(ctx: MutationCtx, userId: Doc<"users">["_id"]): Promise<Doc<"users">> {
  const user = await ctx.db.get("users", userId);
  if (user === null || user.purgedAt !== undefined) notFound(ConsoleCopy.userNotFound);
  return user;
}

/** Bans the member (sessions ended, sign-in refused, content hidden); audited by model/bans. */
export const ban = adminMutation({
  args: userArgs,
  returns: v.null(),
  handler: async (ctx, { userId, notes }) => {
    refuseOwnCase(ctx.viewer, userId);
    const user = await memberOrThrow(ctx, userId);
    await banUser(ctx, ctx.viewer, user, notesOf(notes) ?? "Banned from Suspicious Users");
    return null;
  },
});

/** Lifts a ban: sign-in works again and their profile, posts, comments and reviews show again. */
export const unban = adminMutation({
  args: userArgs,
  returns: v.null(),
  handler: async (ctx, { userId, notes }) => {
    refuseOwnCase(ctx.viewer, userId);
    const user = await memberOrThrow(ctx, userId);
    await unbanUser(ctx, ctx.viewer, user, notesOf(notes));
    return null;
  },
});

/** The member is fine: their score and signals start over (a new signal raises them again). */
export const clear = adminMutation({
  args: userArgs,
  returns: v.null(),
  handler: async (ctx, { userId, notes }) => {
    refuseOwnCase(ctx.viewer, userId);
    await memberOrThrow(ctx, userId);
    const row = await suspectOf(ctx, userId);
    if (row === null || row.score === 0) return null;
    await clearSuspect(ctx, row);
    await recordAudit(ctx, ctx.viewer._id, {
      action: "user.clear",
      targetTable: "users",
      targetId: userId,
      before: { score: row.score, signals: row.signals },
      after: { score: 0 },
      note: notesOf(notes),
    });
    return null;
  },
});


/** The rest of a banned, unbanned, deleted or restored member's listings and jobs (model/bans syncListingsAndJobs). */
export const syncHiddenMember = internalMutation({
  args: {
    userId: v.id("users"),
    listingsAfter: v.optional(v.union(v.number(), v.null())),
    jobsAfter: v.optional(v.union(v.number(), v.null())),
  },
  returns: v.null(),
  handler: async (ctx, { userId, listingsAfter, jobsAfter }) => {
    await syncListingsAndJobs(ctx, userId, listingsAfter ?? null, jobsAfter ?? null);
    return null;
  },
});
