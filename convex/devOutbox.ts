// The local email outbox (EMAIL_TRANSPORT=outbox): what the stand-in for Resend (emails/standIn.ts) was asked to send,
// reset links included. No client function reads it: the local /dev/outbox
// page fetches GET <site>/dev/outbox, which answers only on a local
// deployment (model/deployment.ts), and tools read `list` with the admin key.
import { v } from "convex/values";
import { internalQuery, query } from "./functions";
import { isOutboxReadable } from "./model/deployment";

const messageValidator = v.object({
  _id: v.id("emailOutbox"),
  _creationTime: v.number(),
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  html: v.string(),
  kind: v.string(),
});

export const list = internalQuery({
  args: {},
  returns: v.object({ enabled: v.boolean(), messages: v.array(messageValidator) }),
  handler: async (ctx) => {
    // Never readable on a deployment that really sends mail.
    if (process.env.EMAIL_TRANSPORT !== "outbox") return { enabled: false, messages: [] };
    const rows = await ctx.db.query("emailOutbox").order("desc").take(50);
    const messages = rows.map(({ _id, _creationTime, to, subject, text, html, kind }) => ({ _id, _creationTime, to, subject, text, html, kind }));
    return { enabled: true, messages };
  },
});

/** Where the page reads the outbox: a URL only on a local deployment with the outbox on, else null. */
export const location = query({
  args: {},
  returns: v.union(v.null(), v.string()),
  handler: async () => {
    const site = process.env.CONVEX_SITE_URL;
    return isOutboxReadable() && site ? `${site.replace(/\/$/, "")}/dev/outbox` : null;
  },
});
