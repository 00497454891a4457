// The job's and the photo request's state machines (STYLE.md rule 8), in the
// Sharetribe style: one transitions table per process, user and system
// transitions alike. Every status change goes through `transition` (or
// `photoTransition`), which checks the current state and the actor, writes a
// jobEvents history row, moves the counters and tells the other side, all in
// the caller's transaction.
//
//   available --firstBid (system)--> quote_requested --lastBidClosed (system)--> available
//   available | quote_requested --accept (owner, through a bid)--> assigned
//   assigned --start (contractor)--> in_progress
//   in_progress --markDone (contractor)--> completion_requested
//   completion_requested --confirmCompletion (owner)--> completed
//   completion_requested --sendBack (owner)--> in_progress
//   available | quote_requested | assigned --cancel (owner)--> cancelled
//   assigned | in_progress | completion_requested --paymentReleased (system)--> completed
//   assigned | in_progress | completion_requested --paymentRefunded (system)--> cancelled
//   A hired job with payment protection (payments/model/payments.ts) starts only once funded, and its
//   markDone / sendBack / confirmCompletion run only through the payment's transitions.
//
//   photos: requested --take (a photographer)--> scheduled --deliver (the booked photographer)--> delivered
import { v, type Infer } from "convex/values";
import { ErrorCode } from "../../common/errors";
import { PaymentCopy } from "../../common/payments";
import {
  budgetMaxOf,
  formatBidPrice,
  JobMessages,
  OPEN_STATUSES,
  PHOTOGRAPHER_PROFESSION,
  urgencyRank,
  type JobStatus,
  type QuoteRequestValues,
} from "../../common/jobs";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { jobStatus } from "../schema";
import { countProEvent } from "./insights";
import { addShared, adjustCounters, sharedCount } from "./counters";
import { fail, forbidden, invalid } from "./errors";
import { distanceMiles, locationFields, zipToPlace, zipToPoint, type GeoPoint } from "./geo";
import { notify, notifyAll } from "./notifications";
import { paymentsOfJob } from "../payments/model/paymentRows";
import { matchingProfessionals } from "./professionals";
import { limitOrRefuse } from "./limits";
import { onJobClosed, onJobCompleted } from "./referrals";
import type { TransitionRule } from "./transitions";
import { displayName } from "./users";

export type Job = Doc<"jobs">;
export type Bid = Doc<"bids">;

/** Who runs a transition: the job's owner, the professional hired for it, or the system (a rule another change fires). */
type Actor = "owner" | "contractor" | "system";
type JobRule = TransitionRule<JobStatus, Actor>;

export const JOB_TRANSITIONS = {
  firstBid: { from: ["available"], to: "quote_requested", by: "system", verb: "bid on" },
  lastBidClosed: { from: ["quote_requested"], to: "available", by: "system", verb: "reopened" },
  accept: { from: ["available", "quote_requested"], to: "assigned", by: "owner", verb: "assigned again" },
  start: { from: ["assigned"], to: "in_progress", by: "contractor", verb: "started" },
  markDone: { from: ["in_progress"], to: "completion_requested", by: "contractor", verb: "marked done" },
  sendBack: { from: ["completion_requested"], to: "in_progress", by: "owner", verb: "sent back" },
  confirmCompletion: { from: ["completion_requested"], to: "completed", by: "owner", verb: "completed" },
  cancel: { from: ["available", "quote_requested", "assigned"], to: "cancelled", by: "owner", verb: "cancelled" },
  /** A payment released after the review window or a dispute (payments/model/payments.ts). */
  paymentReleased: {
    from: ["assigned", "in_progress", "completion_requested"],
    to: "completed",
    by: "system",
    verb: "completed",
  },
  /** A payment refunded in full by a dispute's decision. */
  paymentRefunded: {
    from: ["assigned", "in_progress", "completion_requested"],
    to: "cancelled",
    by: "system",
    verb: "cancelled",
  },
} as const satisfies Record<string, JobRule>;
export type JobTransition = keyof typeof JOB_TRANSITIONS;

/** The transitions a member runs from the job page (jobs.act); accepting runs through bids.accept. */
export const JOB_ACTIONS = [
  "start",
  "markDone",
  "sendBack",
  "confirmCompletion",
  "cancel",
] as const satisfies readonly JobTransition[];
export type JobAction = (typeof JOB_ACTIONS)[number];

/** Statuses in which a job counts as active work for its owner and its contractor (the dashboards' counters). */
const ACTIVE_STATUSES: readonly JobStatus[] = ["assigned", "in_progress", "completion_requested"];

/**
 * The job's state. Rows written before completion_requested existed kept
 * in_progress with completionRequestedAt set ("marked done"): they read as
 * completion_requested (the completionRequested migration, migrations.ts, rewrites them).
 */
export function jobState(job: Pick<Job, "status" | "completionRequestedAt">): JobStatus {
  return job.status === "in_progress" && job.completionRequestedAt !== undefined ? "completion_requested" : job.status;
}

export function isOpen(job: Job): boolean {
  return OPEN_STATUSES.includes(jobState(job));
}

export async function getJobX(ctx: QueryCtx, jobId: Id<"jobs">): Promise<Job> {
  const job = await ctx.db.get(jobId);
  if (job === null) fail(ErrorCode.NOT_FOUND, JobMessages.jobNotFound);
  return job;
}

/** Why `actorId` may not run `name` on `job` now (null: allowed). `system`: the call comes from a rule, not a member. */
function transitionRefusal(
  job: Job,
  name: JobTransition,
  actorId: Id<"users">,
  system: boolean,
): { code: ErrorCode; message: string } | null {
  const rule: JobRule = JOB_TRANSITIONS[name];
  if (rule.by === "system") {
    if (!system) return { code: ErrorCode.FORBIDDEN, message: JobMessages.systemOnly };
  } else {
    const isActor = rule.by === "owner" ? job.customerId === actorId : job.contractorId === actorId;
    if (system || !isActor) {
      return {
        code: ErrorCode.FORBIDDEN,
        message: rule.by === "owner" ? JobMessages.onlyOwner : JobMessages.onlyContractor,
      };
    }
  }
  const state = jobState(job);
  if (rule.from.includes(state)) return null;
  if (name === "markDone" && state === "completion_requested") {
    return { code: ErrorCode.INVALID_INPUT, message: JobMessages.alreadyMarkedDone };
  }
  if (name === "confirmCompletion" && state === "in_progress") {
    return { code: ErrorCode.INVALID_INPUT, message: JobMessages.notMarkedDone };
  }
  return { code: ErrorCode.INVALID_INPUT, message: JobMessages.illegalTransition(state, rule.verb) };
}

/** Job transitions a payment governs: a member runs them through the payment panel, never jobs.act. */
const PAYMENT_GOVERNED: readonly JobTransition[] = ["markDone", "sendBack", "confirmCompletion"];

/** A first milestone in these states lets the work start (funded, or already paid out by a dispute's decision). */
const STARTABLE: readonly string[] = ["funded", "released", "partially_refunded", "charged_back"];

/**
 * Why a paid job refuses `name` when run directly (null: allowed). `paymentState`: the state of
 * the job's payment (its first milestone's, for a job split into milestones), or null for a job
 * hired before payment protection (the old flow stands).
 */
export function paymentGateRefusal(name: JobTransition, paymentState: string | null): string | null {
  if (paymentState === null) return null;
  if (name === "start" && !STARTABLE.includes(paymentState)) return PaymentCopy.startNeedsFunding;
  if (PAYMENT_GOVERNED.includes(name)) return PaymentCopy.usePaymentPanel;
  return null;
}

/** The state of the job's payment, or of its first milestone: work starts once that one is funded. */
async function paymentStateOf(ctx: QueryCtx, jobId: Id<"jobs">): Promise<string | null> {
  return (await paymentsOfJob(ctx, jobId))[0]?.state ?? null;
}

/** Whether a member may run `name` on `job` now. */
export function canTransition(job: Job, name: JobTransition, actorId: Id<"users">): boolean {
  return transitionRefusal(job, name, actorId, false) === null;
}

export function assertCanTransition(job: Job, name: JobTransition, actorId: Id<"users">, system = false): void {
  const refusal = transitionRefusal(job, name, actorId, system);
  if (refusal) fail(refusal.code, refusal.message);
}

/** The job-page actions `viewerId` may run now. */
export async function availableActions(ctx: QueryCtx, job: Job, viewerId: Id<"users">): Promise<JobAction[]> {
  const paymentState = await paymentStateOf(ctx, job._id);
  return JOB_ACTIONS.filter((a) => canTransition(job, a, viewerId) && paymentGateRefusal(a, paymentState) === null);
}

export async function recordEvent(
  ctx: MutationCtx,
  job: Job,
  actorId: Id<"users">,
  kind: string,
  extra: { fromStatus?: JobStatus; toStatus?: JobStatus; detail?: string } = {},
) {
  await ctx.db.insert("jobEvents", { jobId: job._id, actorId, kind, ...extra });
}

/**
 * Moves one job between the "status:category" counts (from null: a new job). The one writer of
 * the job board's counts: every new job moves `all:all`, so they live in a sharded counter.
 */
export async function countStatusChange(ctx: MutationCtx, category: string, from: JobStatus | null, to: JobStatus) {
  if (from === to) return;
  const deltas = new Map<string, number>();
  const add = (status: string, delta: number) => {
    for (const key of [`${status}:${category}`, `${status}:all`]) deltas.set(key, (deltas.get(key) ?? 0) + delta);
  };
  if (from === null) add("all", 1);
  else add(from, -1);
  add(to, 1);
  for (const [key, delta] of deltas) await addShared(ctx, `jobs:${key}`, delta);
}

export async function jobCount(ctx: QueryCtx, status: string | undefined, category: string | undefined) {
  const key = `${status ?? "all"}:${category ?? "all"}`;
  // A jobCounts row is a count kept before the counter, until the backfill (migrations:runAll) folds it in.
  const before = await ctx.db
    .query("jobCounts")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
  return await sharedCount(ctx, `jobs:${key}`, before?.count ?? 0);
}

/** The owner's and the contractor's job counters follow the job's state: active while hired work goes on, then completed. */
async function moveMemberCounters(ctx: MutationCtx, before: Job, after: Job) {
  const weight = (job: Job) => ({
    active: ACTIVE_STATUSES.includes(job.status) ? 1 : 0,
    completed: job.status === "completed" ? 1 : 0,
  });
  const b = weight(before);
  const a = weight(after);
  const active = a.active - b.active;
  const completed = a.completed - b.completed;
  if (active === 0 && completed === 0) return;
  await adjustCounters(ctx, "users", after.customerId, { jobsPostedActive: active, jobsPostedCompleted: completed });
  if (after.contractorId !== undefined) {
    await adjustCounters(ctx, "users", after.contractorId, {
      jobsWorkingActive: active,
      jobsWorkingCompleted: completed,
    });
  }
}

const jobUrl = (job: Job) => `/jobs/${job._id}`;

/** What the other side hears about a member's transition (system transitions and accept tell their own story). */
const NOTICES: Partial<Record<JobTransition, { title: string; content: (job: Job) => string }>> = {
  start: { title: "Work started", content: (job) => `"${job.title}" is now in progress.` },
  markDone: {
    title: "Work marked done",
    content: (job) => `The work on "${job.title}" is done. Please review it and confirm completion.`,
  },
  sendBack: {
    title: "Work sent back",
    content: (job) => `The owner of "${job.title}" asked for more work before completion.`,
  },
  confirmCompletion: { title: "Job completed", content: (job) => `"${job.title}" is now completed.` },
  cancel: { title: "Job cancelled", content: (job) => `"${job.title}" is now cancelled.` },
};

const PAID_DONE_NOTICE = {
  title: "Work marked done",
  content: (job: Job) =>
    `The work on "${job.title}" is done. Review the photos and checklist, then approve to release the payment or ask for changes.`,
};

/**
 * Runs one transition of JOB_TRANSITIONS: checks state and actor, moves the
 * status and every counter, writes history and tells the other side.
 * `actor`: the member acting, or for `system` transitions the member whose change fired the rule.
 * `patch`: fields the transition sets with the status (the hired contractor).
 */
export async function transition(
  ctx: MutationCtx,
  job: Job,
  name: JobTransition,
  actor: { _id: Id<"users"> },
  opts: {
    system?: boolean;
    patch?: Partial<Pick<Job, "contractorId" | "acceptedPrice" | "activeBidCount">>;
    detail?: string;
    /** Run by the payment model (payments/model/payments.ts), which checked the payment's own rules. */
    viaPayment?: boolean;
  } = {},
): Promise<Job> {
  const actorId = actor._id;
  assertCanTransition(job, name, actorId, opts.system ?? false);
  if (!opts.viaPayment) {
    const refusal = paymentGateRefusal(name, await paymentStateOf(ctx, job._id));
    if (refusal !== null) fail(ErrorCode.INVALID_INPUT, refusal);
  }
  const rule = JOB_TRANSITIONS[name];
  const from = jobState(job);
  const now = Date.now();
  const patch: Partial<Job> = {
    ...opts.patch,
    status: rule.to,
    ...(name === "markDone" ? { completionRequestedAt: now } : {}),
    ...(name === "sendBack" ? { completionRequestedAt: undefined } : {}),
    ...(name === "confirmCompletion" ? { completedAt: now } : {}),
  };
  await ctx.db.patch(job._id, patch);
  const after: Job = { ...job, ...patch };
  // The counters hold the stored status (a legacy "marked done" row is counted as in_progress).
  await countStatusChange(ctx, job.category, job.status, rule.to);
  await moveMemberCounters(ctx, { ...job, status: from }, after);
  await recordEvent(ctx, job, actorId, "status", {
    fromStatus: from,
    toStatus: rule.to,
    ...(opts.detail ? { detail: opts.detail } : {}),
  });

  if (name === "confirmCompletion" || name === "paymentReleased") await onJobCompleted(ctx, after);
  if (name === "cancel") {
    await onJobClosed(ctx, after);
    // Open bids end with the job; their authors hear about it.
    for (const bid of await activeBids(ctx, job._id)) {
      await moveBid(ctx, bid, "jobClosed", now);
      await notify(ctx, {
        userId: bid.professionalId,
        type: "job",
        title: "Job cancelled",
        content: `"${job.title}" was cancelled by its owner.`,
        actionUrl: jobUrl(job),
        actorId,
        entityType: "job",
        entityId: job._id,
      });
    }
    if (job.activeBidCount !== 0) await ctx.db.patch(job._id, { activeBidCount: 0 });
  }
  // A paid job's completion is reviewed through its payment: approve releases, or ask for changes.
  const notice = opts.viaPayment && name === "markDone" ? PAID_DONE_NOTICE : NOTICES[name];
  const other = rule.by === "owner" ? after.contractorId : rule.by === "contractor" ? after.customerId : undefined;
  if (notice && other !== undefined) {
    await notify(ctx, {
      userId: other,
      type: "job",
      title: notice.title,
      content: notice.content(job),
      actionUrl: jobUrl(job),
      actorId,
      entityType: "job",
      entityId: job._id,
    });
  }
  return after;
}

// ---------------------------------------------------------------------------
// History as each viewer may see it. Bid events carry prices, and a
// competing professional must never see another's price (nor who bid).

/** Whose price an event's detail is, or null when the detail is no price. */
function priceOf(job: Job, event: Doc<"jobEvents">): Id<"users"> | null {
  if (event.kind === "bid_placed" || event.kind === "bid_updated") return event.actorId;
  // Hiring records the accepted bid's price.
  if (event.kind === "status" && event.toStatus === "assigned") return job.contractorId ?? event.actorId;
  return null;
}

/** Whether an event's detail is the owner's own words to the hired professional: a change request's reason. */
function partiesOnly(event: Doc<"jobEvents">): boolean {
  return event.kind === "status" && event.fromStatus === "completion_requested" && event.toStatus === "in_progress";
}

/**
 * One history event for `viewer`: the owner sees every price, a
 * professional only their own; a change request's reason only the job's
 * parties (owner, hired professional) and admins; the actor's name shows when
 * the actor is a party to the job (owner, hired professional, photographer)
 * or the viewer, otherwise "A professional".
 */
export function shapeEvent(
  job: Job,
  event: Doc<"jobEvents">,
  viewer: Pick<Doc<"users">, "_id" | "role">,
): { detail: string | null; showActor: boolean } {
  const viewerId = viewer._id;
  const isOwner = job.customerId === viewerId;
  const pricedFor = priceOf(job, event);
  const isParty = isOwner || job.contractorId === viewerId || viewer.role === "admin";
  const detail =
    (pricedFor === null || isOwner || pricedFor === viewerId) && (isParty || !partiesOnly(event))
      ? (event.detail ?? null)
      : null;
  const party = [job.customerId, job.contractorId, job.photographerId, viewerId];
  return { detail, showActor: isOwner || party.includes(event.actorId) };
}

// ---------------------------------------------------------------------------
// Bids. A bid's own life: active -> withdrawn (its author) | declined (the
// owner, or the job going to someone else or being cancelled) | accepted.

export async function activeBids(ctx: QueryCtx, jobId: Id<"jobs">, limit = 200): Promise<Bid[]> {
  return await ctx.db
    .query("bids")
    .withIndex("by_jobId_and_status", (q) => q.eq("jobId", jobId).eq("status", "active"))
    .take(limit);
}

export async function viewerBid(ctx: QueryCtx, jobId: Id<"jobs">, professionalId: Id<"users">): Promise<Bid | null> {
  // A professional has at most a few bids per job (withdrawn ones stay as history): newest first.
  const bids = await ctx.db
    .query("bids")
    .withIndex("by_professionalId_and_jobId", (q) => q.eq("professionalId", professionalId).eq("jobId", jobId))
    .order("desc")
    .take(20);
  return bids.find((b) => b.status === "active" || b.status === "accepted") ?? bids[0] ?? null;
}

export interface BidValues {
  priceMin: number;
  priceMax?: number;
  message: string;
  earliestStart: string;
  estimatedDuration: string;
}

/** `placedBy`: the team member who placed it for the business `pro` (model/teams.ts). */
export async function placeBid(
  ctx: MutationCtx,
  job: Job,
  pro: Doc<"users">,
  values: BidValues,
  placedBy?: Id<"users">,
): Promise<Id<"bids">> {
  assertCanBid(job, pro, await viewerBid(ctx, job._id, pro._id));
  const bidId = await ctx.db.insert("bids", {
    jobId: job._id,
    professionalId: pro._id,
    ...values,
    ...(placedBy ? { placedBy } : {}),
    status: "active",
    updatedAt: Date.now(),
  });
  await adjustCounters(ctx, "jobs", job._id, { activeBidCount: 1 });
  await countProEvent(ctx, pro._id, { bidsPlaced: 1 });
  await recordEvent(ctx, job, pro._id, "bid_placed", { detail: formatBidPrice(values.priceMin, values.priceMax) });
  if (jobState(job) === "available") {
    await transition(ctx, job, "firstBid", pro, { system: true, detail: "first bid" });
  }
  await notify(ctx, {
    userId: job.customerId,
    type: "job",
    title: "New bid",
    content: `${displayName(pro)} bid ${formatBidPrice(values.priceMin, values.priceMax)} on "${job.title}".`,
    actionUrl: jobUrl(job),
    actorId: pro._id,
    entityType: "job",
    entityId: job._id,
  });
  return bidId;
}

export async function getOwnActiveBidX(ctx: QueryCtx, bidId: Id<"bids">, proId: Id<"users">) {
  const bid = await ctx.db.get(bidId);
  if (bid === null) fail(ErrorCode.NOT_FOUND, "Bid not found");
  if (bid.professionalId !== proId) fail(ErrorCode.FORBIDDEN, "Only the bid's author can change it.");
  if (bid.status !== "active") fail(ErrorCode.INVALID_INPUT, JobMessages.bidNotActive);
  const job = await getJobX(ctx, bid.jobId);
  if (!isOpen(job)) fail(ErrorCode.INVALID_INPUT, JobMessages.jobNotOpen);
  return { bid, job };
}

export async function updateBid(ctx: MutationCtx, bid: Bid, job: Job, values: BidValues) {
  await ctx.db.patch(bid._id, { ...values, priceMax: values.priceMax, updatedAt: Date.now() });
  await recordEvent(ctx, job, bid.professionalId, "bid_updated", {
    detail: formatBidPrice(values.priceMin, values.priceMax),
  });
  await notify(ctx, {
    userId: job.customerId,
    type: "job",
    title: "Bid updated",
    content: `A bid on "${job.title}" changed to ${formatBidPrice(values.priceMin, values.priceMax)}.`,
    actionUrl: jobUrl(job),
    actorId: bid.professionalId,
    entityType: "job",
    entityId: job._id,
  });
}

// ---------------------------------------------------------------------------
// Bids: their own small graph. Who may act is checked by getOwnActiveBidX /
// getBidForOwnerX; here only the state and its one write.

type BidStatus = Bid["status"];
export const BID_TRANSITIONS = {
  withdraw: { from: ["active"], to: "withdrawn", by: "professional" },
  decline: { from: ["active"], to: "declined", by: "owner" },
  accept: { from: ["active"], to: "accepted", by: "owner" },
  /** The job was cancelled or went to another bid. */
  jobClosed: { from: ["active"], to: "declined", by: "system" },
} as const satisfies Record<string, { from: readonly BidStatus[]; to: BidStatus; by: Actor | "professional" }>;
export type BidTransition = keyof typeof BID_TRANSITIONS;

async function moveBid(ctx: MutationCtx, bid: Bid, name: BidTransition, now = Date.now()): Promise<void> {
  const rule = BID_TRANSITIONS[name];
  if (!(rule.from as readonly BidStatus[]).includes(bid.status))
    fail(ErrorCode.INVALID_INPUT, JobMessages.bidNotActive);
  await ctx.db.patch(bid._id, { status: rule.to, respondedAt: now, updatedAt: now });
}

/** Ends an active bid; the last one gone puts the job back to available (a system transition). */
async function closeBid(ctx: MutationCtx, bid: Bid, job: Job, name: "withdraw" | "decline", actorId: Id<"users">) {
  await moveBid(ctx, bid, name);
  const counts = await adjustCounters(ctx, "jobs", job._id, { activeBidCount: -1 });
  await recordEvent(ctx, job, actorId, name === "withdraw" ? "bid_withdrawn" : "bid_declined");
  if (counts?.activeBidCount === 0 && jobState(job) === "quote_requested") {
    await transition(ctx, job, "lastBidClosed", { _id: actorId }, { system: true, detail: "no open bids left" });
  }
}

export async function withdrawBid(ctx: MutationCtx, bid: Bid, job: Job) {
  await closeBid(ctx, bid, job, "withdraw", bid.professionalId);
  await notify(ctx, {
    userId: job.customerId,
    type: "job",
    title: "Bid withdrawn",
    content: `A professional withdrew their bid on "${job.title}".`,
    actionUrl: jobUrl(job),
    actorId: bid.professionalId,
    entityType: "job",
    entityId: job._id,
  });
}

export async function getBidForOwnerX(ctx: QueryCtx, bidId: Id<"bids">, ownerId: Id<"users">) {
  const bid = await ctx.db.get(bidId);
  if (bid === null) fail(ErrorCode.NOT_FOUND, "Bid not found");
  const job = await getJobX(ctx, bid.jobId);
  if (job.customerId !== ownerId) fail(ErrorCode.FORBIDDEN, JobMessages.onlyOwner);
  if (!isOpen(job)) fail(ErrorCode.INVALID_INPUT, JobMessages.illegalTransition(jobState(job), "assigned again"));
  if (bid.status !== "active") fail(ErrorCode.INVALID_INPUT, JobMessages.bidNotActive);
  return { bid, job };
}

export async function declineBid(ctx: MutationCtx, bid: Bid, job: Job, ownerId: Id<"users">) {
  await closeBid(ctx, bid, job, "decline", ownerId);
  await notify(ctx, {
    userId: bid.professionalId,
    type: "job",
    title: "Bid declined",
    content: `Your bid on "${job.title}" was declined.`,
    actionUrl: jobUrl(job),
    actorId: ownerId,
    entityType: "job",
    entityId: job._id,
  });
}

/**
 * Accepting a bid hires its author: the job is assigned, every other open bid is declined and told.
 * `priceCents`: the price settled at acceptance (payments/model/payments.ts settledPriceCents), never a range's top;
 * null for a range the pro settles with a final quote (acceptedPrice is set then).
 */
export async function acceptBid(ctx: MutationCtx, bid: Bid, job: Job, ownerId: Id<"users">, priceCents: number | null) {
  // The other way round from photoRefusal: the booked photographer can't become the pro they document.
  if (job.photographerId !== undefined && job.photographerId === bid.professionalId) {
    fail(ErrorCode.INVALID_INPUT, JobMessages.photographerNotHired);
  }
  const now = Date.now();
  await transition(
    ctx,
    job,
    "accept",
    { _id: ownerId },
    {
      patch: {
        contractorId: bid.professionalId,
        ...(priceCents === null ? {} : { acceptedPrice: priceCents / 100 }),
        activeBidCount: 0,
      },
      detail:
        priceCents === null
          ? `${formatBidPrice(bid.priceMin, bid.priceMax)}, final quote to come`
          : formatBidPrice(priceCents / 100, undefined),
    },
  );
  await moveBid(ctx, bid, "accept", now);
  await countProEvent(ctx, bid.professionalId, { bidsWon: 1 }, now);
  await notify(ctx, {
    userId: bid.professionalId,
    type: "job",
    title: "Bid accepted",
    content: `You're hired for "${job.title}".`,
    actionUrl: jobUrl(job),
    actorId: ownerId,
    entityType: "job",
    entityId: job._id,
  });
  for (const other of await activeBids(ctx, job._id)) {
    if (other._id === bid._id) continue;
    await moveBid(ctx, other, "jobClosed", now);
    await notify(ctx, {
      userId: other.professionalId,
      type: "job",
      title: "Bid declined",
      content: `"${job.title}" went to another professional.`,
      actionUrl: jobUrl(job),
      actorId: ownerId,
      entityType: "job",
      entityId: job._id,
    });
  }
}

// ---------------------------------------------------------------------------
// Photo requests: their own small graph.

type PhotoStatus = Job["photoStatus"];
export const PHOTO_TRANSITIONS = {
  take: { from: ["requested"], to: "scheduled", by: "a photographer", event: "photos_scheduled" },
  deliver: { from: ["scheduled"], to: "delivered", by: "the booked photographer", event: "photos_delivered" },
  /** The owner lets the booked photographer go, or the photographer withdraws: open to photographers again. */
  release: {
    from: ["scheduled"],
    to: "requested",
    by: "the owner or the booked photographer",
    event: "photos_released",
  },
} as const satisfies Record<string, { from: readonly PhotoStatus[]; to: PhotoStatus; by: string; event: string }>;
export type PhotoTransition = keyof typeof PHOTO_TRANSITIONS;
const photoFrom = (name: PhotoTransition): readonly PhotoStatus[] => PHOTO_TRANSITIONS[name].from;

/** Runs one photo-request transition for `user`: checks who and from which state, moves it, writes history. */
export async function photoTransition(
  ctx: MutationCtx,
  job: Job,
  name: PhotoTransition,
  user: Doc<"users">,
): Promise<void> {
  if (name === "take") assertCanTakePhotos(job, user);
  else if (name === "release") assertCanReleasePhotographer(job, user);
  else assertCanDeliverPhotos(job, user);
  const rule = PHOTO_TRANSITIONS[name];
  const photographerId = name === "take" ? user._id : name === "release" ? undefined : job.photographerId;
  await ctx.db.patch(job._id, { photoStatus: rule.to, photographerId });
  await recordEvent(ctx, job, user._id, rule.event);
}

/** Professionals told about a new quote request (nearest Available ones first). */
export const QUOTE_ROUTING_LIMIT = 50;

/**
 * A quote request becomes a job open for bids, routed to matching professionals nearby; each one it
 * reaches counts it as a quote request received (lead insights) in the same transaction.
 */
export async function routeQuoteRequest(
  ctx: MutationCtx,
  viewer: Doc<"users">,
  values: QuoteRequestValues,
  /** Demo data: the seed marks its jobs. */
  marks: { seeded?: true } = {},
): Promise<{ jobId: Id<"jobs">; matched: number }> {
  const job = await insertJob(ctx, viewer, {
    title: values.title,
    description: values.description,
    category: values.category,
    propertyType: values.propertyType,
    location: `${values.city}, ${values.state}`,
    city: values.city,
    state: values.state,
    zipCode: values.zipCode,
    urgency: values.urgency,
    budget: values.budget,
    requirements: [],
    photoRequired: values.photoRequired,
    source: "quote_request",
    ...(values.contactMethod ? { contactMethod: values.contactMethod } : {}),
    ...(values.contactInfo ? { contactInfo: values.contactInfo } : {}),
    ...marks,
  });
  const matches = await matchingProfessionals(ctx, values.category, pointOfZip(values.zipCode), QUOTE_ROUTING_LIMIT);
  await notifyAll(
    ctx,
    matches.map((m) => m.userId),
    {
      type: "job",
      title: "New quote request near you",
      content: `"${job.title}" in ${job.location} (${values.budget}).`,
      actionUrl: `/jobs/${job._id}`,
      actorId: viewer._id,
      entityType: "job",
      entityId: job._id,
    },
  );
  await ctx.db.insert("jobEvents", {
    jobId: job._id,
    actorId: viewer._id,
    kind: "routed",
    detail: `Sent to ${matches.length} matching professional${matches.length === 1 ? "" : "s"}`,
  });
  for (const match of matches) await countProEvent(ctx, match.userId, { quoteRequests: 1 });
  return { jobId: job._id, matched: matches.length };
}

// ---------------------------------------------------------------------------
// Abuse limits on what fans out to other members or sends email.

// Per member: quote requests (each routed to up to 50 professionals), photo requests (up to 20
// photographers), and bid writes (place, edit, withdraw: each emails the owner); model/rateLimit.ts.

export async function limitQuoteRequests(ctx: MutationCtx, userId: Id<"users">) {
  await limitOrRefuse(ctx, "quoteRequests", userId, userId);
}
export async function limitPhotoRequests(ctx: MutationCtx, userId: Id<"users">) {
  await limitOrRefuse(ctx, "photoRequests", userId, userId);
}
export async function limitBidWrites(ctx: MutationCtx, userId: Id<"users">) {
  await limitOrRefuse(ctx, "bidWrites", userId, userId);
}

// ---------------------------------------------------------------------------
// Cards: what lists and the job page show about a job.

export const jobCardValidator = v.object({
  _id: v.id("jobs"),
  _creationTime: v.number(),
  title: v.string(),
  description: v.string(),
  category: v.string(),
  subcategory: v.union(v.string(), v.null()),
  propertyType: v.string(),
  urgency: v.string(),
  status: jobStatus,
  location: v.string(),
  city: v.union(v.string(), v.null()),
  state: v.union(v.string(), v.null()),
  zipCode: v.string(),
  budget: v.union(v.string(), v.null()),
  timeline: v.union(v.string(), v.null()),
  requirements: v.array(v.string()),
  photoRequired: v.boolean(),
  photoStatus: v.string(),
  source: v.string(),
  bidCount: v.number(),
  distanceMiles: v.union(v.number(), v.null()),
  customer: v.object({
    _id: v.id("users"),
    name: v.string(),
    rating: v.number(),
    reviewCount: v.number(),
  }),
});
export type JobCard = Infer<typeof jobCardValidator>;

export async function toCard(ctx: QueryCtx, job: Job, from: GeoPoint | null): Promise<JobCard> {
  const customer = await ctx.db.get(job.customerId);
  return {
    _id: job._id,
    _creationTime: job._creationTime,
    title: job.title,
    description: job.description,
    category: job.category,
    subcategory: job.subcategory ?? null,
    propertyType: job.propertyType,
    urgency: job.urgency,
    status: jobState(job),
    location: job.location,
    city: job.city ?? null,
    state: job.state ?? null,
    zipCode: job.zipCode,
    budget: job.budget ?? null,
    timeline: job.timeline ?? null,
    requirements: job.requirements,
    photoRequired: job.photoRequired,
    photoStatus: job.photoStatus,
    source: job.source,
    bidCount: job.activeBidCount,
    distanceMiles:
      from && job.lat !== undefined && job.lng !== undefined
        ? Math.round(distanceMiles(from, { lat: job.lat, lng: job.lng }) * 10) / 10
        : null,
    customer: {
      _id: job.customerId,
      name: customer
        ? `${customer.firstName ?? ""} ${(customer.lastName ?? "").slice(0, 1)}.`.trim()
        : "Property owner",
      rating: customer?.rating ?? 0,
      reviewCount: customer?.reviewCount ?? 0,
    },
  };
}

/** Where a member is, for distances on cards (null without a located ZIP). */
export function pointOf(user: Doc<"users"> | null): GeoPoint | null {
  return user && user.lat !== undefined && user.lng !== undefined ? { lat: user.lat, lng: user.lng } : null;
}

export function pointOfZip(zip: string): GeoPoint {
  const point = zipToPoint(zip);
  if (point === null) invalid(JobMessages.zipUnknown, { zipCode: JobMessages.zipUnknown });
  return point;
}

// ---------------------------------------------------------------------------
// Creating jobs.

/** Photographers told about a new photo request. */
const PHOTO_ROUTING_LIMIT = 20;

export type NewJobFields = Omit<
  Doc<"jobs">,
  | "_id"
  | "_creationTime"
  | "customerId"
  | "status"
  | "photoStatus"
  | "activeBidCount"
  | "searchText"
  | "urgencyRank"
  | "budgetMax"
  | "skillLevel"
> & { skillLevel?: string };

/** Inserts an available job for `customer` (the app's create, quote request and seed all come here). */
export async function insertJob(ctx: MutationCtx, customer: Doc<"users">, fields: NewJobFields): Promise<Job> {
  const point = pointOfZip(fields.zipCode);
  // City and state come from the ZIP when the form did not give them, so place search finds every job.
  const place = zipToPlace(fields.zipCode)!;
  const jobId = await ctx.db.insert("jobs", {
    skillLevel: "intermediate",
    city: place.city,
    state: place.state,
    ...fields,
    ...locationFields(fields.zipCode),
    customerId: customer._id,
    status: "available",
    photoStatus: fields.photoRequired ? "requested" : "not_requested",
    activeBidCount: 0,
    urgencyRank: urgencyRank(fields.urgency),
    budgetMax: budgetMaxOf(fields.budget) ?? 0,
    searchText: `${fields.title}\n${fields.description}`,
  });
  const job = (await ctx.db.get(jobId))!;
  await countStatusChange(ctx, job.category, null, "available");
  await recordEvent(ctx, job, customer._id, "status", { toStatus: "available" });
  if (job.photoRequired) {
    const photographers = await matchingProfessionals(ctx, "photography", point, PHOTO_ROUTING_LIMIT * 2);
    const ids: Id<"users">[] = [];
    for (const match of photographers) {
      const user = await ctx.db.get(match.userId);
      if (user?.professions?.includes(PHOTOGRAPHER_PROFESSION)) ids.push(match.userId);
      if (ids.length >= PHOTO_ROUTING_LIMIT) break;
    }
    await notifyAll(ctx, ids, {
      type: "job",
      title: "Photographer requested",
      content: `"${job.title}" in ${job.location} needs a photographer.`,
      actionUrl: jobUrl(job),
      actorId: customer._id,
      entityType: "job",
      entityId: job._id,
    });
  }
  return job;
}

// ---------------------------------------------------------------------------
// Who may bid, who may take a photo request (boolean check + throwing assert).

/** Why `user` may not bid on `job` now, or null when they may. */
function bidRefusal(job: Job, user: Doc<"users">, own: Bid | null): { code: ErrorCode; message: string } | null {
  if (user.userType !== "professional") return { code: ErrorCode.FORBIDDEN, message: JobMessages.onlyProfessionalsBid };
  if (job.customerId === user._id) return { code: ErrorCode.FORBIDDEN, message: JobMessages.ownJob };
  if (job.ownerHidden === true) return { code: ErrorCode.NOT_FOUND, message: JobMessages.jobGone };
  if (!isOpen(job)) return { code: ErrorCode.INVALID_INPUT, message: JobMessages.jobNotOpen };
  if (own !== null && own.status === "active")
    return { code: ErrorCode.INVALID_INPUT, message: JobMessages.alreadyBid };
  return null;
}

/** `own`: the user's latest bid on the job (viewerBid). */
export function canBid(job: Job, user: Doc<"users">, own: Bid | null): boolean {
  return bidRefusal(job, user, own) === null;
}

export function assertCanBid(job: Job, user: Doc<"users">, own: Bid | null): void {
  const refusal = bidRefusal(job, user, own);
  if (refusal) fail(refusal.code, refusal.message);
}

function photoRefusal(job: Job, user: Doc<"users">): { code: ErrorCode; message: string } | null {
  if (!(user.professions ?? []).includes(PHOTOGRAPHER_PROFESSION))
    return { code: ErrorCode.FORBIDDEN, message: JobMessages.onlyPhotographer };
  if (job.customerId === user._id) return { code: ErrorCode.FORBIDDEN, message: JobMessages.ownJob };
  // The photos document the hired pro's work for the owner: the pro can't be their own witness.
  if (job.contractorId === user._id) return { code: ErrorCode.FORBIDDEN, message: JobMessages.hiredNotPhotographer };
  const state = jobState(job);
  if (!photoFrom("take").includes(job.photoStatus) || state === "cancelled" || state === "completed")
    return { code: ErrorCode.INVALID_INPUT, message: JobMessages.photoRequestClosed };
  return null;
}

export function canTakePhotos(job: Job, user: Doc<"users">): boolean {
  return photoRefusal(job, user) === null;
}

export function assertCanTakePhotos(job: Job, user: Doc<"users">): void {
  const refusal = photoRefusal(job, user);
  if (refusal) fail(refusal.code, refusal.message);
}

export function canDeliverPhotos(job: Job, user: Doc<"users">): boolean {
  return job.photographerId === user._id && photoFrom("deliver").includes(job.photoStatus);
}

/** Why `user` may not let the booked photographer go now (null: allowed): the owner or the photographer, before delivery. */
function releaseRefusal(job: Job, user: Doc<"users">): { code: ErrorCode; message: string } | null {
  if (job.customerId !== user._id && job.photographerId !== user._id)
    return { code: ErrorCode.FORBIDDEN, message: JobMessages.onlyOwnerOrPhotographer };
  if (!photoFrom("release").includes(job.photoStatus) || job.photographerId === undefined) {
    const message =
      job.photoStatus === "delivered" ? JobMessages.photosAlreadyDelivered : JobMessages.photographerNotBooked;
    return { code: ErrorCode.INVALID_INPUT, message };
  }
  return null;
}

export function canReleasePhotographer(job: Job, user: Doc<"users">): boolean {
  return releaseRefusal(job, user) === null;
}

export function assertCanReleasePhotographer(job: Job, user: Doc<"users">): void {
  const refusal = releaseRefusal(job, user);
  if (refusal) fail(refusal.code, refusal.message);
}

export function assertCanDeliverPhotos(job: Job, user: Doc<"users">): void {
  if (job.photographerId !== user._id) forbidden(JobMessages.onlyBookedPhotographer);
  if (!photoFrom("deliver").includes(job.photoStatus)) invalid(JobMessages.photosAlreadyDelivered);
}

/** Jobs one sync step reads (the rest in scheduled steps). */
const OWNER_SYNC_BATCH = 100;

/**
 * A page of the member's jobs made to match their account: a banned owner's jobs carry
 * `ownerHidden`, which the job lists skip (isListed) and bidding refuses; an unban clears it.
 * (A deleted owner's open jobs are cancelled by the deletion itself.) Pages by _creationTime;
 * returns the next cursor, or null when done.
 */
export async function syncOwnerJobs(
  ctx: MutationCtx,
  userId: Id<"users">,
  after: number | null,
): Promise<number | null> {
  const user = await ctx.db.get("users", userId);
  if (user === null) return null;
  const hidden = user.bannedAt !== undefined;
  const rows = await ctx.db
    .query("jobs")
    .withIndex("by_customerId", (q) =>
      after === null ? q.eq("customerId", userId) : q.eq("customerId", userId).gt("_creationTime", after),
    )
    .take(OWNER_SYNC_BATCH);
  for (const job of rows) {
    if ((job.ownerHidden === true) !== hidden)
      await ctx.db.patch("jobs", job._id, { ownerHidden: hidden ? true : undefined });
  }
  return rows.length === OWNER_SYNC_BATCH ? rows[rows.length - 1]!._creationTime : null;
}

/** Shown in the job lists: not a banned owner's (syncOwnerJobs). */
export function isListed(job: Pick<Job, "ownerHidden">): boolean {
  return job.ownerHidden !== true;
}
