// The admin console's Verification tab (issue 16): the credential queue, oldest first with Pro+
// and Enterprise submissions counted a day earlier (review within one business day,
// common/credentials.ts EXPEDITED_REVIEW_MS), and the approve / reject decisions. Admins only
// (adminQuery/adminMutation); each decision is audited in its own transaction (model/audit.ts).
// The document opens through credentials:openDocument (owner or admin, a short-lived link).
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { CredentialCopy, KIND_LABELS, rejectSchema } from "../../common/credentials";
import { adminMutation, adminQuery } from "../functions";
import { recordAudit } from "../model/audit";
import {
  approve as approveCredential,
  credentialFields,
  credentialOrThrow,
  isExpedited,
  reject as rejectCredential,
} from "../model/credentials";
import { forbidden, parseOrThrow } from "../model/errors";
import { cappedPagination } from "../model/paging";
import { fullName } from "../model/users";

/** Credentials waiting for review, in queue order. */
export const queue = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("credentials")
      .withIndex("by_state_and_queueAt", (q) => q.eq("state", "submitted"))
      .order("asc")
      .paginate(cappedPagination(paginationOpts, 50));
    const page = await Promise.all(
      result.page.map(async (c) => {
        const member = await ctx.db.get("users", c.userId);
        const file = await ctx.db
          .query("files")
          .withIndex("by_storageId", (q) => q.eq("storageId", c.documentId))
          .unique();
        return {
          credentialId: c._id,
          ...credentialFields(c),
          consent: c.consent ?? false,
          submittedAt: c.submittedAt,
          expedited: isExpedited(c),
          documentType: file?.contentType ?? null,
          member: member && {
            id: member._id,
            name: fullName(member) || member.email || "Member",
            email: member.email ?? null,
            businessName: member.businessName ?? null,
            tier: member.subscriptionTier ?? "basic",
            verified: member.verified ?? false,
          },
        };
      }),
    );
    return { ...result, page };
  },
});

const snapshot = (c: { state: string; rejectionReason?: string }) => ({
  state: c.state,
  ...(c.rejectionReason !== undefined ? { rejectionReason: c.rejectionReason } : {}),
});

export const approve = adminMutation({
  args: { credentialId: v.id("credentials") },
  returns: v.null(),
  handler: async (ctx, { credentialId }) => {
    const credential = await credentialOrThrow(ctx, credentialId);
    // Nobody verifies themself: the badge would vouch for nothing.
    if (credential.userId === ctx.viewer._id) forbidden(CredentialCopy.ownCredential);
    const approved = await approveCredential(ctx, credential, ctx.viewer._id);
    await recordAudit(ctx, ctx.viewer._id, {
      action: "credential.approve",
      targetTable: "credentials",
      targetId: credentialId,
      before: snapshot(credential),
      after: snapshot(approved),
      note: `${KIND_LABELS[credential.kind]} of member ${credential.userId}`,
    });
    return null;
  },
});

export const reject = adminMutation({
  args: { credentialId: v.id("credentials"), reason: v.string() },
  returns: v.null(),
  handler: async (ctx, { credentialId, reason }) => {
    const { reason: why } = parseOrThrow(rejectSchema, { reason });
    const credential = await credentialOrThrow(ctx, credentialId);
    if (credential.userId === ctx.viewer._id) forbidden(CredentialCopy.ownCredential);
    const rejected = await rejectCredential(ctx, credential, ctx.viewer._id, why);
    await recordAudit(ctx, ctx.viewer._id, {
      action: "credential.reject",
      targetTable: "credentials",
      targetId: credentialId,
      before: snapshot(credential),
      after: snapshot(rejected),
      note: why,
    });
    return null;
  },
});
