// The admin console's Disputes tab (issue 15): payments frozen by a dispute, with both sides'
// documentation, and the decision (release, full refund, or a split), final and audited. A bank
// chargeback open on a payment, in whatever state, is listed too: the bank decides it, so it offers
// no decision. Payment news the state machine couldn't apply is listed as alerts.
import { v } from "convex/values";
import { COMPLETION_LIMITS, milestoneLabel, PAYMENT_STATES } from "../../common/payments";
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { adminMutation, adminQuery } from "../functions";
import { invalid, notFound } from "../model/errors";
import { deliveredPhotoUrls } from "../model/jobPhotos";
import { heldCents, milestoneIndexOf, resolveDispute } from "../payments/model/payments";
import { displayName } from "../model/users";

async function urlsOf(ctx: QueryCtx, ids: readonly Id<"_storage">[]) {
  const urls: string[] = [];
  for (const id of ids) {
    const url = await ctx.storage.getUrl(id);
    if (url !== null) urls.push(url);
  }
  return urls;
}

export const list = adminQuery({
  args: {},
  returns: v.array(
    v.object({
      paymentId: v.id("jobPayments"),
      jobId: v.id("jobs"),
      title: v.string(),
      /** "Milestone 2: Framing" for a job split into milestones: the dispute is that milestone's alone. */
      milestone: v.union(v.null(), v.string()),
      ownerName: v.string(),
      proName: v.string(),
      heldCents: v.number(),
      openedAt: v.number(),
      openedBy: v.string(),
      reason: v.string(),
      evidence: v.union(v.string(), v.null()),
      photoUrls: v.array(v.string()),
      completionChecklist: v.array(v.string()),
      completionPhotoUrls: v.array(v.string()),
      /** The booked photographer's delivered photos, when the job asked for one. */
      photographerPhotoUrls: v.array(v.string()),
      changesRequested: v.number(),
      state: v.union(...PAYMENT_STATES.map((s) => v.literal(s))),
      /** A chargeback is open: the card holder's bank decides, no admin outcome runs. */
      bankDecides: v.boolean(),
      chargebackOpenedAt: v.union(v.number(), v.null()),
    }),
  ),
  handler: async (ctx) => {
    const disputed = await ctx.db
      .query("jobPayments")
      .withIndex("by_state", (q) => q.eq("state", "disputed"))
      .take(50);
    // Chargebacks open in any other state (after release, after a refund) are the admin's to follow too.
    const chargebacks = await ctx.db
      .query("jobPayments")
      .withIndex("by_chargebackStatus", (q) => q.eq("chargebackStatus", "open"))
      .take(50);
    const rows = [...disputed, ...chargebacks.filter((c) => c.state !== "disputed")];
    const out = [];
    for (const p of rows) {
      const [job, owner, pro] = await Promise.all([ctx.db.get("jobs", p.jobId), ctx.db.get("users", p.ownerId), ctx.db.get("users", p.proId)]);
      out.push({
        paymentId: p._id,
        jobId: p.jobId,
        title: job?.title ?? "Job",
        milestone: p.milestoneTitle === undefined ? null : milestoneLabel(milestoneIndexOf(p), p.milestoneTitle),
        ownerName: owner ? displayName(owner) : "Former member",
        proName: pro ? displayName(pro) : "Former member",
        heldCents: heldCents(p),
        openedAt: p.dispute?.openedAt ?? p._creationTime,
        openedBy: p.dispute?.openedBy ?? "owner",
        reason: p.dispute?.reason ?? "",
        evidence: p.dispute?.evidence ?? null,
        photoUrls: await urlsOf(ctx, p.dispute?.photoIds ?? []),
        completionChecklist: p.completion?.checklist ?? [],
        completionPhotoUrls: await urlsOf(ctx, p.completion?.photoIds ?? []),
        photographerPhotoUrls: job ? await deliveredPhotoUrls(ctx, job) : [],
        changesRequested: p.changesRequested,
        state: p.state,
        bankDecides: p.chargebackStatus === "open" || (p.dispute?.openedBy === "chargeback" && p.dispute.resolvedAt === undefined),
        chargebackOpenedAt: p.chargebackStatus === "open" ? (p.chargeback?.openedAt ?? null) : null,
      });
    }
    return out.sort((a, b) => a.openedAt - b.openedAt);
  },
});

export const resolve = adminMutation({
  args: {
    paymentId: v.id("jobPayments"),
    outcome: v.union(v.literal("release"), v.literal("refund"), v.literal("split")),
    /** The professional's share, for a split. */
    proCents: v.optional(v.number()),
    note: v.string(),
  },
  returns: v.null(),
  handler: async (ctx, { paymentId, outcome, proCents, note }) => {
    const payment = await ctx.db.get("jobPayments", paymentId);
    if (payment === null) notFound("That dispute no longer exists.");
    const text = note.trim();
    if (text.length === 0) invalid("Write a short note for both sides: it is kept with the decision.", { note: "Required" });
    if (text.length > COMPLETION_LIMITS.reason) invalid(`The note must be ${COMPLETION_LIMITS.reason} characters or fewer.`);
    if (outcome === "split" && proCents === undefined) invalid("Enter the professional's share.", { proCents: "Required" });
    await resolveDispute(
      ctx,
      payment,
      ctx.viewer,
      outcome === "split" ? { kind: "split", proCents: proCents! } : { kind: outcome },
      text,
    );
    return null;
  },
});

/** Payment news the state machine couldn't apply (payments/model/payments.ts recordPaymentAlert), newest first. */
export const alerts = adminQuery({
  args: {},
  returns: v.array(
    v.object({
      id: v.id("paymentAlerts"),
      at: v.number(),
      eventType: v.string(),
      eventId: v.union(v.string(), v.null()),
      message: v.string(),
      jobId: v.union(v.id("jobs"), v.null()),
      title: v.union(v.string(), v.null()),
    }),
  ),
  handler: async (ctx) => {
    const rows = await ctx.db.query("paymentAlerts").withIndex("by_at").order("desc").take(50);
    const out = [];
    for (const a of rows) {
      const payment = a.paymentId === undefined ? null : await ctx.db.get("jobPayments", a.paymentId);
      const job = payment === null ? null : await ctx.db.get("jobs", payment.jobId);
      out.push({
        id: a._id,
        at: a.at,
        eventType: a.eventType,
        eventId: a.eventId ?? null,
        message: a.message,
        jobId: payment?.jobId ?? null,
        title: job?.title ?? null,
      });
    }
    return out;
  },
});
