// Starts the stack the journeys run against (scripts/lib/stack.ts): the local
// Convex runtime on a fresh data folder and the app built against it, on free
// ports. global-teardown.ts stops both and removes the temporary folders.
import fs from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { startStack } from "../scripts/lib/stack";
import { BASE_URL_VAR, E2E_ENV_VAR, type E2EEnv } from "./env";

export interface StackState {
  env: E2EEnv;
  envFile: string;
  tmpDir: string;
  pids: number[];
}
export const STATE_VAR = "RAFTER_E2E_STATE";

export default async function globalSetup(_config: FullConfig): Promise<void> {
  const started = Date.now();
  // A short payment review window (issue 15): payments.spec.ts watches auto-release happen.
  process.env.PAYMENT_REVIEW_WINDOW_HOURS ??= "0.025";
  // The local Stripe delivers as Stripe does (twice, out of order): a shell's debugging switch never reaches e2e.
  delete process.env.LOCAL_STRIPE_DELIVERY;
  const stack = await startStack({ tag: "e2e" });
  try {
    const env: E2EEnv = {
      baseURL: stack.baseURL,
      convexUrl: stack.convexUrl,
      convexSiteUrl: stack.convexSiteUrl,
      adminKey: stack.adminKey,
      dataDir: stack.dataDir,
      forwardedForToken: stack.forwardedForToken,
    };
    const envFile = path.join(stack.tmpDir, "env.json");
    fs.writeFileSync(envFile, JSON.stringify(env, null, 2));
    const state: StackState = { env, envFile, tmpDir: stack.tmpDir, pids: stack.pids };
    fs.writeFileSync(path.join(stack.tmpDir, "state.json"), JSON.stringify(state, null, 2));
    process.env[E2E_ENV_VAR] = envFile;
    process.env[BASE_URL_VAR] = stack.baseURL;
    process.env[STATE_VAR] = path.join(stack.tmpDir, "state.json");
    process.stderr.write(
      `e2e stack ready in ${((Date.now() - started) / 1000).toFixed(1)}s: app ${stack.baseURL}, convex ${stack.convexUrl}\n`,
    );
  } catch (error) {
    stack.stop();
    throw error;
  }
}
