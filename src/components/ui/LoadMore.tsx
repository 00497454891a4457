import type { PaginationStatus } from "convex/react";
import { cn } from "@/lib/cn";
import { Button } from "./Button";

/**
 * The footer of a paginated list: "Load more" while there is more, showing progress while the next
 * page loads (`status` as usePaginatedQuery gives it); nothing once the list is complete.
 */
export function LoadMore({
  status,
  onLoadMore,
  label = "Load more",
  fullWidth = false,
  size,
  className,
}: {
  status: PaginationStatus;
  onLoadMore: () => void;
  label?: string;
  fullWidth?: boolean;
  size?: "sm" | "md";
  className?: string;
}) {
  if (status !== "CanLoadMore" && status !== "LoadingMore") return null;
  return (
    <div className={cn("flex justify-center", className)}>
      <Button
        variant="secondary"
        size={size}
        fullWidth={fullWidth}
        loading={status === "LoadingMore"}
        loadingText="Loading more..."
        onClick={onLoadMore}
      >
        {label}
      </Button>
    </div>
  );
}
