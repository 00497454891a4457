import { Scrypt } from "lucia";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ErrorCode } from "../common/errors";
import { api, internal } from "./_generated/api";
import { limitFor } from "./model/rateLimit";
import { createUser, deliveredEmails, errorOf, newTest, setupEnv, signedIn, signUpParams, STRONG_PASSWORD, useFakeTime, type TestConvex } from "./test.setup";

beforeAll(setupEnv);
// Fake time (the email queue's timers too), in local mode: emails reach the outbox through the
// resend component and its local stand-in.
beforeEach(() => {
  useFakeTime({ now: new Date("2026-11-22T12:00:00Z") });
  vi.stubEnv("RAFTER_LOCAL", "1");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const signIn = (t: TestConvex, params: Record<string, unknown>) =>
  t.action(api.auth.signIn, { provider: "password", params });

const outbox = (t: TestConvex) => deliveredEmails(t, "desc");

const tokenFrom = (text: string) => decodeURIComponent(/token=([^\s]+)/.exec(text)![1]);

async function securityEvents(t: TestConvex, eventType: string) {
  return t.run((ctx) =>
    ctx.db
      .query("securityLogs")
      .withIndex("by_eventType_and_timestamp", (q) => q.eq("eventType", eventType))
      .collect(),
  );
}

describe("sign-up", () => {
  it("creates a professional with whitelisted fields and emails a verification link", async () => {
    const t = newTest();
    const result = await signIn(t, signUpParams({ email: "Maya@Example.com", role: "admin", loginAttempts: -5 }));
    expect(result.tokens?.token).toBeTruthy();
    const users = await t.run((ctx) => ctx.db.query("users").collect());
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      email: "maya@example.com",
      firstName: "Maya",
      userType: "professional",
      professionalCategories: ["construction_renovation"],
      loginAttempts: 0,
    });
    expect(users[0].role).toBeUndefined();
    const mail = await outbox(t);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: "maya@example.com", kind: "email_verification" });
    expect(mail[0].text).toContain("http://localhost:5173/verify-email?token=");
  });

  it("applies the 12-character password rule with the spec's messages", async () => {
    const t = newTest();
    const cases: [string, string][] = [
      ["Short1!a", "Password must be at least 12 characters"],
      ["alllowercase1!", "Password must contain at least one uppercase letter"],
      ["ALLUPPERCASE1!", "Password must contain at least one lowercase letter"],
      ["NoDigitsHere!!", "Password must contain at least one number"],
      ["NoSpecials1234", "Password must contain at least one special character (!@#$%^&*)"],
    ];
    for (const [password, message] of cases) {
      const error = await errorOf(signIn(t, signUpParams({ password })));
      expect(error.code).toBe(ErrorCode.INVALID_INPUT);
      expect(error.fields?.password).toBe(message);
    }
    expect(await t.run((ctx) => ctx.db.query("users").collect())).toHaveLength(0);
  });

  it("requires names, a valid email, age and terms", async () => {
    const t = newTest();
    const error = await errorOf(
      signIn(t, signUpParams({ firstName: "", lastName: " ", email: "nope", isAdult: false, acceptTerms: false })),
    );
    expect(error.fields).toMatchObject({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Invalid email address",
      isAdult: "You must be 18 or older to use Rafter",
    });
  });

  it("refuses a second account for the same email, whatever its case, without confirming it exists", async () => {
    const t = newTest();
    await signIn(t, signUpParams());
    const error = await errorOf(signIn(t, signUpParams({ email: " MAYA@example.COM ", firstName: "Mallory" })));
    // A neutral answer that does not say the address is registered; its owner is told by email.
    expect(error).toEqual({
      code: ErrorCode.INVALID_INPUT,
      message: "We couldn't create an account with these details. If you already have a Rafter account, we've emailed you how to sign in.",
    });
    expect(error.message).not.toMatch(/already exists/);
    expect(await t.run((ctx) => ctx.db.query("users").collect())).toHaveLength(1);
    const exists = (await outbox(t)).filter((m) => m.kind === "account_exists");
    expect(exists).toHaveLength(1);
    expect(exists[0]).toMatchObject({ to: "maya@example.com", subject: "You already have a Rafter account" });
    expect(exists[0]!.text).toContain("http://localhost:5173/forgot-password");
  });

  it("spends the same password hashing on an existing email as on a new account", async () => {
    const t = newTest();
    await signIn(t, signUpParams());
    const hash = vi.spyOn(Scrypt.prototype, "hash");
    try {
      await signIn(t, signUpParams({ email: "new@example.com" }));
      const forNew = hash.mock.calls.length;
      expect(forNew).toBeGreaterThanOrEqual(1);
      await errorOf(signIn(t, signUpParams()));
      expect(hash.mock.calls.length - forNew).toBe(forNew);
    } finally {
      hash.mockRestore();
    }
  });

  it("treats a filled decoy as a failure and logs it", async () => {
    const t = newTest();
    const error = await errorOf(signIn(t, signUpParams({ website: "http://spam.example" })));
    expect(error.message).toBe("Registration failed");
    expect(await securityEvents(t, "decoy_filled")).toHaveLength(1);
    expect(await t.run((ctx) => ctx.db.query("users").collect())).toHaveLength(0);
  });

  it("limits sign-ups per IP at the configured limit (50 an hour by default)", async () => {
    expect(limitFor("signUpPerIp")).toEqual({ max: 50, windowMs: 60 * 60_000 });
    vi.stubEnv("RATE_LIMIT_SIGN_UP_PER_IP", "3/60");
    try {
      const t = newTest().withRequestMetadata({ ip: "203.0.113.9" });
      for (let i = 0; i < 3; i++) await signIn(t, signUpParams({ email: `u${i}@example.com` }));
      const error = await errorOf(signIn(t, signUpParams({ email: "u6@example.com" })));
      expect(error.code).toBe(ErrorCode.RATE_LIMITED);
      expect(error.retryAt).toBeGreaterThan(Date.now());
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("does not IP-limit loopback callers on a local deployment, but does elsewhere", async () => {
    vi.stubEnv("RATE_LIMIT_SIGN_UP_PER_IP", "2");
    try {
      const loopback = newTest().withRequestMetadata({ ip: "127.0.0.1" });
      vi.stubEnv("RAFTER_LOCAL", "1");
      for (let i = 0; i < 3; i++) await signIn(loopback, signUpParams({ email: `l${i}@example.com` }));
      vi.stubEnv("RAFTER_LOCAL", "");
      const hosted = newTest().withRequestMetadata({ ip: "127.0.0.1" });
      for (let i = 0; i < 2; i++) await signIn(hosted, signUpParams({ email: `h${i}@example.com` }));
      expect((await errorOf(signIn(hosted, signUpParams({ email: "h3@example.com" })))).code).toBe(ErrorCode.RATE_LIMITED);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("sign-in", () => {
  it("signs in with the right password, case-insensitively by email", async () => {
    const t = newTest();
    await signIn(t, signUpParams());
    const result = await signIn(t, { flow: "signIn", email: "MAYA@example.com", password: STRONG_PASSWORD });
    expect(result.tokens?.token).toBeTruthy();
  });

  it("answers a wrong password and an unknown email the same way", async () => {
    const t = newTest();
    await signIn(t, signUpParams());
    const wrong = await errorOf(signIn(t, { flow: "signIn", email: "maya@example.com", password: "Wrong-Password1!" }));
    const unknown = await errorOf(signIn(t, { flow: "signIn", email: "nobody@example.com", password: STRONG_PASSWORD }));
    expect(wrong).toEqual({ code: ErrorCode.INVALID_CREDENTIALS, message: "Please check your credentials and try again." });
    expect(unknown).toEqual(wrong);
    expect(await securityEvents(t, "login_failed")).toHaveLength(2);
  });

  it("locks the account for one source for 15 minutes after 5 failures; the owner still signs in from another", async () => {
    const base = newTest();
    await signIn(base, signUpParams());
    const attacker = base.withRequestMetadata({ ip: "198.51.100.7" });
    const owner = base.withRequestMetadata({ ip: "203.0.113.20" });
    const bad = { flow: "signIn", email: "maya@example.com", password: "Wrong-Password1!" };
    for (let i = 0; i < 4; i++) expect((await errorOf(signIn(attacker, bad))).code).toBe(ErrorCode.INVALID_CREDENTIALS);
    const fifth = await errorOf(signIn(attacker, bad));
    expect(fifth.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect(fifth.message).toMatch(/locked for 15 more minutes/);
    expect(fifth.retryAt).toBe(Date.now() + 15 * 60_000);
    // Even the right password is refused from the locked source...
    const good = { flow: "signIn", email: "maya@example.com", password: STRONG_PASSWORD };
    expect((await errorOf(signIn(attacker, good))).code).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect(await securityEvents(base, "account_locked")).toHaveLength(1);
    // ...but not from the owner's.
    expect((await signIn(owner, good)).tokens?.token).toBeTruthy();
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1);
    expect((await signIn(attacker, good)).tokens?.token).toBeTruthy();
  });

  it("spends the same hash work on an unknown email as on a wrong password", async () => {
    const t = newTest();
    await signIn(t, signUpParams());
    const verify = vi.spyOn(Scrypt.prototype, "verify");
    try {
      await errorOf(signIn(t, { flow: "signIn", email: "maya@example.com", password: "Wrong-Password1!" }));
      expect(verify).toHaveBeenCalledTimes(1);
      await errorOf(signIn(t, { flow: "signIn", email: "nobody@example.com", password: "Wrong-Password1!" }));
      expect(verify).toHaveBeenCalledTimes(2);
    } finally {
      verify.mockRestore();
    }
  });

  it("locks unknown emails the same way: ACCOUNT_LOCKED does not tell that an account exists", async () => {
    const t = newTest().withRequestMetadata({ ip: "198.51.100.8" });
    await signIn(t, signUpParams());
    const answers = async (email: string) => {
      const out = [];
      for (let i = 0; i < 6; i++) out.push(await errorOf(signIn(t, { flow: "signIn", email, password: "Wrong-Password1!" })));
      return out.map((e) => ({ code: e.code, message: e.message }));
    };
    expect(await answers("nobody@example.com")).toEqual(await answers("maya@example.com"));
  });

  it("refuses a filled decoy even with the right password, and logs it", async () => {
    const t = newTest();
    await signIn(t, signUpParams());
    const error = await errorOf(
      signIn(t, { flow: "signIn", email: "maya@example.com", password: STRONG_PASSWORD, website: "x" }),
    );
    expect(error.code).toBe(ErrorCode.INVALID_CREDENTIALS);
    expect(await securityEvents(t, "decoy_filled")).toHaveLength(1);
  });

  it("keeps no per-email lockout: a stranger failing from many sources never keeps the owner out of their own browser", async () => {
    const t = newTest();
    // The owner's browser (its device id) made the account: the per-account slowdown spares it.
    const device = "owners-browser-0123456789";
    await signIn(t, signUpParams({ deviceId: device }));
    // 2 sources, each locked after 5 wrong passwords, then a third.
    const from = (i: number) => t.withRequestMetadata({ ip: `192.0.2.${i + 1}` });
    const bad = { flow: "signIn", email: "maya@example.com", password: "Wrong-Password1!" };
    for (let source = 0; source < 2; source++) {
      for (let i = 0; i < 5; i++) await errorOf(signIn(from(source), bad));
      expect((await errorOf(signIn(from(source), bad))).code).toBe(ErrorCode.ACCOUNT_LOCKED);
    }
    expect(await securityEvents(t, "account_locked")).toHaveLength(2);
    // 10 failures from anywhere: a third source (an unknown device) now waits (limits.test.ts).
    expect((await errorOf(signIn(from(2), bad))).code).toBe(ErrorCode.RATE_LIMITED);
    // The owner, from a source of their own, signs in at once in their browser (elsewhere they
    // wait out the slowdown: limits.test.ts)...
    const good = { flow: "signIn", email: "maya@example.com", password: STRONG_PASSWORD };
    expect((await signIn(t.withRequestMetadata({ ip: "203.0.113.77" }), { ...good, deviceId: device })).tokens?.token).toBeTruthy();
    // ...and the emailed reset link lifts every source's lockout.
    await t.action(api.passwords.requestReset, { email: "maya@example.com" });
    const mail = (await outbox(t)).find((m) => m.kind === "password_reset")!;
    await t.action(api.passwords.resetPassword, { token: tokenFrom(mail.text), newPassword: "Brand-New-Pass2!" });
    const next = { ...good, password: "Brand-New-Pass2!" };
    expect((await signIn(from(0), next)).tokens?.token).toBeTruthy();
    // Every source: the other locked one too (no device id, so the account's slowdown is lifted as well).
    expect((await signIn(from(1), next)).tokens?.token).toBeTruthy();
  }, 240_000);

  it("one source's attempts across emails are bounded by the per-IP limit, logged when it is used up", async () => {
    vi.stubEnv("RATE_LIMIT_SIGN_IN_PER_IP", "4/15");
    try {
      const t = newTest().withRequestMetadata({ ip: "198.51.100.40" });
      const attempt = (i: number) => ({ flow: "signIn", email: `guess${i}@example.com`, password: "Whatever-123!" });
      for (let i = 0; i < 4; i++) expect((await errorOf(signIn(t, attempt(i)))).code).toBe(ErrorCode.INVALID_CREDENTIALS);
      expect((await errorOf(signIn(t, attempt(4)))).code).toBe(ErrorCode.RATE_LIMITED);
      const rows = await securityEvents(t, "rate_limited");
      expect(rows.map((r) => r.details)).toContain("sign-ins per IP: limit of 4 per 15 min reached");
      vi.setSystemTime(Date.now() + 15 * 60_000);
      expect((await errorOf(signIn(t, attempt(5)))).code).toBe(ErrorCode.INVALID_CREDENTIALS);
    } finally {
      vi.unstubAllEnvs();
    }
  }, 120_000);
});

describe("password reset", () => {
  async function requestLink(t: TestConvex, email = "maya@example.com") {
    await t.action(api.passwords.requestReset, { email });
    const mail = (await outbox(t)).find((m) => m.kind === "password_reset");
    return mail ? tokenFrom(mail.text) : null;
  }

  it("emails a single-use link that changes the password and ends other sessions", async () => {
    const t = newTest();
    await signIn(t, signUpParams());
    const token = (await requestLink(t, "MAYA@example.com"))!;
    expect(token).toBeTruthy();
    await t.action(api.passwords.resetPassword, { token, newPassword: "Brand-New-Pass2" });
    expect(await t.run((ctx) => ctx.db.query("authSessions").collect())).toHaveLength(0);
    const old = await errorOf(signIn(t, { flow: "signIn", email: "maya@example.com", password: STRONG_PASSWORD }));
    expect(old.code).toBe(ErrorCode.INVALID_CREDENTIALS);
    expect((await signIn(t, { flow: "signIn", email: "maya@example.com", password: "Brand-New-Pass2" })).tokens).toBeTruthy();
    const reuse = await errorOf(t.action(api.passwords.resetPassword, { token, newPassword: "Another-Pass3!" }));
    expect(reuse).toMatchObject({ code: ErrorCode.INVALID_TOKEN, message: "Please request a new password reset link." });
    expect(await securityEvents(t, "password_changed")).toHaveLength(1);
  });

  it("expires the link after an hour", async () => {
    const t = newTest();
    await signIn(t, signUpParams());
    const token = (await requestLink(t))!;
    vi.setSystemTime(Date.now() + 60 * 60_000 + 1);
    const error = await errorOf(t.action(api.passwords.resetPassword, { token, newPassword: "Brand-New-Pass2" }));
    expect(error.code).toBe(ErrorCode.INVALID_TOKEN);
  });

  it("answers the same for unknown emails and sends nothing", async () => {
    const t = newTest();
    await signIn(t, signUpParams());
    expect(await t.action(api.passwords.requestReset, { email: "nobody@example.com" })).toBeNull();
    expect((await outbox(t)).filter((m) => m.kind === "password_reset")).toHaveLength(0);
    expect(await t.action(api.passwords.requestReset, { email: "maya@example.com" })).toBeNull();
    expect((await outbox(t)).filter((m) => m.kind === "password_reset")).toHaveLength(1);
  });

  it("applies the reset password rule and keeps the token usable after a refusal", async () => {
    const t = newTest();
    await signIn(t, signUpParams());
    const token = (await requestLink(t))!;
    const weak = await errorOf(t.action(api.passwords.resetPassword, { token, newPassword: "short" }));
    expect(weak.fields?.password).toBe("Password must be at least 12 characters");
    const noSpecial = await errorOf(t.action(api.passwords.resetPassword, { token, newPassword: "NoSpecials1234" }));
    expect(noSpecial.message).toBe("Password must contain at least one special character");
    await t.action(api.passwords.resetPassword, { token, newPassword: "Fine_Password9" });
  });

  it("limits reset requests per email", async () => {
    const t = newTest();
    for (let i = 0; i < 3; i++) await t.action(api.passwords.requestReset, { email: "x@example.com" });
    const error = await errorOf(t.action(api.passwords.requestReset, { email: "x@example.com" }));
    expect(error.code).toBe(ErrorCode.RATE_LIMITED);
  });

  it("lifts a lockout after a successful reset", async () => {
    const t = newTest();
    await signIn(t, signUpParams());
    for (let i = 0; i < 5; i++) await errorOf(signIn(t, { flow: "signIn", email: "maya@example.com", password: "Nope-Nope-123!" }));
    const locked = await errorOf(signIn(t, { flow: "signIn", email: "maya@example.com", password: STRONG_PASSWORD }));
    expect(locked.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    const token = (await requestLink(t))!;
    await t.action(api.passwords.resetPassword, { token, newPassword: "Brand-New-Pass2" });
    expect((await signIn(t, { flow: "signIn", email: "maya@example.com", password: "Brand-New-Pass2" })).tokens).toBeTruthy();
  });
});

describe("email verification", () => {
  it("verifies with the emailed link once", async () => {
    const t = newTest();
    await signIn(t, signUpParams());
    const mail = (await outbox(t)).find((m) => m.kind === "email_verification")!;
    const token = tokenFrom(mail.text);
    const user = await t.run((ctx) => ctx.db.query("users").first());
    const { as } = await signedIn(t, user!._id);
    expect((await as.query(api.users.viewer, {}))?.emailVerified).toBe(false);
    await t.mutation(api.emailVerification.verify, { token });
    expect((await as.query(api.users.viewer, {}))?.emailVerified).toBe(true);
    expect((await errorOf(t.mutation(api.emailVerification.verify, { token }))).code).toBe(ErrorCode.INVALID_TOKEN);
  });

  it("resends only for a signed-in user, with a limit", async () => {
    const t = newTest();
    expect((await errorOf(t.action(api.emailVerification.resend, {}))).code).toBe(ErrorCode.NOT_AUTHENTICATED);
    const { as } = await createUser(t, { email: "new@example.com" });
    for (let i = 0; i < 3; i++) await as.action(api.emailVerification.resend, {});
    expect((await errorOf(as.action(api.emailVerification.resend, {}))).code).toBe(ErrorCode.RATE_LIMITED);
    expect((await outbox(t)).filter((m) => m.to === "new@example.com")).toHaveLength(3);
    // The refusal rolled back, but the resend that used the allowance up left its row.
    expect((await securityEvents(t, "rate_limited")).map((r) => r.details)).toEqual([
      "verification emails: limit of 3 per 60 min reached",
    ]);
  });
});

describe("profession setup and viewer", () => {
  it("needs setup until a professional picks professions", async () => {
    const t = newTest();
    const { as } = await createUser(t, { userType: "professional", professions: [] });
    expect((await as.query(api.users.viewer, {}))?.needsSetup).toBe(true);
    await as.mutation(api.users.completeProfessionSetup, {
      professions: ["electrician", "plumber"],
      primaryProfession: "plumber",
    });
    const viewer = await as.query(api.users.viewer, {});
    expect(viewer).toMatchObject({ needsSetup: false, primaryProfession: "plumber", professions: ["electrician", "plumber"] });
    expect(viewer?.professionalCategories.length).toBeGreaterThan(0);
  });

  it("refuses anonymous callers, unknown professions and a missing primary", async () => {
    const t = newTest();
    const anon = await errorOf(t.mutation(api.users.completeProfessionSetup, { professions: ["plumber"], primaryProfession: "plumber" }));
    expect(anon.code).toBe(ErrorCode.NOT_AUTHENTICATED);
    const { as } = await createUser(t, { userType: "professional" });
    const none = await errorOf(as.mutation(api.users.completeProfessionSetup, { professions: [], primaryProfession: "" }));
    expect(none.message).toBe("Please select at least one profession");
    const primary = await errorOf(as.mutation(api.users.completeProfessionSetup, { professions: ["plumber"], primaryProfession: "electrician" }));
    expect(primary.message).toBe("Please select a primary profession");
    const bogus = await errorOf(as.mutation(api.users.completeProfessionSetup, { professions: ["wizard"], primaryProfession: "wizard" }));
    expect(bogus.code).toBe(ErrorCode.INVALID_INPUT);
  });

  it("returns null for signed-out callers and for tokens of deleted users", async () => {
    const t = newTest();
    expect(await t.query(api.users.viewer, {})).toBeNull();
    const { userId, as } = await createUser(t);
    await t.run((ctx) => ctx.db.delete(userId));
    expect(await as.query(api.users.viewer, {})).toBeNull();
  });
});

describe("admin role", () => {
  it("is granted only through the internal function, never by sign-up", async () => {
    const t = newTest();
    const { as } = await createUser(t, { email: "boss@example.com" });
    expect((await as.query(api.users.viewer, {}))?.isAdmin).toBe(false);
    await t.mutation(internal.users.grantAdmin, { email: "BOSS@example.com" });
    expect((await as.query(api.users.viewer, {}))?.isAdmin).toBe(true);
    expect((await errorOf(t.mutation(internal.users.grantAdmin, { email: "ghost@example.com" }))).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe("dev outbox", () => {
  it("is readable only with the outbox transport", async () => {
    const t = newTest();
    await t.run((ctx) => ctx.db.insert("emailOutbox", { to: "a@example.com", subject: "s", text: "t", html: "h", kind: "k" }));
    expect((await t.query(internal.devOutbox.list, {})).messages).toHaveLength(1);
    process.env.EMAIL_TRANSPORT = "resend";
    try {
      expect(await t.query(internal.devOutbox.list, {})).toEqual({ enabled: false, messages: [] });
    } finally {
      process.env.EMAIL_TRANSPORT = "outbox";
    }
  });
});
