// @vitest-environment node
// The shape of the code, checked: no import circles between files (src/, common/, convex/), none
// between feature folders (src/features/<name>), and public Convex modules do not import each
// other (shared code lives in convex/model/, or convex/payments/model/ for the money domain). A
// regex over import lines is enough for our code: every import is a static `import ... from "..."`,
// `export ... from "..."` or `import("...")`.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const ROOTS = ["src", "common", "convex"];
const SKIP_DIRS = new Set(["node_modules", "_generated"]);
const SOURCE = /\.(ts|tsx)$/;

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIRS.has(name)) out.push(...listFiles(path));
    } else if (SOURCE.test(name) && !name.endsWith(".d.ts")) {
      out.push(path);
    }
  }
  return out;
}

const IMPORT =
  /(?:^|\s|;)(?:import|export)\s[^;'"]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

function resolveSpecifier(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = join(ROOT, "src", spec.slice(2));
  else if (spec.startsWith("@common/")) base = join(ROOT, "common", spec.slice(8));
  else if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null; // generated or non-source (css, json): not part of the graph
}

type Graph = Map<string, Set<string>>;

function buildGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of ROOTS.flatMap((dir) => listFiles(join(ROOT, dir)))) {
    const targets = new Set<string>();
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolveSpecifier(file, match[1] ?? match[2] ?? match[3]!);
      if (target && target !== file) targets.add(relative(ROOT, target));
    }
    graph.set(relative(ROOT, file), targets);
  }
  return graph;
}

/** Strongly connected components with more than one member (Tarjan): each one is a circle. */
function circles(graph: Graph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

function featureOf(file: string): string | null {
  const match = /^src\/features\/([^/]+)\//.exec(file);
  return match ? match[1]! : null;
}

/** A public Convex module: a file that deploys functions (not model/, not a test, not a builder). */
function isPublicConvexModule(file: string): boolean {
  return (/^convex\/[^/]+\.ts$/.test(file) || FOLDED_PUBLIC.has(file)) && !NOT_PUBLIC.has(file) && !isTestCode(file);
}
/** Public modules moved from the top level into the money domain's folder: still public. */
const FOLDED_PUBLIC = new Set(["convex/payments/subscriptions.ts"]);
/** Shared code: the model layer, and the money domain's own model layer. */
function isModelCode(file: string): boolean {
  return /^convex\/(payments\/)?model\//.test(file);
}
/**
 * A module kept at an old path only to re-export functions from their new home (function paths are
 * wire protocol): every statement is an `export { ... } from "..."`.
 */
function isReexportShim(file: string): boolean {
  const code = readFileSync(join(ROOT, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .trim();
  return (
    code.length > 0 &&
    code
      .split(";")
      .every((stmt) => stmt.trim() === "" || /^export\s*\{[^}]*\}\s*from\s*["'][^"']+["']$/.test(stmt.trim()))
  );
}
const NOT_PUBLIC = new Set(["convex/functions.ts", "convex/schema.ts", "convex/auth.config.ts"]);
/** Tests and their setup files (convex/test.setup.ts, convex/authz.setup.ts...) may import anything. */
function isTestCode(file: string): boolean {
  return /\.(test|setup)\.ts$/.test(file);
}

/** Imports Convex itself requires: the HTTP router must mount Convex Auth's routes from convex/auth.ts. */
const REQUIRED_CONVEX_IMPORTS = new Set(["convex/http.ts -> convex/auth.ts"]);

const graph = buildGraph();

describe("import graph", () => {
  test("has no circles between files", () => {
    expect(circles(graph)).toEqual([]);
  });

  test("has no circles between feature folders", () => {
    const folders: Graph = new Map();
    for (const [file, targets] of graph) {
      const from = featureOf(file);
      if (!from) continue;
      const edges = folders.get(from) ?? new Set<string>();
      for (const target of targets) {
        const to = featureOf(target);
        if (to && to !== from) edges.add(to);
      }
      folders.set(from, edges);
    }
    expect(circles(folders)).toEqual([]);
  });

  test("public Convex modules do not import each other (shared code lives in convex/model/)", () => {
    const found: string[] = [];
    for (const [file, targets] of graph) {
      if (!file.startsWith("convex/") || isTestCode(file) || isModelCode(file)) continue;
      if (NOT_PUBLIC.has(file) || isReexportShim(file)) continue;
      for (const target of targets) {
        const edge = `${file} -> ${target}`;
        if (isPublicConvexModule(target) && !REQUIRED_CONVEX_IMPORTS.has(edge)) found.push(edge);
      }
    }
    expect(found, "move the shared code into convex/model/ instead").toEqual([]);
  });

  test("sees the code it checks", () => {
    // Guards against a regex or path change that silently finds nothing.
    expect(graph.get("src/main.tsx")?.size).toBeGreaterThan(0);
    expect(graph.get("convex/http.ts")).toContain("convex/auth.ts");
    expect(graph.get("convex/subscriptions.ts")).toContain("convex/payments/subscriptions.ts");
    expect(isReexportShim("convex/subscriptions.ts")).toBe(true);
    expect(isReexportShim("convex/users.ts")).toBe(false);
    expect(graph.has("convex/payments/model/payments.ts")).toBe(true);
  });
});
