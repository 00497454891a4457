// Stripe-shaped objects and events for the local payments mode: the fields this
// app reads, laid out as the pinned API version lays them out (a subscription's
// period lives on its items), so the webhook code reads local and real events alike.
import type { PlanId, SubscriptionStatus } from "../../common/plans";
import { planById } from "../../common/plans";
import { STRIPE_API_VERSION, priceLookupKey } from "./gateway";

/** Seconds, as Stripe counts time. */
export const toSeconds = (ms: number) => Math.floor(ms / 1000);

/** A local object's id, Stripe style: its prefix (`in`, `pi`, `sub`...), then 24 random hex digits. */
export const localId = (prefix: string) => `${prefix}_local_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

/**
 * The one shape of what the local gateway sends: the object's id, its Stripe type, its fields,
 * and test mode (every object here is a test-mode one).
 */
function stripeObject<O extends string, F extends object>(object: O, id: string, fields: F) {
  return { id, object, ...fields, livemode: false as const };
}

export interface LocalSubscriptionState {
  subscriptionId: string;
  customerId: string;
  userId: string;
  /** The plan of the price being paid (the subscription item's price). */
  planId: PlanId;
  /**
   * The plan the checkout named in the subscription's metadata. Stripe never rewrites metadata on
   * a portal switch, so after one it names the old plan; absent means the same as planId.
   */
  checkoutPlanId?: PlanId;
  status: SubscriptionStatus;
  /** Milliseconds. */
  currentPeriodEnd: number;
  trialEnd?: number;
  cancelAtPeriodEnd: boolean;
  endedAt?: number;
}

/** `status` is Stripe's, where it has one the app doesn't keep (incomplete_expired). */
export function subscriptionObject(s: LocalSubscriptionState, status: string = s.status) {
  const plan = planById(s.planId);
  return stripeObject("subscription", s.subscriptionId, {
    customer: s.customerId,
    status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    ended_at: s.endedAt === undefined ? null : toSeconds(s.endedAt),
    trial_end: s.trialEnd === undefined ? null : toSeconds(s.trialEnd),
    metadata: { userId: s.userId, planId: s.checkoutPlanId ?? s.planId },
    items: {
      object: "list",
      data: [
        {
          id: `si_${s.subscriptionId.slice(4)}`,
          object: "subscription_item",
          current_period_end: toSeconds(s.currentPeriodEnd),
          quantity: 1,
          price: {
            id: `price_local_${s.planId}`,
            object: "price",
            lookup_key: priceLookupKey(s.planId),
            // As scripts/stripe-setup.ts creates the prices.
            metadata: { planId: s.planId },
            unit_amount: plan.priceMonthlyUsd * 100,
            currency: "usd",
            recurring: { interval: "month", interval_count: 1 },
          },
        },
      ],
    },
  });
}

export function checkoutSessionObject(sessionId: string, s: LocalSubscriptionState) {
  return stripeObject("checkout.session", sessionId, {
    mode: "subscription",
    status: "complete",
    payment_status: s.status === "trialing" ? "no_payment_required" : "paid",
    client_reference_id: s.userId,
    customer: s.customerId,
    subscription: s.subscriptionId,
    metadata: { userId: s.userId, planId: s.checkoutPlanId ?? s.planId },
  });
}

export function invoiceObject(s: LocalSubscriptionState, paid: boolean) {
  return stripeObject("invoice", localId("in"), {
    customer: s.customerId,
    status: paid ? "paid" : "open",
    amount_due: s.status === "trialing" ? 0 : planById(s.planId).priceMonthlyUsd * 100,
    currency: "usd",
    // As Stripe does: the subscription's metadata (our userId) as it stood when the invoice was made.
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: s.subscriptionId, metadata: { userId: s.userId, planId: s.checkoutPlanId ?? s.planId } },
    },
  });
}

export type LocalEventType =
  | "checkout.session.completed"
  | "customer.subscription.created"
  | "customer.subscription.updated"
  | "customer.subscription.deleted"
  | "invoice.paid"
  | "invoice.payment_failed"
  | "payment_intent.succeeded"
  | "payment_intent.payment_failed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed"
  | "account.updated"
  | "charge.dispute.created"
  | "charge.dispute.closed"
  | "transfer.reversed";

/** A job payment as the local gateway charged it (issue 15). */
export interface LocalJobCharge {
  sessionId: string;
  paymentId: string;
  ownerId: string;
  amountCents: number;
  paymentIntentId: string;
  chargeId: string;
  transferGroup: string;
  /** card: paid at once; us_bank_account: a debit that settles (or fails) days later. */
  method?: "card" | "us_bank_account";
}

/** A job's checkout session: "paid" once the money is in; a bank debit completes "unpaid" and settles later. */
export function jobCheckoutSessionObject(c: LocalJobCharge, paymentStatus: "paid" | "unpaid" = "paid") {
  return stripeObject("checkout.session", c.sessionId, {
    mode: "payment",
    status: "complete",
    payment_status: paymentStatus,
    payment_method_types: [c.method ?? "card"],
    amount_total: c.amountCents,
    currency: "usd",
    client_reference_id: c.ownerId,
    payment_intent: c.paymentIntentId,
    metadata: { paymentId: c.paymentId, ownerId: c.ownerId },
  });
}

export function paymentIntentObject(c: LocalJobCharge, status: "succeeded" | "processing" | "requires_payment_method" = "succeeded") {
  return stripeObject("payment_intent", c.paymentIntentId, {
    amount: c.amountCents,
    amount_received: status === "succeeded" ? c.amountCents : 0,
    currency: "usd",
    status,
    payment_method_types: [c.method ?? "card"],
    ...(status === "requires_payment_method"
      ? { last_payment_error: { type: "card_error", code: "insufficient_funds", message: "The customer's bank account has insufficient funds." } }
      : {}),
    latest_charge: c.chargeId,
    transfer_group: c.transferGroup,
    metadata: { paymentId: c.paymentId, ownerId: c.ownerId },
  });
}

/** A Connect account: Stripe's Account object has no `livemode`, so it is built by hand. */
export function accountObject(accountId: string, userId: string, payoutsEnabled: boolean) {
  return {
    id: accountId,
    object: "account",
    type: "express",
    payouts_enabled: payoutsEnabled,
    charges_enabled: payoutsEnabled,
    details_submitted: payoutsEnabled,
    metadata: { userId },
  };
}

export function disputeObject(chargeId: string, paymentIntentId: string, amountCents: number, status: "needs_response" | "won" | "lost") {
  return stripeObject("dispute", `dp_local_${chargeId.slice(-16)}`, {
    charge: chargeId,
    payment_intent: paymentIntentId,
    amount: amountCents,
    currency: "usd",
    status,
  });
}

/** A transfer after a reversal (the object of `transfer.reversed`), with the reversal just made first. */
export function reversedTransferObject(t: { transferId: string; amountCents: number; reversedCents: number; reversalId: string; reversalCents: number }) {
  return stripeObject("transfer", t.transferId, {
    amount: t.amountCents,
    amount_reversed: t.reversedCents,
    currency: "usd",
    reversed: t.reversedCents >= t.amountCents,
    reversals: {
      object: "list",
      data: [{ id: t.reversalId, object: "transfer_reversal", amount: t.reversalCents, currency: "usd", transfer: t.transferId }],
    },
  });
}

/**
 * An event as Stripe sends it to a webhook endpoint. `account`: the connected account a Connect
 * event comes from (Stripe sets it on every Connect event, and sends those only to Connect endpoints).
 */
export function stripeEvent(type: LocalEventType, object: object, createdMs: number, account?: string) {
  return stripeObject("event", `evt_local_${crypto.randomUUID().replace(/-/g, "")}`, {
    ...(account !== undefined ? { account } : {}),
    api_version: STRIPE_API_VERSION,
    created: toSeconds(createdMs),
    type,
    data: { object },
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
}
export type LocalEvent = ReturnType<typeof stripeEvent> & { account?: string };

/** account.updated as Stripe sends it: from the connected account, to the Connect endpoint. */
export const accountUpdatedEvent = (accountId: string, userId: string, payoutsEnabled: boolean, createdMs: number): LocalEvent =>
  stripeEvent("account.updated", accountObject(accountId, userId, payoutsEnabled), createdMs, accountId);

/**
 * How the local Stripe delivers a batch of events: as Stripe does, or (for debugging only) kinder.
 * Stripe's own rules (https://docs.stripe.com/webhooks, "Handle duplicate events" and "Event
 * ordering"): an endpoint may receive the same event more than once, and Stripe doesn't guarantee
 * delivering events in the order they were generated (creating a subscription sends
 * customer.subscription.created, invoice.paid, checkout.session.completed... in any order), so a
 * handler must neither rely on the order nor apply an event twice.
 *
 * strict (the default: `npm start`, the unit tests, e2e): every batch newest first, then every
 * event again, newest first, as a redelivery (same id and payload, a new signature). Reversed is
 * the one fixed order in which every pair of the batch arrives the other way round, so any reliance
 * on one event arriving before another shows, deterministically (a random shuffle would show it
 * sometimes). ordered (`LOCAL_STRIPE_DELIVERY=ordered`): each event once, in the order it was made:
 * kinder than Stripe, for telling an ordering bug from another while debugging.
 */
export type LocalDelivery = "strict" | "ordered";

export function localDeliveryMode(value: string | undefined): LocalDelivery {
  return value?.trim() === "ordered" ? "ordered" : "strict";
}

/** The deliveries of one batch, in the order they go out; `redelivery` on an event's second coming. */
export function deliveryPlan<E>(events: readonly E[], mode: LocalDelivery): { event: E; redelivery: boolean }[] {
  if (mode === "ordered") return events.map((event) => ({ event, redelivery: false }));
  const newestFirst = [...events].reverse();
  return [...newestFirst.map((event) => ({ event, redelivery: false })), ...newestFirst.map((event) => ({ event, redelivery: true }))];
}
