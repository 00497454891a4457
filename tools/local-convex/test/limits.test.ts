// Convex's transaction limits, with Convex's error text, on an app without a
// schema; and a limit made stricter with --limit (never looser).
import { anyApi } from "convex/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, httpClient, startExpectingFailure, startRuntime, tempDir, type Running } from "./harness.js";

const api = anyApi;
let appDir: string;
let rt: Running;
const HELP = "Consider using smaller limits in your queries, paginating your queries, or using indexed queries with a selective index range expressions.";

beforeAll(async () => {
  appDir = copyFixture("apps/esm");
  rt = await startRuntime({ appDir, dataDir: tempDir("local-convex-limits-") });
}, 90_000);

afterAll(async () => {
  await rt?.stop();
});

const errorOf = (p: Promise<unknown>) => p.then(() => "no error", (e) => String(e.message));

describe("transaction limits", () => {
  it("refuses more than 16,000 documents written", async () => {
    const http = httpClient(rt.cloudUrl);
    expect(await http.mutation(api.limits.fill, { table: "writes", n: 16_000 })).toBe(16_000);
    expect(await errorOf(http.mutation(api.limits.fill, { table: "writes", n: 16_001 }))).toContain(
      "Too many writes in a single function execution (limit: 16000)",
    );
  }, 60_000);

  it("refuses more than 32,000 documents read, counting those .filter() drops", async () => {
    const http = httpClient(rt.cloudUrl);
    await http.mutation(api.limits.fill, { table: "rows", n: 16_000 });
    await http.mutation(api.limits.fill, { table: "rows", n: 16_000 });
    expect(await http.query(api.limits.readAll, { table: "rows" })).toBe(32_000);
    await http.mutation(api.limits.fill, { table: "rows", n: 1 });
    const expected = `Too many documents read in a single function execution (limit: 32000). ${HELP}`;
    expect(await errorOf(http.query(api.limits.readAll, { table: "rows" }))).toContain(expected);
    expect(await errorOf(http.query(api.limits.readFiltered, { table: "rows" }))).toContain(expected);
  }, 90_000);

  it("refuses more than 16 MiB read", async () => {
    const http = httpClient(rt.cloudUrl);
    // 28 documents of 600 KB: under 1 MiB each, over 16 MiB together.
    for (let i = 0; i < 4; i++) await http.mutation(api.limits.fill, { table: "big", n: 7, bytes: 600_000 });
    expect(await errorOf(http.query(api.limits.readAll, { table: "big" }))).toContain(
      `Too many bytes read in a single function execution (limit: 16777216 bytes). ${HELP}`,
    );
  }, 60_000);

  it("refuses a document over 1 MiB and an array over 8,192 elements", async () => {
    const http = httpClient(rt.cloudUrl);
    await http.mutation(api.limits.insertHuge, { bytes: 1_000_000 });
    expect(await errorOf(http.mutation(api.limits.insertHuge, { bytes: 1_100_000 }))).toContain(
      "Value is too large (1.05 MiB > maximum size 1 MiB)",
    );
    const before = await http.query(api.limits.countValues, {});
    await http.mutation(api.limits.insertLongArray, { length: 8_192 });
    expect(await errorOf(http.mutation(api.limits.insertLongArray, { length: 8_193 }))).toContain(
      "Array length is too long (8193 > maximum length 8192)",
    );
    // The oversized write is refused before it happens; the rest commits if the code carries on.
    await http.mutation(api.limits.insertLongArray, { length: 8_193, swallow: true });
    expect(await http.query(api.limits.countValues, {})).toBe(before + 3);
  }, 60_000);

  it("stops a query or mutation after 1 s of run time, writing nothing", async () => {
    const http = httpClient(rt.cloudUrl);
    expect(await http.query(api.limits.slowQuery, { ms: 200 })).toBe(200);
    const timedOut = "Function execution timed out (maximum duration: 1s)";
    expect(await errorOf(http.query(api.limits.slowQuery, { ms: 1_500 }))).toContain(timedOut);
    const before = await http.query(api.limits.countValues, {});
    expect(await errorOf(http.mutation(api.limits.slowMutation, { ms: 1_500 }))).toContain(timedOut);
    expect(await http.query(api.limits.countValues, {})).toBe(before);
  }, 60_000);
});

describe("configuring limits", () => {
  it("makes a limit stricter with --limit, and refuses a looser one", async () => {
    const strict = await startRuntime({
      appDir,
      dataDir: tempDir("local-convex-limits-"),
      args: ["--no-codegen", "--limit", "documentsRead=100", "--limit", "functionMs=300"],
    });
    try {
      const http = httpClient(strict.cloudUrl);
      await http.mutation(api.limits.fill, { table: "rows", n: 101 });
      expect(await errorOf(http.query(api.limits.readAll, { table: "rows" }))).toContain(
        "Too many documents read in a single function execution (limit: 100).",
      );
      expect(await errorOf(http.query(api.limits.slowQuery, { ms: 500 }))).toContain(
        "Function execution timed out (maximum duration: 300ms)",
      );
    } finally {
      await strict.stop();
    }
    const loose = await startExpectingFailure({ appDir, dataDir: tempDir("local-convex-limits-"), args: ["--limit", "documentsWritten=20000"] });
    expect(loose.code).toBe(1);
    expect(loose.output).toContain("limits can only be made stricter");
  }, 90_000);
});
