// Cleanup (issue 16; spec §9): members with a test/fake/spam pattern in their email or name,
// posts the screen flagged as inappropriate (offensive language) and posts screened under 50 %
// confidence. Only an admin removes, through the previewed run they confirm; the unattended
// nightly check only flags the members into Suspicious Users (issue 29: a pattern is a guess, and
// real people were banned and purged by it). Made safe:
// - a protected member is never touched, nor their posts (left to a moderator): an admin, a local
//   demo account (reserved `.test` domain), a member with completed jobs, with payments (a Stripe
//   customer or a paid plan) or with a verified credential (`verified`);
// - removal is soft and restorable for 30 days: a member is banned (hidden, signed out, sign-in
//   refused) and marked deleted, so the daily account purge takes them at 30 days; a post is
//   rejected (hidden) with its status kept for restore, and deleted by the cleanup purge;
// - candidates come from two index ranges (suspects by_pattern; flagged posts by confidence),
//   read in bounded pages.
import {
  CLEANUP_CONFIDENCE_BELOW,
  CLEANUP_RESTORE_DAYS,
  ConsoleCopy,
  preview,
  suspiciousPattern,
} from "../../common/admin";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { recordAudit, type AuditActor } from "./audit";
import { banUser, unbanUser } from "./bans";
import { invalid, notFound } from "./errors";
import { applyModeration, deletePost } from "./posts";
import { ScreeningReasons } from "./screening";
import { recordSignal, suspectOf } from "./suspicion";
import { fullName } from "./users";

const DAY = 24 * 60 * 60_000;
export const RESTORE_MS = CLEANUP_RESTORE_DAYS * DAY;

/**
 * Why a member may never be cleaned up, or null. Checked: the role, the reserved demo domain, the
 * completed-job counters, payments (a Stripe customer or Connect account, a paid plan, any
 * jobPayments row as owner or professional), and credentials (`verified`, any approved credential).
 */
export async function protectionOf(ctx: QueryCtx, user: Doc<"users">): Promise<string | null> {
  if (user.role === "admin") return "administrator";
  if ((user.email ?? "").toLowerCase().endsWith(".test")) return "demo account";
  if ((user.jobsPostedCompleted ?? 0) + (user.jobsWorkingCompleted ?? 0) > 0) return "completed jobs";
  if (
    user.stripeCustomerId !== undefined ||
    user.stripeConnectAccountId !== undefined ||
    (user.subscriptionTier ?? "basic") !== "basic"
  )
    return "payments";
  const paid =
    (await ctx.db
      .query("jobPayments")
      .withIndex("by_ownerId", (q) => q.eq("ownerId", user._id))
      .first()) ??
    (await ctx.db
      .query("jobPayments")
      .withIndex("by_proId_and_state", (q) => q.eq("proId", user._id))
      .first());
  if (paid !== null) return "payments";
  // A verified credential keeps `verified` set on the member (computed with every credential change).
  if (user.verified === true) return "verified credential";
  const approved = await ctx.db
    .query("credentials")
    .withIndex("by_userId_and_state", (q) => q.eq("userId", user._id).eq("state", "approved"))
    .first();
  if (approved !== null) return "verified credential";
  return null;
}

/** Already removed (by a ban or a cleanup) or gone: nothing to do. */
function alreadyOut(user: Doc<"users">): boolean {
  return user.bannedAt !== undefined || user.deletedAt !== undefined || user.purgedAt !== undefined;
}

export interface UserCandidate {
  id: Id<"users">;
  name: string;
  email: string;
  why: string;
}
export interface PostCandidate {
  id: Id<"posts">;
  preview: string;
  authorId: Id<"users">;
  createdAt: number;
  why: string;
}

/** Why the member meets the rule (their pattern), or null when they don't or are protected. */
export async function userRule(ctx: QueryCtx, user: Doc<"users">): Promise<string | null> {
  if (alreadyOut(user) || (await protectionOf(ctx, user)) !== null) return null;
  const suspect = await suspectOf(ctx, user._id);
  // An admin's clear (or restore) takes the member off the rule until a new pattern is recorded.
  if (suspect === null || !suspect.pattern) return null;
  return suspiciousPattern(user);
}

/** Why the post meets the rule, or null when it doesn't or its author is protected. */
export async function postRule(ctx: QueryCtx, post: Doc<"posts">): Promise<string | null> {
  if (post.moderationStatus !== "flagged") return null;
  const inappropriate = post.moderationFlags.includes(ScreeningReasons.offensive);
  const unsure = post.moderationConfidence < CLEANUP_CONFIDENCE_BELOW;
  if (!inappropriate && !unsure) return null;
  const author = await ctx.db.get("users", post.authorId);
  if (author !== null && (await protectionOf(ctx, author)) !== null) return null;
  return inappropriate
    ? "Flagged inappropriate"
    : `Screened at ${Math.round(post.moderationConfidence * 100)} % confidence`;
}

/**
 * Members meeting the rule among the next `scan` suspects with a pattern after `after` (their
 * _creationTime; no .paginate, so a run may ban in the same transaction). `next` pages on.
 */
export async function userCandidates(
  ctx: QueryCtx,
  after: number | null,
  scan: number,
): Promise<{ users: UserCandidate[]; next: number | null }> {
  const rows = await ctx.db
    .query("suspects")
    .withIndex("by_pattern", (q) =>
      after === null ? q.eq("pattern", true) : q.eq("pattern", true).gt("_creationTime", after),
    )
    .take(scan);
  const users: UserCandidate[] = [];
  for (const suspect of rows) {
    const user = await ctx.db.get("users", suspect.userId);
    const why = user === null ? null : await userRule(ctx, user);
    if (user !== null && why !== null) {
      users.push({ id: user._id, name: fullName(user) || user.name || "Member", email: user.email ?? "", why });
    }
  }
  return { users, next: rows.length === scan ? rows[rows.length - 1]!._creationTime : null };
}

/** Posts meeting the rule: flagged at or under 50 % (offensive language puts a post there), bounded. */
export async function postCandidates(ctx: QueryCtx, scan: number): Promise<PostCandidate[]> {
  const flagged = await ctx.db
    .query("posts")
    .withIndex("by_moderationStatus_and_moderationConfidence", (q) =>
      q.eq("moderationStatus", "flagged").lte("moderationConfidence", CLEANUP_CONFIDENCE_BELOW),
    )
    .take(scan);
  const posts: PostCandidate[] = [];
  for (const post of flagged) {
    const why = await postRule(ctx, post);
    if (why !== null) posts.push(postCandidate(post, why));
  }
  return posts;
}

function postCandidate(post: Doc<"posts">, why: string): PostCandidate {
  return { id: post._id, preview: preview(post.content), authorId: post.authorId, createdAt: post._creationTime, why };
}

/** A page of the flagged range for the nightly check (which removes nothing, so it pages on by cursor). */
export async function postCandidatePage(
  ctx: QueryCtx,
  cursor: string | null,
  numItems: number,
): Promise<{ posts: PostCandidate[]; cursor: string | null }> {
  const page = await ctx.db
    .query("posts")
    .withIndex("by_moderationStatus_and_moderationConfidence", (q) =>
      q.eq("moderationStatus", "flagged").lte("moderationConfidence", CLEANUP_CONFIDENCE_BELOW),
    )
    .paginate({ numItems, cursor });
  const posts: PostCandidate[] = [];
  for (const post of page.page) {
    const why = await postRule(ctx, post);
    if (why !== null) posts.push(postCandidate(post, why));
  }
  return { posts, cursor: page.isDone ? null : page.continueCursor };
}

/**
 * The nightly check's only effect: each member who meets the rules, or wrote a post that does,
 * gets the `cleanupMatch` signal (once) and so stands in the Suspicious Users queue for an admin.
 * An admin's clear holds: a cleared member is flagged again only for a post written after it (a
 * pattern member leaves the rule when cleared, userRule). Returns how many were newly flagged.
 */
export async function flagCandidates(
  ctx: MutationCtx,
  users: readonly UserCandidate[],
  posts: readonly PostCandidate[],
): Promise<number> {
  const wanted = new Map<Id<"users">, number>();
  for (const u of users) wanted.set(u.id, Infinity);
  for (const p of posts) wanted.set(p.authorId, Math.max(wanted.get(p.authorId) ?? 0, p.createdAt));
  let flagged = 0;
  for (const [userId, newest] of wanted) {
    const suspect = await suspectOf(ctx, userId);
    if (suspect !== null && (suspect.signals.cleanupMatch ?? 0) > 0) continue;
    if (suspect?.clearedAt !== undefined && suspect.clearedAt >= newest) continue;
    await recordSignal(ctx, userId, "cleanupMatch");
    flagged++;
  }
  return flagged;
}

export async function startRun(ctx: MutationCtx, kind: "manual" | "scheduled", adminId?: Id<"users">) {
  const now = Date.now();
  return await ctx.db.insert("cleanupRuns", {
    kind,
    ...(adminId ? { adminId } : {}),
    startedAt: now,
    deletedUsers: 0,
    deletedPosts: 0,
    restored: 0,
    purgeAt: now + RESTORE_MS,
    purged: false,
  });
}

/**
 * Removes what still meets the rules among `userIds` and `postIds` (each re-checked here, in this
 * transaction: a member protected or cleared since the preview is skipped). Returns the counts.
 */
export async function removeItems(
  ctx: MutationCtx,
  runId: Id<"cleanupRuns">,
  by: Doc<"users"> | "scheduler",
  userIds: readonly Id<"users">[],
  postIds: readonly Id<"posts">[],
): Promise<{ users: number; posts: number }> {
  let users = 0;
  let posts = 0;
  for (const userId of userIds) {
    const user = await ctx.db.get("users", userId);
    const why = user === null ? null : await userRule(ctx, user);
    if (user === null || why === null) continue;
    // Their posts and comments are hidden by scheduled pages (one transaction may ban many).
    await banUser(ctx, by, user, `Cleanup: ${why}`, { inline: false });
    // Marked deleted too: the daily account purge (accountDeletion.purgeDue) takes it after 30 days.
    await ctx.db.patch("users", user._id, { deletedAt: Date.now() });
    const suspect = await suspectOf(ctx, user._id);
    if (suspect !== null) await ctx.db.patch("suspects", suspect._id, { pattern: false });
    await ctx.db.insert("cleanupItems", {
      runId,
      kind: "user",
      userId: user._id,
      label: `${fullName(user) || user.name || "Member"} <${user.email ?? ""}>`,
      why,
      state: "removed",
    });
    users++;
  }
  for (const postId of postIds) {
    const post = await ctx.db.get("posts", postId);
    const why = post === null ? null : await postRule(ctx, post);
    if (post === null || why === null) continue;
    await applyModeration(ctx, post, "rejected");
    await ctx.db.insert("cleanupItems", {
      runId,
      kind: "post",
      postId: post._id,
      label: preview(post.content),
      why,
      previousStatus: post.moderationStatus,
      state: "removed",
    });
    posts++;
  }
  const run = (await ctx.db.get("cleanupRuns", runId))!;
  await ctx.db.patch("cleanupRuns", runId, {
    deletedUsers: run.deletedUsers + users,
    deletedPosts: run.deletedPosts + posts,
  });
  return { users, posts };
}

export async function finishRun(
  ctx: MutationCtx,
  runId: Id<"cleanupRuns">,
  by: AuditActor,
): Promise<Doc<"cleanupRuns">> {
  await ctx.db.patch("cleanupRuns", runId, { finishedAt: Date.now() });
  const run = (await ctx.db.get("cleanupRuns", runId))!;
  await recordAudit(ctx, by, {
    action: `cleanup.${run.kind}`,
    targetTable: "cleanupRuns",
    targetId: runId,
    after: { deletedUsers: run.deletedUsers, deletedPosts: run.deletedPosts, restorableUntil: run.purgeAt },
  });
  return run;
}

/** Puts one removed member or post back (within the 30 days); audited. */
export async function restoreItem(ctx: MutationCtx, admin: Doc<"users">, item: Doc<"cleanupItems">): Promise<void> {
  if (item.state === "purged") invalid(ConsoleCopy.purged);
  if (item.state !== "removed") invalid(ConsoleCopy.notRemoved);
  // The item is closed first: the unban below closes any item still open for the member.
  await ctx.db.patch("cleanupItems", item._id, { state: "restored" });
  const run = await ctx.db.get("cleanupRuns", item.runId);
  if (run !== null) await ctx.db.patch("cleanupRuns", run._id, { restored: run.restored + 1 });
  if (item.kind === "user") {
    const user = item.userId ? await ctx.db.get("users", item.userId) : null;
    if (user === null || user.purgedAt !== undefined) invalid(ConsoleCopy.purged);
    await ctx.db.patch("users", user._id, { deletedAt: undefined });
    if (user.bannedAt !== undefined)
      await unbanUser(ctx, admin, (await ctx.db.get("users", user._id))!, "Restored from a cleanup");
  } else {
    const post = item.postId ? await ctx.db.get("posts", item.postId) : null;
    if (post === null) invalid(ConsoleCopy.purged);
    await applyModeration(ctx, post, item.previousStatus ?? "flagged");
  }
  await recordAudit(ctx, admin._id, {
    action: `cleanup.restore.${item.kind}`,
    targetTable: item.kind === "user" ? "users" : "posts",
    targetId: (item.userId ?? item.postId)!,
    before: { state: "removed" },
    after: { state: "restored" },
    note: item.label,
  });
}

/**
 * One purge step of a run whose 30 days are over: its removed posts are deleted (their removed
 * members are purged by the account purge, which their `deletedAt` queues them for). Returns
 * true when the run has nothing left to purge.
 */
export async function purgeRunStep(ctx: MutationCtx, run: Doc<"cleanupRuns">, batch: number): Promise<boolean> {
  const items = await ctx.db
    .query("cleanupItems")
    .withIndex("by_runId_and_state", (q) => q.eq("runId", run._id).eq("state", "removed"))
    .take(batch);
  for (const item of items) {
    if (item.kind === "post" && item.postId) {
      const post = await ctx.db.get("posts", item.postId);
      if (post !== null) await deletePost(ctx, post);
    }
    await ctx.db.patch("cleanupItems", item._id, { state: "purged" });
  }
  if (items.length < batch) {
    await ctx.db.patch("cleanupRuns", run._id, { purged: true });
    return true;
  }
  return false;
}

export async function itemOrThrow(ctx: QueryCtx, id: Id<"cleanupItems"> | null): Promise<Doc<"cleanupItems">> {
  const item = id === null ? null : await ctx.db.get("cleanupItems", id);
  if (item === null) notFound(ConsoleCopy.notRemoved);
  return item;
}
