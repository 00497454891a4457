// Local mode (model/deployment.ts) is an explicit opt-in, refused off a developer's machine, and
// local payments need the install's own random webhook secret (issue 29, finding 1).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ErrorCode } from "../common/errors";
import { PaymentCopy } from "../common/payments";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { isLocalDeployment, isLoopbackHost } from "./model/deployment";
import { ipLimited } from "./model/rateLimit";
import { jobCheckoutSessionObject, stripeEvent } from "./payments/events";
import { paymentsMode } from "./payments/gateway";
import { bid, errorOf, newTest, owner, postStripeEvent, pro, project, setupEnv, signUpParams, type TestConvex } from "./test.setup";

/** Where the install's own local webhook secret comes from (payments/gateway.ts). */
const LOCAL_WEBHOOK_SECRET_ENV = "LOCAL_STRIPE_WEBHOOK_SECRET";
/** The secret every install shared before: public in the repository, so anyone could sign with it. */
const OLD_PUBLIC_SECRET = "whsec_rafter_local_payments_mode";
const OLD_PUBLIC_CONNECT_SECRET = "whsec_rafter_local_connect_mode";

beforeAll(setupEnv);
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** A self-hosted backend behind a reverse proxy: loopback deployment URLs, no opt-in. */
function proxiedSelfHosted() {
  vi.stubEnv("RAFTER_LOCAL", "");
  vi.stubEnv("STRIPE_SECRET_KEY", undefined);
  vi.stubEnv("CONVEX_CLOUD_URL", "http://127.0.0.1:3210");
  vi.stubEnv("CONVEX_SITE_URL", "http://127.0.0.1:3211");
  vi.stubEnv("EMAIL_TRANSPORT", "outbox");
}

async function outboxEmail(t: TestConvex) {
  await t.run((ctx) =>
    ctx.db.insert("emailOutbox", {
      to: "casey@example.com",
      subject: "Reset your password",
      text: "http://localhost:5173/reset-password?token=secret",
      html: "h",
      kind: "password_reset",
    }),
  );
}

const signIn = (t: TestConvex, params: Record<string, unknown>) => t.action(api.auth.signIn, { provider: "password", params });

/** An owner whose accepted bid left the job's payment awaiting funding. */
async function hired(t: TestConvex) {
  const o = await owner(t);
  const p = await pro(t, { payoutsEnabled: true, stripeConnectAccountId: "acct_test_pro" });
  const jobId = await o.as.mutation(api.jobs.create, project());
  const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid() });
  await o.as.mutation(api.bids.accept, { bidId });
  const payment = await t.run(async (ctx) => (await ctx.db.query("jobPayments").withIndex("by_jobId", (q) => q.eq("jobId", jobId)).unique())!);
  return { o, p, jobId, payment };
}

/** A paid checkout for the payment as the local Stripe would report it: what a forger would send. */
function paidCheckout(payment: { _id: Id<"jobPayments">; ownerId: Id<"users">; amountCents: number }) {
  return stripeEvent(
    "checkout.session.completed",
    jobCheckoutSessionObject({
      sessionId: "cs_forged",
      paymentId: payment._id,
      ownerId: payment.ownerId,
      amountCents: payment.amountCents,
      paymentIntentId: "pi_forged",
      chargeId: "ch_forged",
      transferGroup: "job_forged",
    }),
    Date.now(),
  );
}

describe("a loopback deployment URL without RAFTER_LOCAL=1 is not local", () => {
  it("has no outbox, no demo seed and no local payments", async () => {
    proxiedSelfHosted();
    const t = newTest();
    expect(isLocalDeployment()).toBe(false);
    await outboxEmail(t);
    expect(await t.query(api.devOutbox.location, {})).toBeNull();
    const response = await t.fetch("/dev/outbox");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("secret");
    await expect(t.action(internal.seed.run.run, { professionals: 0, homeowners: 0, jobs: 0 })).rejects.toThrow(/RAFTER_LOCAL=1 is not set/);
    expect(paymentsMode()).toBe("off");
    const member = await pro(t);
    expect(await errorOf(member.as.action(api.payments.subscriptions.checkout, { planId: "pro" }))).toEqual({
      code: ErrorCode.INVALID_INPUT,
      message: PaymentCopy.notConfigured,
    });
  });

  it("limits 127.0.0.1 per IP: behind a proxy every client is 127.0.0.1", async () => {
    proxiedSelfHosted();
    vi.stubEnv("RATE_LIMIT_SIGN_UP_PER_IP", "2");
    expect(ipLimited("127.0.0.1")).toBe(true);
    const proxied = newTest().withRequestMetadata({ ip: "127.0.0.1" });
    for (let i = 0; i < 2; i++) await signIn(proxied, signUpParams({ email: `p${i}@example.com` }));
    expect((await errorOf(signIn(proxied, signUpParams({ email: "p3@example.com" })))).code).toBe(ErrorCode.RATE_LIMITED);
  });

  it("takes no name for loopback that only looks like one", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "::ffff:127.0.0.1"]) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["127.example.com", "127.0.0.1.example.com", "10.0.0.1", "0.0.0.0", "example.com"]) expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe("local mode is refused when a site URL is not loopback", () => {
  for (const [name, url] of [
    ["CONVEX_SITE_URL", "https://rafter.example.com"],
    ["SITE_URL", "https://app.rafter.example.com"],
  ] as const) {
    it(`refuses RAFTER_LOCAL=1 with a public ${name}`, async () => {
      const log = vi.spyOn(console, "error").mockImplementation(() => {});
      vi.stubEnv("RAFTER_LOCAL", "1");
      vi.stubEnv("STRIPE_SECRET_KEY", undefined);
      vi.stubEnv("CONVEX_CLOUD_URL", "http://127.0.0.1:3210");
      vi.stubEnv("CONVEX_SITE_URL", "http://127.0.0.1:3211");
      vi.stubEnv("EMAIL_TRANSPORT", "outbox");
      vi.stubEnv(name, url);
      const t = newTest();
      expect(isLocalDeployment()).toBe(false);
      expect(log).toHaveBeenCalledWith(expect.stringContaining(`${name} (${url}) is not a loopback address`));
      await outboxEmail(t);
      expect((await t.fetch("/dev/outbox")).status).toBe(404);
      expect(ipLimited("127.0.0.1")).toBe(true);
      expect(paymentsMode()).toBe("off");
      await expect(t.action(internal.seed.run.run, { professionals: 0, homeowners: 0, jobs: 0 })).rejects.toThrow(/is not a loopback address/);
    });
  }

  it("is on with RAFTER_LOCAL=1 and loopback site URLs", () => {
    vi.stubEnv("RAFTER_LOCAL", "1");
    vi.stubEnv("CONVEX_SITE_URL", "http://127.0.0.1:3211");
    vi.stubEnv("SITE_URL", "http://localhost:5173");
    expect(isLocalDeployment()).toBe(true);
    expect(ipLimited("127.0.0.1")).toBe(false);
    expect(ipLimited("203.0.113.5")).toBe(true);
  });
});

describe("payments without a Stripe key", () => {
  function localDeployment() {
    vi.stubEnv("RAFTER_LOCAL", "1");
    vi.stubEnv("STRIPE_SECRET_KEY", undefined);
    vi.stubEnv("CONVEX_SITE_URL", "http://127.0.0.1:3211");
  }

  it("are off on a local deployment without its own webhook secret: plans, funding and webhooks refuse", async () => {
    localDeployment();
    vi.stubEnv(LOCAL_WEBHOOK_SECRET_ENV, "");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const t = newTest();
    expect(paymentsMode()).toBe("off");
    const refused = { code: ErrorCode.INVALID_INPUT, message: PaymentCopy.notConfigured };
    const member = await pro(t);
    expect(await errorOf(member.as.action(api.payments.subscriptions.checkout, { planId: "pro" }))).toEqual(refused);
    const { o, jobId, payment } = await hired(t);
    expect(await errorOf(o.as.action(api.payments.jobs.fund, { jobId }))).toEqual(refused);
    for (const [path, secret] of [
      ["/stripe/webhook", OLD_PUBLIC_SECRET],
      ["/stripe/connect-webhook", OLD_PUBLIC_CONNECT_SECRET],
    ] as const) {
      const response = await postStripeEvent(t, paidCheckout(payment), { path, secret });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: PaymentCopy.notConfigured });
    }
    const after = await t.run((ctx) => ctx.db.get("jobPayments", payment._id));
    expect(after).toMatchObject({ state: "awaiting_funding", fundedCents: 0 });
    expect(after?.checkoutStartedAt).toBeUndefined();
  });

  it("are off with a secret too short to be random", () => {
    localDeployment();
    vi.stubEnv(LOCAL_WEBHOOK_SECRET_ENV, "whsec_short");
    expect(paymentsMode()).toBe("off");
  });

  it("are local with the install's secret, and the old public secret no longer signs a webhook", async () => {
    localDeployment();
    vi.stubEnv(LOCAL_WEBHOOK_SECRET_ENV, `whsec_${crypto.randomUUID()}${crypto.randomUUID()}`);
    const t = newTest();
    expect(paymentsMode()).toBe("local");
    const { payment } = await hired(t);
    const forged = await postStripeEvent(t, paidCheckout(payment), { path: "/stripe/webhook", secret: OLD_PUBLIC_SECRET });
    expect(forged.status).toBe(400);
    expect(await t.run((ctx) => ctx.db.get("jobPayments", payment._id))).toMatchObject({ state: "awaiting_funding", fundedCents: 0 });
    // The same event signed with this install's secret is the local Stripe's own: it funds.
    expect((await postStripeEvent(t, paidCheckout(payment))).status).toBe(200);
    expect(await t.run((ctx) => ctx.db.get("jobPayments", payment._id))).toMatchObject({ state: "funded" });
  });
});

describe("the demo seed on a cloud development deployment (RAFTER_ALLOW_SEED=1)", () => {
  /** A cloud dev deployment as `npx convex dev` makes it: public URLs, no local mode, no Stripe key. */
  function cloudDev(allowSeed: boolean) {
    vi.stubEnv("RAFTER_LOCAL", "");
    vi.stubEnv("RAFTER_ALLOW_SEED", allowSeed ? "1" : "");
    vi.stubEnv("STRIPE_SECRET_KEY", undefined);
    vi.stubEnv("CONVEX_CLOUD_URL", "https://happy-animal-123.convex.cloud");
    vi.stubEnv("CONVEX_SITE_URL", "https://happy-animal-123.convex.site");
    vi.stubEnv("SITE_URL", "https://dev.rafter.example");
    vi.stubEnv("EMAIL_TRANSPORT", "resend");
  }
  const SMALL = { professionals: 40, homeowners: 20, jobs: 6 };

  it("seeds when allowed, and switches on nothing local", { timeout: 120_000 }, async () => {
    cloudDev(true);
    // Scheduled work waits (convex-test would otherwise run it alongside the seed's own writes).
    vi.useFakeTimers();
    const t = newTest();
    const result = await t.action(internal.seed.run.run, SMALL);
    expect(result.inserted).toMatchObject({ professionals: 40, homeowners: 20, jobs: 6 });
    expect(result.demoAccountsCreated).toContain("admin@rafter.test");
    expect(result.leftOut).toHaveLength(2);
    expect((await t.query(internal.seed.run.status, {})).seeded).toBe(true);
    await t.run(async (ctx) => {
      const users = await ctx.db.query("users").collect();
      // The demo admin is a plain member here (its password is published), and nobody got a local payout account.
      expect(users.filter((u) => u.role === "admin")).toEqual([]);
      expect(users.filter((u) => u.stripeConnectAccountId !== undefined || u.stripeCustomerId !== undefined)).toEqual([]);
      expect(await ctx.db.query("localMoneyMoves").take(1)).toEqual([]);
      // Nothing was mailed (demo and generated accounts have no inbox) and nothing went to an outbox.
      const jobs = await ctx.db.system.query("_scheduled_functions").collect();
      expect(jobs.filter((j) => j.name.startsWith("emails/")).map((j) => [j.args[0].to, j.args[0].kind])).toEqual([]);
      expect(await ctx.db.query("emailOutbox").take(1)).toEqual([]);
    });
    // Local-only behaviour stays off.
    expect(isLocalDeployment()).toBe(false);
    expect(paymentsMode()).toBe("off");
    expect(ipLimited("127.0.0.1")).toBe(true);
    expect((await t.fetch("/dev/outbox")).status).toBe(404);
    // Idempotent: a second run adds nothing.
    const again = await t.action(internal.seed.run.run, SMALL);
    expect(again.inserted).toMatchObject({ professionals: 0, homeowners: 0, jobs: 0 });
    expect(again.demoAccountsCreated).toEqual([]);
    vi.useRealTimers();
  });

  it("refuses when not allowed, and says how to allow it", async () => {
    cloudDev(false);
    const t = newTest();
    await expect(t.action(internal.seed.run.run, SMALL)).rejects.toThrow(/RAFTER_ALLOW_SEED 1/);
    expect(await t.run((ctx) => ctx.db.query("users").take(1))).toEqual([]);
  });

  it("never seeds where a live Stripe key says production, even when allowed or local", async () => {
    for (const key of ["sk_live_abc", "rk_live_abc"]) {
      cloudDev(true);
      vi.stubEnv("STRIPE_SECRET_KEY", key);
      const t = newTest();
      await expect(t.action(internal.seed.run.run, SMALL)).rejects.toThrow(/looks like production/);
      vi.stubEnv("RAFTER_LOCAL", "1");
      vi.stubEnv("CONVEX_SITE_URL", "http://127.0.0.1:3211");
      vi.stubEnv("SITE_URL", "http://localhost:5173");
      await expect(t.action(internal.seed.run.run, SMALL)).rejects.toThrow(/looks like production/);
      expect(await t.run((ctx) => ctx.db.query("users").take(1))).toEqual([]);
    }
  });
});
