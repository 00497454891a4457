// The job forms (spec §5 "Post Project form", "Quote request", bids): one zod schema per form,
// shared by the React forms and the Convex functions that receive the same input. The zod-free
// catalogue (categories, statuses, limits, messages) is ./jobCatalog.ts, re-exported here for the
// server's imports.
import { z } from "zod";
import { CONTACT_METHODS } from "./account";
import {
  BUDGET_RANGES,
  isoDay,
  JOB_LIMITS,
  JobMessages,
  PROJECT_CATEGORIES,
  PROPERTY_TYPES,
  QUOTE_CATEGORIES,
  QUOTE_PROPERTY_TYPES,
  QUOTE_URGENCIES,
} from "./jobCatalog";

export * from "./jobCatalog";

const text = (max: number, field: string) => z.string().trim().max(max, JobMessages.tooLong(field, max));
const optionalText = (max: number, field: string) =>
  text(max, field)
    .optional()
    .transform((v) => (v === "" ? undefined : v));
const zipCode = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, JobMessages.zipInvalid);

/** Post Project form (spec §5 "Post Project form"); ZIP code added so the job can be matched by distance. */
export const postJobSchema = z.object({
  title: text(JOB_LIMITS.title, "Title").min(1, JobMessages.titleRequired),
  description: text(JOB_LIMITS.description, "Description").min(10, JobMessages.descriptionMin),
  category: z.string().refine((v) => PROJECT_CATEGORIES.some((c) => c.value === v), JobMessages.categoryRequired),
  propertyType: z.string().refine((v) => PROPERTY_TYPES.some((p) => p.value === v), JobMessages.propertyTypeRequired),
  location: text(JOB_LIMITS.location, "Location").min(1, JobMessages.locationRequired),
  zipCode,
  urgency: z.enum(["low", "medium", "high", "urgent"]).default("medium"),
  budget: optionalText(JOB_LIMITS.budget, "Budget"),
  timeline: optionalText(JOB_LIMITS.timeline, "Timeline"),
  requirements: optionalText(JOB_LIMITS.requirements, "Requirements"),
  photoRequired: z.boolean().default(false),
});
export type PostJobInput = z.input<typeof postJobSchema>;
export type PostJobValues = z.output<typeof postJobSchema>;

/** Quote request form (spec §5 "Quote request"). */
export const quoteRequestSchema = z.object({
  title: text(JOB_LIMITS.title, "Project title").min(1, JobMessages.quoteTitleRequired),
  description: text(JOB_LIMITS.description, "Description").min(10, JobMessages.quoteDescriptionMin),
  category: z.string().refine((v) => QUOTE_CATEGORIES.some((c) => c.value === v), JobMessages.quoteCategoryRequired),
  propertyType: z
    .string()
    .refine((v) => QUOTE_PROPERTY_TYPES.some((p) => p.value === v), JobMessages.quotePropertyTypeRequired),
  city: text(60, "City").min(1, JobMessages.cityRequired),
  state: z
    .string()
    .trim()
    .min(2, JobMessages.stateRequired)
    .max(2, JobMessages.stateRequired)
    .transform((s) => s.toUpperCase()),
  zipCode: z.string().trim().min(5, JobMessages.zipRequired).max(10, JobMessages.zipInvalid).pipe(zipCode),
  budget: z.string().refine((v) => (BUDGET_RANGES as readonly string[]).includes(v), JobMessages.budgetRequired),
  urgency: z.string().refine((v) => QUOTE_URGENCIES.some((u) => u.value === v), JobMessages.urgencyRequired),
  contactMethod: z
    .union([z.enum(CONTACT_METHODS), z.literal("")])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  contactInfo: optionalText(JOB_LIMITS.contactInfo, "Contact info"),
  photoRequired: z.boolean().default(false),
});
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequestValues = z.output<typeof quoteRequestSchema>;

/** A bid (price or range, message, earliest start, estimated duration). */
export const bidSchema = z
  .object({
    priceMin: z
      .number({ message: JobMessages.priceRequired })
      .min(1, JobMessages.priceInvalid)
      .max(JOB_LIMITS.maxPrice, JobMessages.priceInvalid),
    priceMax: z.number().min(1, JobMessages.priceInvalid).max(JOB_LIMITS.maxPrice, JobMessages.priceInvalid).optional(),
    message: text(JOB_LIMITS.bidMessage, "Message").min(1, JobMessages.bidMessageRequired),
    earliestStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, JobMessages.startRequired),
    estimatedDuration: text(JOB_LIMITS.duration, "Estimated duration").min(1, JobMessages.durationRequired),
  })
  .refine((b) => b.priceMax === undefined || b.priceMax >= b.priceMin, {
    message: JobMessages.priceRange,
    path: ["priceMax"],
  })
  // A day behind UTC's today is still today somewhere in the US.
  .refine((b) => b.earliestStart >= isoDay(Date.now() - 24 * 60 * 60 * 1000), {
    message: JobMessages.startInPast,
    path: ["earliestStart"],
  });
export type BidInput = z.input<typeof bidSchema>;
