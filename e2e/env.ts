// What global-setup.ts started, handed to the test workers through environment
// variables (workers are forked after global setup and inherit them).
import fs from "node:fs";

export interface E2EEnv {
  /** The built app, served by `vite preview`. */
  baseURL: string;
  /** The local Convex runtime's deployment URL (VITE_CONVEX_URL of the build). */
  convexUrl: string;
  /** Its HTTP-actions URL (CONVEX_SITE_URL). */
  convexSiteUrl: string;
  /** Admin key from <data>/runtime.json: lets tools call internal functions (ConvexHttpClient#setAdminAuth). */
  adminKey: string;
  /** The runtime's fresh data folder. */
  dataDir: string;
  /** Lets a request give its client address in X-Forwarded-For (scripts/lib/stack.ts; fixtures.ts clientHeaders). */
  forwardedForToken: string;
}

/** Path of the JSON file holding the E2EEnv. */
export const E2E_ENV_VAR = "RAFTER_E2E_ENV";
/** The app's URL alone, for playwright.config.ts's `use.baseURL`. */
export const BASE_URL_VAR = "RAFTER_E2E_BASE_URL";

/** The running stack; throws when the tests were started without global setup. */
export function e2eEnv(): E2EEnv {
  const file = process.env[E2E_ENV_VAR];
  if (!file || !fs.existsSync(file)) {
    throw new Error(`${E2E_ENV_VAR} is not set: run the end-to-end tests with \`npm run test:e2e\` (playwright test).`);
  }
  return JSON.parse(fs.readFileSync(file, "utf8")) as E2EEnv;
}
