// The one way notifications are created: the row and the recipient's unread
// counter change in the same transaction as the event that causes them.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

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
  await ctx.db.insert("notifications", { ...n, read: false });
  await ctx.db.patch(n.userId, { unreadNotifications: (recipient.unreadNotifications ?? 0) + 1 });
}

export async function notifyAll(ctx: MutationCtx, userIds: Iterable<Id<"users">>, n: Omit<NewNotification, "userId">) {
  for (const userId of new Set(userIds)) await notify(ctx, { ...n, userId });
}
