// Documents read by the jobs queries at two table sizes: the point is that they
// do not grow with the jobs table. Runs the local runtime in this process on a
// temporary data folder, seeds demo users (seed:run, no demo jobs) and then
// jobs with seed:benchJobs in batches, and reads each call's counts from the
// engine (the same figures the runtime logs per call). See bench/README.md.
//
//   node --import tsx bench/jobs.ts [--sizes 1000,50000]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startRuntime } from "../tools/local-convex/src/runtime";
import type { CallStats, Identity } from "../tools/local-convex/src/engine";

const { values: flags } = parseArgs({
  options: { sizes: { type: "string" }, help: { type: "boolean", short: "h" } },
});
if (flags.help) {
  console.log("Usage: node --import tsx bench/jobs.ts [--sizes 1000,50000]");
  process.exit(0);
}
const SIZES = (flags.sizes ?? "1000,50000").split(",").map(Number);
// Each job reads ~5 index ranges (status counters); Convex allows 4,096 per function call.
const BATCH = 500;
const page = { numItems: 20, cursor: null };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rafter-bench-jobs-"));
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

const runtime = await startRuntime({
  functionsDir: "convex",
  dataDir,
  port: 0,
  sitePort: 0,
  codegen: false,
  envFile: null,
  log: () => {},
  logFunctionCalls: false,
});
const cleanup = async () => {
  await runtime.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));

try {
  const engine = runtime.engine;
  async function call(udfPath: string, args: unknown, as: string | null = null) {
    const identity: Identity | null = as ? { subject: `${as}|bench`, issuer: "bench", tokenIdentifier: `bench|${as}` } : null;
    const out = await engine.call(udfPath, args, identity);
    if (!out.success) throw new Error(`${udfPath}: ${out.errorMessage}`);
    return out;
  }

  log("seeding 1,200 professionals, 400 homeowners and the demo accounts (no demo jobs)...");
  await call("seed:run", { jobs: 0 });
  const owner = (await call("seed:userByEmail", { email: "owner@rafter.test" })).value as string;
  const pro = (await call("seed:userByEmail", { email: "pro@rafter.test" })).value as string;

  const cases: [label: string, udfPath: string, args: Record<string, unknown>, as: string | null][] = [
    ["browse recent", "jobs:browse", { paginationOpts: page }, null],
    ["browse recent, status", "jobs:browse", { status: "available", paginationOpts: page }, null],
    ["browse recent, status+category", "jobs:browse", { status: "available", category: "plumbing", paginationOpts: page }, null],
    ["browse budget", "jobs:browse", { sort: "budget", paginationOpts: page }, null],
    ["browse budget, status+category", "jobs:browse", { sort: "budget", status: "available", category: "roofing", paginationOpts: page }, null],
    ["browse urgency", "jobs:browse", { sort: "urgency", paginationOpts: page }, null],
    ["browse urgency, category", "jobs:browse", { sort: "urgency", category: "electrical", paginationOpts: page }, null],
    ["browse text 'kitchen'", "jobs:browse", { q: "kitchen", paginationOpts: page }, null],
    ["browse text 'kitchen', status", "jobs:browse", { q: "kitchen", status: "available", paginationOpts: page }, null],
    ["browse ZIP 78701 (25 mi)", "jobs:browse", { zip: "78701", paginationOpts: page }, null],
    ["browse ZIP 78701 (25 mi), category", "jobs:browse", { zip: "78701", category: "plumbing", paginationOpts: page }, null],
    ["recommended (pro, Austin)", "jobs:recommended", {}, pro],
    ["dashboard.customer (owner)", "dashboard:customer", {}, owner],
  ];

  const results = new Map<string, Map<number, CallStats & { returned: number }>>();
  let inserted = 0;
  for (const size of SIZES) {
    log(`seeding jobs up to ${size.toLocaleString("en-US")}...`);
    const started = Date.now();
    while (inserted < size) {
      const count = Math.min(BATCH, size - inserted);
      await call("seed:benchJobs", { customerId: owner, start: inserted, count, seed: 7 });
      inserted += count;
    }
    log(`  ${inserted.toLocaleString("en-US")} jobs (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    for (const [label, udfPath, args, as] of cases) {
      const out = await call(udfPath, args, as);
      const value = out.value as { page?: unknown[]; jobs?: unknown[] };
      const returned = value.page?.length ?? value.jobs?.length ?? 0;
      if (!results.has(label)) results.set(label, new Map());
      results.get(label)!.set(size, { ...out.stats, returned });
    }
  }

  // Report.
  const n = (x: number) => x.toLocaleString("en-US");
  const head = ["query", ...SIZES.flatMap((s) => [`read @${n(s)}`, `scanned @${n(s)}`, `rows @${n(s)}`])];
  const rows = [...results].map(([label, bySize]) => [
    label,
    ...SIZES.flatMap((s) => {
      const st = bySize.get(s)!;
      return [n(st.documentsRead), n(st.documentsScanned), n(st.returned)];
    }),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`Documents read per call (page of ${page.numItems}; "rows" = jobs returned)`);
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
  const grown = [...results].filter(([, bySize]) => {
    const first = bySize.get(SIZES[0]!)!.documentsRead;
    const last = bySize.get(SIZES[SIZES.length - 1]!)!.documentsRead;
    return last > first * 1.5 + 5;
  });
  console.log(grown.length ? `\nGrows with the table: ${grown.map(([l]) => l).join("; ")}` : "\nNo figure grows with the table.");
  console.log(`BENCH_JSON ${JSON.stringify({ sizes: SIZES, results: Object.fromEntries([...results].map(([l, m]) => [l, Object.fromEntries(m)])) })}`);
} finally {
  await cleanup();
}
