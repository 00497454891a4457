// Runs the runtime's CLI as a real child process, as `npm start` would (so
// restarts and `kill -9` are the real thing), and Node clients for it. Used by
// the conformance tests and the benchmarks.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import WebSocket from "ws";

/* eslint-disable @typescript-eslint/no-explicit-any */
export const TOOL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const REPO_ROOT = path.resolve(TOOL_DIR, "../..");
const CLI = path.join(TOOL_DIR, "src", "cli.ts");

const scratch: string[] = [];
process.once("exit", () => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder removed when the test process exits. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

export { freePort } from "./ports.js";

export interface Running {
  cloudUrl: string;
  siteUrl: string;
  proc: ChildProcess;
  output: string[];
  dataDir: string;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

export interface StartOptions {
  appDir: string;
  dataDir: string;
  port?: number;
  sitePort?: number;
  args?: string[];
  env?: Record<string, string>;
}

/** Runs the CLI and resolves once it prints `ready`, or rejects with its output if it exits first. */
export function startRuntime(opts: StartOptions): Promise<Running> {
  const args = [
    "--import",
    "tsx",
    CLI,
    "--functions",
    path.join(opts.appDir, "convex"),
    "--data",
    opts.dataDir,
    "--port",
    String(opts.port ?? 0),
    "--site-port",
    String(opts.sitePort ?? 0),
    "--env-path",
    path.join(opts.appDir, ".env.local"),
    ...(opts.args ?? []),
  ];
  const proc = spawn(process.execPath, args, {
    cwd: opts.appDir,
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    let buffer = "";
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop()!;
      for (const line of lines) {
        output.push(line);
        const m = /ready: (http:\/\/\S+) \(site (http:\/\/\S+)\)/.exec(line);
        if (m) {
          const exited = new Promise<void>((r) => proc.once("exit", () => r()));
          resolve({
            cloudUrl: m[1],
            siteUrl: m[2],
            proc,
            output,
            dataDir: opts.dataDir,
            stop: async () => {
              if (proc.exitCode === null) proc.kill("SIGTERM");
              await exited;
            },
            kill9: async () => {
              if (proc.exitCode === null) proc.kill("SIGKILL");
              await exited;
            },
          });
        }
      }
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    proc.once("exit", (code) => {
      if (buffer) output.push(buffer);
      reject(Object.assign(new Error(`runtime exited with ${code}:\n${output.join("\n")}`), { output, code }));
    });
  });
}

/** Runs the CLI expecting it to fail at start-up; returns its exit code and output. */
export async function startExpectingFailure(opts: StartOptions): Promise<{ code: number | null; output: string }> {
  try {
    const running = await startRuntime(opts);
    await running.stop();
    return { code: 0, output: running.output.join("\n") };
  } catch (e: any) {
    return { code: e.code ?? null, output: (e.output ?? []).join("\n") };
  }
}

export function client(url: string, options: Record<string, unknown> = {}): ConvexClient {
  return new ConvexClient(url, {
    webSocketConstructor: WebSocket as any,
    skipConvexDeploymentUrlCheck: true,
    unsavedChangesWarning: false,
    ...options,
  });
}

export function httpClient(url: string): ConvexHttpClient {
  return new ConvexHttpClient(url, { skipConvexDeploymentUrlCheck: true, logger: false });
}

/** A scratch copy of a Convex app (without its data and _generated), sharing the repository's node_modules. */
export function copyApp(appDir: string): string {
  const dir = tempDir("local-convex-app-");
  fs.cpSync(appDir, dir, {
    recursive: true,
    filter: (src) => !src.includes(".data") && !src.includes("_generated") && !src.includes("node_modules"),
  });
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}
