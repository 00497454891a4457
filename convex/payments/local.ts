// The local payments gateway (STRIPE_SECRET_KEY unset, local deployments only): it plays
// Stripe's part. Checkout and portal sessions and subscriptions are its own rows; the
// app's /pay/checkout/:id and /pay/portal/:id pages drive them; every change is sent as
// Stripe-shaped events, signed with Stripe's own test-header signer and POSTed to the
// app's webhook route, where the production verification and fulfilment code applies
// them. A subscription's period end is a scheduled function, as Stripe's clock would be.
import { env } from "../_generated/server";
import { v } from "convex/values";
import { SubscribeCopy, isPlanId, planById, type PlanId } from "../../common/plans";
import { PaymentCopy } from "../../common/payments";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { ActionCtx, MutationCtx, QueryCtx } from "../_generated/server";
import { action, internalAction, internalMutation, internalQuery, mutation, query } from "../functions";
import { fail, forbidden, invalid, notFound } from "../model/errors";
import { ErrorCode } from "../../common/errors";
import { siteUrl } from "../model/tokens";
import {
  accountUpdatedEvent,
  disputeObject,
  jobCheckoutSessionObject,
  paymentIntentObject,
  reversedTransferObject,
  checkoutSessionObject,
  deliveryPlan,
  invoiceObject,
  localDeliveryMode,
  localId,
  stripeEvent,
  subscriptionObject,
  type LocalEvent,
  type LocalJobCharge,
  type LocalSubscriptionState,
} from "./events";
import { localConnectWebhookSecret, localWebhookSecret, paymentsMode, stripeClient, type PaymentsGateway } from "./gateway";
import { planId as planIdValidator } from "../schema";

/**
 * The local Stripe's public functions work only where payments run locally: on a deployment with
 * Stripe keys (or none) they would let a member complete a "checkout" no card paid for, or sign
 * events with the local secret. Called after the sign-in check, before anything is read.
 */
function isLocalPayments(): boolean {
  return paymentsMode() === "local";
}
function assertLocalPayments(): void {
  if (!isLocalPayments()) forbidden(SubscribeCopy.localOnly);
}

const DAY = 24 * 60 * 60_000;
/** A month of service, as the local clock bills it. */
export const LOCAL_PERIOD_MS = 30 * DAY;
const SESSION_LIFE_MS = DAY;
/** Stripe gives a subscription whose first payment failed 23 hours to be paid, then expires it. */
export const INCOMPLETE_LIFE_MS = 23 * 60 * 60_000;

export const localGateway: PaymentsGateway = {
  async createSubscriptionCheckout(ctx, request) {
    const sessionId = await ctx.runMutation(internal.payments.local.openSession, {
      kind: "checkout",
      userId: request.userId,
      customerId: request.customerId ?? `cus_local_${request.userId}`,
      planId: request.planId,
      trialDays: request.trialDays,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
    });
    return { url: `${siteUrl()}/pay/checkout/${sessionId}` };
  },
  async createPortalSession(ctx, request) {
    const sessionId = await ctx.runMutation(internal.payments.local.openSession, {
      kind: "portal",
      userId: request.userId,
      customerId: request.customerId,
      returnUrl: request.returnUrl,
    });
    return { url: `${siteUrl()}/pay/portal/${sessionId}` };
  },
  async createJobCheckout(ctx, request) {
    const sessionId = await ctx.runMutation(internal.payments.local.openSession, {
      kind: "payment",
      userId: request.ownerId,
      customerId: `cus_local_${request.ownerId}`,
      paymentId: request.paymentId,
      amountCents: request.amountCents,
      description: request.description,
      transferGroup: request.transferGroup,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
    });
    return { url: `${siteUrl()}/pay/job/${sessionId}`, sessionId: `cs_local_${sessionId}` };
  },
  async transfer(ctx, request) {
    return await moveMoney(ctx, "transfer", request, request.destination, request.transferGroup);
  },
  async refund(ctx, request) {
    return await moveMoney(ctx, "refund", request, request.paymentIntentId);
  },
  async reverseTransfer(ctx, request) {
    return await moveMoney(ctx, "reversal", request, request.transferId);
  },
  async findMove(ctx, lookup) {
    const listedBy = lookup.kind === "transfer" ? lookup.transferGroup : lookup.kind === "refund" ? lookup.paymentIntentId : lookup.transferId;
    return await ctx.runQuery(internal.payments.local.findMoney, { kind: lookup.kind, listedBy, moveKey: lookup.idempotencyKey });
  },
  async cancelSubscription(ctx, request) {
    // As the Stripe gateway does: retrieve first, since cancelling a canceled subscription is refused.
    const status: string | null = await ctx.runQuery(internal.payments.local.subscriptionStatus, { subscriptionId: request.subscriptionId });
    if (status === "canceled") return;
    const events: unknown[] = await ctx.runMutation(internal.payments.local.endSubscription, request);
    await deliver(events);
  },
  async createConnectAccount(ctx, request) {
    const { id } = await moveMoney(ctx, "account", { ...request, amountCents: 0 }, request.userId);
    return { accountId: id };
  },
  async createAccountLink(ctx, request) {
    const sessionId = await ctx.runMutation(internal.payments.local.openSession, {
      kind: "onboarding",
      userId: request.userId,
      customerId: `cus_local_${request.userId}`,
      accountId: request.accountId,
      returnUrl: request.returnUrl,
      cancelUrl: request.refreshUrl,
    });
    return { url: `${siteUrl()}/pay/onboard/${sessionId}` };
  },
  async retrieveAccount(ctx, request) {
    const account: { payoutsEnabled: boolean } | null = await ctx.runQuery(internal.payments.local.accountOf, { accountId: request.accountId });
    // As Stripe answers an unknown id: an error, not an empty account.
    if (account === null) throw new Error(`No such account: '${request.accountId}'`);
    return { accountId: request.accountId, payoutsEnabled: account.payoutsEnabled };
  },
};

/** The local gateway's own record of a connected account (Stripe's side of it), or null. */
async function localAccount(ctx: { db: QueryCtx["db"] }, accountId: string): Promise<Doc<"localMoneyMoves"> | null> {
  const row = await ctx.db
    .query("localMoneyMoves")
    .withIndex("by_objectId", (q) => q.eq("objectId", accountId))
    .unique();
  return row?.kind === "account" ? row : null;
}

export const accountOf = internalQuery({
  args: { accountId: v.string() },
  returns: v.union(v.null(), v.object({ payoutsEnabled: v.boolean() })),
  handler: async (ctx, { accountId }) => {
    const row = await localAccount(ctx, accountId);
    return row === null ? null : { payoutsEnabled: row.payoutsEnabled === true };
  },
});

const PREFIX = { transfer: "tr", refund: "re", reversal: "trr", account: "acct" } as const;

/** A transfer, refund, reversal or new account, recorded once per idempotency key (and its metadata, as the Stripe gateway sends it). */
async function moveMoney(
  ctx: ActionCtx,
  kind: keyof typeof PREFIX,
  request: { idempotencyKey: string; amountCents: number },
  reference: string,
  transferGroup?: string,
): Promise<{ id: string }> {
  return await ctx.runMutation(internal.payments.local.recordMoney, {
    kind,
    idempotencyKey: request.idempotencyKey,
    amountCents: request.amountCents,
    reference,
    ...(kind === "account" ? {} : { moveKey: request.idempotencyKey }),
    ...(transferGroup !== undefined ? { transferGroup } : {}),
  });
}

/** How long Stripe keeps an idempotency key: a request reusing it later is a new request. */
export const IDEMPOTENCY_KEY_LIFE_MS = DAY;

/**
 * Stripe's idempotency, locally, no kinder than Stripe's: for 24 hours the same key answers the
 * same object (and refuses other parameters); after that the key is forgotten and the same
 * request moves the money again.
 */
export const recordMoney = internalMutation({
  args: {
    kind: v.union(v.literal("transfer"), v.literal("refund"), v.literal("reversal"), v.literal("account")),
    idempotencyKey: v.string(),
    amountCents: v.number(),
    reference: v.string(),
    transferGroup: v.optional(v.string()),
    moveKey: v.optional(v.string()),
  },
  returns: v.object({ id: v.string() }),
  handler: async (ctx, args) => {
    const now = Date.now();
    const existing = await ctx.db
      .query("localMoneyMoves")
      .withIndex("by_idempotencyKey", (q) => q.eq("idempotencyKey", args.idempotencyKey))
      .order("desc")
      .first();
    if (existing !== null && now - (existing.createdAt ?? existing._creationTime) < IDEMPOTENCY_KEY_LIFE_MS) {
      if (existing.kind !== args.kind || existing.amountCents !== args.amountCents || existing.reference !== args.reference) {
        throw new Error("Keys for idempotent requests can only be used with the same parameters they were first used with.");
      }
      return { id: existing.objectId };
    }
    if (args.kind === "transfer") {
      // As Stripe does: a transfer to a connected account that can't take payouts is refused. The
      // gateway's own account record decides (what Stripe knows, whatever the app believes); an
      // account id a test made by hand, with no record here, falls back to the app's flag.
      const account = await localAccount(ctx, args.reference);
      const enabled =
        account !== null
          ? account.payoutsEnabled === true
          : (
              await ctx.db
                .query("users")
                .withIndex("by_stripeConnectAccountId", (q) => q.eq("stripeConnectAccountId", args.reference))
                .first()
            )?.payoutsEnabled === true;
      if (!enabled) throw new Error(`The destination account ${args.reference} can't receive transfers: its payouts are disabled.`);
    }
    if (args.kind === "refund") {
      // As Stripe does: a charge with an open or lost dispute can't be refunded (error code charge_disputed).
      const dispute = await ctx.db
        .query("localMoneyMoves")
        .withIndex("by_kind_and_reference", (q) => q.eq("kind", "dispute").eq("reference", args.reference))
        .first();
      if (dispute !== null && dispute.disputeStatus !== "won") {
        throw new Error(`charge_disputed: The charge of ${args.reference} has been charged back; cannot issue a refund.`);
      }
    }
    const objectId = localId(PREFIX[args.kind]);
    await ctx.db.insert("localMoneyMoves", { ...args, objectId, createdAt: now });
    if (args.kind === "reversal") {
      // As Stripe does, the reversal is announced by a transfer.reversed event, delivered on its own
      // (a webhook that is down doesn't undo the reversal).
      const transfer = await ctx.db
        .query("localMoneyMoves")
        .withIndex("by_objectId", (q) => q.eq("objectId", args.reference))
        .unique();
      const event = stripeEvent(
        "transfer.reversed",
        reversedTransferObject({
          transferId: args.reference,
          amountCents: transfer?.amountCents ?? args.amountCents,
          reversedCents: args.amountCents,
          reversalId: objectId,
          reversalCents: args.amountCents,
        }),
        Date.now(),
      );
      await ctx.scheduler.runAfter(0, internal.payments.local.deliverEvents, { events: [event] });
    }
    return { id: objectId };
  },
});

/** Stripe's lists, locally: the kind's objects listed by group, intent or transfer, matched on our metadata. */
export const findMoney = internalQuery({
  args: { kind: v.union(v.literal("transfer"), v.literal("refund"), v.literal("reversal")), listedBy: v.string(), moveKey: v.string() },
  returns: v.union(v.null(), v.object({ id: v.string() })),
  handler: async (ctx, { kind, listedBy, moveKey }) => {
    const listed =
      kind === "transfer"
        ? await ctx.db
            .query("localMoneyMoves")
            .withIndex("by_transferGroup", (q) => q.eq("transferGroup", listedBy))
            .order("desc")
            .take(100)
        : await ctx.db
            .query("localMoneyMoves")
            .withIndex("by_reference", (q) => q.eq("reference", listedBy))
            .order("desc")
            .take(100);
    const made = listed.find((m) => m.kind === kind && m.moveKey === moveKey);
    return made ? { id: made.objectId } : null;
  },
});

export const openSession = internalMutation({
  args: {
    kind: v.union(v.literal("checkout"), v.literal("portal"), v.literal("payment"), v.literal("onboarding")),
    userId: v.id("users"),
    customerId: v.string(),
    paymentId: v.optional(v.string()),
    amountCents: v.optional(v.number()),
    description: v.optional(v.string()),
    transferGroup: v.optional(v.string()),
    accountId: v.optional(v.string()),
    planId: v.optional(planIdValidator),
    trialDays: v.optional(v.number()),
    successUrl: v.optional(v.string()),
    cancelUrl: v.optional(v.string()),
    returnUrl: v.optional(v.string()),
  },
  returns: v.id("localPaymentSessions"),
  handler: async (ctx, args) =>
    await ctx.db.insert("localPaymentSessions", { ...args, status: "open", expiresAt: Date.now() + SESSION_LIFE_MS }),
});

/** The local subscription by its Stripe-style id (sub_local_...), or null. */
async function localSubscriptionById(ctx: { db: QueryCtx["db"] }, subscriptionId: string): Promise<Doc<"localSubscriptions"> | null> {
  return await ctx.db
    .query("localSubscriptions")
    .withIndex("by_subscriptionId", (q) => q.eq("subscriptionId", subscriptionId))
    .unique();
}

async function subscriptionRowOf(ctx: { db: QueryCtx["db"] }, customerId: string): Promise<Doc<"localSubscriptions"> | null> {
  // The customer's newest subscription is the one in force (older ones have ended).
  return await ctx.db
    .query("localSubscriptions")
    .withIndex("by_customerId", (q) => q.eq("customerId", customerId))
    .order("desc")
    .first();
}

const stateOf = (row: Doc<"localSubscriptions">): LocalSubscriptionState => ({
  subscriptionId: row.subscriptionId,
  customerId: row.customerId,
  userId: row.userId,
  planId: row.planId,
  checkoutPlanId: row.checkoutPlanId,
  status: row.status,
  currentPeriodEnd: row.currentPeriodEnd,
  trialEnd: row.trialEnd,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  endedAt: row.endedAt,
});

/** A period's invoice, paid or failed. */
const invoiceEvent = (state: LocalSubscriptionState, paid: boolean, now: number): LocalEvent =>
  stripeEvent(paid ? "invoice.paid" : "invoice.payment_failed", invoiceObject(state, paid), now);

/** A running subscription's charge: its invoice, then the subscription as it now stands. */
const periodChargeEvents = (state: LocalSubscriptionState, paid: boolean, now: number): LocalEvent[] => [
  invoiceEvent(state, paid, now),
  stripeEvent("customer.subscription.updated", subscriptionObject(state), now),
];

/** Stripe's clock for one period: `periodEnd` rolls or ends the subscription when the period is over. */
async function schedulePeriodEnd(ctx: MutationCtx, subscriptionId: string, at: number) {
  await ctx.scheduler.runAt(at, internal.payments.local.periodEnd, { subscriptionId, periodEnd: at });
}

/** What the local checkout and portal pages show: the session's owner only, while it is open. */
export const session = query({
  args: { sessionId: v.string() },
  returns: v.union(
    v.null(),
    v.object({
      kind: v.union(v.literal("checkout"), v.literal("portal")),
      status: v.union(v.literal("open"), v.literal("complete"), v.literal("canceled")),
      expired: v.boolean(),
      planId: v.union(planIdValidator, v.null()),
      trialDays: v.number(),
      email: v.union(v.string(), v.null()),
      /** Where the portal's "Return to Rafter" goes. */
      returnUrl: v.union(v.string(), v.null()),
      subscription: v.union(
        v.null(),
        v.object({
          planId: planIdValidator,
          status: v.string(),
          currentPeriodEnd: v.number(),
          trialEnd: v.union(v.number(), v.null()),
          cancelAtPeriodEnd: v.boolean(),
        }),
      ),
    }),
  ),
  handler: async (ctx, { sessionId }) => {
    const viewer = ctx.viewerX();
    // No local session is shown where payments aren't local (the mutations refuse outright).
    if (!isLocalPayments()) return null;
    const id = ctx.db.normalizeId("localPaymentSessions", sessionId);
    const row = id === null ? null : await ctx.db.get("localPaymentSessions", id);
    if (row === null || row.userId !== viewer._id || (row.kind !== "checkout" && row.kind !== "portal")) return null;
    const sub = await subscriptionRowOf(ctx, row.customerId);
    const live = sub !== null && sub.status !== "canceled" ? sub : null;
    return {
      kind: row.kind as "checkout" | "portal",
      status: row.status,
      expired: row.expiresAt < Date.now(),
      planId: row.planId ?? null,
      trialDays: row.trialDays ?? 0,
      email: viewer.email ?? null,
      returnUrl: row.returnUrl ?? null,
      subscription:
        live === null
          ? null
          : {
              planId: live.planId,
              status: live.status,
              currentPeriodEnd: live.currentPeriodEnd,
              trialEnd: live.trialEnd ?? null,
              cancelAtPeriodEnd: live.cancelAtPeriodEnd,
            },
    };
  },
});

/** The viewer's open, unexpired session of this kind, or the spec's refusal. */
async function openSessionOf(ctx: MutationCtx, viewerId: Id<"users">, sessionId: string, kind: Doc<"localPaymentSessions">["kind"]) {
  const id = ctx.db.normalizeId("localPaymentSessions", sessionId);
  const row = id === null ? null : await ctx.db.get("localPaymentSessions", id);
  if (row === null || row.userId !== viewerId || row.kind !== kind) notFound(SubscribeCopy.checkoutGone);
  if (row.status !== "open" || row.expiresAt < Date.now()) invalid(SubscribeCopy.checkoutGone);
  return row;
}

// Test cards, as Stripe's test mode knows them: 4242… pays, 4000 0000 0000 0002 is declined,
// 4000 0000 0000 0341 is accepted but its charges fail (a trial starts; a payment goes past due).
const DECLINED_CARD = "4000000000000002";
const CHARGES_FAIL_CARD = "4000000000000341";
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
const cardValidator = v.object({ number: v.string(), expiry: v.string(), cvc: v.string() });
/** Refuses an invalid or declined card; true when the card's charges will fail. */
function checkCard(card: { number: string; expiry: string; cvc: string }, now: number): boolean {
  const digits = card.number.replace(/[\s-]/g, "");
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const valid =
    /^\d{13,19}$/.test(digits) &&
    luhnValid(digits) &&
    expiry !== null &&
    Number(expiry[1]) >= 1 &&
    Number(expiry[1]) <= 12 &&
    // The last day of the expiry month, in the card's century.
    new Date(Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1)).getTime() > now &&
    /^\d{3,4}$/.test(card.cvc.trim());
  if (!valid) invalid(SubscribeCopy.cardInvalid);
  if (digits === DECLINED_CARD) fail(ErrorCode.INVALID_INPUT, SubscribeCopy.cardDeclined);
  return digits === CHARGES_FAIL_CARD;
}

/** Pay: the subscription starts (trialing when the plan has a trial) and its events go out. */
export const completeCheckout = internalMutation({
  args: { viewerId: v.id("users"), sessionId: v.string(), card: cardValidator },
  returns: v.object({ redirect: v.string(), events: v.array(v.any()) }),
  handler: async (ctx, { viewerId, sessionId, card }) => {
    const row = await openSessionOf(ctx, viewerId, sessionId, "checkout");
    const now = Date.now();
    const cardFails = checkCard(card, now);
    const planId = row.planId;
    if (planId === undefined) invalid(SubscribeCopy.checkoutGone);
    const trialEnd = (row.trialDays ?? 0) > 0 ? now + (row.trialDays ?? 0) * DAY : undefined;
    // Without a trial the first month is charged now: with a failing card the subscription is incomplete.
    const firstChargeFails = trialEnd === undefined && cardFails;
    const state: LocalSubscriptionState = {
      subscriptionId: localId("sub"),
      customerId: row.customerId,
      userId: viewerId,
      planId,
      checkoutPlanId: planId,
      status: trialEnd !== undefined ? "trialing" : firstChargeFails ? "incomplete" : "active",
      currentPeriodEnd: trialEnd ?? now + LOCAL_PERIOD_MS,
      trialEnd,
      cancelAtPeriodEnd: false,
    };
    await ctx.db.insert("localSubscriptions", { ...state, userId: viewerId, cardFails });
    await ctx.db.patch("localPaymentSessions", row._id, { status: "complete" });
    if (firstChargeFails) await ctx.scheduler.runAfter(INCOMPLETE_LIFE_MS, internal.payments.local.incompleteDeadline, { subscriptionId: state.subscriptionId });
    else await schedulePeriodEnd(ctx, state.subscriptionId, state.currentPeriodEnd);
    const events: LocalEvent[] = [
      stripeEvent("checkout.session.completed", checkoutSessionObject(`cs_local_${row._id}`, state), now),
      stripeEvent("customer.subscription.created", subscriptionObject(state), now),
      invoiceEvent(state, !firstChargeFails, now),
    ];
    return { redirect: row.successUrl ?? siteUrl(), events };
  },
});

export const cancelCheckout = mutation({
  args: { sessionId: v.string() },
  returns: v.object({ redirect: v.string() }),
  handler: async (ctx, { sessionId }) => {
    const viewerId = ctx.viewerX()._id;
    assertLocalPayments();
    const row = await openSessionOf(ctx, viewerId, sessionId, "checkout");
    await ctx.db.patch("localPaymentSessions", row._id, { status: "canceled" });
    return { redirect: row.cancelUrl ?? siteUrl() };
  },
});

export const deliverEvents = internalAction({
  args: { events: v.array(v.any()) },
  returns: v.null(),
  handler: async (_ctx, { events }): Promise<null> => {
    await deliver(events);
    return null;
  },
});

/**
 * Signs each event as Stripe does and POSTs it to the app's webhook route, as Stripe delivers:
 * at least once and in no set order (events.ts deliveryPlan: by default each batch newest first,
 * then each event again, a redelivery signed anew; LOCAL_STRIPE_DELIVERY=ordered sends each once,
 * in order, for debugging). The events come back from this module's mutations, whose validators
 * type them loosely (v.any()). As Stripe does, a connected account's event (`account` set) goes to
 * the Connect endpoint, signed with that endpoint's own secret; the platform's events go to the
 * platform endpoint.
 */
async function deliver(events: readonly unknown[]): Promise<void> {
  const stripe = stripeClient();
  const site = (env.CONVEX_SITE_URL ?? "").replace(/\/$/, "");
  /** Each event's last signature time (seconds): a redelivery is a new attempt, signed later. */
  const signedAt = new Map<string, number>();
  for (const { event } of deliveryPlan(events as readonly LocalEvent[], localDeliveryMode(env.LOCAL_STRIPE_DELIVERY))) {
    const connect = typeof event.account === "string";
    const endpoint = `${site}${connect ? "/stripe/connect-webhook" : "/stripe/webhook"}`;
    const payload = JSON.stringify(event);
    const secret = connect ? localConnectWebhookSecret() : localWebhookSecret();
    // Payments stopped being local since the events were made (the secret or local mode went away).
    if (secret === null) throw new Error("local payments are off: not delivering webhook events");
    const previous = signedAt.get(event.id);
    const timestamp = Math.max(Math.floor(Date.now() / 1000), previous === undefined ? 0 : previous + 1);
    signedAt.set(event.id, timestamp);
    const signature = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp });
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
    if (!response.ok) throw new Error(`webhook answered ${response.status} to ${event.type}`);
  }
}

/** The signed-in member calling one of the local Stripe's actions, in local mode only. */
function viewerOf(ctx: ActionCtx & { viewerId: Id<"users"> | null }): Id<"users"> {
  if (ctx.viewerId === null) fail(ErrorCode.NOT_AUTHENTICATED, SubscribeCopy.authRequired);
  assertLocalPayments();
  return ctx.viewerId;
}

export const pay = action({
  args: { sessionId: v.string(), card: cardValidator },
  returns: v.object({ redirect: v.string() }),
  handler: async (ctx, { sessionId, card }): Promise<{ redirect: string }> => {
    const viewerId = viewerOf(ctx);
    const { redirect, events }: { redirect: string; events: unknown[] } = await ctx.runMutation(internal.payments.local.completeCheckout, { viewerId, sessionId, card });
    await deliver(events);
    return { redirect };
  },
});

const portalChange = v.union(
  v.object({ kind: v.literal("cancel") }),
  v.object({ kind: v.literal("resume") }),
  v.object({ kind: v.literal("switch"), planId: planIdValidator }),
);

/** A portal change to the member's live subscription, and the update event it sends. */
export const changeSubscription = internalMutation({
  args: { viewerId: v.id("users"), sessionId: v.string(), change: portalChange },
  returns: v.array(v.any()),
  handler: async (ctx, { viewerId, sessionId, change }) => {
    const row = await openSessionOf(ctx, viewerId, sessionId, "portal");
    const sub = await subscriptionRowOf(ctx, row.customerId);
    if (sub === null || sub.status === "canceled") invalid("There is no plan to change.");
    const patch: Partial<Doc<"localSubscriptions">> =
      change.kind === "cancel"
        ? { cancelAtPeriodEnd: true }
        : change.kind === "resume"
          ? { cancelAtPeriodEnd: false }
          : // As Stripe's portal does: the item's price changes; the metadata keeps the checkout's plan.
            { planId: switchTo(change.planId, sub.planId), checkoutPlanId: sub.checkoutPlanId ?? sub.planId };
    await ctx.db.patch("localSubscriptions", sub._id, patch);
    return [stripeEvent("customer.subscription.updated", subscriptionObject(stateOf({ ...sub, ...patch })), Date.now())];
  },
});

function switchTo(planId: PlanId, current: PlanId): PlanId {
  if (!isPlanId(planId) || planById(planId).priceMonthlyUsd === 0) {
    invalid("To move to the free Basic plan, cancel your subscription: it ends with the period you paid for.");
  }
  if (planId === current) invalid(SubscribeCopy.alreadyOnPlan(planById(planId).name));
  return planId;
}

/**
 * Update card (the portal): a good card replaces the failing one, and a past-due or incomplete
 * subscription is paid at once and starts a new period.
 */
export const replaceCard = internalMutation({
  args: { viewerId: v.id("users"), sessionId: v.string(), card: cardValidator },
  returns: v.array(v.any()),
  handler: async (ctx, { viewerId, sessionId, card }) => {
    const row = await openSessionOf(ctx, viewerId, sessionId, "portal");
    const sub = await subscriptionRowOf(ctx, row.customerId);
    if (sub === null || sub.status === "canceled") invalid("There is no plan to pay for.");
    const now = Date.now();
    const cardFails = checkCard(card, now);
    if (cardFails) fail(ErrorCode.INVALID_INPUT, SubscribeCopy.cardDeclined);
    if (sub.status !== "past_due" && sub.status !== "incomplete") {
      await ctx.db.patch("localSubscriptions", sub._id, { cardFails: false });
      return [];
    }
    const next = { status: "active" as const, currentPeriodEnd: now + LOCAL_PERIOD_MS, cardFails: false };
    await ctx.db.patch("localSubscriptions", sub._id, next);
    await schedulePeriodEnd(ctx, sub.subscriptionId, next.currentPeriodEnd);
    const state = stateOf({ ...sub, ...next });
    return periodChargeEvents(state, true, now);
  },
});

export const updateCard = action({
  args: { sessionId: v.string(), card: cardValidator },
  returns: v.null(),
  handler: async (ctx, { sessionId, card }): Promise<null> => {
    const viewerId = viewerOf(ctx);
    const events: unknown[] = await ctx.runMutation(internal.payments.local.replaceCard, { viewerId, sessionId, card });
    await deliver(events);
    return null;
  },
});

export const changePlan = action({
  args: { sessionId: v.string(), change: portalChange },
  returns: v.null(),
  handler: async (ctx, { sessionId, change }): Promise<null> => {
    const viewerId = viewerOf(ctx);
    const events: unknown[] = await ctx.runMutation(internal.payments.local.changeSubscription, { viewerId, sessionId, change });
    await deliver(events);
    return null;
  },
});

/**
 * Stripe's clock at a period's end: a subscription set to cancel ends (deleted); otherwise
 * it renews (a trial turns into a paid month) with its invoice paid.
 */
export const rollPeriod = internalMutation({
  args: { subscriptionId: v.string(), periodEnd: v.number() },
  returns: v.array(v.any()),
  handler: async (ctx, { subscriptionId, periodEnd }) => {
    const sub = await localSubscriptionById(ctx, subscriptionId);
    // A period already rolled (or a subscription already ended) is left alone: runs once. An
    // incomplete subscription has no period to roll (it is paid, or expires: expireIncomplete).
    if (sub === null || sub.status === "canceled" || sub.status === "incomplete" || sub.currentPeriodEnd !== periodEnd) return [];
    const now = Date.now();
    if (sub.cancelAtPeriodEnd) {
      await ctx.db.patch("localSubscriptions", sub._id, { status: "canceled", endedAt: now });
      return [stripeEvent("customer.subscription.deleted", subscriptionObject(stateOf({ ...sub, status: "canceled", endedAt: now })), now)];
    }
    if (sub.cardFails) {
      // The renewal charge fails: past due until the member updates the card (Stripe retries; we wait).
      const pastDue = stateOf({ ...sub, status: "past_due" });
      await ctx.db.patch("localSubscriptions", sub._id, { status: "past_due" });
      return periodChargeEvents(pastDue, false, now);
    }
    const next = { status: "active" as const, currentPeriodEnd: periodEnd + LOCAL_PERIOD_MS };
    await ctx.db.patch("localSubscriptions", sub._id, next);
    await schedulePeriodEnd(ctx, subscriptionId, next.currentPeriodEnd);
    const state = stateOf({ ...sub, ...next });
    return periodChargeEvents(state, true, now);
  },
});

/**
 * Stripe's clock for a first payment that failed: unpaid after 23 hours, the subscription becomes
 * incomplete_expired, a terminal status (no plan was ever in force; the webhook reads it as ended).
 */
export const expireIncomplete = internalMutation({
  args: { subscriptionId: v.string() },
  returns: v.array(v.any()),
  handler: async (ctx, { subscriptionId }) => {
    const sub = await localSubscriptionById(ctx, subscriptionId);
    if (sub === null || sub.status !== "incomplete") return [];
    const now = Date.now();
    await ctx.db.patch("localSubscriptions", sub._id, { status: "canceled", endedAt: now });
    return [stripeEvent("customer.subscription.updated", subscriptionObject(stateOf({ ...sub, endedAt: now }), "incomplete_expired"), now)];
  },
});

export const incompleteDeadline = internalAction({
  args: { subscriptionId: v.string() },
  returns: v.null(),
  handler: async (ctx, args): Promise<null> => {
    const events: unknown[] = await ctx.runMutation(internal.payments.local.expireIncomplete, args);
    await deliver(events);
    return null;
  },
});

export const periodEnd = internalAction({
  args: { subscriptionId: v.string(), periodEnd: v.number() },
  returns: v.null(),
  handler: async (ctx, args): Promise<null> => {
    const events: unknown[] = await ctx.runMutation(internal.payments.local.rollPeriod, args);
    await deliver(events);
    return null;
  },
});

/**
 * Cancel now (Stripe's DELETE /v1/subscriptions/:id; account deletion calls it): the subscription
 * ends at once and customer.subscription.deleted goes out. An unknown or already canceled
 * subscription is refused, as Stripe refuses it (the gateway retrieves the status first).
 */
export const subscriptionStatus = internalQuery({
  args: { subscriptionId: v.string() },
  returns: v.union(v.null(), v.string()),
  handler: async (ctx, { subscriptionId }) =>
    (await localSubscriptionById(ctx, subscriptionId))?.status ?? null,
});

export const endSubscription = internalMutation({
  args: { subscriptionId: v.string(), idempotencyKey: v.string() },
  returns: v.array(v.any()),
  handler: async (ctx, { subscriptionId }) => {
    const sub = await localSubscriptionById(ctx, subscriptionId);
    if (sub === null) throw new Error(`No such subscription: '${subscriptionId}'`);
    if (sub.status === "canceled") throw new Error(`The subscription ${subscriptionId} is already canceled.`);
    const now = Date.now();
    const ended = { status: "canceled" as const, endedAt: now, cancelAtPeriodEnd: false };
    await ctx.db.patch("localSubscriptions", sub._id, ended);
    return [stripeEvent("customer.subscription.deleted", subscriptionObject(stateOf({ ...sub, ...ended })), now)];
  },
});

// ---------------------------------------------------------------------------
// Job payments (issue 15): the local checkout in payment mode, payout onboarding, chargebacks.

/** What the local job checkout and onboarding pages show: the session's owner only. */
export const jobSession = query({
  args: { sessionId: v.string() },
  returns: v.union(
    v.null(),
    v.object({
      kind: v.union(v.literal("payment"), v.literal("onboarding")),
      status: v.union(v.literal("open"), v.literal("complete"), v.literal("canceled")),
      expired: v.boolean(),
      amountCents: v.union(v.number(), v.null()),
      description: v.union(v.string(), v.null()),
      email: v.union(v.string(), v.null()),
    }),
  ),
  handler: async (ctx, { sessionId }) => {
    const viewer = ctx.viewerX();
    // No local session is shown where payments aren't local (the mutations refuse outright).
    if (!isLocalPayments()) return null;
    const id = ctx.db.normalizeId("localPaymentSessions", sessionId);
    const row = id === null ? null : await ctx.db.get("localPaymentSessions", id);
    if (row === null || row.userId !== viewer._id || (row.kind !== "payment" && row.kind !== "onboarding")) return null;
    return {
      kind: row.kind,
      status: row.status,
      expired: row.expiresAt < Date.now(),
      amountCents: row.amountCents ?? null,
      description: row.description ?? null,
      email: viewer.email ?? null,
    };
  },
});

// Stripe's US bank account test numbers (routing 110000000): 000123456789 settles; these fail when
// the debit settles (closed, no account, insufficient funds, not authorized).
export const LOCAL_BANK_ROUTING = "110000000";
export const LOCAL_BANK_OK = "000123456789";
export const LOCAL_BANK_FAILING = ["000111111113", "000111111116", "000222222227", "000333333335"];
/** How long a local bank debit takes to settle. Days at Stripe; minutes in its test mode, and here. */
export const LOCAL_BANK_SETTLE_MS = 3 * 60_000;
const bankValidator = v.object({ routingNumber: v.string(), accountNumber: v.string() });

/** Refuses an invalid US bank account; true when its debit will fail. */
function checkBank(bank: { routingNumber: string; accountNumber: string }): boolean {
  const routing = bank.routingNumber.replace(/\s/g, "");
  const account = bank.accountNumber.replace(/\s/g, "");
  const d = routing.split("").map(Number);
  // The ABA routing number checksum.
  const routingOk = /^\d{9}$/.test(routing) && (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)) % 10 === 0;
  if (!routingOk || !/^\d{4,17}$/.test(account)) invalid(PaymentCopy.bankInvalid);
  return LOCAL_BANK_FAILING.includes(account);
}

/**
 * Pay (payment mode). A card is charged at once and its two events go out; the webhook funds the
 * job. A US bank account completes the checkout unpaid (the debit is processing) and settles later:
 * a scheduled `settleBankDebit` sends async_payment_succeeded (or _failed), as Stripe does.
 */
export const completeJobCheckout = internalMutation({
  args: { viewerId: v.id("users"), sessionId: v.string(), card: v.optional(cardValidator), bank: v.optional(bankValidator) },
  returns: v.object({ redirect: v.string(), events: v.array(v.any()) }),
  handler: async (ctx, { viewerId, sessionId, card, bank }) => {
    const row = await openSessionOf(ctx, viewerId, sessionId, "payment");
    const now = Date.now();
    if (card === undefined && bank === undefined) invalid(SubscribeCopy.cardInvalid);
    // A card whose charges fail is declined outright here: a one-off payment has no later renewal.
    if (card !== undefined && checkCard(card, now)) fail(ErrorCode.INVALID_INPUT, SubscribeCopy.cardDeclined);
    const debitFails = card === undefined && bank !== undefined ? checkBank(bank) : false;
    if (row.paymentId === undefined || row.amountCents === undefined) invalid(SubscribeCopy.checkoutGone);
    await ctx.db.patch("localPaymentSessions", row._id, { status: "complete" });
    const charge: LocalJobCharge = {
      sessionId: `cs_local_${row._id}`,
      paymentId: row.paymentId,
      ownerId: viewerId,
      amountCents: row.amountCents,
      paymentIntentId: localId("pi"),
      chargeId: localId("py"),
      transferGroup: row.transferGroup ?? `job_${row.paymentId}`,
      method: card !== undefined ? "card" : "us_bank_account",
    };
    if (charge.method === "us_bank_account") {
      await ctx.scheduler.runAfter(LOCAL_BANK_SETTLE_MS, internal.payments.local.settleBankDebit, { charge, fails: debitFails });
      return { redirect: row.successUrl ?? siteUrl(), events: [stripeEvent("checkout.session.completed", jobCheckoutSessionObject(charge, "unpaid"), now)] };
    }
    charge.chargeId = localId("ch");
    const events: LocalEvent[] = [
      stripeEvent("checkout.session.completed", jobCheckoutSessionObject(charge), now),
      stripeEvent("payment_intent.succeeded", paymentIntentObject(charge), now),
    ];
    return { redirect: row.successUrl ?? siteUrl(), events };
  },
});

const localJobChargeValidator = v.object({
  sessionId: v.string(),
  paymentId: v.string(),
  ownerId: v.string(),
  amountCents: v.number(),
  paymentIntentId: v.string(),
  chargeId: v.string(),
  transferGroup: v.string(),
  method: v.optional(v.union(v.literal("card"), v.literal("us_bank_account"))),
});

/** The bank's answer to a local debit, days later at Stripe: the intent's event, then the session's. */
export const settleBankDebit = internalAction({
  args: { charge: localJobChargeValidator, fails: v.boolean() },
  returns: v.null(),
  handler: async (_ctx, { charge, fails }): Promise<null> => {
    const now = Date.now();
    await deliver(
      fails
        ? [
            stripeEvent("payment_intent.payment_failed", paymentIntentObject(charge, "requires_payment_method"), now),
            stripeEvent("checkout.session.async_payment_failed", jobCheckoutSessionObject(charge, "unpaid"), now),
          ]
        : [
            stripeEvent("payment_intent.succeeded", paymentIntentObject(charge), now),
            stripeEvent("checkout.session.async_payment_succeeded", jobCheckoutSessionObject(charge), now),
          ],
    );
    return null;
  },
});

export const payJob = action({
  args: { sessionId: v.string(), card: v.optional(cardValidator), bank: v.optional(bankValidator) },
  returns: v.object({ redirect: v.string() }),
  handler: async (ctx, { sessionId, card, bank }): Promise<{ redirect: string }> => {
    const viewerId = viewerOf(ctx);
    const { redirect, events }: { redirect: string; events: unknown[] } = await ctx.runMutation(
      internal.payments.local.completeJobCheckout,
      { viewerId, sessionId, ...(card ? { card } : {}), ...(bank ? { bank } : {}) },
    );
    await deliver(events);
    return { redirect };
  },
});

export const cancelJobCheckout = mutation({
  args: { sessionId: v.string() },
  returns: v.object({ redirect: v.string() }),
  handler: async (ctx, { sessionId }) => {
    const viewerId = ctx.viewerX()._id;
    assertLocalPayments();
    const row = await openSessionOf(ctx, viewerId, sessionId, "payment");
    await ctx.db.patch("localPaymentSessions", row._id, { status: "canceled" });
    return { redirect: row.cancelUrl ?? siteUrl() };
  },
});

/** The local onboarding's "Finish": the account can take payouts, and account.updated says so. */
export const completeOnboarding = internalMutation({
  args: { viewerId: v.id("users"), sessionId: v.string() },
  returns: v.object({ redirect: v.string(), events: v.array(v.any()) }),
  handler: async (ctx, { viewerId, sessionId }) => {
    const row = await openSessionOf(ctx, viewerId, sessionId, "onboarding");
    if (row.accountId === undefined) invalid(SubscribeCopy.checkoutGone);
    await ctx.db.patch("localPaymentSessions", row._id, { status: "complete" });
    const account = await localAccount(ctx, row.accountId);
    if (account !== null) await ctx.db.patch("localMoneyMoves", account._id, { payoutsEnabled: true });
    return {
      redirect: row.returnUrl ?? siteUrl(),
      events: [accountUpdatedEvent(row.accountId, viewerId, true, Date.now())],
    };
  },
});

export const finishOnboarding = action({
  args: { sessionId: v.string() },
  returns: v.object({ redirect: v.string() }),
  handler: async (ctx, { sessionId }): Promise<{ redirect: string }> => {
    const viewerId = viewerOf(ctx);
    const { redirect, events }: { redirect: string; events: unknown[] } = await ctx.runMutation(
      internal.payments.local.completeOnboarding,
      { viewerId, sessionId },
    );
    await deliver(events);
    return { redirect };
  },
});

/**
 * A card chargeback, as a bank would open and close it (local deployments, for trying the flow):
 * `npx convex run payments/local:simulateChargeback '{"paymentId":"...","status":"open"}'`.
 */
export const simulateChargeback = internalAction({
  args: {
    paymentId: v.id("jobPayments"),
    status: v.union(v.literal("open"), v.literal("won"), v.literal("lost")),
    /** A stray charge of this payment (paid when no longer due) rather than its funding. */
    paymentIntentId: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, { paymentId, status, paymentIntentId }): Promise<null> => {
    const charge: { chargeId: string; paymentIntentId: string; amountCents: number } | null = await ctx.runQuery(
      internal.payments.jobs.chargeOf,
      { paymentId, ...(paymentIntentId ? { paymentIntentId } : {}) },
    );
    if (charge === null) throw new Error("That payment has no charge");
    const dispute = disputeObject(charge.chargeId, charge.paymentIntentId, charge.amountCents, status === "open" ? "needs_response" : status);
    // The bank's side first (the gateway refuses refunds on the charge from now on), then the news.
    await ctx.runMutation(internal.payments.local.recordDispute, { disputeId: dispute.id, paymentIntentId: charge.paymentIntentId, amountCents: charge.amountCents, status: dispute.status });
    await deliver([stripeEvent(status === "open" ? "charge.dispute.created" : "charge.dispute.closed", dispute, Date.now())]);
    return null;
  },
});

/** The local gateway's record of a dispute on a charge (by its payment intent), as Stripe's own. */
export const recordDispute = internalMutation({
  args: {
    disputeId: v.string(),
    paymentIntentId: v.string(),
    amountCents: v.number(),
    status: v.union(v.literal("needs_response"), v.literal("won"), v.literal("lost")),
  },
  returns: v.null(),
  handler: async (ctx, { disputeId, paymentIntentId, amountCents, status }) => {
    const existing = await ctx.db
      .query("localMoneyMoves")
      .withIndex("by_objectId", (q) => q.eq("objectId", disputeId))
      .unique();
    if (existing !== null) await ctx.db.patch("localMoneyMoves", existing._id, { disputeStatus: status });
    else {
      await ctx.db.insert("localMoneyMoves", {
        kind: "dispute",
        idempotencyKey: `dispute:${disputeId}`,
        objectId: disputeId,
        amountCents,
        reference: paymentIntentId,
        disputeStatus: status,
      });
    }
    return null;
  },
});
