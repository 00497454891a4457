// The viewer's social notifications (spec §3 Social notification: like,
// comment, follow, mention, share, post_featured), newest first: one index
// range per kind, merged into one bounded page (GET /api/social/notifications).
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { SOCIAL_TYPES } from "../../common/notifications";
import { query } from "../functions";
import { invalid } from "../model/errors";
import { notificationsOfTypes } from "../model/notifications";
import { cappedPagination } from "../model/paging";
import { visibleUser } from "../model/users";
import { notificationType } from "../schema";

const socialNotificationValidator = v.object({
  _id: v.id("notifications"),
  _creationTime: v.number(),
  type: notificationType,
  title: v.string(),
  content: v.string(),
  actionUrl: v.union(v.string(), v.null()),
  read: v.boolean(),
  entityType: v.union(v.string(), v.null()),
  entityId: v.union(v.string(), v.null()),
  /** Likes collapsed into this one ("Ana Lopez and 4 others liked your post" has 5). */
  actorCount: v.number(),
  actor: v.union(
    v.null(),
    v.object({
      _id: v.id("users"),
      firstName: v.string(),
      lastName: v.string(),
      businessName: v.union(v.string(), v.null()),
      image: v.union(v.string(), v.null()),
    }),
  ),
});

export const list = query({
  args: { paginationOpts: paginationOptsValidator },
  returns: v.object({ page: v.array(socialNotificationValidator), isDone: v.boolean(), continueCursor: v.string() }),
  handler: async (ctx, { paginationOpts: requested }) => {
    const viewer = ctx.viewerX();
    const n = cappedPagination(requested).numItems;
    // The cursor is the creation time of the last row served.
    const before = requested.cursor ? Number(requested.cursor) : Infinity;
    if (Number.isNaN(before)) invalid("Invalid cursor");
    const { page: served, isDone, continueCursor } = await notificationsOfTypes(ctx, viewer._id, SOCIAL_TYPES, before, n);
    const page = [];
    for (const row of served) {
      const actor = row.actorId ? await visibleUser(ctx, row.actorId) : null;
      page.push({
        _id: row._id,
        _creationTime: row._creationTime,
        type: row.type,
        title: row.title,
        content: row.content,
        actionUrl: row.actionUrl ?? null,
        read: row.read,
        entityType: row.entityType ?? null,
        entityId: row.entityId ?? null,
        actorCount: row.actorCount ?? (row.actorId ? 1 : 0),
        actor: actor
          ? {
              _id: actor._id,
              firstName: actor.firstName ?? "",
              lastName: actor.lastName ?? "",
              businessName: actor.businessName ?? null,
              image: actor.image ?? null,
            }
          : null,
      });
    }
    return { page, isDone, continueCursor };
  },
});
