// `.paginate()` through the runtime's seek (src/paginate.ts) returns exactly
// what convex-test's own paginate returns: random queries, cursors, end
// cursors, sizes, limits and pending writes run through both and compared.
import path from "node:path";
import { convexToJson, type Value } from "convex/values";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseFake, Doc } from "../src/internals.js";
import { seekPage, type PageArgs } from "../src/paginate.js";
import { startRuntime as startInProcess, type Runtime } from "../src/runtime.js";
import { copyApp, httpClient, tempDir, TOOL_DIR } from "./harness.js";

let rt: Runtime;
let db: DatabaseFake;

beforeAll(async () => {
  const appDir = copyApp(path.join(TOOL_DIR, "test", "apps", "reads"));
  rt = await startInProcess({
    functionsDir: path.join(appDir, "convex"),
    dataDir: tempDir("local-convex-paginate-"),
    port: 0,
    sitePort: 0,
    envFile: null,
    log: () => {},
    logFunctionCalls: false,
  });
  db = (rt.engine as any).db;
}, 60_000);

afterAll(async () => {
  await rt?.close();
});

let seed = 12345;
const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const int = (n: number) => Math.floor(next() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;

const A_VALUES: (Value | undefined)[] = [undefined, null, 0, 1, 2.5, -1, "x", "y", ""];
const S_VALUES = ["p", "q", "r"];
const row = () => {
  const a = pick(A_VALUES);
  return { ...(a === undefined ? {} : { a }), b: int(6), s: pick(S_VALUES) };
};
const literal = (value: Value | undefined) => (value === undefined ? { $undefined: null } : convexToJson(value));

/** A random serialized query over `pages`, as the Convex client library builds them. */
function randomQuery(): any {
  const order = pick(["asc", "desc"] as const);
  const r = next();
  let source: any;
  if (r < 0.25) {
    source = { type: "FullTableScan", tableName: "pages", order };
  } else if (r < 0.75) {
    const range: any[] = [];
    const shape = int(6);
    if (shape === 1)
      range.push({ type: pick(["Gt", "Gte", "Lt", "Lte"]), fieldPath: "a", value: literal(pick(A_VALUES.slice(1))) });
    if (shape >= 2) range.push({ type: "Eq", fieldPath: "a", value: literal(pick(A_VALUES)) });
    if (shape === 3 || shape === 5) range.push({ type: pick(["Gt", "Gte"]), fieldPath: "b", value: int(6) });
    if (shape === 4 || shape === 5) range.push({ type: pick(["Lt", "Lte"]), fieldPath: "b", value: int(6) });
    source = { type: "IndexRange", indexName: "pages.by_a_b", range, order };
  } else if (r < 0.9) {
    source = {
      type: "IndexRange",
      indexName: "pages.by_s",
      range: [{ type: "Eq", fieldPath: "s", value: pick(S_VALUES) }],
      order,
    };
  } else {
    source = { type: "IndexRange", indexName: "pages.by_creation_time", range: [], order };
  }
  const operators: any[] = [];
  const f = next();
  if (f < 0.2) operators.push({ filter: { $gte: [{ $field: "b" }, { $literal: int(6) }] } });
  else if (f < 0.3) operators.push({ filter: { $eq: [{ $field: "s" }, { $literal: pick(S_VALUES) }] } });
  else if (f < 0.35) operators.push({ filter: { $eq: [{ $field: "b" }, { $literal: 99 }] } });
  return { source, operators };
}

const cursorFieldsOf = (query: any): string[] => {
  const fields: string[] =
    db._resolveQuerySource(query as any) && (db._resolveQuerySource(query) as any).fieldPathsToSortBy;
  return fields.includes("_id") ? fields : [...fields, "_id"];
};
const cursorOf = (doc: Doc, query: any): string => (db as any)._encodeCursor(doc, cursorFieldsOf(query));

/** A cursor: none, past the end, at a document of the range, of the table (maybe outside the range), or of a deleted one. */
function randomCursor(query: any, inRange: Doc[], inTable: Doc[], deleted: Doc[], allowNull: boolean): string | null {
  const r = next();
  if (allowNull && r < 0.2) return null;
  if (r < 0.27) return "_end_cursor";
  if (r < 0.75 && inRange.length > 0) return cursorOf(pick(inRange), query);
  if (r < 0.9 && deleted.length > 0) return cursorOf(pick(deleted), query);
  if (inTable.length > 0) return cursorOf(pick(inTable), query);
  return null;
}

const comparable = (result: any) => ({
  ids: result.page.map((d: Doc) => d._id),
  page: result.page,
  isDone: result.isDone,
  continueCursor: result.continueCursor,
  splitCursor: result.splitCursor,
  pageStatus: result.pageStatus,
});

class Rollback extends Error {}

/** Runs `fn` in a transaction of its own; its writes are thrown away unless `keep`. */
async function inTransaction(fn: (ctx: any) => Promise<void>, keep = false): Promise<void> {
  try {
    await (rt.engine as any).t.run(async (ctx: any) => {
      await fn(ctx);
      if (!keep) throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
}

describe("paginate reads only its page, and returns what convex-test returns", () => {
  it("matches convex-test's paginate on random cases (orders, ranges, filters, cursors, end cursors, limits, pending writes)", async () => {
    const original = Object.getPrototypeOf(db).paginate as (args: PageArgs) => any;
    const tableDocs = () => Object.values(db._documents).filter((d) => d._id.endsWith("pages"));
    let cases = 0;
    let nonEmpty = 0;
    let withContinue = 0;
    const statuses = new Set<string | null>();
    for (let round = 0; round < 12; round++) {
      // Committed changes between rounds: the trees move under later cases.
      await inTransaction(async (ctx) => {
        const count = round === 0 ? 150 : 20;
        for (let i = 0; i < count; i++) await ctx.db.insert("pages", row());
        for (const doc of tableDocs().slice(0, round === 0 ? 0 : 8)) {
          if (next() < 0.5) await ctx.db.delete(doc._id);
          else await ctx.db.patch(doc._id, { b: int(6) });
        }
      }, true);
      for (let c = 0; c < 60; c++) {
        await inTransaction(async (ctx) => {
          const before = tableDocs();
          // Pending writes of this transaction: inserted, patched (moved in the index), deleted.
          const deleted: Doc[] = [];
          if (next() < 0.6) {
            for (let i = int(6); i > 0; i--) await ctx.db.insert("pages", row());
            for (let i = int(4); i > 0; i--) {
              const doc = pick(before);
              if (db.get("pages", doc._id))
                await ctx.db.patch(doc._id, { b: int(6), ...(next() < 0.5 ? { a: pick(A_VALUES.slice(1)) } : {}) });
            }
            for (let i = int(4); i > 0; i--) {
              const doc = pick(before);
              if (db.get("pages", doc._id)) {
                deleted.push(db.get("pages", doc._id)!);
                await ctx.db.delete(doc._id);
              }
            }
          }
          const query = randomQuery();
          const inRange = (db._resolveQuerySource(query) as any).sortedDocs as Doc[];
          const inTable = [...before, ...inRange];
          let cursor = randomCursor(query, inRange, inTable, deleted, true);
          // A few pages in a row, each from the previous one's continue cursor.
          for (let p = 0; p < 3; p++) {
            const r = next();
            const args: PageArgs = {
              query,
              cursor,
              endCursor:
                r < 0.6 ? undefined : r < 0.7 ? "_end_cursor" : randomCursor(query, inRange, inTable, deleted, false),
              pageSize: pick([0, 1, 2, 3, 5, 8, 50]),
              ...(next() < 0.15 ? { maximumRowsRead: 1 + int(6) } : {}),
              ...(next() < 0.1 ? { maximumBytesRead: 1 + int(400) } : {}),
            };
            const expected = comparable(original.call(db, args));
            const seeked = seekPage(db, db._resolveQuerySource(query), args);
            expect(seeked, JSON.stringify(args)).not.toBeNull();
            expect(comparable(seeked!.result), JSON.stringify(args)).toEqual(expected);
            cases += 1;
            if (expected.page.length > 0) nonEmpty += 1;
            if (!expected.isDone) withContinue += 1;
            statuses.add(expected.pageStatus);
            if (expected.isDone) break;
            cursor = expected.continueCursor;
          }
        });
      }
    }
    // The cases covered what they are meant to.
    expect(cases).toBeGreaterThan(1000);
    expect(nonEmpty).toBeGreaterThan(cases / 3);
    expect(withContinue).toBeGreaterThan(cases / 5);
    expect([...statuses].sort()).toEqual([null, "SplitRecommended", "SplitRequired"].sort());
  });

  it("reads from the cursor to the page's end only, whatever the size of the range", async () => {
    await inTransaction(async (ctx) => {
      for (let i = 0; i < 2000; i++) await ctx.db.insert("pages", { a: "big", b: i % 6, s: "p" });
    }, true);
    const query = {
      source: {
        type: "IndexRange",
        indexName: "pages.by_a_b",
        range: [{ type: "Eq", fieldPath: "a", value: "big" }],
        order: "asc",
      },
      operators: [],
    };
    let yielded = 0;
    const source: any = db._resolveQuerySource(query);
    const seekable = source.seekable;
    const counting = {
      ...source,
      seekable: {
        ...seekable,
        range: (low: any, high: any) => {
          const docs = seekable.range(low, high);
          return {
            *[Symbol.iterator]() {
              for (const doc of docs) {
                yielded += 1;
                yield doc;
              }
            },
          };
        },
      },
    };
    const first = seekPage(db, counting, { query, cursor: null, pageSize: 20 })!;
    expect(first.result.page).toHaveLength(20);
    expect(first.rowsRead).toBe(20);
    // The page and one look ahead (is there a next page?).
    expect(yielded).toBe(21);
    yielded = 0;
    const later = seekPage(db, counting, { query, cursor: first.result.continueCursor, pageSize: 20 })!;
    expect(later.result.page[0]._id).not.toBe(first.result.page[19]._id);
    expect(yielded).toBe(21);
  });

  it("counts what a .filter() before the page looked at as scanned and read", async () => {
    await rt.engine.call("pages:seed", { rows: Array.from({ length: 30 }, (_, i) => ({ b: i, s: "scan" })) }, null);
    const out = await httpClient(rt.cloudUrl).query("pages:ofS" as any, {
      s: "scan",
      min: 20,
      paginationOpts: { numItems: 5, cursor: null },
    });
    expect(out.page).toEqual([20, 21, 22, 23, 24]);
    const call = rt.engine.recentCalls.findLast((c) => c.udfPath === "pages:ofS")!;
    // 20 dropped by the filter, then the 5 of the page: all read, as Convex counts them for its limits.
    expect(call.stats.documentsScanned).toBe(25);
    expect(call.stats.documentsRead).toBe(25);
  });
});
