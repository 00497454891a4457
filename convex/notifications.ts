// The viewer's notifications (spec §2 Notifications and the bell): listed by
// kind through indexes, marked read one by one or all at once, deleted. The
// unread counter on the user changes in the same transaction.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import {
  EMAIL_MODES,
  NOTIFICATION_TABS,
  NotificationCopy,
  PREFERENCE_KINDS,
  preferencesOf,
} from "../common/notifications";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { mutation, query } from "./functions";
import { invalid, notFound } from "./model/errors";
import { userCountsOf } from "./model/counters";
import {
  markAllNotificationsRead,
  markNotificationsRead,
  notificationsOfTypes,
  removeNotification,
} from "./model/notifications";
import { cappedPagination, MAX_PAGE_SIZE } from "./model/paging";
import { notificationType } from "./schema";

const notificationView = v.object({
  _id: v.id("notifications"),
  _creationTime: v.number(),
  type: notificationType,
  title: v.string(),
  content: v.string(),
  actionUrl: v.union(v.string(), v.null()),
  read: v.boolean(),
  actor: v.union(
    v.null(),
    v.object({ _id: v.id("users"), firstName: v.string(), lastName: v.string(), image: v.union(v.string(), v.null()) }),
  ),
});

const tabValidator = v.union(...NOTIFICATION_TABS.map((t) => v.literal(t.value)));

export const list = query({
  args: { tab: v.optional(tabValidator), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(notificationView),
  handler: async (ctx, { tab, paginationOpts: requested }) => {
    const viewer = ctx.viewerX();
    const paginationOpts = cappedPagination(requested);
    const types = NOTIFICATION_TABS.find((t) => t.value === (tab ?? "all"))!.types;
    let result;
    if (types === null) {
      result = await ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", viewer._id))
        .order("desc")
        .paginate(paginationOpts);
    } else if (types.length === 1) {
      result = await ctx.db
        .query("notifications")
        .withIndex("by_userId_and_type", (q) => q.eq("userId", viewer._id).eq("type", types[0]))
        .order("desc")
        .paginate(paginationOpts);
    } else {
      // Network holds connections and follows: two index ranges merged, newest first, one bounded page.
      const before = paginationOpts.cursor ? Number(paginationOpts.cursor) : Infinity;
      result = await notificationsOfTypes(ctx, viewer._id, types, before, paginationOpts.numItems);
    }
    const page = [];
    for (const n of result.page) {
      const actor = n.actorId ? await ctx.db.get(n.actorId) : null;
      page.push({
        _id: n._id,
        _creationTime: n._creationTime,
        type: n.type,
        title: n.title,
        content: n.content,
        actionUrl: n.actionUrl ?? null,
        read: n.read,
        actor: actor
          ? {
              _id: actor._id,
              firstName: actor.firstName ?? "",
              lastName: actor.lastName ?? "",
              image: actor.image ?? null,
            }
          : null,
      });
    }
    return { ...result, page };
  },
});

export const unreadCount = query({
  args: {},
  returns: v.number(),
  handler: async (ctx) => (ctx.viewer ? (await userCountsOf(ctx, ctx.viewer)).unreadNotifications : 0),
});

async function ownX(ctx: MutationCtx, viewerId: Id<"users">, id: string): Promise<Doc<"notifications">> {
  const nid = ctx.db.normalizeId("notifications", id);
  const row = nid ? await ctx.db.get(nid) : null;
  // Someone else's notification looks exactly like a missing one.
  if (row === null || row.userId !== viewerId) notFound(NotificationCopy.notFound);
  return row;
}

export const markRead = mutation({
  args: { id: v.string() },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const viewer = ctx.viewerX();
    await markNotificationsRead(ctx, [await ownX(ctx, viewer._id, id)]);
    return null;
  },
});

/** Marks read by a list of ids (the social notifications' call, spec §4). */
export const markManyRead = mutation({
  args: { ids: v.array(v.string()) },
  returns: v.number(),
  handler: async (ctx, { ids }) => {
    const viewer = ctx.viewerX();
    if (ids.length > MAX_PAGE_SIZE * 2) invalid(`At most ${MAX_PAGE_SIZE * 2} at a time`);
    const rows = [];
    for (const id of new Set(ids)) rows.push(await ownX(ctx, viewer._id, id));
    return await markNotificationsRead(ctx, rows);
  },
});

/** Mark All Read: the unread ones only, through the read index, in bounded batches. */
export const markAllRead = mutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    return await markAllNotificationsRead(ctx, ctx.viewerX()._id);
  },
});

export const remove = mutation({
  args: { id: v.string() },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const viewer = ctx.viewerX();
    await removeNotification(ctx, await ownX(ctx, viewer._id, id));
    return null;
  },
});

const modeValidator = v.union(...EMAIL_MODES.map((m) => v.literal(m.value)));
const kindValidator = v.union(...PREFERENCE_KINDS.map((k) => v.literal(k.value)));

/** The viewer's email preference per kind (defaults filled in). */
export const preferences = query({
  args: {},
  returns: v.record(v.string(), modeValidator),
  handler: async (ctx) => preferencesOf(ctx.viewerX().notificationPreferences),
});

export const setPreference = mutation({
  args: { kind: kindValidator, mode: modeValidator },
  returns: v.null(),
  handler: async (ctx, { kind, mode }) => {
    const viewer = ctx.viewerX();
    await ctx.db.patch(viewer._id, {
      notificationPreferences: { ...preferencesOf(viewer.notificationPreferences), [kind]: mode },
    });
    return null;
  },
});
