// What the Convex CLI's bundler does beyond plain esbuild, in one place for
// the runtime's loader (src/bundle.ts) and the deploy check
// (scripts/check-convex-bundle.ts). No side effects on import.
import { createRequire } from "node:module";
import type { Plugin } from "esbuild";

type Esbuild = typeof import("esbuild");
let esbuild: Esbuild | undefined;

/**
 * The esbuild the Convex CLI bundles with: `convex`'s own dependency, resolved
 * from convex's package folder. A bare `import "esbuild"` gets whichever copy
 * npm hoisted (tsx and vite bring their own versions), which may not be the
 * one that bundles on deploy.
 */
export function convexEsbuild(): Esbuild {
  if (!esbuild) {
    const convexPackage = createRequire(import.meta.url).resolve("convex/package.json");
    esbuild = createRequire(convexPackage)("esbuild") as Esbuild;
  }
  return esbuild;
}

export type Platform = "browser" | "node";

/** A top-level "use node" directive: only leading comments and other directives may come before it. */
export function hasUseNodeDirective(source: string): boolean {
  const text = source.replace(/^\uFEFF/, "");
  const directive =
    /^\s*(?:(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*((?:(["'])[^"'\n]*\2;?\s*(?:(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*)*)/;
  const prologue = directive.exec(text)?.[1] ?? "";
  return /(["'])use node\1/.test(prologue);
}

/** What Convex's bundler adds: `server-only` stubbed, async_hooks shimmed in its runtime. */
export function convexShims(platform: Platform): Plugin {
  return {
    name: "convex-shims",
    setup(b) {
      b.onResolve({ filter: /^server-only$/ }, (args) => ({ path: args.path, namespace: "server-only-stub" }));
      b.onLoad({ filter: /.*/, namespace: "server-only-stub" }, () => ({ contents: "", loader: "js" }));
      if (platform !== "browser") return;
      b.onResolve({ filter: /^(node:)?async_hooks$/ }, (args) => ({ path: args.path, namespace: "async-hooks-shim" }));
      b.onLoad({ filter: /.*/, namespace: "async-hooks-shim" }, () => ({
        contents:
          "export const AsyncLocalStorage = globalThis.AsyncLocalStorage; export const AsyncResource = globalThis.AsyncResource; export default { AsyncLocalStorage, AsyncResource };",
        loader: "js",
      }));
    },
  };
}
