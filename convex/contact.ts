// The public contact form (spec §2 "Contact", §5, §7 POST /api/contact):
// validated with the form's own schema, rate-limited per sender email and per
// client address, stored for the support team and emailed to the support inbox.
import { v } from "convex/values";
import { contactSchema } from "../common/contact";
import { DEFAULT_SUPPORT_EMAIL } from "../common/support";
import { normalizeEmail } from "../common/auth";
import { env } from "./_generated/server";
import { sendEmail } from "./emails/send";
import { contactMessageEmail } from "./emails/templates";
import { mutation } from "./functions";
import { parseOrThrow, rateLimited } from "./model/errors";
import { hit } from "./model/rateLimit";

export function supportEmail(): string {
  return env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL;
}

export const send = mutation({
  args: { name: v.string(), email: v.string(), subject: v.string(), message: v.string() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const values = parseOrThrow(contactSchema, args);

    const userId = ctx.viewer?._id;
    // Request metadata is missing when called from another function (scheduler, tests without it).
    const ip = (await ctx.meta.getRequestMetadata().catch(() => null))?.ip ?? null;
    // Per client address and per sender email (contactPerIp, contactPerEmail: model/rateLimit.ts).
    const retryAt =
      (ip ? await hit(ctx, "contactPerIp", ip, userId) : null) ??
      (await hit(ctx, "contactPerEmail", normalizeEmail(values.email), userId));
    if (retryAt !== null) {
      // The throw also rolls back this call's counts: only messages that went through are counted
      // (the securityLogs row was written by the message that used the allowance up).
      rateLimited(retryAt);
    }

    await ctx.db.insert("contactMessages", {
      name: values.name,
      email: values.email,
      subject: values.subject,
      message: values.message,
      status: "new",
      ...(userId ? { userId } : {}),
    });
    await sendEmail(ctx, {
      to: supportEmail(),
      ...contactMessageEmail({ ...values, userId }),
      kind: "contact_message",
    });
    return null;
  },
});
