// Reads an app's component tree from its `convex.config.ts` as the Convex CLI
// does before a push: the config is bundled, and every imported
// `convex.config` (the app's own, or a package's `dist/component`) learns the
// directory it stands for. Outside the CLI's bundler `app.use(component)`
// throws ("does not have the required componentDefinitionPath property"), so
// the bundle sets that property the way the CLI's esbuild plugin does.
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "esbuild";
import { convexEsbuild } from "./convex-bundling.js";

export interface ComponentNode {
  /** The name its parent installed it under (`app.use(x, {name})`), unique among siblings. */
  name: string;
  /** Its path from the app, as Convex names component instances: "resend/emailWorkpool". */
  path: string;
  /** Absolute directory of its functions (a package's `dist/component`). */
  dir: string;
  /** The npm package that publishes it, when it comes from one (codegen imports its `ComponentApi` from there). */
  packageName: string | null;
  /** Environment values its parent passed (`use(x, {env})`). */
  env: Record<string, string>;
  /**
   * Environment variables of its parent it was given by reference
   * (`use(x, {env: {KEY: app.env.NAME}})`): KEY -> NAME, read from the
   * deployment's environment for the app's children, from the parent's own otherwise.
   */
  envRefs: Record<string, string>;
  children: ComponentNode[];
}

const CONFIG_NAMES = ["convex.config.ts", "convex.config.js", "convex.config.mts", "convex.config.mjs"];
const CONFIG_IMPORT = /(^|\/)convex\.config(\.[cm]?[jt]s)?$/;
const SOURCE_SUFFIX = "?component-definition-source";

/** The app's `convex.config.*`, or null when it installs no components. */
export function appConfigFile(functionsDir: string): string | null {
  for (const name of CONFIG_NAMES) {
    const file = path.join(functionsDir, name);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

// Marks each imported component definition with its directory, as the CLI's bundler plugin does.
const definitionPaths: Plugin = {
  name: "component-definition-paths",
  setup(b) {
    b.onResolve({ filter: CONFIG_IMPORT }, async (args) => {
      if (args.kind === "entry-point" || args.pluginData?.source) return undefined;
      const resolved = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: { source: true } });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: resolved.path, namespace: "component-definition" };
    });
    b.onResolve({ filter: /\?component-definition-source$/ }, (args) => ({ path: args.path.slice(0, -SOURCE_SUFFIX.length) }));
    b.onLoad({ filter: /.*/, namespace: "component-definition" }, (args) => ({
      resolveDir: path.dirname(args.path),
      loader: "js",
      contents: [
        `import definition from ${JSON.stringify(args.path + SOURCE_SUFFIX)};`,
        `definition.componentDefinitionPath = ${JSON.stringify(path.dirname(args.path))};`,
        // Convex names an unnamed instance after its definition (defineComponent("resend")).
        `definition.defaultName ??= definition._name;`,
        `export default definition;`,
      ].join("\n"),
    }));
  },
};

/* eslint-disable @typescript-eslint/no-explicit-any */
/** The component tree the app installs, depth first in `use` order; [] without a `convex.config`. */
export async function loadComponentTree(functionsDir: string): Promise<ComponentNode[]> {
  const file = appConfigFile(path.resolve(functionsDir));
  if (file === null) return [];
  const result = await convexEsbuild().build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    logLevel: "silent",
    plugins: [definitionPaths],
  });
  const code = result.outputFiles[0].text;
  const mod = await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
  const app = mod.default;
  if (!app || app._isRoot !== true || !Array.isArray(app._childComponents)) {
    throw new Error(`local-convex: ${path.relative(process.cwd(), file)} must export default defineApp() from "convex/server".`);
  }
  return children(app, "");
}

function children(definition: any, parentPath: string): ComponentNode[] {
  const seen = new Set<string>();
  const out: ComponentNode[] = [];
  for (const [name, child, env] of definition._childComponents as [string, any, Record<string, unknown>][]) {
    if (seen.has(name)) throw new Error(`local-convex: two components are installed as "${name}"${parentPath ? ` in ${parentPath}` : ""}; give one another name.`);
    seen.add(name);
    const dir: string = child.componentDefinitionPath;
    const componentPath = parentPath ? `${parentPath}/${name}` : name;
    const values: Record<string, string> = {};
    const envRefs: Record<string, string> = {};
    for (const [key, value] of Object.entries(env ?? {})) {
      if (typeof value === "string") values[key] = value;
      else if (typeof (value as any)?.__envVarRef === "string") envRefs[key] = (value as any).__envVarRef;
    }
    out.push({ name, path: componentPath, dir, packageName: packageOf(dir), env: values, envRefs, children: children(child, componentPath) });
  }
  return out;
}

/** Every node of the tree, parents before children. */
export function flattenComponents(tree: ComponentNode[]): ComponentNode[] {
  return tree.flatMap((node) => [node, ...flattenComponents(node.children)]);
}

function packageOf(dir: string): string | null {
  let at = dir;
  while (at !== path.dirname(at)) {
    const pkg = path.join(at, "package.json");
    if (fs.existsSync(pkg)) {
      const name = JSON.parse(fs.readFileSync(pkg, "utf8")).name;
      // dist/ folders carry nested package.json files ({"type": "module"}) without a name.
      if (typeof name === "string") return at.includes(`${path.sep}node_modules${path.sep}`) ? name : null;
    }
    at = path.dirname(at);
  }
  return null;
}
