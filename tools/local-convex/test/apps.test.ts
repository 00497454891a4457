// Apps written the way Convex's demos are, that the runtime must run as a
// deployment does: a CommonJS package, no schema, convex-helpers custom
// functions, zod validation, HTTP routes with path prefixes and preflights.
import fs from "node:fs";
import path from "node:path";
import { anyApi, makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, httpClient, startExpectingFailure, startRuntime, tempDir, type Running } from "./harness.js";

const api = anyApi;
const running: Running[] = [];
afterAll(async () => {
  for (const rt of running) await rt.stop();
});
const start = async (appDir: string) => {
  const rt = await startRuntime({ appDir, dataDir: tempDir("local-convex-apps-") });
  running.push(rt);
  return rt;
};

describe("a CommonJS package with a schema and HTTP routes", () => {
  let appDir: string;
  let rt: Running;
  beforeAll(async () => {
    appDir = copyFixture("apps/cjs");
    rt = await start(appDir);
  }, 90_000);

  it("loads every module, the schema's default export included", async () => {
    const http = httpClient(rt.cloudUrl);
    await http.mutation(api.notes.add, { text: "b", n: 2 });
    await http.mutation(api.notes.add, { text: "a", n: 1 });
    expect(await http.query(api.notes.list, {})).toEqual(["a", "b"]);
    // The schema is enforced: it was loaded, not dropped.
    await expect(http.mutation(api.notes.addUnchecked, { text: 42 })).rejects.toThrow(/Validator error|does not match the schema/);
  });

  it("runs Node built-ins in \"use node\" actions", async () => {
    const http = httpClient(rt.cloudUrl);
    expect(await http.action(api.digest.sha256, { text: "abc" })).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("routes HTTP actions like Convex's HttpRouter", async () => {
    const get = (p: string, init?: RequestInit) => fetch(`${rt.siteUrl}${p}`, init);
    expect(await (await get("/hello")).json()).toEqual({ method: "GET", path: "/hello" });
    // Exact paths are exact.
    let res = await get("/hello/");
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("No HttpAction routed for /hello/");
    // A wrong method is a 404 too.
    res = await get("/hello", { method: "POST", body: "x" });
    expect(res.status).toBe(404);
    // Prefixes, the longest first.
    expect(await (await get("/files/a/b.txt")).json()).toEqual({ method: "GET", path: "/files/a/b.txt" });
    expect(await (await get("/files/special/x")).text()).toBe("special");
    expect((await get("/files")).status).toBe(404);
    expect((await get("/nowhere")).status).toBe(404);
    // The app's own preflight, and no CORS the app did not add.
    res = await get("/items", {
      method: "OPTIONS",
      headers: { Origin: "https://example.com", "Access-Control-Request-Method": "POST" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://example.com");
    expect(res.headers.get("access-control-allow-methods")).toBe("POST");
    res = await get("/items", { method: "POST", body: "{}" });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses a Node built-in outside \"use node\", as a deploy would", async () => {
    const broken = copyFixture("apps/cjs");
    fs.writeFileSync(
      path.join(broken, "convex", "files.ts"),
      `import { readFileSync } from "node:fs";\nimport { query } from "./_generated/server";\nexport const read = query({ args: {}, handler: async () => readFileSync("/etc/hostname", "utf8") });\n`,
    );
    const { code, output } = await startExpectingFailure({ appDir: broken, dataDir: tempDir("local-convex-apps-") });
    expect(code).toBe(1);
    expect(output).toMatch(/files\.ts.* failed to load: .*node:fs.*"use node"/);
  }, 90_000);
});

describe("an ES module package without a schema", () => {
  let rt: Running;
  beforeAll(async () => {
    const appDir = copyFixture("apps/esm");
    fs.writeFileSync(path.join(appDir, ".env.local"), "LOCAL_CONVEX_GREETING=hello from .env.local\n");
    rt = await start(appDir);
  }, 90_000);

  it("keeps untyped tables, as Convex does without a schema", async () => {
    const http = httpClient(rt.cloudUrl);
    await http.mutation(api.tasks.add, { title: "first" });
    await http.mutation(api.tasks.addAnywhere, { table: "whatever", value: { any: ["shape", 1] } });
    expect(await http.query(api.tasks.list, {})).toEqual({ tag: "custom", titles: ["first"] });
  });

  it("runs zod-validated functions and reports zod's refusal", async () => {
    const http = httpClient(rt.cloudUrl);
    expect(typeof (await http.mutation(api.signups.signUp, { email: "a@example.com", age: 30 }))).toBe("string");
    const error = await http.mutation(api.signups.signUp, { email: "nope", age: 30 }).catch((e) => e);
    expect(String(error.message)).toMatch(/email/i);
    await expect(http.query(makeFunctionReference<"query">("tasks:missing"), {})).rejects.toThrow(/Could not find public function/);
  });

  it("runs default-runtime functions with Convex's globals, not Node's", async () => {
    const http = httpClient(rt.cloudUrl);
    expect(await http.query(api.globals.seen, {})).toEqual({
      Buffer: "undefined",
      global: "undefined",
      setImmediate: "undefined",
      queueMicrotask: "undefined",
      viaGlobalThis: "undefined",
      viaSelf: "undefined",
      selfIsGlobalThis: true,
      processKeys: ["env"],
      envKeys: [],
      sameProcess: true,
      greeting: "hello from .env.local",
      missing: null,
      siteUrl: rt.siteUrl,
      web: ["function", "function", "function", "function", "function", "function"],
      ownBuffer: "own x",
    });
    // Convex's words: V8's ReferenceError for a name its global object lacks.
    const error = await http.query(api.globals.base64, { text: "hi" }).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String(error.message)).toMatch(/Uncaught ReferenceError: Buffer is not defined$/);
    await expect(http.query(api.globals.cwd, {})).rejects.toThrow(/Uncaught TypeError: process\.cwd is not a function/);
    expect(await http.query(api.globals.base64Web, { text: "hi" })).toBe("aGk=");
  });

  it("runs \"use node\" actions with Node's globals", async () => {
    const http = httpClient(rt.cloudUrl);
    expect(await http.action(api.nodeGlobals.base64, { text: "hi" })).toEqual({
      base64: "aGk=",
      cwd: "string",
      immediate: "ran",
      greeting: "hello from .env.local",
    });
  });

  it("refuses a module that uses a Node global as it loads, as a deploy would", async () => {
    const broken = copyFixture("apps/esm");
    fs.writeFileSync(
      path.join(broken, "convex", "bytes.ts"),
      `import { query } from "./_generated/server";\nconst MAGIC = Buffer.from("magic");\nexport const magic = query({ args: {}, handler: async () => MAGIC.length });\n`,
    );
    const { code, output } = await startExpectingFailure({ appDir: broken, dataDir: tempDir("local-convex-apps-") });
    expect(code).toBe(1);
    expect(output).toMatch(/bytes\.ts failed to load: ReferenceError: Buffer is not defined/);
  }, 90_000);
});
