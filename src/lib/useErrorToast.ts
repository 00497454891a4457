import { useCallback } from "react";
import { useToast } from "@/components/ui/Toast";
import { toUserError, type ErrorCopy, type UserFacingError } from "./errors";

/**
 * The one way a screen reports a failed action: a destructive toast with the server's message (the
 * spec's wording) or the screen's generic copy. Returns what was shown, for an inline alert and
 * `applyFieldErrors`.
 */
export function useErrorToast() {
  const { toast } = useToast();
  return useCallback(
    (error: unknown, copy: ErrorCopy): UserFacingError => {
      const shown = toUserError(error, copy);
      toast({ title: shown.title, description: shown.description, variant: "destructive" });
      return shown;
    },
    [toast],
  );
}
