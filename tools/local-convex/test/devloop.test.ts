// The dev loop: edits to the functions folder reload functions and keep data;
// a broken module or a schema the data violates is a one-line error, and the
// previous functions keep serving.
import fs from "node:fs";
import path from "node:path";
import { anyApi } from "convex/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { copyFixture, httpClient, startRuntime, tempDir, waitFor, type Running } from "./harness.js";

const api = anyApi;
// Budgets are upper bounds for a busy machine (codegen alone takes 15 s when
// the machine is loaded); each wait still ends as soon as the state is there.
let appDir: string;
let rt: Running;

beforeAll(async () => {
  appDir = copyFixture();
  rt = await startRuntime({
    appDir,
    dataDir: tempDir("local-convex-dev-"),
    args: ["--watch"],
  });
}, 60_000);

afterAll(async () => {
  await rt?.stop();
});

const write = (rel: string, text: string) => fs.writeFileSync(path.join(appDir, "convex", rel), text);

it("reloads a new module, regenerates _generated, and keeps the data", async () => {
  const http = httpClient(rt.cloudUrl);
  await http.mutation(api.messages.send, { channel: "dev", body: "kept" });
  write(
    "extra.ts",
    `import { query } from "./_generated/server";
export const hello = query({ args: {}, handler: async (ctx) => (await ctx.db.query("messages").take(100)).length });
`,
  );
  const count = await waitFor(() => http.query(api.extra.hello, {}).catch(() => null), "new function", 60_000);
  expect(count).toBeGreaterThanOrEqual(1);
  await waitFor(() => fs.readFileSync(path.join(appDir, "convex/_generated/api.d.ts"), "utf8").includes("extra"), "codegen", 60_000);
}, 150_000);

it("reports a module that fails to load in one line and keeps the old functions", async () => {
  const http = httpClient(rt.cloudUrl);
  write("broken.ts", `export const x = ;\n`);
  const line = await waitFor(() => rt.output.find((l) => l.includes("broken.ts failed to load")), "load error", 60_000);
  expect(line.split("\n")).toHaveLength(1);
  expect((await http.query(api.messages.list, { channel: "dev" }))[0].body).toBe("kept");
  fs.rmSync(path.join(appDir, "convex", "broken.ts"));
  await waitFor(() => rt.output.some((l, i) => i > rt.output.indexOf(line) && l.includes("functions reloaded")), "recovery", 60_000);
}, 150_000);

it("refuses a schema that the stored data violates, naming the document", async () => {
  const http = httpClient(rt.cloudUrl);
  const schemaFile = path.join(appDir, "convex", "schema.ts");
  const original = fs.readFileSync(schemaFile, "utf8");
  fs.writeFileSync(schemaFile, original.replace("body: v.string()", "body: v.number()"));
  const line = await waitFor(() => rt.output.find((l) => l.includes("the schema rejects existing document")), "schema error", 60_000);
  expect(line).toMatch(/in 'messages'/);
  // Still serving with the old schema.
  await http.mutation(api.messages.send, { channel: "dev", body: "still a string" });
  fs.writeFileSync(schemaFile, original);
}, 150_000);
