import { useCallback } from "react";
import { useToast } from "@/components/ui";
import { type ErrorCopy } from "@/lib/errors";
import { useErrorToast } from "@/lib/useErrorToast";
import { JobCopy } from "../copy";

const defaultFailure: ErrorCopy = { title: JobCopy.actionFailedTitle, description: JobCopy.actionFailed };

/** Runs a mutation and says how it went: a success toast, or the server's message in a destructive one. */
export function useJobAction() {
  const { toast } = useToast();
  const reportError = useErrorToast();
  return useCallback(
    async (
      run: () => Promise<unknown>,
      success: { title: string; description?: string },
      failure: ErrorCopy = defaultFailure,
    ): Promise<boolean> => {
      try {
        await run();
        toast({ ...success, variant: "success" });
        return true;
      } catch (error) {
        reportError(error, failure);
        return false;
      }
    },
    [toast, reportError],
  );
}
