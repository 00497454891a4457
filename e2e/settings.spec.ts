// Account settings (/settings): notification preferences persist, a
// password change made while signed in takes effect (the old password stops
// working, the new one signs in), and deleting the account signs out until a
// sign-in within 30 days restores it.
import { accountMenu, expect, signInOn, STRONG_PASSWORD, test, toasts } from "./fixtures";

const NEW_PASSWORD = "Rafter-e2e-Changed9!";

test.describe("account settings", () => {
  test("the user menu's Account leads to /settings (Settings to /edit-profile); email preferences persist", async ({ page, users }) => {
    const casey = await users.create();
    await signInOn(page, casey, { rejectCookies: true });
    await accountMenu(page).click();
    await expect(page.getByRole("menuitem", { name: "Settings", exact: true })).toHaveAttribute("href", "/edit-profile");
    await page.getByRole("menuitem", { name: "Account", exact: true }).click();
    await expect(page).toHaveURL("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Account", exact: true })).toBeVisible();

    const messages = page.getByLabel("Messages");
    await expect(messages).toHaveValue("digest");
    await messages.selectOption({ label: "Off" });
    await expect(page.getByText("Notification preferences saved").first()).toBeVisible();
    await page.getByLabel("Reviews").selectOption({ label: "Daily digest" });

    await page.reload();
    await expect(page.getByLabel("Messages")).toHaveValue("off");
    await expect(page.getByLabel("Reviews")).toHaveValue("digest");
  });

  test("change password: the current one is required, then only the new one signs in", async ({ page, users, browser }) => {
    const casey = await users.create();
    await signInOn(page, casey, { rejectCookies: true });
    await page.goto("/settings");
    const form = page.getByRole("region", { name: "Change password" });

    await form.getByLabel("Current password").fill("Not-the-password1!");
    await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("Your current password is incorrect.")).toBeVisible();

    await form.getByLabel("Current password").fill(STRONG_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("Password changed. Other devices have been signed out.")).toBeVisible();
    // This device stays signed in.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Account", exact: true })).toBeVisible();

    const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const other = await context.newPage();
    try {
      await other.goto("/login");
      const login = other.getByRole("main");
      await login.getByLabel("Email").fill(casey.email);
      await login.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
      await login.getByRole("button", { name: "Sign In" }).click();
      await expect(other.getByText("Please check your credentials and try again.").first()).toBeVisible();
      await signInOn(other, { ...casey, password: NEW_PASSWORD });
    } finally {
      await context.close();
    }
  });
});

test.describe("delete account", () => {
  // A phone in the dark theme: the dialog and the banner must read well there too (axe checks each page).
  test.use({ theme: "dark", viewport: { width: 390, height: 844 } });

  test("the password confirms it; the member is signed out, emailed the purge date, and signing in restores the account", async ({
    page,
    users,
    outbox,
  }) => {
    const casey = await users.create();
    await signInOn(page, casey, { rejectCookies: true });
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Delete account" });
    await section.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.getByLabel("Current password").fill("Not-the-password1!");
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await expect(dialog.getByText("Your current password is incorrect.")).toBeVisible();

    await dialog.getByLabel("Current password").fill(STRONG_PASSWORD);
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await expect(toasts(page).getByText("Account deleted")).toBeVisible();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign In" })).toBeVisible();
    const email = await outbox.latest(casey.email, { kind: "account_deleted" });
    expect(email.text).toMatch(/On \w+ \d{1,2}, \d{4} your account data will be removed for good/);

    // Within 30 days, signing in restores the account, and the dashboard says so until dismissed.
    await signInOn(page, casey);
    const restored = page.getByRole("status").filter({ hasText: "Account restored" });
    await expect(restored).toBeVisible();
    await page.getByRole("button", { name: "Dismiss", exact: true }).click();
    await expect(restored).toBeHidden();
  });
});
