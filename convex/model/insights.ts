// Lead insights (spec §6, Pro+ Leads and Enterprise): a professional's profile views, search
// appearances, quote requests received, bids placed and bids won over the last 30 days.
//
// Every figure is a kept counter, moved by countProEvent in the transaction of the event it counts
// (a bid placed, a bid accepted, a quote request routed, a profile view) or, for a directory page
// served, by the scheduled insights:countSearchPage. A popular professional appears on many members'
// pages at once, so a day's counts live in sharded counters (`insights:<pro>:<day>:<field>`); the
// proDailyStats row of the day is written when the day's first event comes and when the nightly
// insights:settleDays folds the counters into it (settled). Counts are kept for every plan, so an
// upgrade shows the last 30 days at once; only reading them needs Pro+ or Enterprise.
import { hasLeadInsights, INSIGHTS_DAYS, InsightsCopy } from "../../common/plans";
import { ErrorCode } from "../../common/errors";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { internal } from "../_generated/api";
import { addShared, countedSince, resetShared, type SharedCountKey } from "./counters";
import { fail } from "./errors";
import { firstInWindow, hit } from "./rateLimit";
import { checkedDirectoryFilters, type DirectorySearchArgs } from "./directory";

export const PRO_STAT_FIELDS = ["profileViews", "searchAppearances", "quoteRequests", "bidsPlaced", "bidsWon"] as const;
export type ProStatField = (typeof PRO_STAT_FIELDS)[number];
export type ProStats = Record<ProStatField, number>;

const DAY_MS = 24 * 60 * 60_000;

/** The UTC day of `ms`, "YYYY-MM-DD" (the rows' key; sorts as time does). */
export function statDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const zeroStats = (): ProStats => ({
  profileViews: 0,
  searchAppearances: 0,
  quoteRequests: 0,
  bidsPlaced: 0,
  bidsWon: 0,
});

const statKey = (proId: Id<"users">, day: string, field: ProStatField): SharedCountKey =>
  `insights:${proId}:${day}:${field}`;

/**
 * The one way a lead-insights count moves: adds `deltas` to the professional's counts for today.
 * The day's row is only read once it exists (no write, so no conflict with the other events).
 */
export async function countProEvent(
  ctx: MutationCtx,
  proId: Id<"users">,
  deltas: Partial<ProStats>,
  now = Date.now(),
): Promise<void> {
  const day = statDay(now);
  for (const field of PRO_STAT_FIELDS) {
    if (deltas[field]) await addShared(ctx, statKey(proId, day, field), deltas[field]);
  }
  const row = await ctx.db
    .query("proDailyStats")
    .withIndex("by_proId_and_day", (q) => q.eq("proId", proId).eq("day", day))
    .unique();
  if (row === null) await ctx.db.insert("proDailyStats", { proId, day, ...zeroStats(), settled: false });
}

/** A day's counts: the row's, plus its counters until the day is settled (a row from before the counters counts as not settled). */
async function dayStats(ctx: QueryCtx, row: Doc<"proDailyStats">): Promise<ProStats> {
  const stats = zeroStats();
  for (const field of PRO_STAT_FIELDS) {
    const counted = row.settled === true ? 0 : await countedSince(ctx, statKey(row.proId, row.day, field));
    stats[field] = Math.max(0, row[field] + counted);
  }
  return stats;
}

/** Days settled per run of insights:settleDays (6 counter reads and resets each). */
export const SETTLE_BATCH = 100;

/**
 * Folds the counters of past days into their rows (settled), up to SETTLE_BATCH rows: nobody counts
 * on a past day any more, so this read of every shard conflicts with nothing. Returns whether more remain.
 */
export async function settlePastDays(ctx: MutationCtx, now = Date.now()): Promise<boolean> {
  const rows = await ctx.db
    .query("proDailyStats")
    .withIndex("by_settled_and_day", (q) => q.eq("settled", false).lt("day", statDay(now)))
    .take(SETTLE_BATCH);
  for (const row of rows) {
    const stats = await dayStats(ctx, row);
    await ctx.db.patch("proDailyStats", row._id, { ...stats, settled: true });
    for (const field of PRO_STAT_FIELDS) await resetShared(ctx, statKey(row.proId, row.day, field));
  }
  return rows.length === SETTLE_BATCH;
}

/** Pro+ Leads and Enterprise professionals see their lead insights. */
export function canSeeLeadInsights(user: Doc<"users">): boolean {
  return user.userType === "professional" && hasLeadInsights(user.subscriptionTier ?? "basic");
}

export function assertCanSeeLeadInsights(user: Doc<"users">): void {
  if (!canSeeLeadInsights(user)) fail(ErrorCode.FORBIDDEN, InsightsCopy.upgradeTitle);
}

/** The last INSIGHTS_DAYS days (today included): totals and one entry per day that has counts. */
export async function insightsOf(
  ctx: QueryCtx,
  proId: Id<"users">,
  now = Date.now(),
): Promise<{ from: string; to: string; totals: ProStats; days: (ProStats & { day: string })[] }> {
  const from = statDay(now - (INSIGHTS_DAYS - 1) * DAY_MS);
  const to = statDay(now);
  const rows = await ctx.db
    .query("proDailyStats")
    .withIndex("by_proId_and_day", (q) => q.eq("proId", proId).gte("day", from).lte("day", to))
    .take(INSIGHTS_DAYS);
  const totals = zeroStats();
  const days = [];
  for (const row of rows) {
    const stats = await dayStats(ctx, row);
    for (const field of PRO_STAT_FIELDS) totals[field] += stats[field];
    days.push({ day: row.day, ...stats });
  }
  return { from, to, totals, days };
}

/**
 * A profile view: a signed-in member opening another member's professional profile, counted once
 * per viewer per profile per UTC-day window (a reload or a live re-render doesn't add another).
 */
export async function recordProfileView(
  ctx: MutationCtx,
  viewer: Doc<"users">,
  profile: Doc<"users"> | null,
): Promise<boolean> {
  if (
    profile === null ||
    profile._id === viewer._id ||
    profile.userType !== "professional" ||
    profile.deletedAt !== undefined
  )
    return false;
  if (!(await firstInWindow(ctx, "profileViewCounted", `${viewer._id}:${profile._id}`))) return false;
  await countProEvent(ctx, profile._id, { profileViews: 1 });
  return true;
}

/** A short stable key for a search's arguments (FNV-1a), so a dedupe key stays small. */
function searchKey(args: unknown): string {
  const text = JSON.stringify(args, Object.keys((args ?? {}) as object).sort());
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/**
 * Search appearances, counted cheaply and bounded: one increment per professional per directory page
 * served (at most the page size, ≤ 100), for a signed-in member; the same search by the same member
 * counts once an hour (a live re-render or a back-and-forth doesn't), and a member's pages stop
 * counting past insightsSearchPages (model/rateLimit.ts). The professionals counted are those the search itself
 * returns (the caller runs it on the server), never ids the client names. Nobody appears to themself.
 */
export async function shouldCountSearchPage(ctx: MutationCtx, viewerId: Id<"users">, args: unknown): Promise<boolean> {
  if (!(await firstInWindow(ctx, "searchCounted", `${viewerId}:${searchKey(args)}`))) return false;
  return (await hit(ctx, "insightsSearchPages", viewerId, viewerId)) === null;
}

export async function countSearchAppearances(
  ctx: MutationCtx,
  viewerId: Id<"users">,
  proIds: readonly Id<"users">[],
): Promise<number> {
  let counted = 0;
  for (const proId of new Set(proIds)) {
    if (proId === viewerId) continue;
    await countProEvent(ctx, proId, { searchAppearances: 1 });
    counted += 1;
  }
  return counted;
}

/**
 * One directory page shown to `viewerId`: if it counts (deduplicated, bounded), the search runs again
 * after this mutation, in insights:countSearchPage (a query from an action: a directory search in a
 * mutation would read every professional it passes and conflict with each profile edit). Returns
 * whether the page will be counted.
 */
export async function recordSearchPage(
  ctx: MutationCtx,
  viewerId: Id<"users">,
  args: DirectorySearchArgs,
  pageStart: number,
): Promise<boolean> {
  checkedDirectoryFilters(args);
  if (!(await shouldCountSearchPage(ctx, viewerId, args))) return false;
  await ctx.scheduler.runAfter(0, internal.insights.countSearchPage, {
    viewerId,
    args,
    pageStart: Math.max(0, Math.floor(pageStart)),
  });
  return true;
}
