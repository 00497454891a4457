import { useCallback, useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { applyFieldErrors, type ErrorCopy, type UserFacingError } from "./errors";
import { useErrorToast } from "./useErrorToast";

/**
 * What a form does when its submit fails, in one place: the toast (useErrorToast), the inline
 * alert's text, and the server's per-field messages under the fields they are about. The values
 * typed are never touched. With `inline: "unlessField"` the alert shows only when no field took
 * a message (forms whose alert would repeat the field's message).
 */
export function useFormFailure<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  copy: ErrorCopy,
  { inline = "always" }: { inline?: "always" | "unlessField" } = {},
) {
  const reportError = useErrorToast();
  const [formError, setFormError] = useState<string | null>(null);
  const fail = useCallback(
    (error: unknown, copyHere: ErrorCopy = copy): UserFacingError => {
      const shown = reportError(error, copyHere);
      const onField = applyFieldErrors(shown.data, setError, fields);
      setFormError(onField && inline === "unlessField" ? null : shown.inline);
      return shown;
    },
    [reportError, copy, setError, fields, inline],
  );
  const clearFormError = useCallback(() => setFormError(null), []);
  return { formError, fail, clearFormError };
}
