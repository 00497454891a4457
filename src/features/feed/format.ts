// Display helpers for the community feed (no React): paths, names, and the views' types.
import { countText as numberText } from "@common/enText";
import type { AuthorView, CommentView, PostView } from "../../../convex/model/socialViews";

export type { AuthorView, CommentView, PostView };
export type EmbeddedPost = NonNullable<PostView["repostOf"]>;

export const postPath = (postId: string) => `/feed/${postId}`;
export const profilePath = (userId: string) => `/profile/${userId}`;
export const tagPath = (tag: string) => `/feed?tag=${encodeURIComponent(tag)}`;

export function authorName(author: Pick<AuthorView, "firstName" | "lastName">): string {
  return `${author.firstName} ${author.lastName}`.trim() || "Member";
}

/** "1 like", "3 comments": a count with its noun. */
export function countText(count: number, noun: string, plural = `${noun}s`): string {
  return `${numberText(count)} ${count === 1 ? noun : plural}`;
}

export const chipClasses =
  "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";
export const typeChipClasses =
  "border-brand-700 bg-brand-50 text-brand-900 dark:border-brand-300 dark:bg-brand-950 dark:text-brand-100";
export const categoryChipClasses =
  "border-slate-400 bg-slate-50 text-slate-800 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100";
