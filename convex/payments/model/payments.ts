// Payment protection for a hired job (issue 15): one transitions table, Sharetribe style.
// Every change of a payment's state runs through `movePayment`, which checks the current
// state and the caller, bumps the version (a scheduled firing naming an older version does
// nothing), writes a paymentHistory row (who, when, why, from -> to, idempotency key) and
// queues the money it moves as paymentMoves rows, each done once by an action
// (payments/moves.ts) with an idempotency key derived from the transition's.
//
//   (accept, a range bid without a chosen price) -> awaiting_quote --confirmQuote (pro, a price in the range)--> awaiting_funding
//   awaiting_quote --cancel (owner, the job cancelled)--> cancelled
//   awaiting_funding --split (owner, before any checkout: the job's milestones)--> awaiting_funding
//   (accept, one price) -> awaiting_funding --fund (system: the checkout webhook, paid)--> funded
//   awaiting_funding --fundingStarted (system: checkout completed unpaid, a bank debit)--> processing
//   processing --fund (system: async_payment_succeeded)--> funded;  processing --fundingFailed (system)--> awaiting_funding
//   awaiting_funding | processing --cancel (owner, the job cancelled; or one later milestone, never funded, dropped)--> cancelled
//   funded --refundUnstarted (owner, the job cancelled before work started)--> refunded
//   funded --submitCompletion (pro, photos + checklist)--> completion_submitted
//   completion_submitted --requestChanges (owner, at most twice)--> funded
//   completion_submitted --approve (owner) | autoRelease (system, window over)--> released
//   funded | completion_submitted --openDispute (owner in the window; pro after two change requests)--> disputed
//   A bank chargeback (charge.dispute.created) is recorded in every state (chargebackStatus); while
//   it is open the bank decides and no admin outcome runs:
//   funded | completion_submitted | disputed (a member's) --chargebackOpened (system)--> disputed
//   disputed --chargebackWon (system)--> funded, or --chargebackWonDispute--> disputed (a member's dispute, back to the admin)
//   disputed --chargebackLost (system)--> refunded
//   refunded --chargebackOnRefunded | chargebackClosedOnRefunded (system)--> refunded (a pending refund waits for the bank)
//   disputed --resolveRelease | resolveRefund | resolveSplit (admin)--> released | refunded | partially_refunded
//   After release the money is the pro's; only a transfer reversal takes it back:
//   released | partially_refunded --chargebackAfterRelease (system: charge.dispute.created)--> charged_back
//   charged_back --chargebackWonReleased | chargebackWonSplit (system, back where it was)--> released | partially_refunded
//   charged_back --chargebackLostAfterRelease (system: the transfer reversed)--> refunded
//   released | partially_refunded --refundReleased (admin: the transfer reversed, the card refunded)--> refunded
//
// Invariant: releasedCents + refundedCents <= fundedCents, to the cent; nothing leaves a final state.
//
// Milestones: the owner may split the settled amount into up to 5 milestones before funding
// starts. Each milestone is its own jobPayments row (milestoneIndex, milestoneTitle), so the
// table, the history and the money moves run per milestone; a job without milestones is one row.
// Milestones are funded in order; work starts once the first is funded; the job's own
// transitions (markDone, sendBack, confirmCompletion) follow the last milestone still open, and
// the job closes when every milestone is settled.
import { env } from "../../_generated/server";
import { ErrorCode } from "../../../common/errors";
import {
  DEFAULT_REVIEW_WINDOW_HOURS,
  DISPUTE_STALLED_DAYS,
  formatCents,
  MAX_CHANGE_REQUESTS,
  MilestoneCopy,
  milestoneLabel,
  milestoneSplitProblem,
  PaymentCopy,
  type MilestoneInput,
  REMINDER_BEFORE_MS,
  type PaymentState,
  STATE_LABELS,
} from "../../../common/payments";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { recordAudit } from "../../model/audit";
import { releaseHeldFiles } from "../../model/files";
import { fail, forbidden, invalid, notFound } from "../../model/errors";
import { assertCanTransition, getJobX, jobState, transition, type Bid, type Job } from "../../model/jobs";
import { notify } from "../../model/notifications";
import { milestoneIndexOf, paymentsOfJob } from "./paymentRows";
import { startMove } from "./movePool";
import type { TransitionRule } from "../../model/transitions";
import { displayName } from "../../model/users";

export type Payment = Doc<"jobPayments">;
export { milestoneIndexOf, paymentsOfJob };
type By = "owner" | "pro" | "party" | "admin" | "system";
type PaymentRule = TransitionRule<PaymentState, By>;

export const PAYMENT_TRANSITIONS = {
  confirmQuote: { from: ["awaiting_quote"], to: "awaiting_funding", by: "pro", verb: "quoted" },
  split: { from: ["awaiting_funding"], to: "awaiting_funding", by: "owner", verb: "split into milestones" },
  fund: { from: ["awaiting_funding", "processing"], to: "funded", by: "system", verb: "funded" },
  fundingStarted: { from: ["awaiting_funding"], to: "processing", by: "system", verb: "paid by bank" },
  fundingFailed: { from: ["processing"], to: "awaiting_funding", by: "system", verb: "failed" },
  cancel: { from: ["awaiting_quote", "awaiting_funding", "processing"], to: "cancelled", by: "owner", verb: "cancelled" },
  refundUnstarted: { from: ["funded"], to: "refunded", by: "owner", verb: "refunded" },
  submitCompletion: { from: ["funded"], to: "completion_submitted", by: "pro", verb: "submitted for review" },
  requestChanges: { from: ["completion_submitted"], to: "funded", by: "owner", verb: "sent back" },
  approve: { from: ["completion_submitted"], to: "released", by: "owner", verb: "released" },
  autoRelease: { from: ["completion_submitted"], to: "released", by: "system", verb: "released" },
  openDispute: { from: ["funded", "completion_submitted"], to: "disputed", by: "party", verb: "disputed" },
  chargebackOpened: { from: ["funded", "completion_submitted", "disputed"], to: "disputed", by: "system", verb: "disputed" },
  chargebackWon: { from: ["disputed"], to: "funded", by: "system", verb: "settled" },
  chargebackWonDispute: { from: ["disputed"], to: "disputed", by: "system", verb: "settled" },
  chargebackLost: { from: ["disputed"], to: "refunded", by: "system", verb: "refunded" },
  resolveRelease: { from: ["disputed"], to: "released", by: "admin", verb: "released" },
  resolveRefund: { from: ["disputed"], to: "refunded", by: "admin", verb: "refunded" },
  resolveSplit: { from: ["disputed"], to: "partially_refunded", by: "admin", verb: "split" },
  chargebackAfterRelease: { from: ["released", "partially_refunded"], to: "charged_back", by: "system", verb: "charged back" },
  chargebackWonReleased: { from: ["charged_back"], to: "released", by: "system", verb: "settled" },
  chargebackWonSplit: { from: ["charged_back"], to: "partially_refunded", by: "system", verb: "settled" },
  chargebackLostAfterRelease: { from: ["charged_back"], to: "refunded", by: "system", verb: "refunded" },
  refundReleased: { from: ["released", "partially_refunded"], to: "refunded", by: "admin", verb: "refunded" },
  chargebackOnRefunded: { from: ["refunded"], to: "refunded", by: "system", verb: "charged back" },
  chargebackClosedOnRefunded: { from: ["refunded"], to: "refunded", by: "system", verb: "settled" },
} as const satisfies Record<string, PaymentRule>;
export type PaymentTransition = keyof typeof PAYMENT_TRANSITIONS;

/** Who is acting: a member (their user row) or the system (a webhook, the scheduler). */
export type PaymentActor = { kind: "member"; user: Doc<"users"> } | { kind: "system" };
export const SYSTEM: PaymentActor = { kind: "system" };

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** The owner's review window after completion is submitted (PAYMENT_REVIEW_WINDOW_HOURS, default 72). */
export function reviewWindowMs(): number {
  const hours = Number(env.PAYMENT_REVIEW_WINDOW_HOURS);
  return (Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_REVIEW_WINDOW_HOURS) * HOUR;
}

/** " for milestone 2 (Framing)" for a milestone's row, "" for a job without milestones: for notices. */
export const milestoneOf = (p: Pick<Payment, "milestoneIndex" | "milestoneTitle">) =>
  p.milestoneTitle === undefined ? "" : ` for milestone ${milestoneIndexOf(p) + 1} (${p.milestoneTitle})`;

/**
 * One payment of the job: milestone `index` (0-based), or, without one, the job's only payment
 * (a job split into several milestones asks which: only its two sides hear how many there are,
 * when `viewerId` names the caller). Null: the job has no payment.
 */
export async function paymentOfJob(ctx: QueryCtx, jobId: Id<"jobs">, index?: number, viewerId?: Id<"users">): Promise<Payment | null> {
  const rows = await paymentsOfJob(ctx, jobId);
  if (rows.length === 0) return null;
  if (viewerId !== undefined && sideOf(rows[0]!, viewerId) === null && rows.length > 1) forbidden(PaymentCopy.onlyParty);
  if (index === undefined) {
    if (rows.length > 1) invalid(MilestoneCopy.choose(rows.length), { milestoneIndex: MilestoneCopy.choose(rows.length) });
    return rows[0]!;
  }
  const row = rows.find((p) => milestoneIndexOf(p) === index);
  if (row === undefined) notFound(MilestoneCopy.unknown);
  return row;
}

export async function paymentOfJobX(ctx: QueryCtx, jobId: Id<"jobs">, index?: number, viewerId?: Id<"users">): Promise<Payment> {
  const payment = await paymentOfJob(ctx, jobId, index, viewerId);
  if (payment === null) notFound(PaymentCopy.notFound);
  return payment;
}

/** States after which a milestone's money is settled (released, refunded, or never paid). */
const SETTLED_STATES: readonly PaymentState[] = ["released", "refunded", "partially_refunded", "cancelled", "charged_back"];

/** Whether every other milestone of the job is settled: this one's steps are then the job's own. */
async function lastOpenMilestone(ctx: QueryCtx, payment: Payment): Promise<boolean> {
  const rows = await paymentsOfJob(ctx, payment.jobId);
  return rows.every((r) => r._id === payment._id || SETTLED_STATES.includes(r.state));
}

/** The side `userId` is on: owner, pro, or neither. */
export function sideOf(payment: Payment, userId: Id<"users">): "owner" | "pro" | null {
  if (payment.ownerId === userId) return "owner";
  if (payment.proId === userId) return "pro";
  return null;
}

/** What the money can still do: held now, the pro's share if released now. */
export const heldCents = (p: Pick<Payment, "fundedCents" | "releasedCents" | "refundedCents">) =>
  p.fundedCents - p.releasedCents - p.refundedCents;

/** Why `actor` may not run `name` on `payment` now (null: allowed). Rules beyond the table's from/by are here too. */
export function paymentRefusal(
  payment: Payment,
  name: PaymentTransition,
  actor: PaymentActor,
  now = Date.now(),
): { code: ErrorCode; message: string } | null {
  const rule: PaymentRule = PAYMENT_TRANSITIONS[name];
  if (rule.by === "system") {
    if (actor.kind !== "system") return { code: ErrorCode.FORBIDDEN, message: PaymentCopy.systemOnly };
  } else {
    if (actor.kind !== "member") return { code: ErrorCode.FORBIDDEN, message: PaymentCopy.onlyParty };
    const side = sideOf(payment, actor.user._id);
    // An admin who is a side of the job decides nothing on it: another admin must.
    if (rule.by === "admin" && actor.user.role === "admin" && side !== null) return { code: ErrorCode.FORBIDDEN, message: PaymentCopy.adminIsParty };
    const allowed =
      rule.by === "admin"
        ? actor.user.role === "admin"
        : rule.by === "party"
          ? side !== null
          : side === rule.by;
    if (!allowed) {
      const message =
        rule.by === "admin"
          ? PaymentCopy.onlyAdmin
          : rule.by === "owner"
            ? PaymentCopy.onlyOwner
            : rule.by === "pro"
              ? PaymentCopy.onlyPro
              : PaymentCopy.onlyParty;
      return { code: ErrorCode.FORBIDDEN, message };
    }
  }
  if (!(rule.from as readonly PaymentState[]).includes(payment.state)) {
    return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.illegal(payment.state, rule.verb) };
  }
  const windowOpen = payment.reviewWindowEndsAt !== undefined && now < payment.reviewWindowEndsAt;
  if (name === "requestChanges" && payment.changesRequested >= MAX_CHANGE_REQUESTS) {
    return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.tooManyChanges };
  }
  if ((name === "approve" || name === "requestChanges") && !windowOpen) {
    return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.windowClosed };
  }
  if (name === "autoRelease" && (payment.reviewWindowEndsAt === undefined || now < payment.reviewWindowEndsAt)) {
    return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.illegal(payment.state, rule.verb) };
  }
  // A chargeback won after release goes back to the state it froze.
  if (name === "chargebackWonReleased" && payment.dispute?.fromState !== "released") {
    return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.illegal(payment.state, rule.verb) };
  }
  if (name === "chargebackWonSplit" && payment.dispute?.fromState !== "partially_refunded") {
    return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.illegal(payment.state, rule.verb) };
  }
  // A card chargeback is the bank's to decide (charge.dispute.closed); an admin's outcome would move the money twice.
  // That holds whatever state it arrived in, a member's dispute included.
  if (rule.by === "admin" && (payment.chargebackStatus === "open" || (payment.dispute?.openedBy === "chargeback" && payment.dispute.resolvedAt === undefined))) {
    return { code: ErrorCode.INVALID_INPUT, message: payment.dispute?.openedBy === "chargeback" ? PaymentCopy.bankDecides : PaymentCopy.bankDecidesMemberDispute };
  }
  // Closing a chargeback needs an open one; a member's dispute it interrupted goes back to the admin.
  const chargebackOpen = payment.chargebackStatus === "open";
  const fromMemberDispute = payment.chargeback?.fromState === "disputed";
  if ((name === "chargebackWonDispute" || name === "chargebackClosedOnRefunded") && !chargebackOpen) {
    return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.illegal(payment.state, rule.verb) };
  }
  if (name === "chargebackWonDispute" && !fromMemberDispute) {
    return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.illegal(payment.state, rule.verb) };
  }
  if (name === "chargebackWon" && chargebackOpen && fromMemberDispute) {
    return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.illegal(payment.state, rule.verb) };
  }
  if ((name === "chargebackOpened" || name === "chargebackOnRefunded") && chargebackOpen) {
    return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.illegal(payment.state, rule.verb) };
  }
  if (name === "split" && payment.checkoutStartedAt !== undefined) {
    return { code: ErrorCode.INVALID_INPUT, message: MilestoneCopy.fundingStarted };
  }
  if (name === "refundReleased" && payment.releasedCents <= 0) {
    return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.nothingReleased };
  }
  if (name === "openDispute" && actor.kind === "member") {
    const side = sideOf(payment, actor.user._id);
    if (side === "owner" && payment.state === "completion_submitted" && !windowOpen) {
      return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.windowClosed };
    }
    // Funded (or sent back): only once the work has stalled, since the last funding or submission.
    const quietSince = Math.max(payment.fundedAt ?? 0, payment.completion?.submittedAt ?? 0);
    if (side === "owner" && payment.state === "funded" && now < quietSince + DISPUTE_STALLED_DAYS * DAY) {
      return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.ownerDisputeTooEarly };
    }
    if (side === "pro" && payment.changesRequested < MAX_CHANGE_REQUESTS) {
      return { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.proDisputeTooEarly };
    }
  }
  return null;
}

export function canMovePayment(payment: Payment, name: PaymentTransition, actor: PaymentActor, now = Date.now()) {
  return paymentRefusal(payment, name, actor, now) === null;
}

/** The transitions a member may run now (what the payment panel offers). */
export const MEMBER_PAYMENT_ACTIONS = ["confirmQuote", "submitCompletion", "requestChanges", "approve", "openDispute"] as const;
export type MemberPaymentAction = (typeof MEMBER_PAYMENT_ACTIONS)[number];
export function availablePaymentActions(payment: Payment, user: Doc<"users">, now = Date.now()): MemberPaymentAction[] {
  const names = MEMBER_PAYMENT_ACTIONS;
  return names.filter((n) => canMovePayment(payment, n, { kind: "member", user }, now));
}

interface MoveOpts {
  reason?: string;
  patch?: Partial<Omit<Payment, "_id" | "_creationTime" | "state" | "version">>;
  /** Money this transition moves: each becomes one paymentMoves row and one scheduled action. */
  moves?: { kind: "transfer" | "refund" | "reversal"; amountCents: number }[];
}

/** Runs one transition of PAYMENT_TRANSITIONS: checks, writes state, history and moves, in the caller's transaction. */
export async function movePayment(
  ctx: MutationCtx,
  payment: Payment,
  name: PaymentTransition,
  actor: PaymentActor,
  opts: MoveOpts = {},
): Promise<Payment> {
  const now = Date.now();
  const refusal = paymentRefusal(payment, name, actor, now);
  if (refusal) fail(refusal.code, refusal.message);
  const rule = PAYMENT_TRANSITIONS[name];
  const version = payment.version + 1;
  const patch = { ...opts.patch, state: rule.to, version };
  const after: Payment = { ...payment, ...patch };
  if (after.releasedCents + after.refundedCents > after.fundedCents || after.releasedCents < 0 || after.refundedCents < 0) {
    // The invariant is the point of the whole table: refuse rather than move more than was paid.
    throw new Error(`payments: ${name} would move more than was funded on ${payment._id}`);
  }
  await ctx.db.patch("jobPayments", payment._id, patch);
  // A resubmitted completion or a new dispute replaces the photos: the old ones are freed
  // (record, bytes and the uploader's quota), not left in storage with nothing showing them.
  const replaced = (before: { photoIds: Id<"_storage">[] } | undefined, now: { photoIds: Id<"_storage">[] } | undefined) =>
    before === undefined || now === undefined ? [] : before.photoIds.filter((id) => !now.photoIds.includes(id));
  await releaseHeldFiles(ctx, payment._id, [
    ...replaced(payment.completion, opts.patch?.completion),
    ...replaced(payment.dispute, opts.patch?.dispute),
  ]);
  // One key per transition: the payment and its version name it uniquely, and a retry of the
  // same money move reuses it (Stripe's Idempotency-Key, the local gateway's records).
  const idempotencyKey = `${payment._id}:${version}:${name}`;
  const actorKind =
    actor.kind === "system" ? "system" : actor.user.role === "admin" && rule.by === "admin" ? "admin" : sideOf(payment, actor.user._id)!;
  await ctx.db.insert("paymentHistory", {
    paymentId: payment._id,
    transition: name,
    from: payment.state,
    to: rule.to,
    ...(actor.kind === "member" ? { actorId: actor.user._id } : {}),
    actorKind,
    ...(opts.reason ? { reason: opts.reason } : {}),
    idempotencyKey,
    at: now,
  });
  for (const move of opts.moves ?? []) {
    if (move.amountCents <= 0) continue;
    await queueMoneyMove(ctx, { paymentId: payment._id, kind: move.kind, amountCents: move.amountCents, idempotencyKey: `${idempotencyKey}:${move.kind}` });
  }
  return after;
}

/** Records a money move as pending and hands it to the payments pool (payments/moves.ts makes each try). */
export async function queueMoneyMove(
  ctx: MutationCtx,
  move: Pick<Doc<"paymentMoves">, "paymentId" | "kind" | "amountCents" | "idempotencyKey" | "strayPaymentIntentId">,
): Promise<Id<"paymentMoves">> {
  const moveId = await ctx.db.insert("paymentMoves", { ...move, status: "pending" });
  await startMove(ctx, { _id: moveId });
  return moveId;
}

/** Transfers one professional's payout account holds up at most, per pass (a bounded read). */
export const WAITING_PAYOUTS_BATCH = 100;

/**
 * The professional's payout account can take transfers now: every transfer that waited for it is
 * queued again at once (same row, same idempotency key; its tries were never spent).
 */
export async function releaseWaitingPayouts(ctx: MutationCtx, proId: Id<"users">): Promise<number> {
  const waiting = await ctx.db
    .query("paymentMoves")
    .withIndex("by_waitingFor", (q) => q.eq("waitingFor", proId))
    .take(WAITING_PAYOUTS_BATCH);
  let released = 0;
  for (const move of waiting) {
    if (move.status !== "waiting") continue;
    await ctx.db.patch("paymentMoves", move._id, { status: "pending", waitingFor: undefined });
    await startMove(ctx, move);
    released += 1;
  }
  return released;
}

/** History rows for one payment, newest first. */
export async function paymentHistoryOf(ctx: QueryCtx, paymentId: Id<"jobPayments">, limit = 50) {
  return await ctx.db
    .query("paymentHistory")
    .withIndex("by_paymentId", (q) => q.eq("paymentId", paymentId))
    .order("desc")
    .take(limit);
}

// ---------------------------------------------------------------------------
// The operations members, the webhook, the scheduler and admins run. Each couples the
// payment's transition with the job's, in one transaction.

const jobUrl = (jobId: Id<"jobs">) => `/jobs/${jobId}`;

async function tell(ctx: MutationCtx, userId: Id<"users">, payment: Payment, title: string, content: string, actorId?: Id<"users">) {
  await notify(ctx, {
    userId,
    type: "job",
    title,
    content,
    actionUrl: jobUrl(payment.jobId),
    ...(actorId ? { actorId } : {}),
    entityType: "job",
    entityId: payment.jobId,
  });
}

/**
 * Hiring opens the payment, its amount fixed at the settled price; `null` (a range bid the owner
 * left to the pro) opens it awaiting the pro's final quote, with nothing to fund until then.
 */
export async function openPayment(ctx: MutationCtx, job: Job, bid: Bid, amountCents: number | null): Promise<Id<"jobPayments">> {
  const range = bidRangeCents(bid);
  const state = amountCents === null ? "awaiting_quote" : "awaiting_funding";
  const paymentId = await ctx.db.insert("jobPayments", {
    jobId: job._id,
    bidId: bid._id,
    ownerId: job.customerId,
    proId: bid.professionalId,
    state,
    amountCents: amountCents ?? 0,
    ...(amountCents === null ? { quote: range } : {}),
    fundedCents: 0,
    releasedCents: 0,
    refundedCents: 0,
    version: 0,
    changesRequested: 0,
  });
  await ctx.db.insert("paymentHistory", {
    paymentId,
    transition: "open",
    from: null,
    to: state,
    actorId: job.customerId,
    actorKind: "owner",
    reason:
      amountCents === null
        ? `Bid accepted; final quote between ${formatCents(range.minCents)} and ${formatCents(range.maxCents)} to be confirmed`
        : `Bid accepted at ${formatCents(amountCents)}`,
    idempotencyKey: `${paymentId}:0:open`,
    at: Date.now(),
  });
  if (amountCents === null) {
    await notify(ctx, {
      userId: bid.professionalId,
      type: "job",
      title: "Confirm your final quote",
      content: `You're hired for "${job.title}". Confirm your final price between ${formatCents(range.minCents)} and ${formatCents(range.maxCents)} so the owner can fund the job.`,
      actionUrl: jobUrl(job._id),
      entityType: "job",
      entityId: job._id,
    });
  }
  const pro = await ctx.db.get("users", bid.professionalId);
  if (pro !== null && pro.payoutsEnabled !== true) {
    await notify(ctx, {
      userId: pro._id,
      type: "job",
      title: "Connect a payout account",
      content: PaymentCopy.connectPayouts,
      actionUrl: "/earnings",
      entityType: "job",
      entityId: job._id,
    });
  }
  return paymentId;
}

/** A bid's price range in cents (min = max for a single price). */
export function bidRangeCents(bid: Pick<Bid, "priceMin" | "priceMax">): { minCents: number; maxCents: number } {
  const minCents = Math.round(bid.priceMin * 100);
  return { minCents, maxCents: bid.priceMax === undefined ? minCents : Math.round(bid.priceMax * 100) };
}

/**
 * The price a bid settles to at hiring: its single price, or the point of its range the owner
 * chose. Cents. A range without a chosen point is null: the pro confirms a final quote later
 * (confirmQuote), never its top assumed.
 */
export function settledPriceCents(bid: Pick<Bid, "priceMin" | "priceMax">, chosenCents: number | undefined): number | null {
  const { minCents: min, maxCents: max } = bidRangeCents(bid);
  if (max === min) {
    if (chosenCents !== undefined && chosenCents !== min) fail(ErrorCode.INVALID_INPUT, PaymentCopy.priceOutOfRange(formatCents(min), formatCents(max)));
    return min;
  }
  if (chosenCents === undefined) return null;
  if (!Number.isInteger(chosenCents) || chosenCents < min || chosenCents > max) {
    const message = PaymentCopy.priceOutOfRange(formatCents(min), formatCents(max));
    fail(ErrorCode.INVALID_INPUT, message, { price: message });
  }
  return chosenCents;
}

/** The professional settles a range bid to one price in it: the amount the owner then funds. */
export async function confirmQuote(ctx: MutationCtx, payment: Payment, pro: Doc<"users">, priceCents: number): Promise<Payment> {
  const actor: PaymentActor = { kind: "member", user: pro };
  const refusal = paymentRefusal(payment, "confirmQuote", actor);
  if (refusal) {
    // Already settled reads as what it is, not as a state name.
    if (refusal.code === ErrorCode.INVALID_INPUT && payment.state !== "awaiting_quote" && payment.amountCents > 0) {
      fail(ErrorCode.INVALID_INPUT, PaymentCopy.quoteSettled(formatCents(payment.amountCents)));
    }
    fail(refusal.code, refusal.message);
  }
  const range = payment.quote!;
  if (!Number.isInteger(priceCents) || priceCents < range.minCents || priceCents > range.maxCents) {
    const message = PaymentCopy.quoteOutOfRange(formatCents(range.minCents), formatCents(range.maxCents));
    fail(ErrorCode.INVALID_INPUT, message, { price: message });
  }
  const now = Date.now();
  const after = await movePayment(ctx, payment, "confirmQuote", actor, {
    patch: { amountCents: priceCents, quote: { ...range, confirmedAt: now } },
    reason: `Final quote ${formatCents(priceCents)}`,
  });
  // The job's agreed price is the settled one from now on.
  await ctx.db.patch("jobs", payment.jobId, { acceptedPrice: priceCents / 100 });
  const job = await getJobX(ctx, payment.jobId);
  await tell(
    ctx,
    after.ownerId,
    after,
    "Final quote confirmed",
    `${displayName(pro)} confirmed ${formatCents(priceCents)} for "${job.title}". Fund it to get the work started.`,
    pro._id,
  );
  return after;
}

/** Whether the split may still change: nothing funded and no checkout opened for any milestone. */
export function splitStillOpen(rows: readonly Payment[]): boolean {
  return rows.every((r) => r.state === "awaiting_funding" && r.checkoutStartedAt === undefined);
}

/** The earliest milestone before this one still awaiting funding: milestones are funded in order. */
export function unfundedBefore(payment: Payment, rows: readonly Payment[]): Payment | undefined {
  const index = milestoneIndexOf(payment);
  // A bank payment still processing isn't funded yet: it may fail and need funding again.
  return rows.find((r) => milestoneIndexOf(r) < index && (r.state === "awaiting_funding" || r.state === "processing"));
}

/** Whether the owner may drop this milestone: a later one nobody funded, once the first is funded. */
export function milestoneCancellable(payment: Payment, rows: readonly Payment[]): boolean {
  return milestoneIndexOf(payment) > 0 && payment.state === "awaiting_funding" && rows[0] !== undefined && rows[0].state !== "awaiting_funding";
}

/**
 * The owner splits the settled amount into milestones (1 to 5, titled, amounts > 0 summing to the
 * agreed price to the cent), while nothing is funded and no checkout was opened. Row i becomes
 * milestone i (each row's `split` transition is in its history); new milestones open as rows of
 * their own; surplus rows of an earlier split, never funded, are removed.
 */
export async function splitMilestones(ctx: MutationCtx, jobId: Id<"jobs">, owner: Doc<"users">, milestones: readonly MilestoneInput[]): Promise<void> {
  const rows = await paymentsOfJob(ctx, jobId);
  const first = rows[0];
  if (first === undefined) notFound(PaymentCopy.notFound);
  if (first.ownerId !== owner._id) forbidden(PaymentCopy.onlyOwner);
  if (rows.some((r) => r.state === "awaiting_quote")) invalid(MilestoneCopy.notSettled);
  if (!splitStillOpen(rows)) invalid(MilestoneCopy.fundingStarted);
  const total = rows.reduce((sum, r) => sum + r.amountCents, 0);
  const problem = milestoneSplitProblem(milestones, total);
  if (problem !== null) invalid(problem.message, { [problem.field]: problem.message });
  const clean = milestones.map((m) => ({ title: m.title.trim(), amountCents: m.amountCents }));
  const summary = clean.map((m, i) => `${milestoneLabel(i, m.title)}, ${formatCents(m.amountCents)}`).join("; ");
  const reason = `Split into ${clean.length} milestone${clean.length === 1 ? "" : "s"}: ${summary}`;
  const actor: PaymentActor = { kind: "member", user: owner };
  for (const [i, m] of clean.entries()) {
    const row = rows[i];
    const fields = { amountCents: m.amountCents, milestoneIndex: i, milestoneTitle: m.title };
    if (row !== undefined) {
      await movePayment(ctx, row, "split", actor, { reason, patch: fields });
      continue;
    }
    const paymentId = await ctx.db.insert("jobPayments", {
      jobId,
      bidId: first.bidId,
      ownerId: first.ownerId,
      proId: first.proId,
      state: "awaiting_funding",
      fundedCents: 0,
      releasedCents: 0,
      refundedCents: 0,
      version: 0,
      changesRequested: 0,
      ...fields,
    });
    await ctx.db.insert("paymentHistory", {
      paymentId,
      transition: "open",
      from: null,
      to: "awaiting_funding",
      actorId: owner._id,
      actorKind: "owner",
      reason,
      idempotencyKey: `${paymentId}:0:open`,
      at: Date.now(),
    });
  }
  for (const row of rows.slice(clean.length)) {
    // Never funded and no checkout opened (checked above): no money, no moves, only its open/split rows.
    const history = await paymentHistoryOf(ctx, row._id, 50);
    for (const h of history) await ctx.db.delete("paymentHistory", h._id);
    await ctx.db.delete("jobPayments", row._id);
  }
  const job = await getJobX(ctx, jobId);
  await tell(
    ctx,
    first.proId,
    first,
    "Job split into milestones",
    `${displayName(owner)} split "${job.title}" into ${clean.length} milestone${clean.length === 1 ? "" : "s"}: ${summary}. Each is funded and released on its own.`,
    owner._id,
  );
}

/**
 * A charge that is not the payment's funding: paid for a payment already cancelled (a checkout
 * opened before a milestone or the job was cancelled), a second checkout paid after the first, or
 * an amount that isn't the payment's. Its money is the owner's: it is refunded, never kept.
 */
function isStrayCharge(payment: Payment, paid: { amountCents?: number; paymentIntentId?: string }): boolean {
  if (paid.paymentIntentId === undefined) return false;
  // Cancelled while a bank payment was processing: its intent is on the row, but the money isn't due.
  if (payment.state === "cancelled" && payment.fundedCents === 0) return true;
  if (payment.paymentIntentId !== undefined) return paid.paymentIntentId !== payment.paymentIntentId;
  return paid.amountCents !== undefined && paid.amountCents !== payment.amountCents;
}

const strayRefundKey = (payment: Payment, paymentIntentId: string) => `${payment._id}:stray:${paymentIntentId}:refund`;

/** Whether a charge was already taken as stray and its refund queued: it can never fund the payment too. */
async function strayRefundQueued(ctx: QueryCtx, payment: Payment, paymentIntentId: string | undefined): Promise<boolean> {
  if (paymentIntentId === undefined) return false;
  const idempotencyKey = strayRefundKey(payment, paymentIntentId);
  return (await ctx.db.query("paymentMoves").withIndex("by_idempotencyKey", (q) => q.eq("idempotencyKey", idempotencyKey)).first()) !== null;
}

/** Refunds a stray charge once (both of its events, and replays, name the same intent). */
async function refundStrayCharge(ctx: MutationCtx, payment: Payment, paymentIntentId: string, amountCents: number | undefined) {
  // The amount comes with either event; without it, the other event refunds.
  if (amountCents === undefined || amountCents <= 0) return;
  const idempotencyKey = strayRefundKey(payment, paymentIntentId);
  if (await strayRefundQueued(ctx, payment, paymentIntentId)) return;
  console.warn(`payments: ${paymentIntentId} paid ${amountCents} for ${payment._id} (${payment.state}); refunding it`);
  await queueMoneyMove(ctx, { paymentId: payment._id, kind: "refund", amountCents, idempotencyKey, strayPaymentIntentId: paymentIntentId });
  const job = await getJobX(ctx, payment.jobId);
  await tell(
    ctx,
    payment.ownerId,
    payment,
    "Payment refunded",
    `A payment of ${formatCents(amountCents)} for "${job.title}"${milestoneOf(payment)} arrived when it was no longer due, so it is refunded to your card.`,
  );
}

/**
 * Checkout news for a payment. "paid" (checkout.session.completed paid, async_payment_succeeded, or
 * payment_intent.succeeded, whichever first): the money arrived, funded. "processing": the checkout
 * completed unpaid (a bank debit settles days later): nothing is held yet. "failed": that debit
 * failed (async_payment_failed): back to awaiting funding, the owner told.
 */
export async function recordFunding(
  ctx: MutationCtx,
  payment: Payment,
  paid: { amountCents?: number; paymentIntentId?: string; chargeId?: string; sessionId?: string; funding?: "paid" | "processing" | "failed" },
): Promise<void> {
  const funding = paid.funding ?? "paid";
  const ids = {
    ...(paid.paymentIntentId ? { paymentIntentId: paid.paymentIntentId } : {}),
    ...(paid.chargeId ? { chargeId: paid.chargeId } : {}),
    ...(paid.sessionId ? { checkoutSessionId: paid.sessionId } : {}),
  };
  if (funding === "failed") {
    // Only the debit this payment waits for; a failed stray moved no money.
    const ours = paid.paymentIntentId === undefined || paid.paymentIntentId === payment.paymentIntentId;
    const failedIntent = paid.paymentIntentId ?? payment.paymentIntentId;
    // Remembered, so that this debit's "completed, unpaid" news arriving late (Stripe sends in no
    // set order) can't reopen the payment as processing.
    const failedPaymentIntentIds = [...(payment.failedPaymentIntentIds ?? []), ...(failedIntent ? [failedIntent] : [])].slice(-20);
    if (payment.state === "awaiting_funding" && paid.paymentIntentId !== undefined) {
      // The failure overtook the checkout's own news.
      await ctx.db.patch("jobPayments", payment._id, { failedPaymentIntentIds });
      return;
    }
    if (payment.state !== "processing" || !ours) return;
    const after = await movePayment(ctx, payment, "fundingFailed", SYSTEM, {
      reason: "The bank payment failed",
      // A new checkout brings a new intent: the failed one is no longer the payment's.
      patch: { paymentIntentId: undefined, chargeId: undefined, checkoutSessionId: undefined, failedPaymentIntentIds },
    });
    await tell(ctx, after.ownerId, after, "Bank payment failed", PaymentCopy.bankPaymentFailed(formatCents(after.amountCents)));
    return;
  }
  if (isStrayCharge(payment, paid)) {
    // A debit still processing has moved no money yet: its refund waits for the "paid" news.
    if (funding === "paid") await refundStrayCharge(ctx, payment, paid.paymentIntentId!, paid.amountCents);
    return;
  }
  // Its other event came while another charge held the payment and refunded it as stray: that
  // charge has gone back to the card, so it can't fund the payment now that the other one failed.
  if (await strayRefundQueued(ctx, payment, paid.paymentIntentId)) return;
  if (funding === "processing") {
    const alreadyFailed = paid.paymentIntentId !== undefined && (payment.failedPaymentIntentIds ?? []).includes(paid.paymentIntentId);
    if (payment.state !== "awaiting_funding" || alreadyFailed) return;
    const after = await movePayment(ctx, payment, "fundingStarted", SYSTEM, { patch: ids, reason: "Checkout completed; the bank payment is processing" });
    await tell(ctx, after.ownerId, after, "Bank payment processing", PaymentCopy.bankPaymentProcessing(formatCents(after.amountCents)));
    return;
  }
  if (payment.state !== "awaiting_funding" && payment.state !== "processing") {
    // The second of the two events, or a late one: only fill in ids still missing.
    const missing = Object.fromEntries(Object.entries(ids).filter(([k]) => payment[k as keyof Payment] === undefined));
    if (Object.keys(missing).length > 0) await ctx.db.patch("jobPayments", payment._id, missing);
    return;
  }
  const after = await movePayment(ctx, payment, "fund", SYSTEM, {
    patch: { ...ids, fundedCents: payment.amountCents, fundedAt: Date.now() },
    reason: "Checkout paid",
  });
  const text = `${formatCents(after.amountCents)}${milestoneOf(after)} is held by Rafter.`;
  await tell(ctx, after.proId, after, "Job funded", `${text} You can start the work.`);
  await tell(ctx, after.ownerId, after, "Payment received", `${text} It's released to the professional when you approve the work.`);
}

export async function submitCompletion(
  ctx: MutationCtx,
  payment: Payment,
  pro: Doc<"users">,
  completion: { checklist: string[]; note?: string; photoIds: Id<"_storage">[] },
): Promise<Payment> {
  const refusal = paymentRefusal(payment, "submitCompletion", { kind: "member", user: pro });
  if (refusal) fail(refusal.code, refusal.message);
  const job = await getJobX(ctx, payment.jobId);
  // The last milestone still open marks the job done; an earlier one is reviewed while work goes on.
  if (await lastOpenMilestone(ctx, payment)) await transition(ctx, job, "markDone", pro, { viaPayment: true });
  else assertCanTransition(job, "markDone", pro._id);
  const now = Date.now();
  const endsAt = now + reviewWindowMs();
  const after = await movePayment(ctx, payment, "submitCompletion", { kind: "member", user: pro }, {
    patch: { reviewWindowEndsAt: endsAt, completion: { submittedAt: now, ...completion } },
  });
  await ctx.scheduler.runAt(endsAt, internal.payments.jobs.autoRelease, { paymentId: payment._id, version: after.version });
  if (endsAt - REMINDER_BEFORE_MS > now) {
    await ctx.scheduler.runAt(endsAt - REMINDER_BEFORE_MS, internal.payments.jobs.remindRelease, {
      paymentId: payment._id,
      version: after.version,
    });
  }
  return after;
}

export async function requestChanges(ctx: MutationCtx, payment: Payment, owner: Doc<"users">, reason: string) {
  const actor: PaymentActor = { kind: "member", user: owner };
  const refusal = paymentRefusal(payment, "requestChanges", actor);
  if (refusal) fail(refusal.code, refusal.message);
  const job = await getJobX(ctx, payment.jobId);
  // The job waits for review only on its last open milestone (submitCompletion).
  if (jobState(job) === "completion_requested") await transition(ctx, job, "sendBack", owner, { viaPayment: true, detail: reason });
  return await movePayment(ctx, payment, "requestChanges", actor, {
    reason,
    patch: { changesRequested: payment.changesRequested + 1, changesReason: reason, reviewWindowEndsAt: undefined },
  });
}

const releaseMoves = (payment: Payment) => {
  const amount = heldCents(payment);
  return {
    patch: { releasedCents: payment.releasedCents + amount, releasedAt: Date.now() },
    moves: [{ kind: "transfer" as const, amountCents: amount }],
  };
};

export async function approve(ctx: MutationCtx, payment: Payment, owner: Doc<"users">) {
  const actor: PaymentActor = { kind: "member", user: owner };
  const refusal = paymentRefusal(payment, "approve", actor);
  if (refusal) fail(refusal.code, refusal.message);
  const job = await getJobX(ctx, payment.jobId);
  if (jobState(job) === "completion_requested") await transition(ctx, job, "confirmCompletion", owner, { viaPayment: true });
  const after = await movePayment(ctx, payment, "approve", actor, releaseMoves(payment));
  await closeJobIfSettled(ctx, job, owner._id, "released");
  await tell(ctx, after.proId, after, "Payment released", `${formatCents(after.releasedCents)}${milestoneOf(after)} for "${job.title}" is on its way to your payout account.`, owner._id);
  return after;
}

/** The scheduler at the window's end: releases once, only if nothing happened since (same version). */
export async function autoRelease(ctx: MutationCtx, paymentId: Id<"jobPayments">, version: number): Promise<boolean> {
  const payment = await ctx.db.get("jobPayments", paymentId);
  if (payment === null || payment.version !== version || !canMovePayment(payment, "autoRelease", SYSTEM)) return false;
  const job = await getJobX(ctx, payment.jobId);
  const after = await movePayment(ctx, payment, "autoRelease", SYSTEM, { ...releaseMoves(payment), reason: "Review window ended" });
  await closeJobIfSettled(ctx, job, payment.ownerId, "released after the review window");
  const text = `${formatCents(after.releasedCents)}${milestoneOf(after)} for "${job.title}" was released: the review window ended.`;
  await tell(ctx, after.proId, after, "Payment released", text);
  await tell(ctx, after.ownerId, after, "Payment released", text);
  return true;
}

export async function remindRelease(ctx: MutationCtx, paymentId: Id<"jobPayments">, version: number): Promise<boolean> {
  const payment = await ctx.db.get("jobPayments", paymentId);
  if (payment === null || payment.version !== version || payment.state !== "completion_submitted") return false;
  const job = await getJobX(ctx, payment.jobId);
  await tell(
    ctx,
    payment.ownerId,
    payment,
    "Review the work: 24 hours left",
    `${formatCents(heldCents(payment))}${milestoneOf(payment)} for "${job.title}" is released automatically in 24 hours unless you ask for changes or open a dispute.`,
  );
  return true;
}

export async function openDispute(
  ctx: MutationCtx,
  payment: Payment,
  member: Doc<"users">,
  dispute: { reason: string; evidence?: string; photoIds: Id<"_storage">[] },
) {
  const actor: PaymentActor = { kind: "member", user: member };
  const side = sideOf(payment, member._id);
  const after = await movePayment(ctx, payment, "openDispute", actor, {
    reason: dispute.reason,
    patch: { dispute: { openedAt: Date.now(), openedBy: side ?? "owner", fromState: payment.state, ...dispute } },
  });
  const other = side === "owner" ? after.proId : after.ownerId;
  await tell(ctx, other, after, "Dispute opened", `${displayName(member)} opened a dispute. The payment is frozen until an admin settles it.`, member._id);
  return after;
}

export type DisputeOutcome = { kind: "release" } | { kind: "refund" } | { kind: "split"; proCents: number };

/** An admin settles a dispute: final, audited, each side told. */
export async function resolveDispute(ctx: MutationCtx, payment: Payment, admin: Doc<"users">, outcome: DisputeOutcome, note: string) {
  const actor: PaymentActor = { kind: "member", user: admin };
  const held = heldCents(payment);
  const now = Date.now();
  const job = await getJobX(ctx, payment.jobId);
  let after: Payment;
  const dispute = payment.dispute;
  const settled = (resolution: string) => (dispute ? { dispute: { ...dispute, resolution, resolvedAt: now } } : {});
  if (outcome.kind === "split") {
    if (!Number.isInteger(outcome.proCents) || outcome.proCents <= 0 || outcome.proCents >= held) {
      fail(ErrorCode.INVALID_INPUT, PaymentCopy.splitInvalid(formatCents(held)), { proCents: PaymentCopy.splitInvalid(formatCents(held)) });
    }
    const refund = held - outcome.proCents;
    const resolution = `Split: ${formatCents(outcome.proCents)} to the professional, ${formatCents(refund)} back to the owner`;
    after = await movePayment(ctx, payment, "resolveSplit", actor, {
      reason: note,
      patch: { releasedCents: payment.releasedCents + outcome.proCents, refundedCents: payment.refundedCents + refund, releasedAt: now, refundedAt: now, ...settled(resolution) },
      moves: [
        { kind: "transfer", amountCents: outcome.proCents },
        { kind: "refund", amountCents: refund },
      ],
    });
  } else if (outcome.kind === "release") {
    const { patch, moves } = releaseMoves(payment);
    after = await movePayment(ctx, payment, "resolveRelease", actor, { reason: note, patch: { ...patch, ...settled(`Released in full: ${formatCents(held)}`) }, moves });
  } else {
    after = await movePayment(ctx, payment, "resolveRefund", actor, {
      reason: note,
      patch: { refundedCents: payment.refundedCents + held, refundedAt: now, ...settled(`Refunded in full: ${formatCents(held)}`) },
      moves: [{ kind: "refund", amountCents: held }],
    });
  }
  await closeJobIfSettled(ctx, job, admin._id, after.state);
  await recordAudit(ctx, admin._id, {
    action: `dispute.${outcome.kind}`,
    targetTable: "jobPayments",
    targetId: payment._id,
    before: { state: payment.state, fundedCents: payment.fundedCents, releasedCents: payment.releasedCents, refundedCents: payment.refundedCents },
    after: { state: after.state, releasedCents: after.releasedCents, refundedCents: after.refundedCents },
    note,
  });
  const text = `The dispute on "${job.title}"${milestoneOf(after)} is settled: ${after.dispute?.resolution ?? after.state}. This decision is final.`;
  await tell(ctx, after.ownerId, after, "Dispute settled", text, admin._id);
  await tell(ctx, after.proId, after, "Dispute settled", text, admin._id);
  return after;
}

/**
 * Once every milestone (the one payment, for a job without milestones) is settled, the job ends:
 * completed when the pro was paid anything, cancelled when it all went back.
 */
async function closeJobIfSettled(ctx: MutationCtx, job: Job, actorId: Id<"users">, detail: string) {
  const rows = await paymentsOfJob(ctx, job._id);
  if (!rows.every((r) => SETTLED_STATES.includes(r.state))) return;
  const name = rows.some((r) => r.releasedCents > 0) ? "paymentReleased" : "paymentRefunded";
  const fresh = await getJobX(ctx, job._id);
  if (fresh.status === "completed" || fresh.status === "cancelled") return;
  await transition(ctx, fresh, name, { _id: actorId }, { system: true, viaPayment: true, detail });
}

/**
 * Transfers queued but never sent are cancelled (their money goes back instead); the cents the
 * professional actually received are what a reversal takes back.
 */
async function reversibleCents(ctx: MutationCtx, payment: Payment, moves?: readonly Doc<"paymentMoves">[]): Promise<number> {
  moves ??= await ctx.db
    .query("paymentMoves")
    .withIndex("by_paymentId", (q) => q.eq("paymentId", payment._id))
    .take(100);
  let unsent = 0;
  for (const move of moves) {
    if (move.kind === "transfer" && (move.status === "pending" || move.status === "failed" || move.status === "waiting")) {
      await ctx.db.patch("paymentMoves", move._id, { status: "cancelled", waitingFor: undefined });
      unsent += move.amountCents;
    }
  }
  return Math.max(0, payment.releasedCents - unsent);
}

async function tellBoth(ctx: MutationCtx, payment: Payment, title: string, text: string, actorId?: Id<"users">) {
  await tell(ctx, payment.ownerId, payment, title, text, actorId);
  await tell(ctx, payment.proId, payment, title, text, actorId);
}

/** A payment event the state machine can't apply: kept for an admin (the Disputes tab), never only logged. */
export async function recordPaymentAlert(
  ctx: MutationCtx,
  alert: { paymentId?: Id<"jobPayments">; eventId?: string; eventType: string; message: string },
): Promise<void> {
  console.warn(`payments: ${alert.eventType}${alert.eventId ? ` ${alert.eventId}` : ""}: ${alert.message}`);
  await ctx.db.insert("paymentAlerts", { ...alert, at: Date.now() });
}

/** What a chargeback event says beyond open/won/lost (Stripe's dispute object, the event). */
export interface ChargebackDetails {
  disputeId?: string;
  /** The disputed amount, cents: what the bank takes back if it decides for the card holder. */
  amountCents?: number;
  eventId?: string;
  eventType?: string;
}

/** Marks a refund move held because its charge is disputed (Stripe refuses it: charge_disputed). */
const HELD_FOR_CHARGEBACK = "Held: the charge is disputed, the bank decides";

async function movesOfPayment(ctx: MutationCtx, paymentId: Id<"jobPayments">) {
  return await ctx.db
    .query("paymentMoves")
    .withIndex("by_paymentId", (q) => q.eq("paymentId", paymentId))
    .take(100);
}

/** Refunds on one charge (the payment's own, or a stray one's) not made yet are held: the bank decides that money now. */
async function holdPendingRefunds(ctx: MutationCtx, paymentId: Id<"jobPayments">, strayPaymentIntentId?: string): Promise<number> {
  let held = 0;
  for (const move of await movesOfPayment(ctx, paymentId)) {
    if (move.kind !== "refund" || move.strayPaymentIntentId !== strayPaymentIntentId) continue;
    if (move.status === "pending" || move.status === "failed") {
      await ctx.db.patch("paymentMoves", move._id, { status: "cancelled", error: HELD_FOR_CHARGEBACK });
      held += move.amountCents;
    }
  }
  return held;
}

/** The bank decided for the platform: the refunds it held are owed again. Returns their sum; each is counted once. */
async function releaseHeldRefunds(ctx: MutationCtx, paymentId: Id<"jobPayments">, strayPaymentIntentId?: string): Promise<number> {
  let owed = 0;
  for (const move of await movesOfPayment(ctx, paymentId)) {
    if (move.kind !== "refund" || move.strayPaymentIntentId !== strayPaymentIntentId) continue;
    if (move.status === "cancelled" && move.error === HELD_FOR_CHARGEBACK) {
      await ctx.db.patch("paymentMoves", move._id, { error: "Replaced by a new refund once the bank decided for the platform" });
      owed += move.amountCents;
    }
  }
  return owed;
}

/** Refunds made or under way on the payment's own charge (the card holder's money back, besides the bank's). */
async function refundsOut(ctx: MutationCtx, paymentId: Id<"jobPayments">): Promise<number> {
  const moves = await movesOfPayment(ctx, paymentId);
  return moves
    .filter((m) => m.kind === "refund" && m.strayPaymentIntentId === undefined && (m.status === "done" || m.status === "pending" || m.status === "failed"))
    .reduce((sum, m) => sum + m.amountCents, 0);
}

/**
 * A card chargeback (charge.dispute.created / closed), recorded in whatever state it finds the payment.
 * Held money (funded, completion submitted, or a member's dispute) freezes as disputed and the bank
 * decides; released money is marked under review and, lost, the transfer is reversed; on a refunded
 * payment a refund not yet made waits for the bank (Stripe refuses it on a disputed charge). While it
 * is open no admin outcome runs. A state it can't apply to leaves an alert for an admin. `eventAt`
 * (Stripe's `created`, seconds): news older than what was applied is skipped, and a "closed" arriving
 * before its "created" is applied as both, so replayed and out-of-order deliveries end where the
 * bank's last word says.
 */
export async function applyChargeback(
  ctx: MutationCtx,
  payment: Payment,
  status: "open" | "won" | "lost",
  eventAt?: number,
  details: ChargebackDetails = {},
): Promise<void> {
  if (eventAt !== undefined) {
    if (payment.chargebackEventAt !== undefined && eventAt < payment.chargebackEventAt) return;
    await ctx.db.patch("jobPayments", payment._id, { chargebackEventAt: eventAt });
    payment = { ...payment, chargebackEventAt: eventAt };
  }
  const sameDispute = payment.chargeback !== undefined && payment.chargeback.disputeId === details.disputeId;
  if (payment.chargebackStatus === "open") {
    // Already open: a second "created" is a replay.
    if (status !== "open") await closeChargeback(ctx, payment, status, details);
    return;
  }
  // This dispute was closed already: its late or replayed news changes nothing.
  if (payment.chargebackStatus !== undefined && sameDispute) return;
  const opened = await openChargeback(ctx, payment, status, details);
  // Closed before we heard it was opened: applied as both.
  if (opened !== null && status !== "open") await closeChargeback(ctx, opened, status, details);
}

async function openChargeback(ctx: MutationCtx, payment: Payment, status: "open" | "won" | "lost", details: ChargebackDetails): Promise<Payment | null> {
  const now = Date.now();
  const job = await getJobX(ctx, payment.jobId);
  // A bank dispute recorded before chargebackStatus existed keeps the state it froze.
  const legacy = payment.state === "disputed" && payment.dispute?.openedBy === "chargeback";
  const record = {
    chargebackStatus: "open" as const,
    chargeback: {
      openedAt: now,
      fromState: legacy ? payment.dispute!.fromState : payment.state,
      ...(details.disputeId !== undefined ? { disputeId: details.disputeId } : {}),
      ...(details.amountCents !== undefined ? { amountCents: details.amountCents } : {}),
    },
  };
  const bankDispute = { openedAt: now, openedBy: "chargeback" as const, reason: "Card chargeback", photoIds: [], fromState: payment.state };
  switch (payment.state) {
    case "funded":
    case "completion_submitted": {
      const after = await movePayment(ctx, payment, "chargebackOpened", SYSTEM, {
        reason: "The card holder disputed the charge with their bank",
        patch: { ...record, dispute: bankDispute },
      });
      await tell(ctx, after.proId, after, "Payment frozen", "The owner's bank opened a dispute on this payment. It's frozen until the bank decides.");
      return after;
    }
    case "disputed": {
      // A member's dispute becomes the bank's to decide; their reasons and evidence stay on the record.
      const after = await movePayment(ctx, payment, "chargebackOpened", SYSTEM, {
        reason: "The card holder disputed the charge with their bank during a dispute: the bank decides",
        patch: record,
      });
      if (!legacy) {
        await tellBoth(
          ctx,
          after,
          "Chargeback opened",
          `The owner's bank opened a chargeback on "${job.title}"${milestoneOf(after)}. The bank decides now; the dispute waits for its decision.`,
        );
      }
      return after;
    }
    case "released":
    case "partially_refunded": {
      // A refund of the owner's share not yet made is the bank's to decide now.
      await holdPendingRefunds(ctx, payment._id);
      const released = payment.releasedCents;
      const after = await movePayment(ctx, payment, "chargebackAfterRelease", SYSTEM, {
        reason: "The card holder disputed the charge with their bank after release",
        patch: { ...record, dispute: bankDispute },
      });
      await tellBoth(
        ctx,
        after,
        "Chargeback opened",
        `The owner's bank opened a dispute on the ${formatCents(released)} released for "${job.title}". If the bank decides for the card holder, the transfer is reversed.`,
      );
      return after;
    }
    case "refunded": {
      const held = await holdPendingRefunds(ctx, payment._id);
      const after = await movePayment(ctx, payment, "chargebackOnRefunded", SYSTEM, {
        reason: held > 0 ? `The card holder disputed the charge; the refund of ${formatCents(held)} waits for the bank` : "The card holder disputed a charge already refunded",
        patch: record,
      });
      if (held === 0) {
        await recordPaymentAlert(ctx, {
          paymentId: payment._id,
          eventId: details.eventId,
          eventType: details.eventType ?? "charge.dispute.created",
          message: "A chargeback was opened on a charge already refunded: answer it in Stripe with the refund as evidence, or the card holder is paid twice.",
        });
      }
      return after;
    }
    default:
      // No charge of this payment can be disputed here (an unfunded or cancelled payment, a legacy row): an admin looks.
      await recordPaymentAlert(ctx, {
        paymentId: payment._id,
        eventId: details.eventId,
        eventType: details.eventType ?? "charge.dispute",
        message: `A chargeback (${status}) names this payment's charge, but the payment is ${STATE_LABELS[payment.state].toLowerCase()}: nothing was applied. Check the charge in Stripe.`,
      });
      return null;
  }
}

async function closeChargeback(ctx: MutationCtx, payment: Payment, status: "won" | "lost", details: ChargebackDetails): Promise<void> {
  const now = Date.now();
  const job = await getJobX(ctx, payment.jobId);
  const cb = payment.chargeback ?? { openedAt: now, fromState: payment.state };
  // What the bank took back if lost: the dispute's amount (Stripe caps it at what wasn't refunded).
  const takenCents = status === "lost" ? (details.amountCents ?? cb.amountCents ?? payment.fundedCents - (await refundsOut(ctx, payment._id))) : 0;
  const closed = { chargebackStatus: status, chargeback: { ...cb, closedAt: now, ...(status === "lost" ? { amountCents: takenCents } : {}) } };
  const dispute = payment.dispute;
  const settled = (resolution: string) => (dispute?.openedBy === "chargeback" ? { dispute: { ...dispute, resolution, resolvedAt: now } } : {});
  if (payment.state === "disputed") {
    if (status === "won" && cb.fromState === "disputed") {
      await movePayment(ctx, payment, "chargebackWonDispute", SYSTEM, { reason: "The bank decided for the professional; the dispute goes back to the admin", patch: closed });
      await tellBoth(ctx, payment, "Chargeback settled", `The bank decided the chargeback on "${job.title}" for the professional. The money is still held; an admin now settles the dispute.`);
      return;
    }
    if (status === "won") {
      // Back where it was: the window restarts if completion had been submitted.
      await movePayment(ctx, payment, "chargebackWon", SYSTEM, { reason: "The bank decided for the professional", patch: { ...closed, ...settled("Chargeback won") } });
      return;
    }
    // Lost: the bank already returned the money to the card; nothing for us to refund.
    const memberDispute = dispute !== undefined && dispute.openedBy !== "chargeback" ? { dispute: { ...dispute, resolution: "Decided by the bank: chargeback lost", resolvedAt: now } } : {};
    const after = await movePayment(ctx, payment, "chargebackLost", SYSTEM, {
      reason: "The bank returned the money to the card holder",
      patch: { refundedCents: payment.refundedCents + heldCents(payment), refundedAt: now, ...closed, ...settled("Chargeback lost"), ...memberDispute },
    });
    await closeJobIfSettled(ctx, job, payment.ownerId, after.state);
    if (cb.fromState === "disputed") {
      await tellBoth(ctx, after, "Chargeback lost", `The bank decided for the card holder on "${job.title}": ${formatCents(heldCents(payment))} went back to the card. The dispute is closed.`);
    }
    return;
  }
  if (payment.state === "charged_back") {
    if (status === "won") {
      const owed = await releaseHeldRefunds(ctx, payment._id);
      const name = dispute?.fromState === "partially_refunded" ? "chargebackWonSplit" : "chargebackWonReleased";
      const after = await movePayment(ctx, payment, name, SYSTEM, {
        reason: "The bank decided for the professional",
        patch: { ...closed, ...settled("Chargeback won") },
        moves: [{ kind: "refund", amountCents: owed }],
      });
      await tellBoth(ctx, after, "Chargeback settled", `The bank decided for the professional on "${job.title}": the payment stays released.`);
      return;
    }
    // Lost after release: the bank took the money from the platform; the transfer to the pro is reversed,
    // as far as needed so that what the pro keeps, the refunds made and what the bank took stay within the charge.
    const reversible = await reversibleCents(ctx, payment);
    const refunded = await refundsOut(ctx, payment._id);
    const reverse = Math.min(reversible, Math.max(0, reversible + refunded + takenCents - payment.fundedCents));
    const keptByPro = reversible - reverse;
    const taken = payment.releasedCents - keptByPro;
    const after = await movePayment(ctx, payment, "chargebackLostAfterRelease", SYSTEM, {
      reason: "The bank returned the money to the card holder; the transfer is reversed",
      patch: { releasedCents: keptByPro, refundedCents: payment.refundedCents + taken, refundedAt: now, ...closed, ...settled("Chargeback lost: transfer reversed") },
      moves: [{ kind: "reversal", amountCents: reverse }],
    });
    await tellBoth(
      ctx,
      after,
      "Chargeback lost",
      `The bank decided for the card holder on "${job.title}": ${formatCents(taken)} went back to the card, and the transfer to the professional is reversed.`,
    );
    return;
  }
  if (payment.state === "refunded") {
    // Won: the refund the bank held is owed to the owner again. Lost: the bank paid the owner instead of it.
    const owed = status === "won" ? await releaseHeldRefunds(ctx, payment._id) : 0;
    await movePayment(ctx, payment, "chargebackClosedOnRefunded", SYSTEM, {
      reason: status === "won" ? "The bank decided for the platform; the refund goes ahead" : "The bank returned the money to the card holder instead of the refund",
      patch: closed,
      moves: [{ kind: "refund", amountCents: owed }],
    });
    if (status === "lost" && (await refundsOut(ctx, payment._id)) + takenCents > payment.fundedCents) {
      await recordPaymentAlert(ctx, {
        paymentId: payment._id,
        eventId: details.eventId,
        eventType: details.eventType ?? "charge.dispute.closed",
        message: `The bank took back ${formatCents(takenCents)} on a charge already refunded: the card holder was paid twice. Recover it from the owner.`,
      });
    }
    return;
  }
  await recordPaymentAlert(ctx, {
    paymentId: payment._id,
    eventId: details.eventId,
    eventType: details.eventType ?? "charge.dispute.closed",
    message: `A chargeback closed (${status}) while the payment is ${STATE_LABELS[payment.state].toLowerCase()}: nothing was applied. Check the charge in Stripe.`,
  });
}

/**
 * A chargeback on a stray charge (paid when no longer due, refunded outside the payment's sums):
 * the refund not yet made waits for the bank; won, it is owed again; lost, the bank paid the owner.
 * The payment's own state doesn't change. Always an alert: an admin answers it in Stripe.
 */
export async function applyStrayChargeback(
  ctx: MutationCtx,
  payment: Payment,
  paymentIntentId: string,
  status: "open" | "won" | "lost",
  details: ChargebackDetails = {},
): Promise<void> {
  const base = { paymentId: payment._id, eventId: details.eventId, eventType: details.eventType ?? "charge.dispute" };
  if (status !== "won") {
    const held = await holdPendingRefunds(ctx, payment._id, paymentIntentId);
    const moves = await movesOfPayment(ctx, payment._id);
    const made = moves.filter((m) => m.kind === "refund" && m.strayPaymentIntentId === paymentIntentId && m.status === "done").reduce((s, m) => s + m.amountCents, 0);
    const message =
      status === "open"
        ? `A chargeback was opened on ${paymentIntentId}, a charge refunded as not due${held > 0 ? `: its refund of ${formatCents(held)} waits for the bank` : ""}. Answer it in Stripe.`
        : `The bank decided for the card holder on ${paymentIntentId}, a charge refunded as not due.${made > 0 ? ` The refund of ${formatCents(made)} was already made: the card holder was paid twice.` : ""}`;
    await recordPaymentAlert(ctx, { ...base, message });
    return;
  }
  const owed = await releaseHeldRefunds(ctx, payment._id, paymentIntentId);
  if (owed > 0) {
    await queueMoneyMove(ctx, {
      paymentId: payment._id,
      kind: "refund",
      amountCents: owed,
      idempotencyKey: `${payment._id}:stray:${paymentIntentId}:refund:after-chargeback`,
      strayPaymentIntentId: paymentIntentId,
    });
  }
  await recordPaymentAlert(ctx, { ...base, message: `The bank decided for the platform on ${paymentIntentId}, a charge refunded as not due${owed > 0 ? `: its refund of ${formatCents(owed)} goes ahead` : ""}.` });
}

/** An admin refunds money already released: the transfer to the pro is reversed and the card refunded. Audited. */
export async function refundReleased(ctx: MutationCtx, payment: Payment, admin: Doc<"users">, note: string): Promise<Payment> {
  const actor: PaymentActor = { kind: "member", user: admin };
  const refusal = paymentRefusal(payment, "refundReleased", actor);
  if (refusal) fail(refusal.code, refusal.message);
  // A pending transfer may be in flight (or done by an action that died before recording it):
  // cancelling it as unsent could pay the professional and the card both. Wait until it settles.
  const moves = await ctx.db
    .query("paymentMoves")
    .withIndex("by_paymentId", (q) => q.eq("paymentId", payment._id))
    .take(100);
  if (moves.some((m) => m.kind === "transfer" && m.status === "pending")) invalid(PaymentCopy.payoutInFlight);
  const reverse = await reversibleCents(ctx, payment, moves);
  const amount = payment.releasedCents;
  const now = Date.now();
  const after = await movePayment(ctx, payment, "refundReleased", actor, {
    reason: note,
    patch: { releasedCents: 0, refundedCents: payment.refundedCents + amount, refundedAt: now },
    moves: [
      { kind: "reversal", amountCents: reverse },
      { kind: "refund", amountCents: amount },
    ],
  });
  await recordAudit(ctx, admin._id, {
    action: "payment.refundReleased",
    targetTable: "jobPayments",
    targetId: payment._id,
    before: { state: payment.state, releasedCents: payment.releasedCents, refundedCents: payment.refundedCents },
    after: { state: after.state, releasedCents: after.releasedCents, refundedCents: after.refundedCents, reversedCents: reverse },
    note,
  });
  const job = await getJobX(ctx, payment.jobId);
  await tellBoth(
    ctx,
    after,
    "Payment refunded",
    `An admin refunded ${formatCents(amount)} for "${job.title}" to the owner's card; the transfer to the professional is reversed. ${note}`,
    admin._id,
  );
  return after;
}

/**
 * The owner drops a later milestone nobody funded (work under way on the earlier ones): it ends
 * cancelled, nothing paid, and the job completes once the others are settled. The first milestone
 * can't go this way (the job is cancelled instead), nor any milestone before the first is funded.
 */
export async function cancelMilestone(ctx: MutationCtx, payment: Payment, owner: Doc<"users">): Promise<Payment> {
  const actor: PaymentActor = { kind: "member", user: owner };
  const refusal = paymentRefusal(payment, "cancel", actor);
  if (refusal) fail(refusal.code, refusal.message);
  const rows = await paymentsOfJob(ctx, payment.jobId);
  if (!milestoneCancellable(payment, rows)) invalid(MilestoneCopy.cancelOnlyLater);
  const job = await getJobX(ctx, payment.jobId);
  const after = await movePayment(ctx, payment, "cancel", actor, { reason: "Milestone cancelled before funding" });
  await closeJobIfSettled(ctx, job, owner._id, "the last milestone cancelled");
  await tell(ctx, after.proId, after, "Milestone cancelled", `${displayName(owner)} cancelled the unfunded milestone${milestoneOf(after)} of "${job.title}". Nothing was paid for it.`, owner._id);
  return after;
}

/** The owner cancels the job: nothing paid is cancelled, money held before work started goes back (per milestone). */
export async function onJobCancelled(ctx: MutationCtx, jobId: Id<"jobs">, owner: Doc<"users">): Promise<void> {
  for (const payment of await paymentsOfJob(ctx, jobId)) {
    // A milestone already settled (a dispute's refund, say) stays as it is.
    if (!SETTLED_STATES.includes(payment.state)) await cancelPayment(ctx, payment, owner);
  }
}

async function cancelPayment(ctx: MutationCtx, payment: Payment, owner: Doc<"users">): Promise<void> {
  const actor: PaymentActor = { kind: "member", user: owner };
  if (payment.state === "awaiting_quote" || payment.state === "awaiting_funding" || payment.state === "processing") {
    // A bank payment still processing that settles later is refunded as a stray charge.
    await movePayment(ctx, payment, "cancel", actor, { reason: "Job cancelled" });
  } else if (payment.state === "funded") {
    await movePayment(ctx, payment, "refundUnstarted", actor, {
      reason: "Job cancelled before work started",
      patch: { refundedCents: payment.refundedCents + heldCents(payment), refundedAt: Date.now() },
      moves: [{ kind: "refund", amountCents: heldCents(payment) }],
    });
  } else {
    fail(ErrorCode.INVALID_INPUT, PaymentCopy.illegal(payment.state, "cancelled"));
  }
}
