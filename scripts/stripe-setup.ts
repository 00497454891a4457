// Creates (or finds) the Stripe products and monthly prices of the paid plans in
// common/plans.ts, each price with the lookup key the app's checkout asks for
// (convex/payments/gateway.ts priceLookupKey). Run once per Stripe account (test
// mode first); running it again changes nothing.
//
//   STRIPE_SECRET_KEY=sk_test_... node --import tsx scripts/stripe-setup.ts
import Stripe from "stripe";
import { PLANS } from "../common/plans";
import { STRIPE_API_VERSION, priceLookupKey } from "../convex/payments/gateway";

const key = process.env.STRIPE_SECRET_KEY;
if (!key) {
  console.error("Set STRIPE_SECRET_KEY (a test-mode key first: sk_test_...).");
  process.exit(1);
}
const stripe = new Stripe(key, { apiVersion: STRIPE_API_VERSION });

for (const plan of PLANS) {
  if (plan.priceMonthlyUsd === 0) continue;
  const lookupKey = priceLookupKey(plan.id);
  const existing = await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 });
  const found = existing.data[0];
  if (found && found.unit_amount === plan.priceMonthlyUsd * 100) {
    console.log(`${plan.name}: ${found.id} (${lookupKey}) already there`);
    continue;
  }
  const product = await stripe.products.create({ name: `Rafter ${plan.name}`, metadata: { planId: plan.id } });
  // A changed price takes the lookup key over from the old one (transfer_lookup_key).
  const price = await stripe.prices.create({
    product: product.id,
    currency: "usd",
    unit_amount: plan.priceMonthlyUsd * 100,
    recurring: { interval: "month" },
    lookup_key: lookupKey,
    transfer_lookup_key: true,
    metadata: { planId: plan.id },
  });
  console.log(`${plan.name}: created ${price.id} (${lookupKey}), $${plan.priceMonthlyUsd}/month`);
}
