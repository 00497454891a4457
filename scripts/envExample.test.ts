// @vitest-environment node
// .env.example is the one list of environment variables: every variable the Convex functions read
// (process.env.NAME or the `env` object of _generated/server) is in it, commented or not. Tests
// and the variables Convex itself provides to functions are not settings.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
/** Set by the test setup or by Convex itself (never in .env.example as something to set). */
const NOT_SETTINGS = new Set(["AUTHZ_MODULES", "CI", "TEST_NOW", "CONVEX_CLOUD_URL", "NODE_ENV"]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "_generated" ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$|^test\.setup\.ts$|authz\.setup\.ts$/.test(name) ? [path] : [];
  });
}

test("every variable the functions read is in .env.example", () => {
  const read = new Set<string>();
  for (const file of sources(join(ROOT, "convex"))) {
    const text = readFileSync(file, "utf8");
    for (const [, name] of text.matchAll(/\b(?:process\.env|env)\.([A-Z][A-Z0-9_]*)/g)) read.add(name!);
    // A variable named through a constant (payments/gateway.ts: LOCAL_WEBHOOK_SECRET_ENV = "...").
    for (const [, name] of text.matchAll(/_ENV = "([A-Z][A-Z0-9_]*)"/g)) read.add(name!);
  }
  const listed = new Set([...readFileSync(join(ROOT, ".env.example"), "utf8").matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
  const missing = [...read].filter((name) => !NOT_SETTINGS.has(name) && !listed.has(name)).sort();
  expect(missing).toEqual([]);
  // The scan sees the functions' reads at all (a broken regex would pass the check above).
  expect(read).toContain("STRIPE_SECRET_KEY");
  expect(read).toContain("RAFTER_LOCAL");
});
