// A professional's credentials (issue 16): submit, re-submit and delete from Account settings,
// the public "what was checked" lines of the About tab, the private document link, and the
// scheduler's expiry and 30-day reminder. Rules live in model/credentials.ts.
import { v } from "convex/values";
import {
  CredentialCopy,
  KIND_LABELS,
  MAX_CREDENTIALS,
  REMINDER_DAYS,
  DAY_MS,
  checkedLine,
  credentialSchema,
} from "../common/credentials";
import { internal } from "./_generated/api";
import { action, internalMutation, internalQuery, mutation, query } from "./functions";
import { backgroundCheckProvider } from "./model/backgroundChecks";
import {
  assertOwner,
  canSeeDocument,
  credentialOrThrow,
  credentialFields,
  credentialFieldsValidator,
  credentialKind,
  deleteCredential,
  expireIfDue,
  isVerifying,
  claimDocument,
  detailsOf,
  remindIfDue,
  resubmit as resubmitCredential,
  submitCredential,
} from "./model/credentials";
import { forbidden, invalid, notFound, notSignedIn, parseOrThrow, rateLimited } from "./model/errors";
import { hit } from "./model/rateLimit";
import { attachFile, refusalValidator, releaseFile } from "./model/files";
import { randomToken, sha256Hex } from "./model/tokens";

const kind = credentialKind;
const state = v.union(v.literal("submitted"), v.literal("approved"), v.literal("rejected"), v.literal("expired"));

/** The form's fields, as sent (checked by credentialSchema, the form's own schema). */
const detailArgs = {
  kind,
  trade: v.optional(v.string()),
  number: v.optional(v.string()),
  issuingState: v.optional(v.string()),
  carrier: v.optional(v.string()),
  policyNumber: v.optional(v.string()),
  coverage: v.optional(v.string()),
  expiresOn: v.optional(v.string()),
  consent: v.optional(v.boolean()),
};

const mineValidator = v.object({
  _id: v.id("credentials"),
  ...credentialFieldsValidator,
  state,
  rejectionReason: v.union(v.string(), v.null()),
  submittedAt: v.number(),
  reviewedAt: v.union(v.number(), v.null()),
  /** Counts toward Verified right now. */
  verifying: v.boolean(),
});

/** The viewer's own credentials, newest first, with their state and any rejection reason. */
export const mine = query({
  args: {},
  returns: v.array(mineValidator),
  handler: async (ctx) => {
    const viewer = ctx.viewer;
    if (viewer === null) return [];
    const rows = await ctx.db
      .query("credentials")
      .withIndex("by_userId", (q) => q.eq("userId", viewer._id))
      .order("desc")
      .take(MAX_CREDENTIALS);
    const now = Date.now();
    return rows.map((c) => ({
      _id: c._id,
      ...credentialFields(c),
      state: c.state,
      rejectionReason: c.rejectionReason ?? null,
      submittedAt: c.submittedAt,
      reviewedAt: c.reviewedAt ?? null,
      verifying: isVerifying(c, now),
    }));
  },
});

/**
 * The About tab: what was checked and until when ("Licence checked, valid until Mar 2027"), for
 * anyone who can see the profile. Kind and month only: never a number, a reviewer or the document.
 */
export const checked = query({
  args: { userId: v.string() },
  returns: v.array(v.object({ kind, line: v.string() })),
  handler: async (ctx, { userId }) => {
    const id = ctx.db.normalizeId("users", userId);
    if (id === null) return [];
    const user = await ctx.db.get("users", id);
    if (user === null || user.userType !== "professional" || user.bannedAt !== undefined) return [];
    const now = Date.now();
    const approved = await ctx.db
      .query("credentials")
      .withIndex("by_userId_and_state", (q) => q.eq("userId", id).eq("state", "approved"))
      .take(MAX_CREDENTIALS);
    return approved
      .filter((c) => c.kind === "background_check" || isVerifying(c, now))
      .sort((a, b) => a.kind.localeCompare(b.kind) || (b.expiresAt ?? 0) - (a.expiresAt ?? 0))
      .map((c) => ({ kind: c.kind, line: checkedLine(c.kind, c.expiresAt === undefined ? null : c.expiresAt - 1) }));
  },
});

/**
 * Submits a credential with its uploaded document (files:generateUploadUrl, purpose "credential").
 * Bad fields are thrown (nothing was claimed); a refused document is deleted and the refusal returned.
 */
export const submit = mutation({
  args: { ...detailArgs, documentId: v.id("_storage") },
  returns: v.union(v.object({ credentialId: v.id("credentials") }), refusalValidator),
  handler: async (ctx, { documentId, ...fields }) => {
    const viewer = ctx.viewerX();
    // Fields first: a bad form claims nothing, and the same upload can be sent again once fixed.
    const result = await submitCredential(ctx, viewer, parseOrThrow(credentialSchema, fields), documentId);
    return "refused" in result ? { refused: result.refused } : { credentialId: result.credentialId };
  },
});

/** Re-submits a rejected or expired credential with current details and a new document. */
export const resubmit = mutation({
  args: { credentialId: v.id("credentials"), ...detailArgs, documentId: v.id("_storage") },
  returns: v.union(v.null(), refusalValidator),
  handler: async (ctx, { credentialId, documentId, ...fields }) => {
    const viewer = ctx.viewerX();
    const credential = await credentialOrThrow(ctx, credentialId);
    assertOwner(viewer, credential);
    const values = parseOrThrow(credentialSchema, fields);
    if (values.kind !== credential.kind) invalid(`Re-submit it as a ${KIND_LABELS[credential.kind].toLowerCase()}.`);
    const claim = await claimDocument(ctx, viewer, documentId);
    if (!claim.ok) return { refused: claim.error };
    const previous = credential.documentId;
    await resubmitCredential(ctx, credential, viewer, { ...detailsOf(values), documentId });
    await attachFile(ctx, claim.fileId, credentialId);
    await releaseFile(ctx, viewer, previous);
    if (values.kind === "background_check") {
      await backgroundCheckProvider().start(ctx, (await ctx.db.get("credentials", credentialId))!);
    }
    return null;
  },
});

/** The owner deletes a credential and its document; Verified is recomputed in this transaction. */
export const remove = mutation({
  args: { credentialId: v.id("credentials") },
  returns: v.null(),
  handler: async (ctx, { credentialId }) => {
    const viewer = ctx.viewerX();
    const credential = await credentialOrThrow(ctx, credentialId);
    assertOwner(viewer, credential);
    await deleteCredential(ctx, credential);
    await releaseFile(ctx, viewer, credential.documentId);
    return null;
  },
});

// ---- The private document: a link that works for a few minutes, issued to the owner or an admin. ----

/** How long a document link works. */
export const DOCUMENT_LINK_MS = 5 * 60_000;

/** Who may open the document: the owner or an admin (null when neither, or it is gone). */
export const documentAccess = internalQuery({
  args: { viewerId: v.id("users"), credentialId: v.id("credentials") },
  returns: v.union(v.literal("ok"), v.literal("forbidden"), v.literal("missing")),
  handler: async (ctx, { viewerId, credentialId }) => {
    const viewer = await ctx.db.get("users", viewerId);
    const credential = await ctx.db.get("credentials", credentialId);
    if (viewer === null || credential === null) return "missing";
    return canSeeDocument(viewer, credential) ? "ok" : "forbidden";
  },
});

export const issueTicket = internalMutation({
  args: { tokenHash: v.string(), credentialId: v.id("credentials"), viewerId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, args) => {
    // Each link is a row until the hourly prune: bounded per viewer (documentLinks, model/rateLimit.ts).
    const retryAt = await hit(ctx, "documentLinks", args.viewerId, args.viewerId);
    if (retryAt !== null) rateLimited(retryAt);
    await ctx.db.insert("documentTickets", { ...args, expiresAt: Date.now() + DOCUMENT_LINK_MS });
    return null;
  },
});

/**
 * A link to the credential's document that works for DOCUMENT_LINK_MS, for its owner or an admin.
 * The token is random (an action: queries and mutations are deterministic); only its hash is kept.
 * The file is never given a public storage URL.
 */
export const openDocument = action({
  args: { credentialId: v.id("credentials") },
  returns: v.string(),
  handler: async (ctx, { credentialId }): Promise<string> => {
    if (ctx.viewerId === null) notSignedIn();
    const access = await ctx.runQuery(internal.credentials.documentAccess, { viewerId: ctx.viewerId, credentialId });
    if (access === "missing") notFound(CredentialCopy.notFound);
    if (access === "forbidden") forbidden();
    const token = randomToken();
    await ctx.runMutation(internal.credentials.issueTicket, {
      tokenHash: await sha256Hex(token),
      credentialId,
      viewerId: ctx.viewerId,
    });
    const site = (process.env.CONVEX_SITE_URL ?? "").replace(/\/$/, "");
    return `${site}/credential-document?t=${encodeURIComponent(token)}`;
  },
});

/** The document a live ticket opens (the HTTP route reads it), or null. */
export const ticketDocument = internalQuery({
  args: { tokenHash: v.string() },
  returns: v.union(v.null(), v.object({ storageId: v.id("_storage"), contentType: v.string() })),
  handler: async (ctx, { tokenHash }) => {
    const ticket = await ctx.db
      .query("documentTickets")
      .withIndex("by_tokenHash", (q) => q.eq("tokenHash", tokenHash))
      .unique();
    if (ticket === null || ticket.expiresAt <= Date.now()) return null;
    const credential = await ctx.db.get("credentials", ticket.credentialId);
    const viewer = await ctx.db.get("users", ticket.viewerId);
    // Checked again: an admin demoted or a credential deleted since the link was issued.
    if (credential === null || viewer === null || !canSeeDocument(viewer, credential)) return null;
    const file = await ctx.db
      .query("files")
      .withIndex("by_storageId", (q) => q.eq("storageId", credential.documentId))
      .unique();
    return { storageId: credential.documentId, contentType: file?.contentType ?? "application/octet-stream" };
  },
});

const SWEEP_BATCH = 200;

/** Deletes expired document tickets (hourly; bounded batches, each schedules the next). */
export const pruneTickets = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const rows = await ctx.db
      .query("documentTickets")
      .withIndex("by_expiresAt", (q) => q.lt("expiresAt", Date.now()))
      .take(SWEEP_BATCH);
    for (const row of rows) await ctx.db.delete("documentTickets", row._id);
    if (rows.length === SWEEP_BATCH) await ctx.scheduler.runAfter(0, internal.credentials.pruneTickets, {});
    return rows.length;
  },
});

// ---- Expiry and reminders: scheduled at approval (model/credentials.ts), swept hourly for a missed run. ----

export const expireOne = internalMutation({
  args: { credentialId: v.id("credentials") },
  returns: v.boolean(),
  handler: async (ctx, { credentialId }) => {
    const credential = await ctx.db.get("credentials", credentialId);
    return credential !== null && (await expireIfDue(ctx, credential));
  },
});

export const remindOne = internalMutation({
  args: { credentialId: v.id("credentials") },
  returns: v.boolean(),
  handler: async (ctx, { credentialId }) => {
    const credential = await ctx.db.get("credentials", credentialId);
    return credential !== null && (await remindIfDue(ctx, credential));
  },
});

/** Credentials past their expiry date (approved or still pending), in bounded batches through the expiry index. */
export const expireDue = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const now = Date.now();
    let expired = 0;
    let full = false;
    for (const s of ["approved", "submitted"] as const) {
      const rows = await ctx.db
        .query("credentials")
        .withIndex("by_state_and_expiresAt", (q) => q.eq("state", s).gt("expiresAt", 0).lte("expiresAt", now))
        .take(SWEEP_BATCH);
      for (const row of rows) if (await expireIfDue(ctx, row)) expired += 1;
      full ||= rows.length === SWEEP_BATCH;
    }
    if (full) await ctx.scheduler.runAfter(0, internal.credentials.expireDue, {});
    return expired;
  },
});

/** Approved credentials expiring within 30 days whose reminder has not gone out. */
export const remindDue = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const now = Date.now();
    const rows = await ctx.db
      .query("credentials")
      .withIndex("by_state_and_reminded_and_expiresAt", (q) =>
        q
          .eq("state", "approved")
          .eq("reminded", false)
          .gt("expiresAt", now)
          .lte("expiresAt", now + REMINDER_DAYS * DAY_MS),
      )
      .take(SWEEP_BATCH);
    let sent = 0;
    for (const row of rows) if (await remindIfDue(ctx, row)) sent += 1;
    if (rows.length === SWEEP_BATCH) await ctx.scheduler.runAfter(0, internal.credentials.remindDue, {});
    return sent;
  },
});
