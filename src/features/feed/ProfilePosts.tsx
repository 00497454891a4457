import { usePaginatedQuery } from "convex/react";
import { SOCIAL_LIMITS, SocialCopy } from "@common/socialCatalog";
import { EmptyState, LoadMore, TextLink } from "@/components/ui";
import { api } from "@/lib/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { PostCard, PostListSkeleton } from "./PostCard";

// A profile's Posts tab (spec §2 Profile): the member's posts, newest first, paginated, each with
// up to 6 photos. The member also sees their posts held for review.

const PAGE_SIZE = 10;

export function ProfilePosts({ userId, isOwn }: { userId: Id<"users">; isOwn: boolean }) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.social.posts.byAuthor,
    { userId },
    { initialNumItems: PAGE_SIZE },
  );
  if (status === "LoadingFirstPage") return <PostListSkeleton />;
  if (results.length === 0) {
    return (
      <EmptyState title={SocialCopy.empty}>
        {isOwn ? <TextLink to="/feed">Share your first post on the feed</TextLink> : "This member has not posted yet."}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <ul aria-label="Posts" className="space-y-4">
        {results.map((post) => (
          <li key={post._id}>
            <PostCard post={post} maxImages={SOCIAL_LIMITS.profileImages} />
          </li>
        ))}
      </ul>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />
    </div>
  );
}
