// Direct messages (spec §2 Messages, §3 Message and Conversation summary).
// A conversation has one row per side (schema: conversations) holding the last
// message and that side's unread count, all changed in the send transaction
// (model/messages.ts); the inbox is one indexed page of the viewer's rows and a
// thread is a page of its messages, never the whole history.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { MessageCopy, messageProblem } from "../common/messages";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { internalMutation, mutation, query } from "./functions";
import { forbidden, invalid, notFound, rateLimited } from "./model/errors";
import {
  clearTyping,
  conversationKey,
  deliverMessage,
  expireTyping as expireTypingRow,
  isTyping,
  markThreadRead,
  sideOf,
  touchTyping,
} from "./model/messages";
import { cappedPagination } from "./model/paging";
import { userCountsOf } from "./model/counters";
import { isAvailable } from "./model/professionals";
import { hit } from "./model/rateLimit";
import { displayName, fullName, isHiddenMember } from "./model/users";
import { actorOf } from "./model/teams";

/** A team member reads and writes the business's threads (its user id), checked by model/teams.ts actorOf. */
const actingForArg = { actingFor: v.optional(v.id("users")) };

async function otherUserX(ctx: QueryCtx, viewer: Doc<"users">, otherUserId: string): Promise<Doc<"users">> {
  const id = ctx.db.normalizeId("users", otherUserId);
  const other = id ? await ctx.db.get(id) : null;
  if (other === null) notFound(MessageCopy.recipientNotFound);
  if (other._id === viewer._id) invalid(MessageCopy.self);
  return other;
}

async function isBlocked(ctx: QueryCtx, blockerId: Id<"users">, blockedId: Id<"users">) {
  const row = await ctx.db
    .query("blocks")
    .withIndex("by_blockerId_and_blockedId", (q) => q.eq("blockerId", blockerId).eq("blockedId", blockedId))
    .unique();
  return row !== null;
}

const participantView = v.object({
  _id: v.id("users"),
  name: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  userType: v.union(v.string(), v.null()),
  image: v.union(v.string(), v.null()),
  available: v.union(v.boolean(), v.null()),
});
function toParticipant(u: Doc<"users">) {
  // A banned or deleted member: no name or picture; the messages stay for the other side (issue 29).
  if (isHiddenMember(u)) {
    return {
      _id: u._id,
      name: MessageCopy.formerMember,
      firstName: "",
      lastName: "",
      userType: null,
      image: null,
      available: null,
    };
  }
  return {
    _id: u._id,
    name: displayName(u),
    firstName: u.firstName ?? "",
    lastName: u.lastName ?? "",
    userType: u.userType ?? null,
    image: u.image ?? null,
    available: u.userType === "professional" ? isAvailable(u) : null,
  };
}

export const send = mutation({
  args: { receiverId: v.string(), content: v.string(), ...actingForArg },
  returns: v.id("messages"),
  handler: async (ctx, { receiverId, content, actingFor }) => {
    const { actor: viewer, member } = await actorOf(ctx, ctx.viewerX(), actingFor);
    const problem = messageProblem(receiverId, content);
    if (problem) invalid(problem);
    const other = await otherUserX(ctx, viewer, receiverId);
    // A deleted or banned account receives nothing (its thread stays readable for the other side).
    if (isHiddenMember(other)) notFound(MessageCopy.recipientNotFound);
    if (await isBlocked(ctx, other._id, viewer._id)) forbidden(MessageCopy.blocked);
    // The person writing is limited, whoever they write for.
    const writer = member ?? viewer;
    const retryAt = await hit(ctx, "messages", writer._id, writer._id);
    if (retryAt !== null) rateLimited(retryAt, MessageCopy.rateLimited);

    return await deliverMessage(ctx, viewer, other, content.trim(), member?._id);
  },
});

/** The viewer's conversations, most recent first (one indexed page). */
export const inbox = query({
  args: { paginationOpts: paginationOptsValidator, ...actingForArg },
  returns: paginationResultValidator(
    v.object({
      _id: v.id("conversations"),
      other: participantView,
      lastMessage: v.string(),
      lastMessageAt: v.number(),
      lastFromMe: v.boolean(),
      unread: v.number(),
    }),
  ),
  handler: async (ctx, { paginationOpts, actingFor }) => {
    const { actor: viewer } = await actorOf(ctx, ctx.viewerX(), actingFor);
    const result = await ctx.db
      .query("conversations")
      .withIndex("by_userId_and_lastMessageAt", (q) => q.eq("userId", viewer._id))
      .order("desc")
      .paginate(cappedPagination(paginationOpts));
    const page = [];
    for (const row of result.page) {
      const other = await ctx.db.get(row.otherUserId);
      if (other === null) continue;
      page.push({
        _id: row._id,
        other: toParticipant(other),
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
  args: { otherUserId: v.string(), paginationOpts: paginationOptsValidator, ...actingForArg },
  returns: paginationResultValidator(
    v.object({
      _id: v.id("messages"),
      _creationTime: v.number(),
      senderId: v.id("users"),
      content: v.string(),
      mine: v.boolean(),
      /** The team member who wrote it for the business (model/teams.ts), if one did. */
      sentBy: v.union(v.string(), v.null()),
    }),
  ),
  handler: async (ctx, { otherUserId, paginationOpts, actingFor }) => {
    const { actor: viewer } = await actorOf(ctx, ctx.viewerX(), actingFor);
    const other = await otherUserX(ctx, viewer, otherUserId);
    const result = await ctx.db
      .query("messages")
      .withIndex("by_conversationKey", (q) => q.eq("conversationKey", conversationKey(viewer._id, other._id)))
      .order("desc")
      .paginate(cappedPagination(paginationOpts));
    const writers = new Map<Id<"users">, string | null>();
    for (const m of result.page) {
      if (m.sentBy === undefined || writers.has(m.sentBy)) continue;
      const writer = await ctx.db.get("users", m.sentBy);
      writers.set(m.sentBy, writer ? fullName(writer) : null);
    }
    return {
      ...result,
      page: result.page.map((m) => ({
        _id: m._id,
        _creationTime: m._creationTime,
        senderId: m.senderId,
        content: m.content,
        mine: m.senderId === viewer._id,
        sentBy: m.sentBy === undefined ? null : (writers.get(m.sentBy) ?? null),
      })),
    };
  },
});

/** The thread's header: who the other user is, when they last read it ("Seen"), whether they are typing. */
export const threadInfo = query({
  args: { otherUserId: v.string(), ...actingForArg },
  returns: v.union(
    v.null(),
    v.object({
      other: participantView,
      otherReadAt: v.union(v.number(), v.null()),
      otherTyping: v.boolean(),
      blockedByMe: v.boolean(),
      canSend: v.boolean(),
    }),
  ),
  handler: async (ctx, { otherUserId, actingFor }) => {
    const { actor: viewer } = await actorOf(ctx, ctx.viewerX(), actingFor);
    const id = ctx.db.normalizeId("users", otherUserId);
    const other = id ? await ctx.db.get(id) : null;
    if (other === null || other._id === viewer._id) return null;
    const theirs = await sideOf(ctx, other._id, viewer._id);
    const typing = await isTyping(ctx, conversationKey(viewer._id, other._id), other._id, Date.now());
    return {
      other: toParticipant(other),
      otherReadAt: theirs?.readAt ?? null,
      otherTyping: typing && !isHiddenMember(other),
      blockedByMe: await isBlocked(ctx, viewer._id, other._id),
      canSend: !isHiddenMember(other) && !(await isBlocked(ctx, other._id, viewer._id)),
    };
  },
});

/** Opening a thread reads it: the viewer's unread count for it goes to 0, and its messages are marked read. */
export const markRead = mutation({
  args: { otherUserId: v.string(), ...actingForArg },
  returns: v.null(),
  handler: async (ctx, { otherUserId, actingFor }) => {
    const { actor: viewer } = await actorOf(ctx, ctx.viewerX(), actingFor);
    const other = await otherUserX(ctx, viewer, otherUserId);
    await markThreadRead(ctx, viewer._id, other._id);
    return null;
  },
});

export const unreadCount = query({
  args: {},
  returns: v.number(),
  handler: async (ctx) => (ctx.viewer ? (await userCountsOf(ctx, ctx.viewer)).unreadMessages : 0),
});

/** "Is typing": each keystroke moves the row's expiry; one scheduled cleanup per row, not per keystroke. */
export const setTyping = mutation({
  args: { otherUserId: v.string(), typing: v.boolean(), ...actingForArg },
  returns: v.null(),
  handler: async (ctx, { otherUserId, typing, actingFor }) => {
    const { actor: viewer } = await actorOf(ctx, ctx.viewerX(), actingFor);
    const other = await otherUserX(ctx, viewer, otherUserId);
    const key = conversationKey(viewer._id, other._id);
    if (typing) await touchTyping(ctx, key, viewer._id);
    else await clearTyping(ctx, key, viewer._id);
    return null;
  },
});

export const expireTyping = internalMutation({
  args: { conversationKey: v.string(), userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { conversationKey: key, userId }) => {
    await expireTypingRow(ctx, key, userId);
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
