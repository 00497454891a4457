// The Stripe implementation of the payments gateway: Checkout in subscription mode and
// the Customer Portal, called only from actions. Prices are found by lookup key, so the
// catalogue in common/plans.ts is the one source (scripts/stripe-setup.ts creates them).
import { planById } from "../../common/plans";
import { MOVE_KEY_METADATA, priceLookupKey, stripeClient, type PaymentsGateway } from "./gateway";

/** A page is plenty: a job has a few transfers, a charge a few refunds, a transfer a few reversals. */
const LOOKUP_LIMIT = 100;

export const stripeGateway: PaymentsGateway = {
  async createSubscriptionCheckout(_ctx, request) {
    const stripe = stripeClient();
    const prices = await stripe.prices.list({ lookup_keys: [priceLookupKey(request.planId)], active: true, limit: 1 });
    const price = prices.data[0];
    if (!price) throw new Error(`No active Stripe price with lookup key ${priceLookupKey(request.planId)}`);
    // planId here is for people reading the Dashboard: a portal switch leaves it as it is, so the
    // tier is always read from the item's price (webhooks.ts planIdOfPrice).
    const metadata = { userId: request.userId, planId: request.planId };
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      client_reference_id: request.userId,
      ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
      metadata,
      subscription_data: {
        metadata,
        description: planById(request.planId).name,
        ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
      },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
    return { url: session.url };
  },

  async createPortalSession(_ctx, request) {
    const session = await stripeClient().billingPortal.sessions.create({
      customer: request.customerId,
      return_url: request.returnUrl,
    });
    return { url: session.url };
  },

  async createJobCheckout(_ctx, request) {
    const metadata = { paymentId: request.paymentId, ownerId: request.ownerId };
    const session = await stripeClient().checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: { currency: "usd", unit_amount: request.amountCents, product_data: { name: request.description } },
          },
        ],
        customer_email: request.email,
        client_reference_id: request.ownerId,
        metadata,
        // Separate charges and transfers: the charge stays on the platform until release.
        payment_intent_data: { transfer_group: request.transferGroup, metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
    return { url: session.url, sessionId: session.id };
  },

  async transfer(_ctx, request) {
    const transfer = await stripeClient().transfers.create(
      {
        amount: request.amountCents,
        currency: "usd",
        destination: request.destination,
        transfer_group: request.transferGroup,
        metadata: { [MOVE_KEY_METADATA]: request.idempotencyKey },
        ...(request.sourceCharge ? { source_transaction: request.sourceCharge } : {}),
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return { id: transfer.id };
  },

  async refund(_ctx, request) {
    const refund = await stripeClient().refunds.create(
      { payment_intent: request.paymentIntentId, amount: request.amountCents, metadata: { [MOVE_KEY_METADATA]: request.idempotencyKey } },
      { idempotencyKey: request.idempotencyKey },
    );
    return { id: refund.id };
  },

  async reverseTransfer(_ctx, request) {
    const reversal = await stripeClient().transfers.createReversal(
      request.transferId,
      { amount: request.amountCents, metadata: { [MOVE_KEY_METADATA]: request.idempotencyKey } },
      { idempotencyKey: request.idempotencyKey },
    );
    return { id: reversal.id };
  },

  async findMove(_ctx, lookup) {
    const stripe = stripeClient();
    // Lists, not Search: Search is eventually consistent and could miss a transfer made a minute ago.
    const page =
      lookup.kind === "transfer"
        ? (await stripe.transfers.list({ transfer_group: lookup.transferGroup, limit: LOOKUP_LIMIT })).data
        : lookup.kind === "refund"
          ? (await stripe.refunds.list({ payment_intent: lookup.paymentIntentId, limit: LOOKUP_LIMIT })).data
          : (await stripe.transfers.listReversals(lookup.transferId, { limit: LOOKUP_LIMIT })).data;
    const made = page.find((o) => o.metadata?.[MOVE_KEY_METADATA] === lookup.idempotencyKey);
    return made ? { id: made.id } : null;
  },

  async cancelSubscription(_ctx, request) {
    const stripe = stripeClient();
    // A canceled subscription can't be canceled again (Stripe refuses): already done is done.
    const subscription = await stripe.subscriptions.retrieve(request.subscriptionId);
    if (subscription.status === "canceled" || subscription.status === "incomplete_expired") return;
    await stripe.subscriptions.cancel(request.subscriptionId, {}, { idempotencyKey: request.idempotencyKey });
  },

  async createConnectAccount(_ctx, request) {
    const account = await stripeClient().accounts.create(
      {
        type: "express",
        email: request.email,
        capabilities: { transfers: { requested: true } },
        metadata: { userId: request.userId },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return { accountId: account.id };
  },

  async createAccountLink(_ctx, request) {
    const link = await stripeClient().accountLinks.create({
      account: request.accountId,
      type: "account_onboarding",
      refresh_url: request.refreshUrl,
      return_url: request.returnUrl,
    });
    return { url: link.url };
  },

  async retrieveAccount(_ctx, request) {
    const account = await stripeClient().accounts.retrieve(request.accountId);
    return { accountId: account.id, payoutsEnabled: account.payouts_enabled === true };
  },
};
