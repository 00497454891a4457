import { usePaginatedQuery } from "convex/react";
import type { ReactNode } from "react";
import { ProfileCopy } from "@common/profile";
import { EmptyState, ListSkeleton, LoadMore } from "@/components/ui";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { api } from "@/lib/api";
import { ReviewCard } from "./ReviewCard";
import { REVIEWS_LOAD_FAILED } from "./parts";

const PAGE_SIZE = 10;

export interface ReviewListArgs {
  professionalId?: string;
  q?: string;
  rating?: number;
}

/** A live, paginated list of reviews with its skeleton (3), empty state and error state (spec §8, §9). */
export function ReviewList(props: {
  args: ReviewListArgs;
  showProfessional?: boolean;
  emptyHint?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  return (
    <QueryErrorBoundary fallback={(retry) => <ErrorState message={REVIEWS_LOAD_FAILED} onRetry={retry} />}>
      <Reviews {...props} />
    </QueryErrorBoundary>
  );
}

function Reviews({
  args,
  showProfessional,
  emptyHint,
  headingLevel,
}: {
  args: ReviewListArgs;
  showProfessional?: boolean;
  emptyHint?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const { results, status, loadMore } = usePaginatedQuery(api.reviews.list, args, { initialNumItems: PAGE_SIZE });
  if (status === "LoadingFirstPage") {
    return <ListSkeleton shape="review" count={3} label="Loading reviews..." listClassName="space-y-4" />;
  }
  if (results.length === 0) return <EmptyState title={ProfileCopy.reviewsEmpty}>{emptyHint}</EmptyState>;
  return (
    <div className="space-y-4">
      <ul className="space-y-4">
        {results.map((review) => (
          <li key={review._id}>
            <ReviewCard review={review} showProfessional={showProfessional} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />
    </div>
  );
}
