// Landing B's copy (spec §2 "Landing B"): kept apart from content.ts so it loads with Landing B only.
import type { ExampleStory } from "./content";
import type { IconName } from "./icons";

export interface AudienceSteps {
  audience: string;
  icon: IconName;
  steps: readonly { title: string; text: string }[];
}

export const AUDIENCE_STEPS: readonly AudienceSteps[] = [
  {
    audience: "For trade professionals",
    icon: "hammer",
    steps: [
      {
        title: "Create your profile",
        text: "List your trades, service area and licenses, and upload your best projects.",
      },
      {
        title: "Set yourself Available",
        text: "Owners see who can take work now; switch to Busy when your calendar is full.",
      },
      {
        title: "Bid, win and get referred",
        text: "Bid on posted jobs and receive overflow work from your backup network.",
      },
    ],
  },
  {
    audience: "For photographers",
    icon: "camera",
    steps: [
      {
        title: "Show your portfolio",
        text: "Listing photos, twilight shots, drone and 3D tours: let your work speak.",
      },
      {
        title: "Get booked on request",
        text: "Owners and agents who ask for a certified photographer can find and book you.",
      },
      { title: "Work with repeat clients", text: "Connect with agents and stagers who list property again and again." },
    ],
  },
  {
    audience: "For real estate professionals",
    icon: "briefcase",
    steps: [
      { title: "Connect your network", text: "Add the inspectors, contractors, lenders and photographers you trust." },
      { title: "Refer with confidence", text: "Send clients to verified professionals with portfolios and reviews." },
      { title: "Earn your reputation", text: "Successful referrals earn reputation points that show on your profile." },
    ],
  },
];

export const LANDING_STORIES: readonly ExampleStory[] = [
  {
    title: "A two-person landscaping crew",
    trade: "Landscaping",
    text: "During a slow spring they switched to Available, took overflow jobs from a partner in their backup network and booked out the season.",
  },
  {
    title: "An independent real estate photographer",
    trade: "Photography",
    text: "With a full portfolio and a Verified badge, they started getting booking requests from listing agents across their county.",
  },
  {
    title: "A small general contractor",
    trade: "Construction",
    text: "Instead of turning owners away, they shared jobs they couldn't fit in with trusted subs, and earned reputation points for every referral that worked out.",
  },
];

export interface Faq {
  question: string;
  answer: string;
}

export const FAQS: readonly Faq[] = [
  {
    question: "How quickly will I start getting work?",
    answer:
      "Our goal is a first connection within 24 hours of completing your profile. Matching favours active, verified profiles with full portfolios, so finishing yours is the fastest way to be found. How soon paid work follows depends on your trade and your area.",
  },
  {
    question: "How is Rafter different from a job board?",
    answer:
      "A job board lists jobs. Rafter is a network: owners find you through your profile, portfolio and reviews; you connect with other professionals, share overflow work and receive referrals; and verification and escrow payments build trust on both sides.",
  },
  {
    question: "How does the backup network work?",
    answer:
      "When you are fully booked, or a job is outside your trade, you share it with trusted professionals in your backup network instead of turning the owner away. The owner still gets help, your colleague gets the work, and you earn reputation points when the referral succeeds.",
  },
  {
    question: "Is there a contract? Can I cancel?",
    answer:
      "There is no long-term contract. Plans are month-to-month, and you can change or cancel at any time. A cancellation takes effect at the end of your current billing period, and you keep your plan's features until then.",
  },
  {
    question: "How are professionals verified?",
    answer:
      "Professionals submit their licenses, proof of insurance and a background check. Once these are reviewed, the profile earns a Verified badge and higher visibility in search.",
  },
];

export interface Highlight {
  title: string;
  text: string;
  icon: IconName;
  /** A marketing claim: shown with the footnote marker. */
  claim?: boolean;
}

export const CLOSING_HIGHLIGHTS: readonly Highlight[] = [
  {
    title: "Set up in under 10 minutes",
    text: "Create your profile and start showing up in search the same day.",
    icon: "clock",
  },
  { title: "Instant connections", text: "Message owners and professionals as soon as you join.", icon: "zap" },
  {
    title: "About 30% more revenue in 6 months",
    text: "Members report an average revenue increase of about 30% within six months of joining.",
    icon: "chart",
    claim: true,
  },
];

export const CLAIM_FOOTNOTE =
  "Based on what members tell us, not an audited figure or a guarantee. Results vary with trade, market and effort.";
