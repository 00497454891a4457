// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { localWebhookSecret, SECRETS_FILE } from "./localSecrets";

const dirs: string[] = [];
const dataDir = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "rafter-secrets-"));
  dirs.push(root);
  return path.join(root, ".data");
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the local Stripe's webhook secret for npm start", () => {
  test("is made at random on a fresh clone, kept in the data folder, and the same on the next start", () => {
    const dir = dataDir();
    const first = localWebhookSecret(dir, { reset: false });
    expect(first.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(fs.existsSync(dir)).toBe(false);
    first.save();
    expect((fs.statSync(path.join(dir, SECRETS_FILE)).mode & 0o777).toString(8)).toBe("600");
    expect(localWebhookSecret(dir, { reset: false }).secret).toBe(first.secret);
    expect(localWebhookSecret(dataDir(), { reset: false }).secret).not.toBe(first.secret);
  });

  test("is new after --reset, and the environment's when given", () => {
    const dir = dataDir();
    const first = localWebhookSecret(dir, { reset: false });
    first.save();
    const reset = localWebhookSecret(dir, { reset: true });
    expect(reset.secret).not.toBe(first.secret);
    expect(localWebhookSecret(dir, { reset: false, given: " whsec_from_env_local " }).secret).toBe("whsec_from_env_local");
  });
});
