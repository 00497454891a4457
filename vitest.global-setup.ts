// Reads the app's component tree (convex/convex.config.ts) once per run, in Node, and gives each
// test file its instances with their module files, so `newTest()` registers them as Convex hosts them.
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { flattenComponents, loadComponentTree } from "./tools/local-convex/src/components";

import type {} from "./convex/test.setup";

function jsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(full);
    return /^[^.]+\.js$/.test(entry.name) ? [full] : [];
  });
}

export default async function setup(project: TestProject) {
  const tree = await loadComponentTree(path.resolve("convex"));
  project.provide(
    "convexComponents",
    flattenComponents(tree).map((node) => ({ path: node.path, dir: node.dir, files: jsFiles(node.dir) })),
  );
}
