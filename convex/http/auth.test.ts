// Account rows of the REST API (spec §7) through the real router.
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { ErrorCode } from "../../common/errors";
import { ResetCopy } from "../../common/auth";
import { newTest, setupEnv, signUpParams, STRONG_PASSWORD, createUser, deliveredEmails, insertUser, useOutbox, type TestConvex } from "../test.setup";
import { EXTERNAL_LOGIN_NOT_CONFIGURED } from "./auth";

beforeAll(setupEnv);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

type Fetcher = Pick<TestConvex, "fetch">;
const call = (who: Fetcher, method: string, path: string, body?: unknown) =>
  who.fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads loosely shaped JSON answers
const json = async (r: Response): Promise<any> => await r.json();

const registration = (overrides: Record<string, unknown> = {}) => {
  const { flow: _flow, ...params } = signUpParams(overrides);
  return params;
};

const outbox = (t: TestConvex) => deliveredEmails(t, "desc");

describe("POST /api/auth/register", () => {
  test("creates the account with the spec's payload and answers the bearer token", async () => {
    const t = newTest();
    const r = await call(t, "POST", "/api/auth/register", {
      ...registration({ email: "ana@example.com", city: undefined, state: undefined, zipCode: undefined }),
      professionalCategories: undefined,
      professions: ["electrician", "plumber"],
      primaryProfession: "plumber",
      location: "78701",
    });
    expect(r.status).toBe(201);
    const body = await json(r);
    expect(body.token).toMatch(/^ey/);
    const user = await t.run((ctx) => ctx.db.get("users", body.userId));
    expect(user).toMatchObject({
      email: "ana@example.com",
      userType: "professional",
      professions: ["electrician", "plumber"],
      primaryProfession: "plumber",
      zipCode: "78701",
      city: "Austin",
      state: "TX",
    });
    expect(user?.professionalCategories?.length).toBeGreaterThan(0);
    expect(user?.termsAcceptedAt).toBeTypeOf("number");
  });

  test("refuses without the 18+ and Terms confirmations, bad fields and broken JSON, with the product's messages", async () => {
    const t = newTest();
    const noAge = await call(t, "POST", "/api/auth/register", registration({ isAdult: false }));
    expect(noAge.status).toBe(400);
    expect(await json(noAge)).toMatchObject({ code: ErrorCode.INVALID_INPUT, message: "You must be 18 or older to use Rafter" });
    const noTerms = await call(t, "POST", "/api/auth/register", registration({ acceptTerms: undefined }));
    expect((await json(noTerms)).message).toBe("You must accept the Terms of Service and Privacy Policy");
    const weak = await call(t, "POST", "/api/auth/register", registration({ password: "short" }));
    expect(weak.status).toBe(400);
    expect((await json(weak)).fields.password).toBe("Password must be at least 12 characters");
    expect((await call(t, "POST", "/api/auth/register", registration({ email: 42 }))).status).toBe(400);
    expect((await call(t, "POST", "/api/auth/register", registration({ professions: ["astronaut"] }))).status).toBe(400);
    expect((await call(t, "POST", "/api/auth/register", registration({ location: "somewhere" }))).status).toBe(400);
    expect((await call(t, "POST", "/api/auth/register", "{not json")).status).toBe(400);
    expect((await call(t, "POST", "/api/auth/register", registration({ firstName: "x".repeat(100_000) }))).status).toBe(400);
    expect(await t.run((ctx) => ctx.db.query("users").collect())).toHaveLength(0);
  });
});

describe("GET /api/auth/me and POST /api/auth/logout", () => {
  test("me answers the caller's user; logout ends that token's session only", async () => {
    const t = newTest();
    // A user with no session of its own: the two below are the only ones.
    const userId = await insertUser(t, { firstName: "Bo" });
    const [here, elsewhere] = await t.run(async (ctx) => [
      await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 60_000 }),
      await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 60_000 }),
    ]);
    await t.run((ctx) => ctx.db.insert("authRefreshTokens", { sessionId: here, expirationTime: Date.now() + 60_000 }));
    const as = t.withIdentity({ subject: `${userId}|${here}` });
    const me = await call(as, "GET", "/api/auth/me");
    expect(me.status).toBe(200);
    expect((await json(me)).user).toMatchObject({ _id: userId, firstName: "Bo" });
    expect((await call(t, "GET", "/api/auth/me")).status).toBe(401);

    const out = await call(as, "POST", "/api/auth/logout");
    expect(out.status).toBe(200);
    const left = await t.run(async (ctx) => ({
      sessions: (await ctx.db.query("authSessions").collect()).map((s) => s._id),
      refresh: await ctx.db.query("authRefreshTokens").collect(),
    }));
    expect(left).toEqual({ sessions: [elsewhere], refresh: [] });
    expect((await call(t, "POST", "/api/auth/logout")).status).toBe(401);
  });
});

describe("DELETE /api/auth/account", () => {
  test("the password confirms it; the token stops working at once; a wrong password is a 401 with the product's message", async () => {
    const t = newTest();
    const registered = await json(await call(t, "POST", "/api/auth/register", registration({ email: "del@example.com" })));
    const as = t.withIdentity({ subject: `${registered.userId}|${await t.run(async (ctx) => (await ctx.db.query("authSessions").first())!._id)}` });
    expect((await call(t, "DELETE", "/api/auth/account", { password: STRONG_PASSWORD })).status).toBe(401);
    const wrong = await call(as, "DELETE", "/api/auth/account", { password: "Not-it-at-all1!" });
    expect(wrong.status).toBe(401);
    expect(await json(wrong)).toMatchObject({ code: ErrorCode.INVALID_CREDENTIALS, message: "Your current password is incorrect." });
    expect((await call(as, "DELETE", "/api/auth/account", {})).status).toBe(400);

    const r = await call(as, "DELETE", "/api/auth/account", { password: STRONG_PASSWORD });
    expect(r.status).toBe(200);
    expect(await json(r)).toMatchObject({ message: "Account deleted", purgeAt: expect.any(Number) });
    expect((await call(as, "GET", "/api/auth/me")).status).toBe(401);
  });
});

describe("POST /api/auth/update-profile", () => {
  test("sets professions and the primary one; unknown professions are refused", async () => {
    const t = newTest();
    const { userId, as } = await createUser(t, { userType: undefined });
    const r = await call(as, "POST", "/api/auth/update-profile", {
      professions: ["painter"],
      primaryProfession: "painter",
      professionalCategories: ["construction_renovation"],
      userType: "painter",
    });
    expect(r.status).toBe(200);
    expect((await json(r)).user).toMatchObject({ userType: "professional", professions: ["painter"], primaryProfession: "painter" });
    const bad = await call(as, "POST", "/api/auth/update-profile", { professions: ["astronaut"] });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe("Failed to complete profile setup");
    expect((await call(as, "POST", "/api/auth/update-profile", { professions: [] })).status).toBe(400);
    expect((await call(as, "POST", "/api/auth/update-profile", { professions: "painter" })).status).toBe(400);
    expect((await call(t, "POST", "/api/auth/update-profile", { professions: ["painter"] })).status).toBe(401);
    expect((await t.run((ctx) => ctx.db.get("users", userId)))?.professions).toEqual(["painter"]);
  });
});

describe("forgot and reset password", () => {
  test("the same answer for known and unknown emails; the emailed token resets the password", async () => {
    const t = newTest();
    useOutbox(t);
    expect((await call(t, "POST", "/api/auth/register", registration())).status).toBe(201);
    const known = await call(t, "POST", "/api/auth/forgot-password", { email: "maya@example.com" });
    const unknown = await call(t, "POST", "/api/auth/forgot-password", { email: "nobody@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await json(known)).toEqual({ message: ResetCopy.requested });
    expect(await json(unknown)).toEqual({ message: ResetCopy.requested });
    expect((await call(t, "POST", "/api/auth/forgot-password", { email: "not-an-email" })).status).toBe(400);

    const mail = (await outbox(t)).find((m) => m.kind === "password_reset")!;
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
    const weak = await call(t, "POST", "/api/auth/reset-password", { token, newPassword: "weak" });
    expect(weak.status).toBe(400);
    const bad = await call(t, "POST", "/api/auth/reset-password", { token: "nope", newPassword: "Brand-New-Pass2" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe("Please request a new password reset link.");
    expect((await call(t, "POST", "/api/auth/reset-password", { newPassword: "Brand-New-Pass2" })).status).toBe(400);
    const ok = await call(t, "POST", "/api/auth/reset-password", { token, newPassword: "Brand-New-Pass2" });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toEqual({ message: ResetCopy.done });
    expect((await call(t, "POST", "/api/auth/login", { email: "maya@example.com", password: STRONG_PASSWORD })).status).toBe(401);
    expect((await call(t, "POST", "/api/auth/login", { email: "maya@example.com", password: "Brand-New-Pass2" })).status).toBe(200);
  });
});

describe("GET /api/login", () => {
  afterEach(() => {
    delete process.env.AUTH_EXTERNAL_LOGIN_URL;
  });

  test("404 with a clear message when no identity provider is configured, a redirect when one is", async () => {
    const t = newTest();
    const none = await call(t, "GET", "/api/login");
    expect(none.status).toBe(404);
    expect(await json(none)).toMatchObject({ code: ErrorCode.NOT_FOUND, message: EXTERNAL_LOGIN_NOT_CONFIGURED });
    process.env.AUTH_EXTERNAL_LOGIN_URL = "https://id.example.com/authorize?client_id=rafter";
    const go = await t.fetch("/api/login", { redirect: "manual" });
    expect(go.status).toBe(302);
    expect(go.headers.get("Location")).toBe("https://id.example.com/authorize?client_id=rafter");
  });
});
