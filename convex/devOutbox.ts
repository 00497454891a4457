// The local email outbox (EMAIL_TRANSPORT=outbox only): what would have been sent.
import { v } from "convex/values";
import { query } from "./functions";

export const list = query({
  args: {},
  returns: v.object({
    enabled: v.boolean(),
    messages: v.array(
      v.object({
        _id: v.id("emailOutbox"),
        _creationTime: v.number(),
        to: v.string(),
        subject: v.string(),
        text: v.string(),
        html: v.string(),
        kind: v.string(),
      }),
    ),
  }),
  handler: async (ctx) => {
    // Never readable on a deployment that really sends mail.
    if (process.env.EMAIL_TRANSPORT !== "outbox") return { enabled: false, messages: [] };
    const messages = await ctx.db.query("emailOutbox").order("desc").take(50);
    return { enabled: true, messages };
  },
});
