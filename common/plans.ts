// The subscription plan catalogue (spec §6 "Subscription tiers", §9 "Plans").
// Shared by the pricing sections of the public pages, the /subscribe page and
// the backend: plain TypeScript only (no React, no DOM, no Node built-ins).
//
// The spec lists two conflicting price lists. This one wins: Basic free, Pro
// Profile $12/month, Pro+ Leads $29/month, Enterprise $199/month, with the
// features spec §6 gives each tier. The landing-page variant (Starter $29/month
// with 5 connections, Professional $79/month "Most Popular") is NOT used:
// no Starter or Professional plan exists, and nothing may show those prices.
// Enterprise keeps the landing copy's features, with "everything in
// Professional" read as "everything in Pro+ Leads".

export const PLAN_IDS = ["basic", "pro", "pro_plus", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanCallToAction {
  label: string;
  /** In-app path the call to action goes to. */
  to: string;
}

export interface Plan {
  readonly id: PlanId;
  readonly name: string;
  /** Whole US dollars per month; 0 is free. */
  readonly priceMonthlyUsd: number;
  /** One line under the name. */
  readonly summary: string;
  /** The plan this one includes everything of, if any. */
  readonly includes?: PlanId;
  readonly features: readonly string[];
  /** Shown with a "Recommended" badge in plan grids. */
  readonly recommended?: boolean;
  readonly cta: PlanCallToAction;
}

export const PLANS = [
  {
    id: "basic",
    name: "Basic",
    priceMonthlyUsd: 0,
    summary: "Get listed and start hearing from property owners.",
    features: ["One service listing", "Receive messages from property owners", "Basic profile"],
    cta: { label: "Get Started Free", to: "/register?type=professional" },
  },
  {
    id: "pro",
    name: "Pro Profile",
    priceMonthlyUsd: 12,
    summary: "A complete profile that shows off your work.",
    includes: "basic",
    features: [
      "Unlimited service listings",
      "Custom gallery and branding",
      "Visible client endorsements",
      "Priority support",
    ],
    cta: { label: "Choose Pro Profile", to: "/register?type=professional" },
  },
  {
    id: "pro_plus",
    name: "Pro+ Leads",
    priceMonthlyUsd: 29,
    summary: "Be found first and understand your leads.",
    includes: "pro",
    // The Verified badge is never sold: it comes only from checked documents. Pro+ gets a faster review.
    features: ["Priority search placement", "Lead insights", "Expedited credential review", "Advanced analytics"],
    recommended: true,
    cta: { label: "Choose Pro+ Leads", to: "/register?type=professional" },
  },
  {
    id: "enterprise",
    name: "Enterprise",
    priceMonthlyUsd: 199,
    summary: "For teams and multi-location businesses.",
    includes: "pro_plus",
    features: ["Team management", "White-label options", "Custom integrations", "Dedicated support"],
    // Spec §2 (Landing B): the Enterprise card's Contact Sales goes to /register.
    cta: { label: "Contact Sales", to: "/register" },
  },
] as const satisfies readonly Plan[];

export const DEFAULT_PLAN_ID: PlanId = "basic";

/** Spec §2: "Start Your Free 14-Day Trial" goes to /register. */
export const FREE_TRIAL_DAYS = 14;
export const FREE_TRIAL_CTA: PlanCallToAction = { label: "Start Your Free 14-Day Trial", to: "/register" };

/** Spec §9: money-back guarantee and the notice given before a price change. */
export const MONEY_BACK_GUARANTEE_DAYS = 30;
export const PRICE_CHANGE_NOTICE_DAYS = 30;
/** Spec §9: refunds reach the customer in 5 to 10 business days. */
export const REFUND_BUSINESS_DAYS = { min: 5, max: 10 } as const;

const plansById: ReadonlyMap<string, Plan> = new Map(PLANS.map((plan) => [plan.id, plan]));

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && plansById.has(value);
}

export function planById(id: PlanId): Plan {
  return plansById.get(id)!;
}

/** "$12/month", or "Free" for $0. */
export function formatPlanPrice(plan: Pick<Plan, "priceMonthlyUsd">): string {
  return plan.priceMonthlyUsd === 0 ? "Free" : `$${plan.priceMonthlyUsd}/month`;
}

export function isPaidPlan(id: PlanId): boolean {
  return planById(id).priceMonthlyUsd > 0;
}

/**
 * A member's subscription status (spec §3: active, canceled, past_due, incomplete), plus
 * Stripe's trialing. Basic members with no paid plan ever have none.
 */
export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "incomplete", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Statuses that keep a paid plan in force (past due keeps it while the card is fixed). */
export function isLiveStatus(status: SubscriptionStatus | null | undefined): boolean {
  return status === "trialing" || status === "active" || status === "past_due";
}

/** Where checkout returns (spec §4 "Subscription purchase"). */
export const CHECKOUT_RETURNS = {
  success: "/dashboard?subscription=success",
  cancel: "/subscribe?canceled=true",
} as const;

/** Spec §8 strings and the subscription pages' own. */
/** The longest successUrl/cancelUrl a checkout takes (Stripe's own limit is 5,000). */
export const MAX_RETURN_URL_LENGTH = 2048;

export const SubscribeCopy = {
  authRequiredTitle: "Authentication Required",
  authRequired: "Please log in to subscribe to a plan.",
  failedTitle: "Subscription Failed",
  failed: "Unable to process subscription. Please try again.",
  returnUrlTooLong: `A return address can be at most ${MAX_RETURN_URL_LENGTH.toLocaleString("en-US")} characters.`,
  alreadyBasic: "You're already on the free Basic plan.",
  alreadyOnPlan: (name: string) => `You're already on ${name}.`,
  changeInPortal: "To change or cancel your plan, use Manage subscription.",
  professionalsOnly: "Plans are for professionals. Switch to a professional account to subscribe.",
  canceledCheckout: "Checkout was canceled. Nothing has changed.",
  confirming: "Confirming your payment…",
  confirmed: (name: string) => `You're on ${name}. Thank you!`,
  cardDeclined: "Your card was declined. Please use another card.",
  cardInvalid: "Please enter a valid card number, expiry date and CVC.",
  checkoutGone: "This checkout has ended. Please start again from Subscribe.",
  /** The local Stripe's pages (convex/payments/local.ts) on a deployment whose payments aren't local. */
  localOnly: "This payment page exists only on a local deployment.",
} as const;

/**
 * Service listings a plan offers for matching (spec §6: Basic one, Pro and above unlimited):
 * the job categories a professional's quote requests are routed in.
 */
export function serviceListingLimit(tier: PlanId): number {
  return tier === "basic" ? 1 : Number.POSITIVE_INFINITY;
}

/**
 * Pro+ and Enterprise get priority placement (spec §6): in quote routing and the directory's
 * nearest-first list a member on these plans counts as this many miles nearer than they are.
 * Bounded: only among professionals who already match (category, radius, place, rating, text,
 * availability first in routing), so it never beats a filter; never applied to an order the
 * searcher picked (name, rating, newest, verified). Composed with the Verified boost in
 * convex/model/professionals.ts placementBoost.
 */
export const PRIORITY_PLACEMENT_MILES = 5;
/** In the directory's best-match (relevance) list, a Pro+ or Enterprise member moves up at most this many places. */
export const PRIORITY_PLACEMENT_RANKS = 3;
export function hasPriorityPlacement(tier: PlanId): boolean {
  return tier === "pro_plus" || tier === "enterprise";
}

/** Lead insights and analytics (spec §6): Pro+ Leads and Enterprise. */
export function hasLeadInsights(tier: PlanId): boolean {
  return tier === "pro_plus" || tier === "enterprise";
}

/** Lead insights cover this many days, today included. */
export const INSIGHTS_DAYS = 30;

/** The lead insights section's words. */
export const InsightsCopy = {
  title: "Lead insights",
  summary: `Your last ${INSIGHTS_DAYS} days on Rafter.`,
  upgradeTitle: "Lead insights come with Pro+ Leads",
  upgrade:
    "See how many people viewed your profile, found you in search and sent you quote requests, and how many of your bids won, over the last 30 days.",
  upgradeLink: "Upgrade to Pro+ Leads",
  labels: {
    profileViews: "Profile views",
    searchAppearances: "Search appearances",
    quoteRequests: "Quote requests received",
    bidsPlaced: "Bids placed",
    bidsWon: "Bids won",
  },
} as const;

/**
 * Enterprise team seats (spec §6 "team seats"): how many people a plan's business account has,
 * the owner included. Enterprise: 10, so the owner invites up to 9 members. Other plans: none.
 */
export const ENTERPRISE_TEAM_SEATS = 10;
export function teamSeatLimit(tier: PlanId): number {
  return tier === "enterprise" ? ENTERPRISE_TEAM_SEATS : 0;
}
export function hasTeamSeats(tier: PlanId): boolean {
  return teamSeatLimit(tier) > 0;
}
