// Backup network and referrals (spec §1 "a backup network to which overflow
// work is shared, with reputation points for a successful referral"). A
// professional marks trusted connections as backup; when busy they share an
// open job with them in one action; a backup pro takes it by bidding through
// the referral (the owner is told and sees the bid); when that pro's work ends
// completed, the referrer earns points (model/referrals.ts).
import { v } from "convex/values";
import { ErrorCode } from "../common/errors";
import { bidSchema, JobMessages } from "../common/jobs";
import { mutation, query } from "./functions";
import { fail, parseOrThrow } from "./model/errors";
import { getJobX, isOpen, jobCardValidator, limitBidWrites, placeBid, toCard } from "./model/jobs";
import { displayName, publicUserValidator, toPublicUser, visibleUser } from "./model/users";
import { assertProfessional, connectionBetween, isBackupMember } from "./model/network";
import { notify, notifyAll } from "./model/notifications";

const BACKUP_LIMIT = 100;
/** Shared jobs offered to a backup professional at most. */
const OFFERS_LIMIT = 50;

export const setMember = mutation({
  args: { userId: v.string(), member: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { userId, member }) => {
    const viewer = ctx.viewerX();
    assertProfessional(viewer);
    const id = ctx.db.normalizeId("users", userId);
    if (id === null) fail(ErrorCode.NOT_FOUND, "Member not found");
    const row = await isBackupMember(ctx, viewer._id, id);
    if (!member) {
      if (row) await ctx.db.delete(row._id);
      return null;
    }
    const connection = await connectionBetween(ctx, viewer._id, id);
    if (connection?.status !== "accepted") {
      fail(ErrorCode.INVALID_INPUT, "Only your connections can join your backup network.");
    }
    if (!row) await ctx.db.insert("backupMembers", { ownerId: viewer._id, memberId: id });
    return null;
  },
});

export const members = query({
  args: {},
  returns: v.array(publicUserValidator),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    const rows = await ctx.db
      .query("backupMembers")
      .withIndex("by_ownerId_and_memberId", (q) => q.eq("ownerId", viewer._id))
      .take(BACKUP_LIMIT);
    const out = [];
    for (const row of rows) {
      const user = await visibleUser(ctx, row.memberId);
      if (user) out.push(toPublicUser(user));
    }
    return out;
  },
});

/** Shares an open job with the viewer's whole backup network in one action. */
export const shareJob = mutation({
  args: { jobId: v.id("jobs") },
  returns: v.object({ referralId: v.id("referrals"), sharedWith: v.number() }),
  handler: async (ctx, { jobId }) => {
    const viewer = ctx.viewerX();
    assertProfessional(viewer);
    const job = await getJobX(ctx, jobId);
    if (!isOpen(job)) fail(ErrorCode.INVALID_INPUT, JobMessages.jobNotOpen);
    if (job.customerId === viewer._id) fail(ErrorCode.INVALID_INPUT, "Share other people's jobs, not your own.");
    const rows = await ctx.db
      .query("backupMembers")
      .withIndex("by_ownerId_and_memberId", (q) => q.eq("ownerId", viewer._id))
      .take(BACKUP_LIMIT);
    const memberIds = rows.map((r) => r.memberId).filter((id) => id !== job.customerId);
    if (memberIds.length === 0) fail(ErrorCode.INVALID_INPUT, "Add trusted connections to your backup network first.");
    const existing = await ctx.db
      .query("referrals")
      .withIndex("by_jobId", (q) => q.eq("jobId", job._id))
      .take(50);
    if (existing.some((r) => r.referrerId === viewer._id && r.status === "open")) {
      fail(ErrorCode.INVALID_INPUT, "You already shared this job with your backup network.");
    }
    const referralId = await ctx.db.insert("referrals", {
      jobId: job._id,
      referrerId: viewer._id,
      status: "open",
      sharedWith: memberIds.length,
    });
    await notifyAll(ctx, memberIds, {
      type: "job",
      title: "Work shared with you",
      content: `${displayName(viewer)} shared "${job.title}" with their backup network.`,
      actionUrl: `/jobs/${job._id}?referral=${referralId}`,
      actorId: viewer._id,
      entityType: "job",
      entityId: job._id,
    });
    await ctx.db.insert("jobEvents", {
      jobId: job._id,
      actorId: viewer._id,
      kind: "shared",
      detail: `Shared with ${memberIds.length} backup professional${memberIds.length === 1 ? "" : "s"}`,
    });
    return { referralId, sharedWith: memberIds.length };
  },
});

/** Open referrals shared with the viewer (by people whose backup network they are in). */
export const offers = query({
  args: {},
  returns: v.array(
    v.object({ referralId: v.id("referrals"), referrer: publicUserValidator, job: jobCardValidator, sharedAt: v.number() }),
  ),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    const memberships = await ctx.db
      .query("backupMembers")
      .withIndex("by_memberId", (q) => q.eq("memberId", viewer._id))
      .take(BACKUP_LIMIT);
    const out = [];
    for (const m of memberships) {
      const referrals = await ctx.db
        .query("referrals")
        .withIndex("by_referrerId", (q) => q.eq("referrerId", m.ownerId))
        .order("desc")
        .take(20);
      for (const r of referrals) {
        if (r.status !== "open") continue;
        const job = await ctx.db.get(r.jobId);
        const referrer = await visibleUser(ctx, r.referrerId);
        if (!job || !referrer || !isOpen(job) || job.customerId === viewer._id) continue;
        out.push({ referralId: r._id, referrer: toPublicUser(referrer), job: await toCard(ctx, job, null), sharedAt: r._creationTime });
      }
    }
    return out.sort((a, b) => b.sharedAt - a.sharedAt).slice(0, OFFERS_LIMIT);
  },
});

/** A backup pro takes shared work by bidding on it through the referral; the owner sees the bid at once. */
export const take = mutation({
  args: {
    referralId: v.id("referrals"),
    priceMin: v.number(),
    priceMax: v.optional(v.number()),
    message: v.string(),
    earliestStart: v.string(),
    estimatedDuration: v.string(),
  },
  returns: v.id("bids"),
  handler: async (ctx, { referralId, ...values }) => {
    const viewer = ctx.viewerX();
    const referral = await ctx.db.get(referralId);
    if (referral === null || referral.status !== "open") fail(ErrorCode.INVALID_INPUT, "This shared job was already taken.");
    if (referral.referrerId === viewer._id) fail(ErrorCode.INVALID_INPUT, "You can't take work you shared yourself.");
    if ((await isBackupMember(ctx, referral.referrerId, viewer._id)) === null) {
      fail(ErrorCode.FORBIDDEN, "This job was shared with someone else's backup network.");
    }
    const bidValues = parseOrThrow(bidSchema, values);
    const job = await getJobX(ctx, referral.jobId);
    await limitBidWrites(ctx, viewer._id);
    const bidId = await placeBid(ctx, job, viewer, bidValues);
    await ctx.db.patch(bidId, { referralId });
    await ctx.db.patch(referralId, { status: "taken", takenById: viewer._id, bidId });
    await notify(ctx, {
      userId: referral.referrerId,
      type: "job",
      title: "Your shared job was taken",
      content: `${displayName(viewer)} took "${job.title}" from your backup network.`,
      actionUrl: `/jobs/${job._id}`,
      actorId: viewer._id,
      entityType: "job",
      entityId: job._id,
    });
    return bidId;
  },
});
