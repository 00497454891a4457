// Enterprise team seats (spec §6): the owner's Team settings, the invitee's invitations, the
// member's seat, and the business's quote requests as a member sees them. Rules in model/teams.ts.
import { v } from "convex/values";
import { teamSeatLimit } from "../common/plans";
import { SEAT_STATES } from "../common/teams";
import { teamInviteSchema } from "../common/teamInvite";
import type { Doc } from "./_generated/dataModel";
import { mutation, query } from "./functions";
import { parseOrThrow } from "./model/errors";
import { jobCardValidator, isOpen, pointOf, toCard, viewerBid } from "./model/jobs";
import {
  acceptInvitation,
  actingFor,
  activeSeatOf,
  canHaveTeam,
  declineInvitation,
  getSeatX,
  invitationsOf,
  inviteToTeam,
  leaveTeam,
  liveSeatsOf,
  removeSeat,
} from "./model/teams";
import { displayName, fullName } from "./model/users";

const seatState = v.union(...SEAT_STATES.map((s) => v.literal(s)));

/** The owner's Team section: the plan's seats, who holds them, and whether the team is paused. */
export const team = query({
  args: {},
  returns: v.union(
    v.null(),
    v.object({
      /** The plan allows a team now (Enterprise, active or trialing). */
      inForce: v.boolean(),
      /** The owner has seats but the plan no longer allows a team: members can't act (the seats are kept). */
      suspended: v.boolean(),
      seatLimit: v.number(),
      /** Seats held, the owner's included. */
      used: v.number(),
      seats: v.array(
        v.object({
          _id: v.id("teamSeats"),
          email: v.string(),
          state: seatState,
          memberName: v.union(v.string(), v.null()),
          invitedAt: v.number(),
        }),
      ),
    }),
  ),
  handler: async (ctx) => {
    const viewer = ctx.viewer;
    if (viewer === null || viewer.userType !== "professional") return null;
    const live = await liveSeatsOf(ctx, viewer._id);
    const inForce = canHaveTeam(viewer);
    const seats = [];
    for (const seat of live.sort((a, b) => a.invitedAt - b.invitedAt)) {
      const member = seat.memberId ? await ctx.db.get("users", seat.memberId) : null;
      seats.push({
        _id: seat._id,
        email: seat.email,
        state: seat.state,
        memberName: member && seat.state === "active" ? fullName(member) : null,
        invitedAt: seat.invitedAt,
      });
    }
    return {
      inForce,
      suspended: !inForce && live.length > 0,
      seatLimit: teamSeatLimit("enterprise"),
      used: live.length + 1,
      seats,
    };
  },
});

const businessView = v.object({ _id: v.id("users"), name: v.string() });
const businessOf = (u: Doc<"users">) => ({ _id: u._id, name: displayName(u) });

/** The viewer's side: their active seat (with whether the business's team is paused) and invitations waiting for them. */
export const membership = query({
  args: {},
  returns: v.union(
    v.null(),
    v.object({
      seat: v.union(
        v.null(),
        v.object({
          _id: v.id("teamSeats"),
          business: businessView,
          suspended: v.boolean(),
          since: v.number(),
        }),
      ),
      invitations: v.array(v.object({ _id: v.id("teamSeats"), business: businessView, invitedAt: v.number() })),
    }),
  ),
  handler: async (ctx) => {
    const viewer = ctx.viewer;
    if (viewer === null) return null;
    const active = await activeSeatOf(ctx, viewer._id);
    const owner = active ? await ctx.db.get("users", active.businessId) : null;
    const invitations = [];
    for (const seat of await invitationsOf(ctx, viewer._id)) {
      const business = await ctx.db.get("users", seat.businessId);
      if (business) invitations.push({ _id: seat._id, business: businessOf(business), invitedAt: seat.invitedAt });
    }
    return {
      seat:
        active && owner
          ? {
              _id: active._id,
              business: businessOf(owner),
              suspended: !canHaveTeam(owner),
              since: active.respondedAt ?? active.updatedAt,
            }
          : null,
      invitations,
    };
  },
});

export const invite = mutation({
  args: { email: v.string() },
  returns: v.id("teamSeats"),
  handler: async (ctx, args) => {
    const viewer = ctx.viewerX();
    const { email } = parseOrThrow(teamInviteSchema, args);
    return await inviteToTeam(ctx, viewer, email);
  },
});

export const accept = mutation({
  args: { seatId: v.id("teamSeats") },
  returns: v.null(),
  handler: async (ctx, { seatId }) => {
    const viewer = ctx.viewerX();
    await acceptInvitation(ctx, viewer, await getSeatX(ctx, seatId));
    return null;
  },
});

export const decline = mutation({
  args: { seatId: v.id("teamSeats") },
  returns: v.null(),
  handler: async (ctx, { seatId }) => {
    const viewer = ctx.viewerX();
    await declineInvitation(ctx, viewer, await getSeatX(ctx, seatId));
    return null;
  },
});

/** The owner removes a member, or cancels an invitation. */
export const remove = mutation({
  args: { seatId: v.id("teamSeats") },
  returns: v.null(),
  handler: async (ctx, { seatId }) => {
    const viewer = ctx.viewerX();
    await removeSeat(ctx, viewer, await getSeatX(ctx, seatId));
    return null;
  },
});

export const leave = mutation({
  args: { seatId: v.id("teamSeats") },
  returns: v.null(),
  handler: async (ctx, { seatId }) => {
    const viewer = ctx.viewerX();
    await leaveTeam(ctx, viewer, await getSeatX(ctx, seatId));
    return null;
  },
});

/** How many of the business's recent job notifications are searched for its quote requests. */
const RECENT_JOB_NOTIFICATIONS = 100;

/**
 * The business's quote requests, as its member sees them: the open jobs routed to the business
 * (its "New quote request" notifications), newest first, with the business's own bid on each.
 */
export const quoteRequests = query({
  args: { businessId: v.id("users") },
  returns: v.array(v.object({ job: jobCardValidator, bidPlaced: v.boolean() })),
  handler: async (ctx, { businessId }) => {
    const viewer = ctx.viewerX();
    const { business } = await actingFor(ctx, viewer, businessId);
    const notes = await ctx.db
      .query("notifications")
      .withIndex("by_userId_and_type", (q) => q.eq("userId", business._id).eq("type", "job"))
      .order("desc")
      .take(RECENT_JOB_NOTIFICATIONS);
    const seen = new Set<string>();
    const out = [];
    for (const note of notes) {
      if (note.entityType !== "job" || note.entityId === undefined || seen.has(note.entityId)) continue;
      seen.add(note.entityId);
      const jobId = ctx.db.normalizeId("jobs", note.entityId);
      const job = jobId ? await ctx.db.get("jobs", jobId) : null;
      if (job === null || job.source !== "quote_request" || !isOpen(job)) continue;
      const own = await viewerBid(ctx, job._id, business._id);
      out.push({ job: await toCard(ctx, job, pointOf(business)), bidPlaced: own !== null && own.status === "active" });
      if (out.length >= 20) break;
    }
    return out;
  },
});

