// The one way a Convex function refuses: ConvexError({ code, message, fields? })
// with the spec's wording. `parseOrThrow` turns a zod failure into that shape,
// the first message per field for forms and the first overall for toasts.
import { ConvexError } from "convex/values";
import type { ZodType } from "zod";
import { ErrorCode, Messages, type AppErrorData } from "../../common/errors";

export type FieldErrors = Record<string, string>;

/**
 * The error itself, not thrown: for a `throw` that control flow must see (REST routes) and for
 * a refusal an internal function answered as a value. Everything below throws through it.
 */
export function appError(data: AppErrorData) {
  return new ConvexError({ ...data });
}

export function fail(code: ErrorCode, message: string, fields?: FieldErrors): never {
  throw appError({ code, message, ...(fields ? { fields } : {}) });
}

/** Throws a refusal an internal function answered as a value (it committed; this call fails). */
export function refuse(error: AppErrorData): never {
  throw appError(error);
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

export function invalidToken(message: string): never {
  fail(ErrorCode.INVALID_TOKEN, message);
}

export function notSignedIn(): never {
  fail(ErrorCode.NOT_AUTHENTICATED, Messages.notAuthenticated);
}

/** RATE_LIMITED with when to try again (ms since epoch), if the limit knows. */
export function rateLimited(retryAt: number | null | undefined, message: string = Messages.tooManyRequests): never {
  throw appError({ code: ErrorCode.RATE_LIMITED, message, ...(retryAt != null ? { retryAt } : {}) });
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
