// The REST contract as an OpenAPI 3.1 document (GET /api/openapi.json), built
// from the registered routes themselves: each route's `doc` (rest.ts) carries
// the zod schemas it validates with, turned into JSON Schema by zod 4's
// z.toJSONSchema. Routes without their own `doc` are described in FALLBACK.
// http/openapi.test.ts fails when a routed path is missing here.
import { z } from "zod";
import { registeredRoutes, type RestRoute, type RouteDoc } from "./rest";
import { putUserBody } from "./profiles";

/** Every error answer: the product's message, a code (common/errors.ts), per-field messages for forms. */
export const errorAnswer = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  retryAt: z.number().optional(),
});

const idList = (key: string) => z.object({ [key]: z.array(z.looseObject({})), nextCursor: z.string().nullable() });
const page = z.object({
  limit: z.string().optional().describe("1 to 100 (default 20)"),
  cursor: z.string().optional().describe("nextCursor of the previous page"),
});

/** Docs for routes declared without one, keyed "METHOD path" (prefix routes end in "*"). */
const FALLBACK: Record<string, RouteDoc> = {
  "POST /api/jobs": { summary: "Post a project (spec Post Project form)", auth: "bearer", body: z.looseObject({ title: z.string(), description: z.string(), category: z.string(), location: z.string() }) },
  "GET /api/jobs": { summary: "The public job board", auth: "none", query: page.extend({ q: z.string().optional(), category: z.string().optional(), status: z.string().optional(), sort: z.string().optional(), zip: z.string().optional(), radius: z.string().optional() }), answer: idList("jobs") },
  "GET /api/jobs/my-jobs": { summary: "The caller's own projects", auth: "bearer", query: page, answer: idList("jobs") },
  "GET /api/jobs/status/available": { summary: "Open jobs", auth: "none", query: page, answer: idList("jobs") },
  "GET /api/jobs/search": { summary: "Job search by place", auth: "none", query: z.object({ category: z.string().optional(), city: z.string().optional(), state: z.string().optional(), zipCode: z.string().optional(), status: z.string().optional() }) },
  "POST /api/requests": { summary: "A quote request", auth: "bearer", body: z.looseObject({}) },
  "POST /api/contact": { summary: "The contact form", auth: "none", body: z.object({ name: z.string(), email: z.string(), subject: z.string(), message: z.string() }) },
  "GET /api/messages": { summary: "The caller's conversations", auth: "bearer", query: page, answer: idList("conversations") },
  "GET /api/messages/*": { summary: "Conversation list of the caller, or the thread with another member", auth: "bearer", paths: ["/api/messages/user/{userId}", "/api/messages/{userId}/{otherId}"], query: page },
  "POST /api/messages": { summary: "Send a message", auth: "bearer", body: z.object({ receiverId: z.string(), content: z.string() }), answer: z.object({ id: z.string() }) },
  "GET /api/notifications": { summary: "The caller's notifications", auth: "bearer", query: page.extend({ type: z.string().optional() }), answer: idList("notifications") },
  "PATCH /api/notifications/mark-all-read": { summary: "Mark every notification read", auth: "bearer" },
  "PATCH /api/notifications/*": { summary: "Mark one notification read", auth: "bearer", paths: ["/api/notifications/{id}/read"] },
  "DELETE /api/notifications/*": { summary: "Delete a notification", auth: "bearer", paths: ["/api/notifications/{id}"] },
  "GET /api/social/notifications": { summary: "Social notifications (likes, comments, follows, mentions, shares), newest first; likes on one post collapse into one (actorCount)", auth: "bearer", query: page, answer: idList("notifications") },
  "PUT /api/social/notifications/read": { summary: "Mark listed notifications read", auth: "bearer", body: z.object({ notificationIds: z.array(z.string()) }) },
  "GET /api/users": { summary: "Members, newest first (public fields)", auth: "bearer", query: page, answer: idList("users") },
  "GET /api/users/*": { summary: "One member (own contact details only on oneself)", auth: "bearer", paths: ["/api/users/{id}"] },
  "PUT /api/users/*": { summary: "Update one's own profile; portfolio: the ids of one's own portfolio items in gallery order (Pro Profile). Links are never downloaded: add files with POST /api/portfolio/upload", auth: "bearer", paths: ["/api/users/{id}"], body: putUserBody },
  "GET /api/profile/*": { summary: "A profile: user, posts, stats", auth: "bearer", paths: ["/api/profile/{id}"] },
  "GET /api/connections/user/*": { summary: "A member's connections", auth: "bearer", paths: ["/api/connections/user/{userId}"] },
  "POST /api/connections": { summary: "Send a connection request", auth: "bearer", body: z.object({ receiverId: z.string() }) },
  "GET /api/portfolio": { summary: "A portfolio (the caller's, or userId's)", auth: "bearer", query: z.object({ category: z.string().optional(), userId: z.string().optional() }) },
  "POST /api/portfolio/upload": { summary: "Add work: repeated files plus the form's fields", auth: "bearer", bodyType: "multipart", body: z.object({ title: z.string(), category: z.string(), description: z.string().optional(), location: z.string().optional(), dateCompleted: z.string().optional(), tags: z.string().optional(), featured: z.string().optional(), files: z.array(z.string().describe("binary")) }) },
  "DELETE /api/portfolio/*": { summary: "Delete one's own portfolio item", auth: "bearer", paths: ["/api/portfolio/{id}"] },
  "GET /api/reviews": { summary: "Reviews, with search and rating", auth: "bearer", query: page.extend({ search: z.string().optional(), rating: z.string().optional(), professionalId: z.string().optional() }) },
  "POST /api/reviews/*": { summary: "Toggle 'helpful' on a review", auth: "bearer", paths: ["/api/reviews/{id}/helpful"] },
  "GET /api/professionals/nearby": { summary: "Professionals near the caller", auth: "bearer" },
  "GET /api/professionals/search": { summary: "The public professional directory", auth: "none", query: z.object({ q: z.string().optional(), category: z.string().optional(), city: z.string().optional(), state: z.string().optional(), zipCode: z.string().optional(), rating: z.string().optional(), verified: z.string().optional(), sortBy: z.string().optional() }) },
  "GET /api/professionals/stats": { summary: "The caller's professional dashboard figures (thisMonth counted from midnight in timeZone, else the caller's state's zone)", auth: "bearer", query: z.object({ timeZone: z.string().optional() }) },
};

export const routeKey = (r: RestRoute) => `${r.method} ${r.path ?? `${r.pathPrefix}*`}`;

const schemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: "Bad input: the product's message, and per-field messages",
  401: "No token, or a token that no longer works",
  403: "Signed in, but not allowed",
  404: "Not found",
  409: "Conflict",
  423: "Account locked",
  429: "Too many requests: retryAt says when to try again",
};

/** The OpenAPI 3.1 document for these routes. */
export function openApiDocument(routes: readonly RestRoute[], serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorRef = { $ref: "#/components/schemas/Error" };
  for (const route of routes) {
    const doc = route.doc ?? FALLBACK[routeKey(route)];
    const templates = doc?.paths ?? [route.path ?? `${route.pathPrefix}{path}`];
    for (const template of templates) {
      const params = [...template.matchAll(/\{(\w+)\}/g)].map((m) => ({
        name: m[1],
        in: "path",
        required: true,
        schema: { type: "string" },
      }));
      const query = doc?.query ? schemaOf(doc.query) : null;
      const queryParams = query
        ? Object.entries((query.properties ?? {}) as Record<string, Record<string, unknown>>).map(([name, schema]) => ({
            name,
            in: "query",
            required: ((query.required ?? []) as string[]).includes(name),
            schema,
          }))
        : [];
      const status = route.status ?? 200;
      const errors = doc?.auth === "bearer" ? [400, 401, 403, 404, 429] : [400, 404, 429];
      const responses: Record<string, unknown> = {
        [status]: {
          description: "Success",
          content: { "application/json": { schema: doc?.answer ? schemaOf(doc.answer) : {} } },
        },
        ...Object.fromEntries(
          errors.map((code) => [code, { description: STATUS_TEXT[code], content: { "application/json": { schema: errorRef } } }]),
        ),
        ...Object.fromEntries(Object.entries(doc?.extraStatuses ?? {}).map(([code, description]) => [code, { description }])),
      };
      (paths[template] ??= {})[route.method.toLowerCase()] = {
        summary: doc?.summary ?? `${route.method} ${template}`,
        ...(doc?.auth === "bearer" ? { security: [{ bearer: [] }] } : doc?.auth === "optional" ? { security: [{}, { bearer: [] }] } : { security: [] }),
        ...(params.length + queryParams.length > 0 ? { parameters: [...params, ...queryParams] } : {}),
        ...(doc?.body
          ? {
              requestBody: {
                required: true,
                content: {
                  [doc.bodyType === "multipart" ? "multipart/form-data" : "application/json"]: { schema: schemaOf(doc.body) },
                },
              },
            }
          : {}),
        responses,
      };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Rafter REST API",
      version: "1.0.0",
      description:
        "JSON in and out. Authenticated routes take `Authorization: Bearer <token>` from POST /api/auth/login or /api/auth/register. Bad input answers 4xx with `{ message, code, fields? }`, never 5xx.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: { Error: schemaOf(errorAnswer) },
    },
    paths,
  };
}

/** GET /api/openapi.json: every route registered through registerRestRoutes, itself included. */
export const openApiRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/openapi.json",
    doc: { summary: "This document (OpenAPI 3.1)", auth: "none", answer: z.looseObject({ openapi: z.string() }) },
    handler: async ({ url }) => openApiDocument(registeredRoutes, url.origin),
  },
];
