// Shared by the "documents read" benchmarks: runs the local runtime in this
// process on a temporary data folder, grows a table in steps, calls each case
// at every size and prints what it read (the figures the runtime logs per
// call). The point of each bench: the figures must not grow with the table.
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { monitorEventLoopDelay, constants as perfConstants, PerformanceObserver } from "node:perf_hooks";
import type { CallStats, Engine, Identity } from "../../tools/local-convex/src/engine";
import { startBenchRuntime } from "./runtime";

export type Call = (udfPath: string, args: unknown, as?: string | null) => Promise<{ value: unknown; stats: CallStats }>;

export interface ReadCase {
  label: string;
  udfPath: string;
  args: Record<string, unknown>;
  /** User id to call as (null: anonymous). */
  as: string | null;
}

export interface ReadsBench {
  name: string;
  /** What "rows" counts in the report. */
  rowsLabel: string;
  sizes: number[];
  /** Once, before the first size: demo users and whatever the cases need; returns the cases. */
  setup: (call: Call) => Promise<ReadCase[]>;
  /** Grows the measured table from `from` rows to `to` rows. */
  grow: (call: Call, from: number, to: number) => Promise<void>;
  /**
   * One write of the kind the table grows by (its own transaction), `i` a
   * fresh index. When given, every size also reports the cost of one write,
   * the process memory and the longest event-loop stall of a compaction.
   */
  write?: (call: Call, i: number) => Promise<void>;
}

/** Writes timed at each size (after a few untimed ones). */
const TIMED_WRITES = 200;
const WARMUP_WRITES = 10;

interface WriteFigures {
  /** Median and mean wall time of one write, ms. */
  medianMs: number;
  meanMs: number;
  p95Ms: number;
  /** CPU time of this process per write, ms (steadier than wall time on a shared machine; excludes the fsync wait). */
  cpuMs: number;
  /** Growing the table in batches: ms per row. */
  growMsPerRow: number;
  rssMiB: number;
  heapUsedMiB: number;
  /** Longest event-loop stall while growing (the batches themselves are long transactions). */
  growMaxStallMs: number;
  /** A compaction of everything at this size: wall time, and the longest event-loop stall while it ran. */
  compactMs: number;
  compactMaxStallMs: number;
  /** The compaction's longest synchronous step, CPU ms (what the stall is on a machine with a core to spare). */
  compactLongestStepCpuMs: number;
  /** Garbage collection pauses of the main thread per timed write, ms (V8's own figures). */
  gcMs: number;
  /** Of which scavenges (young generation), and full collections with their incremental marking steps; full collections counted. */
  gcMinorMs: number;
  gcMajorMs: number;
  gcMajorCount: number;
  /** Documents one timed write read and wrote (the same at every size, or the write itself does more). */
  readsPerWrite: number;
  writesPerWrite: number;
  /** Whether a compaction (started by growing the table) was still running when the timed writes began. */
  compactingDuringWrites: boolean;
  documents: number;
}

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

/** Rows a query returned: a page, a list, or a named list in the answer. */
function returnedRows(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (value && typeof value === "object") {
    for (const key of ["page", "jobs", "items", "professionals", "listings"]) {
      const list = (value as Record<string, unknown>)[key];
      if (Array.isArray(list)) return list.length;
    }
  }
  return 0;
}

/** Rows a kept data folder (--data) already holds, as the last run there left it. */
const ROWS_FILE = "bench-rows.json";

export async function runReadsBench(bench: ReadsBench): Promise<void> {
  // --data <dir>: a data folder kept between runs, so a later run starts from the table it grew
  // (growing to 100,000 messages takes minutes; loading them, seconds).
  const dataFlag = process.argv.indexOf("--data");
  const dataDir = dataFlag >= 0 ? path.resolve(process.argv[dataFlag + 1]!) : undefined;
  const runtime = await startBenchRuntime(bench.name, dataDir);
  const cleanup = () => runtime.close();
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));
  try {
    // The builders accept a token only while its session lives: one session per user called as.
    const sessions = new Map<string, string>();
    const call: Call = async (udfPath, args, as = null) => {
      let identity: Identity | null = null;
      if (as) {
        let session = sessions.get(as);
        if (!session) sessions.set(as, (session = (await call("seed/run:benchSession", { userId: as })).value as string));
        identity = { subject: `${as}|${session}`, issuer: "bench", tokenIdentifier: `bench|${as}|${session}` };
      }
      const out = await runtime.engine.call(udfPath, args, identity);
      // Let timers and I/O run between calls, as they do between a server's requests
      // (a call resolves through promises only, so a loop of calls would starve a background compaction).
      await new Promise((resolve) => setImmediate(resolve));
      if (!out.success) throw new Error(`${udfPath}: ${out.errorMessage}`);
      return out;
    };
    const cases = await bench.setup(call);
    const results = new Map<string, Map<number, CallStats & { returned: number }>>();
    const writes = new Map<number, WriteFigures>();
    const rowsFile = dataDir && path.join(dataDir, ROWS_FILE);
    let size = rowsFile && fs.existsSync(rowsFile) ? (JSON.parse(fs.readFileSync(rowsFile, "utf8")) as { rows: number }).rows : 0;
    if (size > 0) log(`the data folder holds ${size.toLocaleString("en-US")} ${bench.rowsLabel} already`);
    // Timed writes of a later run over the same folder are new rows too.
    let nextWrite = dataDir ? 10_000_000 + (Date.now() % 1_000_000) * 1000 : 10_000_000;
    for (const target of bench.sizes) {
      if (target < size) throw new Error(`the data folder already holds ${size} ${bench.rowsLabel}, more than ${target}`);
      log(`growing to ${target.toLocaleString("en-US")} ${bench.rowsLabel}...`);
      const started = performance.now();
      const growDelay = await stallMonitor();
      await bench.grow(call, size, target);
      if (rowsFile) fs.writeFileSync(rowsFile, JSON.stringify({ rows: target }));
      growDelay.disable();
      const growMs = performance.now() - started;
      log(`  done in ${(growMs / 1000).toFixed(1)} s`);
      if (bench.write) {
        const figures = await measureWrites(runtime.engine, call, bench.write, nextWrite);
        nextWrite += TIMED_WRITES + WARMUP_WRITES;
        const grownRows = target - size;
        writes.set(target, { ...figures, growMsPerRow: grownRows > 0 ? growMs / grownRows : 0, growMaxStallMs: growDelay.max / 1e6 });
        log(
          `  one write: median ${figures.medianMs.toFixed(2)} ms, mean ${figures.meanMs.toFixed(2)} ms, CPU ${figures.cpuMs.toFixed(2)} ms; ` +
            `compaction ${figures.compactMs.toFixed(0)} ms, longest stall ${figures.compactMaxStallMs.toFixed(1)} ms (step ${figures.compactLongestStepCpuMs.toFixed(1)} ms CPU); RSS ${figures.rssMiB.toFixed(0)} MiB`,
        );
      }
      size = target;
      for (const c of cases) {
        const out = await call(c.udfPath, c.args, c.as);
        if (!results.has(c.label)) results.set(c.label, new Map());
        results.get(c.label)!.set(target, { ...out.stats, returned: returnedRows(out.value) });
      }
    }
    report(bench, results);
    if (writes.size > 0) reportWrites(bench, writes);
  } finally {
    await cleanup();
  }
}

function report(bench: ReadsBench, results: Map<string, Map<number, CallStats & { returned: number }>>) {
  const { sizes } = bench;
  const n = (x: number) => x.toLocaleString("en-US");
  const head = ["query", ...sizes.flatMap((s) => [`read @${n(s)}`, `scanned @${n(s)}`, `rows @${n(s)}`])];
  const rows = [...results].map(([label, bySize]) => [
    label,
    ...sizes.flatMap((s) => {
      const st = bySize.get(s)!;
      return [n(st.documentsRead), n(st.documentsScanned), n(st.returned)];
    }),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`Documents read per call, by number of ${bench.rowsLabel} ("rows" = results returned)`);
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
  const grown = [...results].filter(([, bySize]) => {
    const first = bySize.get(sizes[0]!)!;
    const last = bySize.get(sizes[sizes.length - 1]!)!;
    // A small table may hold fewer matches than a page: then compare what each returned row cost.
    const perRow = (st: CallStats & { returned: number }) => st.documentsRead / Math.max(st.returned, 1);
    return last.documentsRead > first.documentsRead * 1.5 + 5 && perRow(last) > perRow(first) * 1.5;
  });
  console.log(grown.length ? `\nGrows with the table: ${grown.map(([l]) => l).join("; ")}` : "\nNo figure grows with the table.");
  console.log(`BENCH_JSON ${JSON.stringify({ bench: bench.name, sizes, results: Object.fromEntries([...results].map(([l, m]) => [l, Object.fromEntries(m)])) })}`);
}

const MiB = 1024 * 1024;

/** A full garbage collection, without needing `node --expose-gc`. */
function collectGarbage(): void {
  if (!global.gc) {
    v8.setFlagsFromString("--expose-gc");
    global.gc = runInNewContext("gc") as typeof global.gc;
  }
  global.gc!();
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An event-loop delay histogram, already ticking (its first tick after a stall would not count the stall). */
async function stallMonitor() {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  // Not reset() after: a reset histogram does not count the first stall.
  await sleep(20);
  return histogram;
}

/** With --profile-writes <dir>: a CPU profile of the timed writes at each size, for `node --cpu-prof`-style analysis. */
async function profiled<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const i = process.argv.indexOf("--profile-writes");
  if (i < 0) return fn();
  const dir = process.argv[i + 1]!;
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  // V8's default interval (about 1 ms) gives a few samples per write; 50 us resolves the write path.
  await session.post("Profiler.setSamplingInterval", { interval: 50 });
  await session.post("Profiler.start");
  try {
    return await fn();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `writes-${label}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

async function measureWrites(engine: Engine, call: Call, write: NonNullable<ReadsBench["write"]>, first: number) {
  // Growing the table leaves a compaction running in the background (it moves one chunk per call between
  // the growing calls), and a log already long enough for the next one: timed writes beside them would pay
  // their chunks. So finish it and compact once more, to start from an empty log, as a server does after
  // a compaction. Compaction's own cost is the "compact" column.
  const waitStarted = performance.now();
  await engine.compactionSettled();
  await engine.compact();
  log(`  compacted before the timed writes (${((performance.now() - waitStarted) / 1000).toFixed(1)} s)`);
  for (let i = 0; i < WARMUP_WRITES; i++) await write(call, first + i);
  const times: number[] = [];
  const compactingDuringWrites = engine.compacting;
  let gcMs = 0;
  // Pauses by kind: scavenges grow with what survives them; full collections (and incremental marking steps) with the heap.
  const gcByKind = { minor: 0, major: 0, incremental: 0, other: 0, majorCount: 0 };
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === perfConstants.NODE_PERFORMANCE_GC_MINOR) gcByKind.minor += entry.duration;
      else if (kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) {
        gcByKind.major += entry.duration;
        gcByKind.majorCount += 1;
      } else if (kind === perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL) gcByKind.incremental += entry.duration;
      else gcByKind.other += entry.duration;
    }
  });
  gc.observe({ entryTypes: ["gc"] });
  const totals0 = { ...engine.totals };
  const cpu0 = process.cpuUsage();
  await profiled(String(engine.documentCount()), async () => {
    for (let i = 0; i < TIMED_WRITES; i++) {
      const t0 = performance.now();
      await write(call, first + WARMUP_WRITES + i);
      times.push(performance.now() - t0);
    }
  });
  const cpu = process.cpuUsage(cpu0);
  const readsPerWrite = (engine.totals.documentsRead - totals0.documentsRead) / TIMED_WRITES;
  const writesPerWrite = (engine.totals.documentsWritten - totals0.documentsWritten) / TIMED_WRITES;
  // GC entries are delivered asynchronously: let the last ones arrive.
  await sleep(0);
  gc.disconnect();
  times.sort((a, b) => a - b);
  // A compaction of every document, with a timer ticking: the longest gap between ticks is the stall a client would see.
  const delay = await stallMonitor();
  const t0 = performance.now();
  const compaction = await engine.compact();
  const compactMs = performance.now() - t0;
  // Let the histogram's timer fire once more, so a stall that ends with the compaction is counted.
  await sleep(5);
  delay.disable();
  // Live memory: after a full collection (the figure otherwise includes however much garbage V8 let accumulate).
  collectGarbage();
  const memory = process.memoryUsage();
  return {
    medianMs: times[times.length >> 1]!,
    meanMs: times.reduce((a, b) => a + b, 0) / times.length,
    p95Ms: times[Math.floor(times.length * 0.95)]!,
    cpuMs: (cpu.user + cpu.system) / 1000 / TIMED_WRITES,
    rssMiB: memory.rss / MiB,
    heapUsedMiB: memory.heapUsed / MiB,
    compactMs,
    compactMaxStallMs: delay.max / 1e6,
    compactLongestStepCpuMs: compaction?.longestStepCpuMs ?? compactMs,
    gcMs: gcMs / TIMED_WRITES,
    gcMinorMs: gcByKind.minor / TIMED_WRITES,
    gcMajorMs: (gcByKind.major + gcByKind.incremental) / TIMED_WRITES,
    gcMajorCount: gcByKind.majorCount,
    readsPerWrite,
    writesPerWrite,
    compactingDuringWrites,
    documents: engine.documentCount(),
  };
}

function reportWrites(bench: ReadsBench, writes: Map<number, WriteFigures>) {
  const n = (x: number, digits = 0) => x.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const head = [bench.rowsLabel, "documents", "write median ms", "write mean ms", "write p95 ms", "write CPU ms", "write GC ms", "GC minor/major ms (n)", "write reads/writes", "grow ms/row", "compact ms", "compact stall ms", "compact step CPU ms", "RSS MiB", "heap MiB"];
  const rows = [...writes].map(([size, w]) => [
    n(size),
    n(w.documents),
    n(w.medianMs, 2),
    n(w.meanMs, 2),
    n(w.p95Ms, 2),
    n(w.cpuMs, 2),
    n(w.gcMs, 2),
    `${n(w.gcMinorMs, 2)}/${n(w.gcMajorMs, 2)} (${w.gcMajorCount})`,
    `${n(w.readsPerWrite, 1)}/${n(w.writesPerWrite, 1)}`,
    n(w.growMsPerRow, 2),
    n(w.compactMs),
    n(w.compactMaxStallMs, 1),
    n(w.compactLongestStepCpuMs, 1),
    n(w.rssMiB),
    n(w.heapUsedMiB),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join("  ");
  console.log(`\nCost of one write (its own mutation, ${TIMED_WRITES} timed), compaction and memory, by number of ${bench.rowsLabel}`);
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
  const busy = [...writes].filter(([, w]) => w.compactingDuringWrites).map(([size]) => n(size));
  if (busy.length) console.log(`A compaction started by growing the table ran during the timed writes at: ${busy.join(", ")}`);
  const sizes = [...writes.keys()];
  const first = writes.get(sizes[0]!)!;
  const last = writes.get(sizes[sizes.length - 1]!)!;
  console.log(
    `One write at ${n(sizes[sizes.length - 1]!)} costs ${(last.medianMs / first.medianMs).toFixed(2)}x the write at ${n(sizes[0]!)} ` +
      `by median wall time, ${(last.cpuMs / first.cpuMs).toFixed(2)}x by CPU time (goal: at most 1.5x).`,
  );
  console.log(`BENCH_JSON ${JSON.stringify({ bench: `${bench.name}-writes`, writes: Object.fromEntries(writes) })}`);
}

export function sizesFlag(argv: string[], fallback: string): number[] {
  const i = argv.indexOf("--sizes");
  return (i >= 0 ? argv[i + 1]! : fallback).split(",").map(Number);
}
