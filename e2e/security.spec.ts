// Account security as a member meets it (issue 11): a password change ends the member's other
// sessions at once; sign-up never confirms that an address is registered (its owner is emailed
// instead); repeated wrong passwords lock sign-in from that place, and the emailed reset link
// lifts the lock.
import type { Page } from "@playwright/test";
import { Messages } from "../common/errors";
import { expect, signInOn, STRONG_PASSWORD, test, Text, toasts } from "./fixtures";

const NEW_PASSWORD = "Rafter-e2e-Changed9!";

/** Submits the sign-in form with `password` and waits for its answer (the button is back). */
async function trySignIn(page: Page, password: string) {
  const form = page.getByRole("main");
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  // While the attempt runs the button reads "Signing in..." and is disabled.
  await expect(form.getByRole("button", { name: "Sign In" })).toBeEnabled();
  await expect(form.getByRole("alert")).toBeVisible();
}

test("changing the password on one device signs the member out on the other at once", async ({
  page,
  users,
  browser,
  baseURL,
}) => {
  // Two devices sign in and the password changes: three rounds of password hashing, each seconds
  // on a busy machine (an upper bound, not pacing).
  test.slow();
  const casey = await users.create({ firstName: "Casey" });
  const laptop = await browser.newContext({ baseURL });
  const other = await laptop.newPage();
  try {
    // Signed in on both; the other device sits on a signed-in page.
    await signInOn(other, casey, { rejectCookies: true });
    await other.goto("/settings");
    await expect(other.getByRole("heading", { level: 1, name: "Account", exact: true })).toBeVisible();
    await signInOn(page, casey, { rejectCookies: true });

    await page.goto("/settings");
    const form = page.getByRole("region", { name: "Change password" });
    await form.getByLabel("Current password").fill(STRONG_PASSWORD);
    await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("Password changed. Other devices have been signed out.")).toBeVisible();

    // Live, without the other device doing anything: it is sent to the sign-in page.
    await expect(other).toHaveURL("/login");
    await expect(other.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    // Its old session stays ended: a signed-in page sends it back to sign in.
    await other.goto("/settings");
    await expect(other).toHaveURL("/login");
    // This device stays signed in.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Account", exact: true })).toBeVisible();
  } finally {
    await laptop.close();
  }
});

test("signing up with an address that already has an account gives a neutral answer; its owner is emailed", async ({
  page,
  users,
  signUp,
  outbox,
}) => {
  const casey = await users.create({ userType: "homeowner", firstName: "Casey" });
  await signUp.fill({ userType: "homeowner", email: casey.email, firstName: "Mallory" });
  await page.getByRole("button", { name: "Create Account" }).click();

  // The form does not say that the address is registered: it says what happens next.
  const main = page.getByRole("main");
  await expect(main.getByText(Messages.signUpCheckEmail)).toBeVisible();
  await expect(page.getByText(/already exists|already registered|already in use/i)).toHaveCount(0);
  await expect(page).toHaveURL(/\/signup/);

  // The owner hears of it by email, with the way to sign in or reset.
  const email = await outbox.latest(casey.email, { kind: "account_exists" });
  expect(email.subject).toBe("You already have a Rafter account");
  expect(outbox.link(email, "/forgot-password")).toContain("/forgot-password");
});

test("five wrong passwords lock sign-in from this place; the emailed reset link unlocks it", async ({
  page,
  users,
  outbox,
}) => {
  // Seven sign-in attempts and a reset, each with its password hashing (an upper bound, not pacing).
  test.slow();
  const casey = await users.create({ userType: "homeowner", firstName: "Casey" });
  await page.goto("/login");
  const form = page.getByRole("main");
  await form.getByLabel("Email").fill(casey.email);
  for (let attempt = 1; attempt <= 4; attempt++) {
    await trySignIn(page, `Wrong-Passw0rd-${attempt}!`);
    await expect(form.getByRole("alert")).toContainText(Messages.loginFailed);
  }
  await trySignIn(page, "Wrong-Passw0rd-5!");
  await expect(form.getByRole("alert")).toContainText(/Your account is locked for 15 more minutes/);
  // Locked: even the right password is refused from here.
  await trySignIn(page, STRONG_PASSWORD);
  await expect(form.getByRole("alert")).toContainText(/locked/);
  await expect(page).toHaveURL("/login");

  // The message points to the reset; its link unlocks and sets a new password.
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await page.getByRole("textbox", { name: "Email address" }).fill(casey.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("status").filter({ hasText: Text.resetRequested })).toBeVisible();
  const email = await outbox.latest(casey.email, { kind: "password_reset" });
  await page.goto(outbox.link(email, "/reset-password"));
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("status").filter({ hasText: Text.resetSuccess })).toBeVisible();
  await expect(page).toHaveURL("/login");

  // From the same place, the new password signs in at once.
  await form.getByLabel("Email").fill(casey.email);
  await form.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(toasts(page).getByText(Text.welcomeBack)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${casey.firstName}` })).toBeVisible();
});
