// Demo payments (issue 15): seeded through the app's own paths, a payment in every state, one
// dispute waiting for the demo admin, and the demo professional with payouts and earnings.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { PAYMENT_STATES } from "../../common/payments";
import { api, internal } from "../_generated/api";
import { createPerson, newTest, userRow } from "../test.setup";
import { DEMO_ACCOUNTS } from "./data";

beforeEach(() => {
  process.env.RAFTER_LOCAL = "1";
  delete process.env.STRIPE_SECRET_KEY;
});
afterEach(() => {
  delete process.env.RAFTER_LOCAL;
  vi.useRealTimers();
});

test("every payment state, a dispute and a failed payout for the demo admin, a quote awaited, the demo pro's payouts and earnings; once", async () => {
  vi.useFakeTimers();
  const t = newTest();
  const [ownerAccount, proAccount, adminAccount] = DEMO_ACCOUNTS;
  await createPerson(t, { ...ownerAccount!.profile, zipCode: "78704" });
  const pro = await createPerson(t, proAccount!.profile);
  const admin = await createPerson(t, { ...adminAccount!.profile, role: "admin" });
  expect(await t.action(internal.seed.payments.insertDemoPayments, {})).toEqual({ inserted: 15 });
  await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(1000));
  expect(await t.action(internal.seed.payments.insertDemoPayments, {})).toEqual({ inserted: 0 });

  const payments = await t.run((ctx) => ctx.db.query("jobPayments").take(50));
  expect(new Set(payments.map((p) => p.state))).toEqual(new Set(PAYMENT_STATES));
  for (const p of payments) expect(p.releasedCents + p.refundedCents).toBeLessThanOrEqual(p.fundedCents);
  // Every queued money move was made through the local gateway, but the one payout that failed.
  const moves = await t.run((ctx) => ctx.db.query("paymentMoves").take(50));
  expect(moves.length).toBeGreaterThan(0);
  expect(moves.filter((m) => m.status !== "done")).toMatchObject([{ kind: "transfer", status: "failed", amountCents: 29_000, attempts: 5 }]);
  const failed = await admin.as.query(api.admin.moneyMoves.listFailed, {});
  expect(failed).toMatchObject([{ title: "Replace the smoke detectors", kind: "transfer", amountCents: 29_000, payeeName: "Reed Build & Electric" }]);
  const quoted = payments.find((p) => p.state === "awaiting_quote")!;
  expect(quoted).toMatchObject({ amountCents: 0, quote: { minCents: 150_000, maxCents: 190_000 } });
  expect(payments.find((p) => p.state === "charged_back")).toMatchObject({ releasedCents: 98_000, dispute: { openedBy: "chargeback", fromState: "released" } });

  expect(await userRow(t, pro.userId)).toMatchObject({ payoutsEnabled: true });
  const earnings = await pro.as.query(api.payments.jobs.earnings, {});
  // Released (the failed payout's too: it's the pro's, delayed) and the chargeback under review.
  // The job in two milestones counts its first (released) and its second (held) apart.
  expect(earnings.releasedCents).toBe(32_000 + 41_500 + 68_000 + 72_000 + 98_000 + 29_000 + 70_000);
  expect(earnings.heldCents).toBe(54_000 + 76_000 + 240_000 + 90_000);
  expect(earnings.pendingCents).toBe(38_000);
  expect(earnings.jobs).toHaveLength(12);
  expect(earnings.jobs.filter((j) => j.milestone !== null).map((j) => [j.milestone, j.state, j.cents])).toEqual(
    expect.arrayContaining([
      ["Milestone 1: Rough-in wiring", "released", 70_000],
      ["Milestone 2: Fixtures and final inspection", "funded", 90_000],
    ]),
  );
  const disputes = await admin.as.query(api.admin.disputes.list, {});
  // The member dispute waits for the admin; the chargeback after release is listed as the bank's to decide.
  expect(disputes.map((d) => [d.title, d.bankDecides])).toEqual([
    ["Upgrade the main panel to 200A", false],
    ["Rewire the detached workshop", true],
  ]);
});
