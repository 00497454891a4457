import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ErrorCode } from "../common/errors";
import { api } from "./_generated/api";
import { deliveredEmails, errorOf, newTest, setupEnv, signUpParams, STRONG_PASSWORD, useOutbox, type TestConvex } from "./test.setup";

beforeAll(setupEnv);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const signIn = (t: TestConvex, password = STRONG_PASSWORD) =>
  t.action(api.auth.signIn, { provider: "password", params: { flow: "signIn", email: "maya@example.com", password } });

/** Maya signed up and signed in on two devices; `here` acts as the first. */
async function mayaOnTwoDevices(t: TestConvex) {
  await t.action(api.auth.signIn, { provider: "password", params: signUpParams() });
  await signIn(t);
  const sessions = await t.run((ctx) => ctx.db.query("authSessions").collect());
  expect(sessions).toHaveLength(2);
  const [first, second] = sessions;
  return { userId: first!.userId, here: first!._id, other: second!._id, as: t.withIdentity({ subject: `${first!.userId}|${first!._id}` }) };
}

const NEW = "Brand-New-Pass2!";

describe("settings.changePassword", () => {
  it("changes the password, ends the other sessions, keeps this one and emails the member", async () => {
    const t = newTest();
    useOutbox(t);
    const maya = await mayaOnTwoDevices(t);
    await maya.as.action(api.settings.changePassword, { currentPassword: STRONG_PASSWORD, newPassword: NEW, confirmPassword: NEW });
    const left = await t.run((ctx) => ctx.db.query("authSessions").collect());
    expect(left.map((s) => s._id)).toEqual([maya.here]);
    expect((await errorOf(signIn(t))).code).toBe(ErrorCode.INVALID_CREDENTIALS);
    expect((await signIn(t, NEW)).tokens).toBeTruthy();
    const mail = await deliveredEmails(t);
    expect(mail.find((m) => m.kind === "password_changed")).toMatchObject({ to: "maya@example.com", subject: "Your Rafter password was changed" });
  });

  it("refuses an anonymous caller", async () => {
    const t = newTest();
    await mayaOnTwoDevices(t);
    const error = await errorOf(t.action(api.settings.changePassword, { currentPassword: STRONG_PASSWORD, newPassword: NEW, confirmPassword: NEW }));
    expect(error.code).toBe(ErrorCode.NOT_AUTHENTICATED);
  });

  it("refuses a wrong current password and a weak or mismatched new one, changing nothing", async () => {
    const t = newTest();
    const maya = await mayaOnTwoDevices(t);
    const wrong = await errorOf(maya.as.action(api.settings.changePassword, { currentPassword: "Wrong-Pass123!", newPassword: NEW, confirmPassword: NEW }));
    expect(wrong).toMatchObject({ code: ErrorCode.INVALID_CREDENTIALS, fields: { currentPassword: "Your current password is incorrect." } });
    const weak = await errorOf(maya.as.action(api.settings.changePassword, { currentPassword: STRONG_PASSWORD, newPassword: "short", confirmPassword: "short" }));
    expect(weak.fields?.newPassword).toBe("Password must be at least 12 characters");
    const mismatch = await errorOf(maya.as.action(api.settings.changePassword, { currentPassword: STRONG_PASSWORD, newPassword: NEW, confirmPassword: "other" }));
    expect(mismatch.fields?.confirmPassword).toBe("Passwords don't match");
    expect(await t.run((ctx) => ctx.db.query("authSessions").collect())).toHaveLength(2);
    expect((await signIn(t)).tokens).toBeTruthy();
  });
});

describe("settings.signOut", () => {
  it("ends only the caller's session; anonymous callers are refused", async () => {
    const t = newTest();
    const maya = await mayaOnTwoDevices(t);
    await maya.as.mutation(api.settings.signOut, {});
    expect((await t.run((ctx) => ctx.db.query("authSessions").collect())).map((s) => s._id)).toEqual([maya.other]);
    expect((await errorOf(t.mutation(api.settings.signOut, {}))).code).toBe(ErrorCode.NOT_AUTHENTICATED);
  });
});
