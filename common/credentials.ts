// Credential verification (issue 16, spec §1): what a professional submits, the states a
// credential moves through, the words members and admins read, and the rules both sides share
// (the form's zod schemas are the server's validation of the same input).
import { z } from "zod";
import { isDocumentType, isImageType } from "./uploads";

export const CREDENTIAL_KINDS = ["licence", "insurance", "background_check"] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

export const CREDENTIAL_STATES = ["submitted", "approved", "rejected", "expired"] as const;
export type CredentialState = (typeof CREDENTIAL_STATES)[number];

/** The kinds that earn the Verified badge (a background check alone does not). */
export const VERIFYING_KINDS: readonly CredentialKind[] = ["licence", "insurance"];

export const KIND_LABELS: Record<CredentialKind, string> = {
  licence: "Licence",
  insurance: "Insurance",
  background_check: "Background check",
};

export const STATE_LABELS: Record<CredentialState, string> = {
  submitted: "Waiting for review",
  approved: "Approved",
  rejected: "Rejected",
  expired: "Expired",
};

/** Documents: a PDF or an image, at most 10 MB (checked on the server from the stored file). */
export const CREDENTIAL_MAX_BYTES = 10 * 1024 * 1024;
export const CREDENTIAL_FILE_TYPES = ["application/pdf", "image/"] as const;
/** A credential's reminder goes out this many days before it expires. */
export const REMINDER_DAYS = 30;
export const DAY_MS = 24 * 60 * 60_000;
/** A member holds at most this many credentials (any state). */
export const MAX_CREDENTIALS = 20;
export const REJECTION_REASON_MAX = 500;

/**
 * Pro+ (and Enterprise, which includes it) get review within one business day: in the queue their
 * submission counts as made one day earlier, so it comes before every other submission of the
 * last day but never before one that has waited longer than a day (oldest first otherwise).
 */
export const EXPEDITED_REVIEW_MS = DAY_MS;
export function hasExpeditedReview(tier: string | undefined): boolean {
  return tier === "pro_plus" || tier === "enterprise";
}

export const CredentialCopy = {
  tradeRequired: "Please enter the trade the licence is for",
  numberRequired: "Please enter the licence number",
  stateRequired: "Please choose the issuing state",
  carrierRequired: "Please enter the insurance carrier",
  policyRequired: "Please enter the policy number",
  coverageRequired: "Please enter the coverage",
  expiryRequired: "Please enter the expiry date",
  expiryPast: "The expiry date must be in the future",
  consentRequired: "Please consent to the background check",
  documentRequired: "Please attach the document (PDF or image, up to 10 MB)",
  documentType: "The document must be a PDF or an image.",
  documentTooLarge: "The document must be 10 MB or smaller.",
  tooMany: "You can hold at most 20 credentials. Please delete one you no longer need.",
  notFound: "This credential no longer exists.",
  notYours: "Only the professional who submitted it can change this credential.",
  ownCredential: "You can't review your own credential: another admin must.",
  professionalsOnly: "Only professionals can submit credentials.",
  reasonRequired: "Please give the reason the professional will see",
  reasonTooLong: "The reason must be 500 characters or fewer.",
  submitted: "Credential submitted: an admin will review it.",
  resubmitted: "Credential re-submitted: an admin will review it.",
  deleted: "Credential deleted",
  approved: "Credential approved",
  rejected: "Credential rejected",
  queueEmpty: "No credentials waiting for review",
  documentGone: "The document is no longer available.",
  approvedTitle: "Credential approved",
  approvedContent: (label: string) => `Your ${label.toLowerCase()} was checked and approved.`,
  rejectedTitle: "Credential not approved",
  rejectedContent: (label: string, reason: string) =>
    `Your ${label.toLowerCase()} was not approved: ${reason} You can re-submit it from Account settings.`,
  reminderTitle: "A credential expires soon",
  reminderContent: (label: string, until: string) =>
    `Your ${label.toLowerCase()} expires on ${until}. Re-submit a current document from Account settings to stay Verified.`,
  expiredTitle: "A credential expired",
  expiredContent: (label: string) =>
    `Your ${label.toLowerCase()} has expired. Re-submit a current document from Account settings.`,
} as const;

/** "Mar 2027" (UTC, so every reader sees the same month). */
export function monthYear(at: number): string {
  return new Date(at).toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
}

/** "Mar 31, 2027" (UTC). */
export function fullDate(at: number): string {
  return new Date(at).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

/** The About tab's line: "Licence checked, valid until Mar 2027" ("Background check passed" has no expiry). */
export function checkedLine(kind: CredentialKind, expiresAt: number | null): string {
  if (kind === "background_check") return "Background check passed";
  const what = kind === "licence" ? "Licence checked" : "Insurance checked";
  return expiresAt === null ? what : `${what}, valid until ${monthYear(expiresAt)}`;
}

/** A credential is valid through its expiry date (UTC): it expires at the end of that day. */
export function expiryInstant(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00.000Z`) + DAY_MS;
}

const text = (max: number, required: string) =>
  z.string().trim().min(1, required).max(max, `At most ${max} characters`);

const expiry = z
  .string()
  .trim()
  .min(1, CredentialCopy.expiryRequired)
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
    CredentialCopy.expiryRequired,
  )
  // Compared with now when parsed: the server parses again at submission.
  .refine((v) => expiryInstant(v) > Date.now(), CredentialCopy.expiryPast);

export const licenceSchema = z.object({
  kind: z.literal("licence"),
  trade: text(80, CredentialCopy.tradeRequired),
  number: text(60, CredentialCopy.numberRequired),
  issuingState: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => /^[A-Z]{2}$/.test(v), CredentialCopy.stateRequired),
  expiresOn: expiry,
});

export const insuranceSchema = z.object({
  kind: z.literal("insurance"),
  carrier: text(80, CredentialCopy.carrierRequired),
  policyNumber: text(60, CredentialCopy.policyRequired),
  /** As the policy states it, e.g. "$1,000,000 general liability". */
  coverage: text(120, CredentialCopy.coverageRequired),
  expiresOn: expiry,
});

export const backgroundCheckSchema = z.object({
  kind: z.literal("background_check"),
  consent: z.literal(true, { error: CredentialCopy.consentRequired }),
});

/** What a professional submits (without the document, which is uploaded and named separately). */
export const credentialSchema = z.discriminatedUnion("kind", [licenceSchema, insuranceSchema, backgroundCheckSchema]);
export type CredentialInput = z.input<typeof credentialSchema>;
export type CredentialValues = z.output<typeof credentialSchema>;

export const rejectSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, CredentialCopy.reasonRequired)
    .max(REJECTION_REASON_MAX, CredentialCopy.reasonTooLong),
});

/** The form's check of a chosen file (the server checks the stored file again). Returns the message, or null. */
export function credentialFileProblem(file: { type: string; size: number }): string | null {
  if (!isDocumentType(file.type) && !isImageType(file.type)) return CredentialCopy.documentType;
  return file.size > CREDENTIAL_MAX_BYTES ? CredentialCopy.documentTooLarge : null;
}

/**
 * Search visibility (issue 16, "a bounded, documented boost"): where Rafter chooses the order
 * (the directory's relevance and nearest-first lists, quote routing), a verified professional is
 * counted VERIFIED_BOOST_MILES nearer and moves up at most VERIFIED_BOOST_RANKS places in a
 * relevance list. It applies only among those who already match every filter (category, place,
 * radius, rating, availability), and never when the member picked a sort.
 */
export const VERIFIED_BOOST_MILES = 3;
export const VERIFIED_BOOST_RANKS = 3;

/** The form's values: every field of every kind (the chosen kind's are checked, by credentialSchema). */
export const credentialFormSchema = z
  .object({
    kind: z.enum(CREDENTIAL_KINDS),
    trade: z.string(),
    number: z.string(),
    issuingState: z.string(),
    carrier: z.string(),
    policyNumber: z.string(),
    coverage: z.string(),
    expiresOn: z.string(),
    consent: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const parsed = credentialSchema.safeParse(credentialFields(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: "custom", path: [...issue.path], message: issue.message });
  });
export type CredentialFormValues = z.infer<typeof credentialFormSchema>;

export const EMPTY_CREDENTIAL_FORM: CredentialFormValues = {
  kind: "licence",
  trade: "",
  number: "",
  issuingState: "",
  carrier: "",
  policyNumber: "",
  coverage: "",
  expiresOn: "",
  consent: false,
};

/** What is sent for the chosen kind (the other kinds' fields are left out). */
export interface CredentialFields {
  kind: CredentialKind;
  trade?: string;
  number?: string;
  issuingState?: string;
  carrier?: string;
  policyNumber?: string;
  coverage?: string;
  expiresOn?: string;
  consent?: boolean;
}

export function credentialFields(values: CredentialFormValues): CredentialFields {
  switch (values.kind) {
    case "licence":
      return {
        kind: "licence",
        trade: values.trade,
        number: values.number,
        issuingState: values.issuingState,
        expiresOn: values.expiresOn,
      };
    case "insurance":
      return {
        kind: "insurance",
        carrier: values.carrier,
        policyNumber: values.policyNumber,
        coverage: values.coverage,
        expiresOn: values.expiresOn,
      };
    case "background_check":
      return { kind: "background_check", consent: values.consent };
  }
}
