// Social notifications (spec §3 Social notification: like, comment, follow,
// mention, share), all through notify() in the transaction that causes them.
// Likes on one post (or comment) collapse into the owner's one unread
// notification: "Ana Lopez and 4 others liked your post", with actorCount.
// A viral post's likes must not all rewrite that one row: each like moves a
// sharded counter (the likes made since the notification opened), and the
// count and the named liker on the row are refreshed at most once per
// SHOWN_COUNT_REFRESH_MS by social/counts:refreshLikeNotice.
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { addShared, sharedCount, SHOWN_COUNT_REFRESH_MS, type SharedCountKey } from "./counters";
import { notify, removeNotification } from "./notifications";
import { displayName, fullName } from "./users";

/** What a social notification is about: a post, or a comment on one. */
export type SocialEntity = { postId: Id<"posts">; commentId?: Id<"comments"> };

/** How many of the recipient's newest like notifications are searched for the unread one of an item. */
const RECENT_LIKES = 20;
const EXCERPT = 80;

function nameOf(user: Doc<"users">): string {
  return fullName(user) || displayName(user);
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
}

function entityOf(entity: SocialEntity): { entityType: "post" | "comment"; entityId: string; actionUrl: string } {
  return {
    entityType: entity.commentId ? "comment" : "post",
    entityId: entity.commentId ?? entity.postId,
    actionUrl: `/feed/${entity.postId}`,
  };
}

/** "Ana Lopez liked your post", "Ana Lopez and 1 other liked your comment", "Ana Lopez and 4 others …". */
export function likeTitle(name: string, actorCount: number, what: "post" | "comment"): string {
  const others = actorCount - 1;
  const who = others <= 0 ? name : `${name} and ${others} ${others === 1 ? "other" : "others"}`;
  return `${who} liked your ${what}`;
}

/** The owner's unread like notification for this item, among their newest ones, or null. */
async function unreadLikeOf(ctx: MutationCtx, ownerId: Id<"users">, entityId: string) {
  const recent = await ctx.db
    .query("notifications")
    .withIndex("by_userId_and_type", (q) => q.eq("userId", ownerId).eq("type", "like"))
    .order("desc")
    .take(RECENT_LIKES);
  return recent.find((n) => !n.read && n.entityId === entityId) ?? null;
}

/** The likes counted in a like notification: those on its item made since it opened. */
const noticeKey = (entityId: string, since: number): SharedCountKey => `likeNotice:${entityId}:${since}`;

/** Older than the sharded count: an open notification that still counts by actorIds is carried on. */
const CARRIED_WINDOW_MS = 1000;

/** The time an open like notification counts likes from; one kept before likesSince is carried on with its count. */
async function likesSinceOf(ctx: MutationCtx, open: Doc<"notifications">): Promise<number> {
  if (open.likesSince !== undefined) return open.likesSince;
  // Its first like came in the same transaction, just before it: the window takes that one in.
  const since = open._creationTime - CARRIED_WINDOW_MS;
  await addShared(ctx, noticeKey(open.entityId!, since), open.actorCount ?? 1);
  await ctx.db.patch("notifications", open._id, { likesSince: since });
  return since;
}

/** One refresh of the notification's copies per interval, however many likes come meanwhile. */
async function refreshSoon(ctx: MutationCtx, open: Doc<"notifications">): Promise<void> {
  if (open.refreshPending) return;
  await ctx.db.patch("notifications", open._id, { refreshPending: true });
  await ctx.scheduler.runAfter(SHOWN_COUNT_REFRESH_MS, internal.social.counts.refreshLikeNotice, {
    notificationId: open._id,
  });
}

/** A like by `actor` on an item `ownerId` wrote: a new notification, or one more like counted in the unread one. */
export async function notifyLike(
  ctx: MutationCtx,
  actor: Doc<"users">,
  ownerId: Id<"users">,
  entity: SocialEntity,
  text: string,
  like: Doc<"likes">,
): Promise<void> {
  if (actor._id === ownerId) return;
  const where = entityOf(entity);
  const open = await unreadLikeOf(ctx, ownerId, where.entityId);
  if (open === null) {
    await notify(ctx, {
      userId: ownerId,
      type: "like",
      title: likeTitle(nameOf(actor), 1, where.entityType),
      content: excerpt(text),
      actorId: actor._id,
      actorCount: 1,
      likesSince: like._creationTime,
      ...where,
    });
    await addShared(ctx, noticeKey(where.entityId, like._creationTime), 1);
    return;
  }
  await addShared(ctx, noticeKey(where.entityId, await likesSinceOf(ctx, open)), 1);
  await refreshSoon(ctx, open);
}

/**
 * An unlike: a like the unread notification counted (made since it opened) no longer counts; the
 * refresh removes the notification when none is left. Never a new notification.
 */
export async function retractLike(
  ctx: MutationCtx,
  like: Doc<"likes">,
  ownerId: Id<"users">,
  entity: SocialEntity,
): Promise<void> {
  if (like.userId === ownerId) return;
  const where = entityOf(entity);
  const open = await unreadLikeOf(ctx, ownerId, where.entityId);
  if (open === null) return;
  const since = await likesSinceOf(ctx, open);
  if (like._creationTime < since) return;
  await addShared(ctx, noticeKey(where.entityId, since), -1);
  await refreshSoon(ctx, open);
}

/**
 * Copies an unread like notification's count onto it and names its newest liker (a like again
 * after an unlike is newest again, and counted once: the count is the likes there are now).
 */
export async function refreshLikeNoticeRow(ctx: MutationCtx, notificationId: Id<"notifications">): Promise<void> {
  const n = await ctx.db.get("notifications", notificationId);
  if (n === null || n.type !== "like" || n.likesSince === undefined || n.entityId === undefined) return;
  // Once read, it is what the member saw: frozen (the next like opens a new one).
  if (n.read) return;
  const since = n.likesSince;
  const count = await sharedCount(ctx, noticeKey(n.entityId, since));
  if (count === 0) {
    await removeNotification(ctx, n);
    return;
  }
  const what = n.entityType === "comment" ? "comment" : "post";
  // One like per member per item: of the two newest, at least one is not the owner's.
  const postId = what === "post" ? ctx.db.normalizeId("posts", n.entityId) : null;
  const commentId = what === "comment" ? ctx.db.normalizeId("comments", n.entityId) : null;
  const newest = postId
    ? await ctx.db
        .query("likes")
        .withIndex("by_postId", (q) => q.eq("postId", postId).gte("_creationTime", since))
        .order("desc")
        .take(2)
    : commentId
      ? await ctx.db
          .query("likes")
          .withIndex("by_commentId", (q) => q.eq("commentId", commentId).gte("_creationTime", since))
          .order("desc")
          .take(2)
      : [];
  const namedId = newest.find((l) => l.userId !== n.userId)?.userId ?? n.actorId;
  const named = namedId ? await ctx.db.get("users", namedId) : null;
  await ctx.db.patch("notifications", n._id, {
    actorId: namedId,
    actorCount: count,
    title: likeTitle(named ? nameOf(named) : "A member", count, what),
    refreshPending: false,
  });
}

/** A comment on someone's post, or a reply to someone's comment. */
export async function notifyComment(
  ctx: MutationCtx,
  actor: Doc<"users">,
  recipientId: Id<"users">,
  entity: SocialEntity & { commentId: Id<"comments"> },
  text: string,
  isReply: boolean,
): Promise<void> {
  await notify(ctx, {
    userId: recipientId,
    type: "comment",
    title: `${nameOf(actor)} ${isReply ? "replied to your comment" : "commented on your post"}`,
    content: excerpt(text),
    actorId: actor._id,
    ...entityOf(entity),
  });
}

/** Members named in a post or comment (each once; never the writer). */
export async function notifyMention(
  ctx: MutationCtx,
  actorId: Id<"users">,
  userIds: readonly Id<"users">[],
  entity: SocialEntity,
): Promise<void> {
  if (userIds.length === 0) return;
  const actor = await ctx.db.get("users", actorId);
  if (actor === null) return;
  const where = entityOf(entity);
  const source = entity.commentId
    ? await ctx.db.get("comments", entity.commentId)
    : await ctx.db.get("posts", entity.postId);
  for (const userId of new Set(userIds)) {
    await notify(ctx, {
      userId,
      type: "mention",
      title: `${nameOf(actor)} mentioned you in a ${where.entityType}`,
      content: excerpt(source?.content ?? ""),
      actorId,
      ...where,
    });
  }
}

export async function notifyFollow(ctx: MutationCtx, actor: Doc<"users">, followedId: Id<"users">): Promise<void> {
  await notify(ctx, {
    userId: followedId,
    type: "follow",
    title: `${nameOf(actor)} started following you`,
    content: "See their profile and posts.",
    actionUrl: `/profile/${actor._id}`,
    actorId: actor._id,
    entityType: "user",
    entityId: actor._id,
  });
}

export async function notifyShare(
  ctx: MutationCtx,
  actor: Doc<"users">,
  post: Doc<"posts">,
  shareType: "share" | "repost",
): Promise<void> {
  await notify(ctx, {
    userId: post.authorId,
    type: "share",
    title: `${nameOf(actor)} ${shareType === "repost" ? "reposted" : "shared"} your post`,
    content: excerpt(post.content),
    actorId: actor._id,
    ...entityOf({ postId: post._id }),
  });
}
