// The convex-test internals this runtime relies on. convex-test keeps its
// state in closures; patches/convex-test+<version>.patch exports it. Every
// field used is checked here at start-up, so an upgrade that moves one fails
// with a clear message instead of corrupting data.
import { createRequire } from "node:module";
import * as convexTestModule from "convex-test";

export const PINNED_CONVEX_TEST_VERSION = "0.0.60";

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Doc = Record<string, any> & { _id: string; _creationTime: number };
export type Writes = Record<string, Doc | null>;

export interface DatabaseFake {
  _documents: Record<string, Doc>;
  _storage: Record<string, Blob>;
  _nextDocId: number;
  _lastCreationTime: number;
  _writes: Writes[];
  _queryResults: Record<number, any>;
  _nextQueryId: number;
  _schema: { schemaValidation: boolean; tables: Map<string, any> } | null;
  get(table: string | undefined, id: string): Doc | null;
  insert(table: string, value: Record<string, any>): string;
  patch(table: string, id: string, value: Record<string, any>): void;
  delete(table: string, id: string): void;
  commit(commitTs?: bigint | null): void;
  _addWrite(id: string, value: Doc | null): void;
  startQuery(query: any): number;
  queryNext(queryId: number): { value: Doc | null; done: boolean };
  paginate(args: any): any;
  _iterateDocs(table: string, cb: (doc: Doc) => void): void;
  _validate(tableName: string, doc: Record<string, any>): void;
  _resolveQuerySource(query: any): {
    sortedDocs: Doc[];
    filterFn: (d: Doc) => boolean;
    limit: number | null;
  };
}

export interface TransactionManager {
  _lastCommitTs: bigint;
  _metricsTracker: any;
  commit(isNested: boolean): bigint | null;
  rollback(isNested: boolean): void;
  isInTransaction(): boolean;
}

export interface ConvexGlobal {
  components: Record<string, { db: DatabaseFake; modules: (path: string) => Promise<any> }>;
  transactionManager: TransactionManager;
  syscall: (op: string, jsonArgs: string) => string;
  asyncSyscall: (op: string, jsonArgs: string) => Promise<string>;
  jsSyscall: (op: string, args: any) => Promise<any>;
}

export interface Internals {
  convexGlobalStorage: { run<T>(store: ConvexGlobal, fn: () => T): T };
  validateValidator(validator: any, value: any): void;
  tableNameFromId(id: string): string | null;
}

function fail(what: string): never {
  throw new Error(
    `local-convex: convex-test internals changed (${what} is missing). ` +
      `This runtime is pinned to convex-test@${PINNED_CONVEX_TEST_VERSION} with ` +
      `patches/convex-test+${PINNED_CONVEX_TEST_VERSION}.patch applied by 'npm install' (postinstall). ` +
      `Reinstall with 'npm ci', or update the patch and tools/local-convex/src/internals.ts together.`,
  );
}

export function checkInstalledVersion(): void {
  const require = createRequire(import.meta.url);
  let version = "unknown";
  try {
    version = require("convex-test/package.json").version;
  } catch {
    // Some package exports maps hide package.json; the field checks below still guard.
  }
  if (version !== "unknown" && version !== PINNED_CONVEX_TEST_VERSION) {
    fail(`the pinned version (found convex-test@${version})`);
  }
}

export function getInternals(): Internals {
  const internals = (convexTestModule as any).__localConvexInternals as Internals | undefined;
  if (!internals) fail("export __localConvexInternals (the patch is not applied)");
  for (const key of ["convexGlobalStorage", "validateValidator", "tableNameFromId"] as const) {
    if (!internals[key]) fail(`__localConvexInternals.${key}`);
  }
  return internals;
}

/** Asserts every private field and method of one instance that the runtime touches. */
export function checkGlobal(global: ConvexGlobal | undefined): ConvexGlobal {
  if (!global) fail("convexTest().__localConvexGlobal (the patch is not applied)");
  const root = global.components?.[""];
  if (!root?.db) fail("convexGlobal.components[''].db");
  const db = root.db as any;
  for (const field of ["_documents", "_storage", "_writes", "_queryResults"]) {
    if (typeof db[field] !== "object") fail(`DatabaseFake.${field}`);
  }
  for (const field of ["_nextDocId", "_lastCreationTime", "_nextQueryId"]) {
    if (typeof db[field] !== "number") fail(`DatabaseFake.${field}`);
  }
  for (const method of [
    "get",
    "insert",
    "patch",
    "delete",
    "commit",
    "_addWrite",
    "startQuery",
    "queryNext",
    "paginate",
    "_iterateDocs",
    "_resolveQuerySource",
    "_validate",
  ]) {
    if (typeof db[method] !== "function") fail(`DatabaseFake.${method}()`);
  }
  const tm = global.transactionManager as any;
  if (!tm || typeof tm._lastCommitTs !== "bigint") fail("TransactionManager._lastCommitTs");
  for (const method of ["commit", "rollback", "isInTransaction"]) {
    if (typeof tm[method] !== "function") fail(`TransactionManager.${method}()`);
  }
  if (!("_metricsTracker" in tm)) fail("TransactionManager._metricsTracker");
  for (const fn of ["syscall", "asyncSyscall", "jsSyscall"] as const) {
    if (typeof global[fn] !== "function") fail(`convexGlobal.${fn}`);
  }
  return global;
}
