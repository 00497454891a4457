// Shared plumbing of the public REST API (spec §7): JSON in and out, the
// caller's identity from the Bearer token (Convex verifies it before the
// handler runs), and one mapping from our ConvexError codes to HTTP statuses,
// so bad input is always a 4xx with the product's message, never a 500.
import type { HttpRouter } from "convex/server";
import { ConvexError, v } from "convex/values";
import type { ZodType } from "zod";
import { ErrorCode, Messages, type AppErrorData } from "../../common/errors";
import { internal } from "../_generated/api";
import type { Id, TableNames } from "../_generated/dataModel";
import { httpAction, type ActionCtx } from "../_generated/server";
import { internalQuery } from "../functions";
import { appError, fieldErrors, invalid } from "../model/errors";
import { zipToPlace } from "../model/geo";

export type RestMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RestRequest {
  ctx: ActionCtx;
  request: Request;
  url: URL;
  /** Path segments after the route's prefix, for routes declared with `pathPrefix`. */
  params: string[];
}

/** What the OpenAPI document (openapi.ts) says about a route. */
export interface RouteDoc {
  summary: string;
  /** "bearer": a token is required (401 without); "optional": a token changes the answer; "none": public. */
  auth: "bearer" | "optional" | "none";
  /** Path templates served, e.g. "/api/users/{id}" (prefix routes may serve several). Default: `path`. */
  paths?: string[];
  /** JSON body (or multipart form fields) the route validates. */
  body?: ZodType;
  /** "multipart/form-data" for uploads; JSON otherwise. */
  bodyType?: "json" | "multipart";
  /** Query parameters. */
  query?: ZodType;
  /** The successful answer. */
  answer?: ZodType;
  /** Other statuses than the success and the shared error answers (e.g. 302). */
  extraStatuses?: Record<number, string>;
}

export interface RestRoute {
  method: RestMethod;
  /** Exact path, or a prefix ending in "/" whose remaining segments become `params`. */
  path?: string;
  pathPrefix?: string;
  handler: (req: RestRequest) => Promise<unknown>;
  /** Status of a successful answer (default 200). */
  status?: number;
  doc?: RouteDoc;
}

const STATUS_BY_CODE: Record<string, number> = {
  [ErrorCode.INVALID_INPUT]: 400,
  [ErrorCode.NOT_AUTHENTICATED]: 401,
  [ErrorCode.INVALID_CREDENTIALS]: 401,
  [ErrorCode.INVALID_TOKEN]: 400,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.EMAIL_NOT_VERIFIED]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.EMAIL_TAKEN]: 409,
  [ErrorCode.ACCOUNT_LOCKED]: 423,
  [ErrorCode.RATE_LIMITED]: 429,
};

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "Authorization, Content-Type",
  "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "Access-Control-Max-Age": "86400",
};

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...CORS_HEADERS },
  });
}

export function restError(code: ErrorCode, message: string) {
  return appError({ code, message });
}

/** A thrown error as an HTTP answer: our ConvexErrors keep their message; anything else is a 500 without details. */
export function errorResponse(error: unknown): Response {
  if (error instanceof ConvexError && typeof error.data === "object" && error.data !== null) {
    const data = error.data as AppErrorData;
    const status = STATUS_BY_CODE[data.code] ?? 400;
    return jsonResponse(
      { message: data.message, code: data.code, ...(data.fields ? { fields: data.fields } : {}) },
      status,
    );
  }
  const text = error instanceof Error ? error.message : String(error);
  // Argument validators refuse wrong types before a handler runs: that is bad input too.
  if (text.includes("ArgumentValidationError")) {
    return jsonResponse({ message: "Invalid request", code: ErrorCode.INVALID_INPUT }, 400);
  }
  console.error("REST handler failed:", text);
  return jsonResponse({ message: "Internal server error" }, 500);
}

/** The JSON object in the request body; anything else is a 400. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw restError(ErrorCode.INVALID_INPUT, "Request body must be JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw restError(ErrorCode.INVALID_INPUT, "Request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

/**
 * Refuses anonymous callers with a 401 before any work is done, and so a Bearer
 * token whose session has ended (signed out, password reset, ban, deleted account).
 */
export async function requireSignedIn(ctx: ActionCtx): Promise<Id<"users">> {
  const identity = await ctx.auth.getUserIdentity();
  const userId = identity === null ? null : await ctx.runQuery(internal.accounts.sessionViewerId, {});
  if (userId === null) throw restError(ErrorCode.NOT_AUTHENTICATED, Messages.notAuthenticated);
  return userId;
}

/** Optional string query parameters: only non-empty values are kept (spec §5 "only non-empty filters are sent"). */
export function queryParams<K extends string>(url: URL, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = url.searchParams.get(key)?.trim();
    if (value) out[key] = value;
  }
  return out;
}

const DEFAULT_PAGE = 20;
const MAX_PAGE = 100;

/** A string field of a JSON body: undefined when absent or null, a 400 when of another type. */
export function stringField(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") throw restError(ErrorCode.INVALID_INPUT, `${key} must be a string`);
  return value;
}

export function booleanField(body: Record<string, unknown>, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw restError(ErrorCode.INVALID_INPUT, `${key} must be true or false`);
  return value;
}

/** Location text, "City, ST" or a ZIP, as city, state and ZIP (from the offline ZIP data); null when neither. */
export function placeOf(location: string): { city?: string; state?: string; zipCode?: string } | null {
  const zip = /^\s*(\d{5})(-\d{4})?\s*$/.exec(location);
  if (zip) {
    const place = zipToPlace(zip[1]!);
    return place ? { city: place.city, state: place.state, zipCode: zip[1] } : null;
  }
  const cityState = /^\s*(.+?),\s*([A-Za-z]{2})\s*$/.exec(location);
  return cityState ? { city: cityState[1], state: cityState[2]!.toUpperCase() } : null;
}

/** `?limit=` as a whole number from 1 to MAX_PAGE (default DEFAULT_PAGE). */
export function limitParam(url: URL, fallback = DEFAULT_PAGE, max = MAX_PAGE): number {
  const raw = url.searchParams.get("limit")?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw restError(ErrorCode.INVALID_INPUT, `limit must be a whole number from 1 to ${max}`);
  }
  return n;
}

/** True when every id names a document of `table` in this deployment's id format (not whether it exists). */
export const idsAreWellFormed = internalQuery({
  args: { table: v.string(), ids: v.array(v.string()) },
  returns: v.boolean(),
  handler: async (ctx, { table, ids }) => ids.every((id) => ctx.db.normalizeId(table as TableNames, id) !== null),
});

/**
 * A path or body id: a 400 when it is not an id of `table` at all ("zzz"), so
 * every route tells malformed ids (400) from ids of nothing (404 or empty).
 * Id formats differ between Convex and the local runtime, so the deployment decides.
 */
export async function idParam<T extends TableNames>(
  ctx: ActionCtx,
  table: T,
  value: string | undefined,
  name = "id",
): Promise<string> {
  if (value === undefined || value === "") throw restError(ErrorCode.INVALID_INPUT, `${name} is required`);
  if (value.length > 64 || !(await ctx.runQuery(internal.http.rest.idsAreWellFormed, { table, ids: [value] }))) {
    throw restError(ErrorCode.INVALID_INPUT, `Invalid ${name}`);
  }
  return value;
}

/** Several ids of one table (e.g. notificationIds): a 400 naming the list when any is malformed. */
export async function idListParam<T extends TableNames>(
  ctx: ActionCtx,
  table: T,
  values: unknown,
  name: string,
): Promise<string[]> {
  if (!Array.isArray(values) || values.some((id) => typeof id !== "string")) {
    throw restError(ErrorCode.INVALID_INPUT, `${name} must be a list of ids`);
  }
  if (values.length > MAX_PAGE) throw restError(ErrorCode.INVALID_INPUT, `${name} may list at most ${MAX_PAGE} ids`);
  const ids = values as string[];
  if (ids.some((id) => id.length > 64) || !(await ctx.runQuery(internal.http.rest.idsAreWellFormed, { table, ids }))) {
    throw restError(ErrorCode.INVALID_INPUT, `${name} contains an invalid id`);
  }
  return ids;
}

/** `?cursor=`: null for the first page; absurdly long text is refused before any query runs. */
export function cursorParam(url: URL): string | null {
  const cursor = url.searchParams.get("cursor")?.trim() || null;
  if (cursor !== null && cursor.length > 4096) throw restError(ErrorCode.INVALID_INPUT, "Invalid cursor");
  return cursor;
}

/** `?limit=` and `?cursor=` as Convex pagination options. */
export function pageParams(
  url: URL,
  fallback = DEFAULT_PAGE,
  max = MAX_PAGE,
): { numItems: number; cursor: string | null } {
  return { numItems: limitParam(url, fallback, max), cursor: cursorParam(url) };
}

/** Runs a paginated call; a cursor the query cannot use is the caller's mistake (400), not a 500. */
export async function withCursor<T>(cursor: string | null, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (cursor !== null && !(error instanceof ConvexError)) throw restError(ErrorCode.INVALID_INPUT, "Invalid cursor");
    throw error;
  }
}

/** A JSON body checked against `schema`: a 400 with the schema's first message (and every field's). */
export async function parseBody<S extends ZodType>(request: Request, schema: S): Promise<S["_output"]> {
  const body = await readJsonObject(request);
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  // A wrong type names its field ("email: Invalid input: expected string"); the product's own messages stand alone.
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path,
    message:
      issue.code === "invalid_type" && issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
  }));
  invalid(issues[0]!.message, fieldErrors(issues));
}

/** Every route registered so far: the OpenAPI document (openapi.ts) describes them all. */
export const registeredRoutes: RestRoute[] = [];

/** Registers routes and their CORS preflights on the router. */
export function registerRestRoutes(http: HttpRouter, routes: readonly RestRoute[]): void {
  registeredRoutes.push(...routes);
  const preflight = httpAction(async () => new Response(null, { status: 204, headers: CORS_HEADERS }));
  const seen = new Set<string>();
  for (const route of routes) {
    const target = route.path !== undefined ? { path: route.path } : { pathPrefix: route.pathPrefix! };
    const handler = httpAction(async (ctx, request) => {
      const url = new URL(request.url);
      const params =
        route.pathPrefix !== undefined ? url.pathname.slice(route.pathPrefix.length).split("/").filter(Boolean) : [];
      try {
        const body = await route.handler({ ctx, request, url, params });
        // A handler answering with its own Response (a redirect) is passed through.
        if (body instanceof Response) return body;
        return jsonResponse(body ?? null, route.status ?? 200);
      } catch (error) {
        return errorResponse(error);
      }
    });
    http.route({ ...target, method: route.method, handler });
    const key = route.path ?? `prefix:${route.pathPrefix}`;
    if (!seen.has(key)) {
      seen.add(key);
      http.route({ ...target, method: "OPTIONS", handler: preflight });
    }
  }
}
