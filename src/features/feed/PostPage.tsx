import { useQuery } from "convex/react";
import { useNavigate, useParams } from "react-router-dom";
import { SOCIAL_LIMITS, SocialCopy } from "@common/socialCatalog";
import { ButtonLink, TextLink } from "@/components/ui";
import { QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { api } from "@/lib/api";
import { usePageTitle } from "@/lib/usePageTitle";
import type { Id } from "../../../convex/_generated/dataModel";
import { PostCard, PostListSkeleton } from "./PostCard";
import { authorName } from "./format";

// /feed/:postId: one post (a shareable link) with its comments open, all live. A post that is gone,
// or held for review and not the viewer's, reads 'Post not found'.

function NotFound() {
  return (
    <div className="py-10 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{SocialCopy.postNotFound}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-200">It may have been deleted by its author.</p>
      <ButtonLink to="/feed" className="mt-6">
        Back to the feed
      </ButtonLink>
    </div>
  );
}

function Post({ postId }: { postId: string }) {
  const navigate = useNavigate();
  const post = useQuery(api.social.posts.get, { postId: postId as Id<"posts"> });
  usePageTitle(
    post === undefined ? "Post" : post === null ? SocialCopy.postNotFound : `Post by ${authorName(post.author)}`,
  );
  if (post === undefined) return <PostListSkeleton count={1} />;
  if (post === null) return <NotFound />;
  return (
    <>
      <h1 className="sr-only">Post by {authorName(post.author)}</h1>
      <PostCard
        post={post}
        commentsOpen
        maxImages={SOCIAL_LIMITS.media}
        onDeleted={() => void navigate("/feed", { replace: true })}
      />
    </>
  );
}

export function PostPage() {
  const { postId = "" } = useParams();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6 sm:py-10">
      <p>
        <TextLink to="/feed">← Professional Feed</TextLink>
      </p>
      <QueryErrorBoundary key={postId} fallback={() => <NotFound />}>
        <Post postId={postId} />
      </QueryErrorBoundary>
    </div>
  );
}
