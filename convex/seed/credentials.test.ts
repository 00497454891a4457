// Demo credentials: Verified means something in the directory (approved licences and insurance),
// the demo admin's Verification queue has work (a Pro+ member's a day ahead), one approved licence
// expires within 30 days and its reminder went out; through the app's own paths; once.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { CredentialCopy, DAY_MS, REMINDER_DAYS } from "../../common/credentials";
import { api, internal } from "../_generated/api";
import { DEMO_ACCOUNTS } from "./data";
import { createPerson, newTest, pro, type TestMember } from "../test.setup";

beforeEach(() =>
  vi.useFakeTimers({ now: new Date("2026-11-24T12:00:00Z"), toFake: ["Date", "setTimeout", "clearTimeout"] }),
);
afterEach(() => vi.useRealTimers());

test("demo credentials: approved ones verify, three wait in the queue (Pro+ first), one expires within 30 days; once", async () => {
  const t = newTest();
  const adminAccount = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
  const admin = await createPerson(t, { ...adminAccount.profile, role: "admin" });
  const pros: TestMember[] = [];
  for (let i = 0; i < 20; i++) {
    pros.push(
      await pro(t, {
        seeded: true,
        email: `peer${i}@example.com`,
        firstName: `Peer${i}`,
        lastName: "Pro",
        ...(i === 1 ? { subscriptionTier: "pro_plus" as const } : {}),
      }),
    );
  }
  expect(await t.action(internal.seed.credentials.insertDemoCredentials, {})).toEqual({ inserted: 17, skipped: 0 });
  vi.advanceTimersByTime(1);
  await t.finishInProgressScheduledFunctions();

  const verified = await t.query(api.professionals.search, { verified: true, limit: 50 });
  expect(verified.professionals).toHaveLength(14);
  const queue = await admin.as.query(api.admin.verification.queue, { paginationOpts: { numItems: 20, cursor: null } });
  expect(queue.page.map((r) => r.member?.id)).toEqual([pros[1]!.userId, pros[17]!.userId, pros[18]!.userId]);
  expect(queue.page[0]!.expedited).toBe(true);

  const approved = await t.run((ctx) =>
    ctx.db
      .query("credentials")
      .withIndex("by_state_and_expiresAt", (q) => q.eq("state", "approved"))
      .take(50),
  );
  const soon = approved.filter((c) => c.expiresAt! <= Date.now() + REMINDER_DAYS * DAY_MS);
  expect(soon.map((c) => c.userId)).toEqual([pros[19]!.userId]);
  expect(soon[0]!.reminded).toBe(true);
  const notes = await t.run((ctx) =>
    ctx.db
      .query("notifications")
      .withIndex("by_userId", (q) => q.eq("userId", pros[19]!.userId))
      .take(10),
  );
  expect(notes.map((n) => n.title)).toContain(CredentialCopy.reminderTitle);
  // Each document is a claimed, private file of its holder.
  const files = await t.run((ctx) => ctx.db.query("files").take(50));
  expect(files.filter((f) => f.purpose === "credential")).toHaveLength(17);
  const audit = await t.run((ctx) => ctx.db.query("auditLog").take(50));
  expect(audit).toHaveLength(14);
  expect(audit.every((a) => a.adminId === admin.userId && a.action === "credential.approve")).toBe(true);

  expect(await t.action(internal.seed.credentials.insertDemoCredentials, {})).toEqual({ inserted: 0, skipped: 17 });
});
