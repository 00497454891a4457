// Direct messages: a conversation has one row per side (schema: conversations)
// holding the last message and that side's unread count. Writing a message,
// reading a thread and the typing indicator change those rows and the users'
// counters here, in the caller's transaction, and nowhere else.
import { TYPING_TTL_MS } from "../../common/messages";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { adjustUserCounts } from "./counters";
import { markNotificationsRead, notify, removeNotification, unreadFrom } from "./notifications";
import { displayName } from "./users";

/** The key of the thread between two users: their ids, sorted and joined by "|". */
export function conversationKey(a: Id<"users">, b: Id<"users">): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** `userId`'s side of the conversation with `otherUserId`, or null before their first message. */
export async function sideOf(ctx: QueryCtx, userId: Id<"users">, otherUserId: Id<"users">) {
  return await ctx.db
    .query("conversations")
    .withIndex("by_userId_and_otherUserId", (q) => q.eq("userId", userId).eq("otherUserId", otherUserId))
    .unique();
}

/** The longest last-message preview kept on a conversation row. */
const PREVIEW_LENGTH = 140;

/**
 * Stores a message and moves both sides' conversation rows, the receiver's unread counters and the
 * sender's read state, all in the caller's transaction (the only way a message is written).
 */
export async function deliverMessage(
  ctx: MutationCtx,
  sender: Doc<"users">,
  receiver: Doc<"users">,
  text: string,
  /** A team member writing for the business `sender` (model/teams.ts). */
  sentBy?: Id<"users">,
) {
  const key = conversationKey(sender._id, receiver._id);
  const now = Date.now();
  const messageId = await ctx.db.insert("messages", {
    conversationKey: key,
    senderId: sender._id,
    receiverId: receiver._id,
    content: text,
    read: false,
    ...(sentBy ? { sentBy } : {}),
  });
  const preview = text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
  const common = { key, lastMessage: preview, lastSenderId: sender._id, lastMessageAt: now };
  const mine = await sideOf(ctx, sender._id, receiver._id);
  // Sending is also reading: whatever the other side wrote before is seen now.
  if (mine) await ctx.db.patch(mine._id, { ...common, unread: 0, readAt: now });
  else
    await ctx.db.insert("conversations", { ...common, userId: sender._id, otherUserId: receiver._id, unread: 0, readAt: now });
  if (mine && mine.unread > 0) await adjustUserCounts(ctx, sender._id, { unreadMessages: -mine.unread });
  const theirs = await sideOf(ctx, receiver._id, sender._id);
  if (theirs) await ctx.db.patch(theirs._id, { ...common, unread: theirs.unread + 1 });
  else await ctx.db.insert("conversations", { ...common, userId: receiver._id, otherUserId: sender._id, unread: 1 });
  await adjustUserCounts(ctx, receiver._id, { unreadMessages: 1 });
  await clearTyping(ctx, key, sender._id);

  // One unread "new message" notification per sender: a newer message replaces it.
  const previous = await unreadFrom(ctx, receiver._id, "message", sender._id);
  if (previous) await removeNotification(ctx, previous);
  await notify(ctx, {
    userId: receiver._id,
    type: "message",
    title: `New message from ${displayName(sender)}`,
    content: preview,
    actionUrl: `/messages/${sender._id}`,
    actorId: sender._id,
    entityType: "user",
    entityId: sender._id,
  });
  return messageId;
}

/** Most messages read per markThreadRead call (the unread ones are the newest from the other side). */
const MAX_MARKED_PER_READ = 500;

/** `reader` opens the thread with `other`: their unread count goes to 0, the messages and the thread's notification are read. */
export async function markThreadRead(ctx: MutationCtx, reader: Id<"users">, other: Id<"users">): Promise<void> {
  const mine = await sideOf(ctx, reader, other);
  if (mine === null) return;
  if (mine.unread > 0) {
    const newest = await ctx.db
      .query("messages")
      .withIndex("by_conversationKey", (q) => q.eq("conversationKey", mine.key))
      .order("desc")
      .take(Math.min(mine.unread * 2 + 10, MAX_MARKED_PER_READ));
    for (const m of newest) if (m.senderId === other && !m.read) await ctx.db.patch(m._id, { read: true });
    await adjustUserCounts(ctx, reader, { unreadMessages: -mine.unread });
  }
  if (mine.unread > 0 || (mine.readAt ?? 0) < mine.lastMessageAt) await ctx.db.patch(mine._id, { unread: 0, readAt: Date.now() });
  // Reading the thread also reads its "new message" notification (one unread per sender, see deliverMessage).
  const pending = await unreadFrom(ctx, reader, "message", other);
  if (pending) await markNotificationsRead(ctx, [pending]);
}

// "Is typing": one row per (conversation, user) holding when the signal expires. Readers compare it
// to now, so a keystroke only moves the timestamp; at most one cleanup is scheduled per row.

async function typingRow(ctx: QueryCtx, key: string, userId: Id<"users">) {
  return await ctx.db
    .query("typing")
    .withIndex("by_conversationKey_and_userId", (q) => q.eq("conversationKey", key).eq("userId", userId))
    .unique();
}

/** Whether `userId` is typing in the conversation `key` at `now`. */
export async function isTyping(ctx: QueryCtx, key: string, userId: Id<"users">, now: number): Promise<boolean> {
  const row = await typingRow(ctx, key, userId);
  return row !== null && row.expiresAt > now;
}

/** Extends (or starts) the signal; schedules a cleanup only when the row has none pending. */
export async function touchTyping(ctx: MutationCtx, key: string, userId: Id<"users">): Promise<void> {
  const now = Date.now();
  const expiresAt = now + TYPING_TTL_MS;
  const row = await typingRow(ctx, key, userId);
  // A row with a cleanup keeps it: that run deletes the row or schedules itself for the new expiry.
  if (row && row.cleanupAt !== undefined) {
    await ctx.db.patch(row._id, { expiresAt });
    return;
  }
  const cleanupAt = expiresAt;
  if (row) await ctx.db.patch(row._id, { expiresAt, cleanupAt });
  else await ctx.db.insert("typing", { conversationKey: key, userId, expiresAt, cleanupAt });
  await ctx.scheduler.runAt(cleanupAt, internal.messages.expireTyping, { conversationKey: key, userId });
}

export async function clearTyping(ctx: MutationCtx, key: string, userId: Id<"users">): Promise<void> {
  const row = await typingRow(ctx, key, userId);
  if (row) await ctx.db.delete(row._id);
}

/** The scheduled cleanup: removes an expired row, or schedules one more run for a row kept alive since. */
export async function expireTyping(ctx: MutationCtx, key: string, userId: Id<"users">): Promise<void> {
  const row = await typingRow(ctx, key, userId);
  if (row === null) return;
  const now = Date.now();
  if (row.expiresAt <= now) {
    await ctx.db.delete(row._id);
    return;
  }
  await ctx.db.patch(row._id, { cleanupAt: row.expiresAt });
  await ctx.scheduler.runAt(row.expiresAt, internal.messages.expireTyping, { conversationKey: key, userId });
}
