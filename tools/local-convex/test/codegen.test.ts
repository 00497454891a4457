// Offline codegen writes `_generated` as the Convex CLI does: byte for byte what
// `convex codegen` writes for an app without components, and for an app with
// components the CLI's `components` export, typed from each package's `ComponentApi`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { codegen } from "../src/loader.js";
import { copyFixture, REPO_ROOT } from "./harness.js";

const FILES = ["api.d.ts", "api.js", "dataModel.d.ts", "server.d.ts", "server.js"];
const read = (dir: string) => Object.fromEntries(FILES.map((f) => [f, fs.readFileSync(path.join(dir, "convex", "_generated", f), "utf8")]));

describe("codegen", () => {
  it("writes what the CLI writes for an app without components", async () => {
    const ours = copyFixture("apps/esm");
    const cli = copyFixture("apps/esm");
    await codegen(path.join(ours, "convex"));
    // The CLI's deployment-free mode, which can only write apps without components.
    execFileSync(process.execPath, [path.join(REPO_ROOT, "node_modules", "convex", "bin", "main.js"), "codegen", "--system-udfs", "--typecheck", "disable"], {
      cwd: cli,
      stdio: "pipe",
    });
    expect(read(ours)).toEqual(read(cli));
  }, 120_000);

  it("exports `components`, each instance typed from its package's ComponentApi", async () => {
    const app = copyFixture("apps/esm");
    fs.writeFileSync(
      path.join(app, "convex", "convex.config.ts"),
      `import shardedCounter from "@convex-dev/sharded-counter/convex.config";\nimport { defineApp } from "convex/server";\n` +
        `const app = defineApp();\napp.use(shardedCounter);\napp.use(shardedCounter, { name: "likes" });\nexport default app;\n`,
    );
    await codegen(path.join(app, "convex"));
    const files = read(app);
    expect(files["api.js"]).toContain('import { anyApi, componentsGeneric } from "convex/server";');
    expect(files["api.js"]).toContain("export const components = componentsGeneric();");
    expect(files["api.d.ts"]).toContain(
      'export declare const components: {\n  shardedCounter: import("@convex-dev/sharded-counter/_generated/component.js").ComponentApi<"shardedCounter">;\n' +
        '  likes: import("@convex-dev/sharded-counter/_generated/component.js").ComponentApi<"likes">;\n};',
    );
    // convex.config.ts is not a function module.
    expect(files["api.d.ts"]).not.toContain("convex.config");
  }, 120_000);
});
