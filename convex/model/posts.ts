// Posts of the community feed (spec §2 Community feed, §3 Post, Hashtag, §5):
// who sees and edits a post, the one way a post is written (insertPost /
// updatePost / deletePost), and the view every reader gets (postView).
//
// What a post carries besides its own fields is derived in the transaction of
// each write, in one place (syncDerived): its per-tag rows, the tags' usage
// counts and uses per day (trending), the author's postsCount, and the
// Following tab's fan-out. Counts follow `visible`: a post held by the screen
// counts nowhere until a moderator approves it (applyModeration).
import { z } from "zod";
import {
  DEFAULT_POST_TYPE,
  extractHashtags,
  postCategoryLabel,
  postSchema,
  postTypeLabel,
  SOCIAL_LIMITS,
  SocialCopy,
  type ModerationStatus,
} from "../../common/social";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { addShared, adjustCounters, countedSince, sharedCount, SHOWN_COUNT_REFRESH_MS } from "./counters";
import { forgetLikeCount, likesCountOf } from "./likes";
import { forbidden, invalid, notFound, parseOrThrow } from "./errors";
import { fileByStorageId } from "./files";
import { limitOrRefuse } from "./limits";
import { keptMentions, mentionViews, newlyMentioned } from "./mentions";
import { screenText } from "./screening";
import { forgetRepost } from "./reposts";
import { notifyMention } from "./socialNotifications";
import type { AuthorView, PostView } from "./socialViews";
import { addEntry, startFanOut } from "./timeline";
import { recordNewPost } from "./suspicion";
import { isDeleted } from "./users";

export type Post = Doc<"posts">;
export type PostMedia = Post["media"][number];

export interface NewPostInput {
  content: string;
  postType?: string;
  category: string;
  location?: string;
  projectBudget?: string;
  media: PostMedia[];
  mentionIds: Id<"users">[];
  /** A repost: the original (content, the sharer's comment, may then be empty). */
  repostOfId?: Id<"posts">;
  seeded?: boolean;
}

const DAY_MS = 24 * 60 * 60_000;
/** Days since the epoch (UTC), the key of hashtagDays. */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

// ---------------------------------------------------------------------------
// Who sees and edits

/** Everyone sees a visible post; its author also sees it while it is held or hidden. */
export function canSeePost(viewerId: Id<"users"> | null, post: Pick<Post, "authorId" | "visible">): boolean {
  return post.visible || (viewerId !== null && post.authorId === viewerId);
}

export function assertCanSeePost(viewerId: Id<"users"> | null, post: Pick<Post, "authorId" | "visible">): void {
  // A hidden post looks absent to others.
  if (!canSeePost(viewerId, post)) notFound(SocialCopy.postNotFound);
}

export function canEditPost(viewerId: Id<"users"> | null, post: Pick<Post, "authorId">): boolean {
  return viewerId !== null && post.authorId === viewerId;
}

export function assertCanEditPost(viewerId: Id<"users"> | null, post: Pick<Post, "authorId">): void {
  if (!canEditPost(viewerId, post)) forbidden(SocialCopy.onlyAuthor);
}

/** The post if `viewerId` may see it, else ConvexError "Post not found" (a hidden post looks absent). */
export async function visiblePostOrThrow(
  ctx: QueryCtx,
  postId: Id<"posts"> | string,
  viewerId: Id<"users"> | null,
): Promise<Post> {
  const id = ctx.db.normalizeId("posts", postId);
  const post = id ? await ctx.db.get("posts", id) : null;
  if (post === null) notFound(SocialCopy.postNotFound);
  assertCanSeePost(viewerId, post);
  return post;
}

// ---------------------------------------------------------------------------
// Views

const DELETED_AUTHOR = { firstName: "Deleted", lastName: "member" };

/** The author line of a card; a deleted account reads "Deleted member". */
export async function authorView(ctx: QueryCtx, userId: Id<"users">): Promise<AuthorView> {
  const user = await ctx.db.get("users", userId);
  if (user === null || isDeleted(user)) {
    return {
      _id: userId,
      ...DELETED_AUTHOR,
      businessName: null,
      image: null,
      verified: false,
      userType: null,
      primaryProfession: null,
    };
  }
  return {
    _id: user._id,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    businessName: user.businessName ?? null,
    image: user.image ?? null,
    verified: user.verified ?? false,
    userType: user.userType ?? null,
    primaryProfession: user.primaryProfession ?? null,
  };
}

/** The fields every view of a post shares (an embedded original has just these). */
async function baseView(ctx: QueryCtx, post: Post) {
  const media = [];
  for (const m of post.media) media.push({ url: await ctx.storage.getUrl(m.storageId), kind: m.kind });
  return {
    _id: post._id,
    _creationTime: post._creationTime,
    author: await authorView(ctx, post.authorId),
    content: post.content,
    postType: post.postType,
    category: post.category,
    media,
    hashtags: post.hashtags,
    mentions: await mentionViews(ctx, post.mentions),
    location: post.location ?? null,
    projectBudget: post.projectBudget ?? null,
    likesCount: await likesCountOf(ctx, { kind: "post", post }),
    commentsCount: post.commentsCount,
    sharesCount: post.sharesCount,
    editedAt: post.editedAt ?? null,
  };
}

/** The viewer's like on the post itself (not on one of its comments), or null. */
export async function viewerPostLike(ctx: QueryCtx, postId: Id<"posts">, viewerId: Id<"users"> | null) {
  if (viewerId === null) return null;
  const likes = await ctx.db
    .query("likes")
    .withIndex("by_userId_and_postId", (q) => q.eq("userId", viewerId).eq("postId", postId))
    .take(50);
  return likes.find((l) => l.commentId === undefined) ?? null;
}

/** A post as `viewerId` sees it (call after canSeePost): the screen's reasons only for the author. */
export async function postView(ctx: QueryCtx, post: Post, viewerId: Id<"users"> | null): Promise<PostView> {
  const isOwn = viewerId !== null && viewerId === post.authorId;
  let repostOf: PostView["repostOf"] = null;
  if (post.repostOfId !== undefined) {
    const original = await ctx.db.get("posts", post.repostOfId);
    if (original !== null && canSeePost(viewerId, original)) repostOf = await baseView(ctx, original);
  }
  const base = await baseView(ctx, post);
  return {
    ...base,
    // Edit sends back the media it keeps by storage id: only the author is given them.
    media: isOwn ? base.media.map((m, i) => ({ ...m, storageId: post.media[i]!.storageId })) : base.media,
    viewerLike: (await viewerPostLike(ctx, post._id, viewerId))?.likeType ?? null,
    isOwn,
    moderationStatus: post.moderationStatus,
    moderationFlags: isOwn ? post.moderationFlags : [],
    isRepost: post.repostOfId !== undefined,
    repostOf,
  };
}

/** Views of the posts `viewerId` may see, in order (deleted or hidden ones left out). */
export async function postViews(ctx: QueryCtx, posts: readonly (Post | null)[], viewerId: Id<"users"> | null) {
  const out: PostView[] = [];
  for (const post of posts)
    if (post !== null && canSeePost(viewerId, post)) out.push(await postView(ctx, post, viewerId));
  return out;
}

// ---------------------------------------------------------------------------
// Writing

/** New posts one member may publish per hour (each fans out to their followers and connections). */
export async function limitPosts(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  await limitOrRefuse(ctx, "posts", userId, userId);
}

// A repost's own text is the sharer's optional comment.
const repostSchema = postSchema.extend({
  content: z.string().trim().max(SOCIAL_LIMITS.content, SocialCopy.tooLong("Post", SOCIAL_LIMITS.content)),
});

function parseInput(input: NewPostInput) {
  const values = parseOrThrow(input.repostOfId !== undefined ? repostSchema : postSchema, {
    content: input.content,
    postType: input.postType || DEFAULT_POST_TYPE,
    category: input.category,
    location: input.location,
    projectBudget: input.projectBudget,
  });
  if (input.media.length > SOCIAL_LIMITS.media) invalid(SocialCopy.tooManyMedia, { media: SocialCopy.tooManyMedia });
  if (new Set(input.media.map((m) => m.storageId)).size !== input.media.length) invalid(SocialCopy.tooManyMedia);
  return values;
}

function searchTextOf(content: string, hashtags: readonly string[], category: string, postType: string): string {
  return [content, ...hashtags, postCategoryLabel(category), postTypeLabel(postType)].join(" ");
}

/**
 * Writes a new post by `author` (media already claimed by the caller) and everything derived
 * from it: screening, tags, counts, the Following tab, mention notifications.
 */
export async function insertPost(
  ctx: MutationCtx,
  author: Doc<"users">,
  input: NewPostInput,
  /** `fanOut: false`: the caller writes the Following rows itself (bulk seeds, which would schedule one run per post). */
  options: { fanOut?: boolean } = {},
): Promise<Id<"posts">> {
  const values = parseInput(input);
  const hashtags = extractHashtags(values.content);
  const screening = screenText(values.content);
  const mentions = await keptMentions(ctx, values.content, input.mentionIds);
  const visible = isVisible(author, screening.moderationStatus);
  const postId = await ctx.db.insert("posts", {
    authorId: author._id,
    content: values.content,
    postType: values.postType,
    category: values.category,
    media: input.media,
    hashtags,
    mentions,
    // Told below when visible; a held post tells nobody yet.
    mentionsTold: visible ? mentions : [],
    ...(values.location ? { location: values.location } : {}),
    ...(values.projectBudget ? { projectBudget: values.projectBudget } : {}),
    isPublic: true,
    ...screening,
    visible,
    likesCount: 0,
    commentsCount: 0,
    sharesCount: 0,
    ...(input.repostOfId ? { repostOfId: input.repostOfId } : {}),
    searchText: searchTextOf(values.content, hashtags, values.category, values.postType),
    ...(input.seeded ? { seeded: true } : {}),
  });
  const post = (await ctx.db.get("posts", postId))!;
  await recordNewPost(ctx, author, values.content);
  // The author's own posts are in their Following tab, held ones too (they see them).
  await addEntry(ctx, author._id, post);
  await syncDerived(ctx, null, post, options.fanOut ?? true);
  if (post.visible) await notifyMention(ctx, author._id, mentions, { postId });
  return postId;
}

function isVisible(author: Doc<"users">, status: ModerationStatus): boolean {
  return !isDeleted(author) && author.bannedAt === undefined && (status === "approved" || status === "pending");
}

export type PostEdit = Omit<NewPostInput, "repostOfId" | "seeded">;

/** The author's edit: fields, media list (claimed/released by the caller) and mentions; screened and re-derived. */
export async function updatePost(ctx: MutationCtx, author: Doc<"users">, post: Post, input: PostEdit): Promise<void> {
  assertCanEditPost(author._id, post);
  const values = parseInput({ ...input, ...(post.repostOfId ? { repostOfId: post.repostOfId } : {}) });
  const hashtags = extractHashtags(values.content);
  const screening = screenText(values.content);
  const mentions = await keptMentions(ctx, values.content, input.mentionIds);
  const visible = isVisible(author, screening.moderationStatus);
  const { tell, mentionsTold } = newlyMentioned(post, mentions, visible);
  await ctx.db.patch("posts", post._id, {
    content: values.content,
    postType: values.postType,
    category: values.category,
    media: input.media,
    hashtags,
    mentions,
    mentionsTold,
    // Cleared optional fields go away.
    location: values.location,
    projectBudget: values.projectBudget,
    ...screening,
    visible,
    editedAt: Date.now(),
    searchText: searchTextOf(values.content, hashtags, values.category, values.postType),
  });
  const after = (await ctx.db.get("posts", post._id))!;
  await syncDerived(ctx, post, after);
  // Only members never told of a mention in this post: re-adding a name tells nobody twice.
  await notifyMention(ctx, author._id, tell, { postId: post._id });
}

/**
 * Deletes a removed post's photos and videos (bytes and files rows, which also gives the quota
 * back). A storage URL is served to anyone who has it, so hiding or deleting the post alone would
 * leave them public (issue 29). A file recorded as someone else's, or as held by another row, is
 * left alone; one without a record (stored before files were tracked) was this post's to lose.
 */
async function releasePostMedia(ctx: MutationCtx, post: Post): Promise<void> {
  for (const m of post.media) {
    const row = await fileByStorageId(ctx, m.storageId);
    if (row !== null && (row.uploaderId !== post.authorId || (row.attachedTo ?? post._id) !== post._id)) continue;
    if (row !== null) await ctx.db.delete("files", row._id);
    if ((await ctx.db.system.get(m.storageId)) !== null) await ctx.storage.delete(m.storageId);
  }
}

/**
 * Deletes the post and what hangs on it: its media now (whoever removes it: author, moderator, cleanup
 * purge, account purge), tags and counts now, comments, likes, shares and Following rows in scheduled batches.
 */
export async function deletePost(ctx: MutationCtx, post: Post): Promise<void> {
  await releasePostMedia(ctx, post);
  await ctx.db.delete("posts", post._id);
  await forgetLikeCount(ctx, { postId: post._id });
  // A repost's share of its original goes with it (model/reposts.ts).
  await forgetRepost(ctx, post);
  await syncDerived(ctx, post, null);
  await ctx.scheduler.runAfter(0, internal.social.posts.cascadeRemoval, { postId: post._id, step: "feedEntries" });
}

/**
 * A moderator's decision (the admin queue, the cleanup): approved shows the post to everyone,
 * rejected or flagged hides it; counts, tags and the Following tab follow. Rejected is a removal
 * (restorable as text only): its media are deleted now, since their URLs stay public while hidden.
 * Flagged only holds the post for review, media kept for the moderator.
 */
export async function applyModeration(ctx: MutationCtx, post: Post, status: ModerationStatus): Promise<void> {
  const author = await ctx.db.get("users", post.authorId);
  const visible = author !== null && isVisible(author, status);
  if (status === "rejected") await releasePostMedia(ctx, post);
  await ctx.db.patch("posts", post._id, {
    moderationStatus: status,
    visible,
    ...(status === "rejected" ? { media: [] } : {}),
    ...(status === "approved" ? { moderationConfidence: 1 } : {}),
  });
  await syncDerived(ctx, post, (await ctx.db.get("posts", post._id))!);
}

/**
 * A member's account was deleted or restored: their posts leave every feed, count and tag, or come back
 * (held ones stay held), one page of `pageSize` posts per call. Following rows stay while hidden (the
 * readers skip hidden posts), so coming back needs no new fan-out. Returns the next cursor, or null when done.
 */
export async function syncAuthorPosts(
  ctx: MutationCtx,
  authorId: Id<"users">,
  cursor: string | null,
  pageSize: number,
): Promise<string | null> {
  const author = await ctx.db.get("users", authorId);
  if (author === null) return null;
  const page = await ctx.db
    .query("posts")
    .withIndex("by_authorId", (q) => q.eq("authorId", authorId))
    .paginate({ numItems: pageSize, cursor });
  for (const post of page.page) {
    const visible = isVisible(author, post.moderationStatus);
    if (visible === post.visible) continue;
    await ctx.db.patch("posts", post._id, { visible });
    await syncDerived(ctx, post, (await ctx.db.get("posts", post._id))!, false);
  }
  return page.isDone ? null : page.continueCursor;
}

/** Keeps what is derived from a post in step with a write: `before` null for a new post, `after` null for a deleted one. */
async function syncDerived(ctx: MutationCtx, before: Post | null, after: Post | null, fanOut = true): Promise<void> {
  const post = (after ?? before)!;
  const now = Date.now();
  const rows =
    before === null
      ? []
      : await ctx.db
          .query("postHashtags")
          .withIndex("by_postId", (q) => q.eq("postId", post._id))
          .take(SOCIAL_LIMITS.hashtags * 2);
  const wanted = new Set(after?.hashtags ?? []);
  for (const row of rows) {
    if (!wanted.has(row.tag)) await ctx.db.delete("postHashtags", row._id);
    else if (row.visible !== after!.visible) await ctx.db.patch("postHashtags", row._id, { visible: after!.visible });
  }
  const had = new Map(rows.map((r) => [r.tag, r]));
  for (const tag of wanted) {
    if (!had.has(tag)) {
      await ctx.db.insert("postHashtags", {
        tag,
        postId: post._id,
        visible: after!.visible,
        postCreatedAt: post._creationTime,
      });
    }
  }

  // A tag is used by the visible posts carrying it; a use counts on the day it began.
  const was = new Set(before?.visible ? before.hashtags : []);
  const is = new Set(after?.visible ? after.hashtags : []);
  for (const tag of is) if (!was.has(tag)) await useTag(ctx, tag, 1, dayOf(now), now);
  for (const tag of was) {
    if (!is.has(tag)) await useTag(ctx, tag, -1, dayOf(had.get(tag)?._creationTime ?? now), now);
  }

  const postsDelta = (after?.visible ? 1 : 0) - (before?.visible ? 1 : 0);
  if (postsDelta !== 0) await adjustCounters(ctx, "users", post.authorId, { postsCount: postsDelta });

  if (fanOut && after?.visible && !before?.visible) {
    await startFanOut(ctx, post._id);
  }
}

/** lastUsedAt moves at most this often: a tag in use every second would otherwise be a hot row. */
const LAST_USED_GRAIN_MS = 60 * 60_000;

/**
 * One use of a tag more or less, on `day`. The counts live in the sharded counter (a popular tag
 * is used by many members at once); the hashtags row is written on the tag's first use and hourly
 * after, and the hashtagDays row, the index trending ranks by, is refreshed by syncTagDay at most
 * once per SHOWN_COUNT_REFRESH_MS.
 */
async function useTag(ctx: MutationCtx, tag: string, delta: 1 | -1, day: number, now: number): Promise<void> {
  await addShared(ctx, `tag:${tag}`, delta);
  await addShared(ctx, `tagDay:${tag}:${day}`, delta);
  const row = await ctx.db
    .query("hashtags")
    .withIndex("by_name", (q) => q.eq("name", tag))
    .unique();
  if (row === null) {
    if (delta > 0) await ctx.db.insert("hashtags", { name: tag, usageCount: 0, lastUsedAt: now });
  } else if (delta > 0 && now - row.lastUsedAt >= LAST_USED_GRAIN_MS) {
    await ctx.db.patch("hashtags", row._id, { lastUsedAt: now });
  }
  const perDay = await ctx.db
    .query("hashtagDays")
    .withIndex("by_tag_and_day", (q) => q.eq("tag", tag).eq("day", day))
    .unique();
  // A refresh already on its way will see this use: no write, so no conflict with the other users of the tag.
  if (perDay?.syncPending) return;
  let dayId = perDay?._id;
  if (dayId === undefined) dayId = await ctx.db.insert("hashtagDays", { tag, day, count: 0, syncPending: true });
  else await ctx.db.patch("hashtagDays", dayId, { syncPending: true });
  await ctx.scheduler.runAfter(SHOWN_COUNT_REFRESH_MS, internal.social.counts.syncTagDay, { dayId });
}

/** A tag's uses now (posts carrying it): exact, the counter plus the count its row kept before. */
export async function tagUsage(ctx: QueryCtx, tag: string): Promise<number> {
  const row = await ctx.db
    .query("hashtags")
    .withIndex("by_name", (q) => q.eq("name", tag))
    .unique();
  return await sharedCount(ctx, `tag:${tag}`, row?.usageCount ?? 0);
}

/**
 * Copies a tag's day count from the counter onto its hashtagDays row (the index trending ranks by):
 * adds what the counter moved since the last copy, so a count the row kept before the counter stays.
 */
export async function syncTagDayRow(ctx: MutationCtx, dayId: Id<"hashtagDays">): Promise<void> {
  const row = await ctx.db.get("hashtagDays", dayId);
  if (row === null) return;
  const counted = await countedSince(ctx, `tagDay:${row.tag}:${row.day}`);
  const moved = counted - (row.synced ?? 0);
  await ctx.db.patch("hashtagDays", row._id, {
    count: Math.max(0, row.count + moved),
    synced: counted,
    syncPending: false,
  });
}

/** Rows per day trending reads: the day's most used tags. */
const TRENDING_PER_DAY = 50;

/** The most used tags over the last SOCIAL_LIMITS.trendingDays days (each day's top rows from the index). */
export async function trendingTags(ctx: QueryCtx, limit: number): Promise<{ name: string; count: number }[]> {
  const today = dayOf(Date.now());
  const totals = new Map<string, number>();
  for (let day = today - SOCIAL_LIMITS.trendingDays + 1; day <= today; day++) {
    const top = await ctx.db
      .query("hashtagDays")
      .withIndex("by_day_and_count", (q) => q.eq("day", day).gt("count", 0))
      .order("desc")
      .take(TRENDING_PER_DAY);
    for (const row of top) totals.set(row.tag, (totals.get(row.tag) ?? 0) + row.count);
  }
  return [...totals]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, limit);
}
