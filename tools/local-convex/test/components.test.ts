// Convex components (`convex.config.ts`), hosted as a deployment hosts them:
// the guarantees Convex documents, against test/apps/components (a local
// component, `convex/components/counter/`, installed twice and itself installing
// @convex-dev/sharded-counter; @convex-dev/sharded-counter installed twice
// by the app under two names; @convex-dev/workpool, which installs a component
// of its own).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { anyApi } from "convex/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { Compactor } from "../src/compaction.js";
import { Persistence } from "../src/persistence.js";
import { client, copyFixture, httpClient, startRuntime, tempDir, waitFor, type Running } from "./harness.js";

const api = anyApi;
const running: Running[] = [];
const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  for (const rt of running) await rt.stop();
});

async function start(appDir: string, dataDir = tempDir("local-convex-components-"), args: string[] = []) {
  const rt = await startRuntime({ appDir, dataDir, args, env: { APP_SECRET: "deployment-only", COUNTER_SECRET: "by-reference" } });
  running.push(rt);
  return rt;
}

const MISSING = (udf: string, component?: string) =>
  `Could not find public function for '${udf}'${component ? ` in '${component}'` : ""}. Did you forget to run \`npx convex dev\` or \`npx convex deploy\`?`;

describe("components", () => {
  let appDir: string;
  let rt: Running;
  beforeAll(async () => {
    appDir = copyFixture("apps/components");
    // Stricter limits than Convex's (the runtime's --limit), so a test reaches them in a few hundred documents.
    rt = await start(appDir, undefined, ["--limit", "documentsRead=200", "--limit", "documentsWritten=100"]);
  }, 120_000);

  it("keeps each component's tables apart from the app's and from every other instance's", async () => {
    const http = httpClient(rt.cloudUrl);
    expect(await http.mutation(api.app.bump, { which: "counter", name: "only-first", by: 2 })).toBe(2);
    expect(await http.mutation(api.app.bump, { which: "counter2", name: "only-second", by: 5 })).toBe(5);
    await http.mutation(api.app.addAppCounter, { name: "only-app" });
    // The same table name (`counters`) in the app and in both instances: three tables.
    expect(await http.query(api.app.names, { which: "counter" })).toEqual(["only-first"]);
    expect(await http.query(api.app.names, { which: "counter2" })).toEqual(["only-second"]);
    expect(await http.query(api.app.appCounters, {})).toEqual(["only-app"]);
    expect(await http.query(api.app.read, { which: "counter2", name: "only-first" })).toBe(0);
    // An npm component installed twice under two names.
    await http.mutation(api.app.like, { counter: "likes", name: "post", count: 3 });
    await http.mutation(api.app.like, { counter: "views", name: "post", count: 10 });
    expect(await http.query(api.app.likes, { counter: "likes", name: "post" })).toBe(3);
    expect(await http.query(api.app.likes, { counter: "views", name: "post" })).toBe(10);
    // A component's own child, once per instance of its parent.
    await http.mutation(api.app.addInner, { which: "counter", name: "n", count: 4 });
    expect(await http.query(api.app.innerCount, { which: "counter", name: "n" })).toBe(4);
    expect(await http.query(api.app.innerCount, { which: "counter2", name: "n" })).toBe(0);
  });

  it("gives each instance the environment its parent passed, not the deployment's", async () => {
    const http = httpClient(rt.cloudUrl);
    expect(await http.query(api.app.env, { which: "counter" })).toEqual({
      component: { label: "first", appSecret: null },
      app: { label: null, appSecret: "deployment-only" },
    });
    // Passed by reference (`app.env.COUNTER_SECRET`): the deployment's value of that variable.
    expect((await http.query(api.app.env, { which: "counter2" })).component).toEqual({ label: "by-reference", appSecret: null });
  });

  it("never lets a client call a component's function, by path or by component path", async () => {
    const http = httpClient(rt.cloudUrl);
    // Reached through the app, it works...
    await http.mutation(api.app.bump, { which: "counter", name: "private", by: 1 });
    // ...by its path from the app's root, it is not the app's function.
    await expect(http.query("lib:get" as any, { name: "private" })).rejects.toThrow(MISSING("lib:get"));
    await expect(http.query("counter/lib:get" as any, { name: "private" })).rejects.toThrow(MISSING("counter/lib:get"));
    // Nor is a module of a local component's folder inside the app's (convex/components/counter/lib.ts).
    await expect(http.query("components/counter/lib:get" as any, { name: "private" })).rejects.toThrow(
      MISSING("components/counter/lib:get"),
    );
    await expect(http.mutation("public:add" as any, { name: "x", count: 1 })).rejects.toThrow(MISSING("public:add"));
    // Naming the component (ConvexHttpClient#function sends componentPath): public in the component, still refused.
    await expect((http as any).function("lib:get", "counter", { name: "private" })).rejects.toThrow(MISSING("lib:get", "counter"));
    await expect((http as any).function("public:add", "likes", { name: "x", count: 1 })).rejects.toThrow(
      MISSING("public:add", "likes"),
    );
    await expect((http as any).function("public:add", "counter/inner", { name: "x", count: 1 })).rejects.toThrow(
      MISSING("public:add", "counter/inner"),
    );
    // Over the WebSocket: Mutation, Action and ModifyQuerySet with a componentPath.
    const ws = new WebSocket(`${rt.cloudUrl.replace("http", "ws")}/api/1.48.0/sync`);
    closers.push(() => ws.close());
    await new Promise((r) => ws.once("open", r));
    const messages: any[] = [];
    ws.on("message", (d) => messages.push(JSON.parse(String(d))));
    ws.send(JSON.stringify({ type: "Connect", sessionId: crypto.randomUUID(), connectionCount: 0, lastCloseReason: "InitialConnect" }));
    ws.send(
      JSON.stringify({
        type: "ModifyQuerySet",
        baseVersion: 0,
        newVersion: 1,
        modifications: [{ type: "Add", queryId: 0, udfPath: "lib:get", args: [{ name: "private" }], componentPath: "counter" }],
      }),
    );
    ws.send(JSON.stringify({ type: "Mutation", requestId: 0, udfPath: "lib:add", args: [{ name: "ws", by: 1 }], componentPath: "counter" }));
    ws.send(JSON.stringify({ type: "Action", requestId: 1, udfPath: "lib:add", args: [{ name: "ws", by: 1 }], componentPath: "counter" }));
    const failed = await waitFor(
      () => messages.find((m) => m.type === "Transition")?.modifications.find((m: any) => m.type === "QueryFailed"),
      "the refused subscription",
    );
    expect(failed.errorMessage).toContain(MISSING("lib:get", "counter"));
    const mutation = await waitFor(() => messages.find((m) => m.type === "MutationResponse"), "mutation response");
    expect(mutation.success).toBe(false);
    expect(mutation.result).toContain(MISSING("lib:add", "counter"));
    const action = await waitFor(() => messages.find((m) => m.type === "ActionResponse"), "action response");
    expect(action.success).toBe(false);
    expect(action.result).toContain(MISSING("lib:add", "counter"));
    expect(await http.query(api.app.names, { which: "counter" })).not.toContain("ws");
    // An admin (as `npx convex run --component`) may.
    const admin = httpClient(rt.cloudUrl);
    const { adminKey } = JSON.parse(fs.readFileSync(path.join(rt.dataDir, "runtime.json"), "utf8"));
    (admin as any).setAdminAuth(adminKey);
    expect(await (admin as any).function("lib:get", "counter", { name: "private" })).toBe(1);
  });

  it("makes calls into a component part of the caller's transaction", async () => {
    const http = httpClient(rt.cloudUrl);
    await expect(http.mutation(api.app.bumpThenThrow, { name: "rolled-back" })).rejects.toThrow("changed my mind");
    expect(await http.query(api.app.names, { which: "counter" })).not.toContain("rolled-back");
    expect(await http.query(api.app.appCounters, {})).not.toContain("rolled-back");
  });

  it("re-runs a query that reads through a component when the component's data changes", async () => {
    const c = client(rt.cloudUrl);
    closers.push(() => c.close());
    const seen: number[] = [];
    c.onUpdate(api.app.read, { which: "counter", name: "live" }, (v: number) => seen.push(v));
    await waitFor(() => seen.length > 0, "first result");
    expect(seen).toEqual([0]);
    const http = httpClient(rt.cloudUrl);
    await http.mutation(api.app.bump, { which: "counter", name: "live", by: 3 });
    await waitFor(() => seen.includes(3), "the component-side change pushed");
    // The other instance's table of the same name is not this query's read set.
    await http.mutation(api.app.bump, { which: "counter2", name: "live", by: 100 });
    await http.mutation(api.app.bump, { which: "counter", name: "live", by: 1 });
    await waitFor(() => seen.includes(4), "the next change");
    expect(seen).toEqual([0, 3, 4]);
  });

  it("runs a component's scheduled functions and its own crons", async () => {
    const http = httpClient(rt.cloudUrl);
    await http.mutation(api.app.addLater, { name: "later", by: 7, delayMs: 200 });
    expect(await http.query(api.app.read, { which: "counter", name: "later" })).toBe(0);
    await waitFor(async () => (await http.query(api.app.read, { which: "counter", name: "later" })) === 7, "the scheduled add");
    // components/counter/crons.ts: an interval cron runs once when deployed, then every 2 s, in each instance.
    await waitFor(async () => (await http.query(api.app.tickCount, { which: "counter" })) >= 2, "two ticks", 15_000);
    expect(await http.query(api.app.tickCount, { which: "counter2" })).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it("runs a published component that installs another and calls back into the app (@convex-dev/workpool)", async () => {
    const http = httpClient(rt.cloudUrl);
    await http.mutation(api.pool.enqueue, { count: 5 });
    // Its loop schedules itself in pool/, runs the app's mutation by function handle, then the app's onComplete.
    const done = await waitFor(async () => {
      const finished: string[] = await http.query(api.pool.finished, {});
      return finished.length === 5 && finished;
    }, "five completions");
    expect(done).toEqual([0, 1, 2, 3, 4].map((n) => `done-${n}-success`));
  });

  it("gives each component its own file storage", async () => {
    const http = httpClient(rt.cloudUrl);
    const stored = await http.action(api.app.storeInComponent, { text: "kept by the component" });
    expect(await (await fetch(stored.url!)).text()).toBe("kept by the component");
    const upload = await http.mutation(api.app.componentUploadUrl, {});
    const res = await fetch(upload, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "uploaded" });
    expect(res.status).toBe(200);
    expect(await http.query(api.app.fileCounts, {})).toEqual({ app: 0, counter: 2, counter2: 0 });
  });

  it("counts what a component reads and writes toward the calling function's limits", async () => {
    const http = httpClient(rt.cloudUrl);
    await http.mutation(api.app.seed, { from: 0, count: 90, padBytes: 10 });
    await http.mutation(api.app.seed, { from: 90, count: 90, padBytes: 10 });
    await http.mutation(api.app.seedApp, { count: 90 });
    // Each part alone is under the 200 documents read, both together are not.
    expect(await http.query(api.app.readThrough, { limit: 150 })).toBe(150);
    expect(await http.query(api.app.readBoth, { own: 80, through: 100 })).toBe(180);
    await expect(http.query(api.app.readBoth, { own: 90, through: 150 })).rejects.toThrow(
      /Too many documents read in a single function execution \(limit: 200\)/,
    );
    // Writes: 60 + 60 under the 100 documents written.
    await http.mutation(api.app.writeBoth, { own: 40, through: 50 });
    await expect(http.mutation(api.app.writeBoth, { own: 60, through: 60 })).rejects.toThrow(
      /Too many writes in a single function execution \(limit: 100\)/,
    );
  });
});

describe("component data on disk", () => {
  it("survives a restart and kill -9 with the app's, and a pending job of a component runs after it", async () => {
    const appDir = copyFixture("apps/components");
    const dataDir = tempDir("local-convex-components-data-");
    let rt = await start(appDir, dataDir);
    let http = httpClient(rt.cloudUrl);
    await http.mutation(api.app.bump, { which: "counter", name: "kept", by: 2 });
    await http.mutation(api.app.bump, { which: "counter2", name: "kept", by: 20 });
    await http.mutation(api.app.like, { counter: "views", name: "kept", count: 5 });
    await http.mutation(api.app.addAppCounter, { name: "kept" });
    await rt.stop();

    rt = await start(appDir, dataDir);
    http = httpClient(rt.cloudUrl);
    expect(await http.query(api.app.read, { which: "counter", name: "kept" })).toBe(2);
    expect(await http.query(api.app.read, { which: "counter2", name: "kept" })).toBe(20);
    expect(await http.query(api.app.likes, { counter: "views", name: "kept" })).toBe(5);
    expect(await http.query(api.app.appCounters, {})).toEqual(["kept"]);
    // Acknowledged, then SIGKILL: there after the restart. A job scheduled for later is re-armed.
    await http.mutation(api.app.bump, { which: "counter", name: "kept", by: 1 });
    await http.mutation(api.app.addLater, { name: "after-restart", by: 9, delayMs: 1_500 });
    await rt.kill9();

    rt = await start(appDir, dataDir);
    http = httpClient(rt.cloudUrl);
    expect(await http.query(api.app.read, { which: "counter", name: "kept" })).toBe(3);
    await waitFor(
      async () => (await http.query(api.app.read, { which: "counter", name: "after-restart" })) === 9,
      "the component's job, re-armed",
    );
    // New ids never collide with those written before the restart (one counter for all instances).
    await http.mutation(api.app.bump, { which: "counter2", name: "new", by: 1 });
    expect((await http.query(api.app.names, { which: "counter2" })).sort()).toEqual(["kept", "new"]);
  }, 90_000);

  it("keeps the data of a component convex.config.ts stops installing, and serves it again when it is back (--watch)", async () => {
    const appDir = copyFixture("apps/components");
    const rt = await start(appDir, tempDir("local-convex-components-watch-"), ["--watch"]);
    const http = httpClient(rt.cloudUrl);
    await http.mutation(api.app.bump, { which: "counter2", name: "unmounted", by: 6 });
    const config = path.join(appDir, "convex", "convex.config.ts");
    const original = fs.readFileSync(config, "utf8");
    const reloads = () => rt.output.filter((l) => l.includes("functions reloaded")).length;
    let before = reloads();
    fs.writeFileSync(config, original.replace('app.use(counter, { name: "counter2", env: { COUNTER_LABEL: app.env.COUNTER_SECRET } });', ""));
    await waitFor(() => reloads() > before, "the reload without counter2", 60_000);
    await expect(http.query(api.app.read, { which: "counter2", name: "unmounted" })).rejects.toThrow(/counter2/);
    // Commits meanwhile (and a restart would) keep its documents.
    await http.mutation(api.app.bump, { which: "counter", name: "meanwhile", by: 1 });
    before = reloads();
    fs.writeFileSync(config, original);
    await waitFor(() => reloads() > before, "the reload with counter2", 60_000);
    expect(await http.query(api.app.read, { which: "counter2", name: "unmounted" })).toBe(6);
  }, 150_000);

  it("compacts components' documents into the snapshot beside the app's, and loads both", async () => {
    const dir = tempDir("local-convex-components-snapshot-");
    const p = new Persistence(dir);
    p.open();
    const doc = (id: string, text: string) => ({ _id: id, _creationTime: 1, text });
    const app = { "10000notes": doc("10000notes", "app") };
    const counter = { "10001notes": doc("10001notes", "component") };
    p.append({ ts: 1n, nextDocId: 10002, lastCreationTime: 1, writes: [["10000notes", app["10000notes"]]], componentWrites: [["counter", "10001notes", counter["10001notes"]]] });
    const compactor = new Compactor(
      p,
      () => [
        { path: "", documents: () => app, tables: () => [Object.keys(app)] },
        { path: "counter", documents: () => counter, tables: () => [Object.keys(counter)] },
      ],
      () => {},
    );
    await compactor.run({ lastCommitTs: 1n, nextDocId: 10002, lastCreationTime: 1, mutations: [] }, () => false);
    p.append({ ts: 2n, nextDocId: 10003, lastCreationTime: 1, writes: [], componentWrites: [["counter", "10002notes", doc("10002notes", "later")]] });
    p.close();
    const again = new Persistence(dir);
    again.open();
    const state = again.load();
    again.close();
    expect(Object.keys(state.documents)).toEqual(["10000notes"]);
    expect(Object.keys(state.components.get("counter") ?? {}).sort()).toEqual(["10001notes", "10002notes"]);
    expect(state.nextDocId).toBe(10003);
  });
});
