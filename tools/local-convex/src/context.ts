// The per-call context every patch reads: what the running function read and
// wrote, its log lines and its pagination journal. convex-test keys its own
// transactions on AsyncLocalStorage, so ours rides along the same way.
import { AsyncLocalStorage } from "node:async_hooks";
import { inspect } from "node:util";
import { ReadSet } from "./readsets.js";
import type { Writes } from "./internals.js";
import type { MutationTrace } from "./trace.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
export interface CallStats {
  documentsRead: number;
  bytesRead: number;
  documentsWritten: number;
  bytesWritten: number;
  /** Documents the query pipeline looked at, including those `.filter()` dropped. */
  documentsScanned: number;
  databaseQueries: number;
}

export interface CallContext {
  udfPath: string;
  logLines: string[];
  /** What the function read, for reactivity (see readsets.ts). */
  reads: ReadSet;
  journalIn: string | null;
  journalOut: string | null;
  stats: CallStats;
  commitTs: bigint | null;
  /** CPU usage when a query or mutation started, for its time limit. */
  cpuStart?: NodeJS.CpuUsage;
  /** performance.now() when a query or mutation started. */
  wallStart?: number;
  /** Time spent in database syscalls (wall clock), which the time limit leaves out (as Convex does). */
  syscallMs?: number;
  /** A limit the function broke: it fails even if its code caught the error. */
  limitError?: Error;
  /** Who asked for the call (a sync connection): its commits' subscribers are refreshed before it. */
  origin?: object;
  /** This mutation's timings, when LOCAL_CONVEX_TRACE=1 (trace.ts). */
  trace?: MutationTrace;
  /** Last writes of a top-level mutation, made in its own commit (a scheduled job's state, see scheduler.ts), given the pending writes of each component by path. */
  beforeCommit?: (writesOf: (componentPath: string) => Writes | null, all: Writes[]) => void;
}

export const zeroStats = (): CallStats => ({
  documentsRead: 0,
  bytesRead: 0,
  documentsWritten: 0,
  bytesWritten: 0,
  documentsScanned: 0,
  databaseQueries: 0,
});

export function newCallContext(udfPath: string, journalIn: string | null = null): CallContext {
  return { udfPath, logLines: [], reads: new ReadSet(), journalIn, journalOut: null, stats: zeroStats(), commitTs: null };
}

export const callContext = new AsyncLocalStorage<CallContext>();

/** The component instance whose function is running: its path from the app ("" for the app) and its environment. */
export interface ComponentScope {
  path: string;
  /** What its functions read as `process.env`; null: the deployment's (the app). */
  env: Record<string, string> | null;
}

/**
 * Set around the handler of every function (loader.ts wraps them per
 * instance), so database, scheduler and storage syscalls know whose tables
 * they touch, as convex-test's own (private) execution context does.
 */
export const componentScope = new AsyncLocalStorage<ComponentScope>();

export const currentComponentPath = (): string => componentScope.getStore()?.path ?? "";

/** A table's name made unique across the app and its components, for read and write sets: `<component path>/<table>`. */
export const qualifiedTable = (component: string | undefined, table: string): string => (component ? `${component}/${table}` : table);

// Work started from a commit hook must not inherit the committing function's
// async context (convex-test keys its transactions on AsyncLocalStorage).
export const runInRoot = AsyncLocalStorage.snapshot();

let consoleInstalled = false;
/** Routes console output of functions into their log lines, as Convex does. */
export function installConsole(log: (line: string) => void) {
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

/** The table of a runtime id (`<counter><table>`). */
export function tableOfId(id: string): string | null {
  const m = /^[0-9]+(.+)$/.exec(id);
  return m ? m[1] : null;
}

/** The table a serialized query reads. */
export function tableOfQuery(query: any): string | null {
  const source = query?.source;
  if (!source) return null;
  if (source.tableName) return source.tableName;
  if (source.indexName) return String(source.indexName).split(".")[0];
  return null;
}

export function normalizeUdfPath(udfPath: string): string {
  const [modulePath, exportName = "default"] = udfPath.split(":");
  return `${modulePath.replace(/\.(js|ts)$/, "")}:${exportName}`;
}
