// Comments (spec §3 Comment): on a post, with one level of replies
// (parentCommentId). The post's commentsCount counts the visible comments and
// replies on it; a comment's repliesCount its visible replies (a comment the
// screen held is its author's only, and counts nowhere until it is fine).
// Both move in the transaction of the change, through countComment; deleting
// a comment also takes its replies and likes.
import { SocialCopy, type CommentValues } from "../../common/social";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { adjustCounters } from "./counters";
import { forbidden, invalid, notFound } from "./errors";
import { forgetLikeCount, likeOf, likesCountOf } from "./likes";
import { keptMentions, mentionViews, newlyMentioned } from "./mentions";
import { authorView, canSeePost } from "./posts";
import { screenText } from "./screening";
import { notifyComment, notifyMention } from "./socialNotifications";
import type { CommentView } from "./socialViews";

/** Rows (replies, likes) a delete removes in its own transaction; the rest go in scheduled batches. */
export const PURGE_BATCH = 200;

export function canSeeComment(viewerId: Id<"users"> | null, comment: Doc<"comments">): boolean {
  return comment.visible || (viewerId !== null && comment.authorId === viewerId);
}

/** The comment and its post when the viewer may see both, else "Comment not found". */
export async function visibleCommentOrThrow(
  ctx: QueryCtx,
  commentId: Id<"comments">,
  viewerId: Id<"users"> | null,
): Promise<{ comment: Doc<"comments">; post: Doc<"posts"> }> {
  const comment = await ctx.db.get("comments", commentId);
  const post = comment ? await ctx.db.get("posts", comment.postId) : null;
  if (comment === null || post === null || !canSeeComment(viewerId, comment) || !canSeePost(viewerId, post)) {
    notFound(SocialCopy.commentNotFound);
  }
  return { comment, post };
}

export function canEditComment(viewer: Doc<"users">, comment: Doc<"comments">): boolean {
  return comment.authorId === viewer._id;
}
export function assertCanEditComment(viewer: Doc<"users">, comment: Doc<"comments">): void {
  if (!canEditComment(viewer, comment)) forbidden(SocialCopy.onlyAuthor);
}

/** The comment's author, or the author of the post it is on. */
export function canRemoveComment(viewer: Doc<"users">, comment: Doc<"comments">, post: Doc<"posts">): boolean {
  return comment.authorId === viewer._id || post.authorId === viewer._id;
}
export function assertCanRemoveComment(viewer: Doc<"users">, comment: Doc<"comments">, post: Doc<"posts">): void {
  if (!canRemoveComment(viewer, comment, post)) forbidden(SocialCopy.onlyAuthor);
}

export async function commentView(
  ctx: QueryCtx,
  comment: Doc<"comments">,
  viewerId: Id<"users"> | null,
): Promise<CommentView> {
  const like = viewerId ? await likeOf(ctx, viewerId, { kind: "comment", comment }) : null;
  return {
    _id: comment._id,
    _creationTime: comment._creationTime,
    postId: comment.postId,
    parentCommentId: comment.parentCommentId ?? null,
    author: await authorView(ctx, comment.authorId),
    content: comment.content,
    mentions: await mentionViews(ctx, comment.mentions),
    likesCount: await likesCountOf(ctx, { kind: "comment", comment }),
    repliesCount: comment.repliesCount,
    viewerLike: like?.likeType ?? null,
    isOwn: viewerId === comment.authorId,
    editedAt: comment.editedAt ?? null,
  };
}

/** A new comment or reply by `author` on a post they may see: counts, notifications and mentions in this transaction. */
export async function insertComment(
  ctx: MutationCtx,
  author: Doc<"users">,
  post: Doc<"posts">,
  values: CommentValues,
  mentionIds: readonly Id<"users">[],
  parentCommentId?: Id<"comments">,
  options: { seeded?: boolean } = {},
): Promise<Id<"comments">> {
  let parent: Doc<"comments"> | null = null;
  if (parentCommentId !== undefined) {
    parent = await ctx.db.get("comments", parentCommentId);
    if (parent === null || parent.postId !== post._id || !canSeeComment(author._id, parent)) {
      notFound(SocialCopy.commentNotFound);
    }
    if (parent.parentCommentId !== undefined) invalid(SocialCopy.repliesOneLevel);
  }
  const mentions = await keptMentions(ctx, values.content, mentionIds);
  const screening = screenText(values.content);
  const commentId = await ctx.db.insert("comments", {
    postId: post._id,
    authorId: author._id,
    content: values.content,
    ...(parent ? { parentCommentId: parent._id } : {}),
    mentions,
    // Everyone named is told below (or hears of the comment itself), once.
    mentionsTold: screening.moderationStatus === "approved" ? mentions : [],
    likesCount: 0,
    repliesCount: 0,
    // The posts' screen: a flagged comment is seen by its author only until a moderator approves it.
    ...screening,
    visible: screening.moderationStatus === "approved",
    ...(options.seeded ? { seeded: true } : {}),
  });
  if (screening.moderationStatus === "approved") await countComment(ctx, post._id, parent?._id, 1);

  // A held comment tells nobody (its author alone sees it).
  if (screening.moderationStatus !== "approved") return commentId;
  // Each member hears once: the reply's parent author, the post's author, then those mentioned.
  const told = new Set<Id<"users">>([author._id]);
  const entity = { postId: post._id, commentId };
  if (parent && !told.has(parent.authorId)) {
    await notifyComment(ctx, author, parent.authorId, entity, values.content, true);
    told.add(parent.authorId);
  }
  if (!told.has(post.authorId)) {
    await notifyComment(ctx, author, post.authorId, entity, values.content, false);
    told.add(post.authorId);
  }
  await notifyMention(
    ctx,
    author._id,
    mentions.filter((id) => !told.has(id)),
    entity,
  );
  return commentId;
}

/** The author edits their comment: mentions re-derived, only members never told before told (model/mentions.ts). */
export async function editComment(
  ctx: MutationCtx,
  comment: Doc<"comments">,
  values: CommentValues,
  mentionIds: readonly Id<"users">[],
): Promise<void> {
  const mentions = await keptMentions(ctx, values.content, mentionIds);
  const screening = screenText(values.content);
  const visible = screening.moderationStatus === "approved";
  const { tell, mentionsTold } = newlyMentioned(comment, mentions, visible);
  await ctx.db.patch("comments", comment._id, {
    content: values.content,
    mentions,
    mentionsTold,
    editedAt: Date.now(),
    ...screening,
  });
  await setCommentVisible(ctx, comment, visible);
  await notifyMention(ctx, comment.authorId, tell, { postId: comment.postId, commentId: comment._id });
}

/** The one way comment counts move: the post's commentsCount and, for a reply, its parent's repliesCount. */
async function countComment(
  ctx: MutationCtx,
  postId: Id<"posts">,
  parentCommentId: Id<"comments"> | undefined,
  delta: 1 | -1,
): Promise<void> {
  await adjustCounters(ctx, "posts", postId, { commentsCount: delta });
  if (parentCommentId) await adjustCounters(ctx, "comments", parentCommentId, { repliesCount: delta });
}

/**
 * Shows or hides a comment (the screen on an edit, or a moderator's decision): counts follow.
 * The moderation fields are the caller's to set.
 */
export async function setCommentVisible(ctx: MutationCtx, comment: Doc<"comments">, visible: boolean): Promise<void> {
  if (comment.visible === visible) return;
  await ctx.db.patch("comments", comment._id, { visible });
  await countComment(ctx, comment.postId, comment.parentCommentId, visible ? 1 : -1);
}

/** Deletes a comment with its likes and replies (and theirs); counts follow. Large threads finish in scheduled batches. */
export async function removeComment(ctx: MutationCtx, comment: Doc<"comments">): Promise<void> {
  await ctx.db.delete("comments", comment._id);
  await forgetLikeCount(ctx, { commentId: comment._id });
  if (comment.visible) await countComment(ctx, comment.postId, comment.parentCommentId, -1);
  await purgeCommentChildren(ctx, comment._id, comment.postId);
}

/**
 * Removes up to PURGE_BATCH of a deleted comment's likes and replies (each reply with its likes);
 * schedules the next batch when more remain. Returns whether it finished.
 */
export async function purgeCommentChildren(
  ctx: MutationCtx,
  commentId: Id<"comments">,
  postId: Id<"posts">,
): Promise<boolean> {
  let budget = PURGE_BATCH;
  const likes = await ctx.db
    .query("likes")
    .withIndex("by_commentId", (q) => q.eq("commentId", commentId))
    .take(budget);
  for (const like of likes) await ctx.db.delete("likes", like._id);
  budget -= likes.length;

  const replyBudget = budget;
  const replies =
    replyBudget > 0
      ? await ctx.db
          .query("comments")
          .withIndex("by_postId_and_parentCommentId", (q) => q.eq("postId", postId).eq("parentCommentId", commentId))
          .take(replyBudget)
      : [];
  let removed = 0;
  let visibleRemoved = 0;
  for (const reply of replies) {
    const replyLikes = await ctx.db
      .query("likes")
      .withIndex("by_commentId", (q) => q.eq("commentId", reply._id))
      .take(budget);
    for (const like of replyLikes) await ctx.db.delete("likes", like._id);
    budget -= replyLikes.length;
    // A reply with more likes than this batch holds goes in the next one (its likes already fewer).
    if (budget <= 0) break;
    await ctx.db.delete("comments", reply._id);
    await forgetLikeCount(ctx, { commentId: reply._id });
    budget -= 1;
    removed += 1;
    if (reply.visible) visibleRemoved += 1;
  }
  if (visibleRemoved > 0) await adjustCounters(ctx, "posts", postId, { commentsCount: -visibleRemoved });
  const done = likes.length < PURGE_BATCH && replies.length < replyBudget && removed === replies.length;
  if (!done) await ctx.scheduler.runAfter(0, internal.social.comments.purgeChildren, { commentId, postId });
  return done;
}
