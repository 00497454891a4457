import { useMutation, useQuery } from "convex/react";
import type { OptimisticLocalStore } from "convex/browser";
import { Button } from "@/components/ui";
import { api } from "@/lib/api";
import { useErrorToast } from "@/lib/useErrorToast";
import type { Id } from "../../../convex/_generated/dataModel";

// Follow / Following beside Message and Connect on someone else's profile (spec §3 Follow): any
// member may follow any other. Optimistic: the button and the profile's Followers tile change at
// the click and settle to the server's counts.

function applyFollow(store: OptimisticLocalStore, userId: Id<"users">, following: boolean) {
  const status = store.getQuery(api.social.follows.status, { userId });
  if (status && status.following !== following) {
    store.setQuery(
      api.social.follows.status,
      { userId },
      {
        ...status,
        following,
        followersCount: Math.max(0, status.followersCount + (following ? 1 : -1)),
      },
    );
  }
  for (const { args, value } of store.getAllQueries(api.profiles.get)) {
    if (!value || value.user._id !== userId || !status || status.following === following) continue;
    store.setQuery(api.profiles.get, args, {
      ...value,
      stats: { ...value.stats, followersCount: Math.max(0, value.stats.followersCount + (following ? 1 : -1)) },
    });
  }
}

export function FollowButton({ userId, name }: { userId: Id<"users">; name: string }) {
  const status = useQuery(api.social.follows.status, { userId });
  const showError = useErrorToast();
  const follow = useMutation(api.social.follows.follow).withOptimisticUpdate((store, args) =>
    applyFollow(store, args.userId, true),
  );
  const unfollow = useMutation(api.social.follows.unfollow).withOptimisticUpdate((store, args) =>
    applyFollow(store, args.userId, false),
  );
  if (status === undefined) {
    return (
      <Button variant="secondary" disabled>
        Follow
      </Button>
    );
  }
  const run = (action: () => Promise<unknown>) =>
    void action().catch((error: unknown) => showError(error, { title: "Error", description: "Please try again." }));
  return status.following ? (
    <Button
      variant="secondary"
      aria-pressed="true"
      aria-label={`Following ${name}. Unfollow`}
      onClick={() => run(() => unfollow({ userId }))}
    >
      Following
    </Button>
  ) : (
    <Button variant="secondary" aria-pressed="false" onClick={() => run(() => follow({ userId }))}>
      Follow
    </Button>
  );
}
