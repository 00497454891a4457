// The one place that turns thrown errors into what users read.
//
// Failures users can act on arrive as ConvexError({ code, message, fields?, retryAt? })
// (AppErrorData in common/errors.ts): we show the server's message (the spec's wording)
// and put `fields` under the matching form fields. Anything else (network trouble,
// library errors, bugs) becomes the spec's generic message for that screen.
import { ConvexError } from "convex/values";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ErrorCode, Messages, type AppErrorData } from "@common/errors";

export interface UserFacingError {
  /** Toast title, e.g. "Login Failed". */
  title: string;
  /** The server's message, or the screen's generic description. */
  description: string;
  /** Short inline text for the form's alert: server message, or the screen's generic wording. */
  inline: string;
  /** Present only when the server sent structured error data. */
  data: AppErrorData | null;
}

export interface ErrorCopy {
  title: string;
  /** Toast description when the server said nothing usable. */
  description: string;
  /** Inline message when the server said nothing usable (defaults to description). */
  inline?: string;
  /** The toast and the alert always use this copy (the server's reason goes under its field only). */
  keepCopy?: boolean;
  /**
   * The screen's sentence around the reason (the server's message, or `description`) in the toast,
   * e.g. the spec's "Failed to send message: {reason}".
   */
  format?: (reason: string) => string;
}

/**
 * A failure the browser itself found, whose message is written for users (an upload that did not
 * go through): shown like a server message.
 */
export class ClientError extends Error {
  override name = "ClientError";
}

/** Generic copy per screen (spec §8). */
export const ErrorCopies = {
  login: { title: Messages.loginFailedTitle, description: Messages.loginFailed, inline: "Login failed" },
  registration: {
    title: Messages.registrationFailedTitle,
    description: Messages.registrationFailed,
    inline: Messages.registrationFailed,
  },
  forgotPassword: { title: Messages.requestFailedTitle, description: Messages.requestFailed, inline: "Request failed" },
  resetPassword: {
    title: Messages.resetFailedTitle,
    description: Messages.resetFailed,
    inline: "Password reset failed",
  },
  professionSetup: {
    title: Messages.setupFailedTitle,
    description: Messages.setupFailed,
    inline: Messages.setupFailed,
  },
  verifyEmail: {
    title: "Verification Failed",
    description: "This verification link is invalid or has expired. Request a new one and try again.",
  },
  resendVerification: { title: "Request Failed", description: Messages.requestFailed },
} as const satisfies Record<string, ErrorCopy>;

const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));

/** The structured data of a ConvexError thrown by our functions, or null. */
export function appErrorData(error: unknown): AppErrorData | null {
  if (!(error instanceof ConvexError)) return null;
  const data: unknown = error.data;
  if (typeof data !== "object" || data === null) return null;
  const { code, message } = data as Record<string, unknown>;
  if (typeof code !== "string" || typeof message !== "string" || message.trim() === "") return null;
  const record = data as Record<string, unknown>;
  const fields =
    typeof record.fields === "object" && record.fields !== null
      ? Object.fromEntries(
          Object.entries(record.fields as Record<string, unknown>).filter(
            (entry): entry is [string, string] => typeof entry[1] === "string",
          ),
        )
      : undefined;
  return {
    code: (KNOWN_CODES.has(code) ? code : ErrorCode.INVALID_INPUT) as AppErrorData["code"],
    message,
    ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
    ...(typeof record.retryAt === "number" ? { retryAt: record.retryAt } : {}),
  };
}

export function toUserError(error: unknown, copy: ErrorCopy): UserFacingError {
  const data = appErrorData(error);
  const format = copy.format ?? ((reason: string) => reason);
  const message = data?.message ?? (error instanceof ClientError ? error.message : null);
  if (message === null || copy.keepCopy) {
    if (!data && import.meta.env.DEV) console.error(error);
    return { title: copy.title, description: format(copy.description), inline: copy.inline ?? copy.description, data };
  }
  return { title: copy.title, description: format(message), inline: message, data };
}

/**
 * Puts the server's per-field messages under the matching fields of a react-hook-form form.
 * Only fields the form knows are set; the values the user typed are never touched.
 * Returns true when at least one field got a message (the first one is focused).
 */
export function applyFieldErrors<T extends FieldValues>(
  data: AppErrorData | null,
  setError: UseFormSetError<T>,
  knownFields: readonly Path<T>[],
): boolean {
  if (!data?.fields) return false;
  let first = true;
  let applied = false;
  for (const name of knownFields) {
    const message = data.fields[name];
    if (!message) continue;
    setError(name, { type: "server", message }, { shouldFocus: first });
    first = false;
    applied = true;
  }
  return applied;
}
