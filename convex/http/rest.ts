// Shared plumbing of the public REST API (spec §7): JSON in and out, the
// caller's identity from the Bearer token (Convex verifies it before the
// handler runs), and one mapping from our ConvexError codes to HTTP statuses,
// so bad input is always a 4xx with the product's message, never a 500.
import type { HttpRouter } from "convex/server";
import { ConvexError } from "convex/values";
import { ErrorCode, Messages, type AppErrorData } from "../../common/errors";
import { httpAction, type ActionCtx } from "../_generated/server";

export type RestMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RestRequest {
  ctx: ActionCtx;
  request: Request;
  url: URL;
  /** Path segments after the route's prefix, for routes declared with `pathPrefix`. */
  params: string[];
}

export interface RestRoute {
  method: RestMethod;
  /** Exact path, or a prefix ending in "/" whose remaining segments become `params`. */
  path?: string;
  pathPrefix?: string;
  handler: (req: RestRequest) => Promise<unknown>;
  /** Status of a successful answer (default 200). */
  status?: number;
}

const STATUS_BY_CODE: Record<string, number> = {
  [ErrorCode.INVALID_INPUT]: 400,
  [ErrorCode.NOT_AUTHENTICATED]: 401,
  [ErrorCode.INVALID_CREDENTIALS]: 401,
  [ErrorCode.INVALID_TOKEN]: 400,
  [ErrorCode.FORBIDDEN]: 403,
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

export function restError(code: ErrorCode, message: string): ConvexError<{ code: ErrorCode; message: string }> {
  return new ConvexError({ code, message });
}

/** A thrown error as an HTTP answer: our ConvexErrors keep their message; anything else is a 500 without details. */
export function errorResponse(error: unknown): Response {
  if (error instanceof ConvexError && typeof error.data === "object" && error.data !== null) {
    const data = error.data as AppErrorData;
    const status = STATUS_BY_CODE[data.code] ?? 400;
    return jsonResponse({ message: data.message, code: data.code, ...(data.fields ? { fields: data.fields } : {}) }, status);
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

/** Refuses anonymous callers with a 401 before any work is done. */
export async function requireSignedIn(ctx: ActionCtx): Promise<void> {
  const identity = await ctx.auth.getUserIdentity();
  if (identity === null) throw restError(ErrorCode.NOT_AUTHENTICATED, Messages.notAuthenticated);
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

/** Runs a paginated call; a cursor the query cannot use is the caller's mistake (400), not a 500. */
export async function withCursor<T>(cursor: string | null, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (cursor !== null && !(error instanceof ConvexError)) throw restError(ErrorCode.INVALID_INPUT, "Invalid cursor");
    throw error;
  }
}

/** Registers routes and their CORS preflights on the router. */
export function registerRestRoutes(http: HttpRouter, routes: readonly RestRoute[]): void {
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
