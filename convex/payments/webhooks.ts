// The payments webhooks: the raw body's signature is verified with the Stripe SDK (a bad one
// gets 400), then one internal mutation applies the event: it records the event id first, so a
// replay changes nothing, and translates the event into its rule: job payments' in
// model/payments.ts, subscriptions' in model/billing.ts (which skips news older than what it
// applied, so events arriving out of order end in the state of the newest). Local mode's events
// come through here too. Two endpoints, as Stripe has them: POST /stripe/webhook is the platform's own
// ("Your account": checkout, subscriptions, charges, transfers) with STRIPE_WEBHOOK_SECRET; POST
// /stripe/connect-webhook receives connected accounts' events (account.updated: a professional's
// payouts) with the Connect endpoint's own STRIPE_CONNECT_WEBHOOK_SECRET. Each route checks one
// secret and takes only its own kind of event (`event.account` is set on Connect events only), so
// a connected account's event can never be read as the platform's.
import type Stripe from "stripe";
import { v } from "convex/values";
import { SUBSCRIPTION_STATUSES, isPlanId, type PlanId, type SubscriptionStatus } from "../../common/plans";
import { internal } from "../_generated/api";
import type { Doc } from "../_generated/dataModel";
import { env, httpAction, type ActionCtx, type MutationCtx } from "../_generated/server";
import { internalMutation } from "../functions";
import { jsonResponse } from "../http/rest";
import { PaymentCopy } from "../../common/payments";
import { applySubscription, pastDue, recordCustomer, renewalPaid } from "./model/billing";
import { notify } from "../model/notifications";
import { applyChargeback, applyStrayChargeback, recordFunding, recordPaymentAlert, releaseWaitingPayouts } from "./model/payments";
import { planId as planIdValidator, subscriptionStatus } from "../schema";
import { deliveryPlan, localDeliveryMode } from "./events";
import { connectWebhookSecret, planIdOfLookupKey, stripeClient, webhookSecret } from "./gateway";

const subscriptionValidator = v.object({
  id: v.string(),
  status: subscriptionStatus,
  planId: planIdValidator,
  /** Milliseconds. */
  periodEnd: v.optional(v.number()),
  trialEnd: v.optional(v.number()),
  cancelAtPeriodEnd: v.boolean(),
  endedAt: v.optional(v.number()),
});

const paymentEventValidator = v.object({
  id: v.string(),
  type: v.string(),
  /** Stripe's `created`, in seconds. */
  created: v.number(),
  customerId: v.optional(v.string()),
  /** Our user id as the checkout named it (client_reference_id or metadata). */
  userId: v.optional(v.string()),
  subscriptionId: v.optional(v.string()),
  subscription: v.optional(subscriptionValidator),
  /** A job's payment (issue 15): checkout paid in payment mode, or its payment intent succeeded. */
  jobPayment: v.optional(
    v.object({
      paymentId: v.string(),
      amountCents: v.optional(v.number()),
      paymentIntentId: v.optional(v.string()),
      chargeId: v.optional(v.string()),
      sessionId: v.optional(v.string()),
      /** paid: the money arrived; processing: checkout completed unpaid (a bank debit); failed: that debit failed. */
      funding: v.optional(v.union(v.literal("paid"), v.literal("processing"), v.literal("failed"))),
    }),
  ),
  /** A professional's Connect account changed (payouts on or off). */
  account: v.optional(v.object({ accountId: v.string(), userId: v.optional(v.string()), payoutsEnabled: v.boolean() })),
  /** A transfer to a professional reversed (the reversal this app asked for, confirmed). */
  reversal: v.optional(v.object({ transferId: v.string(), reversalId: v.string(), amountCents: v.number() })),
  /** A card chargeback opened or closed. */
  chargeback: v.optional(
    v.object({
      chargeId: v.optional(v.string()),
      paymentIntentId: v.optional(v.string()),
      status: v.union(v.literal("open"), v.literal("won"), v.literal("lost")),
      disputeId: v.optional(v.string()),
      amountCents: v.optional(v.number()),
    }),
  ),
});
export type PaymentEvent = typeof paymentEventValidator.type;

const ms = (seconds: number | null | undefined) => (typeof seconds === "number" ? seconds * 1000 : undefined);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : value?.id);

/**
 * The plan of the price being paid: the subscription item's price, by its lookup key, or by the
 * plan its metadata names (scripts/stripe-setup.ts writes both; an older price keeps its metadata
 * after its lookup key moved to a newer one). Never the subscription's own metadata: a Customer
 * Portal switch changes the item's price and leaves that metadata naming the checkout's plan.
 */
export function planIdOfPrice(price: Pick<Stripe.Price, "lookup_key" | "metadata"> | null | undefined): PlanId | null {
  const byKey = planIdOfLookupKey(price?.lookup_key);
  if (byKey !== null) return byKey;
  const named = price?.metadata?.planId;
  return isPlanId(named) && named !== "basic" ? named : null;
}

function subscriptionOf(sub: Stripe.Subscription): PaymentEvent["subscription"] {
  const item = sub.items?.data?.[0];
  const planId = planIdOfPrice(item?.price);
  if (planId === null) {
    console.error(`payments: subscription ${sub.id} pays for a price that is none of the plans' (${item?.price?.id ?? "no item"})`);
    return undefined;
  }
  // Stripe's other statuses (incomplete_expired, unpaid, paused) leave no paid plan in force.
  const status: SubscriptionStatus = (SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status)
    ? (sub.status as SubscriptionStatus)
    : sub.status === "unpaid"
      ? "past_due"
      : "canceled";
  return {
    id: sub.id,
    status,
    planId,
    periodEnd: ms(item?.current_period_end),
    trialEnd: ms(sub.trial_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
    endedAt: ms(sub.ended_at),
  };
}

/** Which endpoint an event came to: the platform's own, or the Connect endpoint. */
export type WebhookSource = "platform" | "connect";

/**
 * What the app reads of a verified event; null for types it doesn't act on. A Connect endpoint's
 * event is read only for the connected account it names (`event.account`); the platform's
 * endpoint never gets a connected account's account.updated (its own is of no interest).
 */
export function normalizeEvent(event: Stripe.Event, source: WebhookSource = "platform"): PaymentEvent | null {
  const base = { id: event.id, type: event.type, created: event.created };
  if (source === "connect") {
    if (event.type !== "account.updated" || typeof event.account !== "string") return null;
    const account = event.data.object;
    return {
      ...base,
      account: { accountId: event.account, userId: account.metadata?.userId, payoutsEnabled: account.payouts_enabled === true },
    };
  }
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed": {
      const session = event.data.object;
      if (session.mode === "payment" && session.metadata?.paymentId) {
        // Completed is not paid: a delayed method (a bank debit) completes "unpaid" and settles days
        // later with async_payment_succeeded or _failed. Only "paid" funds the job.
        const funding =
          event.type === "checkout.session.async_payment_failed" ? "failed" : session.payment_status === "paid" ? "paid" : "processing";
        return {
          ...base,
          jobPayment: {
            paymentId: session.metadata.paymentId,
            ...(typeof session.amount_total === "number" ? { amountCents: session.amount_total } : {}),
            ...(idOf(session.payment_intent) ? { paymentIntentId: idOf(session.payment_intent) } : {}),
            sessionId: session.id,
            funding,
          },
        };
      }
      if (event.type !== "checkout.session.completed") return null;
      if (session.mode !== "subscription") return null;
      return {
        ...base,
        customerId: idOf(session.customer),
        userId: session.client_reference_id ?? session.metadata?.userId ?? undefined,
        subscriptionId: idOf(session.subscription),
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = event.data.object;
      const subscription = subscriptionOf(sub);
      if (subscription === undefined) return null;
      return { ...base, customerId: idOf(sub.customer), userId: sub.metadata?.userId, subscriptionId: sub.id, subscription };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      return {
        ...base,
        customerId: idOf(invoice.customer),
        // The member even when the invoice comes before the checkout that records their customer id
        // (Stripe sends no set order): the subscription's metadata, copied onto its invoices.
        userId: invoice.parent?.subscription_details?.metadata?.userId ?? undefined,
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      };
    }
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      if (!intent.metadata?.paymentId) return null;
      return {
        ...base,
        jobPayment: {
          paymentId: intent.metadata.paymentId,
          amountCents: intent.amount_received,
          paymentIntentId: intent.id,
          ...(idOf(intent.latest_charge) ? { chargeId: idOf(intent.latest_charge) } : {}),
        },
      };
    }
    case "transfer.reversed": {
      const transfer = event.data.object;
      const reversal = transfer.reversals?.data?.[0];
      if (!reversal) return null;
      return { ...base, reversal: { transferId: transfer.id, reversalId: reversal.id, amountCents: reversal.amount } };
    }
    case "charge.dispute.created":
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      // An inquiry closed without a chargeback (warning_closed), or one prevented, took no money: as won.
      const status =
        event.type === "charge.dispute.created"
          ? "open"
          : dispute.status === "lost"
            ? "lost"
            : dispute.status === "won" || dispute.status === "warning_closed" || dispute.status === "prevented"
              ? "won"
              : null;
      if (status === null) return null;
      return {
        ...base,
        chargeback: {
          chargeId: idOf(dispute.charge),
          paymentIntentId: idOf(dispute.payment_intent),
          status,
          disputeId: dispute.id,
          ...(typeof dispute.amount === "number" ? { amountCents: dispute.amount } : {}),
        },
      };
    }
    default:
      return null;
  }
}

/** Job payments, payout accounts and chargebacks (issue 15): the payment model's own transitions. */
async function applyJobPaymentEvent(ctx: MutationCtx, event: PaymentEvent): Promise<void> {
  if (event.jobPayment) {
    const id = ctx.db.normalizeId("jobPayments", event.jobPayment.paymentId);
    const payment = id === null ? null : await ctx.db.get("jobPayments", id);
    if (payment === null) {
      await recordPaymentAlert(ctx, { eventId: event.id, eventType: event.type, message: `Names no job payment (${event.jobPayment.paymentId}): nothing was funded.` });
      return;
    }
    await recordFunding(ctx, payment, event.jobPayment);
    return;
  }
  if (event.account) {
    await applyPayoutAccount(ctx, { ...event.account, at: event.created });
    return;
  }
  if (event.reversal) {
    // The reversal a money move asked for: confirmed here if the move's own answer hasn't come yet.
    const { transferId, reversalId, amountCents } = event.reversal;
    const payment = await ctx.db
      .query("jobPayments")
      .withIndex("by_transferId", (q) => q.eq("transferId", transferId))
      .first();
    if (payment === null) {
      await recordPaymentAlert(ctx, { eventId: event.id, eventType: event.type, message: `A reversal of ${transferId} names no job payment's transfer.` });
      return;
    }
    const moves = await ctx.db
      .query("paymentMoves")
      .withIndex("by_paymentId", (q) => q.eq("paymentId", payment._id))
      .take(100);
    if (moves.some((m) => m.externalId === reversalId)) return;
    const open = moves.find((m) => m.kind === "reversal" && m.amountCents === amountCents && (m.status === "pending" || m.status === "failed"));
    if (open === undefined) {
      await recordPaymentAlert(ctx, {
        paymentId: payment._id,
        eventId: event.id,
        eventType: event.type,
        message: `Reversal ${reversalId} of ${transferId} (${amountCents} cents) was not asked for by this app: check it in Stripe.`,
      });
      return;
    }
    await ctx.db.patch("paymentMoves", open._id, { status: "done", externalId: reversalId, doneAt: Date.now() });
    return;
  }
  if (event.chargeback) {
    const { chargeId, paymentIntentId, status, disputeId, amountCents } = event.chargeback;
    const details = { eventId: event.id, eventType: event.type, ...(disputeId ? { disputeId } : {}), ...(amountCents !== undefined ? { amountCents } : {}) };
    // A charge that was not a payment's funding (refunded as not due) is found through its refund
    // first: a bank debit that settled after its payment was cancelled carries the payment's own intent.
    const stray = paymentIntentId
      ? await ctx.db
          .query("paymentMoves")
          .withIndex("by_strayPaymentIntentId", (q) => q.eq("strayPaymentIntentId", paymentIntentId))
          .first()
      : null;
    const strayPayment = stray === null ? null : await ctx.db.get("jobPayments", stray.paymentId);
    if (strayPayment !== null) {
      await applyStrayChargeback(ctx, strayPayment, paymentIntentId!, status, details);
      return;
    }
    const payment =
      (chargeId
        ? await ctx.db
            .query("jobPayments")
            .withIndex("by_chargeId", (q) => q.eq("chargeId", chargeId))
            .first()
        : null) ??
      (paymentIntentId
        ? await ctx.db
            .query("jobPayments")
            .withIndex("by_paymentIntentId", (q) => q.eq("paymentIntentId", paymentIntentId))
            .first()
        : null);
    if (payment !== null) {
      await applyChargeback(ctx, payment, status, event.created, details);
      return;
    }
    // Never dropped in silence: the bank takes money back whether or not we know the charge.
    await recordPaymentAlert(ctx, {
      eventId: event.id,
      eventType: event.type,
      message: `A chargeback (${status}) on ${chargeId ?? paymentIntentId ?? "an unknown charge"} names no job payment. Check it in Stripe.`,
    });
  }
}

const payoutAccount = v.object({ accountId: v.string(), userId: v.optional(v.string()), payoutsEnabled: v.boolean(), at: v.number() });

/**
 * A professional's payout account as Stripe last told it (account.updated on the Connect endpoint,
 * or a re-read when onboarding returns): payouts on or off. News older than what was applied is
 * skipped (`at`, seconds); payouts turning on sends every transfer that waited for them.
 */
async function applyPayoutAccount(ctx: MutationCtx, account: typeof payoutAccount.type) {
  const { accountId, userId, payoutsEnabled, at } = account;
  const byAccount = await ctx.db
    .query("users")
    .withIndex("by_stripeConnectAccountId", (q) => q.eq("stripeConnectAccountId", accountId))
    .first();
  const byMetadata = byAccount === null && userId ? ctx.db.normalizeId("users", userId) : null;
  const user = byAccount ?? (byMetadata === null ? null : await ctx.db.get("users", byMetadata));
  if (user === null) return;
  if (user.payoutsCheckedAt !== undefined && at < user.payoutsCheckedAt) return;
  const wasEnabled = user.payoutsEnabled === true;
  await ctx.db.patch("users", user._id, { stripeConnectAccountId: accountId, payoutsEnabled, payoutsCheckedAt: at });
  if (!payoutsEnabled) return;
  const released = await releaseWaitingPayouts(ctx, user._id);
  if (!wasEnabled) {
    await notify(ctx, {
      userId: user._id,
      type: "system",
      title: "Payouts connected",
      content: released > 0 ? PaymentCopy.payoutsConnectedWithWaiting(released) : PaymentCopy.payoutsConnected,
      actionUrl: "/earnings",
    });
  }
}

/** The payout account re-read from the gateway (payments/jobs.ts refreshPayouts): the webhook's own rule. */
export const applyAccount = internalMutation({
  args: payoutAccount,
  returns: v.null(),
  handler: async (ctx, args) => {
    await applyPayoutAccount(ctx, args);
    return null;
  },
});

/**
 * Applies local-mode events through the same internal mutation the webhook route calls, without
 * the signed round trip: for the demo seed, which runs before the app's HTTP server is listening.
 * Delivered as the local Stripe delivers them (events.ts deliveryPlan: twice, newest first, unless
 * LOCAL_STRIPE_DELIVERY=ordered), so the seed's data is what the webhook would make of them.
 */
export async function applyEventsDirectly(ctx: ActionCtx, events: readonly unknown[]): Promise<void> {
  for (const { event } of deliveryPlan(events as readonly Stripe.Event[], localDeliveryMode(env.LOCAL_STRIPE_DELIVERY))) {
    // Where Stripe would have sent it: a connected account's event to the Connect endpoint.
    const normalized = normalizeEvent(event, typeof event.account === "string" ? "connect" : "platform");
    if (normalized !== null) await ctx.runMutation(internal.payments.webhooks.apply, { event: normalized });
  }
}

/** One endpoint: its secret, the signature on the raw body, then only its own kind of event. */
function webhookRoute(source: WebhookSource) {
  return httpAction(async (ctx, request) => {
    const secret = source === "connect" ? connectWebhookSecret() : webhookSecret();
    // A deployment without payments (or without this endpoint's secret) processes nothing: 503, as
    // a service not set up here (Stripe retries, and the dashboard shows the endpoint failing).
    if (secret === null) return jsonResponse({ message: PaymentCopy.notConfigured }, 503);
    const signature = request.headers.get("stripe-signature");
    if (!signature) return jsonResponse({ message: "Missing Stripe-Signature header" }, 400);
    const body = await request.text();
    let event: Stripe.Event;
    try {
      event = await stripeClient().webhooks.constructEventAsync(body, signature, secret);
    } catch {
      return jsonResponse({ message: "Invalid signature" }, 400);
    }
    // Stripe sends a connected account's events (with `account`) to Connect endpoints only, and
    // only those: anything else here is a misconfigured endpoint, refused so it shows as failing.
    const fromConnectedAccount = typeof event.account === "string";
    if (fromConnectedAccount !== (source === "connect")) {
      const message =
        source === "connect"
          ? "Only connected accounts' events belong on the Connect endpoint; send the platform's to /stripe/webhook"
          : "Connected accounts' events belong on the Connect endpoint, /stripe/connect-webhook";
      return jsonResponse({ message }, 400);
    }
    const normalized = normalizeEvent(event, source);
    if (normalized !== null) await ctx.runMutation(internal.payments.webhooks.apply, { event: normalized });
    return jsonResponse({ received: true });
  });
}

export const stripeWebhook = webhookRoute("platform");
export const stripeConnectWebhook = webhookRoute("connect");

async function memberOf(ctx: MutationCtx, event: PaymentEvent): Promise<Doc<"users"> | null> {
  if (event.userId) {
    const id = ctx.db.normalizeId("users", event.userId);
    const user = id === null ? null : await ctx.db.get("users", id);
    if (user !== null) return user;
  }
  if (!event.customerId) return null;
  return await ctx.db
    .query("users")
    .withIndex("by_stripeCustomerId", (q) => q.eq("stripeCustomerId", event.customerId))
    .first();
}

export const apply = internalMutation({
  args: { event: paymentEventValidator },
  returns: v.null(),
  handler: async (ctx, { event }) => {
    const seen = await ctx.db
      .query("paymentEvents")
      .withIndex("by_eventId", (q) => q.eq("eventId", event.id))
      .unique();
    if (seen !== null) return null;
    await ctx.db.insert("paymentEvents", { eventId: event.id, type: event.type, receivedAt: Date.now() });
    if (event.jobPayment || event.account || event.chargeback || event.reversal) {
      await applyJobPaymentEvent(ctx, event);
      return null;
    }

    const user = await memberOf(ctx, event);
    if (user === null) {
      console.warn(`payments: ${event.type} ${event.id} names no member`);
      return null;
    }
    // Each event to its billing rule (model/billing.ts), which orders and applies it.
    const news = { at: event.created, customerId: event.customerId };
    switch (event.type) {
      case "checkout.session.completed":
        await recordCustomer(ctx, user, event.customerId);
        return null;
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        if (event.subscription === undefined) return null;
        await applySubscription(ctx, user, event.subscription, {
          ...news,
          creation: event.type === "customer.subscription.created",
          deleted: event.type === "customer.subscription.deleted",
        });
        // News of a live subscription for a member who deleted their account before it came (the
        // deletion cancels only what the app knew of): the gateway ends it, so they're billed no more.
        if (user.deletedAt !== undefined && ["trialing", "active", "past_due"].includes(event.subscription.status)) {
          await ctx.scheduler.runAfter(0, internal.accountDeletion.cancelSubscription, {
            userId: user._id,
            subscriptionId: event.subscription.id,
            idempotencyKey: `${user._id}:${event.subscription.id}:cancelSubscription`,
            attempts: 0,
          });
        }
        return null;
      case "invoice.paid":
        await renewalPaid(ctx, user, event.subscriptionId, news);
        return null;
      case "invoice.payment_failed":
        await pastDue(ctx, user, event.subscriptionId, news);
        return null;
      default:
        return null;
    }
  },
});
