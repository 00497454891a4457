// Lead insights (spec §6, Pro+ Leads and Enterprise): the 30-day figures, and the two events the
// browser reports (a profile opened, a directory page shown). The figures are kept counters
// (model/insights.ts); reading them is refused below Pro+ on the server, whatever the client shows.
import { v } from "convex/values";
import { mutation, query } from "./functions";
import {
  canSeeLeadInsights,
  insightsOf,
  recordProfileView as recordView,
  recordSearchPage,
} from "./model/insights";
import { directorySearchArgs } from "./model/directory";
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
 * The directory showed the viewer a page: runs the same search on the server and counts one
 * appearance for each professional on that page (bounded and deduplicated in model/insights.ts).
 * Visitors who aren't signed in are not counted: there is no one to bound the count by.
 */
export const recordSearchAppearances = mutation({
  args: {
    ...directorySearchArgs,
    /** "Show more" asks for the longer list: only the cards from here on are the new page. */
    pageStart: v.optional(v.number()),
  },
  returns: v.number(),
  handler: async (ctx, { pageStart, ...args }) => {
    const viewer = ctx.viewer;
    if (viewer === null) return 0;
    return await recordSearchPage(ctx, viewer._id, args, pageStart ?? 0);
  },
});
