// REST matrix (issue 11 §3): every route registered in convex/http.ts, read
// from the router at run time, sits in ROUTES (http/routes.setup.ts). Without a token each
// refuses (401/403) unless classified public; with one, malformed path ids,
// wrong JSON types, 100 kB strings, broken JSON and garbage cursors are 4xx
// with a JSON `{ message }`, never 5xx. A new route fails here until classified.
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { buildWorld, type World } from "../authz.setup";
import { newTest, setupEnv, signedIn } from "../test.setup";
import {
  fill,
  fillBody,
  pathsOf,
  ROUTES,
  routes,
  send,
  slotIds,
  slotsOf,
  type Answer,
  type Slot,
} from "./routes.setup";

/**
 * Cases failing today that another engineer is fixing right now (test.fails until
 * it lands; then the entry goes). Keyed by the test's name. Goal: empty.
 */
const KNOWN_FAILING: Record<string, string> = {};

const registered = new Set<string>();
const caseFor = (name: string) => {
  registered.add(name);
  return KNOWN_FAILING[name] ? test.fails : test;
};

/** Slots naming the caller or what only the caller owns (B's, in the world). */
const OWNED_SLOTS = ["me", "notification", "portfolioItem", "paidJob", "seat"];

const BIG = "x".repeat(100_000);

/** A 4xx whose body is JSON with a message. */
function expectClientError(a: Answer, what: string, status?: number) {
  const summary = `${what} → ${a.status} ${a.text.slice(0, 200)}`;
  if (status !== undefined) expect(a.status, summary).toBe(status);
  expect(a.status >= 400 && a.status < 500, summary).toBe(true);
  expect(typeof (a.body as { message?: unknown } | undefined)?.message, `${summary}: no JSON { message }`).toBe(
    "string",
  );
}
function expectNo5xx(a: Answer, what: string) {
  const summary = `${what} → ${a.status} ${a.text.slice(0, 200)}`;
  expect(a.status < 500, summary).toBe(true);
  if (a.status >= 400)
    expect(typeof (a.body as { message?: unknown } | undefined)?.message, `${summary}: no JSON { message }`).toBe(
      "string",
    );
}

/** A value of another JSON type than `v` (numbers pass for strings in our readers, so an object). */
const wrongType = (v: unknown) => (typeof v === "object" && v !== null && !Array.isArray(v) ? "x" : { nested: true });

describe("the REST classification covers the router", () => {
  test("every route is classified", () => {
    const missing = routes.filter((r) => ROUTES[r.key] === undefined).map((r) => r.key);
    expect(
      missing,
      "Classify these routes in ROUTES (convex/http/routes.setup.ts): public with a reason, paths for prefix routes, body and query",
    ).toEqual([]);
  });
  test("every classified route still exists", () => {
    const live = new Set(routes.map((r) => r.key));
    expect(
      Object.keys(ROUTES).filter((k) => !live.has(k)),
      "remove these from ROUTES",
    ).toEqual([]);
  });
  test("prefix routes say which paths they serve", () => {
    const bare = routes.filter((r) => r.path.endsWith("*") && !ROUTES[r.key]?.paths).map((r) => r.key);
    expect(bare).toEqual([]);
  });
});

// The published contract (GET /api/openapi.json, issue 11 §2) and this classification must agree on
// who may call each route: public here ⇔ no security requirement (or an empty, optional one) there.
const hasOpenApi = routes.some((r) => r.key === "GET /api/openapi.json");
describe.skipIf(!hasOpenApi)("the OpenAPI document agrees with the classification", () => {
  test("every /api route is documented, public ones without a required token", async () => {
    await setupEnv();
    const res = await newTest().fetch("/api/openapi.json");
    type Operation = { security?: Record<string, unknown>[] };
    const doc = (await res.json()) as {
      paths?: Record<string, Record<string, Operation>>;
      security?: Record<string, unknown>[];
    };
    const shape = (template: string) => template.replace(/\{[^}]*\}/g, "{}");
    const documented = new Map<string, Record<string, Operation>>();
    for (const [path, ops] of Object.entries(doc.paths ?? {})) {
      documented.set(shape(path), { ...documented.get(shape(path)), ...ops });
    }
    const problems: string[] = [];
    for (const r of routes.filter((r) => r.path.startsWith("/api/") && ROUTES[r.key] !== undefined)) {
      const rule = ROUTES[r.key]!;
      for (const template of pathsOf(r, rule)) {
        const op = documented.get(shape(template))?.[r.method.toLowerCase()];
        if (op === undefined) {
          problems.push(`${r.method} ${template}: not in the OpenAPI document`);
          continue;
        }
        const security = op.security ?? doc.security ?? [];
        const anonymousOk = security.length === 0 || security.some((s) => Object.keys(s).length === 0);
        if (anonymousOk !== (rule.public !== undefined)) {
          problems.push(
            `${r.method} ${template}: ${rule.public ? "public here" : "needs a token here"}, but the document says ${anonymousOk ? "no token needed" : "a token is required"}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("REST matrix", () => {
  let w: World;
  let ids: Record<Slot, string>;
  let untouched: World;
  beforeAll(async () => {
    // The auth library's discovery routes read the deployment's keys and site URL.
    await setupEnv();
    // A local deployment, as the e2e stack runs, so the payment webhooks are configured and answer
    // as routes (payments off answers 503 by design: convex/localMode.test.ts).
    process.env.RAFTER_LOCAL = "1";
    w = await buildWorld();
    ids = slotIds(w);
    // Refusals change nothing, so the stranger checks share a world no well-formed call has touched.
    untouched = await buildWorld();
  });
  // Each case calls with a live session of B's: logout (and password changes) end the one they
  // are called with, and an ended session's token is refused from then on.
  beforeEach(async () => {
    w.b.as = (await signedIn(w.t, w.b.userId)).as;
  });

  const cases = routes.filter((r) => ROUTES[r.key] !== undefined);

  for (const r of cases) {
    const rule = ROUTES[r.key]!;
    const templates = pathsOf(r, rule);
    const jsonBody = rule.body !== undefined;

    const anonName = `${r.key}: without a token → ${rule.public ? "served (public)" : "401/403"}`;
    caseFor(anonName)(anonName, async () => {
      for (const template of templates) {
        const a = await send(
          w.t,
          r.method,
          fill(template, ids),
          jsonBody ? JSON.stringify(fillBody(rule.body!, ids)) : undefined,
        );
        if (rule.public) expectNo5xx(a, `anonymous ${r.method} ${template}`);
        else {
          expect([401, 403], `anonymous ${r.method} ${template} → ${a.status} ${a.text.slice(0, 200)}`).toContain(
            a.status,
          );
          expectClientError(a, `anonymous ${r.method} ${template}`);
        }
      }
    });

    // Slots that name the caller or the caller's own things: a stranger (C) pointing them at B's is refused.
    const owned = templates.filter((t) => slotsOf(t).some((s) => OWNED_SLOTS.includes(s)));
    if (owned.length > 0) {
      const name = `${r.key}: someone else's ${owned.join(", ")} → 403/404`;
      caseFor(name)(name, async () => {
        for (const template of owned) {
          const path = fill(template, slotIds(untouched));
          const a = await send(
            untouched.c.as,
            r.method,
            path,
            jsonBody ? JSON.stringify(fillBody(rule.body!, slotIds(untouched))) : undefined,
          );
          expect([403, 404], `C: ${r.method} ${path} (B's) → ${a.status} ${a.text.slice(0, 200)}`).toContain(a.status);
          expectClientError(a, `C: ${r.method} ${path}`);
        }
      });
    }

    for (const template of templates) {
      for (const slot of slotsOf(template)) {
        const name = `${r.key}: zzz as the ${slot} id in ${template} → 400`;
        caseFor(name)(name, async () => {
          const path = fill(template, { ...ids, [slot]: "zzz" });
          const a = await send(
            w.b.as,
            r.method,
            path,
            jsonBody ? JSON.stringify(fillBody(rule.body!, ids)) : undefined,
          );
          expectClientError(a, `${r.method} ${path}`, 400);
        });
      }
    }

    if (jsonBody || rule.multipart) {
      const name = `${r.key}: broken JSON and non-object bodies → 400`;
      caseFor(name)(name, async () => {
        const path = fill(templates[0]!, ids);
        for (const body of ["{not json", "", "[]", '"text"', "42", "null"]) {
          expectClientError(
            await send(w.b.as, r.method, path, body),
            `${r.method} ${path} with body ${body || "(empty)"}`,
            400,
          );
        }
      });
    }

    if (jsonBody) {
      const fields = Object.keys(rule.body!);
      const wrongName = `${r.key}: wrong JSON types → 4xx`;
      caseFor(wrongName)(wrongName, async () => {
        const path = fill(templates[0]!, ids);
        for (const field of fields) {
          const body = { ...fillBody(rule.body!, ids), [field]: wrongType(rule.body![field]) };
          expectClientError(
            await send(w.b.as, r.method, path, JSON.stringify(body)),
            `${r.method} ${path} with ${field}: ${JSON.stringify(body[field])}`,
          );
        }
      });
      const stringFields = fields.filter((f) => typeof rule.body![f] === "string");
      if (stringFields.length > 0) {
        const bigName = `${r.key}: 100 kB strings → 4xx`;
        caseFor(bigName)(bigName, async () => {
          const path = fill(templates[0]!, ids);
          for (const field of stringFields) {
            const body = { ...fillBody(rule.body!, ids), [field]: BIG };
            expectClientError(
              await send(w.b.as, r.method, path, JSON.stringify(body)),
              `${r.method} ${path} with a 100 kB ${field}`,
            );
          }
        });
      }
    }

    if (rule.query?.length) {
      const name = `${r.key}: 100 kB query parameters → never 5xx`;
      caseFor(name)(name, async () => {
        const path = fill(templates[0]!, ids);
        for (const param of rule.query!) {
          expectNo5xx(await send(w.b.as, r.method, `${path}?${param}=${BIG}`), `${r.method} ${path}?${param}=<100 kB>`);
        }
      });
    }

    if (r.method === "GET") {
      const name = `${r.key}: garbage cursor → ${rule.cursor ? "400" : "never 5xx"}`;
      caseFor(name)(name, async () => {
        for (const template of templates) {
          const path = fill(template, ids);
          for (const cursor of ["garbage", "zzz", "%00%FF", BIG.slice(0, 2000)]) {
            const a = await send(w.b.as, r.method, `${path}?cursor=${encodeURIComponent(cursor)}`);
            if (rule.cursor) expectClientError(a, `${r.method} ${path}?cursor=${cursor.slice(0, 20)}`, 400);
            else expectNo5xx(a, `${r.method} ${path}?cursor=${cursor.slice(0, 20)}`);
          }
        }
      });
    }

    const okName = `${r.key}: a well-formed call by a member → JSON, never 5xx`;
    caseFor(okName)(okName, async () => {
      for (const template of templates) {
        const path = fill(template, ids);
        const a = await send(w.b.as, r.method, path, jsonBody ? JSON.stringify(fillBody(rule.body!, ids)) : undefined);
        expectNo5xx(a, `${r.method} ${path}`);
        expect(a.body, `${r.method} ${path} answered no JSON: ${a.text.slice(0, 200)}`).not.toBeUndefined();
      }
    });
  }
});

test("every known-failing marker names a live case (remove the others)", () => {
  expect(Object.keys(KNOWN_FAILING).filter((name) => !registered.has(name))).toEqual([]);
});
