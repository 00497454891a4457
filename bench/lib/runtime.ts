// The local runtime for an in-process bench: quiet, on free ports, on a fresh
// temporary data folder that closing the runtime removes (or on a given
// folder, which is kept).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startRuntime, type Runtime } from "../../tools/local-convex/src/runtime";

export async function startBenchRuntime(name: string, keptDataDir?: string): Promise<Runtime> {
  const dataDir = keptDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `rafter-bench-${name}-`));
  const runtime = await startRuntime({
    functionsDir: "convex",
    dataDir,
    port: 0,
    sitePort: 0,
    codegen: false,
    envFile: null,
    log: () => {},
    logFunctionCalls: false,
  });
  return {
    ...runtime,
    async close() {
      await runtime.close();
      if (!keptDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
