// Sends one email through EMAIL_TRANSPORT: "outbox" records it locally (the
// /dev/outbox page lists it), "resend" sends it with Resend.
import { v } from "convex/values";
import { Resend } from "resend";
import { internal } from "../_generated/api";
import { internalAction, internalMutation } from "../functions";

export const deliver = internalAction({
  args: { to: v.string(), subject: v.string(), text: v.string(), html: v.string(), kind: v.string() },
  handler: async (ctx, email) => {
    const transport = process.env.EMAIL_TRANSPORT;
    if (transport === "outbox") {
      await ctx.runMutation(internal.emails.send.recordInOutbox, email);
      return;
    }
    if (transport === "resend") {
      const apiKey = process.env.RESEND_API_KEY;
      const from = process.env.EMAIL_FROM;
      if (!apiKey || !from) throw new Error("EMAIL_TRANSPORT=resend needs RESEND_API_KEY and EMAIL_FROM");
      const { error } = await new Resend(apiKey).emails.send({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
      if (error) throw new Error(`Resend refused the ${email.kind} email: ${error.message}`);
      return;
    }
    // Refuse rather than guess: an unset transport must not silently drop mail.
    throw new Error(`EMAIL_TRANSPORT must be "outbox" or "resend" (got ${transport ?? "nothing"})`);
  },
});

export const recordInOutbox = internalMutation({
  args: { to: v.string(), subject: v.string(), text: v.string(), html: v.string(), kind: v.string() },
  handler: async (ctx, email) => {
    await ctx.db.insert("emailOutbox", email);
  },
});
