// Regression tests for the security fixes of issue 11 §1.
import { ConvexError } from "convex/values";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ErrorCode } from "../common/errors";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { list as outboxList } from "./devOutbox";
import { fileBlob, createUser, deliveredEmails, errorOf, newTest, setupEnv, signedIn, signUpParams, TEST_SITE_URL, useOutbox, type TestConvex } from "./test.setup";

beforeAll(setupEnv);
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

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

describe("dev outbox", () => {
  it("has no client function: the list is internal", () => {
    expect((outboxList as unknown as { isInternal: boolean }).isInternal).toBe(true);
  });

  it("is not offered, and its route answers 404, on a deployment that is not local, even with the outbox on", async () => {
    const t = newTest();
    vi.stubEnv("RAFTER_LOCAL", "");
    vi.stubEnv("CONVEX_CLOUD_URL", "https://happy-animal-123.convex.cloud");
    await outboxEmail(t);
    const { as } = await createUser(t);
    expect(await t.query(api.devOutbox.location, {})).toBeNull();
    expect(await as.query(api.devOutbox.location, {})).toBeNull();
    const response = await t.fetch("/dev/outbox");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("secret");
  });

  it("is read through the route on a local deployment with the outbox on", async () => {
    const t = newTest();
    vi.stubEnv("RAFTER_LOCAL", "1");
    await outboxEmail(t);
    expect(await t.query(api.devOutbox.location, {})).toBe(`${TEST_SITE_URL}/dev/outbox`);
    const response = await t.fetch("/dev/outbox");
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:5173");
    const { messages } = (await response.json()) as { messages: { kind: string }[] };
    expect(messages.map((m) => m.kind)).toEqual(["password_reset"]);
    // A local deployment that really sends mail has no outbox.
    vi.stubEnv("EMAIL_TRANSPORT", "resend");
    expect((await t.fetch("/dev/outbox")).status).toBe(404);
    expect(await t.query(api.devOutbox.location, {})).toBeNull();
  });
});

describe("sessions", () => {
  it("refuses a token whose session was signed out, in queries, mutations and actions", async () => {
    const t = newTest();
    const { userId } = await createUser(t, { email: "casey@example.com" });
    const { as, sessionId } = await signedIn(t, userId);
    expect((await as.query(api.users.viewer, {}))?._id).toBe(userId);
    await t.run(async (ctx) => ctx.db.delete(sessionId));
    expect(await as.query(api.users.viewer, {})).toBeNull();
    expect((await errorOf(as.action(api.emailVerification.resend, {}))).code).toBe(ErrorCode.NOT_AUTHENTICATED);
    expect(
      (await errorOf(as.mutation(api.users.completeProfessionSetup, { professions: ["plumber"], primaryProfession: "plumber" }))).code,
    ).toBe(ErrorCode.NOT_AUTHENTICATED);
  });

  it("refuses a token naming another user's session", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    const { sessionId } = await signedIn(t, b.userId);
    const forged = t.withIdentity({ subject: `${a.userId}|${sessionId}` });
    expect(await forged.query(api.users.viewer, {})).toBeNull();
  });

  it("ends every session of the user at a password reset, and the old tokens stop working", async () => {
    const t = newTest();
    useOutbox(t);
    const first = await t.action(api.auth.signIn, { provider: "password", params: signUpParams() });
    expect(first.tokens?.token).toBeTruthy();
    const user = (await t.run((ctx) => ctx.db.query("users").first()))!;
    const phone = await signedIn(t, user._id);
    expect((await phone.as.query(api.users.viewer, {}))?._id).toBe(user._id);
    await t.action(api.passwords.requestReset, { email: "maya@example.com" });
    const mail = (await deliveredEmails(t, "desc")).find((m) => m.kind === "password_reset")!;
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
    await t.action(api.passwords.resetPassword, { token, newPassword: "Brand-New-Pass2" });
    expect(await phone.as.query(api.users.viewer, {})).toBeNull();
    expect(await t.run((ctx) => ctx.db.query("authSessions").collect())).toHaveLength(0);
    expect(await t.run((ctx) => ctx.db.query("authRefreshTokens").collect())).toHaveLength(0);
    // The new password opens a new session that works.
    await t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "signIn", email: "maya@example.com", password: "Brand-New-Pass2" },
    });
  });

  it("a deleted account's token is refused", async () => {
    const t = newTest();
    const { userId, as } = await createUser(t);
    await t.run((ctx) => ctx.db.delete(userId));
    expect(await as.query(api.users.viewer, {})).toBeNull();
  });
});

describe("REST bearer tokens", () => {
  it("answer 401 once the token's session has ended", async () => {
    const t = newTest();
    const { userId } = await createUser(t);
    const { as, sessionId } = await signedIn(t, userId);
    expect((await as.fetch("/api/users", { method: "GET" })).status).toBe(200);
    await t.run((ctx) => ctx.db.delete(sessionId));
    const response = await as.fetch("/api/users", { method: "GET" });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: ErrorCode.NOT_AUTHENTICATED });
  });
});

describe("uploaded files", () => {
  const store = (t: TestConvex, size: number, type: string) =>
    t.run((ctx) => ctx.storage.store(fileBlob(size, type)));
  const exists = (t: TestConvex, id: Id<"_storage">) => t.run(async (ctx) => (await ctx.db.system.get(id)) !== null);
  const portfolio = (storageId: Id<"_storage">) => ({
    files: [{ storageId, name: "deck.png" }],
    title: "Deck",
    category: "construction",
  });

  it("A can neither attach nor delete B's file", async () => {
    const t = newTest();
    const a = await createUser(t, { userType: "professional" });
    const b = await createUser(t, { userType: "professional" });
    const bFile = await store(t, 1000, "image/png");
    expect(await b.as.mutation(api.profiles.setAvatar, { storageId: bFile })).toHaveProperty("url");
    expect(await a.as.mutation(api.profiles.setAvatar, { storageId: bFile })).toMatchObject({
      refused: { code: ErrorCode.FORBIDDEN, message: "That file belongs to someone else." },
    });
    expect(await a.as.mutation(api.portfolio.add, portfolio(bFile))).toMatchObject({ refused: { code: ErrorCode.FORBIDDEN } });
    // A's own avatar removal and replacement never reach B's file.
    await a.as.mutation(api.profiles.removeAvatar, {});
    expect(await exists(t, bFile)).toBe(true);
    const bUser = await t.run((ctx) => ctx.db.get(b.userId));
    expect(bUser?.imageStorageId).toBe(bFile);
    // B's own removal deletes it, record and bytes.
    await b.as.mutation(api.profiles.removeAvatar, {});
    expect(await exists(t, bFile)).toBe(false);
    expect(await t.run((ctx) => ctx.db.query("files").collect())).toHaveLength(0);
  });

  it("refuses a file already attached elsewhere", async () => {
    const t = newTest();
    const a = await createUser(t, { userType: "professional" });
    const file = await store(t, 1000, "image/png");
    const added = await a.as.mutation(api.portfolio.add, portfolio(file));
    expect(added).toHaveProperty("ids");
    expect(await a.as.mutation(api.profiles.setAvatar, { storageId: file })).toMatchObject({
      refused: { message: "That file is already in use. Please upload it again." },
    });
    expect(await a.as.mutation(api.portfolio.add, portfolio(file))).toHaveProperty("refused");
    // Still attached once, and still there.
    expect(await exists(t, file)).toBe(true);
    const rows = await t.run((ctx) => ctx.db.query("files").collect());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ uploaderId: a.userId, purpose: "portfolio", size: 1000, contentType: "image/png" });
    expect(rows[0]!.attachedTo).toBe((added as { ids: string[] }).ids[0]);
  });

  it("really deletes a refused upload (the refusal is returned, not thrown)", async () => {
    const t = newTest();
    const a = await createUser(t, { userType: "professional" });
    const pdf = await store(t, 10, "application/pdf");
    expect(await a.as.mutation(api.profiles.setAvatar, { storageId: pdf })).toHaveProperty("refused");
    expect(await exists(t, pdf)).toBe(false);
    const good = await store(t, 10, "image/png");
    const huge = await store(t, 10 * 1024 * 1024 + 1, "image/jpeg");
    const result = await a.as.mutation(api.portfolio.add, {
      files: [
        { storageId: good, name: "ok.png" },
        { storageId: huge, name: "huge.jpg" },
      ],
      title: "Deck",
      category: "construction",
    });
    expect(result).toMatchObject({ refused: { message: "File too large: huge.jpg exceeds the size limit." } });
    // All or nothing: no item, no record, neither file kept.
    expect(await exists(t, huge)).toBe(false);
    expect(await exists(t, good)).toBe(false);
    expect(await t.run((ctx) => ctx.db.query("files").collect())).toHaveLength(0);
    expect(await t.run((ctx) => ctx.db.query("portfolioItems").collect())).toHaveLength(0);
  });

  it("the sweep deletes uploads never attached within 24 hours, and nothing else", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-22T12:00:00Z") });
    const t = newTest();
    const a = await createUser(t, { userType: "professional" });
    const orphan = await store(t, 10, "image/png");
    const attached = await store(t, 10, "image/png");
    await a.as.mutation(api.profiles.setAvatar, { storageId: attached });
    // Attached before files were tracked: a user row holds it without a record.
    const legacy = await store(t, 10, "image/png");
    await t.run(async (ctx) => {
      await ctx.db.patch(a.userId, { imageStorageId: legacy });
    });
    vi.setSystemTime(new Date("2026-11-23T11:00:00Z"));
    const young = await store(t, 10, "image/png");
    // Every file since the sweep's last resume point is looked at (uploads.test.ts: it catches up).
    expect(await t.mutation(internal.files.sweepOrphans, {})).toEqual({ deleted: 0, scanned: 4 });
    vi.setSystemTime(new Date("2026-11-23T12:30:00Z"));
    expect(await t.mutation(internal.files.sweepOrphans, {})).toEqual({ deleted: 1, scanned: 4 });
    // The next run resumes at the young upload.
    expect(await t.mutation(internal.files.sweepOrphans, {})).toEqual({ deleted: 0, scanned: 1 });
    expect(await exists(t, orphan)).toBe(false);
    expect(await exists(t, attached)).toBe(true);
    expect(await exists(t, legacy)).toBe(true);
    expect(await exists(t, young)).toBe(true);
  });

  it("upload URLs follow per-member quotas with a clear message", async () => {
    const t = newTest();
    vi.stubEnv("RATE_LIMIT_UPLOADS_PER_DAY", "2");
    const a = await createUser(t);
    const b = await createUser(t);
    await a.as.mutation(api.files.generateUploadUrl, { purpose: "avatar" });
    await a.as.mutation(api.files.generateUploadUrl, { purpose: "portfolio" });
    expect(await errorOf(a.as.mutation(api.files.generateUploadUrl, { purpose: "avatar" }))).toMatchObject({
      code: ErrorCode.RATE_LIMITED,
      message: "You've reached today's upload limit (2 files a day). Please try again tomorrow.",
    });
    // Per member: someone else still can.
    expect(await b.as.mutation(api.files.generateUploadUrl, { purpose: "avatar" })).toEqual(expect.any(String));
    expect((await errorOf(t.mutation(api.files.generateUploadUrl, { purpose: "avatar" }))).code).toBe(ErrorCode.NOT_AUTHENTICATED);
    expect((await errorOf(b.as.mutation(api.files.generateUploadUrl, { purpose: "x" }))).code).toBe(ErrorCode.INVALID_INPUT);
  });

  it("a day's bytes are capped: the file over the quota is refused and deleted", async () => {
    const t = newTest();
    vi.stubEnv("UPLOAD_BYTES_PER_DAY", String(1024 * 1024));
    const a = await createUser(t, { userType: "professional" });
    const first = await store(t, 600 * 1024, "image/png");
    expect(await a.as.mutation(api.portfolio.add, portfolio(first))).toHaveProperty("ids");
    const second = await store(t, 600 * 1024, "image/png");
    expect(await a.as.mutation(api.profiles.setAvatar, { storageId: second })).toMatchObject({
      refused: { code: ErrorCode.RATE_LIMITED, message: "You've reached today's upload limit (1 MB a day). Please try again tomorrow." },
    });
    expect(await exists(t, second)).toBe(false);
    // The refusal is answered as a value: its row commits.
    const rows = await t.run((ctx) => ctx.db.query("securityLogs").collect());
    expect(rows).toContainEqual(expect.objectContaining({ eventType: "rate_limited", userId: a.userId }));
  });
});

describe("every limit leaves a committed securityLogs row", () => {
  const limitRows = (t: TestConvex) =>
    t.run(async (ctx) =>
      (await ctx.db
        .query("securityLogs")
        .withIndex("by_eventType_and_timestamp", (q) => q.eq("eventType", "rate_limited"))
        .collect()).map((r) => ({ userId: r.userId, details: r.details })),
    );

  it("a refusal that throws: the call that used the allowance up wrote the row, and it stays", async () => {
    const t = newTest();
    vi.stubEnv("RATE_LIMIT_UPLOADS_PER_MINUTE", "2");
    const a = await createUser(t);
    await a.as.mutation(api.files.generateUploadUrl, { purpose: "avatar" });
    expect(await limitRows(t)).toEqual([]);
    await a.as.mutation(api.files.generateUploadUrl, { purpose: "avatar" });
    expect((await errorOf(a.as.mutation(api.files.generateUploadUrl, { purpose: "avatar" }))).code).toBe(ErrorCode.RATE_LIMITED);
    expect((await errorOf(a.as.mutation(api.files.generateUploadUrl, { purpose: "avatar" }))).code).toBe(ErrorCode.RATE_LIMITED);
    expect(await limitRows(t)).toEqual([
      { userId: a.userId, details: "upload URLs per minute: limit of 2 per 1 min reached" },
    ]);
  });

  it("a batch refused before the allowance is used up (REST uploads) is logged by the action's own mutation", async () => {
    const t = newTest();
    vi.stubEnv("RATE_LIMIT_UPLOADS_PER_MINUTE", "3");
    const a = await createUser(t);
    expect(await t.mutation(internal.files.chargeRestUploads, { userId: a.userId, count: 2 })).toBeNull();
    expect(await t.mutation(internal.files.chargeRestUploads, { userId: a.userId, count: 2 })).toMatchObject({
      code: ErrorCode.RATE_LIMITED,
    });
    expect(await limitRows(t)).toEqual([
      { userId: a.userId, details: expect.stringMatching(/^REST upload of 2 refused: /) },
    ]);
  });

  it("the contact form leaves a row too", async () => {
    const t = newTest();
    const contact = { name: "Casey", email: "casey@example.com", subject: "Hello", message: "A question about Rafter." };
    let refused = false;
    for (let i = 0; i < 50 && !refused; i++) {
      try {
        await t.mutation(api.contact.send, contact);
      } catch (e) {
        refused = e instanceof ConvexError;
      }
    }
    expect(refused).toBe(true);
    expect(await limitRows(t)).toEqual([{ userId: undefined, details: expect.stringMatching(/^contact messages: limit of/) }]);
  });
});

describe("demo seed", () => {
  it("refuses to run unless the deployment is local", async () => {
    const t = newTest();
    vi.stubEnv("RAFTER_LOCAL", "");
    vi.stubEnv("CONVEX_CLOUD_URL", "https://happy-animal-123.convex.cloud");
    await expect(t.action(internal.seed.run.run, { professionals: 0, homeowners: 0, jobs: 0 })).rejects.toThrow(
      /only on a local deployment/,
    );
    expect(await t.run((ctx) => ctx.db.query("users").collect())).toHaveLength(0);
  });
});
