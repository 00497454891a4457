// Starts the app as the journeys and benchmarks use it, on free ports and a
// fresh data folder: the local Convex runtime on the real convex/ folder
// (emails to the outbox) and the app built once with `vite build` against it,
// served by `vite preview`. Used by e2e/global-setup.ts and bench/*.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RESEND_STAND_IN_ROUTE } from "../../convex/emails/standInRoute";
import { waitForHttp } from "./http";
import { freePorts } from "./ports";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const VITE = path.join(ROOT, "node_modules", "vite", "bin", "vite.js");
const HOST = "127.0.0.1";
// An upper bound for a stuck start, not a pace: a busy two-core machine (a build beside the tests)
// has taken close to a minute to start the runtime. RAFTER_STARTUP_TIMEOUT_MS overrides it.
const STARTUP_TIMEOUT_MS = Number(process.env.RAFTER_STARTUP_TIMEOUT_MS) || 300_000;

function collect(child: ChildProcess): string[] {
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
  child.once("exit", () => buffer && lines.push(buffer));
  return lines;
}

/** Resolves with the first output line matching `ready`, rejects if the process exits first or times out. */
function waitForLine(child: ChildProcess, lines: string[], ready: RegExp, what: string): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(`${what} did not start within ${STARTUP_TIMEOUT_MS / 1000}s`),
      STARTUP_TIMEOUT_MS,
    );
    const check = () => {
      for (const line of lines) {
        const match = ready.exec(line);
        if (match) {
          cleanup();
          resolve(match);
          return;
        }
      }
    };
    const onExit = (code: number | null) => fail(`${what} exited with ${code}`);
    const fail = (message: string) => {
      cleanup();
      reject(new Error(`${message}:\n${lines.join("\n")}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off("data", check);
      child.stderr?.off("data", check);
      child.off("exit", onExit);
    };
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    child.once("exit", onExit);
  });
}

function run(args: string[], env: NodeJS.ProcessEnv, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    const lines = collect(child);
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed with exit code ${code}:\n${lines.join("\n")}`)),
    );
  });
}

export function stopPids(pids: number[]) {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

export interface Stack {
  baseURL: string;
  convexUrl: string;
  convexSiteUrl: string;
  /** Admin key from <data>/runtime.json: lets tools call internal functions (ConvexHttpClient#setAdminAuth). */
  adminKey: string;
  dataDir: string;
  /** The build `vite preview` serves. */
  outDir: string;
  /** Holds the data folder and the build; removed by stop(). */
  tmpDir: string;
  /**
   * This run's client-address token: a request carrying it in X-Local-Convex-Forward-Token may give
   * its address in X-Forwarded-For (the e2e browsers: one address per test). Without it the runtime
   * believes no X-Forwarded-For.
   */
  forwardedForToken: string;
  pids: number[];
  stop: () => void;
}

export interface StackOptions {
  /** Names the temporary folder. */
  tag?: string;
  quiet?: boolean;
  /**
   * Serve this existing build instead of building one (it is kept); the runtime then starts on
   * the port of the Convex URL the build was made with (its VITE_CONVEX_URL).
   */
  prebuilt?: { dir: string; convexUrl: string };
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), `rafter-${options.tag ?? "stack"}-`));
  const dataDir = path.join(tmpDir, "data");
  const outDir = options.prebuilt ? path.resolve(options.prebuilt.dir) : path.join(tmpDir, "dist");
  const builtFor = options.prebuilt ? Number(new URL(options.prebuilt.convexUrl).port) : undefined;
  const [port, sitePort, appPort] = builtFor ? [builtFor, ...(await freePorts(2, [builtFor]))] : await freePorts(3);
  const baseURL = `http://${HOST}:${appPort}`;
  const convexUrl = `http://${HOST}:${port}`;
  const pids: number[] = [];
  // Per run and random: the e2e stack is a local deployment (RAFTER_LOCAL=1) whose payments run on
  // the local Stripe with a webhook secret of its own, and whose runtime takes a client's address
  // from X-Forwarded-For only with this run's token.
  const forwardedForToken = crypto.randomBytes(32).toString("hex");
  const localWebhookSecret = `whsec_${crypto.randomBytes(32).toString("hex")}`;
  const stop = () => {
    stopPids(pids);
    fs.rmSync(tmpDir, { recursive: true, force: true });
  };

  try {
    // The runtime and the build do not depend on each other: start both at once.
    const runtime = spawn(
      process.execPath,
      [
        ...(process.env.RAFTER_RUNTIME_NODE_ARGS ?? "").split(" ").filter(Boolean),
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
        // Nothing from a developer's .env.local (e.g. a real email transport), no writes into convex/_generated.
        "--env-path",
        path.join(tmpDir, "no.env"),
        "--no-codegen",
        // The email component calls Resend's fixed address: the outbox's stand-in answers it (convex/emails/standIn.ts).
        "--route-fetch",
        RESEND_STAND_IN_ROUTE,
        ...(options.quiet === false ? [] : ["--quiet"]),
      ],
      {
        cwd: ROOT,
        // RAFTER_LOCAL: a local deployment (model/deployment.ts: dev outbox route, demo seed, the local
        // Stripe with this run's secret, no per-IP limits for loopback).
        env: {
          ...process.env,
          EMAIL_TRANSPORT: "outbox",
          SITE_URL: baseURL,
          RAFTER_LOCAL: "1",
          LOCAL_STRIPE_WEBHOOK_SECRET: localWebhookSecret,
          LOCAL_CONVEX_FORWARDED_FOR_TOKEN: forwardedForToken,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    pids.push(runtime.pid!);
    const runtimeOutput = collect(runtime);
    const ready = waitForLine(
      runtime,
      runtimeOutput,
      /ready: (http:\/\/\S+?) \(site (http:\/\/\S+?)\)/,
      "local Convex runtime",
    );

    const build = options.prebuilt
      ? Promise.resolve()
      : run(
          [VITE, "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"],
          // The shell wins over .env files in Vite: a developer's .env.local cannot change what the app sees.
          { ...process.env, VITE_CONVEX_URL: convexUrl, VITE_OAUTH_PROVIDERS: "" },
          "vite build",
        );

    const [match] = await Promise.all([ready, build]);
    const runtimeJson = JSON.parse(fs.readFileSync(path.join(dataDir, "runtime.json"), "utf8")) as {
      cloudUrl: string;
      siteUrl: string;
      adminKey: string;
    };
    if (runtimeJson.cloudUrl !== convexUrl) {
      throw new Error(`local Convex runtime reports ${runtimeJson.cloudUrl}, the build points at ${convexUrl}`);
    }

    const preview = spawn(
      process.execPath,
      [VITE, "preview", "--outDir", outDir, "--host", HOST, "--port", String(appPort), "--strictPort"],
      { cwd: ROOT, env: process.env, stdio: ["ignore", "pipe", "pipe"] },
    );
    pids.push(preview.pid!);
    const previewOutput = collect(preview);
    preview.once("exit", (code, signal) => {
      // 143: stopped (SIGTERM).
      if (signal === null && code !== 0 && code !== 143)
        console.error(`vite preview exited with ${code}:\n${previewOutput.join("\n")}`);
    });
    await waitForHttp(`${baseURL}/login`, "vite preview", { timeoutMs: STARTUP_TIMEOUT_MS });
    return {
      baseURL,
      convexUrl,
      convexSiteUrl: match[2]!,
      adminKey: runtimeJson.adminKey,
      dataDir,
      outDir,
      tmpDir,
      forwardedForToken,
      pids,
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
