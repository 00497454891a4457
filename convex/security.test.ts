// Regression tests for the security fixes of issue 11 §1.
import { ConvexError } from "convex/values";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ErrorCode } from "../common/errors";
import { api, internal } from "./_generated/api";
import { list as outboxList } from "./devOutbox";
import { createUser, newTest, setupEnv, signedIn, signUpParams, type TestConvex } from "./test.setup";

beforeAll(setupEnv);
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

async function errorOf(promise: Promise<unknown>): Promise<{ code: string; message: string; retryAt?: number }> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ConvexError) return e.data as never;
    throw e;
  }
  throw new Error("expected a ConvexError, but the call succeeded");
}

async function outboxEmail(t: TestConvex) {
  await t.mutation(internal.emails.send.recordInOutbox, {
    to: "casey@example.com",
    subject: "Reset your password",
    text: "http://localhost:5173/reset-password?token=secret",
    html: "h",
    kind: "password_reset",
  });
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
    vi.stubEnv("CONVEX_CLOUD_URL", "http://127.0.0.1:3210");
    await outboxEmail(t);
    expect(await t.query(api.devOutbox.location, {})).toBe("https://test.convex.site/dev/outbox");
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
    const first = await t.action(api.auth.signIn, { provider: "password", params: signUpParams() });
    expect(first.tokens?.token).toBeTruthy();
    const user = (await t.run((ctx) => ctx.db.query("users").first()))!;
    const phone = await signedIn(t, user._id);
    expect((await phone.as.query(api.users.viewer, {}))?._id).toBe(user._id);
    await t.action(api.passwords.requestReset, { email: "maya@example.com" });
    await t.finishAllScheduledFunctions(() => {});
    const mail = await t.run((ctx) =>
      ctx.db
        .query("emailOutbox")
        .order("desc")
        .collect()
        .then((rows) => rows.find((m) => m.kind === "password_reset")!),
    );
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
