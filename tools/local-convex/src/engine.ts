// The engine: convex-test's function runtime, made durable, observable and
// schedulable. It runs functions on behalf of the network layer (server.ts)
// and tells it which tables each commit touched.
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { EventEmitter } from "node:events";
import { inspect } from "node:util";
import { convexTest } from "convex-test";
import { compareValues, convexToJson, jsonToConvex, type Value } from "convex/values";
import { Cron } from "croner";
import {
  checkGlobal,
  checkInstalledVersion,
  getInternals,
  type ConvexGlobal,
  type DatabaseFake,
  type Doc,
  type Internals,
} from "./internals.js";
import type { FunctionKind, LoadedApp } from "./loader.js";
import { Persistence, type StoredState } from "./persistence.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Identity = { subject: string; issuer: string; tokenIdentifier: string } & Record<string, unknown>;

export interface CallStats {
  documentsRead: number;
  bytesRead: number;
  documentsWritten: number;
  bytesWritten: number;
  /** Documents the query pipeline looked at, including those `.filter()` dropped. */
  documentsScanned: number;
  databaseQueries: number;
}

export interface CallRecord {
  udfPath: string;
  kind: FunctionKind | "http";
  caller: string;
  ms: number;
  success: boolean;
  stats: CallStats;
}

interface CallContext {
  udfPath: string;
  logLines: string[];
  readTables: Set<string>;
  journalIn: string | null;
  journalOut: string | null;
  stats: CallStats;
  commitTs: bigint | null;
}

export type CallOutcome =
  | {
      success: true;
      value: unknown;
      logLines: string[];
      journal: string | null;
      readTables: Set<string>;
      commitTs: bigint | null;
      stats: CallStats;
    }
  | {
      success: false;
      errorMessage: string;
      errorData?: unknown;
      logLines: string[];
      journal: string | null;
      readTables: Set<string>;
      commitTs: null;
      stats: CallStats;
    };

export interface CallOptions {
  /** Refuse internal functions (calls from clients). */
  publicOnly?: boolean;
  /** Expected kind (e.g. the WebSocket `Mutation` message only runs mutations). */
  kind?: FunctionKind;
  journal?: string | null;
  caller?: string;
  /** The caller's address and user agent, for `ctx.meta.getRequestMetadata()`. */
  request?: RequestInfo;
}

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface EngineOptions {
  persistence: Persistence;
  urlSecret: string;
  cloudUrl: () => string;
  log: (line: string) => void;
  logFunctionCalls?: boolean;
}

const zeroStats = (): CallStats => ({
  documentsRead: 0,
  bytesRead: 0,
  documentsWritten: 0,
  bytesWritten: 0,
  documentsScanned: 0,
  databaseQueries: 0,
});

const SCHEDULED = "_scheduled_functions";
const MAX_TIMER_MS = 2 ** 31 - 1;

const callContext = new AsyncLocalStorage<CallContext>();
// Work started from a commit hook must not inherit the committing function's
// async context (convex-test keys its transactions on AsyncLocalStorage).
const runInRoot = AsyncLocalStorage.snapshot();

let consoleInstalled = false;
/** Routes console output of functions into their log lines, as Convex does. */
function installConsole(log: (line: string) => void) {
  if (consoleInstalled) return;
  consoleInstalled = true;
  const original = globalThis.console;
  const format = (args: unknown[]) =>
    args.map((a) => (typeof a === "string" ? `'${a}'` : inspect(a, { depth: 4, breakLength: Infinity }))).join(" ");
  const levels: Record<string, string> = { log: "LOG", info: "INFO", warn: "WARN", error: "ERROR", debug: "DEBUG" };
  const proxy = Object.create(original);
  for (const [method, level] of Object.entries(levels)) {
    proxy[method] = (...args: unknown[]) => {
      const ctx = callContext.getStore();
      if (ctx) {
        const line = `[${level}] ${format(args)}`;
        ctx.logLines.push(line);
        callContext.exit(() => log(`${ctx.udfPath} ${line}`));
      } else {
        (original as any)[method](...args);
      }
    };
  }
  globalThis.console = proxy;
}

export function tableOfId(id: string): string | null {
  const m = /^[0-9]+(.+)$/.exec(id);
  return m ? m[1] : null;
}

function tableOfQuery(query: any): string | null {
  const source = query?.source;
  if (!source) return null;
  if (source.tableName) return source.tableName;
  if (source.indexName) return String(source.indexName).split(".")[0];
  return null;
}

// --- index ranges ---

const EMPTY_TABLE = "__local_convex_no_table__";

function fieldValue(doc: Doc, path: string): Value | undefined {
  let value: any = doc;
  for (const part of path.split(".")) {
    value = value !== null && typeof value === "object" && !Array.isArray(value) ? value[part] : undefined;
  }
  return value;
}

function compareTuples(a: (Value | undefined)[], b: (Value | undefined)[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareValues(a[i] as Value, b[i] as Value);
    if (c !== 0) return c;
  }
  return 0;
}

function indexFields(db: DatabaseFake, table: string, index: string): string[] | null {
  if (index === "by_creation_time") return ["_creationTime", "_id"];
  if (index === "by_id") return ["_id"];
  const found = db._schema?.tables.get(table)?.indexes?.find((i: any) => i.indexDescriptor === index);
  return found ? [...found.fields, "_creationTime", "_id"] : null;
}

function hasPendingWrites(db: DatabaseFake, table: string): boolean {
  return db._writes.some((layer) => Object.keys(layer).some((id) => tableOfId(id) === table));
}

function queryValue(json: any): Value | undefined | null {
  if (json !== null && typeof json === "object" && "$undefined" in json) return undefined;
  const value = jsonToConvex(json);
  // Commit-timestamp placeholders and the like: let convex-test handle them.
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof ArrayBuffer) &&
    Object.getPrototypeOf(value) !== Object.prototype
    ? null
    : value;
}

/**
 * An index range is equalities on a prefix of the index's fields, then at most
 * a lower and an upper bound on the next field. Returns predicates marking the
 * documents before and after the range in index order, or null for any other
 * shape (convex-test then validates it and reports the error).
 */
function parseRange(range: any[], fields: string[]) {
  const eqs: Value[] = [];
  let lower: { value: Value; inclusive: boolean } | null = null;
  let upper: { value: Value; inclusive: boolean } | null = null;
  let boundField: string | null = null;
  for (const expr of range) {
    const value = queryValue(expr.value);
    if (value === null && expr.value !== null) return null;
    if (expr.type === "Eq") {
      if (boundField !== null || expr.fieldPath !== fields[eqs.length]) return null;
      eqs.push(value as Value);
    } else {
      const field = fields[eqs.length];
      if (expr.fieldPath !== field || (boundField !== null && boundField !== field)) return null;
      boundField = field;
      const bound = { value: value as Value, inclusive: expr.type === "Gte" || expr.type === "Lte" };
      if (expr.type === "Gt" || expr.type === "Gte") {
        if (lower) return null;
        lower = bound;
      } else if (expr.type === "Lt" || expr.type === "Lte") {
        if (upper) return null;
        upper = bound;
      } else return null;
    }
  }
  const prefix = (doc: Doc) => {
    for (let i = 0; i < eqs.length; i++) {
      const c = compareValues(fieldValue(doc, fields[i]) as Value, eqs[i]);
      if (c !== 0) return c;
    }
    return 0;
  };
  const boundOf = (doc: Doc) => fieldValue(doc, fields[eqs.length]) as Value;
  return {
    before(doc: Doc): boolean {
      const c = prefix(doc);
      if (c !== 0) return c < 0;
      if (!lower) return false;
      const b = compareValues(boundOf(doc), lower.value);
      return b < 0 || (b === 0 && !lower.inclusive);
    },
    after(doc: Doc): boolean {
      const c = prefix(doc);
      if (c !== 0) return c > 0;
      if (!upper) return false;
      const b = compareValues(boundOf(doc), upper.value);
      return b > 0 || (b === 0 && !upper.inclusive);
    },
  };
}

/** The first position from `from` where the monotonic `test` holds (or the length). */
function firstIndex(docs: Doc[], test: (d: Doc) => boolean, from = 0): number {
  let lo = from;
  let hi = docs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(docs[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function normalizeUdfPath(udfPath: string): string {
  const [modulePath, exportName = "default"] = udfPath.split(":");
  return `${modulePath.replace(/\.(js|ts)$/, "")}:${exportName}`;
}

export class Engine extends EventEmitter {
  private t: any;
  private global!: ConvexGlobal;
  private db!: DatabaseFake;
  private internals: Internals;
  app: LoadedApp;
  private tableIds = new Map<string, Set<string>>();
  /** Committed documents in index order, built on first use and kept up to date by each commit. */
  private sortedIndexes = new Map<string, { table: string; fields: string[]; docs: Doc[] }>();
  private timers = new Map<string, NodeJS.Timeout>();
  private cronTimers: NodeJS.Timeout[] = [];
  private identityAccessors = new Map<string, any>();
  private compactScheduled = false;
  private closed = false;
  readonly persistence: Persistence;
  private opts: EngineOptions;
  /** Recent calls with their read/write figures, newest last (for benchmarks and the log). */
  readonly recentCalls: CallRecord[] = [];
  totals = { calls: 0, ...zeroStats() };

  constructor(app: LoadedApp, opts: EngineOptions) {
    super();
    checkInstalledVersion();
    this.internals = getInternals();
    this.persistence = opts.persistence;
    this.opts = opts;
    this.app = app;
    installConsole((line) => {
      if (opts.logFunctionCalls !== false) opts.log(line);
    });
  }

  /** Creates the convex-test instance for `app` and fills it with `state`. */
  private build(app: LoadedApp, state: StoredState): void {
    const t = convexTest({ schema: app.schema, modules: app.moduleMap, transactionLimits: true } as any);
    const global = checkGlobal((t as any).__localConvexGlobal);
    const db = global.components[""].db;
    this.validateState(app, state);
    db._documents = state.documents;
    db._nextDocId = state.nextDocId;
    db._lastCreationTime = state.lastCreationTime;
    global.transactionManager._lastCommitTs = state.lastCommitTs;
    this.t = t;
    this.global = global;
    this.db = db;
    this.app = app;
    this.identityAccessors.clear();
    this.tableIds.clear();
    this.sortedIndexes.clear();
    for (const id of Object.keys(db._documents)) this.indexId(id, true);
    this.hook();
  }

  /** Refuses a schema that the stored documents violate. */
  private validateState(app: LoadedApp, state: StoredState): void {
    const schema = app.schema;
    if (!schema || schema.schemaValidation === false) return;
    const tables = new Map<string, any>(
      Object.entries<any>(schema.tables).map(([name, table]) => [name, table.export().documentType]),
    );
    for (const doc of Object.values(state.documents)) {
      const table = tableOfId(doc._id)!;
      if (table.startsWith("_")) continue;
      const validator = tables.get(table);
      if (!validator) {
        if (schema.strictTableNameTypes !== false) {
          throw new Error(
            `local-convex: the schema has no table '${table}' but the data holds documents in it (e.g. ${doc._id}). Restore the table, or start with --reset to wipe the data.`,
          );
        }
        continue;
      }
      try {
        const { _id, _creationTime, ...fields } = doc;
        this.internals.validateValidator(validator, fields);
      } catch (e: any) {
        throw new Error(
          `local-convex: the schema rejects existing document ${doc._id} in '${table}': ${String(e.message).replace(/^Validator error: /, "")}. Fix the schema (or the data); the previous functions keep running.`,
        );
      }
    }
  }

  private currentState(): StoredState {
    return {
      documents: this.db._documents,
      nextDocId: this.db._nextDocId,
      lastCreationTime: this.db._lastCreationTime,
      lastCommitTs: this.global.transactionManager._lastCommitTs,
    };
  }

  start(state: StoredState): void {
    this.build(this.app, state);
    this.rearmScheduled();
    this.startCrons();
  }

  /** Swaps in newly loaded functions (and schema), keeping the data. Throws, changing nothing, if the data violates the new schema. */
  reload(app: LoadedApp): void {
    const state = this.currentState();
    const previous = { t: this.t, global: this.global, db: this.db, app: this.app };
    try {
      this.build(app, state);
    } catch (e) {
      Object.assign(this, previous);
      this.tableIds.clear();
      for (const id of Object.keys(this.db._documents)) this.indexId(id, true);
      throw e;
    }
    this.stopCrons();
    this.startCrons();
    this.emit("reload");
  }

  get lastCommitTs(): bigint {
    return this.global.transactionManager._lastCommitTs;
  }

  documentCount(): number {
    return Object.keys(this.db._documents).length;
  }

  private indexId(id: string, present: boolean) {
    const table = tableOfId(id);
    if (!table) return;
    let ids = this.tableIds.get(table);
    if (!ids) this.tableIds.set(table, (ids = new Set()));
    if (present) ids.add(id);
    else ids.delete(id);
  }

  /** The committed documents of `table` in index order. */
  private sortedIndex(table: string, index: string, fields: string[]): Doc[] {
    const key = `${table}.${index}`;
    const cached = this.sortedIndexes.get(key);
    if (cached) return cached.docs;
    const docs: Doc[] = [];
    for (const id of this.tableIds.get(table) ?? []) {
      const doc = this.db._documents[id];
      if (doc) docs.push(doc);
    }
    const keys = new Map(docs.map((d) => [d, fields.map((f) => fieldValue(d, f))]));
    docs.sort((a, b) => compareTuples(keys.get(a)!, keys.get(b)!));
    this.sortedIndexes.set(key, { table, fields, docs });
    return docs;
  }

  /** Moves each changed document to its place in every built index of its table. */
  private updateSortedIndexes(changes: [string, Doc | undefined, Doc | null][]): void {
    for (const entry of this.sortedIndexes.values()) {
      const keyOf = (d: Doc) => entry.fields.map((f) => fieldValue(d, f));
      for (const [id, before, after] of changes) {
        if (tableOfId(id) !== entry.table) continue;
        if (before) {
          const key = keyOf(before);
          const at = firstIndex(entry.docs, (d) => compareTuples(keyOf(d), key) >= 0);
          // Keys end with _id, so the document sits exactly there.
          if (entry.docs[at]?._id === id) entry.docs.splice(at, 1);
        }
        if (after) {
          const key = keyOf(after);
          entry.docs.splice(firstIndex(entry.docs, (d) => compareTuples(keyOf(d), key) > 0), 0, after);
        }
      }
    }
  }

  // ---------------------------------------------------------------------------
  // Hooks into convex-test's instance.

  private hook(): void {
    const db = this.db as any;
    const tm = this.global.transactionManager as any;
    const engine = this;
    const tableIds = this.tableIds;

    // Per-table id sets: convex-test scans every document of every table per query.
    db._iterateDocs = function (tableName: string, cb: (doc: Doc) => void) {
      const base = tableIds.get(tableName);
      if (base) {
        for (const id of base) {
          const doc = this.get(tableName, id);
          if (doc !== null) cb(doc);
        }
      }
      const seen = new Set<string>();
      for (const layer of this._writes) {
        for (const id of Object.keys(layer)) {
          if (seen.has(id) || base?.has(id) || tableOfId(id) !== tableName) continue;
          seen.add(id);
          const doc = this.get(tableName, id);
          if (doc !== null) cb(doc);
        }
      }
    };

    // Index ranges by binary search over a sorted copy of the index, instead of
    // convex-test's scan of the whole table. Open transactions with writes to
    // the table, and anything unusual, take convex-test's own path.
    const resolve = db._resolveQuerySource.bind(db);
    db._resolveQuerySource = function (query: any) {
      const source = query.source;
      if (source?.type !== "IndexRange") return resolve(query);
      const [table, index] = String(source.indexName).split(".");
      const fields = indexFields(this, table, index);
      const range = fields && parseRange(source.range, fields);
      if (!range || hasPendingWrites(this, table)) return resolve(query);
      // Filters and limit as convex-test builds them, from an empty source.
      const base = resolve({ ...query, source: { type: "FullTableScan", tableName: EMPTY_TABLE, order: "asc" } });
      const sorted = engine.sortedIndex(table, index, fields);
      const lo = firstIndex(sorted, (d) => !range.before(d));
      const hi = firstIndex(sorted, (d) => range.after(d), lo);
      const docs = sorted.slice(lo, hi);
      const order = source.order ?? "asc";
      if (order === "desc") docs.reverse();
      return { sortedDocs: docs, filterFn: base.filterFn, limit: base.limit, fieldPathsToSortBy: fields, order };
    };

    // Lazy streams: count what `.filter()` looks at, and stop at `.take(n)`.
    db.startQuery = function (query: any) {
      const id = this._nextQueryId++;
      const { sortedDocs, filterFn, limit } = this._resolveQuerySource(query);
      this._queryResults[id] = { docs: sortedDocs, pos: 0, filterFn, limit, returned: 0 };
      return id;
    };
    db.queryNext = function (queryId: number) {
      const st = this._queryResults[queryId];
      if (st === undefined) throw new Error("Bad queryId");
      const stats = callContext.getStore()?.stats;
      if (st.limit === null || st.returned < st.limit) {
        while (st.pos < st.docs.length) {
          const doc = st.docs[st.pos++];
          if (stats) stats.documentsScanned += 1;
          if (st.filterFn(doc)) {
            st.returned += 1;
            return { value: doc, done: false };
          }
        }
      }
      delete this._queryResults[queryId];
      return { value: null, done: true };
    };

    const commit = db.commit.bind(db);
    db.commit = (commitTs: bigint | null = null) => {
      const topLevel = db._writes.length === 1 && commitTs !== null;
      const writes = topLevel ? db._writes[0] : null;
      const previous: (Doc | undefined)[] = writes ? Object.keys(writes).map((id) => db._documents[id]) : [];
      commit(commitTs);
      if (!topLevel) return;
      const ctx = callContext.getStore();
      if (ctx) ctx.commitTs = commitTs;
      const ids = Object.keys(writes);
      if (ids.length === 0) return;
      const changed: [string, Doc | null][] = ids.map((id) => [id, db._documents[id] ?? null]);
      engine.updateSortedIndexes(ids.map((id, i) => [id, previous[i], changed[i][1]]));
      // Durable before the caller hears of it: this runs inside the mutation's
      // commit, before its result is returned.
      engine.persistence.append({
        ts: commitTs!,
        nextDocId: db._nextDocId,
        lastCreationTime: db._lastCreationTime,
        writes: changed,
      });
      const tables = new Set<string>();
      for (const [id, doc] of changed) {
        engine.indexId(id, doc !== null);
        const table = tableOfId(id);
        if (table) tables.add(table);
      }
      runInRoot(() => engine.afterCommit(commitTs!, tables, changed));
    };

    const readMetrics = () => {
      const tracker = tm._metricsTracker;
      const ctx = callContext.getStore();
      if (!tracker || !ctx) return;
      try {
        const m = tracker.getTransactionMetrics();
        ctx.stats.documentsRead += m.documentsRead.used;
        ctx.stats.bytesRead += m.bytesRead.used;
        ctx.stats.documentsWritten += m.documentsWritten.used;
        ctx.stats.bytesWritten += m.bytesWritten.used;
        ctx.stats.databaseQueries += m.databaseQueries.used;
      } catch {
        // No open layer: nothing to count.
      }
    };
    const tmCommit = tm.commit.bind(tm);
    tm.commit = (isNested: boolean) => {
      if (!isNested) readMetrics();
      return tmCommit(isNested);
    };
    const tmRollback = tm.rollback.bind(tm);
    tm.rollback = (isNested: boolean) => {
      if (!isNested) readMetrics();
      return tmRollback(isNested);
    };

    const global = this.global;
    const syscall = global.syscall;
    global.syscall = (op: string, jsonArgs: string) => {
      if (op === "1.0/queryStream") {
        const table = tableOfQuery(JSON.parse(jsonArgs).query);
        if (table) callContext.getStore()?.readTables.add(table);
      } else if (op === "1.0/queryCleanup") {
        const { queryId } = JSON.parse(jsonArgs);
        delete db._queryResults[queryId];
      }
      return syscall(op, jsonArgs);
    };

    const asyncSyscall = global.asyncSyscall;
    global.asyncSyscall = async (op: string, jsonArgs: string) => {
      const ctx = callContext.getStore();
      switch (op) {
        case "1.0/get": {
          const { table, id } = JSON.parse(jsonArgs);
          const name = table ?? (typeof id === "string" ? tableOfId(id) : null);
          if (name) ctx?.readTables.add(name);
          return asyncSyscall(op, jsonArgs);
        }
        case "1.0/count": {
          const { table } = JSON.parse(jsonArgs);
          if (table) ctx?.readTables.add(table);
          return asyncSyscall(op, jsonArgs);
        }
        case "1.0/queryPage":
          return engine.queryPage(jsonArgs, ctx, asyncSyscall);
        case "1.0/schedule":
          return engine.schedule(jsonArgs);
        case "1.0/storageGetUrl": {
          const { storageId } = JSON.parse(jsonArgs);
          ctx?.readTables.add("_storage");
          const meta = db.get("_storage", storageId);
          return JSON.stringify(meta === null ? null : engine.storageUrl(storageId));
        }
        case "1.0/storageGenerateUploadUrl":
          return JSON.stringify(engine.uploadUrl());
        default:
          return asyncSyscall(op, jsonArgs);
      }
    };

    const jsSyscall = global.jsSyscall;
    global.jsSyscall = async (op: string, args: any) => {
      switch (op) {
        case "storage/storeBlob": {
          const blob: Blob = args.blob;
          return engine.storeBlob(Buffer.from(await blob.arrayBuffer()), blob.type || undefined);
        }
        case "storage/getBlob":
          return engine.getBlob(args.storageId);
        default:
          return jsSyscall(op, args);
      }
    };
  }

  private async queryPage(jsonArgs: string, ctx: CallContext | undefined, next: (op: string, a: string) => Promise<string>) {
    const args = JSON.parse(jsonArgs);
    const table = tableOfQuery(args.query);
    if (table) ctx?.readTables.add(table);
    // A live paginated query keeps the range it first returned: its journal
    // holds the end cursor, so inserted rows grow the page instead of pushing
    // rows off its end.
    if (ctx?.journalIn && !args.endCursor) {
      try {
        const journal = JSON.parse(ctx.journalIn);
        if (journal?.endCursor) args.endCursor = journal.endCursor;
      } catch {
        // A journal we did not write: run as a first execution.
      }
    }
    const raw = await next("1.0/queryPage", JSON.stringify(args));
    const result = jsonToConvex(JSON.parse(raw)) as any;
    if (args.endCursor && args.endCursor !== "_end_cursor") {
      // The page ends where it ended before, even if that document is gone.
      result.continueCursor = args.endCursor;
      result.isDone = false;
    }
    if (ctx) {
      ctx.journalOut = JSON.stringify({ endCursor: result.continueCursor });
      ctx.stats.documentsScanned += result.page.length;
    }
    return JSON.stringify(convexToJson(result));
  }

  private schedule(jsonArgs: string): string {
    const { name, functionHandle, reference, args: fnArgs, ts } = JSON.parse(jsonArgs);
    if (reference !== undefined && name === undefined && functionHandle === undefined) {
      throw new Error("local-convex: scheduling functions of components is not supported");
    }
    const udfPath = functionHandle ? String(functionHandle).split(";")[1] : name;
    const jobId = this.db.insert(SCHEDULED, {
      args: [jsonToConvex(fnArgs)],
      name: udfPath,
      scheduledTime: ts * 1000,
      state: { kind: "pending" },
    });
    return JSON.stringify(convexToJson(jobId));
  }

  // ---------------------------------------------------------------------------
  // After a commit: scheduler timers, file cleanup, compaction, subscribers.

  private afterCommit(ts: bigint, tables: Set<string>, changed: [string, Doc | null][]): void {
    for (const [id, doc] of changed) {
      const table = tableOfId(id);
      if (table === SCHEDULED) {
        if (doc && doc.state?.kind === "pending") this.arm(id, doc.scheduledTime);
        else this.disarm(id);
      } else if (table === "_storage" && doc === null) {
        this.persistence.deleteBlob(id);
      }
    }
    if (this.persistence.shouldCompact() && !this.compactScheduled) {
      this.compactScheduled = true;
      setImmediate(() => {
        this.compactScheduled = false;
        if (!this.closed) this.compact();
      });
    }
    this.emit("commit", ts, tables);
  }

  /** Writes a snapshot and empties the log. Safe between any two commits (they are synchronous). */
  compact(): void {
    const started = Date.now();
    this.persistence.compact(this.currentState());
    this.opts.log(`compacted ${this.documentCount()} documents into a snapshot in ${Date.now() - started} ms`);
  }

  private arm(jobId: string, scheduledTime: number): void {
    this.disarm(jobId);
    if (this.closed) return;
    const delay = Math.max(0, scheduledTime - Date.now());
    const timer = setTimeout(
      () => {
        this.timers.delete(jobId);
        if (delay >= MAX_TIMER_MS) this.arm(jobId, scheduledTime);
        else void this.runScheduled(jobId);
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    this.timers.set(jobId, timer);
  }

  private disarm(jobId: string): void {
    const timer = this.timers.get(jobId);
    if (timer) clearTimeout(timer);
    this.timers.delete(jobId);
  }

  private rearmScheduled(): void {
    const interrupted: string[] = [];
    for (const id of this.tableIds.get(SCHEDULED) ?? []) {
      const job = this.db._documents[id];
      if (job?.state?.kind === "pending") this.arm(id, job.scheduledTime);
      else if (job?.state?.kind === "inProgress") interrupted.push(id);
    }
    // An action cut off by a restart is not retried, as on Convex: it failed.
    for (const id of interrupted) {
      void this.setJobState(id, "inProgress", { state: { kind: "failed" }, completedTime: Date.now() });
    }
  }

  private async setJobState(jobId: string, expected: string, patch: Record<string, unknown>): Promise<boolean> {
    return runInRoot(() =>
      this.t.run(async () => {
        const job = this.db.get(SCHEDULED, jobId);
        if (!job || job.state?.kind !== expected) return false;
        this.db.patch(SCHEDULED, jobId, convexToJson(patch as any) as any);
        return true;
      }),
    );
  }

  private async runScheduled(jobId: string): Promise<void> {
    if (this.closed) return;
    const job = this.db._documents[jobId];
    if (!job || job.state?.kind !== "pending") return;
    if (!(await this.setJobState(jobId, "pending", { state: { kind: "inProgress" } }))) return;
    const outcome = await this.call(job.name, job.args[0] ?? {}, null, { caller: "scheduler" });
    if (this.closed) return;
    await this.setJobState(jobId, "inProgress", {
      state: outcome.success ? { kind: "success" } : { kind: "failed", error: outcome.errorMessage },
      completedTime: Date.now(),
    });
  }

  // --- crons ---

  private cronState(): Record<string, { lastRun: number; spec: string }> {
    return this.persistence.readJson("crons.json") ?? {};
  }

  private startCrons(): void {
    const state = this.cronState();
    const next: Record<string, { lastRun: number; spec: string }> = {};
    for (const [name, cron] of Object.entries<any>(this.app.crons)) {
      const spec = JSON.stringify(cron);
      const prior = state[name]?.spec === spec ? state[name] : undefined;
      if (prior) next[name] = prior;
      this.armCron(name, cron, prior?.lastRun ?? null);
    }
    this.persistence.writeJson("crons.json", next);
  }

  private stopCrons(): void {
    for (const timer of this.cronTimers) clearTimeout(timer);
    this.cronTimers = [];
  }

  /** The next run after `lastRun` (or the first run when `lastRun` is null). */
  static nextCronRun(schedule: any, lastRun: number | null, now: number): number {
    const utc = (pattern: string) => {
      const from = new Date(Math.max(lastRun ?? now, now - 1) + 1);
      const next = new Cron(pattern, { timezone: "UTC" }).nextRun(from);
      if (!next) throw new Error(`local-convex: cron pattern '${pattern}' never fires`);
      return next.getTime();
    };
    const m = schedule.minuteUTC ?? 0;
    switch (schedule.type) {
      case "interval": {
        const ms = ((schedule.seconds ?? 0) + (schedule.minutes ?? 0) * 60 + (schedule.hours ?? 0) * 3600) * 1000;
        // Runs once when deployed, then every interval.
        return lastRun === null ? now : Math.max(now, lastRun + ms);
      }
      case "hourly":
        return utc(`${m} * * * *`);
      case "daily":
        return utc(`${m} ${schedule.hourUTC} * * *`);
      case "weekly": {
        const days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
        return utc(`${m} ${schedule.hourUTC} * * ${days.indexOf(String(schedule.dayOfWeek).toLowerCase())}`);
      }
      case "monthly":
        return utc(`${m} ${schedule.hourUTC} ${schedule.day} * *`);
      case "cron":
        return utc(schedule.cron);
      default:
        throw new Error(`local-convex: unknown cron schedule type '${schedule.type}'`);
    }
  }

  private armCron(name: string, cron: any, lastRun: number | null): void {
    if (this.closed) return;
    const at = Engine.nextCronRun(cron.schedule, lastRun, Date.now());
    const timer = setTimeout(
      async () => {
        if (Date.now() < at) return this.armCron(name, cron, lastRun); // long delays are chunked
        const ranAt = Date.now();
        const state = this.cronState();
        state[name] = { lastRun: ranAt, spec: JSON.stringify(cron) };
        this.persistence.writeJson("crons.json", state);
        if (this.opts.logFunctionCalls !== false) this.opts.log(`cron '${name}' -> ${cron.name}`);
        await this.call(cron.name, jsonToConvex(cron.args?.[0] ?? {}), null, { caller: `cron ${name}` });
        this.cronTimers = this.cronTimers.filter((t) => t !== timer);
        this.armCron(name, cron, ranAt);
      },
      Math.min(Math.max(0, at - Date.now()), MAX_TIMER_MS),
    );
    this.cronTimers.push(timer);
  }

  // ---------------------------------------------------------------------------
  // File storage.

  private sign(value: string): string {
    // Hex, so the signature never contains the '-' that separates it from the id.
    return createHmac("sha256", this.opts.urlSecret).update(value).digest("hex").slice(0, 32);
  }

  storageUrl(storageId: string): string {
    return `${this.opts.cloudUrl()}/api/storage/${storageId}-${this.sign(`get:${storageId}`)}`;
  }

  /** Resolves a download path segment back to a storage id, or null if forged. */
  storageIdFromUrlSegment(segment: string): string | null {
    const dash = segment.lastIndexOf("-");
    if (dash < 0) return null;
    const id = segment.slice(0, dash);
    const sig = Buffer.from(segment.slice(dash + 1));
    const expected = Buffer.from(this.sign(`get:${id}`));
    return sig.length === expected.length && timingSafeEqual(sig, expected) ? id : null;
  }

  uploadUrl(): string {
    const expires = Date.now() + 60 * 60 * 1000;
    const nonce = randomBytes(6).toString("base64url");
    const token = `${expires}.${nonce}.${this.sign(`upload:${expires}.${nonce}`)}`;
    return `${this.opts.cloudUrl()}/api/storage/upload?token=${token}`;
  }

  checkUploadToken(token: string | null): boolean {
    if (!token) return false;
    const [expires, nonce, sig] = token.split(".");
    if (!expires || !nonce || !sig) return false;
    const expected = this.sign(`upload:${expires}.${nonce}`);
    return sig === expected && Number(expires) > Date.now();
  }

  async storeBlob(bytes: Buffer, contentType?: string): Promise<string> {
    const staged = this.persistence.stageBlob(bytes);
    try {
      const sha256 = createHash("sha256").update(bytes).digest("base64");
      const storageId: string = await runInRoot(() =>
        this.t.run(async () =>
          this.db.insert("_storage", { sha256, size: bytes.length, ...(contentType ? { contentType } : {}) }),
        ),
      );
      this.persistence.commitBlob(staged, storageId);
      return storageId;
    } catch (e) {
      this.persistence.discardBlob(staged);
      throw e;
    }
  }

  getBlob(storageId: string): Blob | null {
    const meta = this.db.get("_storage", storageId);
    if (meta === null) return null;
    const bytes = this.persistence.readBlob(storageId);
    if (bytes === null) return null;
    return new Blob([new Uint8Array(bytes)], meta.contentType ? { type: meta.contentType } : {});
  }

  storageMetadata(storageId: string): Doc | null {
    return this.db._documents[storageId] ?? null;
  }

  // ---------------------------------------------------------------------------
  // Calling functions.

  private accessor(identity: Identity | null, request?: RequestInfo): any {
    if (identity === null && !request) return this.t;
    const key = JSON.stringify([identity, request?.ip ?? null, request?.userAgent ?? null]);
    let accessor = this.identityAccessors.get(key);
    if (!accessor) {
      accessor = identity === null ? this.t : this.t.withIdentity(identity);
      if (request) accessor = accessor.withRequestMetadata({ ip: request.ip, userAgent: request.userAgent });
      if (this.identityAccessors.size > 1000) this.identityAccessors.clear();
      this.identityAccessors.set(key, accessor);
    }
    return accessor;
  }

  functionInfo(udfPath: string) {
    return this.app.functions.get(normalizeUdfPath(udfPath));
  }

  async call(udfPathRaw: string, args: any, identity: Identity | null, options: CallOptions = {}): Promise<CallOutcome> {
    const udfPath = normalizeUdfPath(udfPathRaw);
    const ctx: CallContext = {
      udfPath,
      logLines: [],
      readTables: new Set(),
      journalIn: options.journal ?? null,
      journalOut: null,
      stats: zeroStats(),
      commitTs: null,
    };
    const requestId = randomBytes(8).toString("hex");
    const fail = (errorMessage: string, errorData?: unknown): CallOutcome => ({
      success: false,
      errorMessage,
      ...(errorData !== undefined ? { errorData } : {}),
      logLines: ctx.logLines,
      journal: null,
      readTables: ctx.readTables,
      commitTs: null,
      stats: ctx.stats,
    });
    const info = this.app.functions.get(udfPath);
    const [modulePath, exportName] = udfPath.split(":");
    if (!info || (options.publicOnly && !info.isPublic)) {
      const what = options.publicOnly ? "public function" : "function";
      return fail(
        `[Request ID: ${requestId}] Server Error\nCould not find ${what} for '${modulePath}:${exportName}'. Did you forget to run \`npx convex dev\` or \`npx convex deploy\`?`,
      );
    }
    if (options.kind && options.kind !== info.kind) {
      return fail(`[Request ID: ${requestId}] Server Error\nTrying to execute ${udfPath} as ${options.kind}, but it is defined as ${info.kind}.`);
    }
    const started = performance.now();
    const outcome = await runInRoot(() =>
      callContext.run(ctx, async (): Promise<CallOutcome> => {
        try {
          await this.validateArgs(modulePath, exportName, args);
          const path = { udfPath, componentPath: "" };
          const accessor = this.accessor(identity, options.request);
          const value =
            info.kind === "query"
              ? await accessor.queryFromPath(path, args)
              : info.kind === "mutation"
                ? await accessor.mutationFromPath(path, args)
                : await accessor.actionFromPath(path, args);
          return {
            success: true,
            value,
            logLines: ctx.logLines,
            journal: ctx.journalOut,
            readTables: ctx.readTables,
            commitTs: ctx.commitTs,
            stats: ctx.stats,
          };
        } catch (e: any) {
          return this.describeError(e, requestId, fail);
        }
      }),
    );
    this.record(udfPath, info.kind, options.caller ?? "client", performance.now() - started, outcome.success, ctx.stats);
    return outcome;
  }

  private async validateArgs(modulePath: string, exportName: string, args: any): Promise<void> {
    const mod = await this.global.components[""].modules(modulePath);
    const fn = mod?.[exportName];
    if (!fn?.exportArgs) return;
    const validator = JSON.parse(fn.exportArgs());
    if (validator.type === "any") return;
    try {
      this.internals.validateValidator(validator, args ?? {});
    } catch (e: any) {
      const error = new Error(String(e.message).replace(/^Validator error: /, ""));
      error.name = "ArgumentValidationError";
      throw error;
    }
  }

  private describeError(e: any, requestId: string, fail: (m: string, d?: unknown) => CallOutcome): CallOutcome {
    const isConvexError = e && typeof e === "object" && Symbol.for("ConvexError") in e;
    if (isConvexError) {
      let data = e.data;
      if (typeof data === "string") {
        try {
          data = jsonToConvex(JSON.parse(data));
        } catch {
          // A plain string payload.
        }
      }
      return fail(`[Request ID: ${requestId}] Server Error\nUncaught ConvexError: ${e.message}`, convexToJson(data as any));
    }
    const name = e?.name && e.name !== "Error" ? e.name : "Error";
    const message = e?.message ?? String(e);
    if (name === "ArgumentValidationError") return fail(`[Request ID: ${requestId}] Server Error\nArgumentValidationError: ${message}`);
    return fail(`[Request ID: ${requestId}] Server Error\nUncaught ${name}: ${message}`);
  }

  private record(udfPath: string, kind: CallRecord["kind"], caller: string, ms: number, success: boolean, stats: CallStats) {
    this.totals.calls += 1;
    for (const key of Object.keys(stats) as (keyof CallStats)[]) this.totals[key] += stats[key];
    this.recentCalls.push({ udfPath, kind, caller, ms, success, stats });
    if (this.recentCalls.length > 2000) this.recentCalls.splice(0, 1000);
    if (this.opts.logFunctionCalls !== false && caller !== "subscription") {
      const s = stats;
      this.opts.log(
        `${kind[0].toUpperCase()} ${udfPath} ${success ? "ok" : "FAILED"} ${ms.toFixed(1)}ms ` +
          `read ${s.documentsRead} docs/${s.bytesRead} B (scanned ${s.documentsScanned}) wrote ${s.documentsWritten} docs/${s.bytesWritten} B`,
      );
    }
  }

  /** Runs an HTTP action for `request` (already routed to this app's `http.ts`). */
  async runHttp(request: Request, identity: Identity | null, client?: RequestInfo): Promise<Response> {
    if (!this.app.hasHttp) return new Response("This deployment has no HTTP actions (convex/http.ts).", { status: 404 });
    const ctx: CallContext = {
      udfPath: `http ${request.method} ${new URL(request.url).pathname}`,
      logLines: [],
      readTables: new Set(),
      journalIn: null,
      journalOut: null,
      stats: zeroStats(),
      commitTs: null,
    };
    const started = performance.now();
    let ok = true;
    try {
      const init: RequestInit & { duplex?: string } = {
        method: request.method,
        headers: request.headers,
      };
      if (request.method !== "GET" && request.method !== "HEAD") {
        init.body = Buffer.from(await request.arrayBuffer());
      }
      const response: Response = await runInRoot(() =>
        callContext.run(ctx, () => this.accessor(identity, client).fetch(request.url, init)),
      );
      ok = response.status < 500;
      return response;
    } catch (e: any) {
      ok = false;
      this.opts.log(`${ctx.udfPath} threw: ${e?.stack ?? e}`);
      return new Response(`Uncaught ${e?.name ?? "Error"}: ${e?.message ?? e}`, { status: 500 });
    } finally {
      this.record(ctx.udfPath, "http", "http", performance.now() - started, ok, ctx.stats);
    }
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.stopCrons();
  }
}
