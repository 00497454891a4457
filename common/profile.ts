// Profiles, network, portfolio and reviews (spec §2 Profile, Network,
// Portfolio, Reviews; §3 User, Portfolio item, Review; §5 Profile and
// Portfolio forms; §9 limits and suggestion scoring). One zod schema per form,
// shared by the React forms and the Convex functions.
import { z } from "zod";
import { isImageType, isVideoType } from "./uploads";

export const MB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  profileImage: 5 * MB,
  portfolioImage: 10 * MB,
  portfolioVideo: 100 * MB,
} as const;

export const BUSINESS_SIZES = [
  { value: "solo", label: "Solo" },
  { value: "small", label: "Small team (2-10)" },
  { value: "medium", label: "Medium (11-50)" },
  { value: "large", label: "Large (50+)" },
] as const;
export const EXPERIENCE_LEVELS = [
  { value: "entry", label: "Entry" },
  { value: "intermediate", label: "Intermediate" },
  { value: "expert", label: "Expert" },
] as const;

export const ProfileCopy = {
  notFound: "Profile Not Found",
  updated: "Profile updated",
  updateFailed: (message: string) => `Update failed: Failed to update profile: ${message}`,
  imageTooLarge: "Image too large: Please select an image under 5MB",
  imageType: "Please choose an image file (JPEG, PNG, GIF or WebP).",
  imageUrl: "Enter an image URL starting with http:// or https://",
  imageUrlTooLong: "That image URL is too long (2,048 characters at most).",
  reviewsEmpty: "No Reviews Found",
  connectionSentTitle: "Connection Request Sent",
  connectionSent: "Your connection request has been sent.",
  connectionFailed: (message: string) => `Failed to send connection request: ${message}`,
  onlyProfessionalsConnect: "Only professionals can join the network.",
  selfConnect: "You can't connect with yourself.",
  alreadyConnected: "You're already connected.",
  requestPending: "A connection request is already pending.",
  answerOnlyIncoming: "Only a pending request sent to you can be answered.",
  declineInstead: "Decline the request instead.",
  cancelOnlyPending: "Only a pending request you sent can be withdrawn.",
  removeOnlyConnected: "You're not connected with this member.",
  connectionNotFound: "Connection request not found",
  // Portfolio (spec §5, §8).
  titleRequired: "Title is required",
  categoryRequired: "Category is required",
  noFiles: "No files selected: Please select at least one file to upload.",
  badFileType: "Invalid file type: Please select only image or video files.",
  fileTooLarge: (file: string) => `File too large: ${file} exceeds the size limit.`,
  portfolioAdded: "Portfolio updated: Your work has been added successfully!",
  portfolioDeleted: "Item deleted",
  portfolioLinksNotFetched:
    "portfolio lists the ids of your own portfolio items, in the order to show them. Links aren't downloaded: add photos and videos with POST /api/portfolio/upload.",
  uploadFailed: "Upload failed",
  // Reviews.
  reviewOnlyOwner: "Only the owner of a completed job can review it.",
  reviewNotCompleted: "You can review a job once it is completed.",
  reviewOnce: "You already reviewed this job.",
  ratingRange: "Please choose a rating from 1 to 5 stars",
  reviewTitleRequired: "Please give your review a title",
  reviewContentRequired: "Please write a few words about the work",
  replyOnce: "You already replied to this review.",
  replyOnlyPro: "Only the reviewed professional can reply.",
  reportOnce: "You already reported this review. Our team will look at it.",
  helpfulTitle: "Marked as helpful",
  helpful: "Thank you for your feedback!",
  reported: "Thanks. Our moderators will look at this review.",
} as const;

/**
 * A list field: comma separated text in the form ("a, b, , c"), a string array on the server. An
 * item's problem is reported on the list itself, so the form shows it under the one field.
 */
const list = (max: number, itemMax = 60) => {
  const item = z.string().trim().min(1).max(itemMax);
  return z.preprocess(
    (value: string | readonly string[] | undefined) => (typeof value === "string" ? splitList(value) : (value ?? [])),
    z
      .array(z.string())
      .max(max)
      .transform((items, ctx) => {
        const out: string[] = [];
        for (const raw of items) {
          const parsed = item.safeParse(raw);
          if (!parsed.success) {
            ctx.addIssue({ code: "custom", message: parsed.error.issues[0]!.message });
            return z.NEVER;
          }
          out.push(parsed.data);
        }
        return out;
      }),
  );
};
/** A whole number typed in a text or number input ("" is no answer); a number from the server. */
const wholeNumber = (schema: z.ZodNumber) =>
  z.preprocess(
    (value: string | number | undefined) =>
      typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value,
    schema.optional(),
  );
/** A choice from a select: "" ("Not set") is no answer. */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value: string | undefined) => (value === "" ? undefined : value), z.enum(values).optional());
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be ${max} characters or fewer`)
    .optional()
    .transform((v) => (v === "" ? undefined : v));

/** "a, b, , c" -> ["a", "b", "c"] (spec §5: split, trimmed, empties dropped). */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Longest image URL kept (what browsers and CDNs reliably handle). */
export const IMAGE_URL_MAX = 2048;

/**
 * The edit-profile form: every field optional but the name (spec §5). It takes the form's text as
 * typed (comma separated lists, numbers as text, "" for a select left at "Not set") as well as the
 * server's values (arrays, numbers), and gives the server's shape, so the form (zodResolver) and
 * profiles.update / profiles.patch check the same rules.
 */
export const profileSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(60),
  lastName: z.string().trim().min(1, "Last name is required").max(60),
  businessName: optionalText(120),
  bio: optionalText(2000),
  phone: optionalText(30),
  city: optionalText(60),
  state: z
    .string()
    .trim()
    .max(2, "Use the 2-letter state code")
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
  zipCode: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^\d{5}(-\d{4})?$/.test(v), "Please enter a valid 5-digit ZIP code")
    .transform((v) => (v ? v : undefined)),
  county: optionalText(60),
  licenseNumber: optionalText(60),
  specialties: list(30),
  yearsExperience: wholeNumber(z.number().int().min(0, "Years of experience can't be negative").max(80)),
  experienceLevel: choice(["entry", "intermediate", "expert"]),
  serviceCategories: list(20),
  propertyTypes: list(20),
  preferredRadius: wholeNumber(
    z.number().int().min(1, "Choose a radius from 1 to 100 miles").max(100, "Choose a radius from 1 to 100 miles"),
  ),
  languages: list(10, 40),
  certifications: list(20, 120),
  businessSize: choice(["solo", "small", "medium", "large"]),
  /** An http(s) image URL, or empty to keep an uploaded image / remove the URL. */
  imageUrl: z
    .string()
    .trim()
    .max(IMAGE_URL_MAX, ProfileCopy.imageUrlTooLong)
    .optional()
    .refine((v) => !v || /^https?:\/\/\S+$/i.test(v), ProfileCopy.imageUrl)
    .transform((v) => (v ? v : undefined)),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

export const PORTFOLIO_CATEGORIES = [
  { value: "construction", label: "Construction" },
  { value: "landscaping", label: "Landscaping" },
  { value: "design", label: "Design" },
  { value: "renovation", label: "Renovation" },
  { value: "maintenance", label: "Maintenance" },
  { value: "other", label: "Other" },
] as const;

export const portfolioSchema = z.object({
  title: z.string().trim().min(1, ProfileCopy.titleRequired).max(120),
  category: z.string().refine((v) => PORTFOLIO_CATEGORIES.some((c) => c.value === v), ProfileCopy.categoryRequired),
  description: optionalText(2000),
  location: optionalText(120),
  dateCompleted: z
    .string()
    .optional()
    .refine((v) => !v || /^\d{4}-\d{2}-\d{2}$/.test(v), "Please enter a date")
    .transform((v) => (v ? v : undefined)),
  /** Comma separated in the form (spec §5). */
  tags: z
    .string()
    .max(300)
    .optional()
    .transform((v) => splitList(v ?? "").slice(0, 20)),
  featured: z.boolean().default(false),
});
export type PortfolioInput = z.input<typeof portfolioSchema>;

/** Spec §5: image or video only; images up to 10 MB, videos up to 100 MB. Returns the message to show, or null. */
export function portfolioFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (isImageType(file.type))
    return file.size > UPLOAD_LIMITS.portfolioImage ? ProfileCopy.fileTooLarge(file.name) : null;
  if (isVideoType(file.type))
    return file.size > UPLOAD_LIMITS.portfolioVideo ? ProfileCopy.fileTooLarge(file.name) : null;
  return ProfileCopy.badFileType;
}

export const reviewSchema = z.object({
  rating: z.number().int(ProfileCopy.ratingRange).min(1, ProfileCopy.ratingRange).max(5, ProfileCopy.ratingRange),
  title: z.string().trim().min(1, ProfileCopy.reviewTitleRequired).max(120),
  content: z.string().trim().min(1, ProfileCopy.reviewContentRequired).max(3000),
});

export const REPORT_REASONS = [
  { value: "inappropriate", label: "Inappropriate" },
  { value: "spam", label: "Spam" },
  { value: "off_topic", label: "Off topic" },
  { value: "harassment", label: "Harassment" },
  { value: "copyright", label: "Copyright" },
  { value: "other", label: "Other" },
] as const;

/** Spec §9: related professions for suggestion scoring. */
export const RELATED_PROFESSIONS = [
  "general_contractor",
  "electrician",
  "plumber",
  "hvac_technician",
  "landscaper",
  "irrigation_specialist",
  "tree_service",
  "painter",
  "drywall_contractor",
  "flooring_installer",
  "roofer",
  "gutter_installer",
  "siding_contractor",
] as const;

export interface ScoringProfile {
  city?: string;
  state?: string;
  professions?: readonly string[];
  verified?: boolean;
  businessName?: string;
}

/** Spec §9: same city +3, same state +1, each shared profession +2, a related-profession match +1, verified +1, business name +1. */
export function suggestionScore(viewer: ScoringProfile, other: ScoringProfile): number {
  let score = 0;
  const same = (a?: string, b?: string) => Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());
  if (same(viewer.city, other.city) && same(viewer.state, other.state)) score += 3;
  if (same(viewer.state, other.state)) score += 1;
  const mine = new Set(viewer.professions ?? []);
  const theirs = other.professions ?? [];
  score += 2 * theirs.filter((p) => mine.has(p)).length;
  const related = new Set<string>(RELATED_PROFESSIONS);
  if ([...mine].some((p) => related.has(p)) && theirs.some((p) => related.has(p) && !mine.has(p))) score += 1;
  if (other.verified) score += 1;
  if (other.businessName) score += 1;
  return score;
}

/** Reputation points a referrer earns when shared work ends completed. */
export const REFERRAL_POINTS = 10;
