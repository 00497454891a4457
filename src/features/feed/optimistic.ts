// Optimistic updates for likes (STYLE rule 11): the card changes at the click, on every list that
// holds the post (Latest, Following, a profile's Posts, the post's page), and settles to the
// server's count when the mutation's result arrives.
import type { OptimisticLocalStore } from "convex/browser";
import type { FunctionReference } from "convex/server";
import { api } from "@/lib/api";
import type { CommentView, PostView } from "./format";

type PageOf<T> = { page: T[] };

function updatePages<T extends { _id: string }>(
  store: OptimisticLocalStore,
  query: FunctionReference<"query", "public", Record<string, unknown>, PageOf<T>>,
  id: string,
  update: (item: T) => T,
) {
  for (const { args, value } of store.getAllQueries(query)) {
    if (!value || !value.page.some((item) => item._id === id)) continue;
    store.setQuery(query, args, { ...value, page: value.page.map((item) => (item._id === id ? update(item) : item)) });
  }
}

/** Applies `update` to the post wherever a live list or the post's page shows it. */
export function updatePostEverywhere(
  store: OptimisticLocalStore,
  postId: string,
  update: (post: PostView) => PostView,
) {
  updatePages<PostView>(store, api.social.posts.latest, postId, update);
  updatePages<PostView>(store, api.social.posts.following, postId, update);
  updatePages<PostView>(store, api.social.posts.byAuthor, postId, update);
  for (const { args, value } of store.getAllQueries(api.social.posts.get)) {
    if (value && value._id === postId) store.setQuery(api.social.posts.get, args, update(value));
  }
}

export function updateCommentEverywhere(
  store: OptimisticLocalStore,
  commentId: string,
  update: (comment: CommentView) => CommentView,
) {
  updatePages<CommentView>(store, api.social.comments.list, commentId, update);
}
