// REST routes of the community feed and the site search (spec §7): thin
// wrappers over the same queries and mutations the app calls, run as the
// Bearer token's user. Posts answer in the spec's shape (§3 Post, the feed view
// adding isLiked and user); media go in as inline data strings (spec: images)
// and are stored, then claimed and checked by the same mutation the app uses.
import { z } from "zod";
import { ErrorCode } from "../../common/errors";
import { POST_CATEGORIES, POST_TYPES, postSchema, SEARCH_TYPES, SOCIAL_LIMITS, SocialCopy } from "../../common/social";
import { api, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { ActionCtx } from "../_generated/server";
import { parseOrThrow, refuse } from "../model/errors";
import type { PostView } from "../model/socialViews";
import {
  idParam,
  pageParams,
  queryParams,
  readJsonObject,
  requireSignedIn,
  restError,
  stringField,
  withCursor,
  type RestRoute,
} from "./rest";

/** Spec §3 Post as REST answers it (the feed view: isLiked and user). */
export function restPost(p: PostView) {
  const createdAt = new Date(p._creationTime).toISOString();
  const urls = (kind: "image" | "video") => p.media.filter((m) => m.kind === kind && m.url !== null).map((m) => m.url!);
  return {
    id: p._id,
    userId: p.author._id,
    content: p.content,
    postType: p.postType,
    category: p.category,
    images: urls("image"),
    videos: urls("video"),
    hashtags: p.hashtags,
    mentions: p.mentions,
    location: p.location,
    projectBudget: p.projectBudget,
    isPublic: true,
    isModerated: p.moderationStatus !== "pending",
    moderationStatus: p.moderationStatus,
    ...(p.isOwn && p.moderationFlags.length > 0 ? { moderationFlags: p.moderationFlags } : {}),
    likesCount: p.likesCount,
    commentsCount: p.commentsCount,
    sharesCount: p.sharesCount,
    isLiked: p.viewerLike !== null,
    likeType: p.viewerLike,
    repostOf: p.repostOf === null ? null : p.repostOf._id,
    user: {
      id: p.author._id,
      firstName: p.author.firstName,
      lastName: p.author.lastName,
      businessName: p.author.businessName,
      profileImageUrl: p.author.image,
      verified: p.author.verified,
    },
    createdAt,
    updatedAt: p.editedAt === null ? createdAt : new Date(p.editedAt).toISOString(),
  };
}

const postAnswer = z.looseObject({
  id: z.string(),
  userId: z.string(),
  content: z.string(),
  postType: z.string(),
  category: z.string(),
  images: z.array(z.string()),
  videos: z.array(z.string()),
  hashtags: z.array(z.string()),
  likesCount: z.number(),
  commentsCount: z.number(),
  sharesCount: z.number(),
  isLiked: z.boolean(),
  moderationStatus: z.string(),
  user: z.looseObject({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  createdAt: z.string(),
});

const categoryEnum = z.enum(POST_CATEGORIES.map((c) => c.value) as [string, ...string[]]);
const typeEnum = z.enum(POST_TYPES.map((t) => t.value) as [string, ...string[]]);

const postBody = z.object({
  content: z.string(),
  postType: typeEnum.optional(),
  category: categoryEnum,
  hashtags: z.array(z.string()).optional().describe("ignored: hashtags are taken from #words in content"),
  images: z
    .array(z.string())
    .optional()
    .describe("photos and videos as data URLs (data:image/jpeg;base64,...); on PUT, a current media URL keeps that file"),
  videos: z.array(z.string()).optional().describe("more videos as data URLs"),
  location: z.string().optional(),
  projectBudget: z.string().optional(),
  mentionIds: z.array(z.string()).optional().describe("member ids whose @First Last is in content"),
});

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)(?:;[\w=.+-]+)*;base64,([A-Za-z0-9+/=\s]*)$/;

interface InlineFile {
  kind: "image" | "video";
  blob: Blob;
}

/** A data URL as a file to store, or a 400 with the spec's message (type, then size). */
function inlineFile(value: string): InlineFile {
  const m = DATA_URL.exec(value);
  const type = m?.[1]?.toLowerCase() ?? "";
  const kind = type.startsWith("image/") ? "image" : type.startsWith("video/") ? "video" : null;
  if (m === null || kind === null) throw restError(ErrorCode.INVALID_INPUT, SocialCopy.mediaType);
  const base64 = m[2]!.replace(/\s+/g, "");
  // Size from the encoded length, before decoding anything too large.
  const bytes = Math.floor((base64.length * 3) / 4) - (base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0);
  const max = kind === "image" ? SOCIAL_LIMITS.imageBytes : SOCIAL_LIMITS.videoBytes;
  if (bytes > max) throw restError(ErrorCode.INVALID_INPUT, kind === "image" ? SocialCopy.imageTooLarge : SocialCopy.videoTooLarge);
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    throw restError(ErrorCode.INVALID_INPUT, SocialCopy.mediaType);
  }
  const data = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
  return { kind, blob: new Blob([data], { type }) };
}

function textFields(body: Record<string, unknown>) {
  return {
    content: stringField(body, "content") ?? "",
    category: stringField(body, "category") ?? "",
    postType: stringField(body, "postType"),
    location: stringField(body, "location"),
    projectBudget: stringField(body, "projectBudget"),
  };
}

function stringList(body: Record<string, unknown>, key: string): string[] | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((x) => typeof x !== "string")) {
    throw restError(ErrorCode.INVALID_INPUT, `${key} must be a list of strings`);
  }
  return value as string[];
}

async function mentionIdsOf(ctx: ActionCtx, body: Record<string, unknown>): Promise<Id<"users">[]> {
  const ids = stringList(body, "mentionIds") ?? [];
  if (ids.length > SOCIAL_LIMITS.mentions) throw restError(ErrorCode.INVALID_INPUT, `mentionIds may list at most ${SOCIAL_LIMITS.mentions} ids`);
  const out: Id<"users">[] = [];
  for (const id of ids) out.push((await idParam(ctx, "users", id, "mention id")) as Id<"users">);
  return out;
}

/** Stores new inline media after the upload quotas are paid; the mutation then claims and checks each. */
async function storeInline(ctx: ActionCtx, callerId: Id<"users">, files: readonly InlineFile[]) {
  if (files.length === 0) return [];
  const refusal = await ctx.runMutation(internal.files.chargeRestUploads, { userId: callerId, count: files.length });
  if (refusal) refuse(refusal);
  const out: { storageId: Id<"_storage">; kind: "image" | "video" }[] = [];
  for (const f of files) out.push({ storageId: await ctx.storage.store(f.blob), kind: f.kind });
  return out;
}

async function postOr404(ctx: ActionCtx, postId: string) {
  const view = await ctx.runQuery(api.social.posts.get, { postId });
  if (view === null) throw restError(ErrorCode.NOT_FOUND, SocialCopy.postNotFound);
  return view;
}

async function postIdParam(ctx: ActionCtx, params: string[]): Promise<Id<"posts">> {
  if (params.length !== 1) throw restError(ErrorCode.NOT_FOUND, "Not found");
  return (await idParam(ctx, "posts", params[0], "post id")) as Id<"posts">;
}

export const postRoutes: RestRoute[] = [
  {
    // The Latest feed, newest first: ?category, ?postType (omitted for all), ?limit, ?cursor.
    method: "GET",
    path: "/api/social/feed",
    doc: {
      summary: "The community feed, newest first (isLiked for the token's member)",
      auth: "optional",
      query: z.object({
        category: categoryEnum.optional(),
        postType: typeEnum.optional(),
        tag: z.string().optional().describe("one #tag"),
        limit: z.string().optional().describe("1 to 50 (default 20)"),
        cursor: z.string().optional().describe("nextCursor of the previous page"),
      }),
      answer: z.object({ posts: z.array(postAnswer), nextCursor: z.string().nullable() }),
    },
    handler: async ({ ctx, url }) => {
      const p = queryParams(url, ["category", "postType", "tag"] as const);
      const page = pageParams(url, 20, 50);
      const result = await withCursor(page.cursor, () =>
        ctx.runQuery(api.social.posts.latest, { ...p, paginationOpts: page }),
      );
      return { posts: result.page.map(restPost), nextCursor: result.isDone ? null : result.continueCursor };
    },
  },
  {
    method: "POST",
    path: "/api/social/posts",
    status: 201,
    doc: { summary: "Create a post", auth: "bearer", body: postBody, answer: z.object({ message: z.string(), post: postAnswer }) },
    handler: async ({ ctx, request }) => {
      const callerId = await requireSignedIn(ctx);
      const body = await readJsonObject(request);
      const fields = textFields(body);
      // The form's own messages before any file is stored; hashtags are derived from content, but still checked.
      parseOrThrow(postSchema, fields);
      stringList(body, "hashtags");
      const inline = [...(stringList(body, "images") ?? []), ...(stringList(body, "videos") ?? [])];
      if (inline.length > SOCIAL_LIMITS.media) throw restError(ErrorCode.INVALID_INPUT, SocialCopy.tooManyMedia);
      const files = inline.map(inlineFile);
      const mentionIds = await mentionIdsOf(ctx, body);
      const media = await storeInline(ctx, callerId, files);
      const result = await ctx.runMutation(api.social.posts.create, { ...fields, media, mentionIds });
      const refused = "refused" in result ? result.refused : undefined;
      if (refused) throw restError(refused.code as ErrorCode, refused.message);
      const postId = "postId" in result ? result.postId : undefined;
      if (postId === undefined) throw restError(ErrorCode.NOT_FOUND, SocialCopy.postNotFound);
      return { message: SocialCopy.created, post: restPost(await postOr404(ctx, postId)) };
    },
  },
  {
    // Edit (author only): the given fields replace the post's; images absent keeps its media.
    method: "PUT",
    pathPrefix: "/api/social/posts/",
    doc: {
      summary: "Edit your post (hashtags are derived again from content)",
      auth: "bearer",
      paths: ["/api/social/posts/{id}"],
      body: postBody,
      answer: z.object({ message: z.string(), post: postAnswer }),
    },
    handler: async ({ ctx, request, params }) => {
      const callerId = await requireSignedIn(ctx);
      const postId = await postIdParam(ctx, params);
      const body = await readJsonObject(request);
      const fields = textFields(body);
      parseOrThrow(postSchema, fields);
      stringList(body, "hashtags");
      const found = await ctx.runQuery(internal.social.posts.mediaOf, { postId, userId: callerId });
      if (found === null) throw restError(ErrorCode.NOT_FOUND, SocialCopy.postNotFound);
      // Refused before any file is stored.
      if (!found.isAuthor) throw restError(ErrorCode.FORBIDDEN, SocialCopy.onlyAuthor);
      const current = found.media;
      const given = [...(stringList(body, "images") ?? []), ...(stringList(body, "videos") ?? [])];
      let media = current.map(({ storageId, kind }) => ({ storageId, kind }));
      if (body.images !== undefined || body.videos !== undefined) {
        if (given.length > SOCIAL_LIMITS.media) throw restError(ErrorCode.INVALID_INPUT, SocialCopy.tooManyMedia);
        // A current file's URL keeps it; anything else must be a new data URL.
        const byUrl = new Map(current.filter((m) => m.url !== null).map((m) => [m.url!, m]));
        const fresh = given.filter((g) => !byUrl.has(g)).map(inlineFile);
        const stored = await storeInline(ctx, callerId, fresh);
        let next = 0;
        media = given.map((g) => {
          const kept = byUrl.get(g);
          return kept ? { storageId: kept.storageId, kind: kept.kind } : stored[next++]!;
        });
      }
      const mentionIds = await mentionIdsOf(ctx, body);
      const result = await ctx.runMutation(api.social.posts.update, { postId, ...fields, media, mentionIds });
      if (result !== null) throw restError(result.refused.code as ErrorCode, result.refused.message);
      return { message: SocialCopy.updated, post: restPost(await postOr404(ctx, postId)) };
    },
  },
  {
    method: "DELETE",
    pathPrefix: "/api/social/posts/",
    doc: {
      summary: "Delete your post",
      auth: "bearer",
      paths: ["/api/social/posts/{id}"],
      answer: z.object({ message: z.string() }),
    },
    handler: async ({ ctx, params }) => {
      await requireSignedIn(ctx);
      const postId = await postIdParam(ctx, params);
      await ctx.runMutation(api.social.posts.remove, { postId });
      return { message: SocialCopy.deleted };
    },
  },
  {
    // Spec §3 Search result: users and posts; runs only with a non-empty q.
    method: "GET",
    path: "/api/search",
    doc: {
      summary: "Search people and posts",
      auth: "optional",
      query: z.object({
        q: z.string().describe(`the query, at most ${SOCIAL_LIMITS.searchQuery} characters`),
        type: z.enum(SEARCH_TYPES.map((t) => t.value) as [string, ...string[]]).optional(),
        category: categoryEnum.optional().describe("a post category"),
      }),
      answer: z.object({ users: z.array(z.looseObject({ id: z.string() })), posts: z.array(z.looseObject({ id: z.string() })) }),
    },
    handler: async ({ ctx, url }) => {
      const p = queryParams(url, ["q", "type", "category"] as const);
      if ((p.q?.length ?? 0) > SOCIAL_LIMITS.searchQuery) {
        throw restError(ErrorCode.INVALID_INPUT, SocialCopy.tooLong("q", SOCIAL_LIMITS.searchQuery));
      }
      const found = await ctx.runQuery(api.search.search, { q: p.q ?? "", type: p.type, category: p.category });
      return {
        users: found.users.map(({ _id, image, ...u }) => ({ id: _id, ...u, profileImageUrl: image })),
        posts: found.posts.map(({ _id, _creationTime, excerpt, author, ...rest }) => ({
          id: _id,
          ...rest,
          content: excerpt,
          userId: author._id,
          user: { id: author._id, firstName: author.firstName, lastName: author.lastName, businessName: author.businessName },
          createdAt: new Date(_creationTime).toISOString(),
        })),
      };
    },
  },
];
