// REST routes for messages and notifications (spec §7): thin wrappers over the
// functions the app calls, run as the Bearer token's user. A caller only ever
// sees their own: a path naming another user's inbox or thread is a 403.
import { ErrorCode } from "../../common/errors";
import { NOTIFICATION_TABS } from "../../common/notifications";
import { api } from "../_generated/api";
import type { ActionCtx } from "../_generated/server";
import {
  idListParam,
  idParam,
  pageParams,
  readJsonObject,
  requireSignedIn,
  restError,
  stringField,
  withCursor,
  type RestRoute,
} from "./rest";

function assertSelf(caller: string, userId: string) {
  if (userId !== caller) throw restError(ErrorCode.FORBIDDEN, "You can only read your own messages.");
}

async function inbox(ctx: ActionCtx, url: URL) {
  const paginationOpts = pageParams(url);
  const result = await withCursor(paginationOpts.cursor, () => ctx.runQuery(api.messages.inbox, { paginationOpts }));
  // Spec §3 "Conversation summary".
  return {
    conversations: result.page.map((c) => ({
      userId: c.other._id,
      firstName: c.other.firstName,
      lastName: c.other.lastName,
      profileImage: c.other.image,
      unreadCount: c.unread,
      lastMessage: { content: c.lastMessage, createdAt: c.lastMessageAt },
    })),
    nextCursor: result.isDone ? null : result.continueCursor,
  };
}

/** Tab of a `?type=` filter: a notification kind or a tab name. */
function tabOf(type: string | null) {
  if (!type || type === "all") return "all" as const;
  const tab = NOTIFICATION_TABS.find((t) => t.value === type || (t.types as readonly string[] | null)?.includes(type));
  if (!tab) throw restError(ErrorCode.INVALID_INPUT, `type must be one of message, job, connection, review, system`);
  return tab.value;
}

async function notifications(ctx: ActionCtx, url: URL, tab: (typeof NOTIFICATION_TABS)[number]["value"]) {
  await requireSignedIn(ctx);
  const paginationOpts = pageParams(url);
  const result = await withCursor(paginationOpts.cursor, () =>
    ctx.runQuery(api.notifications.list, { tab, paginationOpts }),
  );
  return {
    notifications: result.page.map((n) => ({
      id: n._id,
      type: n.type,
      title: n.title,
      content: n.content,
      read: n.read,
      createdAt: n._creationTime,
      actionUrl: n.actionUrl,
      relatedUser: n.actor
        ? { firstName: n.actor.firstName, lastName: n.actor.lastName, profileImageUrl: n.actor.image }
        : null,
    })),
    nextCursor: result.isDone ? null : result.continueCursor,
  };
}

export const messageRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/messages",
    handler: async ({ ctx, url }) => {
      await requireSignedIn(ctx);
      return await inbox(ctx, url);
    },
  },
  {
    // /api/messages/user/{userId} (conversation list) and /api/messages/{userId}/{otherId} (thread).
    method: "GET",
    pathPrefix: "/api/messages/",
    handler: async ({ ctx, url, params }) => {
      const caller = await requireSignedIn(ctx);
      if (params.length === 2 && params[0] === "user") {
        assertSelf(caller, await idParam(ctx, "users", params[1], "user id"));
        return await inbox(ctx, url);
      }
      if (params.length !== 2) throw restError(ErrorCode.NOT_FOUND, "Not found");
      assertSelf(caller, await idParam(ctx, "users", params[0], "user id"));
      const otherUserId = await idParam(ctx, "users", params[1], "other user id");
      const paginationOpts = pageParams(url, 50);
      const result = await withCursor(paginationOpts.cursor, () =>
        ctx.runQuery(api.messages.thread, { otherUserId, paginationOpts }),
      );
      return {
        messages: result.page.map((m) => ({
          id: m._id,
          senderId: m.senderId,
          receiverId: m.mine ? otherUserId : caller,
          content: m.content,
          createdAt: m._creationTime,
        })),
        nextCursor: result.isDone ? null : result.continueCursor,
      };
    },
  },
  {
    method: "POST",
    path: "/api/messages",
    status: 201,
    handler: async ({ ctx, request }) => {
      await requireSignedIn(ctx);
      const body = await readJsonObject(request);
      const receiverText = stringField(body, "receiverId");
      const id = await ctx.runMutation(api.messages.send, {
        // No recipient at all gets the product's own message from messages.send.
        receiverId: receiverText ? await idParam(ctx, "users", receiverText, "receiverId") : "",
        content: stringField(body, "content") ?? "",
      });
      return { id };
    },
  },
  {
    method: "GET",
    path: "/api/notifications",
    handler: async ({ ctx, url }) => await notifications(ctx, url, tabOf(url.searchParams.get("type"))),
  },
  {
    method: "PATCH",
    path: "/api/notifications/mark-all-read",
    handler: async ({ ctx }) => {
      await requireSignedIn(ctx);
      const count = await ctx.runMutation(api.notifications.markAllRead, {});
      return { message: "All notifications marked as read", count };
    },
  },
  {
    method: "PATCH",
    pathPrefix: "/api/notifications/",
    handler: async ({ ctx, params }) => {
      await requireSignedIn(ctx);
      if (params.length !== 2 || params[1] !== "read") throw restError(ErrorCode.NOT_FOUND, "Not found");
      const id = await idParam(ctx, "notifications", params[0], "notification id");
      await ctx.runMutation(api.notifications.markRead, { id });
      return { id, read: true };
    },
  },
  {
    method: "DELETE",
    pathPrefix: "/api/notifications/",
    handler: async ({ ctx, params }) => {
      await requireSignedIn(ctx);
      if (params.length !== 1) throw restError(ErrorCode.NOT_FOUND, "Not found");
      await ctx.runMutation(api.notifications.remove, {
        id: await idParam(ctx, "notifications", params[0], "notification id"),
      });
      return { message: "Notification deleted" };
    },
  },
  {
    // Spec §3 Social notification: like, comment, follow, mention, share, post_featured, newest first.
    method: "GET",
    path: "/api/social/notifications",
    handler: async ({ ctx, url }) => {
      const userId = await requireSignedIn(ctx);
      const paginationOpts = pageParams(url);
      const result = await withCursor(paginationOpts.cursor, () =>
        ctx.runQuery(api.social.notifications.list, { paginationOpts }),
      );
      return {
        notifications: result.page.map((n) => ({
          id: n._id,
          userId,
          actorId: n.actor?._id ?? null,
          type: n.type,
          entityType: n.entityType,
          entityId: n.entityId,
          title: n.title,
          message: n.content,
          actorCount: n.actorCount,
          actionUrl: n.actionUrl,
          isRead: n.read,
          createdAt: n._creationTime,
          actor: n.actor
            ? {
                firstName: n.actor.firstName,
                lastName: n.actor.lastName,
                businessName: n.actor.businessName,
                profileImageUrl: n.actor.image,
              }
            : null,
        })),
        nextCursor: result.isDone ? null : result.continueCursor,
      };
    },
  },
  {
    method: "PUT",
    path: "/api/social/notifications/read",
    handler: async ({ ctx, request }) => {
      await requireSignedIn(ctx);
      const body = await readJsonObject(request);
      const ids = await idListParam(ctx, "notifications", body.notificationIds, "notificationIds");
      const count = await ctx.runMutation(api.notifications.markManyRead, { ids });
      return { count };
    },
  },
];
