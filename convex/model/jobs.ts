// The job and bid state machine (STYLE.md rule 8). One table of transitions;
// every change goes through `transition`, which checks who may do it and from
// which state, moves the counters, records the event and tells the other side,
// all in the caller's transaction.
//
//   available --first bid--> quote_requested --accept bid--> assigned --start--> in_progress
//   in_progress --contractor marks done (completionRequestedAt)--> owner confirms --> completed
//   available | quote_requested | assigned --owner cancels--> cancelled
//   quote_requested --last active bid withdrawn--> available
import { v, type Infer } from "convex/values";
import { ErrorCode } from "../../common/errors";
import {
  budgetMaxOf,
  formatBidPrice,
  JobMessages,
  OPEN_STATUSES,
  PHOTOGRAPHER_PROFESSION,
  urgencyRank,
  type JobStatus,
} from "../../common/jobs";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { jobStatus } from "../schema";
import { adjustCounters } from "./counters";
import { fail, forbidden, invalid } from "./errors";
import { distanceMiles, locationFields, zipToPlace, zipToPoint, type GeoPoint } from "./geo";
import { notify, notifyAll } from "./notifications";
import { matchingProfessionals } from "./professionals";
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

type JobCounter = "jobsPostedActive" | "jobsPostedCompleted" | "jobsWorkingActive" | "jobsWorkingCompleted";

async function bump(ctx: MutationCtx, userId: Id<"users"> | undefined, deltas: Partial<Record<JobCounter, number>>) {
  if (userId !== undefined) await adjustCounters(ctx, "users", userId, deltas);
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
  assertCanBid(job, pro, await viewerBid(ctx, job._id, pro._id));
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
    status: job.status,
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
  if (!isOpen(job)) return { code: ErrorCode.INVALID_INPUT, message: JobMessages.jobNotOpen };
  if (own !== null && own.status === "active") return { code: ErrorCode.INVALID_INPUT, message: JobMessages.alreadyBid };
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
  if (job.photoStatus !== "requested" || job.status === "cancelled" || job.status === "completed")
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
  return job.photographerId === user._id && job.photoStatus === "scheduled";
}

export function assertCanDeliverPhotos(job: Job, user: Doc<"users">): void {
  if (job.photographerId !== user._id) forbidden(JobMessages.onlyBookedPhotographer);
  if (job.photoStatus !== "scheduled") invalid(JobMessages.photosAlreadyDelivered);
}
