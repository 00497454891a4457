// The one way notifications are created, read and removed: the row and the
// recipient's unread counter change together, in the transaction of the event
// that causes them, and only here. The recipient's email preference for the
// kind decides: an email now, a line in the daily digest, or nothing.
import { preferenceKindOf, preferencesOf } from "../../common/notifications";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { sendEmail } from "../emails/send";
import { notificationEmail } from "../emails/templates";
import { adjustUserCounts } from "./counters";
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
  /** Collapsed likes (model/socialNotifications.ts): how many, and counted from when. */
  actorCount?: number;
  likesSince?: number;
}

export async function notify(ctx: MutationCtx, n: NewNotification): Promise<void> {
  // Nobody is told about their own action.
  if (n.actorId !== undefined && n.actorId === n.userId) return;
  const recipient = await ctx.db.get(n.userId);
  if (recipient === null) return;
  const mode = preferencesOf(recipient.notificationPreferences)[preferenceKindOf(n.type)];
  // Demo accounts made by the seed have no real inbox.
  const canEmail = Boolean(recipient.email) && !recipient.seeded;
  await ctx.db.insert("notifications", {
    ...n,
    read: false,
    ...(mode === "digest" && canEmail ? { digestPending: true } : {}),
  });
  await adjustUserCounts(ctx, n.userId, { unreadNotifications: 1 });
  if (mode === "email" && canEmail) {
    await sendEmail(ctx, {
      to: recipient.email!,
      ...notificationEmail(recipient.firstName, n.title, n.content, `${siteUrl()}${n.actionUrl ?? "/notifications"}`),
      kind: `notification_${n.type}`,
    });
  }
}

export async function notifyAll(ctx: MutationCtx, userIds: Iterable<Id<"users">>, n: Omit<NewNotification, "userId">) {
  for (const userId of new Set(userIds)) await notify(ctx, { ...n, userId });
}

/** The recipient's newest unread notification of `type` caused by `actorId`, or null: one index point, however many they have. */
export async function unreadFrom(
  ctx: QueryCtx,
  userId: Id<"users">,
  type: Doc<"notifications">["type"],
  actorId: Id<"users">,
): Promise<Doc<"notifications"> | null> {
  return await ctx.db
    .query("notifications")
    .withIndex("by_userId_and_type_and_actorId_and_read", (q) =>
      q.eq("userId", userId).eq("type", type).eq("actorId", actorId).eq("read", false),
    )
    .order("desc")
    .first();
}

/** Marks the given notifications read (already-read ones are left alone); returns how many changed. */
export async function markNotificationsRead(ctx: MutationCtx, rows: readonly Doc<"notifications">[]): Promise<number> {
  const byUser = new Map<Id<"users">, number>();
  for (const row of rows) {
    if (row.read) continue;
    await ctx.db.patch(row._id, { read: true });
    byUser.set(row.userId, (byUser.get(row.userId) ?? 0) + 1);
  }
  let changed = 0;
  for (const [userId, n] of byUser) {
    await adjustUserCounts(ctx, userId, { unreadNotifications: -n });
    changed += n;
  }
  return changed;
}

/** Deletes a notification; an unread one also leaves its owner's unread count. */
export async function removeNotification(ctx: MutationCtx, row: Doc<"notifications">): Promise<void> {
  await ctx.db.delete(row._id);
  if (!row.read) await adjustUserCounts(ctx, row.userId, { unreadNotifications: -1 });
}

/** Rows marked read per Mark All Read call; a member with more unread keeps the rest for the next call. */
const MARK_ALL_BATCH = 1000;

/** Mark All Read: the unread ones only, through the read index, in one bounded batch. Returns how many. */
export async function markAllNotificationsRead(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const unread = await ctx.db
    .query("notifications")
    .withIndex("by_userId_and_read", (q) => q.eq("userId", userId).eq("read", false))
    .take(MARK_ALL_BATCH);
  return await markNotificationsRead(ctx, unread);
}

/**
 * One bounded page of a member's notifications of several kinds, newest first: one index range
 * per kind, merged. The cursor is the creation time of the last row served (`before`: Infinity
 * for the first page).
 */
export async function notificationsOfTypes(
  ctx: QueryCtx,
  userId: Id<"users">,
  types: readonly Doc<"notifications">["type"][],
  before: number,
  numItems: number,
): Promise<{ page: Doc<"notifications">[]; isDone: boolean; continueCursor: string }> {
  const rows: Doc<"notifications">[] = [];
  for (const type of types) {
    rows.push(
      ...(await ctx.db
        .query("notifications")
        .withIndex("by_userId_and_type", (q) => q.eq("userId", userId).eq("type", type).lt("_creationTime", before))
        .order("desc")
        .take(numItems + 1)),
    );
  }
  rows.sort((a, b) => b._creationTime - a._creationTime);
  const page = rows.slice(0, numItems);
  return {
    page,
    isDone: rows.length <= numItems,
    continueCursor: page.length ? String(page[page.length - 1]!._creationTime) : String(before),
  };
}
