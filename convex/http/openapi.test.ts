// GET /api/openapi.json lists every routed REST path (read from the router's
// registered routes), with its auth, payload, answers and error shape.
import { describe, expect, test } from "vitest";
import http from "../http";
import { newTest } from "../test.setup";

/** Served by @convex-dev/auth for token verification, not part of the REST API. */
// Not the public REST contract: the auth library's discovery documents, and the local-only outbox
// and Resend stand-in (they answer 404 on any deployment that is not local), and Stripe's and
// Resend's webhooks (their contracts, not ours).
const NOT_REST = new Set(["/.well-known/openid-configuration", "/.well-known/jwks.json", "/dev/outbox", "/dev/resend/emails", "/dev/resend/emails/batch", "/resend-webhook", "/stripe/webhook", "/stripe/connect-webhook", "/credential-document"]);

interface Operation {
  summary: string;
  security: unknown[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

describe("GET /api/openapi.json", () => {
  test("an OpenAPI 3.1 document with every routed path and method", async () => {
    const t = newTest();
    const r = await t.fetch("/api/openapi.json");
    expect(r.status).toBe(200);
    const doc = (await r.json()) as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toBe("3.1.0");
    const routed = http
      .getRoutes()
      .filter(([path, method]) => method !== "OPTIONS" && !NOT_REST.has(path))
      .map(([path, method]) => ({ path, method: method.toLowerCase() }));
    expect(routed.length).toBeGreaterThan(30);
    const missing = routed.filter(({ path, method }) => {
      // A prefix route ("/api/users/*") is covered by a documented path under that prefix.
      const documented = Object.entries(doc.paths).filter(([p]) =>
        path.endsWith("*") ? p.startsWith(path.slice(0, -1)) : p === path,
      );
      return !documented.some(([, ops]) => ops[method] !== undefined);
    });
    expect(missing, "routes missing from the OpenAPI document").toEqual([]);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.summary, `${method} ${path}`).not.toMatch(/^(GET|POST|PUT|PATCH|DELETE) /);
        expect(op.responses["400"]?.content?.["application/json"]?.schema, `${method} ${path} error shape`).toEqual({
          $ref: "#/components/schemas/Error",
        });
      }
    }
  });

  test("payloads come from the zod schemas the routes validate with", async () => {
    const t = newTest();
    const doc = (await (await t.fetch("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: { Error: { required: string[] } } };
    };
    const register = doc.paths["/api/auth/register"]!.post!;
    const schema = register.requestBody!.content["application/json"]!.schema as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(schema.required).toEqual(expect.arrayContaining(["email", "password", "isAdult", "acceptTerms"]));
    expect(schema.properties.password).toMatchObject({ type: "string", minLength: 12 });
    expect(schema.properties.isAdult).toMatchObject({ const: true });
    expect(register.security).toEqual([]);
    expect(doc.paths["/api/auth/me"]!.get!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/users/{id}"]!.put!.requestBody!.content["application/json"]!.schema).toMatchObject({
      properties: { portfolio: { type: "array" } },
    });
    expect(doc.components.schemas.Error.required).toEqual(["message"]);
  });
});
