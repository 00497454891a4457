// Public pages (spec §2 "Landing pages", "Other content pages"; §5 contact form; §8 contact toasts):
// a visitor reads every page, on a desktop in the light theme and on a phone in the dark theme.
// Axe checks every page visited.
import type { Page } from "@playwright/test";
import { ContactMessages } from "../common/contact";
import { DEFAULT_SUPPORT_EMAIL } from "../common/support";
import { expect, test, toasts } from "./fixtures";

const PUBLIC_PAGES: { path: string; heading: string | RegExp }[] = [
  { path: "/", heading: "Property work, done by trusted pros" },
  { path: "/welcome", heading: "The network where property professionals grow" },
  { path: "/how-it-works", heading: "How It Works" },
  { path: "/level-up", heading: "Level Up Your Business" },
  { path: "/profession/landscaping", heading: /landscaping/i },
  { path: "/profession/electrician", heading: /^Electricians/ },
  { path: "/profession/contractor", heading: /^General contractors/ },
  { path: "/profession/hauler", heading: /^Haulers/ },
  { path: "/profession/photographer", heading: /^Real estate photographers/ },
  { path: "/profession/painter", heading: /^Painters/ },
  { path: "/profession/flipper", heading: /^House flippers/ },
  { path: "/about", heading: "About Rafter" },
  { path: "/contact", heading: "Contact Us" },
  { path: "/terms", heading: "Terms of Service" },
  { path: "/privacy", heading: "Privacy Policy" },
  { path: "/accessibility", heading: "Accessibility" },
  { path: "/dmca", heading: "DMCA Policy" },
];

/** The page shows its one <h1>, inside the main landmark, with headings that never skip a level. */
async function expectWellFormedPage(page: Page, heading: string | RegExp) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  const levels = await main.evaluate((element) =>
    [...element.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1])),
  );
  levels.reduce((previous, level) => {
    expect(level, `heading levels ${levels.join(",")}`).toBeLessThanOrEqual(previous + 1);
    return level;
  }, 1);
}

test.describe("a visitor reads the public pages", () => {
  test("every page has its heading and landmarks on a desktop", async ({ page }) => {
    // One visit (and one axe check) per page: more than the default 30 s on a busy machine.
    test.slow();
    for (const { path, heading } of PUBLIC_PAGES) {
      await page.goto(path);
      await expectWellFormedPage(page, heading);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    }
  });

  test.describe("on a phone in the dark theme", () => {
    test.use({ theme: "dark", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("every page fits the screen", async ({ page }) => {
      test.slow();
      for (const { path, heading } of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveClass(/dark/);
        await expectWellFormedPage(page, heading);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      }
    });
  });
});

test.describe("Landing A", () => {
  test("a trade card scrolls to the top, then opens its page", async ({ page }) => {
    await page.goto("/");
    const trades = page.getByRole("region", { name: "A professional for every part of the property" });
    for (const name of [
      "Real Estate",
      "Construction",
      "Landscaping",
      "Photography",
      "Inspection",
      "Design",
      "Maintenance",
    ]) {
      await expect(trades.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await expect(trades.getByRole("link", { name: /^\+\d+ More Trades/ })).toBeVisible();

    // Record when the page scrolls to the top and when it navigates.
    await page.evaluate(() => {
      const log: [string, number][] = [];
      (window as unknown as { __steps: typeof log }).__steps = log;
      const scrollTo = window.scrollTo.bind(window) as (...args: unknown[]) => void;
      window.scrollTo = ((...args: unknown[]) => {
        const top = typeof args[0] === "object" ? (args[0] as ScrollToOptions | null)?.top : args[1];
        if (top === 0 && !log.some(([step]) => step === "scroll")) log.push(["scroll", performance.now()]);
        scrollTo(...args);
      }) as typeof window.scrollTo;
      const pushState = history.pushState.bind(history);
      history.pushState = (...args: Parameters<typeof history.pushState>) => {
        log.push(["navigate", performance.now()]);
        pushState(...args);
      };
    });
    const landscaping = trades.getByRole("link", { name: /^Landscaping/ });
    await landscaping.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await landscaping.click();
    await expect(page).toHaveURL("/profession/landscaping");
    await expect(page.getByRole("heading", { level: 1, name: /landscaping/i })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const steps = await page.evaluate(() => (window as unknown as { __steps: [string, number][] }).__steps);
    expect(steps.map(([step]) => step)).toEqual(["scroll", "navigate"]);
    expect(steps[1][1] - steps[0][1], "navigation follows the scroll by 100 ms").toBeGreaterThanOrEqual(95);

    await page.goBack();
    await page.getByRole("link", { name: /^Real Estate/ }).click();
    await expect(page).toHaveURL("/register");
  });

  test("the audience cards lead to sign-up, and Download App explains how to install", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Sign in here" })).toHaveAttribute("href", "/login");
    await page.getByRole("button", { name: "Download App" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Install Rafter on this device" })).toBeVisible();

    await page
      .getByRole("link", { name: /Find Professionals/ })
      .first()
      .click();
    await expect(page).toHaveURL("/register?type=homeowner");
    await page.goBack();
    await page
      .getByRole("link", { name: /Join as Professional/ })
      .first()
      .click();
    await expect(page).toHaveURL("/register?type=professional");
  });
});

test.describe("Landing B", () => {
  test("pricing comes from the plan catalogue and the FAQ opens from the keyboard", async ({ page }) => {
    await page.goto("/welcome");
    const hero = page.getByRole("main");
    await expect(hero.getByRole("link", { name: "Join", exact: true })).toBeVisible();
    await expect(hero.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    await expect(hero.getByRole("link", { name: "Learn How It Works" }).first()).toBeVisible();

    const stories = page.getByRole("region", { name: "Example stories" });
    await expect(stories.getByText(/illustrative examples/)).toBeVisible();

    const pricing = page.getByRole("region", { name: "Simple, month-to-month pricing" });
    for (const [plan, price] of [
      ["Basic", "Free"],
      ["Pro Profile", "$12"],
      ["Pro+ Leads", "$29"],
      ["Enterprise", "$199"],
    ]) {
      await expect(pricing.getByRole("article", { name: plan })).toContainText(price);
    }
    await expect(pricing).not.toContainText("$79");
    await expect(
      pricing.getByRole("article", { name: "Enterprise" }).getByRole("link", { name: "Contact Sales" }),
    ).toHaveAttribute("href", "/register");
    await expect(pricing.getByRole("link", { name: "Start Your Free 14-Day Trial" })).toHaveAttribute(
      "href",
      "/register",
    );

    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    const questions = faq.getByRole("button");
    await expect(questions).toHaveCount(5);
    const cancel = faq.getByRole("button", { name: "Is there a contract? Can I cancel?" });
    await expect(cancel).toHaveAttribute("aria-expanded", "false");
    await cancel.focus();
    await page.keyboard.press("Enter");
    await expect(cancel).toHaveAttribute("aria-expanded", "true");
    await expect(faq.getByText(/month-to-month/)).toBeVisible();
    await expect(faq.getByText(/end of your current billing period/)).toBeVisible();

    await expect(page.getByText(/Marketing claim\./)).toBeVisible();
  });
});

test.describe("profession pages", () => {
  test("an unknown profession, or none, shows the landscaping page", async ({ page }) => {
    await page.goto("/profession/astronaut");
    await expect(page).toHaveURL("/profession/landscaping");
    await page.goto("/profession");
    await expect(page).toHaveURL("/profession/landscaping");
    await expect(page.getByRole("link", { name: "Join as a Landscaper" }).first()).toHaveAttribute(
      "href",
      "/register?type=professional",
    );
  });
});

test.describe("contact form", () => {
  test("a visitor fixes the form's errors, sends a message and support receives it", async ({ page, outbox, axe }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Name is required")).toBeVisible();
    await expect(form.getByText("Email is required")).toBeVisible();
    await expect(form.getByText("Subject is required")).toBeVisible();
    await expect(form.getByText("Message is required")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await axe.check("contact form with errors");

    const subject = `Question about verification ${Date.now()}`;
    await form.getByLabel("Name").fill("Avery Stone");
    await form.getByLabel("Email").fill("avery@");
    await form.getByLabel("Subject").fill(subject);
    await form.getByLabel("Message").fill("How long does the background check take?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();

    await form.getByLabel("Email").fill("avery@example.com");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(toasts(page).getByText(ContactMessages.sentTitle)).toBeVisible();
    await expect(toasts(page).getByText(ContactMessages.sent)).toBeVisible();
    for (const field of ["Name", "Email", "Subject", "Message"]) await expect(form.getByLabel(field)).toHaveValue("");

    const email = await outbox.latest(DEFAULT_SUPPORT_EMAIL, { kind: "contact_message" });
    expect(email.subject).toBe(`[Contact] ${subject}`);
    expect(email.text).toContain("Avery Stone <avery@example.com>");
  });

  test("a link can start the message with a subject", async ({ page }) => {
    await page.goto("/accessibility");
    await page.getByRole("link", { name: "Send accessibility feedback" }).click();
    await expect(page).toHaveURL("/contact?subject=Accessibility");
    await expect(page.getByLabel("Subject")).toHaveValue("Accessibility");
  });
});
