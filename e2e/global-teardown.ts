// Stops what global-setup.ts started (by process id) and removes its temporary folder.
import fs from "node:fs";
import type { FullConfig } from "@playwright/test";
import { STATE_VAR, type StackState } from "./global-setup";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stop(pid: number): Promise<void> {
  if (!alive(pid)) return;
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + 5_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) process.kill(pid, "SIGKILL");
}

export default async function globalTeardown(_config: FullConfig): Promise<void> {
  const file = process.env[STATE_VAR];
  if (!file || !fs.existsSync(file)) return;
  const state = JSON.parse(fs.readFileSync(file, "utf8")) as StackState;
  // The app server first, so no page talks to a runtime that is going away.
  for (const pid of [...state.pids].reverse()) await stop(pid);
  fs.rmSync(state.tmpDir, { recursive: true, force: true });
}
