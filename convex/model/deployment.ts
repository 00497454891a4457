// Which kind of deployment this is. "Local" means the app running on a
// developer's machine (`npm start`, `npm run dev`, the e2e stack, the unit
// tests): the dev outbox, the local payments gateway, the demo admin and the
// loopback exemption from per-IP limits exist only there. The demo seed runs
// there, and also where the deployment allows it (assertSeedAllowed).
//
// Local mode is an explicit opt-in, RAFTER_LOCAL=1, set by scripts/start.ts and
// scripts/lib/stack.ts for the local runtime and by the unit tests. It is never
// inferred from the deployment's URLs: a self-hosted backend behind a reverse
// proxy reports a loopback CONVEX_CLOUD_URL too, and every one of its clients
// is 127.0.0.1. Even when opted in, local mode is refused when the site URLs
// (CONVEX_SITE_URL, and SITE_URL if set) are not loopback: a deployment
// reachable under a public name is not a developer's machine, whatever its
// environment says.

import { env } from "../_generated/server";

const LOOPBACK_NAMES = new Set(["localhost", "::1", "[::1]"]);

/** A loopback address or name. A whole dotted quad: "127.example.com" is not one. */
export function isLoopbackHost(host: string | null | undefined): boolean {
  if (!host) return false;
  const h = host.toLowerCase();
  if (LOOPBACK_NAMES.has(h) || h.endsWith(".localhost")) return true;
  const v4 = h.startsWith("::ffff:") ? h.slice("::ffff:".length) : h;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Why local mode can't be on here, or null when it is. Not opted in is a reason too, so
 * assertSeedAllowed can say which it was.
 */
export function localModeRefusal(): string | null {
  if (process.env.RAFTER_LOCAL !== "1") return "RAFTER_LOCAL=1 is not set.";
  // Convex and the local runtime always provide CONVEX_SITE_URL; only a unit test may lack it.
  for (const [name, url] of [
    ["CONVEX_SITE_URL", process.env.CONVEX_SITE_URL],
    ["SITE_URL", process.env.SITE_URL],
  ] as const) {
    if (url && !isLoopbackUrl(url)) {
      return `RAFTER_LOCAL=1 is set, but ${name} (${url}) is not a loopback address: local mode is refused.`;
    }
  }
  return null;
}

let reportedRefusal: string | null = null;

/**
 * Whether this is a developer's machine that opted in (see the top of the file). A refused
 * opt-in answers false (fails closed) and says why in the log, once per reason per instance.
 */
export function isLocalDeployment(): boolean {
  const refusal = localModeRefusal();
  if (refusal !== null && process.env.RAFTER_LOCAL === "1" && refusal !== reportedRefusal) {
    reportedRefusal = refusal;
    console.error(`${refusal} Unset RAFTER_LOCAL on this deployment.`);
  }
  return refusal === null;
}

/** The dev outbox is readable only on a local deployment whose emails go to it. */
export function isOutboxReadable(): boolean {
  return process.env.EMAIL_TRANSPORT === "outbox" && isLocalDeployment();
}

/** A live Stripe key (secret or restricted): real money moves here, so this is production. */
export function looksLikeProduction(): boolean {
  return /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY?.trim() ?? "");
}

/**
 * Refuses the demo seed unless this is a local deployment or one that allows demo data
 * (RAFTER_ALLOW_SEED=1, e.g. a cloud development deployment), and always where it looks like
 * production. Allowing the seed switches on nothing local: the outbox, local payments and the
 * loopback exemption still follow local mode alone, and what the seed makes only in local mode
 * (the demo admin's role, demo payments) is left out (seed/run.ts).
 */
export function assertSeedAllowed(): void {
  if (looksLikeProduction()) {
    throw new Error("Demo data is never seeded on a deployment with a live Stripe key (sk_live_/rk_live_): it looks like production.");
  }
  const refusal = localModeRefusal();
  if (refusal === null || env.RAFTER_ALLOW_SEED?.trim() === "1") return;
  throw new Error(
    `Demo data is seeded only on a local deployment or on one that allows it. ${refusal} ` +
      "On a development deployment, allow it with `npx convex env set RAFTER_ALLOW_SEED 1` (never on production: the demo accounts' password is published).",
  );
}
