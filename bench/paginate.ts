// The time of one `.paginate()` page of 20 as its index range grows (100,
// 10,000 and 100,000 documents), through the runtime's seek
// (tools/local-convex/src/paginate.ts: reads the page) and through
// convex-test's own paginate (materializes the whole range first), in one
// process, on the same data. Figures, not a test: compare runs on one machine.
//
//   node --import tsx bench/paginate.ts [--sizes 100,10000,100000] [--runs 20]
import os from "node:os";
import path from "node:path";
import { startRuntime } from "../tools/local-convex/src/runtime";
import { copyApp, tempDir, TOOL_DIR } from "../tools/local-convex/src/spawn";

const flag = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const sizes = flag("sizes", "100,10000,100000").split(",").map(Number);
const runs = Number(flag("runs", "20"));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const progress = (line: string) => process.stderr.write(`${line}\n`);

const rt = await startRuntime({
  functionsDir: path.join(copyApp(path.join(TOOL_DIR, "test", "apps", "reads")), "convex"),
  dataDir: tempDir("local-convex-bench-paginate-"),
  port: 0,
  sitePort: 0,
  envFile: null,
  log: () => {},
  logFunctionCalls: false,
});
try {
  const engine = rt.engine;
  const db = (engine as any).db;
  const seeking = db.paginate;
  const materializing = Object.getPrototypeOf(db).paginate;
  const call = async (args: any) => {
    const out = await engine.call("pages:ofS", args, null);
    if (!out.success) throw new Error(out.errorMessage);
    return out;
  };
  for (const size of sizes) {
    progress(`seeding a range of ${size}`);
    for (let done = 0; done < size; done += 2000) {
      const rows = Array.from({ length: Math.min(2000, size - done) }, (_, i) => ({
        b: (done + i) % 100,
        s: `range${size}`,
      }));
      const out = await engine.call("pages:seed", { rows }, null);
      if (!out.success) throw new Error(out.errorMessage);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const time = async (args: any, n: number) => {
    await call(args);
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      await call(args);
      ms.push(performance.now() - started);
    }
    return median(ms);
  };
  const rows: string[] = [];
  const json: any[] = [];
  for (const size of sizes) {
    const s = `range${size}`;
    const first = { s, paginationOpts: { numItems: 20, cursor: null } };
    // A page in the middle of the range, and the same page re-run with its end cursor (a live page's journal).
    let cursor: string | null = null;
    for (let skipped = 0; skipped < size / 2 - 20; skipped += 1000) {
      const out: any = await call({ s, paginationOpts: { numItems: Math.min(1000, size / 2 - 20 - skipped), cursor } });
      cursor = out.value.continueCursor;
    }
    const middle = { s, paginationOpts: { numItems: 20, cursor } };
    const end = ((await call(middle)).value as any).continueCursor;
    const rerun = { s, paginationOpts: { numItems: 20, cursor, endCursor: end } };
    const figures: Record<string, number> = {};
    for (const [path, paginate] of [
      ["after", seeking],
      ["before", materializing],
    ] as const) {
      db.paginate = paginate;
      // The materializing path is slow at 100,000: fewer runs keep the bench short.
      const n = path === "before" && size >= 100_000 ? Math.max(3, Math.floor(runs / 4)) : runs;
      figures[`${path} first`] = await time(first, n);
      figures[`${path} middle`] = await time(middle, n);
      figures[`${path} rerun`] = await time(rerun, n);
      progress(`range ${size}, ${path}: done (load ${load()})`);
    }
    db.paginate = seeking;
    const scanned = (args: any) => call(args).then((o) => o.stats.documentsScanned);
    const line =
      `${String(size).padStart(7)} | ` +
      ["first", "middle", "rerun"]
        .map(
          (k) =>
            `${figures[`before ${k}`]!.toFixed(2).padStart(8)} -> ${figures[`after ${k}`]!.toFixed(3).padStart(6)} ms`,
        )
        .join(" | ") +
      ` | scanned ${await scanned(first)} | load ${load()}`;
    rows.push(line);
    json.push({ size, ...figures, load: os.loadavg() });
  }
  console.log(
    `One page of 20 (median of ${runs} calls through Engine#call; before = convex-test's paginate, after = the seek)`,
  );
  console.log(
    `  range | first page (before -> after) | middle page | middle page re-run with its end cursor | scanned (after) | load average 1/5/15 min`,
  );
  for (const line of rows) console.log(line);
  console.log(`machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}), node ${process.version}`);
  console.log(`BENCH_JSON ${JSON.stringify({ bench: "paginate", runs, results: json })}`);
} finally {
  await rt.close();
}
