// Reactivity by read set, as Convex: a subscription re-runs when a commit
// writes inside what its last run read (index ranges up to where a stream
// stopped or a page ended, ids, whole tables for .filter() scans, search
// fields), and only then. Driven by the real ConvexClient over WebSocket,
// against the runtime in this process so its counters can be read.
import path from "node:path";
import type { ConvexClient } from "convex/browser";
import { anyApi } from "convex/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRuntime as startInProcess, type Runtime } from "../src/runtime.js";
import { client, copyApp, tempDir, TOOL_DIR, waitFor } from "./harness.js";

const api = anyApi;
let rt: Runtime;
let c: ConvexClient;

beforeAll(async () => {
  const appDir = copyApp(path.join(TOOL_DIR, "test", "apps", "reads"));
  rt = await startInProcess({
    functionsDir: path.join(appDir, "convex"),
    dataDir: tempDir("local-convex-reads-"),
    port: 0,
    sitePort: 0,
    envFile: null,
    log: () => {},
    logFunctionCalls: false,
  });
  c = client(rt.cloudUrl);
}, 60_000);

afterAll(async () => {
  await c?.close();
  await rt?.close();
});

/** Executions of `docs:<name>` for subscriptions so far. */
const runs = (name: string) =>
  rt.engine.recentCalls.filter((r) => r.caller === "subscription" && r.udfPath === `docs:${name}`).length;

/** Subscribes; `reruns()` counts executions since the first result. Each test unsubscribes what it watched. */
async function watch(name: string, args: Record<string, unknown>) {
  let latest: any;
  let seen = false;
  const stop = c.onUpdate(api.docs[name], args, (v) => {
    latest = v;
    seen = true;
  });
  await waitFor(() => seen, `first result of ${name}`);
  const base = runs(name);
  return { latest: () => latest, reruns: () => runs(name) - base, stop };
}

/** Runs `write`, then says how many times each watched query re-ran because of it. */
async function rerunsOf(watched: Record<string, Awaited<ReturnType<typeof watch>>>, write: () => Promise<unknown>) {
  const before = Object.fromEntries(Object.entries(watched).map(([k, w]) => [k, w.reruns()]));
  // A mutation resolves on the transition that follows its commit's re-runs.
  await write();
  return Object.fromEntries(Object.entries(watched).map(([k, w]) => [k, w.reruns() - before[k]!]));
}

const insert = (group: string, n: number, body?: string): Promise<string> =>
  c.mutation(api.docs.insert, { group, n, ...(body ? { body } : {}) });

describe("read sets per index range", () => {
  it("re-runs for a write inside the range, not outside; a document moving in or out re-runs", async () => {
    const whole = await watch("inGroup", { group: "g1" });
    const mid = await watch("between", { group: "g1", lo: 10, hi: 20 });
    const w = { whole, mid };
    expect(await rerunsOf(w, () => insert("g1", 15))).toEqual({ whole: 1, mid: 1 });
    const far = await insert("g1", 30);
    expect(whole.latest()).toEqual([15, 30]);
    expect(mid.latest()).toEqual([15]);
    // Another group, same index: neither range holds it.
    const other = await insert("g2", 15);
    expect(await rerunsOf(w, () => c.mutation(api.docs.patch, { id: other, tag: "x" }))).toEqual({ whole: 0, mid: 0 });
    // 30 -> 12 moves into [10, 20]; 12 -> 40 moves out again.
    expect(await rerunsOf(w, () => c.mutation(api.docs.patch, { id: far, n: 12 }))).toEqual({ whole: 1, mid: 1 });
    expect(mid.latest()).toEqual([12, 15]);
    expect(await rerunsOf(w, () => c.mutation(api.docs.patch, { id: far, n: 40 }))).toEqual({ whole: 1, mid: 1 });
    expect(mid.latest()).toEqual([15]);
    // A change to a field outside the index, of a document in the range, changes what the query read.
    expect(await rerunsOf(w, () => c.mutation(api.docs.patch, { id: far, tag: "y" }))).toEqual({ whole: 1, mid: 0 });
    // A document moving to another group leaves the range.
    expect(await rerunsOf(w, () => c.mutation(api.docs.patch, { id: far, group: "g2" }))).toEqual({ whole: 1, mid: 0 });
    expect(whole.latest()).toEqual([15]);
    whole.stop();
    mid.stop();
  });

  it("a stream that stops early (take, first) read only up to its last document", async () => {
    const one = await insert("g3", 1);
    for (const n of [2, 3]) await insert("g3", n);
    const lowest = await watch("lowest", { group: "g3", count: 2 });
    expect(lowest.latest()).toEqual([1, 2]);
    expect(await rerunsOf({ lowest }, () => insert("g3", 5))).toEqual({ lowest: 0 });
    expect(await rerunsOf({ lowest }, () => insert("g3", 1.5))).toEqual({ lowest: 1 });
    expect(lowest.latest()).toEqual([1, 1.5]);
    lowest.stop();

    const newest = await watch("newest", {});
    const id = await insert("g3", 7);
    expect(newest.latest()).toBe(7);
    // An older document changes: the newest is still the newest.
    expect(await rerunsOf({ newest }, () => c.mutation(api.docs.patch, { id: one, tag: "old" }))).toEqual({
      newest: 0,
    });
    expect(await rerunsOf({ newest }, () => c.mutation(api.docs.patch, { id, tag: "z" }))).toEqual({ newest: 1 });
    expect(await rerunsOf({ newest }, () => c.mutation(api.docs.insert, { group: "g9", n: 8 }))).toEqual({ newest: 1 });
    expect(newest.latest()).toBe(8);
    newest.stop();
  });

  it(".filter() over a table reads the whole table", async () => {
    const scan = await watch("atLeast", { min: 1000 });
    expect(await rerunsOf({ scan }, () => insert("g4", 1))).toEqual({ scan: 1 });
    expect(await rerunsOf({ scan }, () => c.mutation(api.docs.tickLater, { delayMs: 60_000 }))).toEqual({ scan: 0 });
    expect(await rerunsOf({ scan }, () => insert("g4", 1001))).toEqual({ scan: 1 });
    expect(scan.latest()).toEqual([1001]);
    scan.stop();
  });

  it("a page read its range up to its end cursor; the last page to the range's end", async () => {
    const ids = new Map<number, string>();
    for (const n of [1, 2, 3, 4, 5]) ids.set(n, await insert("g5", n));
    const first = await watch("page", { group: "g5", paginationOpts: { numItems: 2, cursor: null } });
    expect(first.latest().page).toEqual([1, 2]);
    // Inside the page: it grows (its end stays where it was).
    expect(await rerunsOf({ first }, () => insert("g5", 1.5))).toEqual({ first: 1 });
    expect(first.latest().page).toEqual([1, 1.5, 2]);
    // After the end cursor, also an equal n (it sorts after the end document by creation time).
    expect(await rerunsOf({ first }, () => insert("g5", 2))).toEqual({ first: 0 });
    expect(await rerunsOf({ first }, () => insert("g5", 2.5))).toEqual({ first: 0 });
    // The end document itself changes, then goes: the page keeps its end.
    expect(await rerunsOf({ first }, () => c.mutation(api.docs.patch, { id: ids.get(2)!, tag: "end" }))).toEqual({
      first: 1,
    });
    expect(await rerunsOf({ first }, () => c.mutation(api.docs.remove, { id: ids.get(2)! }))).toEqual({ first: 1 });
    expect(first.latest().page).toEqual([1, 1.5]);
    expect(await rerunsOf({ first }, () => insert("g5", 1.9))).toEqual({ first: 1 });
    expect(first.latest().page).toEqual([1, 1.5, 1.9]);

    const last = await watch("page", {
      group: "g5",
      paginationOpts: { numItems: 2, cursor: first.latest().continueCursor },
    });
    const lastPages = async () => {
      let result: any = last.latest();
      const pages = [result.page];
      while (!result.isDone) {
        result = await c.query(api.docs.page, {
          group: "g5",
          paginationOpts: { numItems: 2, cursor: result.continueCursor },
        });
        pages.push(result.page);
      }
      return pages.flat();
    };
    expect(await lastPages()).toEqual([2, 2.5, 3, 4, 5]);
    // Before the page's start: not its range (the first page's, which re-runs).
    first.stop();
    expect(await rerunsOf({ last }, () => insert("g5", 0))).toEqual({ last: 0 });
    expect(await rerunsOf({ last }, () => insert("g5", 2.2))).toEqual({ last: 1 });
    last.stop();
    const tail = await watch("page", { group: "g5", paginationOpts: { numItems: 100, cursor: null } });
    expect(tail.latest().isDone).toBe(true);
    // The last page reads to the end of the range: a new document after everything re-runs it.
    expect(await rerunsOf({ tail }, () => insert("g5", 100))).toEqual({ tail: 1 });
    expect(tail.latest().page.at(-1)).toBe(100);
    expect(await rerunsOf({ tail }, () => insert("g6", 100))).toEqual({ tail: 0 });
    tail.stop();
  });

  it("db.get reads one id: also a missing one that is inserted later; patches and deletes re-run it", async () => {
    const known = await insert("g7", 1);
    // Ids here are a zero-padded counter and the table (never parse ids in an app: this is the runtime's own test).
    const digits = /^\d+/.exec(known)![0];
    const next = `${String(Number(digits) + 1).padStart(digits.length, "0")}docs`;
    const missing = await watch("byId", { id: next });
    const existing = await watch("byId", { id: known });
    expect(missing.latest()).toBeNull();
    expect(existing.latest()).toEqual({ n: 1, tag: null });
    const before = runs("byId");
    const inserted = await insert("g7", 2);
    expect(inserted).toBe(next);
    await waitFor(() => missing.latest()?.n === 2, "the inserted document");
    expect(runs("byId") - before).toBe(1);
    expect(await rerunsOf({ existing }, () => c.mutation(api.docs.patch, { id: known, tag: "t" }))).toEqual({
      existing: 1,
    });
    expect(existing.latest()).toEqual({ n: 1, tag: "t" });
    expect(await rerunsOf({ existing }, () => insert("g7", 3))).toEqual({ existing: 0 });
    expect(await rerunsOf({ existing }, () => c.mutation(api.docs.remove, { id: known }))).toEqual({ existing: 1 });
    expect(existing.latest()).toBeNull();
    missing.stop();
    existing.stop();
  });

  it("search reads its index's fields and the documents it returned", async () => {
    const pie = await insert("g8", 1, "apple pie");
    const bread = await insert("g8", 2, "banana bread");
    const found = await watch("search", { text: "apple", group: "g8" });
    expect(found.latest()).toEqual([{ n: 1, tag: null }]);
    // A returned document changes: the result changes.
    expect(await rerunsOf({ found }, () => c.mutation(api.docs.patch, { id: pie, tag: "fresh" }))).toEqual({
      found: 1,
    });
    expect(found.latest()).toEqual([{ n: 1, tag: "fresh" }]);
    // Neither returned nor a change to the search or filter fields.
    expect(await rerunsOf({ found }, () => c.mutation(api.docs.patch, { id: bread, tag: "t", n: 5 }))).toEqual({
      found: 0,
    });
    // The search field or a filter field changes: conservative, it re-runs.
    expect(await rerunsOf({ found }, () => c.mutation(api.docs.patch, { id: bread, body: "apple bread" }))).toEqual({
      found: 1,
    });
    expect(found.latest()).toHaveLength(2);
    expect(await rerunsOf({ found }, () => c.mutation(api.docs.patch, { id: bread, group: "g9" }))).toEqual({
      found: 1,
    });
    expect(found.latest()).toEqual([{ n: 1, tag: "fresh" }]);
    found.stop();
  });

  it("system tables: scheduled functions and stored files are read like any table", async () => {
    const jobs = await watch("scheduled", {});
    const kinds = (jobs.latest() as string[]).length;
    await c.mutation(api.docs.tickLater, { delayMs: 50 });
    await waitFor(
      () => (jobs.latest() as string[]).length === kinds + 1 && (jobs.latest() as string[]).at(-1) === "success",
      "the job's success",
    );
    expect(await rerunsOf({ jobs }, () => insert("g10", 1))).toEqual({ jobs: 0 });
    jobs.stop();

    const storageId: string = await c.action(api.docs.storeFile, {});
    const file = await watch("fileUrl", { id: storageId });
    expect(file.latest()).toBe(true);
    expect(await rerunsOf({ file }, () => insert("g10", 2))).toEqual({ file: 0 });
    expect(await rerunsOf({ file }, () => c.mutation(api.docs.deleteFile, { id: storageId }))).toEqual({ file: 1 });
    expect(file.latest()).toBe(false);
    file.stop();
  });

  it("counts commits and the subscriptions they re-ran", () => {
    const m = rt.engine.reactivity;
    expect(m.commits).toBeGreaterThan(20);
    expect(m.reruns).toBeGreaterThan(0);
    // Most writes above touched no watched read set.
    expect(m.reruns).toBeLessThan(m.checked);
    expect(m.executions).toBeGreaterThanOrEqual(m.reruns);
  });
});
