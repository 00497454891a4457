// Convex's transaction limits, with Convex's error text
// (https://docs.convex.dev/production/state/limits; messages as the Convex
// backend words them). convex-test counts reads and writes; this module sets
// the limits, counts documents `.filter()` dropped as read (Convex does),
// checks document size, array length and function run time, and rewords
// convex-test's messages as Convex's.
import { getDocumentSize, jsonToConvex, type Value } from "convex/values";
import { callContext } from "./context.js";
import type { ConvexGlobal, DatabaseFake, TransactionManager } from "./internals.js";
import { wrapAsyncSyscall } from "./syscalls.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
export interface Limits {
  bytesRead: number;
  documentsRead: number;
  /** Index ranges (`db.get` and `db.query` calls). */
  databaseQueries: number;
  bytesWritten: number;
  documentsWritten: number;
  /** User code time of a query or mutation, in milliseconds. */
  functionMs: number;
  documentBytes: number;
  arrayLength: number;
}

const MiB = 1 << 20;
export const CONVEX_LIMITS: Limits = {
  bytesRead: 16 * MiB,
  documentsRead: 32_000,
  databaseQueries: 4_096,
  bytesWritten: 16 * MiB,
  documentsWritten: 16_000,
  functionMs: 1_000,
  documentBytes: MiB,
  arrayLength: 8_192,
};

/** Parses `name=value` overrides; a limit may only be made stricter than Convex's. */
export function parseLimits(overrides: string[]): Limits {
  const limits = { ...CONVEX_LIMITS };
  for (const entry of overrides) {
    const [name, raw] = entry.split("=");
    if (!(name in CONVEX_LIMITS)) {
      throw new Error(`local-convex: unknown limit '${name}' (one of ${Object.keys(CONVEX_LIMITS).join(", ")}).`);
    }
    const key = name as keyof Limits;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`local-convex: limit ${name} takes a positive number (got ${raw}).`);
    if (value > CONVEX_LIMITS[key]) {
      throw new Error(`local-convex: limit ${name}=${value} is looser than Convex's (${CONVEX_LIMITS[key]}); limits can only be made stricter.`);
    }
    limits[key] = value;
  }
  return limits;
}

/** What convex-test's TransactionMetricsTracker takes. */
export function trackerLimits(limits: Limits) {
  return {
    bytesRead: limits.bytesRead,
    documentsRead: limits.documentsRead,
    databaseQueries: limits.databaseQueries,
    bytesWritten: limits.bytesWritten,
    documentsWritten: limits.documentsWritten,
  };
}

const OVER_LIMIT_HELP =
  "Consider using smaller limits in your queries, paginating your queries, or using indexed queries with a selective index range expressions.";

/** convex-test's limit messages, reworded as the Convex backend words them. */
export function convexLimitMessage(message: string): string {
  const n = (re: RegExp) => re.exec(message)?.[1];
  let limit: string | undefined;
  if ((limit = n(/^Read too much data in a single function execution \(limit: (\d+) bytes\)/)))
    return `Too many bytes read in a single function execution (limit: ${limit} bytes). ${OVER_LIMIT_HELP}`;
  if ((limit = n(/^Scanned too many documents in a single function execution \(limit: (\d+)\)/)))
    return `Too many documents read in a single function execution (limit: ${limit}). ${OVER_LIMIT_HELP}`;
  if ((limit = n(/^Too many index ranges read in a single function execution \(limit: (\d+)\)/)))
    return `Too many reads in a single function execution (limit: ${limit}). ${OVER_LIMIT_HELP}`;
  if ((limit = n(/^Wrote too many documents in a single function execution \(limit: (\d+)\)/)))
    return `Too many writes in a single function execution (limit: ${limit})`;
  if ((limit = n(/^Wrote too much data in a single function execution \(limit: (\d+) bytes\)/)))
    return `Too many bytes written in a single function execution (limit: ${limit} bytes)`;
  return message;
}

function formatMiB(bytes: number): string {
  return `${(bytes / MiB).toFixed(2)} MiB`;
}

function formatDuration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

/** The first array longer than `max` in `value`, or null. */
function longArray(value: unknown, max: number): number | null {
  if (Array.isArray(value)) {
    if (value.length > max) return value.length;
    for (const v of value) {
      const found = longArray(v, max);
      if (found !== null) return found;
    }
  } else if (value !== null && typeof value === "object" && !(value instanceof ArrayBuffer)) {
    for (const v of Object.values(value)) {
      const found = longArray(v, max);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Refuses a value Convex would not store or return: arrays too long, documents too large. */
export function checkValue(value: unknown, limits: Limits, isDocument: boolean): void {
  const length = longArray(value, limits.arrayLength);
  if (length !== null) throw new Error(`Array length is too long (${length} > maximum length ${limits.arrayLength})`);
  if (isDocument) {
    const size = getDocumentSize(value as Record<string, Value>);
    if (size > limits.documentBytes) {
      throw new Error(`Value is too large (${formatMiB(size)} > maximum size ${formatMiB(limits.documentBytes).replace(".00", "")})`);
    }
  }
}

export function timeoutMessage(limits: Limits): string {
  return `Function execution timed out (maximum duration: ${formatDuration(limits.functionMs)})`;
}

/**
 * Times every syscall (the outermost layer, so it sees the runtime's own work
 * too): Convex's limit counts user code only, not database operations.
 */
export function patchSyscallTiming(global: ConvexGlobal): void {
  const timed = <A, R>(fn: (op: string, args: A) => R) =>
    (op: string, args: A): R => {
      const ctx = callContext.getStore();
      if (!ctx?.cpuStart) return fn(op, args);
      // Wall clock, not process.cpuUsage(): getrusage is a system call, and this runs twice per syscall.
      const start = performance.now();
      const done = () => {
        ctx.syscallMs = (ctx.syscallMs ?? 0) + (performance.now() - start);
      };
      const result = fn(op, args);
      if (result instanceof Promise) return result.finally(done) as R;
      done();
      return result;
    };
  global.syscall = timed(global.syscall);
  global.asyncSyscall = timed(global.asyncSyscall);
  global.jsSyscall = timed(global.jsSyscall);
}

/**
 * Per call: user code time (CPU time of this process while the function ran,
 * less the time spent in its syscalls; queries and mutations run one at a
 * time), checked at every syscall and before a mutation commits.
 */
export function checkTime(limits: Limits): void {
  const ctx = callContext.getStore();
  if (!ctx) return;
  if (ctx.limitError) throw ctx.limitError;
  if (!ctx.cpuStart) return;
  // The function's own code cannot have had more CPU time than wall time outside syscalls:
  // ask the kernel for CPU time only past that (this runs at every syscall).
  if (performance.now() - (ctx.wallStart ?? 0) - (ctx.syscallMs ?? 0) <= limits.functionMs) return;
  const used = process.cpuUsage(ctx.cpuStart);
  if ((used.user + used.system) / 1000 - (ctx.syscallMs ?? 0) > limits.functionMs) throw (ctx.limitError = new Error(timeoutMessage(limits)));
}

/** Remembers a broken limit on the call, so catching the error does not save the transaction. */
function broke(e: Error): Error {
  const ctx = callContext.getStore();
  if (ctx) ctx.limitError ??= e;
  return e;
}

/** `filter`, counting each document it drops as read (as Convex counts them for its limits). */
export function countingDropped<D>(tm: TransactionManager, filter: (doc: D) => boolean): (doc: D) => boolean {
  return (doc: D) => {
    const keep = filter(doc);
    if (!keep && callContext.getStore()) {
      try {
        (tm as any).getMetricsTracker?.()?.trackRead(getDocumentSize(doc as any));
      } catch (e) {
        throw broke(e as Error);
      }
    }
    return keep;
  };
}

/**
 * Installs the checks in a convex-test instance: documents written (size and
 * arrays), documents `.filter()` looked at and dropped (read, as Convex
 * counts them), and the time limit at each syscall and commit.
 */
export function patchLimits(global: ConvexGlobal, limits: Limits, currentDb: () => DatabaseFake): void {
  const tm = global.transactionManager as any;
  const written = async (jsonArgs: string, op: string, next: (op: string, a: string) => Promise<string>) => {
    checkTime(limits);
    const args = JSON.parse(jsonArgs);
    // A new or replacing value is refused before it is written, as Convex does.
    if (op !== "1.0/shallowMerge") checkValue(jsonToConvex(args.value), limits, true);
    const result = await next(op, jsonArgs);
    if (op === "1.0/shallowMerge") {
      const doc = currentDb().get(args.table, args.id);
      try {
        if (doc) checkValue(doc, limits, true);
      } catch (e) {
        throw broke(e as Error);
      }
    }
    return result;
  };
  wrapAsyncSyscall(global, {
    "1.0/insert": (a, next) => written(a, "1.0/insert", next),
    "1.0/shallowMerge": (a, next) => written(a, "1.0/shallowMerge", next),
    "1.0/replace": (a, next) => written(a, "1.0/replace", next),
    "1.0/get": (a, next) => (checkTime(limits), next("1.0/get", a)),
    "1.0/queryStreamNext": (a, next) => (checkTime(limits), next("1.0/queryStreamNext", a)),
    "1.0/queryPage": (a, next) => (checkTime(limits), next("1.0/queryPage", a)),
  });

  // Convex counts every document a query looks at, including those `.filter()` drops;
  // a component's reads count toward the transaction that called it (one tracker for all).
  for (const component of Object.values(global.components)) {
    const db = component.db as DatabaseFake & Record<string, any>;
    const queryNext = db.queryNext.bind(db);
    db.queryNext = (queryId: number) => {
      const st = db._queryResults[queryId];
      if (st && st.filterFn && !st.countsDropped) {
        st.countsDropped = true;
        st.filterFn = countingDropped(tm, st.filterFn);
      }
      return queryNext(queryId);
    };
  }

  const commit = tm.commit.bind(tm);
  tm.commit = (isNested: boolean) => {
    if (!isNested) checkTime(limits);
    return commit(isNested);
  };
}

