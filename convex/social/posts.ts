// Posts of the community feed (spec §2 Community feed, §5, §7): write, edit and
// delete your own; read the Latest and Following tabs, one member's posts, one
// post, and the trending tags. Rules live in model/posts.ts and model/timeline.ts.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { vOnCompleteArgs } from "@convex-dev/workpool";
import { v } from "convex/values";
import { isPostCategory, isPostType, normalizeHashtag, SOCIAL_LIMITS, SocialCopy } from "../../common/social";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { internalMutation, internalQuery, mutation, query } from "../functions";
import { invalid, notFound } from "../model/errors";
import { limitEdits } from "../model/limits";
import { attachFile, claimFile, discardUnclaimed, refusalValidator, releaseFile, type Claim } from "../model/files";
import { cappedPagination } from "../model/paging";
import {
  assertCanEditPost,
  canSeePost,
  deletePost,
  insertPost,
  limitPosts,
  postView,
  postViews,
  syncAuthorPosts,
  trendingTags,
  updatePost,
  type PostMedia,
} from "../model/posts";
import { forgetLikeCount } from "../model/likes";
import { postViewValidator } from "../model/socialViews";
import { addEntry, FAN_OUT_STAGES, fanOutPageDone as fanOutPageDoneHandler, fanOutPageResult, onUnfollow, TIMELINE_BATCH } from "../model/timeline";

const mediaKind = v.union(v.literal("image"), v.literal("video"));
const mediaArg = v.object({ storageId: v.id("_storage"), kind: mediaKind });

const formArgs = {
  content: v.string(),
  postType: v.optional(v.string()),
  category: v.string(),
  location: v.optional(v.string()),
  projectBudget: v.optional(v.string()),
  /** Photos and videos in order: the viewer's new uploads (purpose "post") and, on edit, the ones the post keeps. */
  media: v.optional(v.array(mediaArg)),
  mentionIds: v.optional(v.array(v.id("users"))),
};

/** Images under 5 MB, videos under 50 MB, checked on the stored file (spec §9). */
function claimMedia(ctx: MutationCtx, viewer: Doc<"users">, m: PostMedia, attachedTo?: string): Promise<Claim> {
  const image = m.kind === "image";
  return claimFile(ctx, viewer, m.storageId, {
    purpose: "post",
    ...(attachedTo ? { attachedTo } : {}),
    maxBytes: image ? SOCIAL_LIMITS.imageBytes : SOCIAL_LIMITS.videoBytes,
    types: [image ? "image/" : "video/"],
    messages: { type: SocialCopy.mediaType, size: image ? SocialCopy.imageTooLarge : SocialCopy.videoTooLarge },
  });
}

/**
 * Claims `fresh` for the viewer, all or nothing: on a refusal, what this call claimed is given
 * back, the other new uploads are discarded, and the refusal is returned (not thrown, so the
 * deletions stand; model/files.ts).
 */
async function claimAll(ctx: MutationCtx, viewer: Doc<"users">, fresh: readonly PostMedia[], attachedTo?: string) {
  const claimed: { storageId: Id<"_storage">; fileId: Id<"files"> }[] = [];
  for (const m of fresh) {
    const claim = await claimMedia(ctx, viewer, m, attachedTo);
    if (!claim.ok) {
      for (const c of claimed) await releaseFile(ctx, viewer, c.storageId);
      for (const other of fresh) if (other.storageId !== m.storageId) await discardUnclaimed(ctx, other.storageId);
      return { ok: false as const, error: claim.error };
    }
    claimed.push({ storageId: m.storageId, fileId: claim.fileId });
  }
  return { ok: true as const, claimed };
}

function checkMediaCount(media: readonly PostMedia[]) {
  if (media.length > SOCIAL_LIMITS.media) invalid(SocialCopy.tooManyMedia, { media: SocialCopy.tooManyMedia });
  if (new Set(media.map((m) => m.storageId)).size !== media.length) invalid(SocialCopy.tooManyMedia);
}

/** New Post: content, type, category, optional place and budget, photos and videos, mentions. */
export const create = mutation({
  args: formArgs,
  returns: v.union(v.object({ postId: v.id("posts") }), refusalValidator),
  handler: async (ctx, { media = [], mentionIds = [], ...fields }) => {
    const viewer = ctx.viewerX();
    checkMediaCount(media);
    await limitPosts(ctx, viewer._id);
    const claim = await claimAll(ctx, viewer, media);
    if (!claim.ok) return { refused: claim.error };
    const postId = await insertPost(ctx, viewer, { ...fields, media, mentionIds });
    for (const c of claim.claimed) await attachFile(ctx, c.fileId, postId);
    return { postId };
  },
});

/** Edit (author only): the full new media list, kept and new; dropped media are deleted. */
export const update = mutation({
  args: { postId: v.id("posts"), ...formArgs },
  returns: v.union(v.null(), refusalValidator),
  handler: async (ctx, { postId, media = [], mentionIds = [], ...fields }) => {
    const viewer = ctx.viewerX();
    const post = await ctx.db.get("posts", postId);
    if (post === null || !canSeePost(viewer._id, post)) notFound(SocialCopy.postNotFound);
    assertCanEditPost(viewer._id, post);
    checkMediaCount(media);
    await limitEdits(ctx, viewer._id);
    const current = new Set(post.media.map((m) => m.storageId));
    const fresh = media.filter((m) => !current.has(m.storageId));
    const claim = await claimAll(ctx, viewer, fresh, post._id);
    if (!claim.ok) return { refused: claim.error };
    // A kept file keeps its kind as stored.
    const kinds = new Map(post.media.map((m) => [m.storageId, m.kind]));
    const next = media.map((m) => ({ storageId: m.storageId, kind: kinds.get(m.storageId) ?? m.kind }));
    await updatePost(ctx, viewer, post, { ...fields, media: next, mentionIds });
    const keep = new Set(next.map((m) => m.storageId));
    for (const m of post.media) if (!keep.has(m.storageId)) await releaseFile(ctx, viewer, m.storageId);
    return null;
  },
});

/** Delete (author only): the post leaves every feed at once; its media are deleted. */
export const remove = mutation({
  args: { postId: v.id("posts") },
  returns: v.null(),
  handler: async (ctx, { postId }) => {
    const viewer = ctx.viewerX();
    const post = await ctx.db.get("posts", postId);
    if (post === null || !canSeePost(viewer._id, post)) notFound(SocialCopy.postNotFound);
    assertCanEditPost(viewer._id, post);
    // Its media go with it (deletePost frees them on every removal path).
    await deletePost(ctx, post);
    return null;
  },
});

/** One post's page (`/feed/{postId}`): null when it is gone or hidden from the viewer. */
export const get = query({
  args: { postId: v.string() },
  returns: v.union(postViewValidator, v.null()),
  handler: async (ctx, { postId }) => {
    const viewerId = ctx.viewer?._id ?? null;
    const id = ctx.db.normalizeId("posts", postId);
    const post = id ? await ctx.db.get("posts", id) : null;
    if (post === null || !canSeePost(viewerId, post)) return null;
    return await postView(ctx, post, viewerId);
  },
});

const postPage = paginationResultValidator(postViewValidator);

/** Latest (anyone): newest first, optionally one category, one type and/or one #tag. */
export const latest = query({
  args: {
    paginationOpts: paginationOptsValidator,
    category: v.optional(v.string()),
    postType: v.optional(v.string()),
    tag: v.optional(v.string()),
  },
  returns: postPage,
  handler: async (ctx, args) => {
    const viewerId = ctx.viewer?._id ?? null;
    const opts = cappedPagination(args.paginationOpts, 50);
    const category = args.category || undefined;
    const postType = args.postType || undefined;
    if (category !== undefined && !isPostCategory(category)) invalid("Unknown category");
    if (postType !== undefined && !isPostType(postType)) invalid("Unknown post type");
    if (args.tag) {
      const tag = normalizeHashtag(args.tag);
      if (tag === null) invalid("Unknown tag");
      const rows = await ctx.db
        .query("postHashtags")
        .withIndex("by_tag_and_visible_and_postCreatedAt", (q) => q.eq("tag", tag).eq("visible", true))
        .order("desc")
        .paginate(opts);
      const posts = await Promise.all(rows.page.map((r) => ctx.db.get("posts", r.postId)));
      // Category and type within a tag are narrowed on the page (a tag's posts are few per page).
      const wanted = posts.filter(
        (p) => p !== null && (!category || p.category === category) && (!postType || p.postType === postType),
      );
      return { ...rows, page: await postViews(ctx, wanted, viewerId) };
    }
    const q = ctx.db.query("posts");
    const indexed =
      category && postType
        ? q.withIndex("by_visible_and_category_and_postType", (i) =>
            i.eq("visible", true).eq("category", category).eq("postType", postType),
          )
        : category
          ? q.withIndex("by_visible_and_category", (i) => i.eq("visible", true).eq("category", category))
          : postType
            ? q.withIndex("by_visible_and_postType", (i) => i.eq("visible", true).eq("postType", postType))
            : q.withIndex("by_visible", (i) => i.eq("visible", true));
    const result = await indexed.order("desc").paginate(opts);
    return { ...result, page: await postViews(ctx, result.page, viewerId) };
  },
});

/** Following (signed in): posts of the people the viewer follows or is connected with, and their own, newest first. */
export const following = query({
  args: { paginationOpts: paginationOptsValidator },
  returns: postPage,
  handler: async (ctx, args) => {
    const viewer = ctx.viewerX();
    const result = await ctx.db
      .query("feedEntries")
      .withIndex("by_viewerId_and_postCreatedAt", (q) => q.eq("viewerId", viewer._id))
      .order("desc")
      .paginate(cappedPagination(args.paginationOpts, 50));
    const posts = await Promise.all(result.page.map((e) => ctx.db.get("posts", e.postId)));
    return { ...result, page: await postViews(ctx, posts, viewer._id) };
  },
});

/** A member's posts (their profile's Posts tab), newest first; the member also sees their held posts. */
export const byAuthor = query({
  args: { paginationOpts: paginationOptsValidator, userId: v.id("users") },
  returns: postPage,
  handler: async (ctx, { paginationOpts, userId }) => {
    const viewerId = ctx.viewer?._id ?? null;
    const opts = cappedPagination(paginationOpts, 50);
    const result = await (viewerId === userId
      ? ctx.db.query("posts").withIndex("by_authorId", (q) => q.eq("authorId", userId))
      : ctx.db.query("posts").withIndex("by_authorId_and_visible", (q) => q.eq("authorId", userId).eq("visible", true))
    )
      .order("desc")
      .paginate(opts);
    return { ...result, page: await postViews(ctx, result.page, viewerId) };
  },
});

/** Trending tags: the 10 most used over the last 7 days. */
export const trending = query({
  args: {},
  returns: v.array(v.object({ name: v.string(), count: v.number() })),
  handler: async (ctx) => await trendingTags(ctx, 10),
});

// ---------------------------------------------------------------------------
// Scheduled work

const fanOutStage = v.union(...FAN_OUT_STAGES.map((s) => v.literal(s)));

/**
 * One work item of a post's fan-out (model/timeline.ts startFanOut): one indexed page of the
 * author's followers, then of their connections (requests they sent, then received), into those
 * readers' Following tab. Returns the page that comes next; the pool's callback queues it.
 */
export const fanOut = internalMutation({
  args: { postId: v.id("posts"), stage: fanOutStage, cursor: v.union(v.string(), v.null()) },
  returns: fanOutPageResult,
  handler: async (ctx, { postId, stage, cursor }) => {
    const post = await ctx.db.get("posts", postId);
    // Deleted or hidden since: stop (showing it again fans out again).
    if (post === null || !post.visible) return { readers: 0, next: null };
    const opts = { numItems: TIMELINE_BATCH, cursor };
    let page: { readers: Id<"users">[]; isDone: boolean; continueCursor: string };
    if (stage === "followers") {
      const r = await ctx.db
        .query("follows")
        .withIndex("by_followingId", (q) => q.eq("followingId", post.authorId))
        .paginate(opts);
      page = { readers: r.page.map((f) => f.followerId), isDone: r.isDone, continueCursor: r.continueCursor };
    } else if (stage === "sent") {
      const r = await ctx.db
        .query("connections")
        .withIndex("by_requesterId_and_status", (q) => q.eq("requesterId", post.authorId).eq("status", "accepted"))
        .paginate(opts);
      page = { readers: r.page.map((c) => c.receiverId), isDone: r.isDone, continueCursor: r.continueCursor };
    } else {
      const r = await ctx.db
        .query("connections")
        .withIndex("by_receiverId_and_status", (q) => q.eq("receiverId", post.authorId).eq("status", "accepted"))
        .paginate(opts);
      page = { readers: r.page.map((c) => c.requesterId), isDone: r.isDone, continueCursor: r.continueCursor };
    }
    for (const readerId of page.readers) await addEntry(ctx, readerId, post);
    const nextStage = FAN_OUT_STAGES[FAN_OUT_STAGES.indexOf(stage) + 1];
    const next = !page.isDone
      ? { stage, cursor: page.continueCursor }
      : nextStage !== undefined
        ? { stage: nextStage, cursor: null }
        : null;
    return { readers: page.readers.length, next };
  },
});

/** The pool's word on one page of a post's fan-out: counted, and the next page queued (or the fan-out marked done). */
export const fanOutPageDone = internalMutation({
  args: vOnCompleteArgs(v.object({ postId: v.id("posts"), fanOutId: v.id("fanOuts") }), fanOutPageResult),
  returns: v.null(),
  handler: async (ctx, { context, result }) => {
    await fanOutPageDoneHandler(ctx, context.fanOutId, result);
    return null;
  },
});

const AUTHOR_POSTS_BATCH = 100;

/** A deleted (or restored) member's posts leave (or rejoin) the feeds, a page per run (model/accountDeletion.ts). */
export const syncAuthorPostsBatch = internalMutation({
  args: { authorId: v.id("users"), cursor: v.union(v.string(), v.null()) },
  returns: v.null(),
  handler: async (ctx, { authorId, cursor }) => {
    const next = await syncAuthorPosts(ctx, authorId, cursor, AUTHOR_POSTS_BATCH);
    if (next !== null) await ctx.scheduler.runAfter(0, internal.social.posts.syncAuthorPostsBatch, { authorId, cursor: next });
    return null;
  },
});

/** The rest of a large Following tab's rows of one author (model/timeline.ts onUnfollow). */
export const dropAuthorEntries = internalMutation({
  args: { viewerId: v.id("users"), authorId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { viewerId, authorId }) => {
    await onUnfollow(ctx, viewerId, authorId);
    return null;
  },
});

const CASCADE_STEPS = ["feedEntries", "comments", "likes", "shares"] as const;
const cascadeStep = v.union(...CASCADE_STEPS.map((s) => v.literal(s)));
/** Comments a cascade run deletes (with up to CASCADE_BATCH likes each). */
const COMMENTS_PER_RUN = 50;
const CASCADE_BATCH = 200;

/** A deleted post's rows, one bounded batch per run: Following rows, comments (and their likes), likes, shares. */
export const cascadeRemoval = internalMutation({
  args: { postId: v.id("posts"), step: cascadeStep },
  returns: v.null(),
  handler: async (ctx, { postId, step }) => {
    let more = false;
    if (step === "feedEntries") {
      const rows = await ctx.db
        .query("feedEntries")
        .withIndex("by_postId", (q) => q.eq("postId", postId))
        .take(CASCADE_BATCH);
      for (const row of rows) await ctx.db.delete("feedEntries", row._id);
      more = rows.length === CASCADE_BATCH;
      // Its fan-out's record goes with the rows it wrote (a page still running finds the post gone and stops).
      const fanOut = more ? null : await ctx.db.query("fanOuts").withIndex("by_postId", (q) => q.eq("postId", postId)).unique();
      if (fanOut !== null) await ctx.db.delete("fanOuts", fanOut._id);
    } else if (step === "comments") {
      const comments = await ctx.db
        .query("comments")
        .withIndex("by_postId_and_parentCommentId", (q) => q.eq("postId", postId))
        .take(COMMENTS_PER_RUN);
      for (const comment of comments) {
        const likes = await ctx.db
          .query("likes")
          .withIndex("by_commentId", (q) => q.eq("commentId", comment._id))
          .take(CASCADE_BATCH);
        for (const like of likes) await ctx.db.delete("likes", like._id);
        // A comment with more likes than a batch goes in a later run, after the rest of its likes.
        if (likes.length < CASCADE_BATCH) {
          await ctx.db.delete("comments", comment._id);
          await forgetLikeCount(ctx, { commentId: comment._id });
        } else more = true;
      }
      more ||= comments.length === COMMENTS_PER_RUN;
    } else if (step === "likes") {
      const rows = await ctx.db
        .query("likes")
        .withIndex("by_postId", (q) => q.eq("postId", postId))
        .take(CASCADE_BATCH);
      for (const row of rows) await ctx.db.delete("likes", row._id);
      more = rows.length === CASCADE_BATCH;
    } else {
      const rows = await ctx.db
        .query("shares")
        .withIndex("by_postId", (q) => q.eq("postId", postId))
        .take(CASCADE_BATCH);
      for (const row of rows) await ctx.db.delete("shares", row._id);
      more = rows.length === CASCADE_BATCH;
    }
    const next = more ? step : CASCADE_STEPS[CASCADE_STEPS.indexOf(step) + 1];
    if (next !== undefined) await ctx.scheduler.runAfter(0, internal.social.posts.cascadeRemoval, { postId, step: next });
    return null;
  },
});

/** REST edits (http/posts.ts): the post's media with their URLs, so a client's current URL keeps a file. */
export const mediaOf = internalQuery({
  args: { postId: v.id("posts"), userId: v.id("users") },
  returns: v.union(
    v.null(),
    v.object({
      isAuthor: v.boolean(),
      media: v.array(v.object({ storageId: v.id("_storage"), kind: mediaKind, url: v.union(v.string(), v.null()) })),
    }),
  ),
  handler: async (ctx, { postId, userId }) => {
    const post = await ctx.db.get("posts", postId);
    if (post === null || !canSeePost(userId, post)) return null;
    const media = [];
    for (const m of post.media) media.push({ ...m, url: await ctx.storage.getUrl(m.storageId) });
    return { isAuthor: post.authorId === userId, media };
  },
});
