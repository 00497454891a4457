import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own runtime processes; running files one at a time keeps timings honest on 2 cores.
    fileParallelism: false,
  },
});
