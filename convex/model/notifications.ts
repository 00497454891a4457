// The one way notifications are created: the row and the recipient's unread
// counter change in the same transaction as the event that causes them, and
// the recipient's email preference for the kind decides: an email now, a line
// in the daily digest, or nothing.
import { preferenceKindOf, preferencesOf } from "../../common/notifications";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { notificationEmail } from "../emails/templates";
import { siteUrl } from "./tokens";

export interface NewNotification {
  userId: Id<"users">;
  type: Doc<"notifications">["type"];
  title: string;
  content: string;
  actionUrl?: string;
  actorId?: Id<"users">;
  entityType?: string;
  entityId?: string;
}

export async function notify(ctx: MutationCtx, n: NewNotification): Promise<void> {
  // Nobody is told about their own action.
  if (n.actorId !== undefined && n.actorId === n.userId) return;
  const recipient = await ctx.db.get(n.userId);
  if (recipient === null) return;
  const mode = preferencesOf(recipient.notificationPreferences)[preferenceKindOf(n.type)];
  // Demo accounts made by the seed have no real inbox.
  const canEmail = Boolean(recipient.email) && !recipient.seeded;
  await ctx.db.insert("notifications", { ...n, read: false, ...(mode === "digest" && canEmail ? { digestPending: true } : {}) });
  await ctx.db.patch(n.userId, { unreadNotifications: (recipient.unreadNotifications ?? 0) + 1 });
  if (mode === "email" && canEmail) {
    await ctx.scheduler.runAfter(0, internal.emails.send.deliver, {
      to: recipient.email!,
      ...notificationEmail(recipient.firstName, n.title, n.content, `${siteUrl()}${n.actionUrl ?? "/notifications"}`),
      kind: `notification_${n.type}`,
    });
  }
}

export async function notifyAll(ctx: MutationCtx, userIds: Iterable<Id<"users">>, n: Omit<NewNotification, "userId">) {
  for (const userId of new Set(userIds)) await notify(ctx, { ...n, userId });
}
