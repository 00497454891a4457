// The admin console's Disputes tab (issue 15): payments frozen by a dispute, with both sides'
// documentation, and the decision (release, full refund, or a split), final and audited.
import { v } from "convex/values";
import { COMPLETION_LIMITS, milestoneLabel } from "../../common/payments";
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { adminMutation, adminQuery } from "../functions";
import { invalid, notFound } from "../model/errors";
import { deliveredPhotoUrls } from "../model/jobPhotos";
import { heldCents, milestoneIndexOf, resolveDispute } from "../model/payments";
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
    }),
  ),
  handler: async (ctx) => {
    const rows = await ctx.db
      .query("jobPayments")
      .withIndex("by_state", (q) => q.eq("state", "disputed"))
      .take(50);
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
