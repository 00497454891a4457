// Direct messages (spec §2 Messages, §3 Message and Conversation summary).
// A conversation has one row per side (schema: conversations) holding the last
// message and that side's unread count, all changed in the send transaction;
// the inbox is one indexed page of the viewer's rows and a thread is a page of
// its messages, never the whole history.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import { ErrorCode } from "../common/errors";
import { MESSAGE_RATE_LIMIT, MessageCopy, messageProblem, TYPING_TTL_MS } from "../common/messages";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { internalMutation, mutation, query } from "./functions";
import { displayName } from "./model/users";
import { notify } from "./model/notifications";
import { isAvailable } from "./model/professionals";
import { hit } from "./model/rateLimit";

function fail(code: (typeof ErrorCode)[keyof typeof ErrorCode], message: string): never {
  throw new ConvexError({ code, message });
}

export function conversationKey(a: Id<"users">, b: Id<"users">): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

async function side(ctx: QueryCtx, userId: Id<"users">, otherUserId: Id<"users">) {
  return await ctx.db
    .query("conversations")
    .withIndex("by_userId_and_otherUserId", (q) => q.eq("userId", userId).eq("otherUserId", otherUserId))
    .unique();
}

async function otherUserX(ctx: QueryCtx, viewer: Doc<"users">, otherUserId: string): Promise<Doc<"users">> {
  const id = ctx.db.normalizeId("users", otherUserId);
  const other = id ? await ctx.db.get(id) : null;
  if (other === null) fail(ErrorCode.NOT_FOUND, MessageCopy.recipientNotFound);
  if (other._id === viewer._id) fail(ErrorCode.INVALID_INPUT, MessageCopy.self);
  return other;
}

async function isBlocked(ctx: QueryCtx, blockerId: Id<"users">, blockedId: Id<"users">) {
  const row = await ctx.db
    .query("blocks")
    .withIndex("by_blockerId_and_blockedId", (q) => q.eq("blockerId", blockerId).eq("blockedId", blockedId))
    .unique();
  return row !== null;
}

const personView = v.object({
  _id: v.id("users"),
  name: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  userType: v.union(v.string(), v.null()),
  image: v.union(v.string(), v.null()),
  available: v.union(v.boolean(), v.null()),
});
function toPerson(u: Doc<"users">) {
  return {
    _id: u._id,
    name: u.businessName ? `${displayName(u)}` : `${u.firstName ?? ""} ${u.lastName ?? ""}`.trim() || "Member",
    firstName: u.firstName ?? "",
    lastName: u.lastName ?? "",
    userType: u.userType ?? null,
    image: u.image ?? null,
    available: u.userType === "professional" ? isAvailable(u) : null,
  };
}

/**
 * Stores a message and moves both sides' conversation rows, the receiver's unread counters and the
 * sender's read state, all in the caller's transaction (the only way a message is written).
 */
export async function deliverMessage(ctx: MutationCtx, viewer: Doc<"users">, other: Doc<"users">, text: string) {
  const key = conversationKey(viewer._id, other._id);
  const now = Date.now();
  const messageId = await ctx.db.insert("messages", {
    conversationKey: key,
    senderId: viewer._id,
    receiverId: other._id,
    content: text,
    read: false,
  });
  const preview = text.length > 140 ? `${text.slice(0, 139)}…` : text;
  const common = { key, lastMessage: preview, lastSenderId: viewer._id, lastMessageAt: now };
  const mine = await side(ctx, viewer._id, other._id);
  // Sending is also reading: whatever the other side wrote before is seen now.
  if (mine) await ctx.db.patch(mine._id, { ...common, unread: 0, readAt: now });
  else
    await ctx.db.insert("conversations", {
      ...common,
      userId: viewer._id,
      otherUserId: other._id,
      unread: 0,
      readAt: now,
    });
  if (mine && mine.unread > 0) {
    await ctx.db.patch(viewer._id, { unreadMessages: Math.max(0, (viewer.unreadMessages ?? 0) - mine.unread) });
  }
  const theirs = await side(ctx, other._id, viewer._id);
  if (theirs) await ctx.db.patch(theirs._id, { ...common, unread: theirs.unread + 1 });
  else await ctx.db.insert("conversations", { ...common, userId: other._id, otherUserId: viewer._id, unread: 1 });
  await ctx.db.patch(other._id, { unreadMessages: (other.unreadMessages ?? 0) + 1 });
  await clearTyping(ctx, key, viewer._id);

  // One unread "new message" notification per sender: a newer message replaces it.
  const recent = await ctx.db
    .query("notifications")
    .withIndex("by_userId_and_type", (q) => q.eq("userId", other._id).eq("type", "message"))
    .order("desc")
    .take(20);
  const previous = recent.find((n) => !n.read && n.actorId === viewer._id);
  if (previous) {
    await ctx.db.delete(previous._id);
    await ctx.db.patch(other._id, {
      unreadNotifications: Math.max(0, ((await ctx.db.get(other._id))!.unreadNotifications ?? 1) - 1),
    });
  }
  await notify(ctx, {
    userId: other._id,
    type: "message",
    title: `New message from ${toPerson(viewer).name}`,
    content: preview,
    actionUrl: `/messages/${viewer._id}`,
    actorId: viewer._id,
    entityType: "user",
    entityId: viewer._id,
  });
  return messageId;
}

export const send = mutation({
  args: { receiverId: v.string(), content: v.string() },
  returns: v.id("messages"),
  handler: async (ctx, { receiverId, content }) => {
    const viewer = ctx.viewerX();
    const problem = messageProblem(receiverId, content);
    if (problem) fail(ErrorCode.INVALID_INPUT, problem);
    const other = await otherUserX(ctx, viewer, receiverId);
    if (await isBlocked(ctx, other._id, viewer._id)) fail(ErrorCode.FORBIDDEN, MessageCopy.blocked);
    const retryAt = await hit(ctx, `message:${viewer._id}`, MESSAGE_RATE_LIMIT);
    if (retryAt !== null)
      throw new ConvexError({ code: ErrorCode.RATE_LIMITED, message: MessageCopy.rateLimited, retryAt });

    return await deliverMessage(ctx, viewer, other, content.trim());
  },
});

/** The viewer's conversations, most recent first (one indexed page). */
export const inbox = query({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(
    v.object({
      _id: v.id("conversations"),
      other: personView,
      lastMessage: v.string(),
      lastMessageAt: v.number(),
      lastFromMe: v.boolean(),
      unread: v.number(),
    }),
  ),
  handler: async (ctx, { paginationOpts }) => {
    const viewer = ctx.viewerX();
    const result = await ctx.db
      .query("conversations")
      .withIndex("by_userId_and_lastMessageAt", (q) => q.eq("userId", viewer._id))
      .order("desc")
      .paginate(paginationOpts);
    const page = [];
    for (const row of result.page) {
      const other = await ctx.db.get(row.otherUserId);
      if (other === null) continue;
      page.push({
        _id: row._id,
        other: toPerson(other),
        lastMessage: row.lastMessage,
        lastMessageAt: row.lastMessageAt,
        lastFromMe: row.lastSenderId === viewer._id,
        unread: row.unread,
      });
    }
    return { ...result, page };
  },
});

/** A page of the thread with another user, newest first (the client shows them oldest first). */
export const thread = query({
  args: { otherUserId: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(
    v.object({
      _id: v.id("messages"),
      _creationTime: v.number(),
      senderId: v.id("users"),
      content: v.string(),
      mine: v.boolean(),
    }),
  ),
  handler: async (ctx, { otherUserId, paginationOpts }) => {
    const viewer = ctx.viewerX();
    const other = await otherUserX(ctx, viewer, otherUserId);
    const result = await ctx.db
      .query("messages")
      .withIndex("by_conversationKey", (q) => q.eq("conversationKey", conversationKey(viewer._id, other._id)))
      .order("desc")
      .paginate(paginationOpts);
    return {
      ...result,
      page: result.page.map((m) => ({
        _id: m._id,
        _creationTime: m._creationTime,
        senderId: m.senderId,
        content: m.content,
        mine: m.senderId === viewer._id,
      })),
    };
  },
});

/** The thread's header: who the other user is, when they last read it ("Seen"), whether they are typing. */
export const threadInfo = query({
  args: { otherUserId: v.string() },
  returns: v.union(
    v.null(),
    v.object({
      other: personView,
      otherReadAt: v.union(v.number(), v.null()),
      otherTyping: v.boolean(),
      blockedByMe: v.boolean(),
      canSend: v.boolean(),
    }),
  ),
  handler: async (ctx, { otherUserId }) => {
    const viewer = ctx.viewerX();
    const id = ctx.db.normalizeId("users", otherUserId);
    const other = id ? await ctx.db.get(id) : null;
    if (other === null || other._id === viewer._id) return null;
    const theirs = await side(ctx, other._id, viewer._id);
    const typing = await ctx.db
      .query("typing")
      .withIndex("by_conversationKey_and_userId", (q) =>
        q.eq("conversationKey", conversationKey(viewer._id, other._id)).eq("userId", other._id),
      )
      .unique();
    return {
      other: toPerson(other),
      otherReadAt: theirs?.readAt ?? null,
      otherTyping: typing !== null,
      blockedByMe: await isBlocked(ctx, viewer._id, other._id),
      canSend: !(await isBlocked(ctx, other._id, viewer._id)),
    };
  },
});

/** Opening a thread reads it: the viewer's unread count for it goes to 0, and its messages are marked read. */
export const markRead = mutation({
  args: { otherUserId: v.string() },
  returns: v.null(),
  handler: async (ctx, { otherUserId }) => {
    const viewer = ctx.viewerX();
    const other = await otherUserX(ctx, viewer, otherUserId);
    const mine = await side(ctx, viewer._id, other._id);
    if (mine === null) return null;
    const now = Date.now();
    if (mine.unread > 0) {
      // The unread ones are the newest messages from the other side: read only those.
      const newest = await ctx.db
        .query("messages")
        .withIndex("by_conversationKey", (q) => q.eq("conversationKey", mine.key))
        .order("desc")
        .take(Math.min(mine.unread * 2 + 10, 500));
      for (const m of newest) if (m.senderId === other._id && !m.read) await ctx.db.patch(m._id, { read: true });
      await ctx.db.patch(viewer._id, { unreadMessages: Math.max(0, (viewer.unreadMessages ?? 0) - mine.unread) });
    }
    if (mine.unread > 0 || (mine.readAt ?? 0) < mine.lastMessageAt)
      await ctx.db.patch(mine._id, { unread: 0, readAt: now });
    // Reading the thread also reads its "new message" notification (one unread per sender, see send).
    const recent = await ctx.db
      .query("notifications")
      .withIndex("by_userId_and_type", (q) => q.eq("userId", viewer._id).eq("type", "message"))
      .order("desc")
      .take(20);
    const pending = recent.find((n) => !n.read && n.actorId === other._id);
    if (pending) {
      await ctx.db.patch(pending._id, { read: true });
      const fresh = (await ctx.db.get(viewer._id))!;
      await ctx.db.patch(viewer._id, { unreadNotifications: Math.max(0, (fresh.unreadNotifications ?? 1) - 1) });
    }
    return null;
  },
});

export const unreadCount = query({
  args: {},
  returns: v.number(),
  handler: async (ctx) => ctx.viewer?.unreadMessages ?? 0,
});

async function clearTyping(ctx: MutationCtx, key: string, userId: Id<"users">) {
  const row = await ctx.db
    .query("typing")
    .withIndex("by_conversationKey_and_userId", (q) => q.eq("conversationKey", key).eq("userId", userId))
    .unique();
  if (row) await ctx.db.delete(row._id);
}

/** "Is typing": a short-lived row, extended by each call, removed by the scheduler when it expires. */
export const setTyping = mutation({
  args: { otherUserId: v.string(), typing: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { otherUserId, typing }) => {
    const viewer = ctx.viewerX();
    const other = await otherUserX(ctx, viewer, otherUserId);
    const key = conversationKey(viewer._id, other._id);
    if (!typing) {
      await clearTyping(ctx, key, viewer._id);
      return null;
    }
    const expiresAt = Date.now() + TYPING_TTL_MS;
    const row = await ctx.db
      .query("typing")
      .withIndex("by_conversationKey_and_userId", (q) => q.eq("conversationKey", key).eq("userId", viewer._id))
      .unique();
    if (row) await ctx.db.patch(row._id, { expiresAt });
    else await ctx.db.insert("typing", { conversationKey: key, userId: viewer._id, expiresAt });
    await ctx.scheduler.runAt(expiresAt, internal.messages.expireTyping, { conversationKey: key, userId: viewer._id });
    return null;
  },
});

export const expireTyping = internalMutation({
  args: { conversationKey: v.string(), userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { conversationKey: key, userId }) => {
    const row = await ctx.db
      .query("typing")
      .withIndex("by_conversationKey_and_userId", (q) => q.eq("conversationKey", key).eq("userId", userId))
      .unique();
    // A later keystroke extended it: its own scheduled run removes it.
    if (row && row.expiresAt <= Date.now()) await ctx.db.delete(row._id);
    return null;
  },
});

export const setBlocked = mutation({
  args: { otherUserId: v.string(), blocked: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { otherUserId, blocked }) => {
    const viewer = ctx.viewerX();
    const other = await otherUserX(ctx, viewer, otherUserId);
    const row = await ctx.db
      .query("blocks")
      .withIndex("by_blockerId_and_blockedId", (q) => q.eq("blockerId", viewer._id).eq("blockedId", other._id))
      .unique();
    if (blocked && !row) await ctx.db.insert("blocks", { blockerId: viewer._id, blockedId: other._id });
    if (!blocked && row) await ctx.db.delete(row._id);
    return null;
  },
});
