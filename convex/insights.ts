// Lead insights (spec §6, Pro+ Leads and Enterprise): the 30-day figures, and the two events the
// browser reports (a profile opened, a directory page shown). The figures are kept counters
// (model/insights.ts); reading them is refused below Pro+ on the server, whatever the client shows.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation, internalQuery, mutation, query } from "./functions";
import {
  canSeeLeadInsights,
  countSearchAppearances,
  insightsOf,
  recordProfileView as recordView,
  recordSearchPage,
  settlePastDays,
} from "./model/insights";
import { directorySearchArgs, searchDirectory } from "./model/directory";
import { planId } from "./schema";

const statsFields = {
  profileViews: v.number(),
  searchAppearances: v.number(),
  quoteRequests: v.number(),
  bidsPlaced: v.number(),
  bidsWon: v.number(),
};

/**
 * The viewer's lead insights: null for anyone but a professional; `locked` (no figures) below
 * Pro+ Leads, so the page shows the upgrade prompt; else the last 30 days' totals and daily counts.
 */
export const mine = query({
  args: {},
  returns: v.union(
    v.null(),
    v.object({ locked: v.literal(true), tier: planId }),
    v.object({
      locked: v.literal(false),
      tier: planId,
      from: v.string(),
      to: v.string(),
      totals: v.object(statsFields),
      days: v.array(v.object({ day: v.string(), ...statsFields })),
    }),
  ),
  handler: async (ctx) => {
    const viewer = ctx.viewer;
    if (viewer === null || viewer.userType !== "professional") return null;
    const tier = viewer.subscriptionTier ?? "basic";
    if (!canSeeLeadInsights(viewer)) return { locked: true as const, tier };
    return { locked: false as const, tier, ...(await insightsOf(ctx, viewer._id)) };
  },
});

/** The viewer opened a professional's profile (counted once a day per viewer and profile). */
export const recordProfileView = mutation({
  args: { userId: v.id("users") },
  returns: v.boolean(),
  handler: async (ctx, { userId }) => {
    const viewer = ctx.viewerX();
    return await recordView(ctx, viewer, await ctx.db.get("users", userId));
  },
});

/**
 * The directory showed the viewer a page: the same search runs on the server (countSearchPage, just
 * after) and counts one appearance for each professional on that page (bounded and deduplicated in
 * model/insights.ts). Answers whether the page will be counted. Visitors who aren't signed in are not
 * counted: there is no one to bound the count by.
 */
export const recordSearchAppearances = mutation({
  args: {
    ...directorySearchArgs,
    /** "Show more" asks for the longer list: only the cards from here on are the new page. */
    pageStart: v.optional(v.number()),
  },
  returns: v.boolean(),
  handler: async (ctx, { pageStart, ...args }) => {
    const viewer = ctx.viewer;
    if (viewer === null) return false;
    return await recordSearchPage(ctx, viewer._id, args, pageStart ?? 0);
  },
});

/** The professionals on one directory page (from `pageStart`), as the directory served it. */
export const searchPageIds = internalQuery({
  args: { args: v.object(directorySearchArgs), pageStart: v.number() },
  returns: v.array(v.id("users")),
  handler: async (ctx, { args, pageStart }) =>
    (await searchDirectory(ctx, args)).professionals.slice(pageStart).map((p) => p._id),
});

/** One appearance each for the professionals on a page (sharded counts: no row many pages share). */
export const addSearchAppearances = internalMutation({
  args: { viewerId: v.id("users"), proIds: v.array(v.id("users")) },
  returns: v.number(),
  handler: async (ctx, { viewerId, proIds }) => await countSearchAppearances(ctx, viewerId, proIds),
});

/**
 * A counted directory page: the search as a query (an action's query conflicts with no profile edit,
 * as it would in a mutation), then the counts. At most SEARCH_PAGES_COUNTED_PER_HOUR per member.
 */
export const countSearchPage = internalAction({
  args: { viewerId: v.id("users"), args: v.object(directorySearchArgs), pageStart: v.number() },
  returns: v.number(),
  handler: async (ctx, { viewerId, args, pageStart }): Promise<number> => {
    const proIds = await ctx.runQuery(internal.insights.searchPageIds, { args, pageStart });
    return await ctx.runMutation(internal.insights.addSearchAppearances, { viewerId, proIds });
  },
});

/** Nightly: past days' counters folded into their proDailyStats rows, in bounded batches. */
export const settleDays = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    if (await settlePastDays(ctx)) await ctx.scheduler.runAfter(0, internal.insights.settleDays, {});
    return null;
  },
});
