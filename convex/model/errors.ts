// The one way a Convex function refuses: ConvexError({ code, message, fields? })
// with the spec's wording. `parseOrThrow` turns a zod failure into that shape,
// the first message per field for forms and the first overall for toasts.
import { ConvexError } from "convex/values";
import type { ZodType } from "zod";
import { ErrorCode, Messages } from "../../common/errors";

export type FieldErrors = Record<string, string>;

export function fail(code: ErrorCode, message: string, fields?: FieldErrors): never {
  throw new ConvexError({ code, message, ...(fields ? { fields } : {}) });
}

export function invalid(message: string, fields?: FieldErrors): never {
  fail(ErrorCode.INVALID_INPUT, message, fields);
}

export function notFound(message: string): never {
  fail(ErrorCode.NOT_FOUND, message);
}

export function forbidden(message: string = Messages.forbidden): never {
  fail(ErrorCode.FORBIDDEN, message);
}

export function notSignedIn(): never {
  fail(ErrorCode.NOT_AUTHENTICATED, Messages.notAuthenticated);
}

/** RATE_LIMITED with when to try again (ms since epoch), if the limit knows. */
export function rateLimited(retryAt: number | null | undefined, message: string = Messages.tooManyRequests): never {
  throw new ConvexError({ code: ErrorCode.RATE_LIMITED, message, ...(retryAt != null ? { retryAt } : {}) });
}

/** Issues of a failed zod parse as form fields: the first message per top-level field. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) fields[String(issue.path[0] ?? "")] ??= issue.message;
  return fields;
}

/** Parses `input` with `schema`, or throws INVALID_INPUT with the first message and every field's. */
export function parseOrThrow<S extends ZodType>(schema: S, input: unknown): S["_output"] {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  invalid(issues[0]?.message ?? Messages.requestFailed, fieldErrors(issues));
}
