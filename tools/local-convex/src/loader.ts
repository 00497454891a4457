// Finds and loads the modules of a Convex functions directory as a Convex
// deployment gets them (bundled by esbuild, see bundle.ts), and regenerates
// `_generated` offline.
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleApp, convexGlobalNames, hasUseNodeDirective, type Bundled } from "./bundle.js";
import { flattenComponents, loadComponentTree } from "./components.js";
import { componentScope, type ComponentScope } from "./context.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
export type FunctionKind = "query" | "mutation" | "action";
export interface FunctionInfo {
  kind: FunctionKind;
  isPublic: boolean;
}
export interface LoadedApp {
  generation: number;
  /** The schema, or undefined when the app has none (tables are then untyped, as on Convex). */
  schema: any;
  /** Absolute file path -> loader, the shape convex-test takes. */
  moduleMap: Record<string, () => Promise<any>>;
  functions: Map<string, FunctionInfo>;
  crons: Record<string, any>;
  hasHttp: boolean;
  /** The default export of auth.config.ts, if any. */
  authConfig: { providers: any[] } | null;
  /** The component instances `convex.config.ts` installs, parents before children. */
  components: LoadedComponent[];
}

const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/;

/** Function modules as Convex finds them: a single dot in the name, not under _generated nor in a nested component's folder. */
export function listModules(functionsDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name.startsWith("#") || entry.name === "node_modules") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        // A folder with its own convex.config.ts is a local component, not part of this one (as the CLI skips it).
        if (entry.name !== "_generated" && !fs.existsSync(path.join(full, "convex.config.ts"))) walk(full);
      } else if (SOURCE.test(entry.name) && entry.name.split(".").length === 2 && !entry.name.includes(" ")) {
        // Convex skips TypeScript files with no import or export (not modules).
        if (/\.tsx?$/.test(entry.name) && !/^\s{0,100}(import|export)/m.test(fs.readFileSync(full, "utf8"))) continue;
        out.push(full);
      }
    }
  };
  walk(functionsDir);
  return out.sort();
}

export function modulePathOf(functionsDir: string, file: string): string {
  return path.relative(functionsDir, file).replace(/\\/g, "/").replace(SOURCE, "");
}

/** Regenerates `_generated` offline for the app around `functionsDir` (see codegen.ts). */
export async function codegen(functionsDir: string): Promise<void> {
  const { writeGenerated } = await import("./codegen.js");
  try {
    await writeGenerated(functionsDir);
  } catch (e: any) {
    throw new Error(`local-convex: codegen failed for ${functionsDir}: ${String(e?.message ?? e).split("\n")[0]}`, { cause: e });
  }
}

// Convex's runtime provides AsyncLocalStorage as a global (its bundles import
// `node:async_hooks` from there); Node does not.
(globalThis as any).AsyncLocalStorage ??= AsyncLocalStorage;

let generationCounter = 0;
/** Bundles of loaded generations; the five newest are kept (a failed reload keeps the running one). */
const bundles: Bundled[][] = [];

/** What one functions folder (the app's, or a component's `dist/component`) holds once bundled and imported. */
interface FolderModules {
  dir: string;
  /** Absolute source file -> its module namespace. */
  modules: Map<string, any>;
  generatedFiles: string[];
  schema: any;
  crons: Record<string, any>;
  functions: Map<string, FunctionInfo>;
  hasHttp: boolean;
  authConfig: { providers: any[] } | null;
}

/** A component instance the app installs (components.ts), loaded. */
export interface LoadedComponent {
  /** Its path from the app, as Convex names instances ("resend/emailWorkpool"). */
  path: string;
  dir: string;
  /** Its environment (`use(x, {env})`): all its functions see as `process.env`. */
  env: Record<string, string>;
  schema: any;
  moduleMap: Record<string, () => Promise<any>>;
  functions: Map<string, FunctionInfo>;
  crons: Record<string, any>;
}

/** Bundles and imports every module of one functions folder (see bundle.ts). */
async function importFolder(dir: string, withAuthConfig: boolean, owned: Bundled[]): Promise<FolderModules> {
  const files = listModules(dir);
  const authConfigFile = withAuthConfig ? listAuthConfig(dir) : null;
  const bundled = await bundleApp(dir, files, authConfigFile);
  owned.push(bundled);
  const load = async (file: string) => {
    try {
      return await import(pathToFileURL(bundled.outputs.get(file)!).href);
    } catch (e: any) {
      // With its kind, as Convex words it (`ReferenceError: Buffer is not defined`).
      const kind = e?.name && e.name !== "Error" ? `${e.name}: ` : "";
      const first = convexGlobalNames(`${kind}${String(e?.message ?? e).split("\n")[0]}`);
      throw new Error(`local-convex: module ${path.relative(process.cwd(), file)} failed to load: ${first}`, { cause: e });
    }
  };
  const modules = new Map<string, any>();
  for (const file of files) modules.set(file, await load(file));
  const generated = path.join(dir, "_generated");
  const generatedFiles = fs.existsSync(generated)
    ? fs.readdirSync(generated).filter((f) => /\.js$/.test(f)).map((f) => path.join(generated, f))
    : [];
  const functions = new Map<string, FunctionInfo>();
  let schema: any = undefined;
  let crons: Record<string, any> = {};
  let hasHttp = false;
  for (const [file, mod] of modules) {
    const modulePath = modulePathOf(dir, file);
    if (modulePath === "schema") schema = mod.default;
    if (modulePath === "crons") crons = mod.default?.crons ?? {};
    if (modulePath === "http" && mod.default?.lookup) hasHttp = true;
    const inNode = hasUseNodeDirective(fs.readFileSync(file, "utf8"));
    for (const [name, fn] of Object.entries<any>(mod)) {
      const kind = functionKind(fn);
      if (kind === null) continue;
      if (inNode && kind !== "action") {
        throw new Error(
          `local-convex: module ${path.relative(process.cwd(), file)} failed to load: \`${name}\` is a ${kind === "query" ? "Query" : "Mutation"} function. Only actions can be defined in Node.js ("use node" files).`,
        );
      }
      functions.set(`${modulePath}:${name}`, { kind, isPublic: fn.isPublic === true });
    }
  }
  if (schema !== undefined && typeof schema?.tables !== "object") {
    throw new Error(`local-convex: module ${path.relative(process.cwd(), path.join(dir, "schema"))} failed to load: its default export is not a schema (defineSchema(...)).`);
  }
  const authConfig = authConfigFile ? ((await load(authConfigFile)).default ?? null) : null;
  return { dir, modules, generatedFiles, schema, crons, functions, hasHttp, authConfig };
}

function functionKind(fn: any): FunctionKind | null {
  if (!fn || (typeof fn !== "object" && typeof fn !== "function")) return null;
  return fn.isQuery ? "query" : fn.isMutation ? "mutation" : fn.isAction ? "action" : null;
}

/**
 * The module map convex-test takes, for one instance: each function's handler
 * runs inside the instance's scope (context.ts). Instances of one component
 * share its modules, so each gets its own thin function objects over them.
 */
function instanceModuleMap(folder: FolderModules, scope: ComponentScope): Record<string, () => Promise<any>> {
  // convex-test finds the functions root by the `_generated` folder; the
  // bundles carry their own copy of its code, so these are never loaded.
  const moduleMap: Record<string, () => Promise<any>> = {};
  const generated = folder.generatedFiles.length > 0 ? folder.generatedFiles : [path.join(folder.dir, "_generated", "api.js")];
  for (const file of generated) moduleMap[file] = () => Promise.resolve({});
  for (const [file, mod] of folder.modules) {
    const scoped: Record<string, any> = {};
    for (const [name, value] of Object.entries<any>(mod)) scoped[name] = functionKind(value) ? scopedFunction(value, scope) : value;
    moduleMap[file] = () => Promise.resolve(scoped);
  }
  return moduleMap;
}

/**
 * An instance's environment: the values its parent passed, and those it passed
 * by reference, read when read (from the deployment's environment for the
 * app's children, `--watch` and `.env.local` changes included; from the
 * parent's own environment for a component's children).
 */
function instanceEnv(
  componentPath: string,
  values: Record<string, string>,
  refs: Record<string, string>,
  envs: Map<string, Record<string, string>>,
): Record<string, string> {
  const env: Record<string, string> = { ...values };
  const parent = componentPath.includes("/") ? componentPath.slice(0, componentPath.lastIndexOf("/")) : "";
  const parentEnv = parent ? envs.get(parent) : undefined;
  for (const [key, name] of Object.entries(refs)) {
    Object.defineProperty(env, key, {
      enumerable: true,
      get: () => (parent ? parentEnv?.[name] : process.env[name]),
    });
  }
  return env;
}

function scopedFunction(fn: any, scope: ComponentScope): any {
  const scoped = Object.create(fn);
  // Looked up at each call: patches (returns.ts) may wrap the shared handler later.
  scoped._handler = function (this: unknown, ...args: unknown[]) {
    return componentScope.run(scope, () => fn._handler.apply(this, args));
  };
  return scoped;
}

/** Bundles and imports every module of the app and of each component it installs, as a new generation. */
export async function loadApp(functionsDir: string): Promise<LoadedApp> {
  const dir = path.resolve(functionsDir);
  const generated = path.join(dir, "_generated");
  if (!fs.existsSync(path.join(generated, "api.js"))) {
    throw new Error(`local-convex: ${generated}/api.js is missing; run 'npx convex codegen' (or start without --no-codegen).`);
  }
  const generation = ++generationCounter;
  const owned: Bundled[] = [];
  try {
    const tree = flattenComponents(await loadComponentTree(dir));
    const root = await importFolder(dir, true, owned);
    // One bundle per component folder, shared by its instances (as a deploy uploads one per definition).
    const folders = new Map<string, FolderModules>();
    for (const node of tree) {
      if (!folders.has(node.dir)) folders.set(node.dir, await importFolder(node.dir, false, owned));
    }
    const envs = new Map<string, Record<string, string>>();
    const components: LoadedComponent[] = tree.map((node) => {
      const folder = folders.get(node.dir)!;
      const env = instanceEnv(node.path, node.env, node.envRefs, envs);
      envs.set(node.path, env);
      return {
        path: node.path,
        dir: node.dir,
        env,
        schema: folder.schema,
        moduleMap: instanceModuleMap(folder, { path: node.path, env }),
        functions: folder.functions,
        crons: folder.crons,
      };
    });
    bundles.push(owned);
    while (bundles.length > 5) for (const b of bundles.shift()!) b.dispose();
    return {
      generation,
      schema: root.schema,
      moduleMap: instanceModuleMap(root, { path: "", env: null }),
      functions: root.functions,
      crons: root.crons,
      hasHttp: root.hasHttp,
      authConfig: root.authConfig,
      components,
    };
  } catch (e) {
    for (const b of owned) b.dispose();
    throw e;
  }
}

function listAuthConfig(dir: string): string | null {
  for (const ext of ["ts", "js", "mts", "mjs"]) {
    const file = path.join(dir, `auth.config.${ext}`);
    if (fs.existsSync(file)) return file;
  }
  return null;
}
