// The daily email digest (crons.ts): one email per user with every notification
// that waited for it, then the flags are cleared. Works in bounded batches and
// schedules itself again until nothing is pending.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { digestEmail } from "./emails/templates";
import { internalMutation } from "./functions";
import { siteUrl } from "./model/tokens";

const USERS_PER_RUN = 50;
const ITEMS_PER_EMAIL = 50;

export const send = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    let users = 0;
    while (users < USERS_PER_RUN) {
      const next = await ctx.db
        .query("notifications")
        .withIndex("by_digestPending_and_userId", (q) => q.eq("digestPending", true))
        .first();
      if (next === null) return users;
      const pending = await ctx.db
        .query("notifications")
        .withIndex("by_digestPending_and_userId", (q) => q.eq("digestPending", true).eq("userId", next.userId))
        .take(500);
      for (const row of pending) await ctx.db.patch(row._id, { digestPending: undefined });
      const user = await ctx.db.get(next.userId);
      // Read ones need no reminder.
      const unread = pending.filter((row) => !row.read);
      if (user?.email && unread.length > 0) {
        const items = unread.slice(0, ITEMS_PER_EMAIL).map((row) => ({ title: row.title, content: row.content }));
        await ctx.scheduler.runAfter(0, internal.emails.send.deliver, {
          to: user.email,
          ...digestEmail(user.firstName, items, `${siteUrl()}/notifications`),
          kind: "notification_digest",
        });
      }
      users += 1;
    }
    await ctx.scheduler.runAfter(0, internal.notificationDigest.send, {});
    return users;
  },
});
