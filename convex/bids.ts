// Bids: a professional places, edits or withdraws one active bid per job; the
// job's owner accepts (hires) or declines. Rules in model/jobs.ts.
import { v } from "convex/values";
import { bidSchema } from "../common/jobs";
import { mutation } from "./functions";
import { forbidden, parseOrThrow } from "./model/errors";
import { actorOf } from "./model/teams";
import { openPayment, settledPriceCents } from "./payments/model/payments";
import {
  acceptBid,
  declineBid,
  getBidForOwnerX,
  getJobX,
  getOwnActiveBidX,
  limitBidWrites,
  placeBid,
  updateBid,
  withdrawBid,
  type BidValues,
} from "./model/jobs";
import { JobMessages } from "../common/jobs";

const bidArgs = {
  priceMin: v.number(),
  priceMax: v.optional(v.number()),
  message: v.string(),
  earliestStart: v.string(),
  estimatedDuration: v.string(),
};
/** A team member bids for the business (its user id), checked by model/teams.ts actorOf. */
const actingForArg = { actingFor: v.optional(v.id("users")) };

function parseBid(args: BidValues): BidValues {
  return parseOrThrow(bidSchema, args);
}

export const place = mutation({
  args: { jobId: v.id("jobs"), ...bidArgs, ...actingForArg },
  returns: v.id("bids"),
  handler: async (ctx, { jobId, actingFor, ...values }) => {
    const viewer = ctx.viewerX();
    const { actor, member } = await actorOf(ctx, viewer, actingFor);
    const job = await getJobX(ctx, jobId);
    // A member can't bid for the business on a job they posted themselves.
    if (member !== null && job.customerId === member._id) forbidden(JobMessages.ownJob);
    const bid = parseBid(values);
    await limitBidWrites(ctx, viewer._id);
    return await placeBid(ctx, job, actor, bid, member?._id);
  },
});

export const update = mutation({
  args: { bidId: v.id("bids"), ...bidArgs, ...actingForArg },
  returns: v.null(),
  handler: async (ctx, { bidId, actingFor, ...values }) => {
    const viewer = ctx.viewerX();
    const { actor } = await actorOf(ctx, viewer, actingFor);
    const { bid, job } = await getOwnActiveBidX(ctx, bidId, actor._id);
    const next = parseBid(values);
    await limitBidWrites(ctx, viewer._id);
    await updateBid(ctx, bid, job, next);
    return null;
  },
});

export const withdraw = mutation({
  args: { bidId: v.id("bids"), ...actingForArg },
  returns: v.null(),
  handler: async (ctx, { bidId, actingFor }) => {
    const viewer = ctx.viewerX();
    const { actor } = await actorOf(ctx, viewer, actingFor);
    const { bid, job } = await getOwnActiveBidX(ctx, bidId, actor._id);
    await limitBidWrites(ctx, viewer._id);
    await withdrawBid(ctx, bid, job);
    return null;
  },
});

/**
 * Hiring: the price is settled to one figure here (a range needs the owner's chosen point,
 * `priceCents`), and the job's payment opens at it, awaiting the owner's funding.
 */
export const accept = mutation({
  args: { bidId: v.id("bids"), priceCents: v.optional(v.number()) },
  returns: v.null(),
  handler: async (ctx, { bidId, priceCents }) => {
    const viewer = ctx.viewerX();
    const { bid, job } = await getBidForOwnerX(ctx, bidId, viewer._id);
    const amountCents = settledPriceCents(bid, priceCents);
    await acceptBid(ctx, bid, job, viewer._id, amountCents);
    await openPayment(ctx, job, bid, amountCents);
    return null;
  },
});

export const decline = mutation({
  args: { bidId: v.id("bids") },
  returns: v.null(),
  handler: async (ctx, { bidId }) => {
    const viewer = ctx.viewerX();
    const { bid, job } = await getBidForOwnerX(ctx, bidId, viewer._id);
    await declineBid(ctx, bid, job, viewer._id);
    return null;
  },
});
