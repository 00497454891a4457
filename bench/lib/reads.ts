// Shared by the "documents read" benchmarks: runs the local runtime in this
// process on a temporary data folder, grows a table in steps, calls each case
// at every size and prints what it read (the figures the runtime logs per
// call). The point of each bench: the figures must not grow with the table.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CallStats, Identity } from "../../tools/local-convex/src/engine";
import { startRuntime } from "../../tools/local-convex/src/runtime";

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
}

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

/** Rows a query returned: a page, a list, or a named list in the answer. */
function returnedRows(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (value && typeof value === "object") {
    for (const key of ["page", "jobs", "items", "professionals"]) {
      const list = (value as Record<string, unknown>)[key];
      if (Array.isArray(list)) return list.length;
    }
  }
  return 0;
}

export async function runReadsBench(bench: ReadsBench): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rafter-bench-${bench.name}-`));
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
    const call: Call = async (udfPath, args, as = null) => {
      const identity: Identity | null = as ? { subject: `${as}|bench`, issuer: "bench", tokenIdentifier: `bench|${as}` } : null;
      const out = await runtime.engine.call(udfPath, args, identity);
      if (!out.success) throw new Error(`${udfPath}: ${out.errorMessage}`);
      return out;
    };
    const cases = await bench.setup(call);
    const results = new Map<string, Map<number, CallStats & { returned: number }>>();
    let size = 0;
    for (const target of bench.sizes) {
      log(`growing to ${target.toLocaleString("en-US")} ${bench.rowsLabel}...`);
      const started = Date.now();
      await bench.grow(call, size, target);
      size = target;
      log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      for (const c of cases) {
        const out = await call(c.udfPath, c.args, c.as);
        if (!results.has(c.label)) results.set(c.label, new Map());
        results.get(c.label)!.set(target, { ...out.stats, returned: returnedRows(out.value) });
      }
    }
    report(bench, results);
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
    const first = bySize.get(sizes[0]!)!.documentsRead;
    const last = bySize.get(sizes[sizes.length - 1]!)!.documentsRead;
    return last > first * 1.5 + 5;
  });
  console.log(grown.length ? `\nGrows with the table: ${grown.map(([l]) => l).join("; ")}` : "\nNo figure grows with the table.");
  console.log(`BENCH_JSON ${JSON.stringify({ bench: bench.name, sizes, results: Object.fromEntries([...results].map(([l, m]) => [l, Object.fromEntries(m)])) })}`);
}

export function sizesFlag(argv: string[], fallback: string): number[] {
  const i = argv.indexOf("--sizes");
  return (i >= 0 ? argv[i + 1]! : fallback).split(",").map(Number);
}
