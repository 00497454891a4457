// `npm start` / `npm run dev`: the whole app on this machine.
//
//   1. the local Convex runtime (tools/local-convex) on .data/, with email
//      going to the local outbox;
//   2. demo data on the first start (convex/seed/run.ts; later starts keep it);
//   3. the web app: a production build served by `vite preview`, or with
//      --dev the Vite dev server (hot reload) and the runtime in --watch mode.
//
// Ctrl-C stops everything. If any part stops by itself, the rest is stopped
// and the script exits non-zero with that part's last output.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { RESEND_STAND_IN_ROUTE } from "../convex/emails/standInRoute";
import { isLoopbackHost } from "../convex/model/deployment";
import { adminClient, readRuntimeInfo } from "./lib/convex";
import { localWebhookSecret } from "./lib/localSecrets";
import { waitForHttp } from "./lib/http";
import { choosePorts } from "./lib/ports";
import { ChildFailed, paint, say, Supervisor, type Child } from "./lib/processes";
import {
  countUsers,
  DEFAULT_COUNTS,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  demoAccountLines,
  formatCounts,
  runSeed,
  seedStatus,
} from "./lib/seed";

const HELP = `Usage: npm start [-- options]     (npm run dev = npm start -- --dev)

  --dev      Vite dev server with hot reload, and the runtime reloads convex/ on change
  --reset    wipe the local data (.data/) first, then seed it again
  -h, --help show this help

Environment (the shell's, or .env.local):
  CONVEX_PORT      local runtime port, default 3210 (HTTP actions on the next port)
  APP_PORT         app port, default 5173
  HOST             interface to listen on, default 127.0.0.1
  EMAIL_TRANSPORT  default outbox (emails shown at <app>/dev/outbox)
  LOCAL_STRIPE_DELIVERY  unset: the local Stripe's webhooks come twice, out of order, as Stripe's;
                   ordered: once, in order (debugging only)
  RAFTER_DATA_DIR  the runtime's data folder, default .data (a second copy of the app needs its own)
  LOCAL_STRIPE_WEBHOOK_SECRET  the local Stripe's webhook secret; default: made at random on the
                   first start and kept in <data>/local-secrets.json
The app runs in local mode (RAFTER_LOCAL=1: dev outbox, demo seed, the local Stripe), which the
functions refuse under any address but loopback. See .env.example.`;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATA_DIR = path.resolve(ROOT, process.env.RAFTER_DATA_DIR || ".data");
const RUNTIME_CLI = path.join(ROOT, "tools", "local-convex", "src", "cli.ts");
const VITE_BIN = path.join(path.dirname(createRequire(import.meta.url).resolve("vite/package.json")), "bin", "vite.js");
const READY = /ready: (http:\/\/\S+) \(site (http:\/\/\S+)\)/;

const supervisor = new Supervisor(
  (child) => void fail(`${child.spec.name} ${child.describeExit()} unexpectedly.`, child),
);
let shuttingDown: Promise<never> | null = null;

function shutdown(code: number): Promise<never> {
  shuttingDown ??= (async () => {
    await supervisor.stopAll();
    say(code === 0 ? `stopped; the data in ${path.relative(ROOT, DATA_DIR)}/ is kept.` : "stopped.");
    process.exit(code);
  })();
  return shuttingDown;
}

/** Reports a failure (once), stops everything and exits 1. */
function fail(message: string, child?: Child): Promise<never> {
  if (shuttingDown) return shuttingDown;
  say(message, "red");
  if (child) say(`last output of ${child.spec.name}:\n${child.lastLines()}`);
  return shutdown(1);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (shuttingDown) {
      // A second Ctrl-C: do not wait any longer.
      say("stopping now.", "yellow");
      process.exit(130);
    }
    say(`${signal === "SIGINT" ? "Ctrl-C" : signal}: stopping...`);
    void shutdown(0);
  });
}

/** The host part of a URL others can open (a wildcard listen address is reached through loopback). */
function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

/** `.env.local` under the shell environment (the shell wins), as Vite and the runtime read it. */
function loadEnvLocal(): void {
  const file = path.join(ROOT, ".env.local");
  if (!fs.existsSync(file)) return;
  for (const [key, value] of Object.entries(parseEnv(fs.readFileSync(file, "utf8")))) process.env[key] ??= value;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("-h") || args.includes("--help")) {
    console.log(HELP);
    return;
  }
  const unknown = args.filter((a) => !["--dev", "--reset"].includes(a));
  if (unknown.length) throw new Error(`Unknown option ${unknown.join(" ")}. ${HELP}`);
  const dev = args.includes("--dev");
  const started = performance.now();
  loadEnvLocal();

  const host = process.env.HOST?.trim() || "127.0.0.1";
  // The app runs in local mode (RAFTER_LOCAL=1), which the functions refuse under a site URL that is
  // not loopback: say so now rather than when the demo seed is refused.
  if (!isLoopbackHost(urlHost(host))) {
    throw new Error(
      `HOST=${host}: npm start runs the app in local mode, which only loopback addresses get. ` +
        "Use 127.0.0.1, or 0.0.0.0 to listen on every interface (the app's URLs stay on 127.0.0.1).",
    );
  }
  const convex = await choosePorts({
    what: "local Convex runtime",
    envName: "CONVEX_PORT",
    env: process.env.CONVEX_PORT,
    defaultPort: 3210,
    span: 2,
    host,
  });
  const app = await choosePorts({
    what: "app",
    envName: "APP_PORT",
    env: process.env.APP_PORT,
    defaultPort: 5173,
    host,
    avoid: [convex.port, convex.port + 1],
  });
  for (const note of [convex.note, app.note]) if (note) say(note, "yellow");

  const appUrl = `http://${urlHost(host)}:${app.port}`;
  const convexUrl = `http://${urlHost(host)}:${convex.port}`;
  const siteActionsUrl = `http://${urlHost(host)}:${convex.port + 1}`;
  const emailTransport = process.env.EMAIL_TRANSPORT?.trim() || "outbox";
  const webhookSecret = localWebhookSecret(DATA_DIR, {
    reset: args.includes("--reset"),
    given: process.env.LOCAL_STRIPE_WEBHOOK_SECRET,
  });

  // 1. The runtime.
  say(`starting the local Convex runtime on ${convexUrl}${dev ? " (watching convex/)" : ""}...`);
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const runtime = supervisor.spawn({
    name: "convex",
    color: "cyan",
    command: process.execPath,
    args: [
      "--import",
      "tsx",
      RUNTIME_CLI,
      "--functions",
      "convex",
      "--data",
      DATA_DIR,
      "--host",
      host,
      "--port",
      String(convex.port),
      "--site-port",
      String(convex.port + 1),
      "--site-url",
      appUrl,
      ...(dev ? ["--watch"] : []),
      ...(args.includes("--reset") ? ["--reset"] : []),
      // The email component calls Resend's fixed address: the outbox's stand-in answers it (convex/emails/standIn.ts).
      ...(emailTransport === "outbox" ? ["--route-fetch", RESEND_STAND_IN_ROUTE] : []),
    ],
    cwd: ROOT,
    // RAFTER_LOCAL: a local deployment (convex/model/deployment.ts: dev outbox route, demo seed, the
    // local Stripe with this install's secret, no per-IP limits for loopback).
    env: {
      ...process.env,
      EMAIL_TRANSPORT: emailTransport,
      SITE_URL: appUrl,
      RAFTER_LOCAL: "1",
      LOCAL_STRIPE_WEBHOOK_SECRET: webhookSecret.secret,
    },
    rewrite: (line) => line.replace(/^\[local-convex\] /, ""),
    onLine: (line) => {
      if (READY.test(line)) resolveReady();
    },
  });

  // 2. The web app: the build (or the dev server) starts alongside the runtime.
  const webEnv = { ...process.env, VITE_CONVEX_URL: convexUrl };
  const webArgs = ["--port", String(app.port), "--strictPort", "--host", host];
  const webSpec = { name: "web", color: "magenta" as const, command: process.execPath, cwd: ROOT, env: webEnv };
  let build: Promise<void> | null = null;
  if (dev) {
    supervisor.spawn({ ...webSpec, args: [VITE_BIN, ...webArgs] });
  } else {
    say(`building the app (vite build, VITE_CONVEX_URL=${convexUrl})...`);
    build = supervisor.run({ ...webSpec, args: [VITE_BIN, "build"] });
    // Fail fast: do not wait for the seed to learn that the build broke.
    build.catch(
      (error: unknown) => void (error instanceof ChildFailed ? fail(error.message, error.child) : fail(String(error))),
    );
  }

  await Promise.race([ready, runtime.exited]);
  if (!runtime.running) return; // the supervisor reports it
  const runtimeReadyAt = performance.now();
  webhookSecret.save();

  // 3. Demo data, on the first start only.
  const info = readRuntimeInfo(DATA_DIR);
  if (!info) throw new Error(`The runtime did not write ${path.join(DATA_DIR, "runtime.json")}.`);
  const client = adminClient(convexUrl, info.adminKey);
  const status = await seedStatus(client);
  if (status.seeded) {
    say(`demo data already there (${formatCounts(await countUsers(client))}); not seeding again.`);
  } else {
    say(
      `first start: seeding demo data (${DEFAULT_COUNTS.professionals.toLocaleString("en-US")} professionals, ` +
        `${DEFAULT_COUNTS.homeowners} homeowners, ${DEMO_ACCOUNTS.length} demo accounts)...`,
    );
    const result = await runSeed(client);
    const inserted = (result.inserted.professionals ?? 0) + (result.inserted.homeowners ?? 0);
    const jobs = (result.inserted.jobs ?? 0) + (result.inserted.demoJobs ?? 0);
    say(
      `seeded ${inserted.toLocaleString("en-US")} users, ${jobs} jobs and ${result.demoAccountsCreated.length} demo accounts in ${seconds(result.ms)}: ` +
        formatCounts(await countUsers(client)),
    );
  }

  // 4. Serve the app.
  if (build) {
    await build;
    say(`serving the build (vite preview) on ${appUrl}...`);
    supervisor.spawn({ ...webSpec, args: [VITE_BIN, "preview", ...webArgs] });
  }
  await waitForHttp(`${appUrl}/`, dev ? "The Vite dev server" : "vite preview", {
    timeoutMs: 120_000,
    cancelled: () => shuttingDown !== null,
  });
  if (shuttingDown) return shuttingDown;
  if (shuttingDown) return;

  const width = 16;
  const row = (label: string, value: string) => `  ${label.padEnd(width)} ${value}`;
  say(
    [
      "",
      paint(
        "bold",
        `Rafter is running${dev ? " (dev: hot reload)" : ""}. Ready in ${seconds(performance.now() - started)} ` +
          `(runtime ${seconds(runtimeReadyAt - started)}).`,
      ),
      row("App:", paint("bold", appUrl)),
      row("Convex runtime:", `${convexUrl}   (HTTP actions ${siteActionsUrl})`),
      row(
        "Email outbox:",
        emailTransport === "outbox" ? `${appUrl}/dev/outbox` : `off (EMAIL_TRANSPORT=${emailTransport})`,
      ),
      row("Data:", `${path.relative(ROOT, DATA_DIR)}/ (kept between starts; \`npm start -- --reset\` starts over)`),
      "",
      `  Demo accounts, password ${paint("bold", DEMO_PASSWORD)}`,
      ...demoAccountLines().map((line) => `    ${line}`),
      "",
      "  Ctrl-C stops everything.",
      "",
    ].join("\n"),
  );
}

main().catch((error: unknown) => {
  if (shuttingDown) return;
  if (error instanceof ChildFailed) return void fail(error.message, error.child);
  return void fail(error instanceof Error ? error.message : String(error));
});
