// ESLint flat config (`npm run lint`). Not type-aware, so it stays fast; `tsc`
// (npm run typecheck) is the type check.
import js from "@eslint/js";
import convexPlugin from "@convex-dev/eslint-plugin";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const RAW_BUILDERS = ["query", "mutation", "action", "internalQuery", "internalMutation", "internalAction"];

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "**/.data*/**",
      "convex/_generated/**",
      "tools/local-convex/test/fixture/**",
      "playwright-report/**",
      "test-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_name` marks a deliberately unused binding (a parameter kept for its position, a skipped tuple item).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      // ESLint 10's new recommended rule; warn until the local runtime's re-thrown errors carry `{ cause }`.
      "preserve-caught-error": "warn",
      // Empty catch blocks are how "best effort" reads are written here; they must say why in a comment.
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },

  // The browser app.
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    ...reactHooks.configs.flat["recommended-latest"],
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      // Flags `const onSubmit = handleSubmit(fnReadingARef)` during render (react-hook-form); the fix is
      // `onSubmit={(e) => handleSubmit(fn)(e)}`. Warn until the forms do that, then back to "error".
      "react-hooks/refs": "warn",
    },
  },

  // Node: scripts, tools, tests, config files.
  {
    files: ["scripts/**", "tools/**", "e2e/**", "bench/**", "*.config.{js,ts}", "**/*.test.ts", "convex/test.setup.ts"],
    languageOptions: { globals: globals.node },
  },

  // The local runtime patches convex-test's internals: `function` callbacks with their own `this` need
  // the engine under another name. Its files that wrap untyped internals opt into `any` file by file.
  {
    files: ["tools/local-convex/**/*.ts"],
    rules: { "@typescript-eslint/no-this-alias": ["error", { allowedNames: ["engine"] }] },
  },
  // Playwright reads a fixture's dependencies from its destructuring pattern: `async ({}, use) => ...` is required.
  {
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  // Journeys wait for state a user would see, never for time: a fixed sleep is too short on a busy
  // machine and wasted on a quiet one.
  {
    files: ["e2e/**/*.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          property: "waitForTimeout",
          message:
            "Wait for state the user sees (expect(...).toBeVisible(), a data-* the app sets when a moment has passed, src/lib/documentState.ts) or drive time with page.clock.",
        },
      ],
    },
  },
  // esbuild only through convexEsbuild() (tools/local-convex/src/convex-bundling.ts): the copy the Convex CLI
  // bundles with. A bare import gets whichever version npm hoisted (tsx and vite bring their own).
  {
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "esbuild",
              allowTypeImports: true,
              message: "Use convexEsbuild() from tools/local-convex/src/convex-bundling.ts (convex's own esbuild).",
            },
          ],
        },
      ],
    },
  },
  // The protocol tests and their harness read the wire's loose JSON and the runtime's child-process errors.
  {
    files: ["tools/local-convex/test/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  // The benchmark assembles a loosely shaped JSON report.
  {
    files: ["bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },

  // Convex functions (STYLE rules 1 and 2).
  ...convexPlugin.configs.recommended,
  {
    files: ["convex/**/*.ts"],
    rules: {
      // Recommended rules the current code predates: warn (visible in every lint run) until it is migrated
      // to `ctx.db.patch("users", id, ...)` and `import { env } from "./_generated/server"`; then remove.
      "@convex-dev/explicit-table-ids": "warn",
      "@convex-dev/no-process-env": "warn",
    },
  },
  {
    files: ["convex/**/*.ts"],
    ignores: ["convex/functions.ts", "convex/_generated/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\.?/)+_generated/server(\\.js)?$",
              importNames: RAW_BUILDERS,
              message:
                "Use the builders from convex/functions.ts (query, mutation, action, internal*): they resolve the viewer once. Types such as QueryCtx may still come from _generated/server.",
            },
          ],
        },
      ],
    },
  },
  // Tests set the environment the functions read (process.env); they are never deployed.
  {
    files: ["convex/**/*.test.ts", "convex/test.setup.ts"],
    rules: { "@convex-dev/no-process-env": "off" },
  },
);
