// A switchable trace of the mutation path, for finding where latency goes
// (bench/message-latency.ts reads it). Off unless LOCAL_CONVEX_TRACE=1; when
// off, `tracer` is null and every hook is one null check. When on, each
// WebSocket client's mutation gets one JSON line in <data>/trace.jsonl: when
// its frame arrived, when its connection's queue reached it, its function run,
// its commit (index apply, log write, fsync), the invalidation, and for each
// connection woken by it: the subscriptions checked and re-run (each with its
// time) and when the Transition carrying the result was written to the socket.
// Times are wall-clock milliseconds (performance.timeOrigin + now(), the
// same clock a browser page on this machine reads).
import fs from "node:fs";
import path from "node:path";

export const traceNow = (): number => performance.timeOrigin + performance.now();

export interface RerunTrace {
  udfPath: string;
  ms: number;
  /** Served from an identical subscription's execution for the same commit. */
  shared: boolean;
}

/** One connection's refresh that covered the commit. */
export interface RefreshTrace {
  conn: number;
  /** The connection's user (the token's subject), to tell sender from receiver. */
  subject: string | null;
  /** When the refresh's commits were handed to the connection (the commit's invalidation). */
  queuedAt: number;
  /** When the connection's queue reached the refresh. */
  start: number;
  checked: number;
  reruns: RerunTrace[];
  /** How long the Transition waited for the fsync of the commits it carries, after the re-runs. */
  durableWaitMs: number;
  /** When the Transition was handed to the socket; null: nothing changed for this client. */
  transitionAt: number | null;
  /** When the socket had written it (ws's send callback). */
  writtenAt: number | null;
  bytes: number;
}

export interface MutationTrace {
  udfPath: string;
  conn: number | null;
  subject: string | null;
  /** The WebSocket frame arrived. */
  received: number | null;
  /** The connection's queue reached the mutation. */
  dequeued: number | null;
  /** The function started (after argument validation). */
  start: number;
  /** The commit hook ran (the handler and convex-test's own commit are done). */
  commitStart: number | null;
  indexMs: number;
  logWriteMs: number;
  /** The fsync that made it durable (off the main thread). */
  fsyncMs: number;
  /** How long its answer waited for that fsync after the function returned. */
  durableWaitMs: number;
  /** Time in the commit listeners (read-set invalidation, scheduler, storage), synchronous. */
  invalidateMs: number;
  /** Connections handed the write set. */
  connections: number;
  /** The call returned. */
  end: number | null;
  /** The MutationResponse was handed to the socket. */
  responseAt: number | null;
  ts: string | null;
  refreshes: RefreshTrace[];
}

const FLUSH_AFTER_MS = 3000;

export class Tracer {
  private byTs = new Map<bigint, MutationTrace>();
  private out: fs.WriteStream;

  constructor(file: string) {
    this.out = fs.createWriteStream(file, { flags: "a" });
  }

  newMutation(
    udfPath: string,
    received: number | null,
    dequeued: number | null,
    conn: number | null,
    subject: string | null,
  ): MutationTrace {
    return {
      udfPath,
      conn,
      subject,
      received,
      dequeued,
      start: traceNow(),
      commitStart: null,
      indexMs: 0,
      logWriteMs: 0,
      fsyncMs: 0,
      durableWaitMs: 0,
      invalidateMs: 0,
      connections: 0,
      end: null,
      responseAt: null,
      ts: null,
      refreshes: [],
    };
  }

  /** The mutation committed at `ts`: refreshes that cover `ts` attach to it; written out a little later. */
  committed(ts: bigint, trace: MutationTrace): void {
    trace.ts = ts.toString();
    this.byTs.set(ts, trace);
    setTimeout(() => {
      this.byTs.delete(ts);
      this.out.write(`${JSON.stringify(trace)}\n`);
    }, FLUSH_AFTER_MS).unref();
  }

  of(ts: bigint): MutationTrace | undefined {
    return this.byTs.get(ts);
  }

  close(): void {
    for (const trace of this.byTs.values()) this.out.write(`${JSON.stringify(trace)}\n`);
    this.byTs.clear();
    this.out.end();
  }
}

/** The trace, when LOCAL_CONVEX_TRACE=1; null otherwise. */
export let tracer: Tracer | null = null;

export function startTrace(dataDir: string, log: (line: string) => void): void {
  if (process.env.LOCAL_CONVEX_TRACE !== "1" || tracer) return;
  const file = path.join(dataDir, "trace.jsonl");
  tracer = new Tracer(file);
  log(`trace: mutation timings to ${file} (LOCAL_CONVEX_TRACE=1)`);
}

export function stopTrace(): void {
  tracer?.close();
  tracer = null;
}
