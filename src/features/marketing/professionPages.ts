// The profession landing pages at /profession/{type} (spec §2): one page, driven by this data.
// Landscaping is the default and the fallback for unknown types. What each profession does comes
// from the catalogue (common/professions.ts); only the pitch is written here.
import { ALL_PROFESSIONS, type ProfessionEntry, type ProfessionValue } from "@common/professions";
import type { IconName } from "./icons";

export const PROFESSION_PAGE_TYPES = [
  "landscaping",
  "electrician",
  "contractor",
  "hauler",
  "photographer",
  "painter",
  "flipper",
] as const;
export type ProfessionPageType = (typeof PROFESSION_PAGE_TYPES)[number];
export const DEFAULT_PROFESSION_PAGE: ProfessionPageType = "landscaping";

export interface ProfessionPageData {
  type: ProfessionPageType;
  /** The catalogue profession the page is about. */
  profession: ProfessionValue;
  /** Lower-case plural for sentences and links: "landscapers". */
  plural: string;
  headline: string;
  pitch: string;
  icon: IconName;
  /** Why this profession does well on Rafter: features of the product, no promised results. */
  reasons: readonly { title: string; text: string }[];
}

const pages: Record<ProfessionPageType, Omit<ProfessionPageData, "type">> = {
  landscaping: {
    profession: "landscaper",
    plural: "landscapers",
    headline: "Grow your landscaping business with Rafter",
    pitch:
      "Owners and property managers look for landscapers they can trust with their curb appeal. Be the one they find.",
    icon: "leaf",
    reasons: [
      {
        title: "Made for seasonal work",
        text: "Switch to Available when your schedule opens up and to Busy when the season is booked.",
      },
      {
        title: "Share the overflow",
        text: "Pass mowing, cleanup and install jobs you can't fit in to trusted crews in your backup network.",
      },
      { title: "Before and after, side by side", text: "A project gallery shows owners the yards you've transformed." },
    ],
  },
  electrician: {
    profession: "electrician",
    plural: "electricians",
    headline: "Electricians: win the jobs that need a licensed pro",
    pitch:
      "Owners want proof before they let anyone near their panel. Show your license, your insurance and your work in one place.",
    icon: "bolt",
    reasons: [
      {
        title: "Verified, and visible",
        text: "Add your license and insurance to earn the Verified badge and higher visibility in search.",
      },
      {
        title: "Referrals from the trades",
        text: "General contractors and remodelers in your network can bring you in on their projects.",
      },
      { title: "Quotes without the chase", text: "Bid on posted jobs and answer quote requests from owners near you." },
    ],
  },
  contractor: {
    profession: "general_contractor",
    plural: "general contractors",
    headline: "General contractors: keep your crews busy and your clients happy",
    pitch: "Find remodels, additions and repairs, bring in the subs you trust, and get paid through escrow.",
    icon: "hammer",
    reasons: [
      {
        title: "Steady project flow",
        text: "Bid on projects owners post and respond to quote requests in your service area.",
      },
      {
        title: "Your subs, one tap away",
        text: "Connect with electricians, plumbers, roofers and more for the trades you don't cover.",
      },
      { title: "Paid for finished work", text: "Escrow payments are released once the completed work is documented." },
    ],
  },
  hauler: {
    profession: "hauler",
    plural: "haulers",
    headline: "Haulers: turn cleanouts and debris runs into steady work",
    pitch: "Contractors, property managers and estate cleanout teams need someone reliable to take it away.",
    icon: "truck",
    reasons: [
      {
        title: "Work from the trades",
        text: "Contractors and property managers in your network call you when a site needs clearing.",
      },
      {
        title: "Salvage has value",
        text: "List reusable materials on the scrap and free materials marketplace instead of paying to dump them.",
      },
      {
        title: "Be there when it counts",
        text: "Keep your Available status current so you're found when you can take the job.",
      },
    ],
  },
  photographer: {
    profession: "photographer",
    plural: "real estate photographers",
    headline: "Real estate photographers: get booked by agents and owners",
    pitch: "Great listings start with great photos. Put your portfolio in front of the agents and owners who need it.",
    icon: "camera",
    reasons: [
      {
        title: "Booked on request",
        text: "Owners and agents can request a certified photographer for a listing or a finished project.",
      },
      {
        title: "Your portfolio, front and centre",
        text: "A full gallery of listing, twilight, drone and 3D work shows what you do best.",
      },
      { title: "Repeat clients", text: "Connect with agents, stagers and builders who need photos again and again." },
    ],
  },
  painter: {
    profession: "painter",
    plural: "painters",
    headline: "Painters: fill your schedule with interior and exterior jobs",
    pitch:
      "From a single room to a whole building, owners are looking for painters with clean lines and clean job sites.",
    icon: "paint",
    reasons: [
      {
        title: "Show the finish",
        text: "Before-and-after photos in your gallery sell your work better than any description.",
      },
      {
        title: "Work from contractors",
        text: "General contractors and home stagers in your network bring you in to finish their projects.",
      },
      { title: "Reviews that travel", text: "Every finished job can add a review and an endorsement to your profile." },
    ],
  },
  flipper: {
    profession: "flipper",
    plural: "house flippers",
    headline: "House flippers: build your team for every flip",
    pitch: "Buy, renovate and sell faster with inspectors, contractors, lenders and agents you can vet in one place.",
    icon: "key",
    reasons: [
      {
        title: "Your whole team in one place",
        text: "Find inspectors, contractors, stagers and listing agents, and check their reviews.",
      },
      { title: "Financing contacts", text: "Connect with mortgage brokers, hard money lenders and other investors." },
      {
        title: "Cheaper materials",
        text: "Pick up leftover and salvaged materials on the scrap and free materials marketplace.",
      },
    ],
  },
};

export function isProfessionPageType(value: string | undefined): value is ProfessionPageType {
  return PROFESSION_PAGE_TYPES.some((type) => type === value);
}

export function professionPage(type: ProfessionPageType): ProfessionPageData {
  return { type, ...pages[type] };
}

export function catalogueEntry(profession: ProfessionValue): ProfessionEntry {
  return ALL_PROFESSIONS.find((entry) => entry.value === profession)!;
}

/** Other professions of the same category, for "Related trades". */
export function relatedProfessions(profession: ProfessionValue, limit = 6): ProfessionEntry[] {
  const entry = catalogueEntry(profession);
  return ALL_PROFESSIONS.filter((other) => other.category === entry.category && other.value !== profession).slice(
    0,
    limit,
  );
}
