// The Stripe implementation of the payments gateway: Checkout in subscription mode and
// the Customer Portal, called only from actions. Prices are found by lookup key, so the
// catalogue in common/plans.ts is the one source (scripts/stripe-setup.ts creates them).
import { planById } from "../../common/plans";
import { priceLookupKey, stripeClient, type PaymentsGateway } from "./gateway";

export const stripeGateway: PaymentsGateway = {
  async createSubscriptionCheckout(_ctx, request) {
    const stripe = stripeClient();
    const prices = await stripe.prices.list({ lookup_keys: [priceLookupKey(request.planId)], active: true, limit: 1 });
    const price = prices.data[0];
    if (!price) throw new Error(`No active Stripe price with lookup key ${priceLookupKey(request.planId)}`);
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
};
