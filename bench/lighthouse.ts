// Lighthouse figures for the landing pages (/ and /welcome) and the JS they load first.
// Prints figures; asserts nothing. See bench/README.md.
//
//   node --import tsx bench/lighthouse.ts [--pages /,/welcome] [--presets mobile,desktop] [--runs 1]
//   node --import tsx bench/lighthouse.ts --dist dist --convex-url http://127.0.0.1:3210
//
// It starts the local Convex runtime on a temporary data folder (as e2e/global-setup.ts does),
// builds the app against it (or serves an existing build), serves the build with `vite preview`,
// and runs Lighthouse (Node API) in Debian's Chromium for each page and preset.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Config, type Result } from "lighthouse";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VITE = path.join(ROOT, "node_modules", "vite", "bin", "vite.js");
const HOST = "127.0.0.1";
const STARTUP_TIMEOUT_MS = 90_000;
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const HELP = `Usage: node --import tsx bench/lighthouse.ts [options]

  --pages <list>        paths to audit (default /,/welcome)
  --presets <list>      mobile, desktop or both (default mobile,desktop)
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
const pages = (flags.pages ?? "/,/welcome").split(",").map((p) => p.trim());
const presets = (flags.presets ?? "mobile,desktop").split(",").map((p) => p.trim()) as Preset[];
for (const preset of presets) {
  if (preset !== "mobile" && preset !== "desktop") throw new Error(`unknown preset ${preset}`);
}
const runs = Math.max(1, Number(flags.runs ?? 1));
const chromePath = flags.chromium ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const log = (message: string) => process.stderr.write(`[lighthouse] ${message}\n`);

// ---------------------------------------------------------------------------
// Processes (the approach of e2e/global-setup.ts).

const children: ChildProcess[] = [];
let tmpDir: string | undefined;

function cleanup() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  }
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  tmpDir = undefined;
}
process.once("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    cleanup();
    process.exit(130);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function freePorts(count: number, taken: number[] = []): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) {
    const port = await freePort();
    if (!taken.includes(port)) ports.add(port);
  }
  return [...ports];
}

function start(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; lines: string[] } {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  const lines: string[] = [];
  let buffer = "";
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split("\n");
    buffer = parts.pop()!;
    lines.push(...parts);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  return { child, lines };
}

function waitForLine(child: ChildProcess, lines: string[], ready: RegExp, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (lines.some((line) => ready.test(line))) done();
    }, 50);
    const timeout = setTimeout(
      () => fail(`${what} did not start within ${STARTUP_TIMEOUT_MS / 1000}s`),
      STARTUP_TIMEOUT_MS,
    );
    const onExit = (code: number | null) => fail(`${what} exited with ${code}`);
    const done = () => {
      clearInterval(timer);
      clearTimeout(timeout);
      child.off("exit", onExit);
      resolve();
    };
    const fail = (message: string) => {
      clearInterval(timer);
      clearTimeout(timeout);
      child.off("exit", onExit);
      reject(new Error(`${message}:\n${lines.join("\n")}`));
    };
    child.once("exit", onExit);
  });
}

function waitForExit(child: ChildProcess, lines: string[], what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed with exit code ${code}:\n${lines.join("\n")}`)),
    );
  });
}

async function waitForHttp(url: string, what: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > STARTUP_TIMEOUT_MS) throw new Error(`${what} did not answer at ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
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

function firstLoadJs(dist: string): JsFile[] {
  const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  const files = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) files.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)) files.add(match[1]);
  // The prerendered pages (scripts/prerender.ts) request the entry and its preloads from an inline
  // loader, which reads them from this JSON.
  const json = /<script type="application\/json" id="app-scripts">([^<]*)<\/script>/.exec(html)?.[1];
  if (json) {
    const scripts = JSON.parse(json) as { entry: string; preload: string[] };
    for (const file of [scripts.entry, ...scripts.preload]) files.add(file);
  }
  return [...files].map((file) => jsFile(dist, file));
}

/** The page chunks index.html preloads on some paths (vite.config.ts, rafter:route-preload). */
function routePreloads(dist: string): Record<string, JsFile[]> {
  const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  const json = /<script type="application\/json" id="route-preload">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) return {};
  const routes = JSON.parse(json) as Record<string, string[]>;
  return Object.fromEntries(Object.entries(routes).map(([route, files]) => [route, files.map((f) => jsFile(dist, f))]));
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
    lcpElement: lcpNode ? `${lcpNode.nodeLabel ?? ""} (${lcpNode.selector ?? "?"})`.slice(0, 100) : "-",
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
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "rafter-lighthouse-"));
  const dataDir = path.join(tmpDir, "data");

  let convexUrl: string;
  let port: number;
  if (flags.dist) {
    convexUrl = flags["convex-url"] ?? "http://127.0.0.1:3210";
    port = Number(new URL(convexUrl).port);
  } else {
    [port] = await freePorts(1);
    convexUrl = `http://${HOST}:${port}`;
  }
  const [sitePort, appPort] = await freePorts(2, [port]);
  const baseURL = `http://${HOST}:${appPort}`;
  const dist = flags.dist ? path.resolve(flags.dist) : path.join(tmpDir, "dist");

  log(`starting the local Convex runtime on ${convexUrl}${flags.dist ? "" : " and building the app"}...`);
  const runtime = start(
    [
      "--import",
      "tsx",
      "tools/local-convex/src/cli.ts",
      "--functions",
      "convex",
      "--data",
      dataDir,
      "--port",
      String(port),
      "--site-port",
      String(sitePort),
      "--site-url",
      baseURL,
      "--env-path",
      path.join(tmpDir, "no.env"),
      "--no-codegen",
      "--quiet",
    ],
    { ...process.env, EMAIL_TRANSPORT: "outbox", SITE_URL: baseURL },
  );
  const runtimeReady = waitForLine(runtime.child, runtime.lines, /ready: http:\/\//, "local Convex runtime");
  if (flags.dist) {
    await runtimeReady;
  } else {
    const build = start([VITE, "build", "--outDir", dist, "--emptyOutDir", "--logLevel", "error"], {
      ...process.env,
      VITE_CONVEX_URL: convexUrl,
      VITE_OAUTH_PROVIDERS: "",
    });
    await Promise.all([runtimeReady, waitForExit(build.child, build.lines, "vite build")]);
  }

  start([VITE, "preview", "--outDir", dist, "--host", HOST, "--port", String(appPort), "--strictPort"], process.env);
  await waitForHttp(`${baseURL}/`, "vite preview");
  log(`app at ${baseURL} (ready in ${((Date.now() - started) / 1000).toFixed(1)}s)`);

  if (flags.serve) {
    console.log(`${baseURL} (runtime ${convexUrl}); Ctrl-C stops both`);
    await new Promise<never>(() => {});
  }

  const firstLoad = firstLoadJs(dist);
  const total = sum(firstLoad);
  const preloads = routePreloads(dist);

  const results: { page: string; preset: Preset; figures: RunFigures; runs: number[] }[] = [];
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
      results.push({ page, preset, figures: median(all), runs: all.map((r) => r.performance) });
    }
  }

  // stdout: the report.
  const out: string[] = [];
  out.push(
    "First-load JS (the entry script and the modulepreload links of index.html, or of its script loader; the same for every path):",
  );
  out.push(`  ${padEnd("file", 44)} ${pad("raw", 10)} ${pad("gzip", 10)}`);
  for (const f of [...firstLoad].sort((a, b) => b.gzip - a.gzip)) {
    out.push(`  ${padEnd(f.file, 44)} ${pad(kb(f.raw), 10)} ${pad(kb(f.gzip), 10)}`);
  }
  out.push(`  ${padEnd("total", 44)} ${pad(kb(total.raw), 10)} ${pad(kb(total.gzip), 10)}`);
  out.push("");
  out.push("JS for the first paint of each page: the above, plus the page's chunks index.html preloads on that path:");
  for (const page of pages) {
    const own = preloads[page] ?? [];
    const pageTotal = sum([...firstLoad, ...own]);
    out.push(
      `  ${padEnd(page, 10)} ${padEnd(`+ ${own.length} page chunks (${kb(sum(own).gzip)} gzip)`, 33)} ` +
        `${pad(kb(pageTotal.raw), 10)} ${pad(kb(pageTotal.gzip), 10)}   (budget 150 kB gzip)`,
    );
  }
  out.push("");
  out.push(
    `Lighthouse (${runs} run${runs > 1 ? "s" : ""} per row${runs > 1 ? ", median by performance" : ""}); ` +
      "page JS = every script the page fetched in the run (with its page chunks), transfer (gzip) / decoded:",
  );
  out.push(
    `  ${padEnd("page", 10)} ${padEnd("preset", 8)} ${pad("perf", 5)} ${pad("a11y", 5)} ${pad("FCP", 8)} ${pad("LCP", 8)} ` +
      `${pad("TBT", 7)} ${pad("CLS", 6)} ${pad("SI", 8)} ${pad("page JS", 24)}`,
  );
  for (const { page, preset, figures: f } of results) {
    out.push(
      `  ${padEnd(page, 10)} ${padEnd(preset, 8)} ${pad(f.performance, 5)} ${pad(f.accessibility, 5)} ${pad(ms(f.fcp), 8)} ` +
        `${pad(ms(f.lcp), 8)} ${pad(ms(f.tbt), 7)} ${pad(f.cls.toFixed(3), 6)} ${pad(ms(f.si), 8)} ` +
        `${pad(`${f.jsRequests} files ${kb(f.jsTransfer)} / ${kb(f.jsResource)}`, 24)}`,
    );
  }
  out.push("");
  for (const { page, preset, figures: f, runs: perf } of results) {
    out.push(`  ${page} ${preset}: LCP element ${f.lcpElement}`);
    if (perf.length > 1) out.push(`    performance of each run: ${perf.join(", ")}`);
    for (const failure of f.a11yFailures) out.push(`    accessibility audit failed: ${failure}`);
  }
  out.push(
    `  host benchmarkIndex ${results[0]?.figures.benchmarkIndex ?? "-"} (lower = slower machine; busy machines score lower)`,
  );
  console.log(out.join("\n"));
  console.log(
    `BENCH_JSON ${JSON.stringify({
      firstLoad: { files: firstLoad, raw: total.raw, gzip: total.gzip },
      routePreloads: preloads,
      results: results.map(({ page, preset, figures: f, runs: perf }) => ({ page, preset, runs: perf, ...f })),
    })}`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(cleanup);
