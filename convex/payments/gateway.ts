// The payments gateway (ARCHITECTURE.md "Money"): one interface, two implementations.
// - stripe: the Stripe API through the `stripe` package, from actions only, API version pinned.
// - local: chosen when STRIPE_SECRET_KEY is unset on a local deployment (`npm start`, the e2e
//   stack) that has its own random webhook secret (LOCAL_STRIPE_WEBHOOK_SECRET). It keeps its own records (convex/payments/local.ts), serves a checkout page and a
//   customer portal in the app, and delivers Stripe-shaped events signed exactly as Stripe signs
//   them to the app's own webhook route, which verifies them with the real SDK: the code that
//   fulfils a subscription in production is the code that runs locally.
// With neither (a hosted deployment without keys) payments are off: plans, checkout and funding
// refuse, and the webhook routes answer 503.
import { env } from "../_generated/server";
import Stripe from "stripe";
import type { PlanId } from "../../common/plans";
import type { Id } from "../_generated/dataModel";
import type { ActionCtx } from "../_generated/server";
import { isLocalDeployment } from "../model/deployment";

/** Pinned: the webhook payloads and objects this code reads are this version's. */
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;

/**
 * The local gateway's webhook secret: per install, random, never in code. scripts/start.ts makes one
 * on the first start and keeps it in the git-ignored data folder; the e2e stack and the unit tests
 * make their own per run. Without it (or with one too short to be random) there are no local
 * payments: a constant secret would let anyone sign events for a deployment that trusts them.
 */
export const LOCAL_WEBHOOK_SECRET_ENV = "LOCAL_STRIPE_WEBHOOK_SECRET";
const LOCAL_SECRET_MIN_LENGTH = 32;

function localSecret(): string | null {
  const secret = env[LOCAL_WEBHOOK_SECRET_ENV]?.trim();
  return secret && secret.length >= LOCAL_SECRET_MIN_LENGTH ? secret : null;
}

export type PaymentsMode = "stripe" | "local" | "off";

/**
 * Stripe with a key; the local gateway only on a local deployment (model/deployment.ts) that has
 * its own random secret; otherwise off, and plans, checkout and funding refuse.
 */
export function paymentsMode(): PaymentsMode {
  if (env.STRIPE_SECRET_KEY) return "stripe";
  return localSecret() !== null && isLocalDeployment() ? "local" : "off";
}

/** The local platform endpoint's secret; null unless payments are local. */
export function localWebhookSecret(): string | null {
  return paymentsMode() === "local" ? localSecret() : null;
}

/**
 * The local Connect endpoint's secret. Stripe sends connected accounts' events (account.updated)
 * only to a Connect endpoint, which has a signing secret of its own: the local gateway does the
 * same, derived from the install's secret (they live together), so neither endpoint takes the
 * other's signature.
 */
export function localConnectWebhookSecret(): string | null {
  const secret = localWebhookSecret();
  return secret === null ? null : `${secret}:connect`;
}

/** The secret webhook signatures are checked against; null when payments are off. */
export function webhookSecret(): string | null {
  const mode = paymentsMode();
  if (mode === "stripe") return env.STRIPE_WEBHOOK_SECRET ?? null;
  return localWebhookSecret();
}

/** The Connect endpoint's secret (POST /stripe/connect-webhook); null when payments are off or it is unset. */
export function connectWebhookSecret(): string | null {
  const mode = paymentsMode();
  if (mode === "stripe") return env.STRIPE_CONNECT_WEBHOOK_SECRET ?? null;
  return localConnectWebhookSecret();
}

/** The SDK client. Local mode uses it only for webhook signing and verification (no API calls). */
export function stripeClient(): Stripe {
  return new Stripe(env.STRIPE_SECRET_KEY || "sk_test_local_mode_makes_no_api_calls", {
    apiVersion: STRIPE_API_VERSION,
    httpClient: Stripe.createFetchHttpClient(),
  });
}

/** Stripe's price lookup key for a plan (scripts/stripe-setup.ts creates the prices with these). */
export function priceLookupKey(planId: PlanId): string {
  return `rafter_${planId}_monthly`;
}

export function planIdOfLookupKey(key: string | null | undefined): PlanId | null {
  const match = /^rafter_(pro|pro_plus|enterprise)_monthly$/.exec(key ?? "");
  return match ? (match[1] as PlanId) : null;
}

export interface CheckoutRequest {
  userId: Id<"users">;
  email: string;
  /** The member's customer id from an earlier subscription, if any. */
  customerId: string | null;
  planId: PlanId;
  /** Free trial days (the first paid plan only), 0 for none. */
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
}

export interface PortalRequest {
  userId: Id<"users">;
  customerId: string;
  returnUrl: string;
}

/** A job's payment (issue 15): Checkout in payment mode, the charge held on the platform. */
export interface JobCheckoutRequest {
  paymentId: Id<"jobPayments">;
  ownerId: Id<"users">;
  email: string;
  amountCents: number;
  /** What the card statement and the checkout page show. */
  description: string;
  /** One per job: the later transfer to the professional names it (separate charges and transfers). */
  transferGroup: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface TransferRequest {
  amountCents: number;
  /** The professional's connected account. */
  destination: string;
  transferGroup: string;
  /** The charge the money came from (Stripe waits for its funds to be available). */
  sourceCharge?: string;
  idempotencyKey: string;
}

/**
 * The metadata key a transfer, refund or reversal carries our idempotency key under: Stripe
 * forgets an idempotency key after 24 hours, so a retry later than that finds the object it made
 * by listing and matching this (findMove) instead of trusting the key.
 */
export const MOVE_KEY_METADATA = "rafter_move_key";

/** Where Stripe lists a money move of each kind: transfers by group, refunds by intent, reversals by transfer. */
export type MoveLookup =
  | { kind: "transfer"; transferGroup: string; idempotencyKey: string }
  | { kind: "refund"; paymentIntentId: string; idempotencyKey: string }
  | { kind: "reversal"; transferId: string; idempotencyKey: string };

export interface PaymentsGateway {
  /** A hosted checkout for a monthly subscription: where to send the member. */
  createSubscriptionCheckout(ctx: ActionCtx, request: CheckoutRequest): Promise<{ url: string }>;
  /** The customer portal (change plan, cancel at period end, update the card). */
  createPortalSession(ctx: ActionCtx, request: PortalRequest): Promise<{ url: string }>;
  /** Checkout in payment mode for a job: the money is charged to the platform and held there. */
  createJobCheckout(ctx: ActionCtx, request: JobCheckoutRequest): Promise<{ url: string; sessionId: string }>;
  /** Moves held money to a professional's connected account. */
  transfer(ctx: ActionCtx, request: TransferRequest): Promise<{ id: string }>;
  /** Gives money back to the card it came from (before release). */
  refund(ctx: ActionCtx, request: { paymentIntentId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** Takes back a transfer already made (after release). */
  reverseTransfer(ctx: ActionCtx, request: { transferId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** The transfer, refund or reversal made under this idempotency key (its metadata), if any: null when none was made. */
  findMove(ctx: ActionCtx, lookup: MoveLookup): Promise<{ id: string } | null>;
  /** Ends a subscription now (account deletion): the gateway then sends customer.subscription.deleted. */
  cancelSubscription(ctx: ActionCtx, request: { subscriptionId: string; idempotencyKey: string }): Promise<void>;
  /** A Connect Express account for a professional's payouts. */
  createConnectAccount(ctx: ActionCtx, request: { userId: Id<"users">; email: string; idempotencyKey: string }): Promise<{ accountId: string }>;
  /** Where the professional finishes onboarding (Stripe's hosted pages, or the local page). */
  createAccountLink(ctx: ActionCtx, request: { userId: Id<"users">; accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  /** The connected account as the gateway has it now (onboarding's return re-reads it: events can lag). */
  retrieveAccount(ctx: ActionCtx, request: { accountId: string }): Promise<{ accountId: string; payoutsEnabled: boolean }>;
}
