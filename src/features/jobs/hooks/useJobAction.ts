import { type ErrorCopy } from "@/lib/errors";
import { useActionToast } from "@/lib/useActionToast";
import { JobCopy } from "../copy";

const defaultFailure: ErrorCopy = { title: JobCopy.actionFailedTitle, description: JobCopy.actionFailed };

/** Runs a mutation and says how it went: a success toast, or the server's message in a destructive one. */
export function useJobAction() {
  return useActionToast(defaultFailure);
}
