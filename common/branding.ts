// Pro Profile's custom gallery and branding (spec §6): a cover image, an accent colour and the
// order of the portfolio gallery. Plain TypeScript, shared by the profile pages and the backend.
//
// The accent colour is chosen from a fixed palette, never typed in: each colour carries white text
// at WCAG AA or better (contrast ratio noted, ≥ 4.5:1), in light and dark mode alike, so no member
// can make their profile unreadable.
import type { PlanId } from "./plans";

export const ACCENT_COLORS = [
  { id: "brand", label: "Rafter blue", hex: "#1d4ed8" }, // 6.7:1 with white
  { id: "teal", label: "Teal", hex: "#0f766e" }, // 5.5:1
  { id: "green", label: "Green", hex: "#15803d" }, // 5.0:1
  { id: "amber", label: "Amber", hex: "#b45309" }, // 5.0:1
  { id: "red", label: "Red", hex: "#b91c1c" }, // 6.5:1
  { id: "purple", label: "Purple", hex: "#7e22ce" }, // 7.1:1
  { id: "slate", label: "Slate", hex: "#334155" }, // 10.4:1
] as const;
export type AccentColorId = (typeof ACCENT_COLORS)[number]["id"];

export function isAccentColor(value: unknown): value is AccentColorId {
  return ACCENT_COLORS.some((c) => c.id === value);
}

export function accentHex(id: AccentColorId): string {
  return ACCENT_COLORS.find((c) => c.id === id)!.hex;
}

/** Custom gallery and branding, and visible client endorsements: Pro Profile and above. */
export function hasProProfile(tier: PlanId): boolean {
  return tier !== "basic";
}

/** Cover images: images up to 5 MB. */
export const COVER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const BrandingCopy = {
  upgradeTitle: "Custom gallery and branding come with Pro Profile",
  upgrade: "Add a cover image, choose your accent colour and arrange your gallery in the order you want.",
  upgradeLink: "Upgrade to Pro Profile",
  /** The server's refusal to a Basic member (the same words as the prompt). */
  refused: "Custom gallery and branding come with Pro Profile. Upgrade to Pro Profile to use them.",
  unknownAccent: "Choose one of the accent colours.",
  coverType: "Please choose an image file for your cover.",
  coverTooLarge: "Cover images must be 5 MB or smaller.",
  galleryNotYours: "Only your own portfolio items can be arranged.",
  downgraded: "Your cover image, accent colour and gallery order are kept but not shown while you're on Basic.",
} as const;

/** Client endorsements (spec §1 "client endorsements", §6 Pro "visible endorsements"). */
export const ENDORSEMENT_LIMITS = { min: 10, max: 500 } as const;

export const EndorsementCopy = {
  title: "Client endorsements",
  upgradeTitle: "Client endorsements come with Pro Profile",
  upgrade: "Ask the clients who hired you to endorse your work, and show their endorsements on your profile.",
  refused: "Client endorsements come with Pro Profile. Upgrade to Pro Profile to ask for them.",
  onlyYourClients: "You can ask for an endorsement only from a client who hired you.",
  alreadyAsked: "You've already asked this client about this job.",
  onlyAsked: "Only the client who was asked can write this endorsement.",
  alreadyWritten: "This endorsement has already been written.",
  tooShort: `Please write at least ${ENDORSEMENT_LIMITS.min} characters.`,
  tooLong: `Please keep your endorsement to ${ENDORSEMENT_LIMITS.max} characters.`,
  downgraded: "Your endorsements are kept but not shown while you're on Basic.",
} as const;
