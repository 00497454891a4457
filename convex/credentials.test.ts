// Credential verification (issue 16): the Verified badge appears on approval and lapses at expiry
// through the scheduler; a rejected or expired credential never shows it; documents are checked
// on the server and readable only by their owner and admins; the queue puts Pro+ a day ahead;
// every decision is audited; verified members rank higher within bounds.
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { CredentialCopy, DAY_MS, VERIFIED_BOOST_MILES } from "../common/credentials";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { matchingProfessionals } from "./model/professionals";
import { zipToPoint } from "./model/geo";
import { limitFor, rateLimiter } from "./model/rateLimit";
import { fileBlob, createUser, errorOf, firstPage, newTest, owner, pro, emailsWithinAMinute, setupEnv, TEST_SITE_URL, type TestConvex, type TestMember, userRow } from "./test.setup";

beforeAll(setupEnv);
// Tuesday 24 November 2026, noon UTC.
const NOW = Date.UTC(2026, 10, 24, 12);
beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ["Date", "setTimeout", "clearTimeout"] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const pdf = (t: TestConvex, size = 2048, type = "application/pdf") =>
  t.run((ctx) => ctx.storage.store(fileBlob(size, type)));

function licence(expiresOn = "2027-03-31") {
  return { kind: "licence" as const, trade: "Electrician", number: "TX-E-55012", issuingState: "tx", expiresOn };
}

/** The new credential's id, or the refusal thrown. */
function created(result: { credentialId?: Id<"credentials"> } | { refused: unknown }): Id<"credentials"> {
  if (!("credentialId" in result) || result.credentialId === undefined) throw new Error(JSON.stringify(result));
  return result.credentialId;
}

async function submitLicence(t: TestConvex, m: TestMember, expiresOn?: string): Promise<Id<"credentials">> {
  const result = await m.as.mutation(api.credentials.submit, { ...licence(expiresOn), documentId: await pdf(t) });
  return created(result);
}

async function world() {
  const t = newTest();
  const admin = await createUser(t, { role: "admin", firstName: "Ada", lastName: "Admin" });
  const ana = await pro(t, { firstName: "Ana", lastName: "Ames" });
  const bo = await owner(t, { firstName: "Bo" });
  return { t, admin, ana, bo };
}

describe("the Verified badge", () => {
  test("an admin can't approve or reject their own credential: another admin decides", async () => {
    const { t, admin } = await world();
    const self = await pro(t, { firstName: "Ike", role: "admin" });
    const credentialId = await submitLicence(t, self);
    for (const decide of [
      () => self.as.mutation(api.admin.verification.approve, { credentialId }),
      () => self.as.mutation(api.admin.verification.reject, { credentialId, reason: "Looks fine to me." }),
    ]) {
      expect(await errorOf(decide())).toMatchObject({ message: CredentialCopy.ownCredential });
    }
    expect((await userRow(t, self.userId)).verified ?? false).toBe(false);
    await admin.as.mutation(api.admin.verification.approve, { credentialId });
    expect((await userRow(t, self.userId)).verified).toBe(true);
  });

  test("appears on approval, in the same transaction, and the About tab says what was checked", async () => {
    const { t, admin, ana, bo } = await world();
    const credentialId = await submitLicence(t, ana);
    expect((await userRow(t, ana.userId)).verified ?? false).toBe(false);
    const queue = await admin.as.query(api.admin.verification.queue, { paginationOpts: firstPage });
    expect(queue.page.map((r) => r.credentialId)).toEqual([credentialId]);
    expect(queue.page[0]).toMatchObject({
      kind: "licence",
      number: "TX-E-55012",
      issuingState: "TX",
      documentType: "application/pdf",
    });

    await admin.as.mutation(api.admin.verification.approve, { credentialId });
    expect((await userRow(t, ana.userId)).verified).toBe(true);
    // Routing reads the same flag from the service-area rows.
    const areas = await t.run((ctx) =>
      ctx.db
        .query("serviceAreas")
        .withIndex("by_userId", (q) => q.eq("userId", ana.userId))
        .take(10),
    );
    expect(areas.length).toBeGreaterThan(0);
    expect(areas.every((a) => a.verified === true)).toBe(true);

    expect(await bo.as.query(api.credentials.checked, { userId: ana.userId })).toEqual([
      { kind: "licence", line: "Licence checked, valid until Mar 2027" },
    ]);
    const mine = await ana.as.query(api.credentials.mine, {});
    expect(mine[0]).toMatchObject({ state: "approved", verifying: true });
    const directory = await bo.as.query(api.professionals.search, { verified: true });
    expect(directory.professionals.map((p) => p._id)).toEqual([ana.userId]);

    const audit = await t.run((ctx) => ctx.db.query("auditLog").take(10));
    expect(audit).toMatchObject([
      {
        adminId: admin.userId,
        action: "credential.approve",
        targetId: credentialId,
        before: { state: "submitted" },
        after: { state: "approved" },
      },
    ]);
    const notes = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", ana.userId))
        .take(10),
    );
    expect(notes.map((n) => n.title)).toEqual([CredentialCopy.approvedTitle]);
  });

  const titlesOf = async (t: TestConvex, userId: Id<"users">) =>
    (
      await t.run((ctx) =>
        ctx.db
          .query("notifications")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(10),
      )
    ).map((n) => n.title);

  test("lapses at the expiry date through the scheduler; the reminder and its email go out 30 days before", async () => {
    const { t, admin, ana } = await world();
    // Local mode: the email queue delivers to the stand-in for Resend (emails/standIn.ts).
    vi.stubEnv("RAFTER_LOCAL", "1");
    // Valid through 10 December 2026 (16 days away): the reminder is due at once, the expiry at the end of 10 December.
    const credentialId = await submitLicence(t, ana, "2026-12-10");
    await admin.as.mutation(api.admin.verification.approve, { credentialId });
    vi.advanceTimersByTime(1);
    await t.finishInProgressScheduledFunctions();
    vi.advanceTimersByTime(1);
    await t.finishInProgressScheduledFunctions();
    expect(await titlesOf(t, ana.userId)).toContain(CredentialCopy.reminderTitle);
    const outbox = await emailsWithinAMinute(t);
    expect(outbox.some((m) => m.kind === "notification_system" && m.text.includes("expires on Dec 10, 2026"))).toBe(
      true,
    );
    expect((await userRow(t, ana.userId)).verified).toBe(true);

    vi.advanceTimersByTime(Date.UTC(2026, 11, 11) - Date.now() - 60_000);
    await t.finishInProgressScheduledFunctions();
    expect((await userRow(t, ana.userId)).verified).toBe(true);

    vi.advanceTimersByTime(2 * 60_000);
    await t.finishInProgressScheduledFunctions();
    expect((await userRow(t, ana.userId)).verified).toBe(false);
    expect((await t.run((ctx) => ctx.db.get("credentials", credentialId)))?.state).toBe("expired");
    expect(await ana.as.query(api.credentials.checked, { userId: ana.userId })).toEqual([]);
    expect(await titlesOf(t, ana.userId)).toContain(CredentialCopy.expiredTitle);
    // Once: a second reminder or expiry pass finds nothing to do.
    expect(await t.mutation(internal.credentials.remindDue, {})).toBe(0);
    expect(await t.mutation(internal.credentials.expireDue, {})).toBe(0);
  });

  test("the cron passes remind 30 days before and expire at the date, in bounded batches through the index", async () => {
    const { t, admin, ana } = await world();
    const credentialId = await submitLicence(t, ana, "2027-01-10");
    await admin.as.mutation(api.admin.verification.approve, { credentialId });
    vi.setSystemTime(Date.UTC(2026, 11, 11, 23));
    expect(await t.mutation(internal.credentials.remindDue, {})).toBe(0);
    vi.setSystemTime(Date.UTC(2026, 11, 12, 1));
    expect(await t.mutation(internal.credentials.remindDue, {})).toBe(1);
    expect(await t.mutation(internal.credentials.remindDue, {})).toBe(0);
    vi.setSystemTime(Date.UTC(2027, 0, 10, 23, 59));
    expect(await t.mutation(internal.credentials.expireDue, {})).toBe(0);
    expect((await userRow(t, ana.userId)).verified).toBe(true);
    vi.setSystemTime(Date.UTC(2027, 0, 11, 0, 1));
    expect(await t.mutation(internal.credentials.expireDue, {})).toBe(1);
    expect((await userRow(t, ana.userId)).verified).toBe(false);
  });

  test("a rejected credential never shows it; the pro sees the reason and re-submits", async () => {
    const { t, admin, ana } = await world();
    const credentialId = await submitLicence(t, ana);
    expect(
      await errorOf(admin.as.mutation(api.admin.verification.reject, { credentialId, reason: "  " })),
    ).toMatchObject({
      code: "INVALID_INPUT",
      message: CredentialCopy.reasonRequired,
    });
    await admin.as.mutation(api.admin.verification.reject, {
      credentialId,
      reason: "The licence number is not on the state register.",
    });
    expect((await userRow(t, ana.userId)).verified ?? false).toBe(false);
    expect(await ana.as.query(api.credentials.checked, { userId: ana.userId })).toEqual([]);
    expect((await ana.as.query(api.credentials.mine, {}))[0]).toMatchObject({
      state: "rejected",
      rejectionReason: "The licence number is not on the state register.",
      verifying: false,
    });
    // A rejected credential can't be approved: it goes back through re-submission.
    expect(await errorOf(admin.as.mutation(api.admin.verification.approve, { credentialId }))).toMatchObject({
      message: "A licence that is rejected can't be approved.",
    });
    const oldDocument = (await t.run((ctx) => ctx.db.get("credentials", credentialId)))!.documentId;
    await ana.as.mutation(api.credentials.resubmit, {
      credentialId,
      ...licence(),
      number: "TX-E-55013",
      documentId: await pdf(t),
    });
    expect(await t.run((ctx) => ctx.db.system.get(oldDocument))).toBeNull();
    const queue = await admin.as.query(api.admin.verification.queue, { paginationOpts: firstPage });
    expect(queue.page).toMatchObject([{ credentialId, number: "TX-E-55013" }]);
    await admin.as.mutation(api.admin.verification.approve, { credentialId });
    expect((await userRow(t, ana.userId)).verified).toBe(true);
    // Deleting the only verifying credential takes the badge away in the same transaction.
    await ana.as.mutation(api.credentials.remove, { credentialId });
    expect((await userRow(t, ana.userId)).verified).toBe(false);
  });

  test("an expired credential never shows it: a pending one whose date passed is expired, not approved", async () => {
    const { t, admin, ana } = await world();
    const credentialId = await submitLicence(t, ana, "2026-12-01");
    vi.setSystemTime(Date.UTC(2026, 11, 2, 1));
    expect(await errorOf(admin.as.mutation(api.admin.verification.approve, { credentialId }))).toMatchObject({
      code: "INVALID_INPUT",
    });
    expect(await t.mutation(internal.credentials.expireDue, {})).toBe(1);
    expect((await t.run((ctx) => ctx.db.get("credentials", credentialId)))?.state).toBe("expired");
    expect((await userRow(t, ana.userId)).verified ?? false).toBe(false);
  });

  test("insurance verifies too; a background check alone does not", async () => {
    const { t, admin, ana, bo } = await world();
    const check = await ana.as.mutation(api.credentials.submit, {
      kind: "background_check",
      consent: true,
      documentId: await pdf(t),
    });
    await admin.as.mutation(api.admin.verification.approve, { credentialId: created(check) });
    expect((await userRow(t, ana.userId)).verified ?? false).toBe(false);
    const insurance = await ana.as.mutation(api.credentials.submit, {
      kind: "insurance",
      carrier: "Lone Star Mutual",
      policyNumber: "GL-88120",
      coverage: "$1,000,000 general liability",
      expiresOn: "2027-06-30",
      documentId: await pdf(t, 4096, "image/png"),
    });
    await admin.as.mutation(api.admin.verification.approve, { credentialId: created(insurance) });
    expect((await userRow(t, ana.userId)).verified).toBe(true);
    expect((await bo.as.query(api.credentials.checked, { userId: ana.userId })).map((l) => l.line)).toEqual([
      "Background check passed",
      "Insurance checked, valid until Jun 2027",
    ]);
  });
});

describe("submitting", () => {
  test("bad fields get the form's messages; homeowners can't submit", async () => {
    const { t, ana, bo } = await world();
    const documentId = await pdf(t);
    expect(
      await errorOf(ana.as.mutation(api.credentials.submit, { ...licence(), trade: " ", documentId })),
    ).toMatchObject({
      code: "INVALID_INPUT",
      fields: { trade: CredentialCopy.tradeRequired },
    });
    expect(
      await errorOf(ana.as.mutation(api.credentials.submit, { ...licence("2026-11-01"), documentId })),
    ).toMatchObject({
      fields: { expiresOn: CredentialCopy.expiryPast },
    });
    expect(
      await errorOf(ana.as.mutation(api.credentials.submit, { kind: "background_check", consent: false, documentId })),
    ).toMatchObject({ fields: { consent: CredentialCopy.consentRequired } });
    expect(await errorOf(bo.as.mutation(api.credentials.submit, { ...licence(), documentId }))).toMatchObject({
      code: "FORBIDDEN",
      message: CredentialCopy.professionalsOnly,
    });
  });

  test("the document must be a PDF or an image of at most 10 MB, checked from the stored file, and the uploader's own", async () => {
    const { t, ana } = await world();
    const text = await pdf(t, 100, "text/plain");
    expect(await ana.as.mutation(api.credentials.submit, { ...licence(), documentId: text })).toEqual({
      refused: { code: "INVALID_INPUT", message: CredentialCopy.documentType },
    });
    expect(await t.run((ctx) => ctx.db.system.get(text))).toBeNull();
    const big = await pdf(t, 10 * 1024 * 1024 + 1);
    expect(await ana.as.mutation(api.credentials.submit, { ...licence(), documentId: big })).toEqual({
      refused: { code: "INVALID_INPUT", message: CredentialCopy.documentTooLarge },
    });
    // Someone else's claimed upload is refused and left alone.
    const cy = await pro(t, { firstName: "Cy" });
    const cys = await pdf(t);
    await cy.as.mutation(api.credentials.submit, { ...licence(), documentId: cys });
    expect(await ana.as.mutation(api.credentials.submit, { ...licence(), documentId: cys })).toMatchObject({
      refused: { code: "FORBIDDEN" },
    });
    expect(await t.run((ctx) => ctx.db.system.get(cys))).not.toBeNull();
  });
});

describe("the private document", () => {
  test("opens for the owner and admins through a link that works for five minutes; a stranger is refused", async () => {
    const { t, admin, ana, bo } = await world();
    const credentialId = await submitLicence(t, ana);
    expect(await errorOf(bo.as.action(api.credentials.openDocument, { credentialId }))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await errorOf(t.action(api.credentials.openDocument, { credentialId }))).toMatchObject({
      code: "NOT_AUTHENTICATED",
    });
    for (const who of [ana, admin]) {
      const url = await who.as.action(api.credentials.openDocument, { credentialId });
      expect(url.startsWith(`${TEST_SITE_URL}/credential-document?t=`)).toBe(true);
      const path = url.replace(TEST_SITE_URL, "");
      const ok = await t.fetch(path);
      expect(ok.status).toBe(200);
      expect(ok.headers.get("Content-Type")).toBe("application/pdf");
      expect(ok.headers.get("Cache-Control")).toBe("private, no-store");
      expect((await ok.arrayBuffer()).byteLength).toBe(2048);
    }
    const url = await ana.as.action(api.credentials.openDocument, { credentialId });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1);
    expect((await t.fetch(url.replace(TEST_SITE_URL, ""))).status).toBe(404);
    expect((await t.fetch("/credential-document?t=guess")).status).toBe(404);
    expect(await t.mutation(internal.credentials.pruneTickets, {})).toBe(3);
  });

  test("no public view carries the document: the profile, the directory and the About lines", async () => {
    const { t, admin, ana, bo } = await world();
    const credentialId = await submitLicence(t, ana);
    await admin.as.mutation(api.admin.verification.approve, { credentialId });
    const documentId = (await t.run((ctx) => ctx.db.get("credentials", credentialId)))!.documentId;
    const views = JSON.stringify([
      await bo.as.query(api.credentials.checked, { userId: ana.userId }),
      await bo.as.query(api.professionals.search, {}),
      await bo.as.query(api.profiles.get, { userId: ana.userId }),
    ]);
    expect(views).not.toContain(documentId);
    expect(views).not.toContain("TX-E-55012");
  });
});

describe("the queue", () => {
  test("oldest first, with Pro+ and Enterprise a day ahead (never ahead of a wait longer than a day)", async () => {
    const { t, admin } = await world();
    const early = await pro(t, { firstName: "Early" });
    const basic = await pro(t, { firstName: "Basic" });
    const plus = await pro(t, { firstName: "Plus", subscriptionTier: "pro_plus" });
    const earlyId = await submitLicence(t, early);
    vi.setSystemTime(NOW + DAY_MS + 60 * 60_000);
    const basicId = await submitLicence(t, basic);
    vi.setSystemTime(NOW + DAY_MS + 3 * 60 * 60_000);
    const plusId = await submitLicence(t, plus);
    const queue = await admin.as.query(api.admin.verification.queue, { paginationOpts: firstPage });
    expect(queue.page.map((r) => r.credentialId)).toEqual([earlyId, plusId, basicId]);
    expect(queue.page.map((r) => r.expedited)).toEqual([false, true, false]);
  });

  test("members and anonymous callers are refused", async () => {
    const { t, ana } = await world();
    const credentialId = await submitLicence(t, ana);
    expect(await errorOf(ana.as.query(api.admin.verification.queue, { paginationOpts: firstPage }))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await errorOf(ana.as.mutation(api.admin.verification.approve, { credentialId }))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await errorOf(t.mutation(api.admin.verification.reject, { credentialId, reason: "x" }))).toMatchObject({
      code: "NOT_AUTHENTICATED",
    });
  });
});

describe("ranking", () => {
  test("a verified professional counts a bounded few miles nearer, only among those who match", async () => {
    const { t, admin, bo } = await world();
    // Austin 78701 is the point; 78704 is about 2 miles away, 78745 about 6.
    const near = await pro(t, { firstName: "Near", zipCode: "78701" });
    const mid = await pro(t, { firstName: "Mid", zipCode: "78704" });
    const far = await pro(t, { firstName: "Far", zipCode: "78745" });
    for (const m of [mid, far])
      await admin.as.mutation(api.admin.verification.approve, { credentialId: await submitLicence(t, m) });
    const point = zipToPoint("78701")!;
    const routed = await t.run((ctx) => matchingProfessionals(ctx, "electrical", point, 10));
    const distance = (id: Id<"users">) => routed.find((r) => r.userId === id)!.distance;
    const order = routed.map((r) => r.userId);
    // Mid (verified) is within the boost of Near and ranks first; Far is beyond it and stays last.
    expect(distance(mid.userId) - distance(near.userId)).toBeLessThan(VERIFIED_BOOST_MILES);
    expect(distance(far.userId) - distance(near.userId)).toBeGreaterThan(VERIFIED_BOOST_MILES);
    expect(order.indexOf(mid.userId)).toBeLessThan(order.indexOf(near.userId));
    expect(order.indexOf(far.userId)).toBeGreaterThan(order.indexOf(near.userId));
    // The directory's nearest-first list (a ZIP, no sort) ranks the same way; a chosen sort is left alone.
    const nearest = await bo.as.query(api.professionals.search, { zipCode: "78701" });
    const ids = nearest.professionals.map((p) => p._id);
    expect(ids.indexOf(mid.userId)).toBeLessThan(ids.indexOf(near.userId));
    expect(ids.indexOf(far.userId)).toBeGreaterThan(ids.indexOf(near.userId));
    const byName = await bo.as.query(api.professionals.search, { zipCode: "78701", sortBy: "name" });
    expect(byName.professionals.map((p) => p.firstName).filter((n) => ["Near", "Mid", "Far"].includes(n))).toEqual([
      "Far",
      "Mid",
      "Near",
    ]);
  });
});

describe("account purge", () => {
  test("a purged member's credentials and their documents go with the account", async () => {
    const { t, admin, ana } = await world();
    const credentialId = await submitLicence(t, ana);
    await admin.as.mutation(api.admin.verification.approve, { credentialId });
    const documentId = (await t.run((ctx) => ctx.db.get("credentials", credentialId)))!.documentId;
    await t.run((ctx) => ctx.db.patch("users", ana.userId, { deletedAt: Date.now() - 31 * DAY_MS }));
    await t.mutation(internal.accountDeletion.purgeDue, {});
    expect(await t.run((ctx) => ctx.db.get("credentials", credentialId))).toBeNull();
    expect(await t.run((ctx) => ctx.db.system.get(documentId))).toBeNull();
    expect((await userRow(t, ana.userId)).verified).toBeUndefined();
  });
});

describe("document links", () => {
  test("are bounded per viewer: past 300 an hour the caller is told to wait", async () => {
    const { t, ana } = await world();
    const credentialId = await submitLicence(t, ana);
    // The hour's links used up, in the rate limiter's own table.
    await t.run((ctx) => rateLimiter.limit(ctx, "documentLinks", { key: ana.userId, count: limitFor("documentLinks").max }));
    expect(await errorOf(ana.as.action(api.credentials.openDocument, { credentialId }))).toMatchObject({
      code: "RATE_LIMITED",
    });
  });
});
