// Bundles a functions folder the way the Convex CLI does before a push
// (convex/dist/cjs/bundler/debugBundle.js): esbuild, ESM, one bundle per entry
// point with shared chunks, modules without "use node" for Convex's own
// runtime (platform "browser", conditions ["convex", "module"], so a Node
// built-in there fails as it fails on deploy), "use node" modules for Node.
// The app's package.json "type", its tsconfig and module format then do not
// matter, as on Convex.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BuildFailure, Message } from "esbuild";
import { convexEsbuild, convexShims, hasUseNodeDirective, type Platform } from "./convex-bundling.js";

export { hasUseNodeDirective, type Platform } from "./convex-bundling.js";

/** Convex refuses "use node" in these (they always run in Convex's runtime). */
const MUST_BE_DEFAULT_RUNTIME = new Set(["http", "crons", "schema"]);

export class BundleError extends Error {}

/**
 * Globals this Node process has and Convex's default runtime does not (its
 * global object is V8's built-ins plus what npm-packages/udf-runtime sets up:
 * web APIs, `process.env`, `AsyncLocalStorage`, `self`). Node's own first,
 * then web APIs Node has and Convex's runtime lacks. `require`, `module`,
 * `exports`, `__dirname` and `__filename` need nothing: an ES module has none.
 */
export const NOT_IN_CONVEX_RUNTIME = [
  "Buffer",
  "global",
  "setImmediate",
  "clearImmediate",
  "queueMicrotask",
  "MessageChannel",
  "MessagePort",
  "MessageEvent",
  "BroadcastChannel",
  "CustomEvent",
  "CompressionStream",
  "DecompressionStream",
  "PerformanceObserver",
  "PerformanceObserverEntryList",
  "PerformanceResourceTiming",
  "navigator",
  "Navigator",
  "WebSocket",
];

/**
 * In a default-runtime bundle a free `Buffer` becomes `Buffer__notInConvexRuntime`,
 * a name nothing defines: `typeof Buffer` is "undefined" and using it throws a
 * ReferenceError, as on Convex, while this process keeps its own `Buffer`.
 * (An injected `undefined` binding would throw a TypeError instead.)
 */
const ABSENT_SUFFIX = "__notInConvexRuntime";
const ABSENT_NAME = new RegExp(`\\b(${NOT_IN_CONVEX_RUNTIME.join("|")})${ABSENT_SUFFIX}\\b`, "g");

/** An error text as Convex words it: `Buffer__notInConvexRuntime is not defined` -> `Buffer is not defined`. */
export function convexGlobalNames(text: string): string {
  return text.includes(ABSENT_SUFFIX) ? text.replace(ABSENT_NAME, "$1") : text;
}

const defaultRuntimeDefine: Record<string, string> = {
  // The shim's `process` (src/default-runtime-globals.ts) also when reached through the global object.
  "globalThis.process": "process",
  "self.process": "process",
};
for (const name of NOT_IN_CONVEX_RUNTIME) {
  defaultRuntimeDefine[name] = `${name}${ABSENT_SUFFIX}`;
  // Read through the global object, Convex gives undefined, not an error.
  defaultRuntimeDefine[`globalThis.${name}`] = "undefined";
  defaultRuntimeDefine[`self.${name}`] = "undefined";
}
const defaultRuntimeGlobals = fileURLToPath(new URL("./default-runtime-globals.ts", import.meta.url));

function describe(functionsDir: string, entries: string[], errors: Message[], platform: Platform): BundleError {
  const first = errors[0];
  const file = first.location ? path.resolve(functionsDir, first.location.file) : null;
  // Name the entry when the error is in it, else the file where esbuild stopped.
  const culprit = file ?? entries[0];
  const where = first.location ? `:${first.location.line}:${first.location.column + 1}` : "";
  let text = first.text;
  if (platform === "browser" && /Could not resolve "/.test(text) && first.notes.some((n) => /node/i.test(n.text))) {
    text += ` (it runs in Convex's default runtime: add "use node" to the top of the file to use Node built-ins, actions only)`;
  }
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? "s" : ""})` : "";
  const rel = path.relative(process.cwd(), culprit);
  return new BundleError(
    `local-convex: module ${rel} failed to load: ${text}${more}${where ? ` (${rel}${where})` : ""}`.replace(/\n/g, " "),
  );
}

/**
 * Bundles `entries` (absolute paths inside `functionsDir`) for one platform
 * into `outDir`; returns entry path -> output file.
 */
async function bundleFor(functionsDir: string, entries: string[], platform: Platform, outDir: string, splitting: boolean) {
  const out = new Map<string, string>();
  if (entries.length === 0) return out;
  try {
    const result = await convexEsbuild().build({
      absWorkingDir: functionsDir,
      entryPoints: entries,
      bundle: true,
      platform,
      format: "esm",
      target: "esnext",
      jsx: "automatic",
      conditions: ["convex", "module"],
      outdir: outDir,
      outbase: functionsDir,
      outExtension: { ".js": ".mjs" },
      splitting,
      chunkNames: "_deps/[hash]",
      treeShaking: true,
      keepNames: true,
      define: { ...(platform === "browser" ? defaultRuntimeDefine : {}), "process.env.NODE_ENV": '"production"' },
      // Convex's `process` (only `env`) and `self`, see src/default-runtime-globals.ts.
      inject: platform === "browser" ? [defaultRuntimeGlobals] : [],
      sourcemap: "linked",
      // Node-runtime bundles may hold CommonJS packages that `require` built-ins.
      banner:
        platform === "node"
          ? { js: 'import { createRequire as __localConvexRequire } from "node:module"; const require = __localConvexRequire(import.meta.url);' }
          : undefined,
      plugins: [convexShims(platform)],
      write: true,
      metafile: true,
      logLevel: "silent",
    });
    for (const [file, meta] of Object.entries(result.metafile.outputs)) {
      if (meta.entryPoint) out.set(path.resolve(functionsDir, meta.entryPoint), path.resolve(functionsDir, file));
    }
    return out;
  } catch (e) {
    const failure = e as BuildFailure;
    if (!Array.isArray(failure.errors) || failure.errors.length === 0) throw e;
    throw describe(functionsDir, entries, failure.errors, platform);
  }
}

export interface Bundled {
  /** Entry (source file) -> bundled ES module file. */
  outputs: Map<string, string>;
  /** Removes the bundle folder (once its modules are loaded it is not needed). */
  dispose(): void;
}

const bundleRoot = path.join(os.tmpdir(), `local-convex-bundles-${process.pid}`);
process.once("exit", () => fs.rmSync(bundleRoot, { recursive: true, force: true }));

/** Bundles function modules (plus `auth.config`, on its own) as Convex's CLI does. */
export async function bundleApp(functionsDir: string, modules: string[], authConfig: string | null): Promise<Bundled> {
  fs.mkdirSync(bundleRoot, { recursive: true });
  const outDir = fs.mkdtempSync(path.join(bundleRoot, "gen-"));
  const isolate: string[] = [];
  const node: string[] = [];
  for (const file of modules) {
    const useNode = hasUseNodeDirective(fs.readFileSync(file, "utf8"));
    const name = path.relative(functionsDir, file).replace(/\.[^/.]+$/, "");
    if (useNode && MUST_BE_DEFAULT_RUNTIME.has(name)) {
      throw new BundleError(
        `local-convex: module ${path.relative(process.cwd(), file)} failed to load: "use node" is not allowed in ${name}; Convex runs it in its default runtime.`,
      );
    }
    (useNode ? node : isolate).push(file);
  }
  // Settled, not Promise.all: when one build fails the others are still writing into
  // outDir, and removing it under them failed now and then (ENOTEMPTY).
  const results = await Promise.allSettled([
    bundleFor(functionsDir, isolate, "browser", path.join(outDir, "isolate"), true),
    bundleFor(functionsDir, node, "node", path.join(outDir, "node"), true),
    authConfig ? bundleFor(functionsDir, [authConfig], "browser", path.join(outDir, "auth"), false) : new Map<string, string>(),
  ]);
  const dispose = () => fs.rmSync(outDir, { recursive: true, force: true });
  const failed = results.find((r) => r.status === "rejected");
  if (failed) {
    dispose();
    throw failed.reason;
  }
  const outputs = results.flatMap((r) => (r.status === "fulfilled" ? [...r.value] : []));
  return { outputs: new Map(outputs), dispose };
}
