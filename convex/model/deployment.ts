// Which kind of deployment this is. "Local" means the app running on a
// developer's machine (`npm start`, the e2e stack, `npx convex dev --local`):
// the dev outbox, the demo seed and loopback exemptions from per-IP limits
// exist only there. Told by RAFTER_LOCAL=1 (set by scripts/start.ts and
// scripts/lib/stack.ts for the local runtime; never set it on a real
// deployment) or by a loopback deployment URL (Convex provides
// CONVEX_CLOUD_URL; a hosted deployment never has a loopback one).

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export function isLoopbackHost(host: string | null | undefined): boolean {
  if (!host) return false;
  return LOOPBACK_HOSTS.has(host) || host.startsWith("127.") || host === "::ffff:127.0.0.1";
}

export function isLocalDeployment(): boolean {
  if (process.env.RAFTER_LOCAL === "1") return true;
  const url = process.env.CONVEX_CLOUD_URL;
  if (!url) return false;
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The dev outbox is readable only on a local deployment whose emails go to it. */
export function isOutboxReadable(): boolean {
  return process.env.EMAIL_TRANSPORT === "outbox" && isLocalDeployment();
}

/** Refuses work that must never run on a real deployment (demo seed, its demo admin). */
export function assertLocalDeployment(message: string): void {
  if (!isLocalDeployment()) throw new Error(`${message} Set RAFTER_LOCAL=1 only on a developer's machine.`);
}
