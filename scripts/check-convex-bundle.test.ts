// @vitest-environment node
// `npm run test:bundle` covers the components an app installs: a component whose function
// imports a Node built-in outside "use node" fails the check, as a push would, named by instance.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { expect, test } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");

test("a component's module that cannot run in Convex's runtime fails the bundle check", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-convex-bundle.ts", "scripts/fixtures/component-app/convex"], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 120_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(
    'component widget, otherWidget: scripts/fixtures/component-app/convex/widget/files.ts runs in Convex\'s default runtime but imports the Node built-in "node:fs"',
  );
});
