// End-to-end journeys (`npm run test:e2e`): Debian's Chromium against the built
// app on the local Convex runtime, both started by e2e/global-setup.ts.
import { defineConfig } from "@playwright/test";

const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  // Two cores: the runtime, the app server and the browsers share them.
  workers: 2,
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  reporter: "list",
  // Upper bounds, not pacing: every step waits for the state a user would see, and a busy
  // machine (CI beside other work, two cores) may take several times a quiet one's time to get there.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  outputDir: "test-results",
  use: {
    // Set by e2e/global-setup.ts (free ports) before the workers start; e2e/fixtures.ts reads it too.
    baseURL: process.env.RAFTER_E2E_BASE_URL,
    browserName: "chromium",
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: "America/Chicago",
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium (apt-get install chromium); Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
