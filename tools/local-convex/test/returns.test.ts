// A query's or mutation's return value is checked without exceptions when it
// is valid (src/returns.ts), with convex-test's result and message when it is
// not; a mutation's before its commit, so a refused one writes nothing.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getInternals } from "../src/internals.js";
import { surelyValid } from "../src/returns.js";
import { startRuntime as startInProcess, type Runtime } from "../src/runtime.js";
import { client, copyApp, httpClient, tempDir, TOOL_DIR } from "./harness.js";

let rt: Runtime;

beforeAll(async () => {
  const appDir = copyApp(path.join(TOOL_DIR, "test", "apps", "reads"));
  rt = await startInProcess({
    functionsDir: path.join(appDir, "convex"),
    dataDir: tempDir("local-convex-returns-"),
    port: 0,
    sitePort: 0,
    envFile: null,
    log: () => {},
    logFunctionCalls: false,
  });
}, 60_000);

afterAll(async () => {
  await rt?.close();
});

const shaped = (wrong?: string) => rt.engine.call("returns:shaped", wrong ? { wrong } : {}, null);
const refusal = (detail: string) =>
  `Uncaught Error: Return value validation failed for query "returns:shaped":\nValidator error: ${detail}`;

describe("mutation return values", () => {
  const rows = async (group: string) => (await httpClient(rt.cloudUrl).query("docs:inGroup" as any, { group })) as number[];
  const refused = (udfPath: string) =>
    `Return value validation failed for mutation "${udfPath}":\nValidator error: Expected \`string\`, got \`5\``;

  it("refuses a value before the commit: the client gets the error, the row is not written", async () => {
    const http = httpClient(rt.cloudUrl);
    await expect(http.mutation("returns:insertReturning" as any, { group: "m-http", wrong: true })).rejects.toThrow(
      refused("returns:insertReturning"),
    );
    expect(await rows("m-http")).toEqual([]);
    // The WebSocket client's mutation (recorded with its result for de-duplication) too.
    const ws = client(rt.cloudUrl);
    try {
      await expect(ws.mutation("returns:insertReturning" as any, { group: "m-ws", wrong: true })).rejects.toThrow(
        refused("returns:insertReturning"),
      );
      expect(await rows("m-ws")).toEqual([]);
      const id = await ws.mutation("returns:insertReturning" as any, { group: "m-ws", wrong: false });
      expect(typeof id).toBe("string");
      expect(await rows("m-ws")).toEqual([1]);
    } finally {
      await ws.close();
    }
  });

  it("accepts a valid value and commits", async () => {
    const id = await httpClient(rt.cloudUrl).mutation("returns:insertReturning" as any, { group: "m-ok", wrong: false });
    expect(id).toMatch(/docs$/);
    expect(await rows("m-ok")).toEqual([1]);
  });

  it("refuses a nested mutation's value before its writes join the caller's", async () => {
    const http = httpClient(rt.cloudUrl);
    await expect(http.action("returns:insertFromAction" as any, { group: "m-action", wrong: true })).rejects.toThrow(
      refused("returns:insertReturningNested"),
    );
    expect(await rows("m-action")).toEqual([]);
    expect(await http.action("returns:insertFromAction" as any, { group: "m-action", wrong: false })).toMatch(/docs$/);
    expect(await rows("m-action")).toEqual([1]);
    // Caught by the calling mutation: only the caller's own row commits.
    const answer = await http.mutation("returns:insertFromMutation" as any, { group: "m-nested", wrong: true });
    expect(answer).toContain(refused("returns:insertReturningNested"));
    expect(await rows("m-nested")).toEqual([2]);
  });

  it("checks a pending commit timestamp as an int64, and returns the commit's", async () => {
    const out = await rt.engine.call("returns:commitStamp", {}, null);
    expect(out.success).toBe(true);
    expect(out.success && out.value).toEqual({ ts: out.commitTs });
  });
});

describe("query return values", () => {
  it("accepts a valid value (null members of unions, optional and undefined fields)", async () => {
    const out = await shaped();
    expect(out.success).toBe(true);
    expect(out.success && out.value).toEqual({
      rows: [
        { name: null, kind: "a" },
        { name: "x", score: 1, kind: "b" },
        { name: null, kind: "a" },
      ],
      note: null,
    });
    const nothing = await rt.engine.call("returns:nothing", {}, null);
    expect(nothing.success && nothing.value).toBe(null);
  });

  it.each([
    ["union", "Expected one of string, null, got `5`"],
    ["literal", 'Expected one of literal, literal, got `"c"`'],
    ["extra", "Unexpected field `more` in object"],
    ["missing", "Missing required field `note` in object"],
    ["id", 'Expected ID for table "docs", got `0000000000000000000000001ticks`'],
  ])("refuses a wrong value (%s) with convex-test's message", async (wrong, detail) => {
    const out = await shaped(wrong);
    expect(out.success).toBe(false);
    expect(!out.success && out.errorMessage).toContain(refusal(detail));
  });

  it.each([
    [{ group: "g", n: 1, body: "b" }, null],
    [{ group: "g", n: 1, body: "b", tag: "t" }, null],
    [{ group: "g", n: "1", body: "b" }, "Validator error: Expected `number`, got `1`"],
    [{ group: "g", n: 1 }, "Validator error: Missing required field `body` in object"],
    [{ group: "g", n: 1, body: "b", other: 2 }, "Validator error: Unexpected field `other` in object"],
  ])("writes against the schema as convex-test does: %j", async (doc, refusal) => {
    const out = await rt.engine.call("returns:insertRaw", { doc }, null);
    expect(out.success).toBe(refusal === null);
    if (refusal !== null) expect(!out.success && out.errorMessage).toContain(refusal);
  });

  it("is sure only of values convex-test accepts", () => {
    const { validateValidator, tableNameFromId } = getInternals();
    const leaves = [
      { type: "null" },
      { type: "number" },
      { type: "string" },
      { type: "boolean" },
      { type: "bigint" },
      { type: "any" },
      { type: "literal", value: "a" },
      { type: "id", tableName: "docs" },
      { type: "bytes" },
    ];
    const values: unknown[] = [
      null,
      undefined,
      0,
      -1.5,
      "a",
      "",
      true,
      1n,
      "0000000000000000000000000001docs",
      [],
      {},
      [1, "a"],
      { a: 1 },
      new ArrayBuffer(1),
    ];
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
    const validator = (depth: number): any => {
      const r = next();
      if (depth > 2 || r < 0.4) return pick(leaves);
      if (r < 0.6) return { type: "array", value: validator(depth + 1) };
      if (r < 0.8) return { type: "union", value: [validator(depth + 1), validator(depth + 1)] };
      return {
        type: "object",
        value: {
          a: { fieldType: validator(depth + 1), optional: next() < 0.5 },
          b: { fieldType: validator(depth + 1), optional: next() < 0.5 },
        },
      };
    };
    const value = (depth: number): unknown => {
      const r = next();
      if (depth > 2 || r < 0.5) return pick(values);
      if (r < 0.75) return [value(depth + 1), value(depth + 1)];
      const out: Record<string, unknown> = { a: value(depth + 1) };
      if (next() < 0.7) out.b = value(depth + 1);
      if (next() < 0.1) out.c = 1;
      return out;
    };
    let sure = 0;
    for (let i = 0; i < 20_000; i++) {
      const v = validator(0);
      const x = value(0);
      let accepted = true;
      try {
        validateValidator(v, x);
      } catch {
        accepted = false;
      }
      const quick = surelyValid(v, x, tableNameFromId);
      if (quick) sure += 1;
      // Sure means accepted; not sure is allowed (convex-test then decides).
      if (quick) expect(accepted, JSON.stringify({ v, x: String(x) })).toBe(true);
    }
    expect(sure).toBeGreaterThan(1000);
  });
});
