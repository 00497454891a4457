// Accounts: sign-up, sign-in, password reset, logout, guarded routes (spec §2
// "Authentication screens", §5 validation, §8 errors). Axe checks every page.
import { Messages } from "../common/errors";
import { accountMenu, expect, STRONG_PASSWORD, test, Text, toasts } from "./fixtures";

test.describe("signing up", () => {
  test("a professional signs up, picks two professions and lands on the professional dashboard", async ({
    page,
    signUp,
  }) => {
    // Jordan arrives from the "For Service Professionals" card, with the account type preset.
    const jordan = await signUp.fill({
      userType: "professional",
      firstName: "Jordan",
      categories: ["Transaction & Advisory", "Finance & Investment"],
      city: "Austin",
      state: "Texas",
      zipCode: "78701",
    });
    await expect(page.getByRole("radio", { name: /Service professional/ })).toBeChecked();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("status").filter({ hasText: Text.signUpSuccess })).toBeVisible();

    // Redirected to the profession setup.
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Choose Your Professions" })).toBeVisible();
    await page.getByRole("checkbox", { name: "Real Estate Agent", exact: true }).check();
    await page.getByRole("checkbox", { name: "Mortgage Broker", exact: true }).check();
    const summary = page.getByRole("region", { name: "Your selections" });
    await expect(summary.getByText("2 professions selected")).toBeVisible();

    // With two picked, Jordan chooses which one is primary.
    await summary.getByLabel("Primary profession").selectOption({ label: "Mortgage Broker" });
    await summary.getByRole("button", { name: "Complete Setup" }).click();

    await expect(toasts(page).getByText("Welcome to Rafter!")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${jordan.firstName}` })).toBeVisible();
    await expect(page.getByText("Signed in as a Service Professional")).toBeVisible();
    await expect(page.getByText("Primary profession: Mortgage Broker")).toBeVisible();
    await expect(page.getByRole("link", { name: "Switch to customer view" })).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("a homeowner signs up and lands on the customer dashboard", async ({ page, signUp }) => {
      // From the sign-up choice, Morgan picks the property-owner card.
      await page.goto("/signup");
      await page.getByRole("link", { name: /For Property Owners/ }).click();
      await expect(page).toHaveURL("/signup?type=homeowner");

      const morgan = await signUp({ userType: "homeowner", firstName: "Morgan", contactMethod: "text" });

      await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${morgan.firstName}` })).toBeVisible();
      await expect(page.getByText("Signed in as a Property Owner")).toBeVisible();
      await expect(page.getByRole("link", { name: "Switch to customer view" })).toHaveCount(0);
    });
  });

  test("the form explains every password rule and keeps what was typed", async ({ page, signUp, axe }) => {
    const riley = await signUp.fill({
      userType: "homeowner",
      firstName: "Riley",
      lastName: "Chen",
      password: "short",
      city: "Denver",
      state: "Colorado",
      zipCode: "80202",
    });
    const createAccount = page.getByRole("button", { name: "Create Account" });
    const password = page.getByLabel("Password", { exact: true });

    // Each weak password gets the spec's message for the first rule it breaks (spec §5).
    const attempts: [string, string][] = [
      ["short", "Password must be at least 12 characters"],
      ["alllowercase1!", "Password must contain at least one uppercase letter"],
      ["ALLUPPERCASE1!", "Password must contain at least one lowercase letter"],
      ["NoNumbersHere!", "Password must contain at least one number"],
      ["NoSpecials1234", "Password must contain at least one special character (!@#$%^&*)"],
    ];
    for (const [value, message] of attempts) {
      await password.fill(value);
      await createAccount.click();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL("/signup?type=homeowner");
    }
    await axe.check("password errors shown");

    // Nothing else the user typed was lost.
    await expect(page.getByLabel("First name")).toHaveValue(riley.firstName);
    await expect(page.getByLabel("Last name")).toHaveValue(riley.lastName);
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(riley.email);
    await expect(page.getByLabel("City")).toHaveValue("Denver");
    await expect(page.getByLabel("State")).toHaveValue("CO");
    await expect(page.getByLabel("ZIP code")).toHaveValue("80202");
    await expect(page.getByRole("checkbox", { name: "I am 18 or older" })).toBeChecked();
    await expect(password).toHaveValue("NoSpecials1234");

    // A strong password clears the message and the account is created.
    await password.fill(STRONG_PASSWORD);
    await expect(page.getByText(/^Password must/)).toHaveCount(0);
    await createAccount.click();
    await expect(page.getByRole("status").filter({ hasText: Text.signUpSuccess })).toBeVisible();
  });
});

test.describe("signing in", () => {
  test("wrong credentials show the Login Failed toast and keep the user on the form", async ({ page, users }) => {
    const casey = await users.create({ userType: "homeowner" });
    await page.goto("/login");
    const form = page.getByRole("main");
    await form.getByLabel("Email").fill(casey.email);
    await form.getByLabel("Password", { exact: true }).fill("Not-the-right-passw0rd!");
    await form.getByRole("button", { name: "Sign In" }).click();

    // Spec §8: toast 'Login Failed' with the server's message (or 'Please check your credentials and try again.').
    const toast = toasts(page).getByRole("listitem").filter({ hasText: Messages.loginFailedTitle });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(Messages.loginFailed);
    await expect(form.getByRole("alert")).toContainText(/Please check your credentials and try again\.|Login failed/);
    await expect(page).toHaveURL("/login");
    await expect(form.getByLabel("Email")).toHaveValue(casey.email);
  });

  test.describe("in the dark theme", () => {
    test.use({ theme: "dark" });

    test("a forgotten password is reset from the emailed link", async ({ page, users, outbox, signIn }) => {
      const casey = await users.create({ userType: "homeowner", firstName: "Casey" });
      await page.goto("/login");
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await page.getByRole("link", { name: "Forgot Password?" }).click();
      await expect(page).toHaveURL("/forgot-password");

      await page.getByRole("textbox", { name: "Email" }).fill(casey.email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await expect(page.getByRole("status").filter({ hasText: Text.resetRequested })).toBeVisible();

      // The reset email arrives with a single-use link back to the app.
      const email = await outbox.latest(casey.email, { kind: "password_reset" });
      expect(email.subject).toBe("Reset your Rafter password");
      await page.goto(outbox.link(email, "/reset-password"));

      const newPassword = "Brand-new-Passw0rd#2";
      await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirm password", { exact: true }).fill(newPassword);
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect(page.getByRole("status").filter({ hasText: Text.resetSuccess })).toBeVisible();
      await expect(page).toHaveURL("/login");

      // The new password works.
      await signIn(casey.email, newPassword);
      await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${casey.firstName}` })).toBeVisible();
    });
  });

  test("logging out returns to the home page signed out, with nothing left in storage", async ({
    page,
    users,
    signIn,
  }) => {
    const casey = await users.create({ userType: "homeowner", firstName: "Casey" });
    await signIn(casey.email, casey.password);
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${casey.firstName}` })).toBeVisible();
    expect(await storageKeys(page)).not.toEqual([]);

    await accountMenu(page).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();

    await expect(page).toHaveURL("/");
    const account = page.getByRole("navigation", { name: "Account" });
    await expect(account.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(accountMenu(page)).toHaveCount(0);
    expect(await storageKeys(page)).toEqual([]);

    // Still signed out after a reload, and the dashboard is closed again.
    await page.reload();
    await expect(account.getByRole("link", { name: "Sign In" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/login");
  });
});

test.describe("routes", () => {
  test("a signed-out visit to the dashboard goes to the login page", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  });

  test("an unknown path shows Page Not Found", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: Text.pageNotFound })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Jobs" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Go Back" })).toBeVisible();
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL("/");
  });
});

/** Keys in local and session storage, except the theme choice that logout keeps on purpose. */
async function storageKeys(page: import("@playwright/test").Page): Promise<string[]> {
  return page.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage).map((k) => `session:${k}`)].filter(
      (k) => k !== "theme",
    ),
  );
}
