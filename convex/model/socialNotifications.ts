// Social notifications (spec §3 Social notification: like, comment, follow,
// mention, share), all through notify() in the transaction that causes them.
// Likes on one post (or comment) collapse into the owner's one unread
// notification: "Ana Lopez and 4 others liked your post", with actorCount.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { notify, removeNotification } from "./notifications";
import { displayName, fullName } from "./users";

/** What a social notification is about: a post, or a comment on one. */
export type SocialEntity = { postId: Id<"posts">; commentId?: Id<"comments"> };

/** How many collapsed likers a notification remembers (enough that re-liking never counts twice in practice). */
const ACTOR_MEMORY = 50;
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

/** A like by `actor` on an item `ownerId` wrote: a new notification, or one more liker on the unread one. */
export async function notifyLike(
  ctx: MutationCtx,
  actor: Doc<"users">,
  ownerId: Id<"users">,
  entity: SocialEntity,
  text: string,
): Promise<void> {
  if (actor._id === ownerId) return;
  const where = entityOf(entity);
  const what = where.entityType;
  const open = await unreadLikeOf(ctx, ownerId, where.entityId);
  if (open === null) {
    await notify(ctx, {
      userId: ownerId,
      type: "like",
      title: likeTitle(nameOf(actor), 1, what),
      content: excerpt(text),
      actorId: actor._id,
      actorCount: 1,
      actorIds: [actor._id],
      ...where,
    });
    return;
  }
  const actorIds = open.actorIds ?? (open.actorId ? [open.actorId] : []);
  // Liking again after an unlike (or switching type) tells nobody anything new.
  if (actorIds.includes(actor._id)) return;
  const actorCount = (open.actorCount ?? 1) + 1;
  await ctx.db.patch("notifications", open._id, {
    actorId: actor._id,
    actorIds: [actor._id, ...actorIds].slice(0, ACTOR_MEMORY),
    actorCount,
    title: likeTitle(nameOf(actor), actorCount, what),
  });
}

/** An unlike: the unread notification no longer counts `actorId` (and goes when nobody is left). Never a new notification. */
export async function retractLike(
  ctx: MutationCtx,
  actorId: Id<"users">,
  ownerId: Id<"users">,
  entity: SocialEntity,
): Promise<void> {
  if (actorId === ownerId) return;
  const where = entityOf(entity);
  const open = await unreadLikeOf(ctx, ownerId, where.entityId);
  if (open === null) return;
  const actorIds = open.actorIds ?? (open.actorId ? [open.actorId] : []);
  if (!actorIds.includes(actorId)) return;
  const rest = actorIds.filter((id) => id !== actorId);
  const actorCount = (open.actorCount ?? 1) - 1;
  if (actorCount <= 0 || rest.length === 0) {
    await removeNotification(ctx, open);
    return;
  }
  const named = open.actorId === actorId ? rest[0]! : open.actorId!;
  const namedUser = await ctx.db.get("users", named);
  await ctx.db.patch("notifications", open._id, {
    actorId: named,
    actorIds: rest,
    actorCount,
    title: likeTitle(namedUser ? nameOf(namedUser) : "A member", actorCount, where.entityType),
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
