// Dashboard figures (spec §2 "Dashboards"): every number is a kept counter or
// a bounded indexed read, never a hard-coded figure.
import { v } from "convex/values";
import { Messages } from "../common/errors";
import { NEARBY_PROS_MILES } from "../common/jobs";
import { isTimeZone, memberTimeZone, monthStartIn } from "../common/timeZones";
import { query } from "./functions";
import { userCountsOf } from "./model/counters";
import { invalid } from "./model/errors";
import { pageSize } from "./model/paging";
import { isAvailable, professionalsNear } from "./model/professionals";

/** Nearby professionals counted at most this far (the tile then reads "500+"). */
const NEARBY_COUNT_CAP = 500;

export const customer = query({
  args: {},
  returns: v.object({
    activeProjects: v.number(),
    completedProjects: v.number(),
    nearbyPros: v.union(v.null(), v.object({ count: v.number(), capped: v.boolean() })),
    unreadNotifications: v.number(),
    unreadMessages: v.number(),
  }),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    let nearbyPros = null;
    if (viewer.lat !== undefined && viewer.lng !== undefined) {
      const near = await professionalsNear(ctx, { lat: viewer.lat, lng: viewer.lng }, NEARBY_PROS_MILES, NEARBY_COUNT_CAP);
      const others = near.filter((n) => n.user._id !== viewer._id);
      nearbyPros = { count: Math.min(others.length, NEARBY_COUNT_CAP), capped: others.length >= NEARBY_COUNT_CAP };
    }
    return {
      activeProjects: viewer.jobsPostedActive ?? 0,
      completedProjects: viewer.jobsPostedCompleted ?? 0,
      nearbyPros,
      ...(await userCountsOf(ctx, viewer)),
    };
  },
});

/** Professionals near the viewer for the customer dashboard's Find Professionals tab: nearest first. */
export const nearbyProfessionals = query({
  args: { q: v.optional(v.string()), limit: v.optional(v.number()) },
  returns: v.array(
    v.object({
      _id: v.id("users"),
      firstName: v.string(),
      lastName: v.string(),
      businessName: v.union(v.string(), v.null()),
      primaryProfession: v.union(v.string(), v.null()),
      bio: v.union(v.string(), v.null()),
      rating: v.number(),
      reviewCount: v.number(),
      verified: v.boolean(),
      available: v.boolean(),
      distanceMiles: v.number(),
    }),
  ),
  handler: async (ctx, { q, limit }) => {
    const viewer = ctx.viewerX();
    if (viewer.lat === undefined || viewer.lng === undefined) return [];
    const words = (q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    const near = await professionalsNear(ctx, { lat: viewer.lat, lng: viewer.lng }, NEARBY_PROS_MILES, NEARBY_COUNT_CAP);
    return near
      .filter(({ user }) => user._id !== viewer._id)
      .filter(({ user }) => {
        const text = [user.firstName, user.lastName, user.businessName, user.bio, ...(user.professions ?? [])]
          .join(" ")
          .toLowerCase()
          .replace(/_/g, " ");
        return words.every((w) => text.includes(w));
      })
      .slice(0, pageSize(limit, 12, 50))
      .map(({ user, distance }) => ({
        _id: user._id,
        firstName: user.firstName ?? "",
        lastName: user.lastName ?? "",
        businessName: user.businessName ?? null,
        primaryProfession: user.primaryProfession ?? null,
        bio: user.bio ?? null,
        rating: user.rating ?? 0,
        reviewCount: user.reviewCount ?? 0,
        verified: user.verified ?? false,
        available: isAvailable(user),
        distanceMiles: Math.round(distance * 10) / 10,
      }));
  },
});

export const professional = query({
  /** The member's IANA zone (the browser's), so "this month" turns at their midnight. */
  args: { timeZone: v.optional(v.string()) },
  returns: v.object({
    activeJobs: v.number(),
    completedJobs: v.number(),
    /** Dollars released to the professional this month (the payment records, issue 15; spec §7 field). */
    thisMonth: v.number(),
    rating: v.number(),
    reviewCount: v.number(),
    available: v.boolean(),
    connections: v.number(),
  }),
  handler: async (ctx, { timeZone }) => {
    const viewer = ctx.viewerX();
    if (timeZone !== undefined && !isTimeZone(timeZone)) invalid(Messages.unknownTimeZone, { timeZone: Messages.unknownTimeZone });
    const monthStart = monthStartIn(memberTimeZone(timeZone, viewer.state), Date.now());
    // Payments released to them this month (the payment records, not the job's price):
    // a professional's month is small, so this read stays small.
    const released = await ctx.db
      .query("jobPayments")
      .withIndex("by_proId_and_releasedAt", (q) => q.eq("proId", viewer._id).gte("releasedAt", monthStart))
      .take(1000);
    return {
      activeJobs: viewer.jobsWorkingActive ?? 0,
      completedJobs: viewer.jobsWorkingCompleted ?? 0,
      thisMonth: released.reduce((sum, payment) => sum + payment.releasedCents, 0) / 100,
      rating: viewer.rating ?? 0,
      reviewCount: viewer.reviewCount ?? 0,
      available: isAvailable(viewer),
      connections: viewer.connectionsCount ?? 0,
    };
  },
});

const EVENT_TEXT: Record<string, string> = {
  bid_placed: "You bid on",
  bid_updated: "You updated your bid on",
  bid_withdrawn: "You withdrew your bid on",
  bid_declined: "You declined a bid on",
  marked_done: "You marked done",
  photos_scheduled: "You booked the photos for",
  photos_delivered: "You delivered the photos for",
  photos_released: "You reopened the photo request for",
  routed: "Your quote request went out:",
};

/** The first bid and the last bid closed move a job by themselves (system transitions in model/jobs.ts). */
function isSystemMove(e: { fromStatus?: string; toStatus?: string }) {
  return e.toStatus === "quote_requested" || (e.fromStatus === "quote_requested" && e.toStatus === "available");
}

/** The viewer's own recent job events, newest first. */
export const recentActivity = query({
  args: {},
  returns: v.array(v.object({ _id: v.id("jobEvents"), at: v.number(), text: v.string(), jobId: v.id("jobs") })),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    const events = await ctx.db
      .query("jobEvents")
      .withIndex("by_actorId", (q) => q.eq("actorId", viewer._id))
      .order("desc")
      .take(10);
    const out = [];
    for (const e of events) {
      const job = await ctx.db.get(e.jobId);
      if (job === null) continue;
      let text = `${EVENT_TEXT[e.kind] ?? "You updated"} "${job.title}"`;
      if (e.kind === "status") {
        const to = (e.toStatus ?? "").replace(/_/g, " ");
        text =
          e.fromStatus === undefined
            ? `You posted "${job.title}"`
            : isSystemMove(e)
              ? `"${job.title}" moved to ${to}`
              : `You moved "${job.title}" to ${to}`;
      }
      if (e.kind === "routed") text = `"${job.title}": ${e.detail ?? "sent to matching professionals"}`;
      out.push({ _id: e._id, at: e._creationTime, text, jobId: e.jobId });
    }
    return out;
  },
});
