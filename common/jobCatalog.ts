// Jobs, quote requests and bids (spec §2 "Jobs", "Quote request", §3 Job and Quote request, §9):
// enumerations with labels, the professions that serve each job category (used to route work to
// matching professionals), limits, the spec's messages and formatting. No zod here, so the job
// lists and the directory load none; the forms' schemas are in ./jobs.ts.
import { shortDateText } from "./enText";

export interface JobCategoryDef {
  readonly value: string;
  readonly label: string;
  /** Professions (common/professions.ts values) that do this kind of work. */
  readonly professions: readonly string[];
}

const BUILD = ["general_contractor", "carpenter", "handyman", "mason", "concrete_contractor", "demolition_contractor"];
const YARD = ["landscaper", "lawn_care", "irrigation_specialist", "tree_service", "hardscaper", "fence_installer"];
const PHOTO = ["photographer", "videographer", "drone_pilot", "virtual_tour_specialist"];

/** Project-form categories (spec §3 "Project-form categories"). */
export const PROJECT_CATEGORIES: readonly JobCategoryDef[] = [
  { value: "landscaping", label: "Landscaping", professions: YARD },
  { value: "construction", label: "Construction", professions: BUILD },
  { value: "plumbing", label: "Plumbing", professions: ["plumber"] },
  { value: "electrical", label: "Electrical", professions: ["electrician", "solar_installer"] },
  { value: "roofing", label: "Roofing", professions: ["roofer", "gutter_installer"] },
  { value: "painting", label: "Painting", professions: ["painter"] },
  { value: "flooring", label: "Flooring", professions: ["flooring_installer", "tile_installer"] },
  { value: "hvac", label: "HVAC", professions: ["hvac_technician"] },
  { value: "cleaning", label: "Cleaning", professions: ["cleaning_service", "junk_removal", "estate_cleanout"] },
  { value: "photography", label: "Photography", professions: PHOTO },
  {
    value: "inspection",
    label: "Inspection",
    professions: ["home_inspector", "commercial_inspector", "pest_inspector", "mold_inspector", "radon_specialist"],
  },
  {
    value: "maintenance",
    label: "Maintenance",
    professions: ["maintenance_technician", "handyman", "appliance_repair"],
  },
  { value: "other", label: "Other", professions: ["handyman", "general_contractor"] },
];

/** Quote-form and public job search categories (spec §3 "Job categories in the quote form"). */
export const QUOTE_CATEGORIES: readonly JobCategoryDef[] = [
  {
    value: "construction_renovation",
    label: "Construction & Renovation",
    professions: [...BUILD, "drywall_contractor", "cabinet_installer", "window_door_installer"],
  },
  {
    value: "landscaping_exterior",
    label: "Landscaping & Exterior",
    professions: [...YARD, "pool_contractor", "pressure_washer"],
  },
  { value: "electrical_plumbing", label: "Electrical & Plumbing", professions: ["electrician", "plumber"] },
  {
    value: "roofing_siding",
    label: "Roofing & Siding",
    professions: ["roofer", "siding_contractor", "gutter_installer"],
  },
  { value: "flooring_tile", label: "Flooring & Tile", professions: ["flooring_installer", "tile_installer"] },
  { value: "painting_finishing", label: "Painting & Finishing", professions: ["painter", "drywall_contractor"] },
  { value: "hvac_mechanical", label: "HVAC & Mechanical", professions: ["hvac_technician", "insulation_contractor"] },
  {
    value: "cleaning_maintenance",
    label: "Cleaning & Maintenance",
    professions: ["cleaning_service", "maintenance_technician", "handyman", "pressure_washer"],
  },
  {
    value: "staging_photography",
    label: "Staging & Photography",
    professions: [...PHOTO, "home_stager", "virtual_stager"],
  },
];

export const JOB_CATEGORIES: readonly JobCategoryDef[] = [...PROJECT_CATEGORIES, ...QUOTE_CATEGORIES];
const categoryByValue = new Map(JOB_CATEGORIES.map((c) => [c.value, c]));

export function isJobCategory(value: string): boolean {
  return categoryByValue.has(value);
}
export function jobCategoryLabel(value: string): string {
  return categoryByValue.get(value)?.label ?? value;
}
/** Job categories a professional with these professions serves. */
export function categoriesServedBy(professions: readonly string[]): string[] {
  return JOB_CATEGORIES.filter((c) => c.professions.some((p) => professions.includes(p))).map((c) => c.value);
}

/** The profession that takes photographer requests (spec: "certified photographers on request"). */
export const PHOTOGRAPHER_PROFESSION = "photographer";

export const JOB_STATUSES = [
  "available",
  "quote_requested",
  "assigned",
  "in_progress",
  "completion_requested",
  "completed",
  "cancelled",
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  available: "available",
  quote_requested: "quote requested",
  assigned: "assigned",
  in_progress: "in progress",
  completion_requested: "completion requested",
  completed: "completed",
  cancelled: "cancelled",
};
/** Statuses in which a job takes bids. */
export const OPEN_STATUSES: readonly JobStatus[] = ["available", "quote_requested"];

export const PHOTO_STATUSES = ["not_requested", "requested", "scheduled", "delivered"] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

export const PROPERTY_TYPES = [
  { value: "single_family", label: "Single family home" },
  { value: "condo", label: "Condo" },
  { value: "townhouse", label: "Townhouse" },
  { value: "apartment", label: "Apartment" },
  { value: "commercial", label: "Commercial" },
  { value: "vacant_land", label: "Vacant land" },
  { value: "other", label: "Other" },
] as const;
export const QUOTE_PROPERTY_TYPES = [
  { value: "residential_single_family", label: "Residential - Single family" },
  { value: "residential_townhome", label: "Residential - Townhome" },
  { value: "residential_condo", label: "Residential - Condo" },
  { value: "residential_multi_unit", label: "Residential - Multi-unit" },
  { value: "commercial_office", label: "Commercial - Office" },
  { value: "commercial_retail", label: "Commercial - Retail" },
  { value: "commercial_warehouse", label: "Commercial - Warehouse" },
] as const;

export const URGENCIES = [
  { value: "low", label: "Low (flexible)", rank: 1 },
  { value: "medium", label: "Medium (within a few weeks)", rank: 2 },
  { value: "high", label: "High (within a week)", rank: 3 },
  { value: "urgent", label: "Urgent (ASAP)", rank: 4 },
] as const;
export const QUOTE_URGENCIES = [
  { value: "urgent", label: "Urgent (within 1 week)", rank: 4 },
  { value: "medium", label: "Medium (within 1 month)", rank: 2 },
  { value: "flexible", label: "Flexible (next few months)", rank: 1 },
] as const;
const urgencyRanks: Record<string, number> = { low: 1, flexible: 1, medium: 2, standard: 2, high: 3, urgent: 4 };
export function urgencyRank(urgency: string): number {
  return urgencyRanks[urgency] ?? 2;
}
export function urgencyLabel(urgency: string): string {
  return (
    { low: "Low", flexible: "Flexible", medium: "Medium", standard: "Standard", high: "High", urgent: "Urgent" }[
      urgency
    ] ?? urgency
  );
}

export const BUDGET_RANGES = [
  "$500-1500",
  "$1500-5000",
  "$5000-15000",
  "$15000-25000",
  "$25000-50000",
  "$50000+",
] as const;

/** The largest dollar amount in a free-text budget ("$5,000-15,000" -> 15000), for sorting; undefined for "TBD". */
export function budgetMaxOf(budget: string | undefined): number | undefined {
  if (!budget) return undefined;
  const amounts = [...budget.replace(/,/g, "").matchAll(/(\d+(?:\.\d+)?)\s*(k)?/gi)].map(
    (m) => Number(m[1]) * (m[2] ? 1000 : 1),
  );
  return amounts.length ? Math.max(...amounts) : undefined;
}

export const JOB_SORTS = [
  { value: "recent", label: "Most recent" },
  { value: "budget", label: "Highest budget" },
  { value: "location", label: "Nearest" },
  { value: "urgency", label: "Most urgent" },
] as const;
export type JobSort = (typeof JOB_SORTS)[number]["value"];

export const JOB_LIMITS = {
  title: 120,
  description: 5000,
  location: 120,
  budget: 60,
  timeline: 120,
  requirements: 2000,
  bidMessage: 2000,
  duration: 60,
  contactInfo: 120,
  /** Bids: a price of at most $10M; anything above is a typo. */
  maxPrice: 10_000_000,
} as const;

/** Max distance a professional may set as preferredRadius, and the default (spec §9: 25). */
export const MAX_RADIUS_MILES = 100;
export const DEFAULT_RADIUS_MILES = 25;
/** Customer dashboard "Nearby Pros": within this many miles. */
export const NEARBY_PROS_MILES = 25;
/** Professional dashboard shows this many available jobs (spec §9). */
export const DASHBOARD_JOBS = 5;

export const JobMessages = {
  /** A job whose owner was banned: out of the lists, no bids (issue 29). */
  jobGone: "This job is no longer available.",
  titleRequired: "Title is required",
  descriptionMin: "Description must be at least 10 characters",
  categoryRequired: "Category is required",
  propertyTypeRequired: "Property type is required",
  locationRequired: "Location is required",
  zipInvalid: "Please enter a valid 5-digit ZIP code",
  zipUnknown: "We couldn't find that ZIP code. Please check it and try again.",
  tooLong: (field: string, max: number) => `${field} must be ${max} characters or fewer`,
  postedTitle: "Success",
  posted: "Your project has been posted successfully!",
  postFailedTitle: "Error",
  postFailed: "Failed to post project. Please try again.",
  postFailedInline: "Failed to post project. Please check your information and try again.",
  loadFailedTitle: "Unable to Load Jobs",
  loadFailed: "There was an error loading available jobs. Please try again.",
  empty: "No jobs found",
  noProjects: "No projects yet",
  // Quote request (spec §5 "Quote request").
  quoteTitleRequired: "Project title is required",
  quoteDescriptionMin: "Please provide a detailed description (minimum 10 characters)",
  quoteCategoryRequired: "Please select a service category",
  quotePropertyTypeRequired: "Please select property type",
  cityRequired: "City is required",
  stateRequired: "State is required",
  zipRequired: "ZIP code is required",
  budgetRequired: "Please select a budget range",
  urgencyRequired: "Please select project urgency",
  quoteSubmittedTitle: "Quote Request Submitted!",
  quoteFailed: "Failed to submit quote request",
  quoteFailedTitle: "Submission Failed",
  quoteFailedFallback: "Please check your information and try again.",
  // Bids and the job's life.
  priceRequired: "Please enter your price",
  priceInvalid: "Please enter a price between $1 and $10,000,000",
  priceRange: "The highest price must not be below the lowest",
  bidMessageRequired: "Please add a short message to the owner",
  startRequired: "Please choose your earliest start date",
  startInPast: "The earliest start date can't be in the past",
  durationRequired: "Please estimate how long the work will take",
  onlyProfessionalsBid: "Only professionals can bid on jobs.",
  ownJob: "You can't bid on your own job.",
  jobNotOpen: "This job is no longer taking bids.",
  alreadyBid: "You already have a bid on this job. Edit it instead.",
  bidNotActive: "This bid can no longer be changed.",
  onlyOwner: "Only the job's owner can do that.",
  onlyContractor: "Only the professional hired for this job can do that.",
  onlyPhotographer: "Only photographers can take photo requests.",
  hiredNotPhotographer: "You're hired for this job: another photographer documents the work for the owner.",
  photographerNotHired: "This professional is booked as the job's photographer. Release them from the photos before hiring them for the work.",
  onlyBookedPhotographer: "Only the booked photographer can do that.",
  photoRequestClosed: "This photo request is no longer open.",
  photosAlreadyDelivered: "The photos were already delivered.",
  onlyOwnerOrPhotographer: "Only the job's owner or its booked photographer can do that.",
  photographerNotBooked: "No photographer is booked for this job.",
  illegalTransition: (from: string, action: string) => `A job that is ${from.replace(/_/g, " ")} can't be ${action}.`,
  jobNotFound: "Job not found",
  someProfessional: "A professional",
  placeUnknown: (text: string) =>
    `We couldn't find "${text}". Enter a city and state (for example "Austin, TX") or a ZIP code.`,
  placeAmbiguous: (city: string, states: readonly string[]) =>
    `There is a ${city} in ${states.length} states (${states.slice(0, 6).join(", ")}${states.length > 6 ? ", ..." : ""}). Add the state, for example "${city}, ${states[0]}", or a ZIP code.`,
  systemOnly: "That change happens on its own; it can't be made by hand.",
  alreadyMarkedDone: "This job is already marked done and waits for the owner's confirmation.",
  notMarkedDone: "The professional hasn't marked this job done yet.",
  invalidCursor: "Invalid cursor",
} as const;

/** "YYYY-MM-DD" of a day, in UTC. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Requirements are free text on create and a list when shown: one per line (or "; "). */
export function splitRequirements(text: string | undefined): string[] {
  return (text ?? "")
    .split(/\n|;/)
    .map((r) => r.replace(/^[-*•]\s*/, "").trim())
    .filter(Boolean);
}

/** Spec §9 posted-age labels: Today, Yesterday, N days ago under 7 days, else 'MMM d, yyyy'. */
export function postedAgeLabel(createdAt: number, now: number = Date.now()): string {
  const startOfDay = (ms: number) => {
    const d = new Date(ms);
    return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  };
  const days = Math.round((startOfDay(now) - startOfDay(createdAt)) / 86_400_000);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days < 7) return `${days} days ago`;
  return shortDateText(createdAt);
}

export function formatMoney(amount: number): string {
  return `$${amount.toLocaleString("en-US", { maximumFractionDigits: 0 })}`;
}
export function formatBidPrice(priceMin: number, priceMax?: number): string {
  return priceMax !== undefined && priceMax !== priceMin
    ? `${formatMoney(priceMin)} - ${formatMoney(priceMax)}`
    : formatMoney(priceMin);
}
