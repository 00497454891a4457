// What a visitor types is never lost while the app takes over: neither in a prerendered page's
// fields before the app's code has arrived (scripts/prerender.ts, src/prerender/handoff.ts), nor
// in a page that is being left while the next page's code loads (the router, src/app/App.tsx).
// The app's code is held back with request routing, so the moments a busy machine makes rare
// happen every time here.
import type { Page, Route } from "@playwright/test";
import { expect, test, Text } from "./fixtures";

/** Holds every request for the app's scripts until `release()`; `held` counts those waiting. */
async function holdScripts(page: Page) {
  const waiting: Route[] = [];
  let released = false;
  await page.route("**/assets/*.js", async (route) => {
    if (released) return route.continue();
    waiting.push(route);
  });
  return {
    held: () => waiting.length,
    async release() {
      released = true;
      await Promise.all(waiting.splice(0).map((route) => route.continue()));
    },
  };
}

test.describe("typing while the app takes over", () => {
  test("what was typed into a prerendered form before the app arrived stays in it and is sent", async ({
    context,
    users,
    outbox,
  }) => {
    const casey = await users.create({ userType: "homeowner" });
    // A page of the context's own: the page fixture's goto waits for the handoff, which is held here.
    const page = await context.newPage();
    const scripts = await holdScripts(page);
    // Not "load": the held scripts would keep the load event back.
    await page.goto("/forgot-password", { waitUntil: "domcontentloaded" });
    // The prerendered page is what shows (the app's copy is not there yet).
    await expect(page.locator("#prerender")).toBeVisible();
    await expect.poll(scripts.held).toBeGreaterThan(0);
    const email = page.getByRole("textbox", { name: "Email address" });
    await email.fill(casey.email);

    await scripts.release();
    await expect(page.locator("#prerender")).toHaveCount(0);
    // The app's own field (the markup is gone) has what was typed, and its form state too.
    await expect(email).toHaveValue(casey.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status").filter({ hasText: Text.resetRequested })).toBeVisible();
    expect((await outbox.latest(casey.email, { kind: "password_reset" })).subject).toBe("Reset your Rafter password");
    await page.close();
  });

  test("a sign-in typed into the prerendered form before the app arrived signs in", async ({ context, users }) => {
    const casey = await users.create({ userType: "homeowner", firstName: "Casey" });
    const page = await context.newPage();
    const scripts = await holdScripts(page);
    await page.goto("/login", { waitUntil: "domcontentloaded" });
    await expect(page.locator("#prerender")).toBeVisible();
    await expect.poll(scripts.held).toBeGreaterThan(0);
    const form = page.getByRole("main");
    await form.getByLabel("Email").fill(casey.email);
    await form.getByLabel("Password", { exact: true }).fill(casey.password);

    await scripts.release();
    await expect(page.locator("#prerender")).toHaveCount(0);
    await expect(form.getByLabel("Email")).toHaveValue(casey.email);
    await expect(form.getByLabel("Password", { exact: true })).toHaveValue(casey.password);
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${casey.firstName}` })).toBeVisible();
    await page.close();
  });

  test("after Forgot Password?, the sign-in form is not left on screen to type into while the page loads", async ({
    page,
    users,
    outbox,
  }) => {
    const casey = await users.create({ userType: "homeowner" });
    await page.goto("/login");
    // From now on the next page's code waits until the test lets it through.
    const scripts = await holdScripts(page);
    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await expect(page).toHaveURL("/forgot-password");
    await expect.poll(scripts.held).toBeGreaterThan(0);
    // The address says Forgot Password, so the page does not go on offering the sign-in form (whose
    // Email field would take the address and lose it when the page arrives): it says it is loading.
    const main = page.getByRole("main");
    await expect(main.getByRole("status")).toContainText("Loading");
    await expect(main.getByRole("textbox")).toHaveCount(0);

    await scripts.release();
    await expect(main.getByRole("heading", { level: 1, name: "Forgot Password" })).toBeVisible();
    await main.getByRole("textbox", { name: "Email address" }).fill(casey.email);
    await main.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status").filter({ hasText: Text.resetRequested })).toBeVisible();
    expect((await outbox.latest(casey.email, { kind: "password_reset" })).subject).toBe("Reset your Rafter password");
  });
});
