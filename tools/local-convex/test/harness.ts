// Test helpers: the runtime as a child process (src/spawn.ts), the fixture
// apps, tokens, and waiting for state.
import fs from "node:fs";
import path from "node:path";
import { SignJWT, importPKCS8 } from "jose";
import { copyApp, TOOL_DIR } from "../src/spawn.js";

export {
  client,
  copyApp,
  freePort,
  httpClient,
  REPO_ROOT,
  startExpectingFailure,
  startRuntime,
  tempDir,
  TOOL_DIR,
  type Running,
  type StartOptions,
} from "../src/spawn.js";

/** A scratch copy of the fixture app, so tests never touch the repository. */
export function copyFixture(name = "fixture"): string {
  return copyApp(path.join(TOOL_DIR, "test", name));
}

/** Mints a user token the way @convex-dev/auth does, with the runtime's own key. */
export async function mintToken(
  dataDir: string,
  siteUrl: string,
  claims: { sub: string; expiresInSeconds?: number; name?: string; key?: string },
): Promise<string> {
  const keys = JSON.parse(fs.readFileSync(path.join(dataDir, "keys.json"), "utf8"));
  const pem = (claims.key ?? keys.jwtPrivateKey).replace(/ (?!PRIVATE|KEY)/g, "\n");
  const key = await importPKCS8(pem, "RS256");
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...(claims.name ? { name: claims.name } : {}) })
    .setProtectedHeader({ alg: "RS256" })
    .setSubject(claims.sub)
    .setIssuer(siteUrl)
    .setAudience("convex")
    .setIssuedAt(now - 5)
    .setExpirationTime(now + (claims.expiresInSeconds ?? 3600))
    .sign(key);
}

export function waitFor<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = async () => {
      try {
        const value = await check();
        if (value) return resolve(value);
      } catch {
        // not yet
      }
      if (Date.now() - started > timeoutMs) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 25);
    };
    void tick();
  });
}
