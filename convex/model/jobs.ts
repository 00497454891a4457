// The job and bid state machine (STYLE.md rule 8). One table of transitions;
// every change goes through `transition`, which checks who may do it and from
// which state, moves the counters, records the event and tells the other side,
// all in the caller's transaction.
//
//   available --first bid--> quote_requested --accept bid--> assigned --start--> in_progress
//   in_progress --contractor marks done (completionRequestedAt)--> owner confirms --> completed
//   available | quote_requested | assigned --owner cancels--> cancelled
//   quote_requested --last active bid withdrawn--> available
import { ConvexError } from "convex/values";
import { ErrorCode } from "../../common/errors";
import { formatBidPrice, JobMessages, OPEN_STATUSES, type JobStatus } from "../../common/jobs";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { notify } from "./notifications";
import { onJobClosed, onJobCompleted } from "./referrals";
import { displayName } from "./users";

export type Job = Doc<"jobs">;
export type Bid = Doc<"bids">;
type Role = "owner" | "contractor";

export const JOB_ACTIONS = {
  start: { from: ["assigned"], to: "in_progress", by: "contractor", verb: "started" },
  markDone: { from: ["in_progress"], to: "in_progress", by: "contractor", verb: "marked done" },
  confirmCompletion: { from: ["in_progress"], to: "completed", by: "owner", verb: "completed" },
  cancel: { from: ["available", "quote_requested", "assigned"], to: "cancelled", by: "owner", verb: "cancelled" },
} as const satisfies Record<string, { from: readonly JobStatus[]; to: JobStatus; by: Role; verb: string }>;
export type JobAction = keyof typeof JOB_ACTIONS;

function fail(code: (typeof ErrorCode)[keyof typeof ErrorCode], message: string): never {
  throw new ConvexError({ code, message });
}

export function isOpen(job: Job): boolean {
  return OPEN_STATUSES.includes(job.status);
}

export async function getJobX(ctx: QueryCtx, jobId: Id<"jobs">): Promise<Job> {
  const job = await ctx.db.get(jobId);
  if (job === null) fail(ErrorCode.NOT_FOUND, JobMessages.jobNotFound);
  return job;
}

export function canAct(job: Job, action: JobAction, viewerId: Id<"users">): boolean {
  const rule = JOB_ACTIONS[action];
  const isActor = rule.by === "owner" ? job.customerId === viewerId : job.contractorId === viewerId;
  if (!isActor || !(rule.from as readonly JobStatus[]).includes(job.status)) return false;
  if (action === "markDone") return job.completionRequestedAt === undefined;
  if (action === "confirmCompletion") return job.completionRequestedAt !== undefined;
  return true;
}

export function assertCanAct(job: Job, action: JobAction, viewerId: Id<"users">): void {
  const rule = JOB_ACTIONS[action];
  const isActor = rule.by === "owner" ? job.customerId === viewerId : job.contractorId === viewerId;
  if (!isActor) fail(ErrorCode.FORBIDDEN, rule.by === "owner" ? JobMessages.onlyOwner : JobMessages.onlyContractor);
  if (!canAct(job, action, viewerId)) {
    const state = action === "confirmCompletion" ? "not marked done yet" : job.status;
    const message =
      action === "markDone" && job.completionRequestedAt !== undefined
        ? "This job is already marked done and waits for the owner's confirmation."
        : JobMessages.illegalTransition(state, rule.verb);
    fail(ErrorCode.INVALID_INPUT, message);
  }
}

async function bump(
  ctx: MutationCtx,
  userId: Id<"users"> | undefined,
  changes: Partial<Record<"jobsPostedActive" | "jobsPostedCompleted" | "jobsWorkingActive" | "jobsWorkingCompleted", number>>,
) {
  if (userId === undefined) return;
  const user = await ctx.db.get(userId);
  if (user === null) return;
  const patch: Record<string, number> = {};
  for (const [field, delta] of Object.entries(changes)) {
    patch[field] = Math.max(0, ((user as Record<string, unknown>)[field] as number | undefined ?? 0) + delta);
  }
  await ctx.db.patch(userId, patch);
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

/** Moves one job between the "status:category" counters (from null: a new job). */
export async function countStatusChange(ctx: MutationCtx, category: string, from: JobStatus | null, to: JobStatus) {
  if (from === to) return;
  const deltas = new Map<string, number>();
  const add = (status: string, delta: number) => {
    for (const key of [`${status}:${category}`, `${status}:all`]) deltas.set(key, (deltas.get(key) ?? 0) + delta);
  };
  if (from === null) add("all", 1);
  else add(from, -1);
  add(to, 1);
  for (const [key, delta] of deltas) {
    if (delta === 0) continue;
    const row = await ctx.db
      .query("jobCounts")
      .withIndex("by_key", (q) => q.eq("key", key))
      .unique();
    if (row) await ctx.db.patch(row._id, { count: Math.max(0, row.count + delta) });
    else await ctx.db.insert("jobCounts", { key, count: Math.max(0, delta) });
  }
}

export async function jobCount(ctx: QueryCtx, status: string | undefined, category: string | undefined) {
  const row = await ctx.db
    .query("jobCounts")
    .withIndex("by_key", (q) => q.eq("key", `${status ?? "all"}:${category ?? "all"}`))
    .unique();
  return row?.count ?? 0;
}

const jobUrl = (job: Job) => `/jobs/${job._id}`;

/** Runs one transition of JOB_ACTIONS for the viewer. */
export async function transition(ctx: MutationCtx, job: Job, action: JobAction, viewer: Doc<"users">): Promise<void> {
  assertCanAct(job, action, viewer._id);
  const rule = JOB_ACTIONS[action];
  const from = job.status;
  const now = Date.now();
  if (action === "markDone") {
    await ctx.db.patch(job._id, { completionRequestedAt: now });
    await recordEvent(ctx, job, viewer._id, "marked_done");
    await notify(ctx, {
      userId: job.customerId,
      type: "job",
      title: "Work marked done",
      content: `The work on "${job.title}" is done. Please review it and confirm completion.`,
      actionUrl: jobUrl(job),
      actorId: viewer._id,
      entityType: "job",
      entityId: job._id,
    });
    return;
  }
  await ctx.db.patch(job._id, {
    status: rule.to,
    ...(action === "confirmCompletion" ? { completedAt: now } : {}),
  });
  await countStatusChange(ctx, job.category, from, rule.to);
  await recordEvent(ctx, job, viewer._id, "status", { fromStatus: from, toStatus: rule.to });

  if (action === "confirmCompletion") {
    await bump(ctx, job.customerId, { jobsPostedActive: -1, jobsPostedCompleted: 1 });
    await bump(ctx, job.contractorId, { jobsWorkingActive: -1, jobsWorkingCompleted: 1 });
    await onJobCompleted(ctx, job);
  }
  if (action === "cancel") {
    await onJobClosed(ctx, job);
    if (from === "assigned") {
      await bump(ctx, job.customerId, { jobsPostedActive: -1 });
      await bump(ctx, job.contractorId, { jobsWorkingActive: -1 });
    }
    // Open bids end with the job; their authors hear about it.
    for (const bid of await activeBids(ctx, job._id)) {
      await ctx.db.patch(bid._id, { status: "declined", respondedAt: now, updatedAt: now });
      await notify(ctx, {
        userId: bid.professionalId,
        type: "job",
        title: "Job cancelled",
        content: `"${job.title}" was cancelled by its owner.`,
        actionUrl: jobUrl(job),
        actorId: viewer._id,
        entityType: "job",
        entityId: job._id,
      });
    }
    if (job.activeBidCount !== 0) await ctx.db.patch(job._id, { activeBidCount: 0 });
  }
  const other = rule.by === "owner" ? job.contractorId : job.customerId;
  if (other !== undefined) {
    const titles: Record<JobAction, string> = {
      start: "Work started",
      markDone: "Work marked done",
      confirmCompletion: "Job completed",
      cancel: "Job cancelled",
    };
    await notify(ctx, {
      userId: other,
      type: "job",
      title: titles[action],
      content: `"${job.title}" is now ${rule.to.replace(/_/g, " ")}.`,
      actionUrl: jobUrl(job),
      actorId: viewer._id,
      entityType: "job",
      entityId: job._id,
    });
  }
}

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

export async function placeBid(ctx: MutationCtx, job: Job, pro: Doc<"users">, values: BidValues): Promise<Id<"bids">> {
  if (pro.userType !== "professional") fail(ErrorCode.FORBIDDEN, JobMessages.onlyProfessionalsBid);
  if (job.customerId === pro._id) fail(ErrorCode.FORBIDDEN, JobMessages.ownJob);
  if (!isOpen(job)) fail(ErrorCode.INVALID_INPUT, JobMessages.jobNotOpen);
  const existing = await viewerBid(ctx, job._id, pro._id);
  if (existing !== null && existing.status === "active") fail(ErrorCode.INVALID_INPUT, JobMessages.alreadyBid);
  const now = Date.now();
  const bidId = await ctx.db.insert("bids", {
    jobId: job._id,
    professionalId: pro._id,
    ...values,
    status: "active",
    updatedAt: now,
  });
  const first = job.status === "available";
  await ctx.db.patch(job._id, { activeBidCount: job.activeBidCount + 1, ...(first ? { status: "quote_requested" } : {}) });
  if (first) await countStatusChange(ctx, job.category, "available", "quote_requested");
  await recordEvent(ctx, job, pro._id, "bid_placed", {
    ...(first ? { fromStatus: "available", toStatus: "quote_requested" } : {}),
    detail: formatBidPrice(values.priceMin, values.priceMax),
  });
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
  await recordEvent(ctx, job, bid.professionalId, "bid_updated", { detail: formatBidPrice(values.priceMin, values.priceMax) });
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

async function closeBid(ctx: MutationCtx, bid: Bid, job: Job, status: "withdrawn" | "declined") {
  const now = Date.now();
  await ctx.db.patch(bid._id, { status, updatedAt: now, respondedAt: now });
  const remaining = Math.max(0, job.activeBidCount - 1);
  // The last bid gone: the job is plainly available again.
  const reopen = remaining === 0 && job.status === "quote_requested";
  await ctx.db.patch(job._id, { activeBidCount: remaining, ...(reopen ? { status: "available" } : {}) });
  if (reopen) await countStatusChange(ctx, job.category, "quote_requested", "available");
  return reopen;
}

export async function withdrawBid(ctx: MutationCtx, bid: Bid, job: Job) {
  const reopened = await closeBid(ctx, bid, job, "withdrawn");
  await recordEvent(ctx, job, bid.professionalId, "bid_withdrawn", reopened ? { fromStatus: "quote_requested", toStatus: "available" } : {});
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
  if (!isOpen(job)) fail(ErrorCode.INVALID_INPUT, JobMessages.illegalTransition(job.status, "assigned again"));
  if (bid.status !== "active") fail(ErrorCode.INVALID_INPUT, JobMessages.bidNotActive);
  return { bid, job };
}

export async function declineBid(ctx: MutationCtx, bid: Bid, job: Job, ownerId: Id<"users">) {
  const reopened = await closeBid(ctx, bid, job, "declined");
  await recordEvent(ctx, job, ownerId, "bid_declined", reopened ? { fromStatus: "quote_requested", toStatus: "available" } : {});
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

/** Accepting a bid hires its author: the job is assigned, every other open bid is declined and told. */
export async function acceptBid(ctx: MutationCtx, bid: Bid, job: Job, ownerId: Id<"users">) {
  const now = Date.now();
  await ctx.db.patch(bid._id, { status: "accepted", respondedAt: now, updatedAt: now });
  await ctx.db.patch(job._id, {
    status: "assigned",
    contractorId: bid.professionalId,
    acceptedPrice: bid.priceMax ?? bid.priceMin,
    activeBidCount: 0,
  });
  await countStatusChange(ctx, job.category, job.status, "assigned");
  await recordEvent(ctx, job, ownerId, "status", {
    fromStatus: job.status,
    toStatus: "assigned",
    detail: formatBidPrice(bid.priceMin, bid.priceMax),
  });
  await bump(ctx, job.customerId, { jobsPostedActive: 1 });
  await bump(ctx, bid.professionalId, { jobsWorkingActive: 1 });
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
    await ctx.db.patch(other._id, { status: "declined", respondedAt: now, updatedAt: now });
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

