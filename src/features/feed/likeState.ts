// What a like toggle does to an item's like state (no Convex, no React: the optimistic update and
// its test share it).
import type { LikeType } from "@common/socialCatalog";

export interface Liked {
  viewerLike: LikeType | null;
  likesCount: number;
}

/** What a like toggle does: the same type again removes it, another type changes it. */
export function toggledLike<T extends Liked>(item: T, likeType: LikeType): T {
  if (item.viewerLike === likeType) return { ...item, viewerLike: null, likesCount: Math.max(0, item.likesCount - 1) };
  if (item.viewerLike === null) return { ...item, viewerLike: likeType, likesCount: item.likesCount + 1 };
  return { ...item, viewerLike: likeType };
}
