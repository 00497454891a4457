// Community feed forms (spec §5, §8): the post/comment/report/share schemas shared by the forms
// and the Convex functions that receive the same input. The enumerations, limits, copy and the
// #tag and @mention readers are in socialCatalog.ts (no zod, for the feed's reading pages) and are
// re-exported here, so "common/social" still offers everything.
import { z } from "zod";
import {
  DEFAULT_POST_TYPE,
  REPORT_REASONS,
  SHARE_TYPES,
  SOCIAL_LIMITS,
  SocialCopy,
  isPostCategory,
  isPostType,
  type ReportReason,
} from "./socialCatalog";

export * from "./socialCatalog";

const text = (max: number, field: string) => z.string().trim().max(max, SocialCopy.tooLong(field, max));
const optionalText = (max: number, field: string) =>
  text(max, field)
    .optional()
    .transform((v) => (v === "" ? undefined : v));

/** New Post and Edit (spec §5: content non-empty after trimming and a category, else 'Please fill in all required fields'). */
export const postSchema = z.object({
  content: text(SOCIAL_LIMITS.content, "Post").min(1, SocialCopy.required),
  postType: z.string().refine(isPostType, SocialCopy.required).default(DEFAULT_POST_TYPE),
  category: z.string().refine(isPostCategory, SocialCopy.required),
  location: optionalText(SOCIAL_LIMITS.location, "Location"),
  projectBudget: optionalText(SOCIAL_LIMITS.projectBudget, "Project budget"),
});
export type PostInput = z.input<typeof postSchema>;
export type PostValues = z.output<typeof postSchema>;

export const commentSchema = z.object({
  content: text(SOCIAL_LIMITS.comment, "Comment").min(1, SocialCopy.commentRequired),
});
export type CommentValues = z.output<typeof commentSchema>;

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]]),
  description: optionalText(SOCIAL_LIMITS.reportDescription, "Description"),
});
export type ReportValues = z.output<typeof reportSchema>;

export const shareSchema = z.object({
  shareType: z.enum(SHARE_TYPES),
  comment: optionalText(SOCIAL_LIMITS.shareComment, "Comment"),
});
export type ShareValues = z.output<typeof shareSchema>;
