// Writes `<functions>/_generated` offline with the Convex CLI's own templates
// (convex/dist/cjs/cli/codegen_templates), as `npx convex codegen` writes it
// for an app with components: `components` is typed from each package's
// published `ComponentApi`. The CLI itself needs a deployment to analyse
// component apps, which a machine without one cannot reach.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { format } from "prettier";
import { loadComponentTree, type ComponentNode } from "./components.js";
import { listModules } from "./loader.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
function templates(): { api: any; server: any; dataModel: any; componentApi: any } {
  // The templates are not in the package's exports map: reach them by file path.
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve("convex/package.json", { paths: [process.cwd()] }));
  const dir = path.join(root, "dist", "cjs", "cli", "codegen_templates");
  return {
    api: require(path.join(dir, "api.js")),
    server: require(path.join(dir, "server.js")),
    dataModel: loadTemplate(path.join(dir, "dataModel.js")),
    componentApi: loadTemplate(path.join(dir, "component_api.js")),
  };
}

/**
 * A template module whose static templates we use, without the CLI internals it
 * also imports for deployment-backed codegen (they need the CLI bundle's own
 * dependencies, which npm does not install): those imports get empty modules.
 */
function loadTemplate(file: string): any {
  const real = createRequire(file);
  const own = new Set(["./api.js", "./common.js", "path"]);
  const module = { exports: {} as any };
  const fakeRequire = (id: string) => (own.has(id) ? real(id) : {});
  new Function("require", "module", "exports", fs.readFileSync(file, "utf8"))(fakeRequire, module, module.exports);
  return module.exports;
}

/** The `components` declaration the CLI appends to api.d.ts (its `useComponentApiImports` form). */
export function componentsDeclaration(tree: ComponentNode[], functionsDir: string): string {
  const lines = tree.map((node) => {
    const from = node.packageName ?? `./${path.relative(path.join(functionsDir, "_generated"), node.dir).replace(/\\/g, "/")}`;
    return `  "${node.name}": import("${from}/_generated/component.js").ComponentApi<"${node.name}">,`;
  });
  return `\nexport declare const components: {\n${lines.join("\n")}\n};`;
}

/** The generated files of an app, by name, before formatting. */
export async function generatedFiles(functionsDir: string): Promise<Record<string, string>> {
  const dir = path.resolve(functionsDir);
  const t = templates();
  const tree = await loadComponentTree(dir);
  const modulePaths = listModules(dir)
    .map((file) => path.relative(dir, file).replace(/\\/g, "/"))
    // The CLI leaves the schema out of the api (a module of no functions).
    .filter((p) => !/(^|\/)schema\.(ts|js)$/.test(p))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const api = t.api.apiCodegen(modulePaths, { useTypeScript: false });
  const server = t.server.serverCodegen({ useTypeScript: false, envVars: undefined });
  const hasSchema = ["schema.ts", "schema.js"].some((f) => fs.existsSync(path.join(dir, f)));
  const files: Record<string, string> = {
    "dataModel.d.ts": hasSchema ? t.dataModel.dynamicDataModelDTS() : t.dataModel.noSchemaDataModelDTS(),
    "server.js": server.JS,
    "server.d.ts": server.DTS,
  };
  if (tree.length === 0) {
    files["api.js"] = api.JS;
    files["api.d.ts"] = api.DTS;
  } else {
    files["api.js"] = t.componentApi.componentApiJs();
    files["api.d.ts"] = api.DTS + componentsDeclaration(tree, dir);
  }
  return files;
}

/** Regenerates `<functions>/_generated`, leaving files that did not change untouched (as the CLI does). */
export async function writeGenerated(functionsDir: string): Promise<void> {
  const out = path.join(path.resolve(functionsDir), "_generated");
  fs.mkdirSync(out, { recursive: true });
  for (const [name, contents] of Object.entries(await generatedFiles(functionsDir))) {
    const formatted = await format(contents, { parser: "typescript" });
    const file = path.join(out, name);
    if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === formatted) continue;
    fs.writeFileSync(`${file}.tmp`, formatted);
    fs.renameSync(`${file}.tmp`, file);
  }
}
