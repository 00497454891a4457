// Authz matrix (issue 11 §3): every public function of the deployment, read at
// run time, sits in CLASSIFICATION (convex/authz.setup.ts); anonymous callers
// are refused unless it says otherwise, and a member who doesn't own the thing
// an id names is refused or gets nothing. Adding a function without
// classifying it fails here.
import { beforeAll, describe, expect, test } from "vitest";
import {
  buildWorld,
  callByName,
  CLASSIFICATION,
  describeOutcome,
  idArgNames,
  isEmptyAnswer,
  loadSurface,
  outcome,
  refusedCode,
  sampleArgs,
  strangerCases,
  type Classification,
  type SurfaceFunction,
  type World,
} from "./authz.setup";

/** Runs `call` with local payments on when the classification asks for it (RAFTER_LOCAL, as the payments tests do). */
async function withPaymentsMode<T>(c: Classification, call: () => Promise<T>): Promise<T> {
  if (!c.localPayments) return await call();
  const before = process.env.RAFTER_LOCAL;
  process.env.RAFTER_LOCAL = "1";
  try {
    return await call();
  } finally {
    if (before === undefined) delete process.env.RAFTER_LOCAL;
    else process.env.RAFTER_LOCAL = before;
  }
}

const surface = await loadSurface();
const publicFns = surface.filter((f) => f.isPublic);
// npm run mutate:authz (scripts/mutate-authz.ts) runs the matrix only for the modules a mutated
// file can reach: AUTHZ_MODULES lists them ("scrap,payments/local").
const inScope = (f: SurfaceFunction) =>
  process.env.AUTHZ_MODULES === undefined || process.env.AUTHZ_MODULES.split(",").includes(f.name.split(":")[0]!);
const classified = publicFns.filter((f) => CLASSIFICATION[f.name] !== undefined && inScope(f));
/** Under AUTHZ_MODULES a suite may have no case left, which vitest counts as a failure. */
const scopeMayBeEmpty = () => {
  if (process.env.AUTHZ_MODULES !== undefined) test.skip("nothing else in scope", () => {});
};
const byAccess = (access: string) => classified.filter((f) => CLASSIFICATION[f.name]!.access === access);

/**
 * Known holes being fixed right now by another engineer (test.fails until their
 * fix lands on main; then the entry goes). Goal: empty.
 */
const KNOWN_FAILING: Record<string, string> = {};
const registered = new Set<string>();
const caseFor = (key: string) => {
  registered.add(key);
  return KNOWN_FAILING[key] ? test.fails : test;
};

describe("the classification covers the deployment", () => {
  test("every public function is classified", () => {
    const missing = publicFns.filter((f) => CLASSIFICATION[f.name] === undefined).map((f) => `${f.name} (${f.kind})`);
    expect(
      missing,
      `Classify these public functions in CLASSIFICATION (convex/authz.setup.ts): ` +
        `"public" with a reason, "viewerOrNull", "member" or "admin", plus a "stranger" rule when they take an id`,
    ).toEqual([]);
  });

  test("every classified function still exists and is public", () => {
    const live = new Set(publicFns.map((f) => f.name));
    const stale = Object.keys(CLASSIFICATION).filter((name) => !live.has(name));
    expect(
      stale,
      "These are no longer public functions: remove them from CLASSIFICATION (convex/authz.setup.ts)",
    ).toEqual([]);
  });

  test("every function that takes an id says what a member who doesn't own it gets", () => {
    const unruled = classified
      .filter((f) => idArgNames(f).length > 0 && CLASSIFICATION[f.name]!.stranger === undefined)
      .map((f) => `${f.name} (${idArgNames(f).join(", ")})`);
    expect(
      unruled,
      `These take ids: give each a "stranger" rule in CLASSIFICATION (convex/authz.setup.ts): refused, empty, or allowed with a reason`,
    ).toEqual([]);
  });

  test("public functions say why anonymous callers are served", () => {
    for (const f of byAccess("public")) {
      const c = CLASSIFICATION[f.name]!;
      expect(c.access === "public" && c.reason.length > 10, f.name).toBe(true);
    }
  });

  test("internal functions are internal only, never public", () => {
    const internal = surface.filter((f) => !f.isPublic);
    expect(internal.length).toBeGreaterThan(0);
    for (const f of internal) expect(f.isInternal, `${f.name} is neither public nor internal`).toBe(true);
    for (const f of publicFns) expect(f.isInternal, `${f.name} is both public and internal`).toBe(false);
    const classifiedInternal = internal.filter((f) => CLASSIFICATION[f.name] !== undefined).map((f) => f.name);
    expect(classifiedInternal, "internal functions need no classification").toEqual([]);
  });
});

describe("anonymous callers", () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  scopeMayBeEmpty();
  const argsFor = (f: SurfaceFunction) => CLASSIFICATION[f.name]!.args?.(w) ?? sampleArgs(f, w);

  for (const f of [...byAccess("member"), ...byAccess("admin")]) {
    caseFor(`anonymous ${f.name}`)(`${f.name} refuses with NOT_AUTHENTICATED`, async () => {
      const result = await outcome(callByName(w.t, f, argsFor(f)));
      expect(result.ok ? `answered ${JSON.stringify(result.value).slice(0, 200)}` : result.code).toBe(
        "NOT_AUTHENTICATED",
      );
    });
  }

  // Keeps "public" honest: a public function serves anonymous callers (the auth library's own endpoints aside).
  for (const f of byAccess("public").filter((f) => !f.name.startsWith("auth:"))) {
    test(`${f.name} serves anonymous callers (or refuses the input in our words)`, async () => {
      const result = await outcome(callByName(w.t, f, argsFor(f)));
      if (!result.ok) {
        expect(result.code, `${f.name} threw ${String(result.error)}`).toBeDefined();
        expect(result.code, `${f.name} is classified public but refuses anonymous callers`).not.toBe(
          "NOT_AUTHENTICATED",
        );
      }
    });
  }

  for (const f of byAccess("viewerOrNull")) {
    test(`${f.name} answers nothing`, async () => {
      const result = await outcome(callByName(w.t, f, argsFor(f)));
      expect(result.ok, result.ok ? "" : String(result.error)).toBe(true);
      expect(result.ok && isEmptyAnswer(result.value), JSON.stringify(result.ok ? result.value : null)).toBe(true);
    });
  }

  for (const f of byAccess("admin")) {
    test(`${f.name} refuses a member with FORBIDDEN`, async () => {
      const result = await outcome(callByName(w.c.as, f, argsFor(f)));
      expect(result.ok ? "answered" : result.code).toBe("FORBIDDEN");
    });
  }
});

describe("a member who doesn't own the thing", () => {
  // Refusals change nothing (the transaction rolls back), so they share one world;
  // calls a stranger may make get a world of their own. Each outcome is also kept in
  // __snapshots__/authz.test.ts.snap: a refusal by its code and copy, an answer by its shape
  // (npm run mutate:authz relies on it: a check removed changes one of them).
  let shared: World;
  beforeAll(async () => {
    shared = await buildWorld();
  });
  scopeMayBeEmpty();

  for (const f of classified) {
    for (const { kind, caller, rule } of strangerCases(f.name, CLASSIFICATION[f.name]!)) {
      const key = kind === "professional" ? `stranger ${f.name}` : `stranger(${kind}) ${f.name}`;
      const title = kind === "professional" ? `${f.name}: ${rule.expect}` : `${f.name} as ${kind}: ${rule.expect}`;
      caseFor(key)(title, async () => {
        const w = rule.expect === "allowed" && f.kind !== "query" ? await buildWorld() : shared;
        const result = await outcome(
          withPaymentsMode(CLASSIFICATION[f.name]!, () => callByName(caller(w).as, f, rule.args(w))),
        );
        if (rule.expect === "refused") {
          const codes = rule.codes ?? ["FORBIDDEN", "NOT_FOUND"];
          const code = result.ok ? refusedCode(result.value) : result.code;
          expect(code ?? `answered ${JSON.stringify(result.ok ? result.value : null).slice(0, 200)}`).toBeOneOf(codes);
        } else if (rule.expect === "empty") {
          expect(result.ok ? result.value : String(result.error), "expected an empty answer").toSatisfy(
            (v) => result.ok && isEmptyAnswer(v),
          );
        } else {
          // Allowed: served, or a business-rule refusal in our words; never a crash.
          if (!result.ok) expect(result.code, String(result.error)).toBeDefined();
          else await rule.check?.(w, result.value);
        }
        expect(describeOutcome(result)).toMatchSnapshot();
      });
    }
  }
});

describe("banned and deleted members, dead and borrowed sessions", () => {
  // Their tokens outlive their sessions (a ban and a deletion end every session; a session
  // expires; a token's session must be its user's own): every non-public function treats them
  // as signed out, whatever they name.
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  scopeMayBeEmpty();
  const argsFor = (f: SurfaceFunction) => {
    const c = CLASSIFICATION[f.name]!;
    return c.stranger?.args(w) ?? c.args?.(w) ?? sampleArgs(f, w);
  };
  // The auth library's own endpoints aside (isAuthenticated reads the token, not our session).
  for (const f of classified.filter((f) => CLASSIFICATION[f.name]!.access !== "public" && !f.name.startsWith("auth:"))) {
    const access = CLASSIFICATION[f.name]!.access;
    for (const who of ["banned", "deleted", "expired", "forged"] as const) {
      const whom = { banned: "a banned member", deleted: "a deleted member", expired: "an expired session", forged: "another member's session" }[who];
      caseFor(`${who} ${f.name}`)(`${f.name} treats ${whom} as signed out`, async () => {
        const result = await outcome(callByName(w[who].as, f, argsFor(f)));
        if (access === "viewerOrNull") {
          expect(result.ok ? result.value : String(result.error), "expected an empty answer").toSatisfy(
            (v) => result.ok && isEmptyAnswer(v),
          );
        } else {
          expect(result.ok ? `answered ${JSON.stringify(result.value).slice(0, 200)}` : result.code).toBe(
            "NOT_AUTHENTICATED",
          );
        }
      });
    }
  }
});

test("every known-failing marker names a live case (remove the others)", () => {
  expect(Object.keys(KNOWN_FAILING).filter((key) => !registered.has(key))).toEqual([]);
});
