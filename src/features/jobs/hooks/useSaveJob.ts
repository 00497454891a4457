import { useMutation, useQuery } from "convex/react";
import { useCallback, useMemo } from "react";
import type { Id } from "../ids";
import { api } from "@/lib/api";
import { useErrorToast } from "@/lib/useErrorToast";
import { JobCopy } from "../copy";

/** Which of these jobs the viewer saved (one live query for the visible cards). */
export function useSavedIds(jobIds: readonly Id<"jobs">[], enabled = true): Set<string> {
  // Sorted so that loading more pages in a different order does not change the arguments needlessly.
  const ids = useMemo(() => [...jobIds].sort().slice(0, 100), [jobIds]);
  const saved = useQuery(api.jobs.savedIds, enabled && ids.length > 0 ? { jobIds: ids } : "skip");
  return useMemo(() => new Set<string>(saved ?? []), [saved]);
}

/**
 * Toggles a saved job. Optimistic (STYLE rule 11): every visible Save toggle and the job page flip
 * at once and settle to the server's answer.
 */
export function useToggleSave() {
  const reportError = useErrorToast();
  const toggle = useMutation(api.jobs.toggleSave).withOptimisticUpdate((store, { jobId }) => {
    for (const { args, value } of store.getAllQueries(api.jobs.savedIds)) {
      if (value === undefined || !args.jobIds.includes(jobId)) continue;
      store.setQuery(
        api.jobs.savedIds,
        args,
        value.includes(jobId) ? value.filter((id) => id !== jobId) : [...value, jobId],
      );
    }
    for (const { args, value } of store.getAllQueries(api.jobs.get)) {
      if (value && value.job._id === jobId) store.setQuery(api.jobs.get, args, { ...value, saved: !value.saved });
    }
  });
  return useCallback(
    async (jobId: Id<"jobs">) => {
      try {
        await toggle({ jobId });
      } catch (error) {
        reportError(error, { title: JobCopy.saveFailedTitle, description: JobCopy.saveFailed });
      }
    },
    [toggle, reportError],
  );
}
