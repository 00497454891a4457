// Credentials and the Verified badge (issue 16). A credential moves through one transitions
// table; every change recomputes the member's `verified` in the same transaction
// (recomputeVerified), so the badge, the directory's Verified-only filter and sort, and quote
// routing's boost (serviceAreas.verified) appear and lapse together, live.
//
// Verified = at least one approved, unexpired licence or insurance.
import {
  CREDENTIAL_FILE_TYPES,
  CREDENTIAL_MAX_BYTES,
  CredentialCopy,
  DAY_MS,
  EXPEDITED_REVIEW_MS,
  KIND_LABELS,
  MAX_CREDENTIALS,
  REMINDER_DAYS,
  VERIFYING_KINDS,
  fullDate,
  expiryInstant,
  hasExpeditedReview,
  type CredentialState,
  type CredentialValues,
} from "../../common/credentials";
import { v } from "convex/values";
import type { AppErrorData } from "../../common/errors";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { backgroundCheckProvider } from "./backgroundChecks";
import { fail, forbidden, invalid, notFound } from "./errors";
import { attachFile, claimFile } from "./files";
import { notify } from "./notifications";
import { syncUserLocation } from "./professionals";
import type { TransitionRule } from "./transitions";
import { ErrorCode } from "../../common/errors";

export type Credential = Doc<"credentials">;

export const credentialKind = v.union(v.literal("licence"), v.literal("insurance"), v.literal("background_check"));
const maybe = v.union(v.string(), v.null());

/** What the owner's list and the admin queue show of a credential: its kind and details (absent ones null). */
export const credentialFieldsValidator = {
  kind: credentialKind,
  label: v.string(),
  trade: maybe,
  number: maybe,
  issuingState: maybe,
  carrier: maybe,
  policyNumber: maybe,
  coverage: maybe,
  expiresOn: maybe,
};

export function credentialFields(c: Credential) {
  return {
    kind: c.kind,
    label: KIND_LABELS[c.kind],
    trade: c.trade ?? null,
    number: c.number ?? null,
    issuingState: c.issuingState ?? null,
    carrier: c.carrier ?? null,
    policyNumber: c.policyNumber ?? null,
    coverage: c.coverage ?? null,
    expiresOn: c.expiresOn ?? null,
  };
}
type Actor = "owner" | "reviewer" | "system";

/** Every legal move (STYLE rule 8); anything else is refused with a clear message. */
export const CREDENTIAL_TRANSITIONS = {
  approve: { from: ["submitted"], to: "approved", by: "reviewer", verb: "approved" },
  reject: { from: ["submitted"], to: "rejected", by: "reviewer", verb: "rejected" },
  // A pending one whose date passes expires too: an out-of-date document is never approved.
  expire: { from: ["submitted", "approved"], to: "expired", by: "system", verb: "expired" },
  resubmit: { from: ["rejected", "expired"], to: "submitted", by: "owner", verb: "re-submitted" },
} as const satisfies Record<string, TransitionRule<CredentialState, Actor>>;
export type CredentialTransition = keyof typeof CREDENTIAL_TRANSITIONS;

export function canTransition(credential: Credential, name: CredentialTransition): boolean {
  return (CREDENTIAL_TRANSITIONS[name].from as readonly CredentialState[]).includes(credential.state);
}

function assertTransition(credential: Credential, name: CredentialTransition): void {
  if (!canTransition(credential, name)) {
    const label = KIND_LABELS[credential.kind].toLowerCase();
    fail(
      ErrorCode.INVALID_INPUT,
      `A ${label} that is ${credential.state} can't be ${CREDENTIAL_TRANSITIONS[name].verb}.`,
    );
  }
}

/** Earns the badge now: an approved licence or insurance whose expiry has not passed. */
export function isVerifying(credential: Credential, now: number): boolean {
  return (
    credential.state === "approved" &&
    VERIFYING_KINDS.includes(credential.kind) &&
    credential.expiresAt !== undefined &&
    credential.expiresAt > now
  );
}

/** A member's approved credentials (bounded: a member holds at most MAX_CREDENTIALS). */
export async function approvedOf(ctx: QueryCtx, userId: Id<"users">): Promise<Credential[]> {
  return await ctx.db
    .query("credentials")
    .withIndex("by_userId_and_state", (q) => q.eq("userId", userId).eq("state", "approved"))
    .take(MAX_CREDENTIALS);
}

/**
 * The one place `users.verified` is written. Called in the transaction of every credential change
 * (approve, reject, expire, re-submit, delete); keeps the routing rows (serviceAreas.verified) in step.
 */
export async function recomputeVerified(ctx: MutationCtx, userId: Id<"users">): Promise<boolean> {
  const user = await ctx.db.get("users", userId);
  if (user === null) return false;
  const now = Date.now();
  const verified = (await approvedOf(ctx, userId)).some((c) => isVerifying(c, now));
  if ((user.verified ?? false) !== verified) {
    await ctx.db.patch("users", userId, { verified });
    await syncUserLocation(ctx, userId);
  }
  return verified;
}

export async function credentialOrThrow(ctx: QueryCtx, credentialId: Id<"credentials">): Promise<Credential> {
  const credential = await ctx.db.get("credentials", credentialId);
  if (credential === null) notFound(CredentialCopy.notFound);
  return credential;
}

export function assertOwner(viewer: Doc<"users">, credential: Credential): void {
  if (credential.userId !== viewer._id) forbidden(CredentialCopy.notYours);
}

/** Owner or admin: who may see a credential's document. */
export function canSeeDocument(viewer: Doc<"users">, credential: Credential): boolean {
  return credential.userId === viewer._id || viewer.role === "admin";
}

/** The queue position: submittedAt, counted a day earlier for Pro+ and Enterprise. */
export function queueAtFor(user: Doc<"users">, submittedAt: number): number {
  return submittedAt - (hasExpeditedReview(user.subscriptionTier) ? EXPEDITED_REVIEW_MS : 0);
}

export function isExpedited(credential: Credential): boolean {
  return credential.queueAt < credential.submittedAt;
}

async function tell(ctx: MutationCtx, credential: Credential, title: string, content: string): Promise<void> {
  await notify(ctx, {
    userId: credential.userId,
    type: "system",
    title,
    content,
    actionUrl: "/settings#credentials",
    entityType: "credential",
    entityId: credential._id,
  });
}

/** An approved credential's expiry and its reminder, on the scheduler (the hourly sweep catches a missed one). */
async function scheduleExpiry(ctx: MutationCtx, credential: Credential): Promise<void> {
  if (credential.expiresAt === undefined) return;
  const now = Date.now();
  await ctx.scheduler.runAt(Math.max(now, credential.expiresAt), internal.credentials.expireOne, {
    credentialId: credential._id,
  });
  const remindAt = credential.expiresAt - REMINDER_DAYS * DAY_MS;
  await ctx.scheduler.runAt(Math.max(now, remindAt), internal.credentials.remindOne, { credentialId: credential._id });
}

export async function approve(ctx: MutationCtx, credential: Credential, reviewerId: Id<"users">): Promise<Credential> {
  assertTransition(credential, "approve");
  if (credential.expiresAt !== undefined && credential.expiresAt <= Date.now()) {
    fail(ErrorCode.INVALID_INPUT, "This credential's expiry date has passed: it can't be approved.");
  }
  await ctx.db.patch("credentials", credential._id, {
    state: "approved",
    reviewerId,
    reviewedAt: Date.now(),
    rejectionReason: undefined,
    reminded: false,
  });
  const approved = (await ctx.db.get("credentials", credential._id))!;
  await recomputeVerified(ctx, credential.userId);
  await scheduleExpiry(ctx, approved);
  const label = KIND_LABELS[credential.kind];
  await tell(ctx, approved, CredentialCopy.approvedTitle, CredentialCopy.approvedContent(label));
  return approved;
}

export async function reject(
  ctx: MutationCtx,
  credential: Credential,
  reviewerId: Id<"users">,
  reason: string,
): Promise<Credential> {
  assertTransition(credential, "reject");
  await ctx.db.patch("credentials", credential._id, {
    state: "rejected",
    reviewerId,
    reviewedAt: Date.now(),
    rejectionReason: reason,
  });
  const rejected = (await ctx.db.get("credentials", credential._id))!;
  await recomputeVerified(ctx, credential.userId);
  await tell(
    ctx,
    rejected,
    CredentialCopy.rejectedTitle,
    CredentialCopy.rejectedContent(KIND_LABELS[credential.kind], reason),
  );
  return rejected;
}

/** At the expiry date (scheduler or sweep); a credential renewed or already expired is left alone. */
export async function expireIfDue(ctx: MutationCtx, credential: Credential): Promise<boolean> {
  if (!canTransition(credential, "expire")) return false;
  if (credential.expiresAt === undefined || credential.expiresAt > Date.now()) return false;
  const wasApproved = credential.state === "approved";
  await ctx.db.patch("credentials", credential._id, { state: "expired" });
  await recomputeVerified(ctx, credential.userId);
  if (wasApproved) {
    await tell(
      ctx,
      credential,
      CredentialCopy.expiredTitle,
      CredentialCopy.expiredContent(KIND_LABELS[credential.kind]),
    );
  }
  return true;
}

/** The 30-day reminder, once per approval. */
export async function remindIfDue(ctx: MutationCtx, credential: Credential): Promise<boolean> {
  if (credential.state !== "approved" || credential.reminded || credential.expiresAt === undefined) return false;
  const now = Date.now();
  if (credential.expiresAt - REMINDER_DAYS * DAY_MS > now || credential.expiresAt <= now) return false;
  await ctx.db.patch("credentials", credential._id, { reminded: true });
  const label = KIND_LABELS[credential.kind];
  await tell(
    ctx,
    credential,
    CredentialCopy.reminderTitle,
    CredentialCopy.reminderContent(label, fullDate(credential.expiresAt - 1)),
  );
  return true;
}

/** Back to the queue with new details and document (the old document is released by the caller). */
export async function resubmit(
  ctx: MutationCtx,
  credential: Credential,
  user: Doc<"users">,
  fields: Partial<Credential> & { documentId: Id<"_storage"> },
): Promise<void> {
  assertTransition(credential, "resubmit");
  const now = Date.now();
  await ctx.db.replace("credentials", credential._id, {
    userId: credential.userId,
    kind: credential.kind,
    ...fields,
    state: "submitted",
    submittedAt: now,
    queueAt: queueAtFor(user, now),
    reminded: false,
  });
  await recomputeVerified(ctx, credential.userId);
}

/** The owner deletes a credential: the badge is recomputed in the same transaction. */
export async function deleteCredential(ctx: MutationCtx, credential: Credential): Promise<void> {
  await ctx.db.delete("credentials", credential._id);
  await recomputeVerified(ctx, credential.userId);
}

/** The stored fields of parsed values: only those of the kind, expiry as an instant too. */
export function detailsOf(values: CredentialValues) {
  switch (values.kind) {
    case "licence":
      return {
        trade: values.trade,
        number: values.number,
        issuingState: values.issuingState,
        expiresOn: values.expiresOn,
        expiresAt: expiryInstant(values.expiresOn),
      };
    case "insurance":
      return {
        carrier: values.carrier,
        policyNumber: values.policyNumber,
        coverage: values.coverage,
        expiresOn: values.expiresOn,
        expiresAt: expiryInstant(values.expiresOn),
      };
    case "background_check":
      return { consent: true };
  }
}

/** Checks and takes the uploaded document (PDF or image, at most 10 MB, the member's own unused upload). */
export function claimDocument(ctx: MutationCtx, viewer: Doc<"users">, documentId: Id<"_storage">) {
  return claimFile(ctx, viewer, documentId, {
    purpose: "credential",
    maxBytes: CREDENTIAL_MAX_BYTES,
    types: CREDENTIAL_FILE_TYPES,
    messages: { type: CredentialCopy.documentType, size: CredentialCopy.documentTooLarge },
  });
}

/**
 * A professional submits a credential with its uploaded document (the public mutation and the demo
 * seed). A refused document is deleted and the refusal returned (model/files.ts), not thrown.
 */
export async function submitCredential(
  ctx: MutationCtx,
  viewer: Doc<"users">,
  values: CredentialValues,
  documentId: Id<"_storage">,
): Promise<{ credentialId: Id<"credentials"> } | { refused: AppErrorData }> {
  if (viewer.userType !== "professional") forbidden(CredentialCopy.professionalsOnly);
  const held = await ctx.db
    .query("credentials")
    .withIndex("by_userId", (q) => q.eq("userId", viewer._id))
    .take(MAX_CREDENTIALS);
  if (held.length >= MAX_CREDENTIALS) invalid(CredentialCopy.tooMany);
  const claim = await claimDocument(ctx, viewer, documentId);
  if (!claim.ok) return { refused: claim.error };
  const now = Date.now();
  const credentialId = await ctx.db.insert("credentials", {
    userId: viewer._id,
    kind: values.kind,
    state: "submitted",
    ...detailsOf(values),
    documentId,
    submittedAt: now,
    queueAt: queueAtFor(viewer, now),
    reminded: false,
  });
  await attachFile(ctx, claim.fileId, credentialId);
  if (values.kind === "background_check") {
    await backgroundCheckProvider().start(ctx, (await ctx.db.get("credentials", credentialId))!);
  }
  return { credentialId };
}
