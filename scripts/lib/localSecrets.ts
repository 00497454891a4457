// This install's local secrets, for `npm start` / `npm run dev` (scripts/start.ts): made at random
// on the first start and kept in the data folder (git-ignored; `--reset` wipes it with the data).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const SECRETS_FILE = "local-secrets.json";

interface Saved {
  stripeWebhookSecret?: string;
}

/**
 * The local Stripe's webhook secret (convex/payments/gateway.ts LOCAL_STRIPE_WEBHOOK_SECRET):
 * `given` (the shell's or .env.local's) if set, else this install's. Each install has its own: a
 * secret in the code would sign webhooks for any deployment that took it. `save` writes a new one
 * once the runtime is up, since the runtime's --reset wipes the folder when it starts.
 */
export function localWebhookSecret(
  dataDir: string,
  options: { reset: boolean; given?: string },
): { secret: string; save: () => void } {
  const given = options.given?.trim();
  if (given) return { secret: given, save: () => {} };
  const file = path.join(dataDir, SECRETS_FILE);
  if (!options.reset && fs.existsSync(file)) {
    const saved = (JSON.parse(fs.readFileSync(file, "utf8")) as Saved).stripeWebhookSecret;
    if (saved) return { secret: saved, save: () => {} };
  }
  const secret = `whsec_${crypto.randomBytes(32).toString("hex")}`;
  return {
    secret,
    save: () => {
      fs.mkdirSync(dataDir, { recursive: true });
      const saved: Saved = { stripeWebhookSecret: secret };
      fs.writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
    },
  };
}
