// Benchmark of the offline Convex runtime (tools/local-convex) through the real
// Convex clients. Prints figures; asserts nothing. See bench/README.md.
//
//   node --import tsx bench/local-convex.ts [--quick] [--subs 1,10,100] ...
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { anyApi } from "convex/server";
import type { ConvexClient } from "convex/browser";
import { client, copyApp, httpClient, startRuntime, TOOL_DIR, type Running } from "../tools/local-convex/src/spawn.js";

const api = anyApi;
const ROOM = "bench-room";
const SEED_CHANNELS = 100;
const SEED_CAP = 2000; // rows per `bench:seed` call (the mutation caps it too)
const TARGET_P95_MS = 20;
const TARGET_SUBS = 10;

// ---------------------------------------------------------------------------
// Options

const HELP = `Usage: node --import tsx bench/local-convex.ts [options]

  --quick               a shorter run (fewer sends, 2 s throughput, 20k memory step)
  --docs <n>            documents before the latency runs (default 5000)
  --subs <list>         subscriber counts (default 1,10,100)
  --sends <list>        sends per subscriber count (default 200,200,100)
  --pause <ms>          pause between sends (default 10)
  --seconds <s>         duration of each throughput run (default 5)
  --writers <list>      concurrent clients for the throughput runs (default 1,8)
  --mem <list>          document counts for the memory steps (default 10000,50000)
  --body-bytes <n>      body size of seeded rows (default 100)
  --skip <list>         phases to skip: latency,throughput,memory
  -h, --help            this help`;

const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean" },
    docs: { type: "string" },
    subs: { type: "string" },
    sends: { type: "string" },
    pause: { type: "string" },
    seconds: { type: "string" },
    writers: { type: "string" },
    mem: { type: "string" },
    "body-bytes": { type: "string" },
    skip: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (flags.help) {
  console.log(HELP);
  process.exit(0);
}
const list = (s: string | undefined, dflt: number[]) => (s ? s.split(",").map((x) => Number(x.trim())) : dflt);
const quick = !!flags.quick;
const cfg = {
  docs: Number(flags.docs ?? 5000),
  subs: list(flags.subs, [1, 10, 100]),
  sends: list(flags.sends, quick ? [50, 50, 30] : [200, 200, 100]),
  pauseMs: Number(flags.pause ?? 10),
  seconds: Number(flags.seconds ?? (quick ? 2 : 5)),
  writers: list(flags.writers, [1, 8]),
  mem: list(flags.mem, quick ? [10_000, 20_000] : [10_000, 50_000]),
  bodyBytes: Number(flags["body-bytes"] ?? 100),
  skip: new Set((flags.skip ?? "").split(",").filter(Boolean)),
  warmupSends: 5,
  deliveryTimeoutMs: 5000,
};

// ---------------------------------------------------------------------------
// Helpers

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const mib = (bytes: number) => bytes / 1024 / 1024;
const round = (x: number, digits = 2) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : null);
const benchStarted = performance.now();
const elapsed = () => `${((performance.now() - benchStarted) / 1000).toFixed(1)}s`;
const progress = (line: string) => process.stderr.write(`[bench ${elapsed()}] ${line}\n`);

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}
function summarize(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: round(percentile(s, 50)),
    p95: round(percentile(s, 95)),
    p99: round(percentile(s, 99)),
    max: round(s.length ? s[s.length - 1] : NaN),
  };
}

function table(headers: string[], rows: (string | number | null)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map((c) => (c === null ? "-" : String(c))))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => "  " + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(cells[0]), "  " + widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

/** VmRSS / VmHWM of a process, in bytes, from /proc/<pid>/status. */
function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
  } catch {
    return null;
  }
}

const CLK_TCK = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();
/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat. */
function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK; // utime, stime
  } catch {
    return NaN;
  }
}
/** CPU used by the runtime and by this process between `begin()` and `end()`, as % of one core. */
function cpuMeter(runtimePid: number) {
  const wall0 = performance.now();
  const rt0 = cpuMsOf(runtimePid);
  const me0 = process.cpuUsage();
  return () => {
    const wall = performance.now() - wall0;
    const me = process.cpuUsage(me0);
    return {
      runtimeCpuPct: round(((cpuMsOf(runtimePid) - rt0) / wall) * 100, 0),
      benchCpuPct: round(((me.user + me.system) / 1000 / wall) * 100, 0),
    };
  };
}

// Everything opened is closed in `finally`, even on error or Ctrl-C.
const runtimes = new Set<Running>();
const clients = new Set<ConvexClient>();
const scratch: string[] = [];
const tmpDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
/** Warnings and errors the Convex clients reported (reconnects, fatal errors); server log lines are dropped. */
const clientWarnings: string[] = [];
const clientLogger = {
  logVerbose() {},
  // Server-side console.log lines of functions (messages.send logs every call) arrive here.
  log() {},
  warn: (...args: unknown[]) => void clientWarnings.push(`warn: ${args.map(String).join(" ")}`),
  error: (...args: unknown[]) => void clientWarnings.push(`error: ${args.map(String).join(" ")}`),
};
function openClient(url: string): ConvexClient {
  const c = client(url, { logger: clientLogger });
  clients.add(c);
  return c;
}
async function closeClients(cs: Iterable<ConvexClient>) {
  await Promise.all(
    [...cs].map(async (c) => {
      clients.delete(c);
      await c.close().catch(() => undefined);
    }),
  );
}
async function start(appDir: string, args: string[]): Promise<Running> {
  const dataDir = tmpDir("local-convex-bench-data-");
  const t0 = performance.now();
  const rt = await startRuntime({ appDir, dataDir, args });
  runtimes.add(rt);
  progress(`runtime pid ${rt.proc.pid} ready at ${rt.cloudUrl} in ${((performance.now() - t0) / 1000).toFixed(1)} s (${args.join(" ")})`);
  return rt;
}
async function stop(rt: Running) {
  runtimes.delete(rt);
  await rt.stop();
}
async function cleanup() {
  await closeClients([...clients]);
  for (const rt of [...runtimes]) await stop(rt).catch(() => undefined);
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
}
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    progress(`${signal}: stopping runtimes`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Lines the runtime printed besides start-up and cron ticks (compactions, errors). */
function notableOutput(rt: Running): string[] {
  return rt.output.filter(
    (l) => l.trim() !== "" && !/\bcron '|\bready: |\benvironment: /.test(l),
  );
}

// ---------------------------------------------------------------------------
// Seeding

interface Seeder {
  docs: number;
  calls: number;
  ms: number;
}
/** Inserts rows over HTTP until `seeder.docs` reaches `target`, spread over SEED_CHANNELS channels. */
async function seedTo(url: string, seeder: Seeder, target: number): Promise<{ docs: number; ms: number; calls: number }> {
  const http = httpClient(url);
  const remaining = Math.max(0, target - seeder.docs);
  if (remaining === 0) return { docs: 0, ms: 0, calls: 0 };
  // At least one call per channel, so every channel gets an even share.
  const calls = Math.max(Math.ceil(remaining / SEED_CAP), Math.min(SEED_CHANNELS, remaining));
  const t0 = performance.now();
  let inserted = 0;
  for (let i = 0; i < calls; i++) {
    const count = Math.floor(((i + 1) * remaining) / calls) - Math.floor((i * remaining) / calls);
    const channel = `seed-${(seeder.calls + i) % SEED_CHANNELS}`;
    const n: number = await http.mutation(api.bench.seed, { channel, count, bodyBytes: cfg.bodyBytes });
    if (n !== count) throw new Error(`bench:seed inserted ${n} rows, expected ${count}`);
    inserted += n;
  }
  const ms = performance.now() - t0;
  seeder.docs += inserted;
  seeder.calls += calls;
  seeder.ms += ms;
  return { docs: inserted, ms, calls };
}

/** One `messages.list` over HTTP, timed: the first call and the median of 10 more. */
async function timeListQuery(url: string) {
  const http = httpClient(url);
  const once = async () => {
    const t0 = performance.now();
    const rows: unknown[] = await http.query(api.messages.list, { channel: "seed-0" });
    return { ms: performance.now() - t0, rows: rows.length };
  };
  const first = await once();
  const rest: number[] = [];
  for (let i = 0; i < 10; i++) rest.push((await once()).ms);
  return { firstMs: round(first.ms), medianMs: summarize(rest).p50, rows: first.rows };
}

// ---------------------------------------------------------------------------
// 1. Write-to-subscriber latency

interface Pending {
  t0: number;
  lat: (number | undefined)[];
  remaining: number;
  done: () => void;
}

async function latencyRun(url: string, runtimePid: number, n: number, sends: number) {
  const pending = new Map<string, Pending>();
  const subs: ConvexClient[] = [];
  const initial: Promise<void>[] = [];
  let callbackErrors = 0;
  for (let s = 0; s < n; s++) {
    const c = openClient(url);
    subs.push(c);
    initial.push(
      new Promise<void>((resolveInitial) => {
        c.onUpdate(
          api.messages.list,
          { channel: ROOM },
          (rows: { body: string }[]) => {
            const now = performance.now();
            resolveInitial();
            for (const row of rows) {
              const p = pending.get(row.body);
              if (p && p.lat[s] === undefined) {
                p.lat[s] = now - p.t0;
                if (--p.remaining === 0) p.done();
              }
            }
          },
          () => {
            callbackErrors += 1;
          },
        );
      }),
    );
  }
  const tSub = performance.now();
  await Promise.all(initial);
  const subscribeMs = performance.now() - tSub;

  const writer = openClient(url);
  const tag = Math.random().toString(36).slice(2, 8);
  const latencies: number[] = [];
  const acks: number[] = [];
  let missed = 0;
  let errors = 0;
  const t0Run = performance.now();
  let cpu: (() => { runtimeCpuPct: number | null; benchCpuPct: number | null }) | null = null;
  for (let i = -cfg.warmupSends; i < sends; i++) {
    if (i === 0) cpu = cpuMeter(runtimePid);
    const marker = `m-${tag}-n${n}-${i}`;
    let done!: () => void;
    const allSeen = new Promise<void>((r) => (done = r));
    const entry: Pending = { t0: 0, lat: new Array(n).fill(undefined), remaining: n, done };
    pending.set(marker, entry);
    entry.t0 = performance.now();
    try {
      await writer.mutation(api.messages.send, { channel: ROOM, body: marker });
    } catch (e) {
      errors += 1;
      progress(`send failed: ${String((e as Error)?.message ?? e).split("\n")[0]}`);
    }
    const ack = performance.now() - entry.t0;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([allSeen, new Promise<void>((r) => (timer = setTimeout(r, cfg.deliveryTimeoutMs)))]);
    clearTimeout(timer);
    pending.delete(marker);
    if (i >= 0) {
      acks.push(ack);
      for (const l of entry.lat) {
        if (l === undefined) missed += 1;
        else latencies.push(l);
      }
    }
    if (cfg.pauseMs > 0) await sleep(cfg.pauseMs);
  }
  const runSeconds = (performance.now() - t0Run) / 1000;
  const cpuUse = cpu?.() ?? { runtimeCpuPct: null, benchCpuPct: null };
  await closeClients([writer, ...subs]);
  return {
    subscribers: n,
    sends,
    samples: latencies.length,
    missed,
    sendErrors: errors,
    subscriptionErrors: callbackErrors,
    subscribeAllMs: round(subscribeMs),
    runSeconds: round(runSeconds),
    ...cpuUse,
    deliveryMs: summarize(latencies),
    mutationAckMs: summarize(acks),
  };
}

// ---------------------------------------------------------------------------
// 2. Sustained mutations per second

async function throughputRun(url: string, runtimePid: number, writers: number, seconds: number) {
  const cs = Array.from({ length: writers }, () => openClient(url));
  const names = cs.map((_, i) => `bench-w${writers}-${i}-${Math.random().toString(36).slice(2, 8)}`);
  // Warm-up: connect each client and create its counter row.
  await Promise.all(cs.map((c, i) => c.mutation(api.counters.increment, { name: names[i] })));
  const acked = new Array(writers).fill(0);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const cpu = cpuMeter(runtimePid);
  const deadline = started + seconds * 1000;
  await Promise.all(
    cs.map(async (c, i) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await c.mutation(api.counters.increment, { name: names[i] });
          acked[i] += 1;
          latencies.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  const cpuUse = cpu();
  const total = acked.reduce((a, b) => a + b, 0);
  // Sanity check (printed, not asserted): each counter holds warm-up + acknowledged increments.
  const http = httpClient(url);
  const stored = await Promise.all(names.map((name) => http.query(api.counters.get, { name }) as Promise<number>));
  const lost = stored.reduce((sum, v, i) => sum + (acked[i] + 1 - v), 0);
  await closeClients(cs);
  return {
    writers,
    seconds: round(secs),
    mutations: total,
    perSecond: round(total / secs, 1),
    errors,
    counterMismatch: lost,
    ...cpuUse,
    latencyMs: summarize(latencies),
  };
}

// ---------------------------------------------------------------------------

async function main() {
  const facts = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    totalMemBytes: os.totalmem(),
    totalMemMiB: round(mib(os.totalmem()), 0),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    tmpdir: os.tmpdir(),
  };
  const out: Record<string, any> = { facts, config: { ...cfg, skip: [...cfg.skip] } };
  progress(`machine: ${facts.cpus} CPUs (${facts.cpuModel}), ${facts.totalMemMiB} MiB, node ${facts.node}`);

  const appDir = copyApp(path.join(TOOL_DIR, "test", "fixture"));
  scratch.push(appDir);

  // --- Runtime A: latency and throughput ---
  let codegenDone = false;
  if (!cfg.skip.has("latency") || !cfg.skip.has("throughput")) {
    const rt = await start(appDir, ["--quiet"]);
    codegenDone = true;
    const seeder: Seeder = { docs: 0, calls: 0, ms: 0 };
    const seeded = await seedTo(rt.cloudUrl, seeder, cfg.docs);
    progress(`seeded ${seeded.docs} docs in ${seeded.calls} calls, ${(seeded.ms / 1000).toFixed(1)} s`);
    const list = await timeListQuery(rt.cloudUrl);
    out.latencySeed = {
      docs: seeded.docs,
      calls: seeded.calls,
      seconds: round(seeded.ms / 1000),
      docsPerSecond: round(seeded.docs / (seeded.ms / 1000), 0),
      listFirstMs: list.firstMs,
      listMedianMs: list.medianMs,
    };

    if (!cfg.skip.has("latency")) {
      out.latency = [];
      for (let k = 0; k < cfg.subs.length; k++) {
        const n = cfg.subs[k];
        const sends = cfg.sends[k] ?? cfg.sends[cfg.sends.length - 1];
        progress(`latency: ${n} subscribers, ${sends} sends`);
        const r = await latencyRun(rt.cloudUrl, rt.proc.pid!, n, sends);
        progress(`  delivery p50 ${r.deliveryMs.p50} ms, p95 ${r.deliveryMs.p95} ms, max ${r.deliveryMs.max} ms, missed ${r.missed}`);
        out.latency.push(r);
      }
      const target = out.latency.find((r: any) => r.subscribers === TARGET_SUBS);
      out.target = {
        description: `write-to-subscriber p95 <= ${TARGET_P95_MS} ms with ${TARGET_SUBS} subscribers at ${cfg.docs} documents`,
        p95Ms: target?.deliveryMs.p95 ?? null,
        met: target ? target.missed === 0 && target.deliveryMs.p95 !== null && target.deliveryMs.p95 <= TARGET_P95_MS : null,
      };
    }

    if (!cfg.skip.has("throughput")) {
      out.throughput = [];
      for (const w of cfg.writers) {
        progress(`throughput: ${w} client(s), ${cfg.seconds} s`);
        const r = await throughputRun(rt.cloudUrl, rt.proc.pid!, w, cfg.seconds);
        progress(`  ${r.perSecond} mutations/s`);
        out.throughput.push(r);
      }
    }
    out.runtimeA = { pid: rt.proc.pid, memory: memoryOf(rt.proc.pid!), log: notableOutput(rt) };
    await stop(rt);
  }

  // --- Runtime B: memory against document count ---
  if (!cfg.skip.has("memory")) {
    const rt = await start(appDir, codegenDone ? ["--quiet", "--no-codegen"] : ["--quiet"]);
    const pid = rt.proc.pid!;
    const seeder: Seeder = { docs: 0, calls: 0, ms: 0 };
    const steps: any[] = [];
    const empty = await timeListQuery(rt.cloudUrl);
    await sleep(500);
    const m0 = memoryOf(pid);
    steps.push({ docs: 0, seedSeconds: null, docsPerSecond: null, rssMiB: m0 && round(mib(m0.rss), 1), peakRssMiB: m0 && round(mib(m0.hwm), 1), listFirstMs: empty.firstMs, listMedianMs: empty.medianMs });
    for (const target of cfg.mem) {
      progress(`memory: seeding to ${target} documents`);
      const s = await seedTo(rt.cloudUrl, seeder, target);
      const q = await timeListQuery(rt.cloudUrl);
      await sleep(500);
      const m = memoryOf(pid);
      steps.push({
        docs: seeder.docs,
        added: s.docs,
        calls: s.calls,
        seedSeconds: round(s.ms / 1000),
        docsPerSecond: round(s.docs / (s.ms / 1000), 0),
        rssMiB: m && round(mib(m.rss), 1),
        peakRssMiB: m && round(mib(m.hwm), 1),
        listFirstMs: q.firstMs,
        listMedianMs: q.medianMs,
        listRows: q.rows,
      });
      progress(`  ${seeder.docs} docs: RSS ${m && mib(m.rss).toFixed(1)} MiB, seeding ${(s.docs / (s.ms / 1000)).toFixed(0)} docs/s`);
    }
    const logFile = path.join(rt.dataDir, "commits.log");
    const snapFile = path.join(rt.dataDir, "snapshot.json");
    const size = (f: string) => (fs.existsSync(f) ? round(mib(fs.statSync(f).size), 1) : 0);
    out.memory = { pid, steps, commitLogMiB: size(logFile), snapshotMiB: size(snapFile), log: notableOutput(rt) };
    await stop(rt);
  }

  // --- Report ---
  const p = (s: string) => console.log(s);
  p("");
  p("local-convex benchmark (figures, not tests)");
  p("==========================================");
  p(`machine: ${facts.cpus} CPUs (${facts.cpuModel}), ${facts.totalMemMiB} MiB RAM, node ${facts.node}, ${facts.platform}, tmpdir ${facts.tmpdir}`);
  p(`bench process and runtime share this machine; every client lives in the bench process.`);

  if (out.latency) {
    p("");
    p(`Write-to-subscriber latency (ms), ${cfg.docs} seeded documents in ${SEED_CHANNELS} channels, anonymous clients,`);
    p(`from just before writer.mutation(messages.send) to each subscriber's onUpdate(messages.list) seeing the row:`);
    p(
      table(
        ["subscribers", "sends", "samples", "p50", "p95", "p99", "max", "missed", "ack p50", "ack p95", "subscribe all", "runtime CPU%", "bench CPU%"],
        out.latency.map((r: any) => [
          r.subscribers, r.sends, r.samples, r.deliveryMs.p50, r.deliveryMs.p95, r.deliveryMs.p99, r.deliveryMs.max, r.missed,
          r.mutationAckMs.p50, r.mutationAckMs.p95, r.subscribeAllMs, r.runtimeCpuPct, r.benchCpuPct,
        ]),
      ),
    );
    p(`  (ack = the writer's own mutation round trip; missed = (send, subscriber) pairs not delivered within ${cfg.deliveryTimeoutMs} ms;`);
    p(`   CPU% = CPU time over wall time during the measured sends, 100 = one core busy)`);
    if (out.target) {
      p(`target: ${out.target.description}: p95 = ${out.target.p95Ms ?? "n/a"} ms -> ${out.target.met === null ? "not measured" : out.target.met ? "MET" : "NOT MET"}`);
    }
    p(
      `seeding for this runtime: ${out.latencySeed.docs} docs in ${out.latencySeed.calls} calls, ${out.latencySeed.docsPerSecond} docs/s; ` +
        `one messages.list over HTTP at that size: median ${out.latencySeed.listMedianMs} ms`,
    );
  }

  if (out.throughput) {
    p("");
    p("Sustained mutations (counters.increment over WebSocket, back-to-back per client, each commit fsynced):");
    p(
      table(
        ["clients", "seconds", "mutations", "mutations/s", "lat p50", "lat p95", "lat max", "errors", "counter mismatch", "runtime CPU%", "bench CPU%"],
        out.throughput.map((r: any) => [
          r.writers, r.seconds, r.mutations, r.perSecond, r.latencyMs.p50, r.latencyMs.p95, r.latencyMs.max, r.errors, r.counterMismatch,
          r.runtimeCpuPct, r.benchCpuPct,
        ]),
      ),
    );
    p(`  (lat = one mutation's round trip; counter mismatch = acknowledged increments missing from the stored counters, should be 0)`);
  }

  if (out.memory) {
    p("");
    p(`Memory of a fresh runtime (VmRSS of pid ${out.memory.pid}) against document count; messages.list over HTTP (ms):`);
    p(
      table(
        ["documents", "seed s", "docs/s", "RSS MiB", "peak RSS MiB", "list first", "list median"],
        out.memory.steps.map((s: any) => [s.docs, s.seedSeconds, s.docsPerSecond, s.rssMiB, s.peakRssMiB, s.listFirstMs, s.listMedianMs]),
      ),
    );
    p(`  (documents = seeded messages; the fixture's 1 s cron also adds an 'events' row per second)`);
    p(`  data folder at the end: commits.log ${out.memory.commitLogMiB} MiB, snapshot.json ${out.memory.snapshotMiB} MiB`);
  }

  for (const [name, log] of [["runtime A", out.runtimeA?.log], ["runtime B", out.memory?.log]] as const) {
    if (log && log.length) {
      p("");
      p(`${name} printed (besides cron ticks):`);
      for (const l of log.slice(0, 20)) p(`  ${l}`);
      if (log.length > 20) p(`  ... ${log.length - 20} more lines`);
    }
  }
  out.clientWarnings = { count: clientWarnings.length, first: clientWarnings.slice(0, 10) };
  if (clientWarnings.length) {
    p("");
    p(`Convex clients reported ${clientWarnings.length} warnings/errors; the first ones:`);
    for (const w of clientWarnings.slice(0, 10)) p(`  ${w.split("\n")[0]}`);
  }
  out.totalSeconds = round((performance.now() - benchStarted) / 1000, 1);
  p("");
  p(`total run time: ${out.totalSeconds} s`);
  p(`BENCH_JSON ${JSON.stringify(out)}`);
}

let exitCode = 0;
try {
  await main();
} catch (e) {
  exitCode = 1;
  console.error(`bench failed: ${(e as Error)?.stack ?? e}`);
  for (const rt of runtimes) console.error(`runtime output (last 20 lines):\n${rt.output.slice(-20).join("\n")}`);
} finally {
  if (!interrupted) await cleanup();
}
process.exit(exitCode);
