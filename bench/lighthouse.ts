// Lighthouse figures for the public pages (every prerendered route of src/prerender/routes.ts by
// default) and the JS they load first. Prints figures; asserts nothing. See bench/README.md.
//
//   node --import tsx bench/lighthouse.ts [--pages /,/login] [--presets mobile,desktop] [--runs 3]
//   node --import tsx bench/lighthouse.ts --dist dist --convex-url http://127.0.0.1:3210
//
// It starts the app as the journeys do (scripts/lib/stack.ts: the local Convex runtime on a
// temporary data folder, the app built against it, or an existing build, served by `vite
// preview`), and runs Lighthouse (Node API) in Debian's Chromium for each page and preset.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Config, type Result } from "lighthouse";
import { FIRST_LOAD_BUDGET_GZIP_BYTES, appScriptPaths } from "../scripts/lib/appScripts";
import { startStack, type Stack } from "../scripts/lib/stack";
import { PRERENDERED_ROUTES, prerenderFile } from "../src/prerender/routes";

const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const DEFAULT_PAGES = PRERENDERED_ROUTES.map((route) => route.path);

const HELP = `Usage: node --import tsx bench/lighthouse.ts [options]

  --pages <list>        paths to audit (default: every public route of src/prerender/routes.ts)
  --presets <list>      mobile, desktop or both (default mobile)
  --runs <n>            Lighthouse runs per page and preset; the median run is reported (default 1)
  --dist <dir>          serve this existing build instead of building one
  --convex-url <url>    with --dist: the VITE_CONVEX_URL it was built with; the runtime starts on
                        its port (default http://127.0.0.1:3210)
  --chromium <path>     browser (default $CHROMIUM_PATH or /usr/bin/chromium)
  --serve               only build and serve (runtime and app) until Ctrl-C, for a look in a browser
  --save <dir>          also write each run's full Lighthouse report (JSON) there, for a closer look
  -h, --help            this help`;

const { values: flags } = parseArgs({
  options: {
    pages: { type: "string" },
    presets: { type: "string" },
    runs: { type: "string" },
    dist: { type: "string" },
    "convex-url": { type: "string" },
    chromium: { type: "string" },
    save: { type: "string" },
    serve: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});
if (flags.help) {
  console.log(HELP);
  process.exit(0);
}

type Preset = "mobile" | "desktop";
const pages = flags.pages ? flags.pages.split(",").map((p) => p.trim()) : DEFAULT_PAGES;
const presets = (flags.presets ?? "mobile").split(",").map((p) => p.trim()) as Preset[];
for (const preset of presets) {
  if (preset !== "mobile" && preset !== "desktop") throw new Error(`unknown preset ${preset}`);
}
const runs = Math.max(1, Number(flags.runs ?? 1));
const chromePath = flags.chromium ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const log = (message: string) => process.stderr.write(`[lighthouse] ${message}\n`);

let stack: Stack | undefined;
function cleanup() {
  stack?.stop();
  stack = undefined;
}
process.once("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    cleanup();
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------
// First-load JS: what index.html makes the browser fetch before any page code runs.

interface JsFile {
  file: string;
  raw: number;
  gzip: number;
}

function jsFile(dist: string, file: string): JsFile {
  const name = file.replace(/^\//, "");
  const code = fs.readFileSync(path.join(dist, name));
  return { file: name, raw: code.length, gzip: gzipSync(code).length };
}

/** The HTML the server answers for a path: the route's prerendered file, or the SPA fallback. */
function htmlFor(dist: string, page: string): string {
  const file = path.join(dist, prerenderFile(new URL(page, "http://x").pathname));
  return fs.readFileSync(fs.existsSync(file) ? file : path.join(dist, "index.html"), "utf8");
}

/** The app's own scripts: the entry and its modulepreloads (the same on every path). */
function firstLoadJs(dist: string): JsFile[] {
  return appScriptPaths(fs.readFileSync(path.join(dist, "index.html"), "utf8")).map((file) => jsFile(dist, file));
}

/** The page's own chunks its HTML preloads with the app's scripts on that path (scripts/prerender.ts). */
function pageChunks(dist: string, page: string): JsFile[] {
  const json = /<script type="application\/json" id="route-preload">([^<]*)<\/script>/.exec(htmlFor(dist, page))?.[1];
  if (!json) return [];
  const files = (JSON.parse(json) as Record<string, string[]>)[new URL(page, "http://x").pathname] ?? [];
  return files.map((f) => jsFile(dist, f));
}

const sum = (files: JsFile[]) =>
  files.reduce((total, f) => ({ raw: total.raw + f.raw, gzip: total.gzip + f.gzip }), { raw: 0, gzip: 0 });

// ---------------------------------------------------------------------------
// Lighthouse.

interface RunFigures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Every script the page fetched during the run (page chunks included). */
  jsRequests: number;
  jsTransfer: number;
  jsResource: number;
  lcpElement: string;
  a11yFailures: string[];
  benchmarkIndex: number;
}

/** The LCP element, short: the cookie banner by name (it must never be the largest paint), else its text. */
function lcpElementLabel(node: { selector?: string; nodeLabel?: string }): string {
  if (node.selector?.includes("section.pointer-events-auto"))
    return `COOKIE BANNER (${node.nodeLabel ?? ""})`.slice(0, 60);
  return `${node.selector?.split(" > ").pop() ?? "?"}: ${node.nodeLabel ?? ""}`.slice(0, 60);
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

function figures(lhr: Result): RunFigures {
  interface NetworkItem {
    resourceType?: string;
    transferSize?: number;
    resourceSize?: number;
  }
  const network = (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const scripts = network.filter((item) => item.resourceType === "Script");
  const lcpDetails = lhr.audits["largest-contentful-paint-element"]?.details as
    { items?: { items?: { node?: { selector?: string; nodeLabel?: string } }[] }[] } | undefined;
  const lcpNode = lcpDetails?.items?.[0]?.items?.[0]?.node;
  const a11yFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title}`);
  return {
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    fcp: numeric(lhr, "first-contentful-paint"),
    lcp: numeric(lhr, "largest-contentful-paint"),
    tbt: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    si: numeric(lhr, "speed-index"),
    jsRequests: scripts.length,
    jsTransfer: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsResource: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    lcpElement: lcpNode ? lcpElementLabel(lcpNode) : "-",
    a11yFailures,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

async function audit(url: string, preset: Preset, saveAs?: string): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const config: Config | undefined = preset === "desktop" ? desktopConfig : undefined;
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    if (saveAs) fs.writeFileSync(saveAs, JSON.stringify(result.lhr));
    return figures(result.lhr);
  } finally {
    chrome.kill();
  }
}

function median(results: RunFigures[]): RunFigures {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)];
}

// ---------------------------------------------------------------------------
// Report.

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "-");
const pad = (value: string | number, width: number) => String(value).padStart(width);
const padEnd = (value: string | number, width: number) => String(value).padEnd(width);

async function main() {
  const started = Date.now();
  if (flags.save) fs.mkdirSync(flags.save, { recursive: true });
  const prebuilt = flags.dist
    ? { dir: flags.dist, convexUrl: flags["convex-url"] ?? "http://127.0.0.1:3210" }
    : undefined;
  log(`starting the local Convex runtime${prebuilt ? ` for ${prebuilt.dir}` : " and building the app"}...`);
  stack = await startStack({ tag: "lighthouse", prebuilt });
  const { baseURL, convexUrl, outDir: dist } = stack;
  log(`app at ${baseURL} (ready in ${((Date.now() - started) / 1000).toFixed(1)}s)`);

  if (flags.serve) {
    console.log(`${baseURL} (runtime ${convexUrl}); Ctrl-C stops both`);
    await new Promise<never>(() => {});
  }

  const firstLoad = firstLoadJs(dist);
  const total = sum(firstLoad);

  const results: { page: string; preset: Preset; figures: RunFigures; runs: number[]; pageJs: JsFile[] }[] = [];
  for (const page of pages) {
    for (const preset of presets) {
      const all: RunFigures[] = [];
      for (let run = 1; run <= runs; run++) {
        log(`${page} ${preset} run ${run}/${runs}...`);
        const saveAs = flags.save
          ? path.join(flags.save, `${page.replace(/[^a-z0-9]+/gi, "_") || "_"}-${preset}-${run}.json`)
          : undefined;
        all.push(await audit(new URL(page, baseURL).href, preset, saveAs));
      }
      results.push({
        page,
        preset,
        figures: median(all),
        runs: all.map((r) => r.performance),
        pageJs: pageChunks(dist, page),
      });
    }
  }

  // stdout: the report.
  const out: string[] = [];
  out.push(
    "App JS (the entry script and its modulepreloads, which every page's HTML has the browser fetch first; the same on every path):",
  );
  out.push(`  ${padEnd("file", 44)} ${pad("raw", 10)} ${pad("gzip", 10)}`);
  for (const f of [...firstLoad].sort((a, b) => b.gzip - a.gzip)) {
    out.push(`  ${padEnd(f.file, 44)} ${pad(kb(f.raw), 10)} ${pad(kb(f.gzip), 10)}`);
  }
  out.push(`  ${padEnd("total", 44)} ${pad(kb(total.raw), 10)} ${pad(kb(total.gzip), 10)}   (budget ${kb(FIRST_LOAD_BUDGET_GZIP_BYTES)} gzip)`);
  out.push("");
  const width = Math.max(8, ...pages.map((p) => p.length));
  out.push(
    `Lighthouse (${runs} run${runs > 1 ? "s" : ""} per row${runs > 1 ? ", the median by performance" : ""}). ` +
      "first-load JS = app JS + the page chunks its HTML preloads (gzip); targets: perf >= 95, LCP <= 1500 ms on mobile:",
  );
  out.push(
    `  ${padEnd("page", width)} ${padEnd("preset", 7)} ${pad("perf", 4)} ${pad("a11y", 4)} ${pad("FCP", 7)} ${pad("LCP", 7)} ` +
      `${pad("TBT", 7)} ${pad("CLS", 5)} ${pad("first-load JS", 14)}  LCP element`,
  );
  for (const { page, preset, figures: f, pageJs } of results) {
    const firstLoadKb = kb(total.gzip + sum(pageJs).gzip);
    out.push(
      `  ${padEnd(page, width)} ${padEnd(preset, 7)} ${pad(f.performance, 4)} ${pad(f.accessibility, 4)} ${pad(ms(f.fcp), 7)} ` +
        `${pad(ms(f.lcp), 7)} ${pad(ms(f.tbt), 7)} ${pad(f.cls.toFixed(2), 5)} ${pad(firstLoadKb, 14)}  ${f.lcpElement}`,
    );
  }
  out.push("");
  for (const { page, preset, figures: f, runs: perf } of results) {
    if (perf.length > 1) out.push(`  ${page} ${preset}: performance of each run: ${perf.join(", ")}`);
    for (const failure of f.a11yFailures) out.push(`  ${page} ${preset}: accessibility audit failed: ${failure}`);
  }
  out.push(
    `  host benchmarkIndex ${results[0]?.figures.benchmarkIndex ?? "-"} (lower = slower machine; busy machines score lower)`,
  );
  console.log(out.join("\n"));
  console.log(
    `BENCH_JSON ${JSON.stringify({
      firstLoad: { files: firstLoad, raw: total.raw, gzip: total.gzip },
      results: results.map(({ page, preset, figures: f, runs: perf, pageJs }) => ({
        page,
        preset,
        runs: perf,
        pageChunks: pageJs,
        ...f,
      })),
    })}`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(cleanup);
