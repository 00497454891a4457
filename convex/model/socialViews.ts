// What the feed's readers get: the post, comment and person shapes every
// social query returns (spec §3 "Feed view adds isLiked and user"). One place,
// so the feed, a post's page, a profile's Posts tab, search and REST agree.
import { v, type Infer } from "convex/values";
import { likeType, moderationStatus } from "../schema";

/** The author line of a card (spec: firstName, lastName, businessName, profileImageUrl, verified). */
export const authorValidator = v.object({
  _id: v.id("users"),
  firstName: v.string(),
  lastName: v.string(),
  businessName: v.union(v.string(), v.null()),
  /** Avatar URL. */
  image: v.union(v.string(), v.null()),
  verified: v.boolean(),
  userType: v.union(v.string(), v.null()),
  primaryProfession: v.union(v.string(), v.null()),
});
export type AuthorView = Infer<typeof authorValidator>;

export const mediaViewValidator = v.object({
  url: v.union(v.string(), v.null()),
  kind: v.union(v.literal("image"), v.literal("video")),
  /** Only on the viewer's own posts: Edit keeps a photo or video by sending its storage id back. */
  storageId: v.optional(v.id("_storage")),
});

export const mentionViewValidator = v.object({ _id: v.id("users"), name: v.string() });

const postFields = {
  _id: v.id("posts"),
  _creationTime: v.number(),
  author: authorValidator,
  content: v.string(),
  postType: v.string(),
  category: v.string(),
  media: v.array(mediaViewValidator),
  hashtags: v.array(v.string()),
  mentions: v.array(mentionViewValidator),
  location: v.union(v.string(), v.null()),
  projectBudget: v.union(v.string(), v.null()),
  likesCount: v.number(),
  commentsCount: v.number(),
  sharesCount: v.number(),
  editedAt: v.union(v.number(), v.null()),
};

/** A reposted original as embedded in the repost (null in `repostOf` when it was deleted or is hidden). */
export const embeddedPostValidator = v.object(postFields);

export const postViewValidator = v.object({
  ...postFields,
  /** The viewer's like on it (spec isLiked: not null), or null (always null for visitors). */
  viewerLike: v.union(likeType, v.null()),
  isOwn: v.boolean(),
  /** The author sees why the screen held their post; others only ever see approved/pending ones. */
  moderationStatus,
  moderationFlags: v.array(v.string()),
  /** Set on a repost: the original, or null when it is gone or hidden. */
  isRepost: v.boolean(),
  repostOf: v.union(embeddedPostValidator, v.null()),
});
export type PostView = Infer<typeof postViewValidator>;

export const commentViewValidator = v.object({
  _id: v.id("comments"),
  _creationTime: v.number(),
  postId: v.id("posts"),
  parentCommentId: v.union(v.id("comments"), v.null()),
  author: authorValidator,
  content: v.string(),
  mentions: v.array(mentionViewValidator),
  likesCount: v.number(),
  repliesCount: v.number(),
  viewerLike: v.union(likeType, v.null()),
  isOwn: v.boolean(),
  editedAt: v.union(v.number(), v.null()),
});
export type CommentView = Infer<typeof commentViewValidator>;

/** Spec §3 Search result, users. */
export const userResultValidator = v.object({
  _id: v.id("users"),
  firstName: v.string(),
  lastName: v.string(),
  businessName: v.union(v.string(), v.null()),
  profession: v.union(v.string(), v.null()),
  userType: v.union(v.string(), v.null()),
  location: v.union(v.string(), v.null()),
  image: v.union(v.string(), v.null()),
  verified: v.boolean(),
});
export type UserResult = Infer<typeof userResultValidator>;

/** Spec §3 Search result, posts (content as an excerpt). */
export const postResultValidator = v.object({
  _id: v.id("posts"),
  _creationTime: v.number(),
  category: v.string(),
  postType: v.string(),
  excerpt: v.string(),
  hashtags: v.array(v.string()),
  author: authorValidator,
});
export type PostResult = Infer<typeof postResultValidator>;
