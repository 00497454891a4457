// Payment protection for jobs (issue 15): what the job page's payment panel reads and runs, the
// professional's payouts and earnings, and the scheduler's auto-release. Rules and transitions
// live in model/payments.ts; money moves in payments/moves.ts; Stripe only in actions.
import { v } from "convex/values";
import { ErrorCode } from "../../common/errors";
import {
  COMPLETION_LIMITS,
  formatCents,
  MAX_CHANGE_REQUESTS,
  MILESTONE_LIMITS,
  MilestoneCopy,
  milestoneLabel,
  PaymentCopy,
  type PaymentState,
} from "../../common/payments";
import { SubscribeCopy } from "../../common/plans";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { action, internalMutation, internalQuery, mutation, query } from "../functions";
import { fail, forbidden, invalid } from "../model/errors";
import { claimPhotos as claimPhotoFiles, refusalValidator } from "../model/files";
import { completionPhotoBlock } from "../model/jobPhotos";
import { getJobX } from "../model/jobs";
import { notify } from "../model/notifications";
import {
  approve as approvePayment,
  confirmQuote as confirmPaymentQuote,
  autoRelease as autoReleasePayment,
  cancelMilestone as cancelPaymentMilestone,
  availablePaymentActions,
  heldCents,
  milestoneCancellable,
  milestoneIndexOf,
  openDispute as openPaymentDispute,
  paymentHistoryOf,
  paymentOfJobX,
  paymentRefusal,
  paymentsOfJob,
  splitMilestones as splitPaymentMilestones,
  remindRelease as remindReleasePayment,
  reviewWindowMs,
  releaseWaitingPayouts,
  requestChanges as requestPaymentChanges,
  sideOf,
  splitStillOpen,
  submitCompletion as submitPaymentCompletion,
  unfundedBefore,
  type Payment,
} from "./model/payments";
import { siteUrl } from "../model/tokens";
import { displayName } from "../model/users";
import { paymentState } from "../schema";
import type { PaymentsGateway } from "./gateway";
import { assertPaymentsConfigured, paymentsGateway } from "./gateways";

/** The gateway in force (payments/gateways.ts); refuses when this deployment has no payments. */
export function jobGateway(): PaymentsGateway {
  return paymentsGateway();
}

const actionName = v.union(v.literal("confirmQuote"), v.literal("submitCompletion"), v.literal("requestChanges"), v.literal("approve"), v.literal("openDispute"));

/** Which milestone of the job, 0-based; absent on every call for a job without milestones. */
const milestoneArg = v.optional(v.number());

export const paymentView = v.object({
  paymentId: v.id("jobPayments"),
  jobId: v.id("jobs"),
  /** The milestone this payment is (null: the job isn't split into milestones). */
  milestone: v.union(v.null(), v.object({ index: v.number(), title: v.string(), count: v.number() })),
  /** Awaiting funding and next in line: milestones are funded in order. */
  fundable: v.boolean(),
  /** The owner may drop this milestone (a later one, never funded, the first funded). */
  cancellable: v.boolean(),
  role: v.union(v.literal("owner"), v.literal("pro")),
  state: paymentState,
  amountCents: v.number(),
  fundedCents: v.number(),
  releasedCents: v.number(),
  refundedCents: v.number(),
  heldCents: v.number(),
  /** A range bid's bounds while the pro's final quote is awaited, and after (confirmedAt set). */
  quote: v.union(v.null(), v.object({ minCents: v.number(), maxCents: v.number(), confirmedAt: v.union(v.number(), v.null()) })),
  ownerName: v.string(),
  proName: v.string(),
  proPayoutsReady: v.boolean(),
  fundedAt: v.union(v.number(), v.null()),
  releasedAt: v.union(v.number(), v.null()),
  refundedAt: v.union(v.number(), v.null()),
  reviewWindowEndsAt: v.union(v.number(), v.null()),
  /** The review window this deployment gives (PAYMENT_REVIEW_WINDOW_HOURS). */
  reviewWindowHours: v.number(),
  changesRequested: v.number(),
  maxChangeRequests: v.number(),
  changesReason: v.union(v.string(), v.null()),
  completion: v.union(
    v.null(),
    v.object({
      submittedAt: v.number(),
      checklist: v.array(v.string()),
      note: v.union(v.string(), v.null()),
      photoUrls: v.array(v.string()),
    }),
  ),
  dispute: v.union(
    v.null(),
    v.object({
      openedAt: v.number(),
      openedBy: v.string(),
      reason: v.string(),
      evidence: v.union(v.string(), v.null()),
      photoUrls: v.array(v.string()),
      resolution: v.union(v.string(), v.null()),
    }),
  ),
  /** Released money whose transfer waits for the pro's payout account (not tried yet, not failed). */
  payoutWaitingCents: v.number(),
  /** A bank chargeback is open on the charge: the card holder's bank decides, whatever the state. */
  bankDecides: v.boolean(),
  /** Money moves the gateway refused so far (retrying, or waiting for an admin): "Payout delayed". */
  delayed: v.array(v.object({ kind: v.union(v.literal("transfer"), v.literal("refund"), v.literal("reversal")), amountCents: v.number() })),
  /** What the bid and the job promised: the completion checklist starts from it. */
  suggestedChecklist: v.array(v.string()),
  actions: v.array(actionName),
  history: v.array(
    v.object({
      transition: v.string(),
      from: v.union(paymentState, v.null()),
      to: paymentState,
      actorKind: v.string(),
      reason: v.union(v.string(), v.null()),
      at: v.number(),
    }),
  ),
});

async function urlsOf(ctx: QueryCtx, ids: readonly Id<"_storage">[]): Promise<string[]> {
  const urls: string[] = [];
  for (const id of ids) {
    const url = await ctx.storage.getUrl(id);
    if (url !== null) urls.push(url);
  }
  return urls;
}

async function toView(ctx: QueryCtx, payment: Payment, viewer: Doc<"users">, role: "owner" | "pro", rows: readonly Payment[]) {
  const [owner, pro, job, bid] = await Promise.all([
    ctx.db.get("users", payment.ownerId),
    ctx.db.get("users", payment.proId),
    ctx.db.get("jobs", payment.jobId),
    ctx.db.get("bids", payment.bidId),
  ]);
  const history = await paymentHistoryOf(ctx, payment._id, 20);
  const moves = await ctx.db
    .query("paymentMoves")
    .withIndex("by_paymentId", (q) => q.eq("paymentId", payment._id))
    .take(20);
  const scope = [...(job?.requirements ?? []), ...(bid ? [bid.message.split(/[.!?]\s/)[0]!.slice(0, COMPLETION_LIMITS.item)] : [])];
  const index = milestoneIndexOf(payment);
  return {
    paymentId: payment._id,
    jobId: payment.jobId,
    milestone: payment.milestoneTitle === undefined ? null : { index, title: payment.milestoneTitle, count: rows.length },
    fundable: payment.state === "awaiting_funding" && unfundedBefore(payment, rows) === undefined,
    cancellable: role === "owner" && milestoneCancellable(payment, rows),
    role,
    state: payment.state,
    amountCents: payment.amountCents,
    fundedCents: payment.fundedCents,
    releasedCents: payment.releasedCents,
    refundedCents: payment.refundedCents,
    heldCents: heldCents(payment),
    quote: payment.quote ? { minCents: payment.quote.minCents, maxCents: payment.quote.maxCents, confirmedAt: payment.quote.confirmedAt ?? null } : null,
    ownerName: owner ? displayName(owner) : "Former member",
    proName: pro ? displayName(pro) : "Former member",
    proPayoutsReady: pro?.payoutsEnabled === true,
    fundedAt: payment.fundedAt ?? null,
    releasedAt: payment.releasedAt ?? null,
    refundedAt: payment.refundedAt ?? null,
    reviewWindowEndsAt: payment.reviewWindowEndsAt ?? null,
    reviewWindowHours: reviewWindowMs() / 3_600_000,
    changesRequested: payment.changesRequested,
    maxChangeRequests: MAX_CHANGE_REQUESTS,
    changesReason: payment.changesReason ?? null,
    completion: payment.completion
      ? {
          submittedAt: payment.completion.submittedAt,
          checklist: payment.completion.checklist,
          note: payment.completion.note ?? null,
          photoUrls: await urlsOf(ctx, payment.completion.photoIds),
        }
      : null,
    dispute: payment.dispute
      ? {
          openedAt: payment.dispute.openedAt,
          openedBy: payment.dispute.openedBy,
          reason: payment.dispute.reason,
          evidence: payment.dispute.evidence ?? null,
          photoUrls: await urlsOf(ctx, payment.dispute.photoIds),
          resolution: payment.dispute.resolution ?? null,
        }
      : null,
    payoutWaitingCents: moves.filter((m) => m.kind === "transfer" && m.status === "waiting").reduce((sum, m) => sum + m.amountCents, 0),
    bankDecides: payment.chargebackStatus === "open",
    delayed: moves.filter((m) => (m.status === "pending" || m.status === "failed") && (m.attempts ?? 0) > 0).map((m) => ({ kind: m.kind, amountCents: m.amountCents })),
    suggestedChecklist: scope.filter((s) => s.trim().length > 0),
    // Completion is submitted once the work is under way (the job in progress).
    actions: availablePaymentActions(payment, viewer).filter((a) => a !== "submitCompletion" || job?.status === "in_progress"),
    history: history.map((h) => ({
      transition: h.transition,
      from: h.from,
      to: h.to,
      actorKind: h.actorKind,
      reason: h.reason ?? null,
      at: h.at,
    })),
  };
}

/**
 * The job's payment for its owner or its professional (milestone `milestoneIndex`, the first when
 * omitted); null for anyone else, or a job without one.
 */
export const forJob = query({
  args: { jobId: v.string(), milestoneIndex: milestoneArg },
  returns: v.union(v.null(), paymentView),
  handler: async (ctx, { jobId, milestoneIndex }) => {
    const viewer = ctx.viewerX();
    const id = ctx.db.normalizeId("jobs", jobId);
    const rows = id === null ? [] : await paymentsOfJob(ctx, id);
    const payment = rows.find((p) => milestoneIndexOf(p) === (milestoneIndex ?? 0)) ?? null;
    if (payment === null) return null;
    const role = sideOf(payment, viewer._id);
    if (role === null) return null;
    return await toView(ctx, payment, viewer, role, rows);
  },
});

/**
 * Every milestone of the job (one payment for a job without milestones), for its owner or its
 * professional, and whether the owner may still split it: what the job page's panel shows.
 */
export const forJobMilestones = query({
  args: { jobId: v.string() },
  returns: v.union(v.null(), v.object({ totalCents: v.number(), canSplit: v.boolean(), payments: v.array(paymentView) })),
  handler: async (ctx, { jobId }) => {
    const viewer = ctx.viewerX();
    const id = ctx.db.normalizeId("jobs", jobId);
    const rows = id === null ? [] : await paymentsOfJob(ctx, id);
    const role = rows[0] === undefined ? null : sideOf(rows[0], viewer._id);
    if (role === null) return null;
    const payments = [];
    for (const p of rows) payments.push(await toView(ctx, p, viewer, role, rows));
    return {
      totalCents: rows.reduce((sum, p) => sum + p.amountCents, 0),
      canSplit: role === "owner" && splitStillOpen(rows),
      payments,
    };
  },
});

/** The owner drops a later milestone nobody funded; the job completes once the others are settled. */
export const cancelMilestone = mutation({
  args: { jobId: v.id("jobs"), milestoneIndex: milestoneArg },
  returns: v.null(),
  handler: async (ctx, { jobId, milestoneIndex }) => {
    const viewer = ctx.viewerX();
    await cancelPaymentMilestone(ctx, await paymentOfJobX(ctx, jobId, milestoneIndex, viewer._id), viewer);
    return null;
  },
});

/** The owner splits the settled price into 1 to 5 milestones ({ title, amountCents }), before funding starts. */
export const splitMilestones = mutation({
  args: { jobId: v.id("jobs"), milestones: v.array(v.object({ title: v.string(), amountCents: v.number() })) },
  returns: v.null(),
  handler: async (ctx, { jobId, milestones }) => {
    const viewer = ctx.viewerX();
    if (milestones.length > MILESTONE_LIMITS.max) invalid(MilestoneCopy.count, { milestones: MilestoneCopy.count });
    await splitPaymentMilestones(ctx, jobId, viewer, milestones);
    return null;
  },
});

/**
 * The owner's payment (the milestone's), checked ready to fund, marked as in checkout (the split
 * can no longer change: the checkout is for this amount): what checkout needs.
 */
export const fundingContext = internalMutation({
  args: { jobId: v.id("jobs"), viewerId: v.id("users"), milestoneIndex: milestoneArg },
  returns: v.object({
    paymentId: v.id("jobPayments"),
    version: v.number(),
    amountCents: v.number(),
    email: v.string(),
    title: v.string(),
  }),
  handler: async (ctx, { jobId, viewerId, milestoneIndex }) => {
    const payment = await paymentOfJobX(ctx, jobId, milestoneIndex, viewerId);
    if (payment.ownerId !== viewerId) forbidden(PaymentCopy.onlyOwner);
    if (payment.state !== "awaiting_funding") invalid(PaymentCopy.illegal(payment.state, "funded"));
    const earlier = unfundedBefore(payment, await paymentsOfJob(ctx, jobId));
    if (earlier !== undefined) invalid(MilestoneCopy.fundInOrder(milestoneIndexOf(earlier) + 1));
    // After who may fund, before the checkout is marked started: a deployment without payments refuses.
    assertPaymentsConfigured();
    const [owner, job] = await Promise.all([ctx.db.get("users", viewerId), ctx.db.get("jobs", jobId)]);
    // No wait for the pro's payout account: the platform holds the charge (separate charges and
    // transfers), and only the release's transfer needs the account (payments/moves.ts waits for it).
    if (payment.checkoutStartedAt === undefined) await ctx.db.patch("jobPayments", payment._id, { checkoutStartedAt: Date.now() });
    const what = payment.milestoneTitle === undefined ? "" : ` (${milestoneLabel(milestoneIndexOf(payment), payment.milestoneTitle)})`;
    return {
      paymentId: payment._id,
      version: payment.version,
      amountCents: payment.amountCents,
      email: owner?.email ?? "",
      title: `${job?.title ?? "Job"}${what}`,
    };
  },
});

/** Who funds a job's payment (the demo seed's checkout, seed/payments.ts). */
export const fundingOwner = internalQuery({
  args: { jobId: v.id("jobs"), milestoneIndex: milestoneArg },
  returns: v.object({ paymentId: v.id("jobPayments"), ownerId: v.id("users"), email: v.string() }),
  handler: async (ctx, { jobId, milestoneIndex }) => {
    const payment = await paymentOfJobX(ctx, jobId, milestoneIndex);
    const owner = await ctx.db.get("users", payment.ownerId);
    return { paymentId: payment._id, ownerId: payment.ownerId, email: owner?.email ?? "" };
  },
});

/** Fund: a checkout in payment mode for the job's fixed amount; the webhook funds it once paid. */
export const fund = action({
  args: { jobId: v.id("jobs"), milestoneIndex: milestoneArg },
  returns: v.object({ url: v.string() }),
  handler: async (ctx, { jobId, milestoneIndex }): Promise<{ url: string }> => {
    if (ctx.viewerId === null) fail(ErrorCode.NOT_AUTHENTICATED, SubscribeCopy.authRequired);
    const funding: { paymentId: Id<"jobPayments">; version: number; amountCents: number; email: string; title: string } =
      await ctx.runMutation(internal.payments.jobs.fundingContext, { jobId, viewerId: ctx.viewerId, ...(milestoneIndex !== undefined ? { milestoneIndex } : {}) });
    const back = `${siteUrl()}/jobs/${jobId}`;
    const { url } = await jobGateway().createJobCheckout(ctx, {
      paymentId: funding.paymentId,
      ownerId: ctx.viewerId,
      email: funding.email,
      amountCents: funding.amountCents,
      description: `Payment protection: ${funding.title}`,
      // One group per job: every milestone's charge and transfer belong to the same job.
      transferGroup: `job_${jobId}`,
      successUrl: `${back}?payment=funded`,
      cancelUrl: `${back}?payment=canceled`,
      // Retrying within ten minutes reuses the same session; later a fresh one (sessions expire).
      idempotencyKey: `${funding.paymentId}:${funding.version}:checkout:${Math.floor(Date.now() / 600_000)}`,
    });
    return { url };
  },
});

function cleanList(items: readonly string[], max: number, itemMax: number): string[] {
  const out = items.map((s) => s.trim()).filter((s) => s.length > 0);
  if (out.length > max) invalid(`List at most ${max} items.`);
  for (const item of out) if (item.length > itemMax) invalid(`Keep each item to ${itemMax} characters.`);
  return out;
}

function cleanText(value: string | undefined, max: number, label: string): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (text.length > max) invalid(`${label} must be ${max} characters or fewer.`);
  return text;
}

/** Claims each uploaded photo (the viewer's own, an image, at most 10 MB), all or nothing. */
async function claimPhotos(
  ctx: MutationCtx,
  viewer: Doc<"users">,
  photos: readonly Id<"_storage">[],
  purpose: "completion" | "dispute",
  attachedTo: string,
) {
  if (photos.length > COMPLETION_LIMITS.photos) invalid(`Add at most ${COMPLETION_LIMITS.photos} photos.`);
  return await claimPhotoFiles(ctx, viewer, photos, purpose, attachedTo);
}

/** The professional documents the work: at least one photo and a checklist; the review window opens. */
export const submitCompletion = mutation({
  args: {
    jobId: v.id("jobs"),
    milestoneIndex: milestoneArg,
    checklist: v.array(v.string()),
    note: v.optional(v.string()),
    photos: v.array(v.id("_storage")),
  },
  returns: v.union(v.null(), refusalValidator),
  handler: async (ctx, { jobId, milestoneIndex, checklist, note, photos }) => {
    const viewer = ctx.viewerX();
    const payment = await paymentOfJobX(ctx, jobId, milestoneIndex, viewer._id);
    // Caller and state first: a refusal here leaves the uploads for a retry.
    if (payment.proId !== viewer._id) forbidden(PaymentCopy.onlyPro);
    if (payment.state !== "funded") invalid(PaymentCopy.illegal(payment.state, "submitted for review"));
    const items = cleanList(checklist, COMPLETION_LIMITS.checklistItems, COMPLETION_LIMITS.item);
    if (items.length === 0) invalid(PaymentCopy.checklistRequired, { checklist: PaymentCopy.checklistRequired });
    if (photos.length === 0) invalid(PaymentCopy.photoRequired, { photos: PaymentCopy.photoRequired });
    // A job that asked for a photographer waits for the booked one's photos (model/jobPhotos.ts).
    const waiting = await completionPhotoBlock(ctx, await getJobX(ctx, jobId));
    if (waiting !== null) invalid(waiting);
    const text = cleanText(note, COMPLETION_LIMITS.note, "The note");
    const claim = await claimPhotos(ctx, viewer, photos, "completion", payment._id);
    if (claim.refused !== undefined) return { refused: claim.refused };
    await submitPaymentCompletion(ctx, payment, viewer, { checklist: items, ...(text ? { note: text } : {}), photoIds: claim.claimed });
    return null;
  },
});

/** The hired professional settles a range bid to one final price in it; the owner can then fund. */
export const confirmQuote = mutation({
  args: { jobId: v.id("jobs"), priceCents: v.number() },
  returns: v.null(),
  handler: async (ctx, { jobId, priceCents }) => {
    const viewer = ctx.viewerX();
    await confirmPaymentQuote(ctx, await paymentOfJobX(ctx, jobId), viewer, priceCents);
    return null;
  },
});

export const requestChanges = mutation({
  args: { jobId: v.id("jobs"), milestoneIndex: milestoneArg, reason: v.string() },
  returns: v.null(),
  handler: async (ctx, { jobId, milestoneIndex, reason }) => {
    const viewer = ctx.viewerX();
    const payment = await paymentOfJobX(ctx, jobId, milestoneIndex, viewer._id);
    const text = cleanText(reason, COMPLETION_LIMITS.reason, "The reason");
    if (!text) invalid(PaymentCopy.reasonRequired, { reason: PaymentCopy.reasonRequired });
    await requestPaymentChanges(ctx, payment, viewer, text);
    return null;
  },
});

export const approve = mutation({
  args: { jobId: v.id("jobs"), milestoneIndex: milestoneArg },
  returns: v.null(),
  handler: async (ctx, { jobId, milestoneIndex }) => {
    const viewer = ctx.viewerX();
    await approvePayment(ctx, await paymentOfJobX(ctx, jobId, milestoneIndex, viewer._id), viewer);
    return null;
  },
});

export const openDispute = mutation({
  args: {
    jobId: v.id("jobs"),
    milestoneIndex: milestoneArg,
    reason: v.string(),
    evidence: v.optional(v.string()),
    photos: v.optional(v.array(v.id("_storage"))),
  },
  returns: v.union(v.null(), refusalValidator),
  handler: async (ctx, { jobId, milestoneIndex, reason, evidence, photos }) => {
    const viewer = ctx.viewerX();
    const payment = await paymentOfJobX(ctx, jobId, milestoneIndex, viewer._id);
    if (sideOf(payment, viewer._id) === null) forbidden(PaymentCopy.onlyParty);
    const text = cleanText(reason, COMPLETION_LIMITS.reason, "The reason");
    if (!text) invalid(PaymentCopy.reasonRequired, { reason: PaymentCopy.reasonRequired });
    const evidenceText = cleanText(evidence, COMPLETION_LIMITS.evidence, "The evidence");
    // The table's checks before any upload is claimed (a refusal keeps the uploads for a retry).
    const refusal = paymentRefusal(payment, "openDispute", { kind: "member", user: viewer });
    if (refusal) fail(refusal.code, refusal.message);
    const claim = await claimPhotos(ctx, viewer, photos ?? [], "dispute", payment._id);
    if (claim.refused !== undefined) return { refused: claim.refused };
    await openPaymentDispute(ctx, payment, viewer, {
      reason: text,
      ...(evidenceText ? { evidence: evidenceText } : {}),
      photoIds: claim.claimed,
    });
    return null;
  },
});

// ---------------------------------------------------------------------------
// The scheduler.

export const autoRelease = internalMutation({
  args: { paymentId: v.id("jobPayments"), version: v.number() },
  returns: v.boolean(),
  handler: async (ctx, { paymentId, version }) => await autoReleasePayment(ctx, paymentId, version),
});

/** Payments the missed-release pass looks at per run (it runs again while a full batch came back). */
const RELEASE_DUE_BATCH = 50;

/**
 * Hourly (crons.ts): a payment whose review window ended but is still submitted (its scheduled
 * autoRelease failed or never ran) is released now, through the same transition.
 */
export const releaseDue = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const now = Date.now();
    // Windows ended, earliest first (a submitted payment always has its window's end).
    const due = await ctx.db
      .query("jobPayments")
      .withIndex("by_state_and_reviewWindowEndsAt", (q) => q.eq("state", "completion_submitted").lte("reviewWindowEndsAt", now))
      .take(RELEASE_DUE_BATCH);
    let released = 0;
    for (const p of due) {
      if (await autoReleasePayment(ctx, p._id, p.version)) released++;
    }
    if (due.length === RELEASE_DUE_BATCH && released > 0) await ctx.scheduler.runAfter(0, internal.payments.jobs.releaseDue, {});
    return released;
  },
});

export const remindRelease = internalMutation({
  args: { paymentId: v.id("jobPayments"), version: v.number() },
  returns: v.boolean(),
  handler: async (ctx, { paymentId, version }) => await remindReleasePayment(ctx, paymentId, version),
});

/** The charge behind a payment, or one of its stray charges by intent (the local chargeback simulation). */
export const chargeOf = internalQuery({
  args: { paymentId: v.id("jobPayments"), paymentIntentId: v.optional(v.string()) },
  returns: v.union(v.null(), v.object({ chargeId: v.string(), paymentIntentId: v.string(), amountCents: v.number() })),
  handler: async (ctx, { paymentId, paymentIntentId }) => {
    if (paymentIntentId !== undefined) {
      const stray = await ctx.db
        .query("paymentMoves")
        .withIndex("by_strayPaymentIntentId", (q) => q.eq("strayPaymentIntentId", paymentIntentId))
        .first();
      if (stray === null || stray.paymentId !== paymentId) return null;
      return { chargeId: `ch_of_${paymentIntentId}`, paymentIntentId, amountCents: stray.amountCents };
    }
    const p = await ctx.db.get("jobPayments", paymentId);
    if (!p?.chargeId || !p.paymentIntentId) return null;
    return { chargeId: p.chargeId, paymentIntentId: p.paymentIntentId, amountCents: p.fundedCents };
  },
});

// ---------------------------------------------------------------------------
// Payouts: the professional's Connect Express account.

export const payoutStatus = query({
  args: {},
  returns: v.object({ connected: v.boolean(), payoutsEnabled: v.boolean() }),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    return { connected: viewer.stripeConnectAccountId !== undefined, payoutsEnabled: viewer.payoutsEnabled === true };
  },
});

export const payoutContext = internalQuery({
  args: { viewerId: v.id("users") },
  returns: v.object({ professional: v.boolean(), email: v.string(), accountId: v.union(v.string(), v.null()) }),
  handler: async (ctx, { viewerId }) => {
    const user = await ctx.db.get("users", viewerId);
    return {
      professional: user?.userType === "professional",
      email: user?.email ?? "",
      accountId: user?.stripeConnectAccountId ?? null,
    };
  },
});

export const setConnectAccount = internalMutation({
  args: { viewerId: v.id("users"), accountId: v.string() },
  returns: v.null(),
  handler: async (ctx, { viewerId, accountId }) => {
    const user = await ctx.db.get("users", viewerId);
    // The first account stands: a second click never makes a second account.
    if (user !== null && user.stripeConnectAccountId === undefined) {
      await ctx.db.patch("users", viewerId, { stripeConnectAccountId: accountId, payoutsEnabled: false });
    }
    return null;
  },
});

/** Connect payouts: the account (made once) and a fresh onboarding link to finish it. */
export const connectPayouts = action({
  args: {},
  returns: v.object({ url: v.string() }),
  handler: async (ctx): Promise<{ url: string }> => {
    if (ctx.viewerId === null) fail(ErrorCode.NOT_AUTHENTICATED, SubscribeCopy.authRequired);
    const viewerId = ctx.viewerId;
    const gateway = jobGateway();
    const me: { professional: boolean; email: string; accountId: string | null } = await ctx.runQuery(
      internal.payments.jobs.payoutContext,
      { viewerId },
    );
    if (!me.professional) forbidden("Only professionals receive payouts.");
    let accountId = me.accountId;
    if (accountId === null) {
      ({ accountId } = await gateway.createConnectAccount(ctx, { userId: viewerId, email: me.email, idempotencyKey: `${viewerId}:connect` }));
      await ctx.runMutation(internal.payments.jobs.setConnectAccount, { viewerId, accountId });
    }
    return await gateway.createAccountLink(ctx, {
      userId: viewerId,
      accountId,
      refreshUrl: `${siteUrl()}/earnings?payouts=retry`,
      returnUrl: `${siteUrl()}/earnings?payouts=connected`,
    });
  },
});

/**
 * Onboarding's return (/earnings?payouts=connected): the account re-read from the gateway and
 * applied by the Connect webhook's own rule, so payouts (and the transfers waiting for them) don't
 * hang on the account.updated event's delivery.
 */
export const refreshPayouts = action({
  args: {},
  returns: v.object({ connected: v.boolean(), payoutsEnabled: v.boolean() }),
  handler: async (ctx): Promise<{ connected: boolean; payoutsEnabled: boolean }> => {
    if (ctx.viewerId === null) fail(ErrorCode.NOT_AUTHENTICATED, SubscribeCopy.authRequired);
    const viewerId = ctx.viewerId;
    const me: { professional: boolean; email: string; accountId: string | null } = await ctx.runQuery(
      internal.payments.jobs.payoutContext,
      { viewerId },
    );
    if (!me.professional) forbidden("Only professionals receive payouts.");
    if (me.accountId === null) return { connected: false, payoutsEnabled: false };
    // Seconds, as an event's `created`: an account.updated older than this read is skipped after it.
    const at = Math.floor(Date.now() / 1000);
    const account = await jobGateway().retrieveAccount(ctx, { accountId: me.accountId });
    await ctx.runMutation(internal.payments.webhooks.applyAccount, {
      accountId: account.accountId,
      userId: viewerId,
      payoutsEnabled: account.payoutsEnabled,
      at,
    });
    return { connected: true, payoutsEnabled: account.payoutsEnabled };
  },
});

/** Reminders a waiting transfer's professional gets at most (one a day: a week). */
export const PAYOUT_REMINDERS_MAX = 7;
const REMINDER_BATCH = 100;

/**
 * The daily payout reminder (crons.ts): each professional with released money waiting for their
 * payout account is reminded once, for at most PAYOUT_REMINDERS_MAX days. One whose payouts are
 * enabled by now (an event missed) has the transfers sent instead.
 */
export const remindWaitingPayouts = internalMutation({
  args: {},
  returns: v.object({ reminded: v.number(), released: v.number() }),
  handler: async (ctx) => {
    const moves = await ctx.db
      .query("paymentMoves")
      .withIndex("by_status_and_payoutReminders", (q) => q.eq("status", "waiting").lt("payoutReminders", PAYOUT_REMINDERS_MAX))
      .take(REMINDER_BATCH);
    const byPro = new Map<Id<"users">, Doc<"paymentMoves">[]>();
    for (const move of moves) {
      if (move.waitingFor === undefined) continue;
      byPro.set(move.waitingFor, [...(byPro.get(move.waitingFor) ?? []), move]);
    }
    let reminded = 0;
    let released = 0;
    for (const [proId, waiting] of byPro) {
      const pro = await ctx.db.get("users", proId);
      if (pro?.stripeConnectAccountId !== undefined && pro.payoutsEnabled === true) {
        released += await releaseWaitingPayouts(ctx, proId);
        continue;
      }
      for (const move of waiting) await ctx.db.patch("paymentMoves", move._id, { payoutReminders: (move.payoutReminders ?? 0) + 1 });
      if (pro === null) continue;
      await notify(ctx, {
        userId: proId,
        type: "job",
        title: PaymentCopy.payoutWaitingTitle,
        content: PaymentCopy.payoutReminder(formatCents(waiting.reduce((sum, m) => sum + m.amountCents, 0))),
        actionUrl: "/earnings",
      });
      reminded += 1;
    }
    return { reminded, released };
  },
});

// ---------------------------------------------------------------------------
// Earnings: the professional's payment records (never acceptedPrice).

// A chargeback under review after release: the money is still the pro's until the bank decides.
const RELEASED: PaymentState[] = ["released", "partially_refunded", "charged_back"];
const HELD: PaymentState[] = ["funded", "completion_submitted", "disputed"];
const PENDING: PaymentState[] = ["awaiting_funding"];
/** Per state, the newest this many: the page lists them; totals cover the same rows. */
const EARNINGS_ROWS = 100;

export async function proPayments(ctx: QueryCtx, proId: Id<"users">, states: readonly PaymentState[]): Promise<Payment[]> {
  const rows: Payment[] = [];
  for (const state of states) {
    rows.push(
      ...(await ctx.db
        .query("jobPayments")
        .withIndex("by_proId_and_state", (q) => q.eq("proId", proId).eq("state", state))
        .order("desc")
        .take(EARNINGS_ROWS)),
    );
  }
  return rows;
}

const earningRow = v.object({
  jobId: v.id("jobs"),
  title: v.string(),
  /** "Milestone 2: Framing" for a job split into milestones (each is a row of its own). */
  milestone: v.union(v.null(), v.string()),
  state: paymentState,
  amountCents: v.number(),
  /** Released to the pro (released), held (held), or the agreed amount (pending). */
  cents: v.number(),
  /** A payout the gateway refused so far (retrying, or waiting for an admin): shown as delayed, not released. */
  payoutDelayed: v.boolean(),
  /** Released, but its transfer waits for the pro's payout account. */
  payoutWaiting: v.boolean(),
  at: v.number(),
});

export const earnings = query({
  args: {},
  returns: v.object({
    releasedCents: v.number(),
    heldCents: v.number(),
    pendingCents: v.number(),
    payoutsEnabled: v.boolean(),
    jobs: v.array(earningRow),
  }),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    const released = await proPayments(ctx, viewer._id, RELEASED);
    const held = await proPayments(ctx, viewer._id, HELD);
    const pending = await proPayments(ctx, viewer._id, PENDING);
    const sum = (rows: Payment[], f: (p: Payment) => number) => rows.reduce((s, p) => s + f(p), 0);
    const jobs = [];
    for (const [rows, cents] of [
      [released, (p: Payment) => p.releasedCents],
      [held, (p: Payment) => heldCents(p)],
      [pending, (p: Payment) => p.amountCents],
    ] as const) {
      for (const p of rows) {
        const job = await ctx.db.get("jobs", p.jobId);
        const moves = await ctx.db
          .query("paymentMoves")
          .withIndex("by_paymentId", (q) => q.eq("paymentId", p._id))
          .take(20);
        jobs.push({
          jobId: p.jobId,
          title: job?.title ?? "Job",
          milestone: p.milestoneTitle === undefined ? null : milestoneLabel(milestoneIndexOf(p), p.milestoneTitle),
          state: p.state,
          amountCents: p.amountCents,
          cents: cents(p),
          payoutDelayed: moves.some((m) => m.kind === "transfer" && (m.status === "pending" || m.status === "failed") && (m.attempts ?? 0) > 0),
          payoutWaiting: moves.some((m) => m.kind === "transfer" && m.status === "waiting"),
          at: p.releasedAt ?? p.fundedAt ?? p._creationTime,
        });
      }
    }
    jobs.sort((a, b) => b.at - a.at);
    return {
      releasedCents: sum(released, (p) => p.releasedCents),
      heldCents: sum(held, heldCents),
      pendingCents: sum(pending, (p) => p.amountCents),
      payoutsEnabled: viewer.payoutsEnabled === true,
      jobs,
    };
  },
});
