import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The app's own import aliases (vite.config.ts), for tests of src/ modules.
  resolve: {
    alias: [
      { find: "@common", replacement: fileURLToPath(new URL("./common", import.meta.url)) },
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
    ],
  },
  test: {
    include: ["convex/**/*.test.ts", "common/**/*.test.ts", "src/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "edge-runtime",
    // Components are published for bundlers (extensionless imports): vite bundles them, as Convex does.
    server: { deps: { inline: ["convex-test", /@convex-dev\/(?!auth)/] } },
    testTimeout: 30_000,
    setupFiles: ["./vitest.setup.ts"],
    globalSetup: ["./vitest.global-setup.ts"],
  },
});
