// Community feed (spec §2 Community feed and Search, §3, §8, §9): the enumerations, limits and
// copy, and the #tag and @mention readers both sides use. No zod here: the feed's reading pages
// import this without the form schemas (common/social.ts has those and re-exports all of this).

/** Spec §3 post types; project_showcase is the default. */
export const POST_TYPES = [
  { value: "project_showcase", label: "Project Showcase" },
  { value: "before_after", label: "Before & After" },
  { value: "trade_tip", label: "Trade Tip" },
  { value: "tool_review", label: "Tool Review" },
  { value: "job_complete", label: "Job Complete" },
  { value: "work_progress", label: "Work in Progress" },
] as const;
export type PostType = (typeof POST_TYPES)[number]["value"];
export const DEFAULT_POST_TYPE: PostType = "project_showcase";

/** Spec §3 post categories. */
export const POST_CATEGORIES = [
  { value: "landscaping", label: "Landscaping" },
  { value: "construction", label: "Construction" },
  { value: "plumbing", label: "Plumbing" },
  { value: "electrical", label: "Electrical" },
  { value: "hvac", label: "HVAC" },
  { value: "painting", label: "Painting" },
  { value: "roofing", label: "Roofing" },
  { value: "flooring", label: "Flooring" },
  { value: "renovation", label: "Renovation" },
  { value: "maintenance", label: "Maintenance" },
] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number]["value"];

export const LIKE_TYPES = [
  { value: "like", label: "Like" },
  { value: "helpful", label: "Helpful" },
  { value: "inspiring", label: "Inspiring" },
] as const;
export type LikeType = (typeof LIKE_TYPES)[number]["value"];

export const SHARE_TYPES = ["share", "repost"] as const;
export type ShareType = (typeof SHARE_TYPES)[number];

/** Spec §3 moderation report reasons. */
export const REPORT_REASONS = [
  { value: "inappropriate", label: "Inappropriate" },
  { value: "spam", label: "Spam" },
  { value: "off_topic", label: "Off topic" },
  { value: "harassment", label: "Harassment" },
  { value: "copyright", label: "Copyright" },
  { value: "other", label: "Other" },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]["value"];

/** Spec §3 post moderation statuses: pending until screened, flagged/rejected posts are seen by their author only. */
export const MODERATION_STATUSES = ["pending", "approved", "rejected", "flagged"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const SEARCH_TYPES = [
  { value: "users", label: "People" },
  { value: "posts", label: "Posts" },
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number]["value"];

const MB = 1024 * 1024;

export const SOCIAL_LIMITS = {
  content: 5000,
  comment: 2000,
  location: 160,
  projectBudget: 60,
  shareComment: 500,
  reportDescription: 1000,
  /** Media per post (spec §9: images under 5 MB, videos under 50 MB). */
  media: 10,
  imageBytes: 5 * MB,
  videoBytes: 50 * MB,
  hashtags: 30,
  hashtagLength: 50,
  mentions: 20,
  /** A card shows 4 images (+N beyond); a profile's Posts tab shows up to 6 (spec §9). */
  cardImages: 4,
  profileImages: 6,
  /** Trending tags: most used over this many days. */
  trendingDays: 7,
  searchQuery: 100,
} as const;

export function postTypeLabel(value: string): string {
  return POST_TYPES.find((t) => t.value === value)?.label ?? value;
}
export function postCategoryLabel(value: string): string {
  return POST_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}
export function isPostType(value: string): value is PostType {
  return POST_TYPES.some((t) => t.value === value);
}
export function isPostCategory(value: string): value is PostCategory {
  return POST_CATEGORIES.some((c) => c.value === value);
}

/** Spec §8 strings (toasts, confirmations, empty and error states) and the feed's own. */
export const SocialCopy = {
  feedTitle: "Professional Feed",
  newPost: "New Post",
  required: "Please fill in all required fields",
  created: "Post created successfully!",
  updated: "Post updated successfully!",
  deleted: "Post deleted successfully!",
  createFailed: "Failed to create post",
  updateFailed: "Failed to update post",
  deleteFailed: "Failed to delete post",
  deleteConfirm: "Are you sure you want to delete this post? This action cannot be undone.",
  empty: "No posts yet",
  feedFailed: "Failed to fetch feed",
  searchFailed: "Search failed",
  noResults: "No results found",
  imageTooLargeTitle: "Image too large",
  imageTooLarge: "Please select images under 5MB",
  videoTooLargeTitle: "Video too large",
  videoTooLarge: "Please select videos under 50MB",
  mediaType: "Please choose image or video files.",
  tooManyMedia: "Please add at most 10 photos or videos.",
  tooLong: (field: string, max: number) => `${field} must be ${max} characters or fewer`,
  postNotFound: "Post not found",
  commentNotFound: "Comment not found",
  onlyAuthor: "Only the author can do that.",
  commentRequired: "Please write a comment.",
  alreadyReported: "You have already reported this.",
  reported: "Thanks, our moderators will review this report.",
  ownReport: "You can't report your own post.",
  selfFollow: "You can't follow yourself.",
  repliesOneLevel: "Replies can't be nested further.",
  flaggedNotice: "Only you can see this post: our screening held it for review by a moderator.",
} as const;

// A tag is a letter or digit run after '#', not inside a word (so 'a#b' and URLs' '#frag' after a letter don't count).
const HASHTAG = /(^|[^\p{L}\p{N}_&/])#([\p{L}\p{N}_]{1,50})/gu;
/** The #tags in a text, lower-cased, unique, in order of first use, at most SOCIAL_LIMITS.hashtags. */
export function extractHashtags(content: string): string[] {
  const tags = new Set<string>();
  for (const m of content.matchAll(HASHTAG)) {
    if (tags.size >= SOCIAL_LIMITS.hashtags) break;
    // A purely numeric '#1' is a number, not a tag.
    if (/^\d+$/.test(m[2])) continue;
    tags.add(m[2].toLowerCase());
  }
  return [...tags];
}

/**
 * How a mention reads in content: '@' and the member's name, as the picker inserts it.
 * Mentions are sent as member ids beside the content; the server keeps an id only while
 * its token is still in the content, so editing the name out drops the mention.
 */
export function mentionToken(person: { firstName?: string | null; lastName?: string | null }): string {
  return `@${[person.firstName, person.lastName].filter(Boolean).join(" ").trim()}`;
}

/** A tag as typed in a URL or a filter box ('#Deck' → 'deck'), or null when it isn't a tag. */
export function normalizeHashtag(raw: string): string | null {
  const tag = raw.trim().replace(/^#/, "").toLowerCase();
  return /^[\p{L}\p{N}_]{1,50}$/u.test(tag) && !/^\d+$/.test(tag) ? tag : null;
}
