// Scrap & free materials (spec §2 Scrap marketplace, §3 Scrap listing, §5, §8, §9):
// the categories, statuses, limits and copy, and the Post Listing form's schema,
// shared by the form and the Convex functions that receive the same input.
import { z } from "zod";

/** Spec §3 scrap categories, each with its label and colour (the chip's hue; the UI maps it to light/dark classes). */
export const SCRAP_CATEGORIES = [
  { value: "metal", label: "Metal", color: "#64748b" },
  { value: "appliances", label: "Appliances", color: "#2563eb" },
  { value: "electronics", label: "Electronics", color: "#7c3aed" },
  { value: "yard_waste", label: "Yard Waste", color: "#16a34a" },
  { value: "construction", label: "Construction", color: "#ea580c" },
  { value: "free_materials", label: "Free Materials", color: "#db2777" },
] as const;
export type ScrapCategory = (typeof SCRAP_CATEGORIES)[number]["value"];

export function isScrapCategory(value: string): value is ScrapCategory {
  return SCRAP_CATEGORIES.some((c) => c.value === value);
}

export function scrapCategoryLabel(value: string): string {
  return SCRAP_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** A listing's life (convex/model/scrap.ts holds the transitions between them). */
export const SCRAP_STATUSES = ["available", "on_hold", "picked_up", "expired", "removed"] as const;
export type ScrapStatus = (typeof SCRAP_STATUSES)[number];
/** Statuses browsers see: the rest are the lister's (and the last claimer's) only. */
export const OPEN_SCRAP_STATUSES: readonly ScrapStatus[] = ["available", "on_hold"];

export const SCRAP_STATUS_LABELS: Record<ScrapStatus, string> = {
  available: "Available",
  on_hold: "On hold",
  picked_up: "Picked up",
  expired: "Expired",
  removed: "Removed",
};

export const SCRAP_CONTACT_METHODS = [
  { value: "message", label: "Message on Rafter" },
  { value: "email", label: "Email" },
  { value: "phone", label: "Phone" },
] as const;
export type ScrapContactMethod = (typeof SCRAP_CONTACT_METHODS)[number]["value"];

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export const SCRAP_LIMITS = {
  title: 120,
  description: 2000,
  materialType: 80,
  quantity: 80,
  location: 160,
  county: 60,
  city: 60,
  price: 40,
  /** Photos per listing, each an image of at most 5 MB (spec §9 image limit). */
  photos: 6,
  photoBytes: 5 * 1024 * 1024,
  /** Every listing expires this long after posting or renewal; the lister is reminded before. */
  listingLifeMs: 30 * DAY,
  reminderBeforeMs: 2 * DAY,
  /** Pickup windows a lister may choose (hours); 48 by default. */
  holdHours: [24, 48, 72] as const,
  defaultHoldHours: 48,
  /** Listings one member may hold at once, and members waiting behind a hold. */
  maxHolds: 3,
  waitlist: 5,
  /** Miles for "within N miles of" (the default when a ZIP is given without one). */
  defaultRadius: 25,
  maxRadius: 100,
} as const;

export const SCRAP_RADII = [5, 10, 25, 50, 100] as const;

export const ScrapCopy = {
  pageTitle: "Scrap & Free Materials",
  createdTitle: "Listing Created",
  createdBody: "Your scrap listing has been posted successfully.",
  createFailed: "Failed to create listing",
  empty: "No listings found",
  postFirst: "Post First Listing",
  required: "Required",
  free: "Free",
  zipInvalid: "Please enter a valid 5-digit ZIP code",
  zipUnknown: "We couldn't find that ZIP code. Please check it and try again.",
  stateInvalid: "Use the 2-letter state code",
  tooLong: (field: string, max: number) => `${field} must be ${max} characters or fewer`,
  tooManyPhotos: `Please add at most 6 photos.`,
  photoType: "Please choose image files (JPEG, PNG, GIF or WebP).",
  photoTooLarge: "Image too large: Please select images under 5MB",
  notFound: "Listing not found",
  /** Claiming or waiting for a listing whose lister was banned or deleted their account. */
  listerGone: "This listing is no longer available.",
  onlyLister: "Only the lister can do that.",
  ownListing: "You can't claim your own listing.",
  onlyClaimer: "Only the member holding this listing can do that.",
  alreadyHeld: "Someone else has just claimed this listing. You can join the waitlist.",
  holdLimit: `You're already holding 3 listings. Pick them up or release one first.`,
  notOnHold: "This listing isn't on hold.",
  waitlistFull: "The waitlist for this listing is full.",
  alreadyWaiting: "You're already on the waitlist for this listing.",
  notWaiting: "You're not on the waitlist for this listing.",
  waitlistNeedsHold: "You can claim this listing now; the waitlist is for listings on hold.",
  illegal: (status: ScrapStatus, verb: string) =>
    `A listing that is ${SCRAP_STATUS_LABELS[status].toLowerCase()} can't be ${verb}.`,
  radiusNeedsZip: "Enter a ZIP code to search within a distance.",
  invalidCursor: "That page of listings is no longer available. Please start again.",
} as const;

const text = (max: number, field: string) => z.string().trim().max(max, ScrapCopy.tooLong(field, max));
const optionalText = (max: number, field: string) =>
  text(max, field)
    .optional()
    .transform((v) => (v === "" ? undefined : v));

/** The Post Listing form (spec §5: category and location required, 'Required' otherwise; ZIP so distance works). */
export const scrapListingSchema = z.object({
  title: text(SCRAP_LIMITS.title, "Title").min(1, ScrapCopy.required),
  description: text(SCRAP_LIMITS.description, "Description").default(""),
  category: z.string().refine(isScrapCategory, ScrapCopy.required),
  materialType: optionalText(SCRAP_LIMITS.materialType, "Material type"),
  quantity: optionalText(SCRAP_LIMITS.quantity, "Quantity"),
  location: text(SCRAP_LIMITS.location, "Location").min(1, ScrapCopy.required),
  county: optionalText(SCRAP_LIMITS.county, "County"),
  city: optionalText(SCRAP_LIMITS.city, "City"),
  state: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined))
    .refine((v) => v === undefined || /^[A-Z]{2}$/.test(v), ScrapCopy.stateInvalid),
  zipCode: z
    .string()
    .trim()
    .min(1, ScrapCopy.required)
    .regex(/^\d{5}(-\d{4})?$/, ScrapCopy.zipInvalid)
    .transform((v) => v.slice(0, 5)),
  /** Free text; empty is shown as Free (spec §9 default 'Free'). */
  price: optionalText(SCRAP_LIMITS.price, "Price"),
  contactMethod: z.enum(SCRAP_CONTACT_METHODS.map((c) => c.value) as [ScrapContactMethod, ...ScrapContactMethod[]]).default("message"),
  holdHours: z
    .number()
    .refine((h) => (SCRAP_LIMITS.holdHours as readonly number[]).includes(h), "Choose a pickup window of 24, 48 or 72 hours")
    .default(SCRAP_LIMITS.defaultHoldHours),
});
export type ScrapListingInput = z.input<typeof scrapListingSchema>;
export type ScrapListingValues = z.output<typeof scrapListingSchema>;

/** A price as shown: empty (or the stored default) reads Free. */
export function displayPrice(price: string | null | undefined): string {
  const p = price?.trim();
  return p ? p : ScrapCopy.free;
}
