// Copy and data shared by the public pages. Facts come from the spec (§1, §9) and
// from the catalogues in common/: counts are derived, never typed in.
import { ALL_PROFESSIONS, PROFESSION_CATEGORIES, type ProfessionCategoryValue } from "@common/professions";
import type { IconName } from "./icons";

export const PROFESSION_TYPE_COUNT = ALL_PROFESSIONS.length;
export const CATEGORY_COUNT = PROFESSION_CATEGORIES.length;
export const US_STATE_COUNT = 50;

/** Spec §2: Terms and Privacy were last updated on this date. */
export const LEGAL_LAST_UPDATED = { iso: "2025-10-14", text: "October 14, 2025" } as const;

/** Spec §9: a trade card click scrolls to the top, then navigates this much later. */
export const SCROLL_NAVIGATE_DELAY_MS = 100;

export function categoryDef(value: ProfessionCategoryValue) {
  return PROFESSION_CATEGORIES.find((category) => category.value === value)!;
}

export function professionCount(categories: readonly ProfessionCategoryValue[]): number {
  return categories.reduce((sum, value) => sum + categoryDef(value).professions.length, 0);
}

export function pluralTypes(count: number): string {
  return `${count} professional type${count === 1 ? "" : "s"}`;
}

// ---------------------------------------------------------------------------
// Landing A: the trade cards (spec §2). Each names the catalogue categories it stands for, so the
// counts on the cards add up to the catalogue; the last card gathers the categories not shown.

export interface TradeCard {
  title: string;
  description: string;
  icon: IconName;
  categories: readonly ProfessionCategoryValue[];
  /** Where the card goes: the matching profession page, else sign-up. */
  to: string;
}

const namedTradeCards: TradeCard[] = [
  {
    title: "Real Estate",
    description: "Agents, brokers, attorneys and closing specialists.",
    icon: "home",
    categories: ["transaction_advisory"],
    to: "/register",
  },
  {
    title: "Construction",
    description: "General contractors, electricians, plumbers, roofers and more.",
    icon: "hammer",
    categories: ["construction_renovation"],
    to: "/profession/contractor",
  },
  {
    title: "Landscaping",
    description: "Lawn care, trees, irrigation, hardscapes, fences and decks.",
    icon: "leaf",
    categories: ["landscaping_exterior"],
    to: "/profession/landscaping",
  },
  {
    title: "Photography",
    description: "Listing photos, video, drone shots, 3D tours and staging.",
    icon: "camera",
    categories: ["marketing_support"],
    to: "/profession/photographer",
  },
  {
    title: "Inspection",
    description: "Home and commercial inspectors, appraisers and surveyors.",
    icon: "search",
    categories: ["valuation_inspection"],
    to: "/register",
  },
  {
    title: "Design",
    description: "Architects, interior designers and structural engineers.",
    icon: "ruler",
    categories: ["design_planning"],
    to: "/register",
  },
  {
    title: "Maintenance",
    description: "Property managers, maintenance technicians, cleaning and pest control.",
    icon: "wrench",
    categories: ["property_management"],
    to: "/register",
  },
];

const shownCategories = new Set(namedTradeCards.flatMap((card) => card.categories));
const otherCategories = PROFESSION_CATEGORIES.filter((category) => !shownCategories.has(category.value));

export const TRADE_CARDS: readonly TradeCard[] = [
  ...namedTradeCards,
  {
    title: `+${professionCount(otherCategories.map((c) => c.value))} More Trades`,
    description: `${otherCategories.map((c) => c.label).join(", ")}.`,
    icon: "plus",
    categories: otherCategories.map((c) => c.value),
    to: "/register",
  },
];

// ---------------------------------------------------------------------------
// How it works (spec §2: three steps each for owners and professionals).

export interface Step {
  title: string;
  text: string;
  icon: IconName;
}

export const OWNER_STEPS: readonly Step[] = [
  {
    title: "Post Your Project",
    text: "Describe the work, your property and your timing, or request a quote from a professional you found.",
    icon: "clipboard",
  },
  {
    title: "Review & Choose",
    text: "Compare bids, profiles, portfolios and reviews from professionals near you, then pick the one that fits.",
    icon: "users",
  },
  {
    title: "Complete & Review",
    text: "Payment is held in escrow and released once the finished work is documented. Then leave a review for the next owner.",
    icon: "star",
  },
];

export const PRO_STEPS: readonly Step[] = [
  {
    title: "Build Your Profile",
    text: "Add your trades, service area, licenses and a gallery of past projects. Verification earns you a Verified badge.",
    icon: "user",
  },
  {
    title: "Get Discovered",
    text: "Owners find you in search and through referrals. Matching favours active, verified profiles with full portfolios.",
    icon: "eye",
  },
  {
    title: "Grow Your Business",
    text: "Bid on jobs, collect endorsements and reviews, and share overflow work with your backup network.",
    icon: "trending",
  },
];

// ---------------------------------------------------------------------------
// Features (spec §1 "Stated features").

export interface Benefit {
  title: string;
  text: string;
  icon: IconName;
}

export const BENEFITS: readonly Benefit[] = [
  {
    title: "Verified professionals",
    text: "Licenses, insurance and background checks earn a Verified badge and higher visibility in search.",
    icon: "shield",
  },
  {
    title: "Escrow payments",
    text: "Money for a job is held safely and released after the work is documented as complete.",
    icon: "dollar",
  },
  {
    title: "A backup network",
    text: "Busy professionals share overflow work with trusted peers and earn reputation points for referrals that succeed.",
    icon: "share",
  },
  {
    title: "Available or Busy, at a glance",
    text: "Professionals show whether they can take new work right now, so owners contact the ones who can.",
    icon: "clock",
  },
  {
    title: "Photographers on request",
    text: "Owners and agents can ask for a certified photographer for a listing or a finished project.",
    icon: "camera",
  },
  {
    title: "Scrap & free materials",
    text: "List leftover materials or pick some up: less waste, lower project costs.",
    icon: "truck",
  },
  {
    title: "Portfolios, reviews and endorsements",
    text: "Project galleries, client endorsements and skill badges show the quality of a professional's work.",
    icon: "star",
  },
  {
    title: "Nationwide, home or business",
    text: `Residential and commercial work in all ${US_STATE_COUNT} US states.`,
    icon: "map",
  },
];

/** Illustrative stories. They describe how the product can be used; they are not real customers. */
export interface ExampleStory {
  title: string;
  trade: string;
  text: string;
}

export const STORIES_NOTE =
  "These are illustrative examples of how professionals can use Rafter. They are not real customers or reviews.";
