// `npm run test:bundle`: proves that convex/ still deploys to real Convex.
//
// The local runtime runs every module in Node, so a default-runtime module that
// imports `node:crypto` works here and fails on deploy. This check bundles the
// functions the way the Convex CLI does (convex/dist/esm/bundler/index.js and
// cli/lib/config.js): modules without a top-level "use node" directive for
// Convex's own runtime (esbuild platform "browser", conditions
// ["convex", "module"]), the "use node" ones for Node. It bundles in memory and
// writes nothing.
import { builtinModules } from "node:module";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BuildFailure, Message, Metafile } from "esbuild";
import { flattenComponents, loadComponentTree } from "../tools/local-convex/src/components";
import { convexEsbuild, convexShims, hasUseNodeDirective } from "../tools/local-convex/src/convex-bundling";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// An optional argument points at another functions folder (used to test this check).
const FUNCTIONS_DIR = path.resolve(ROOT, process.argv[2] ?? "convex");
const SOURCE_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".jsx"];
/** Convex refuses "use node" in these (they always run in Convex's runtime). */
const MUST_BE_DEFAULT_RUNTIME = ["http", "crons", "schema", "auth.config"];
const NODE_BUILTINS = new Set(builtinModules.filter((m) => !m.startsWith("_")));

const rel = (file: string) => {
  const relative = path.relative(ROOT, file);
  return relative.startsWith("..") ? file : relative.split(path.sep).join("/");
};

/** Function modules as Convex finds them: a single dot, not under _generated, not tests. */
function functionModules(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, entry.name);
      const relPath = path.relative(dir, full);
      if (entry.isDirectory()) {
        if (relPath === "_generated" || fs.existsSync(path.join(full, "convex.config.ts"))) continue;
        walk(full);
        continue;
      }
      const base = entry.name;
      if (!SOURCE_EXTENSIONS.includes(path.extname(base))) continue;
      if (base.startsWith(".") || base.startsWith("#") || relPath.includes(" ")) continue;
      if ((base.match(/\./g) ?? []).length !== 1) continue; // auth.config.ts, *.test.ts, *.d.ts
      if (base === "test.setup.ts") continue;
      // Convex skips TypeScript files with no import or export (not modules).
      if (/\.tsx?$/.test(base) && !/^\s{0,100}(import|export)/m.test(fs.readFileSync(full, "utf8"))) continue;
      found.push(full);
    }
  };
  walk(dir);
  return found;
}

interface Outcome {
  files: { path: string; bytes: number }[];
  errors: Message[];
  metafile?: Metafile;
}

async function bundle(
  entryPoints: string[],
  platform: "browser" | "node",
  splitting: boolean,
  outbase = FUNCTIONS_DIR,
): Promise<Outcome> {
  if (entryPoints.length === 0) return { files: [], errors: [] };
  try {
    const result = await convexEsbuild().build({
      absWorkingDir: ROOT,
      entryPoints,
      bundle: true,
      platform,
      format: "esm",
      target: "esnext",
      jsx: "automatic",
      // esbuild's defaults, which Convex keeps.
      mainFields: platform === "node" ? ["main", "module"] : ["browser", "module", "main"],
      conditions: ["convex", "module"],
      outdir: "out",
      outbase,
      splitting,
      chunkNames: path.join("_deps", platform === "node" ? "node" : "", "[hash]"),
      treeShaking: true,
      minifySyntax: true,
      minifyIdentifiers: true,
      keepNames: true,
      define: { "process.env.NODE_ENV": '"production"' },
      plugins: [convexShims(platform)],
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    return {
      files: result.outputFiles.map((f) => ({ path: f.path, bytes: f.contents.byteLength })),
      errors: result.errors,
      metafile: result.metafile,
    };
  } catch (e) {
    const failure = e as BuildFailure;
    if (!Array.isArray(failure.errors)) throw e;
    return { files: [], errors: failure.errors };
  }
}

function builtinOf(message: Message): string | null {
  const m = /Could not resolve "([^"]+)"/.exec(message.text);
  if (!m) return null;
  const name = m[1].replace(/^node:/, "").split("/")[0];
  return m[1].startsWith("node:") || NODE_BUILTINS.has(name) ? m[1] : null;
}

function where(message: Message): string {
  const loc = message.location;
  return loc ? `${rel(path.resolve(ROOT, loc.file))}:${loc.line}:${loc.column + 1}` : "(unknown location)";
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

interface Checked {
  problems: string[];
  outcomes: Outcome[];
  defaultRuntime: number;
  nodeRuntime: number;
  authConfig: boolean;
}

/** Bundles one functions folder (the app's, or a component's) as a push does; returns what went wrong. */
async function checkFolder(dir: string, withAuthConfig: boolean): Promise<Checked> {
  const problems: string[] = [];
  const modules = functionModules(dir);
  const defaultRuntime: string[] = [];
  const nodeRuntime: string[] = [];
  for (const file of modules) {
    const useNode = hasUseNodeDirective(fs.readFileSync(file, "utf8"));
    const name = path.relative(dir, file).replace(/\.[^/.]+$/, "");
    if (useNode && MUST_BE_DEFAULT_RUNTIME.includes(name)) {
      problems.push(`${rel(file)}: "use node" is not allowed here; Convex runs ${name} in its default runtime.`);
    }
    (useNode ? nodeRuntime : defaultRuntime).push(file);
  }
  const authConfig = withAuthConfig
    ? SOURCE_EXTENSIONS.map((ext) => path.join(dir, `auth.config${ext}`)).find((f) => fs.existsSync(f))
    : undefined;

  const [isolate, node, auth] = await Promise.all([
    bundle(defaultRuntime, "browser", true, dir),
    bundle(nodeRuntime, "node", true, dir),
    authConfig ? bundle([authConfig], "browser", false, dir) : Promise.resolve<Outcome>({ files: [], errors: [] }),
  ]);

  // Name the module(s) behind each Node built-in the default runtime cannot load.
  const builtinErrors = [...isolate.errors, ...auth.errors].filter((e) => builtinOf(e));
  if (builtinErrors.length > 0) {
    const culprits = new Map<string, Set<string>>();
    for (const entry of [...defaultRuntime, ...(authConfig ? [authConfig] : [])]) {
      const alone = await bundle([entry], "browser", false, dir);
      for (const error of alone.errors) {
        const builtin = builtinOf(error);
        if (builtin) {
          const via = where(error);
          const line = via.startsWith(rel(entry) + ":") ? `"${builtin}" at ${via}` : `"${builtin}" via ${via}`;
          if (!culprits.has(entry)) culprits.set(entry, new Set());
          culprits.get(entry)!.add(line);
        }
      }
    }
    for (const [entry, lines] of culprits) {
      problems.push(
        `${rel(entry)} runs in Convex's default runtime but imports the Node built-in ${[...lines].join(", ")}. ` +
          `Move the code that needs it into a file that starts with "use node" (actions only), or use a Web API.`,
      );
    }
    if (culprits.size === 0) {
      for (const error of builtinErrors)
        problems.push(`Node built-in "${builtinOf(error)}" imported at ${where(error)}.`);
    }
  }
  for (const [label, outcome] of [
    ["default runtime", isolate],
    ["Node runtime", node],
    ["auth.config", auth],
  ] as const) {
    for (const error of outcome.errors) {
      if (label !== "Node runtime" && builtinOf(error)) continue;
      problems.push(`${label}: ${error.text} (${where(error)})`);
    }
  }

  return {
    problems,
    outcomes: [isolate, node, auth],
    defaultRuntime: defaultRuntime.length,
    nodeRuntime: nodeRuntime.length,
    authConfig: authConfig !== undefined,
  };
}

async function main() {
  const started = performance.now();
  const app = await checkFolder(FUNCTIONS_DIR, true);
  const problems = [...app.problems];
  // The components convex.config.ts installs are bundled and pushed with the app: each
  // published component's functions must bundle for Convex's runtimes too.
  let components: ReturnType<typeof flattenComponents> = [];
  try {
    components = flattenComponents(await loadComponentTree(FUNCTIONS_DIR));
  } catch (e) {
    problems.push(`convex.config: ${e instanceof Error ? e.message : String(e)}`);
  }
  const dirs = [...new Set(components.map((c) => c.dir))];
  let componentModules = 0;
  const componentOutputs: Outcome[] = [];
  for (const dir of dirs) {
    const checked = await checkFolder(dir, false);
    const names = components.filter((c) => c.dir === dir).map((c) => c.path);
    problems.push(...checked.problems.map((p) => `component ${names.join(", ")}: ${p}`));
    componentModules += checked.defaultRuntime + checked.nodeRuntime;
    componentOutputs.push(...checked.outcomes);
  }
  const [isolate, node, auth] = app.outcomes;

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (problems.length > 0) {
    console.error(`convex bundle check FAILED (${seconds}s): ${problems.length} problem(s)`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }

  const entryOutputs = (outcome: Outcome) =>
    outcome.files.filter((f) => !f.path.includes(`${path.sep}_deps${path.sep}`));
  const outputs = [...isolate.files, ...node.files, ...auth.files];
  const total = outputs.reduce((sum, f) => sum + f.bytes, 0);
  const largest = [...outputs].sort((a, b) => b.bytes - a.bytes)[0];
  const count = entryOutputs(isolate).length + entryOutputs(node).length + entryOutputs(auth).length;
  console.log(
    `convex bundle OK: ${count} modules bundled (${app.defaultRuntime} default runtime, ${app.nodeRuntime} "use node"` +
      `${app.authConfig ? ", auth.config" : ""}) into ${outputs.length} files, ${kb(total)} total` +
      `${largest ? `, largest ${path.relative(path.join(ROOT, "out"), largest.path)} ${kb(largest.bytes)}` : ""}` +
      `; ${components.length} component instances (${dirs.length} packages, ${componentModules} modules, ` +
      `${kb(componentOutputs.flatMap((o) => o.files).reduce((sum, f) => sum + f.bytes, 0))}) in ${seconds}s`,
  );
}

main().catch((e: unknown) => {
  console.error("convex bundle check crashed:", e);
  process.exit(1);
});
