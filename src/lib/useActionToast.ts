import { useCallback } from "react";
import { useToast } from "@/components/ui/Toast";
import type { ErrorCopy } from "./errors";
import { useErrorToast } from "./useErrorToast";

/**
 * Runs a mutation and says how it went: a success toast, or the server's message in a destructive
 * one (`failure` when the error carries none). Answers whether it worked.
 */
export function useActionToast(defaultFailure: ErrorCopy) {
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
    [toast, reportError, defaultFailure],
  );
}
