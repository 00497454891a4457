// Billing (ARCHITECTURE.md "Money"): the rules of a member's paid plan, one entry per rule. The
// payments webhook (payments/webhooks.ts) only translates verified Stripe events into these; the
// launch promotion (model/launchPromotion.ts) calls them directly, a grant being no Stripe event.
//
// The plan in force is the plan of the price being paid (the subscription item's price, read by
// the webhook), never the subscription's metadata. News arrives twice and out of order: the webhook
// drops a repeated event id; here, subscription news older than what was applied is ignored
// (Stripe's `created`, in seconds), and an old subscription's late news never touches a newer one
// in force.
import { isLiveStatus, planById, type PlanId, type SubscriptionStatus } from "../../../common/plans";
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { notify } from "../../model/notifications";
import { syncUserLocation } from "../../model/professionals";

/** A subscription as it stands at one moment (times in milliseconds). */
export interface PlanSnapshot {
  id: string;
  status: SubscriptionStatus;
  /** The plan of the price being paid. */
  planId: PlanId;
  periodEnd?: number;
  trialEnd?: number;
  cancelAtPeriodEnd: boolean;
  endedAt?: number;
}

/** When a piece of news is from, and what else it says. */
export interface BillingNews {
  /** Stripe's `created`, in seconds: what orders news about one subscription. */
  at: number;
  /** The subscription's creation: in the same second, never newer than an update already applied. */
  creation?: boolean;
  customerId?: string;
}

/**
 * True when news is older than the subscription news applied already, whichever subscription it is
 * about: a member has one plan in force, so an ended subscription's late update (a switch made
 * before it ended) must not overwrite the newer one bought since.
 */
function isStale(user: Doc<"users">, subscriptionId: string | undefined, news: BillingNews): boolean {
  if (user.subscriptionEventAt === undefined) return false;
  if (news.at < user.subscriptionEventAt) return true;
  return news.at === user.subscriptionEventAt && news.creation === true && user.stripeSubscriptionId === subscriptionId;
}

/** Whether a snapshot is news for the member: not stale, and not an old subscription's late news. */
function concerns(user: Doc<"users">, sub: PlanSnapshot, news: BillingNews): boolean {
  if (isStale(user, sub.id, news)) return false;
  const current = user.stripeSubscriptionId;
  return current === undefined || current === sub.id || !isLiveStatus(user.subscriptionStatus) || isLiveStatus(sub.status);
}

const tierOf = (user: Doc<"users">): PlanId => user.subscriptionTier ?? "basic";

/**
 * Writes the snapshot as the member's plan: `tier` in force, ending at `endsAt` (absent: runs on).
 * The plan decides how many service listings match (model/professionals.ts listedCategories).
 */
async function record(ctx: MutationCtx, user: Doc<"users">, sub: PlanSnapshot, news: BillingNews, tier: PlanId, endsAt: number | undefined) {
  const ended = sub.status === "canceled";
  await ctx.db.patch("users", user._id, {
    subscriptionTier: tier,
    subscriptionStatus: sub.status,
    stripeSubscriptionId: sub.id,
    ...(news.customerId ? { stripeCustomerId: news.customerId } : {}),
    subscriptionEndsAt: endsAt,
    subscriptionPeriodEnd: tier === "basic" ? undefined : sub.periodEnd,
    trialEndsAt: ended ? undefined : sub.trialEnd,
    ...(sub.trialEnd !== undefined ? { trialUsed: true } : {}),
    subscriptionEventAt: news.at,
  });
  if (tier !== tierOf(user)) await syncUserLocation(ctx, user._id);
}

const toMember = (user: Doc<"users">) => ({ userId: user._id, type: "system" as const, actionUrl: "/subscribe" });

/** "You're on <plan>": a paid plan came into force. */
async function tellOnPlan(ctx: MutationCtx, user: Doc<"users">, tier: PlanId, status: SubscriptionStatus) {
  const trial = status === "trialing" ? " Your free trial has started." : "";
  await notify(ctx, { ...toMember(user), title: `You're on ${planById(tier).name}`, content: `Thank you for subscribing.${trial}` });
}

/** The running (not ended) subscription's plan and end: incomplete puts no paid plan in force yet. */
const runningTier = (sub: PlanSnapshot): PlanId => (isLiveStatus(sub.status) ? sub.planId : "basic");
const runningEnd = (sub: PlanSnapshot) => (sub.cancelAtPeriodEnd ? sub.periodEnd : undefined);

/**
 * Start or renew: a subscription starts (trialing, active, or incomplete when the first payment
 * failed, which ends nothing), renews into a new period, or its status moves without ending.
 */
export async function startOrRenew(ctx: MutationCtx, user: Doc<"users">, sub: PlanSnapshot, news: BillingNews): Promise<void> {
  if (!concerns(user, sub, news)) return;
  const tier = runningTier(sub);
  const endsAt = runningEnd(sub);
  await record(ctx, user, sub, news, tier, endsAt);
  if (tier !== tierOf(user)) {
    if (tier === "basic") await tellEnded(ctx, user);
    else await tellOnPlan(ctx, user, tier, sub.status);
  } else if (tier !== "basic") await tellCancellation(ctx, user, tier, endsAt);
}

/** Change plan: the subscription in force pays for another price now (a portal switch); its tier follows. */
export async function changePlan(ctx: MutationCtx, user: Doc<"users">, sub: PlanSnapshot, news: BillingNews): Promise<void> {
  if (!concerns(user, sub, news)) return;
  const tier = runningTier(sub);
  await record(ctx, user, sub, news, tier, runningEnd(sub));
  if (tier !== tierOf(user)) await tellOnPlan(ctx, user, tier, sub.status);
}

/** Cancel at period end, or take that back: the plan stays in force until the period's end. */
export async function cancelAtPeriodEnd(ctx: MutationCtx, user: Doc<"users">, sub: PlanSnapshot, news: BillingNews): Promise<void> {
  if (!concerns(user, sub, news)) return;
  const endsAt = runningEnd(sub);
  await record(ctx, user, sub, news, runningTier(sub), endsAt);
  await tellCancellation(ctx, user, runningTier(sub), endsAt);
}

/** "Cancellation scheduled", when an end date has just been set. */
async function tellCancellation(ctx: MutationCtx, user: Doc<"users">, tier: PlanId, endsAt: number | undefined) {
  if (endsAt === undefined || user.subscriptionEndsAt !== undefined) return;
  await notify(ctx, {
    ...toMember(user),
    title: "Cancellation scheduled",
    content: `${planById(tier).name} stays in force until ${dateText(endsAt)}.`,
  });
}

/** End: the subscription is over (deleted, or canceled outright); the member is on Basic. */
export async function end(ctx: MutationCtx, user: Doc<"users">, sub: PlanSnapshot, news: BillingNews): Promise<void> {
  const ended = { ...sub, status: "canceled" as const };
  if (!concerns(user, ended, news)) return;
  await record(ctx, user, ended, news, "basic", sub.endedAt ?? Date.now());
  if (tierOf(user) !== "basic") await tellEnded(ctx, user);
}

async function tellEnded(ctx: MutationCtx, user: Doc<"users">) {
  await notify(ctx, { ...toMember(user), title: "Your plan has ended", content: `You're on the free Basic plan now. Your profile and work are kept.` });
}

/**
 * A subscription's news as Stripe reports it (created, updated, deleted), sent to its one rule. An
 * update can carry several changes at once: each rule writes the whole snapshot, and the rule
 * chosen is the change the member is told about (an end, then a plan, then a cancellation).
 */
export async function applySubscription(
  ctx: MutationCtx,
  user: Doc<"users">,
  sub: PlanSnapshot,
  news: BillingNews & { deleted: boolean },
): Promise<void> {
  if (news.deleted || sub.status === "canceled") return await end(ctx, user, sub, news);
  const sameLive = user.stripeSubscriptionId === sub.id && isLiveStatus(user.subscriptionStatus) && isLiveStatus(sub.status);
  if (sameLive && sub.planId !== tierOf(user)) return await changePlan(ctx, user, sub, news);
  if (sameLive && (runningEnd(sub) === undefined) !== (user.subscriptionEndsAt === undefined)) {
    return await cancelAtPeriodEnd(ctx, user, sub, news);
  }
  await startOrRenew(ctx, user, sub, news);
}

/**
 * Past due: a renewal's payment failed. A live plan stays in force, past due; a failed first payment
 * stays incomplete. Stripe sends events in no set order, so a new subscription's failed first
 * invoice can come before the subscription's own news: while no live plan is in force, a
 * subscription not applied yet is told too (its status comes with its own event).
 */
export async function pastDue(ctx: MutationCtx, user: Doc<"users">, subscriptionId: string | undefined, news: BillingNews): Promise<void> {
  if (subscriptionId === undefined) return;
  const current = subscriptionId === user.stripeSubscriptionId;
  const upcoming = !current && !isLiveStatus(user.subscriptionStatus);
  if (current ? user.subscriptionStatus === "canceled" : !upcoming) return;
  // Older than the subscription's state applied already (a failure since put right, or an ended subscription's).
  if (user.subscriptionEventAt !== undefined && news.at < user.subscriptionEventAt) return;
  if (current && (user.subscriptionStatus === "active" || user.subscriptionStatus === "trialing")) {
    await ctx.db.patch("users", user._id, { subscriptionStatus: "past_due" });
  }
  await notify(ctx, {
    ...toMember(user),
    title: "Payment failed",
    content: "We couldn't take this month's payment. Update your card in Manage subscription to keep your plan.",
  });
}

/** Renewal paid: a past-due plan is put right. */
export async function renewalPaid(ctx: MutationCtx, user: Doc<"users">, subscriptionId: string | undefined, news: BillingNews): Promise<void> {
  if (user.subscriptionStatus !== "past_due" || subscriptionId !== user.stripeSubscriptionId) return;
  if (user.subscriptionEventAt !== undefined && news.at < user.subscriptionEventAt) return;
  await ctx.db.patch("users", user._id, { subscriptionStatus: "active" });
}

/** A checkout completed: the member's Stripe customer, for the portal (the subscription's own news sets the plan). */
export async function recordCustomer(ctx: MutationCtx, user: Doc<"users">, customerId: string | undefined): Promise<void> {
  if (customerId) await ctx.db.patch("users", user._id, { stripeCustomerId: customerId });
}

const dateText = (ms: number) =>
  new Date(ms).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
