// Site-wide behaviour (spec §4 cookie banner, theme, install prompt, promo banner;
// §7 analytics and the service worker; §8 install steps): what a visitor sees
// around every page. Axe checks every page, and the overlays at checkpoints.
import type { Page, Request } from "@playwright/test";
import { adminClient, asAdminCallable } from "../scripts/lib/convex";
import { api, internal } from "../convex/_generated/api";
import { e2eEnv } from "./env";
import { expect, test, toasts, type A11y } from "./fixtures";
import { SettingsCopy } from "../common/account";

const OFFLINE_MESSAGE =
  "You're offline. Showing what's saved on this device; changes will wait until you're back online.";
const INSTALL_DELAY_MS = 3000;

const cookieBanner = (page: Page) => page.getByRole("region", { name: "Cookies on Rafter" });
const installPrompt = (page: Page) => page.getByRole("region", { name: "Install Rafter" });
const promoBanner = (page: Page) => page.getByRole("region", { name: "Launch offer" });

/**
 * Checks the page once colour transitions have ended: a theme switch mid-check would measure
 * half-faded colours. Also waits for the page's own automatic check.
 */
async function settledCheck(page: Page, axe: A11y, label: string) {
  await page.waitForFunction(() => !document.getAnimations().some((animation) => animation instanceof CSSTransition));
  await axe.check(label);
}

/**
 * Moments the page shows only by what does not appear, which the app states on <html data-*>
 * once they have passed (src/lib/documentState.ts): wait for them instead of sleeping.
 */
const settled = {
  /** This path's page view was reported to analytics, or settled as not reported. */
  pageView: (page: Page, path: string, outcome: "reported" | "not reported") =>
    expect(page.locator("html")).toHaveAttribute("data-page-view", `${path} ${outcome}`),
  /** The install prompt's delay has passed and it is not shown to this visitor. */
  noInstallPrompt: (page: Page) => expect(page.locator("html")).toHaveAttribute("data-install-prompt", "not-shown"),
  /** The promotions query has answered: what the banner shows. */
  promo: (page: Page, state: "none" | "dismissed" | "shown") =>
    expect(page.locator("html")).toHaveAttribute("data-promo", state),
  /** The overlays (cookie banner, install prompt, promo banner) have rendered with what is stored. */
  overlays: (page: Page) => expect(page.locator("html")).toHaveAttribute("data-site-overlays", "mounted"),
};

/** The page's landing content has rendered (the overlays load right after it). */
async function pageReady(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

async function storedConsent(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("cookie_consent") ?? "null"));
}

test.describe("cookie consent", () => {
  // Analytics hits are caught with page.route, which a service worker could bypass.
  test.use({ serviceWorkers: "block" });

  /** Points analytics at a local endpoint (a runtime setting) and records what reaches it. */
  async function recordAnalytics(page: Page) {
    const hits: Record<string, unknown>[] = [];
    await page.addInitScript(() => {
      window.__RAFTER_ANALYTICS_ENDPOINT__ = "/__analytics";
    });
    await page.route("**/__analytics", async (route) => {
      const request: Request = route.request();
      expect(request.method()).toBe("POST");
      hits.push(request.postDataJSON() as Record<string, unknown>);
      await route.fulfill({ status: 204 });
    });
    return hits;
  }

  test("Reject All is remembered and nothing is sent to analytics", async ({ page }) => {
    const hits = await recordAnalytics(page);
    await page.goto("/");
    await pageReady(page);
    await expect(cookieBanner(page)).toBeVisible();
    // No choice yet: no page view.
    await settled.pageView(page, "/", "not reported");
    expect(hits).toEqual([]);

    await cookieBanner(page).getByRole("button", { name: "Reject All" }).click();
    await expect(cookieBanner(page)).toHaveCount(0);
    expect(await storedConsent(page)).toMatchObject({
      version: 1,
      date: expect.any(String),
      choices: { necessary: true, analytics: false, marketing: false, functional: false },
    });

    // Moving around the site sends nothing.
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/login");
    await pageReady(page);
    await page.reload();
    await pageReady(page);
    await expect(cookieBanner(page)).toHaveCount(0);
    await settled.pageView(page, "/login", "not reported");
    expect(hits).toEqual([]);
  });

  test("Customize: necessary stays on, allowing analytics starts page views, the choice survives a reload", async ({
    page,
    axe,
  }) => {
    const hits = await recordAnalytics(page);
    await page.goto("/");
    await pageReady(page);
    await cookieBanner(page).getByRole("button", { name: "Customize" }).click();

    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(dialog).toBeVisible();
    const necessary = dialog.getByRole("switch", { name: "Necessary" });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    for (const name of ["Analytics", "Marketing", "Functional"]) {
      await expect(dialog.getByRole("switch", { name })).not.toBeChecked();
    }
    // Focus is inside the dialog.
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await axe.check("cookie preferences");

    await dialog.getByRole("switch", { name: "Analytics" }).click();
    await expect(dialog.getByRole("switch", { name: "Analytics" })).toBeChecked();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(cookieBanner(page)).toHaveCount(0);

    // The page the visitor is on is reported once analytics are allowed, then every route change.
    await expect.poll(() => hits.map((hit) => `${hit.type} ${hit.path}`)).toEqual(["page_view /"]);
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/login");
    await expect.poll(() => hits.map((hit) => `${hit.type} ${hit.path}`)).toEqual(["page_view /", "page_view /login"]);

    await page.reload();
    await pageReady(page);
    await expect(cookieBanner(page)).toHaveCount(0);
    expect((await storedConsent(page)).choices).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      functional: false,
    });
    await expect.poll(() => hits.length).toBe(3);

    // Cookie settings (the footer's button calls openCookieSettings(), which fires this event) reopen the choice.
    await page.evaluate(() => window.dispatchEvent(new Event("rafter:open-cookie-settings")));
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("switch", { name: "Analytics" })).toBeChecked();
    await dialog.getByRole("switch", { name: "Analytics" }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    expect((await storedConsent(page)).choices.analytics).toBe(false);
    // Withdrawn: moving on sends nothing more.
    await page.getByRole("banner").getByRole("link", { name: "Rafter home" }).click();
    await expect(page).toHaveURL("/");
    await settled.pageView(page, "/", "not reported");
    expect(hits).toHaveLength(3);
  });

  test.describe("on a phone, dark theme", () => {
    test.use({ viewport: { width: 390, height: 844 }, theme: "dark" });

    test("Accept All hides the banner for good; the banner never hides the end of the page", async ({ page, axe }) => {
      await page.goto("/");
      await pageReady(page);
      await expect(cookieBanner(page)).toBeVisible();
      await axe.check("cookie banner, dark");

      // The footer's last line can still be scrolled above the banner.
      const bannerTop = (await cookieBanner(page).boundingBox())!.y;
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footer = page.getByRole("contentinfo");
      const footerBox = (await footer.boundingBox())!;
      expect(footerBox.y + footerBox.height).toBeLessThanOrEqual(bannerTop + 1);

      await cookieBanner(page).getByRole("button", { name: "Accept All" }).click();
      await expect(cookieBanner(page)).toHaveCount(0);
      expect((await storedConsent(page)).choices).toEqual({
        necessary: true,
        analytics: true,
        marketing: true,
        functional: true,
      });
      await page.reload();
      await pageReady(page);
      await settled.overlays(page);
      await expect(cookieBanner(page)).toHaveCount(0);
    });
  });
});

test.describe("theme", () => {
  test("the choice applies at once and survives a reload; System follows the device", async ({ page, axe }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await pageReady(page);
    const html = page.locator("html");
    const picker = page.getByRole("contentinfo").getByRole("radiogroup", { name: "Theme" });
    // Default: light.
    await expect(picker.getByRole("radio", { name: "Light" })).toBeChecked();
    await expect(html).not.toHaveClass(/dark/);
    // Let the page's own check finish before the colours change under it.
    await settledCheck(page, axe, "light theme");

    await picker.getByRole("radio", { name: "Dark" }).click();
    await expect(html).toHaveClass(/dark/);
    await settledCheck(page, axe, "dark theme");
    await page.reload();
    await pageReady(page);
    await expect(html).toHaveClass(/dark/);
    await expect(picker.getByRole("radio", { name: "Dark" })).toBeChecked();
    await settledCheck(page, axe, "dark theme after a reload");

    await picker.getByRole("radio", { name: "System" }).click();
    await expect(html).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await pageReady(page);
    await expect(picker.getByRole("radio", { name: "System" })).toBeChecked();
    await expect(html).toHaveClass(/dark/);
  });
});

test.describe("install prompt", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Emulates a browser offering installation: a beforeinstallprompt event after load. */
  async function offerInstall(page: Page, outcome: "accepted" | "dismissed" = "accepted") {
    await page.addInitScript((choice) => {
      const w = window as unknown as Record<string, unknown>;
      w.__prompts = 0;
      window.addEventListener("load", () => {
        const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & Record<string, unknown>;
        let settle: (value: unknown) => void = () => {};
        event.userChoice = new Promise((resolve) => (settle = resolve));
        event.prompt = () => {
          w.__prompts = (w.__prompts as number) + 1;
          // The browser's dialog stays up a moment, then the visitor answers.
          return new Promise<void>((resolve) =>
            setTimeout(() => {
              settle({ outcome: choice, platform: "web" });
              resolve();
            }, 800),
          );
        };
        window.dispatchEvent(event);
        w.__defaultPrevented = event.defaultPrevented;
      });
    }, outcome);
  }

  test("appears about 3 s after load, installs through the browser's prompt once, then stays away", async ({
    page,
    axe,
  }) => {
    await offerInstall(page);
    await page.goto("/");
    const loaded = Date.now();
    await pageReady(page);
    await expect(installPrompt(page)).toHaveCount(0);
    await expect(installPrompt(page)).toBeVisible();
    expect(Date.now() - loaded).toBeGreaterThanOrEqual(INSTALL_DELAY_MS - 500);
    // The browser's own mini-infobar is held back.
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__defaultPrevented)).toBe(true);
    await axe.check("install prompt");

    await installPrompt(page).getByRole("button", { name: "Install" }).click();
    await expect(installPrompt(page).getByRole("button", { name: "Installing..." })).toBeVisible();
    await expect(installPrompt(page)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__prompts)).toBe(1);

    await page.reload();
    await pageReady(page);
    await settled.noInstallPrompt(page);
    await expect(installPrompt(page)).toHaveCount(0);
  });

  test("Not now is remembered", async ({ page }) => {
    await offerInstall(page);
    await page.goto("/");
    await expect(installPrompt(page)).toBeVisible();
    await installPrompt(page).getByRole("button", { name: "Not now" }).click();
    await expect(installPrompt(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("install_prompt_seen"))).toBeTruthy();

    await page.reload();
    await pageReady(page);
    await settled.noInstallPrompt(page);
    await expect(installPrompt(page)).toHaveCount(0);
  });

  test("without a browser prompt, Install shows the manual steps as an alert dialog", async ({ page, axe }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    // A browser that never offers a prompt (iOS Safari, Firefox).
    await page.addInitScript(() => {
      window.addEventListener("beforeinstallprompt", (event) => event.stopImmediatePropagation(), true);
    });
    await page.goto("/");
    await expect(installPrompt(page)).toBeVisible();
    await installPrompt(page).getByRole("button", { name: "Install" }).click();

    const steps = page.getByRole("alertdialog", { name: "Install Rafter" });
    await expect(steps).toBeVisible();
    await expect(steps).toContainText("In Safari, tap Share, then Add to Home Screen.");
    await expect(steps).toContainText("Open the browser menu, then tap Add to Home Screen or Install App.");
    await expect(steps).toContainText("Look for an install button in the address bar or in the browser menu.");
    await expect(steps.getByRole("button", { name: "Got it" })).toBeFocused();
    await axe.check("manual install steps");

    await steps.getByRole("button", { name: "Got it" }).click();
    await expect(steps).toHaveCount(0);
    await expect(installPrompt(page)).toHaveCount(0);
  });

  test("never on wide screens, nor when running installed", async ({ page }) => {
    await offerInstall(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await pageReady(page);
    await settled.noInstallPrompt(page);
    await expect(installPrompt(page)).toHaveCount(0);

    // Standalone (opened from the home screen), on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes("display-mode: standalone")
          ? ({
              ...original(query),
              matches: true,
              media: query,
              addEventListener() {},
              removeEventListener() {},
            } as MediaQueryList)
          : original(query);
    });
    await page.reload();
    await pageReady(page);
    await settled.noInstallPrompt(page);
    await expect(installPrompt(page)).toHaveCount(0);
  });
});

test.describe("offline", () => {
  test("after one visit, the app opens offline with a clear message; Convex traffic is never cached", async ({
    page,
    context,
    axe,
  }) => {
    await page.goto("/");
    await pageReady(page);
    // The service worker at /sw.js has installed (precached the shell) and controls the page.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL;
    });
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toMatch(/\/sw\.js$/);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.some((url) => url.endsWith("/index.html") || url.includes("/index.html?"))).toBe(true);
    const convexOrigin = new URL(e2eEnv().convexUrl).origin;
    expect(cached.filter((url) => url.startsWith(convexOrigin))).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("banner").getByRole("link", { name: "Rafter home" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: OFFLINE_MESSAGE })).toBeVisible();
    await axe.check("offline");

    await context.setOffline(false);
    await expect(page.getByRole("status").filter({ hasText: OFFLINE_MESSAGE })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "You're back online." })).toBeVisible();
  });
});

test.describe("promo banner", () => {
  test("hidden by default (the spec's deadline has passed); a live promotion shows a countdown until dismissed", async ({
    page,
    browser,
    axe,
  }) => {
    await page.goto("/");
    await pageReady(page);
    // The query has answered by the time the overlays show the cookie banner.
    await expect(cookieBanner(page)).toBeVisible();
    await settled.promo(page, "none");
    await expect(promoBanner(page)).toHaveCount(0);

    // An operator starts a promotion (a test one, so other journeys' copy is unaffected).
    const env = e2eEnv();
    const admin = adminClient(env.convexUrl, env.adminKey);
    const upsert = asAdminCallable(internal.promotions.upsert);
    const key = `e2e-${test.info().workerIndex}-${Date.now()}`;
    const DAY = 24 * 60 * 60 * 1000;
    try {
      await admin.mutation(upsert, {
        key,
        title: "Test offer",
        description: "A promotion for the end-to-end test.",
        endsAt: Date.now() + 3 * DAY + 60 * 60 * 1000,
      });
      expect((await admin.query(api.promotions.current, {}))?.key).toBe(key);

      // Live: no reload needed.
      await expect(promoBanner(page)).toBeVisible();
      await expect(promoBanner(page)).toContainText("Test offer");
      await expect(promoBanner(page)).toContainText("3 days left");
      await axe.check("promo banner");

      await promoBanner(page).getByRole("button", { name: "Dismiss offer" }).click();
      await expect(promoBanner(page)).toHaveCount(0);
      await page.reload();
      await pageReady(page);
      await settled.promo(page, "dismissed");
      await expect(promoBanner(page)).toHaveCount(0);

      // Another visitor still sees it.
      const other = await browser.newContext({ baseURL: env.baseURL, serviceWorkers: "block" });
      try {
        const visitor = await other.newPage();
        await visitor.goto("/");
        await expect(promoBanner(visitor)).toBeVisible();
      } finally {
        await other.close();
      }
    } finally {
      // The deadline moved to the past: it ends at once.
      await admin.mutation(upsert, { key, title: "Test offer", description: "", endsAt: Date.now() - 1000 });
    }
  });
});

test.describe("toasts", () => {
  test("F8 focuses the notifications; a swipe right of 50 px dismisses a toast, a shorter one does not", async ({
    page,
    users,
  }) => {
    // A visitor who already chose cookies (no banner under the toasts).
    await page.addInitScript(() =>
      localStorage.setItem(
        "cookie_consent",
        JSON.stringify({
          version: 1,
          date: new Date().toISOString(),
          choices: { necessary: true, analytics: false, marketing: false, functional: false },
        }),
      ),
    );
    await page.goto("/login");
    const form = page.getByRole("main");
    await form.getByLabel("Email").fill(users.uniqueEmail("nobody"));
    await form.getByLabel("Password", { exact: true }).fill("Wrong-Passw0rd!");
    await form.getByRole("button", { name: "Sign In" }).click();

    const region = toasts(page);
    const toast = region.getByRole("listitem").filter({ hasText: "Login Failed" });
    await expect(toast).toBeVisible();
    await page.keyboard.press("F8");
    await expect(region).toBeFocused();

    const drag = async (distance: number) => {
      const box = (await toast.boundingBox())!;
      const x = box.x + 24;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + distance, y, { steps: 6 });
      await page.mouse.up();
    };
    await drag(30);
    await expect(toast).toBeVisible();
    await drag(70);
    await expect(toast).toHaveCount(0);
  });
});

test.describe("toast behaviour", () => {
  // Spec §4/§9: newest first, at most 5 kept, 5000 ms by default, F8 focuses them, Escape or the
  // close button dismisses one. The page's clock is paused so that six sends fit inside one toast's life.
  test("newest first, five at most, gone after 5000 ms; F8, Escape and the close button", async ({ page, users }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        "cookie_consent",
        JSON.stringify({
          version: 1,
          date: new Date().toISOString(),
          choices: { necessary: true, analytics: false, marketing: false, functional: false },
        }),
      ),
    );
    await page.clock.install();
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    await expect(form.getByLabel("Name")).toBeVisible();
    // A short jump (a long one would make the realtime client think its server went quiet). It must
    // land in the page's future: on a busy machine more than a second can pass between reading the
    // page's time and pausing, so read again and retry.
    await expect(async () => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)).toPass();

    const email = users.uniqueEmail("toasts");
    const send = async (subject: string) => {
      await form.getByLabel("Name").fill("Toast Tester");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Subject").fill(subject);
      await form.getByLabel("Message").fill("Checking how the notifications behave.");
      await form.getByRole("button", { name: "Send Message" }).click();
    };
    const region = toasts(page);
    const items = region.getByRole("listitem");

    // Five messages go through; the sixth from the same address is over the limit (spec §8 'Error').
    for (let i = 1; i <= 5; i++) {
      await send(`Toast check ${i}`);
      await expect(items).toHaveCount(i);
      await expect(form.getByLabel("Subject")).toHaveValue("");
    }
    await expect(items).toHaveText(Array(5).fill(/^Message Sent!We'll get back to you within 24 hours\./));
    await send("Toast check 6");
    await expect(items.first()).toContainText("Error");
    await expect(items).toHaveCount(5);
    await expect(items.nth(1)).toContainText("Message Sent!");

    // Nothing is hovered or focused: they all close by themselves at 5000 ms.
    await page.mouse.move(0, 0);
    await form.getByLabel("Name").focus();
    await page.clock.runFor(4_800);
    await expect(items).toHaveCount(5);
    await page.clock.runFor(400);
    await expect(items).toHaveCount(0);

    // F8 moves focus to the notifications; from there Tab reaches a toast, and Escape dismisses it.
    await send("Toast check 7");
    await send("Toast check 8");
    await expect(items).toHaveCount(2);
    await page.keyboard.press("F8");
    await expect(region).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(items.first().getByRole("button", { name: "Dismiss notification" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(items).toHaveCount(1);
    await items.first().getByRole("button", { name: "Dismiss notification" }).click();
    await expect(items).toHaveCount(0);
    // Let time flow again for the page's closing accessibility check.
    await page.clock.resume();
  });

  test.describe("on a phone, signed in", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("toasts and the cookie banner sit above the bottom bar, toasts above the banner", async ({
      page,
      users,
      signIn,
      axe,
    }) => {
      // The install prompt was dismissed before: only the cookie banner joins the toasts.
      await page.addInitScript(() => localStorage.setItem("install_prompt_seen", new Date().toISOString()));
      const casey = await users.create({ userType: "homeowner", firstName: "Casey" });
      await signIn(casey.email, casey.password);
      await page.goto("/settings");
      const bar = page.getByRole("navigation", { name: "Quick links" });
      await expect(bar).toBeVisible();
      await expect(cookieBanner(page)).toBeVisible();
      // Saving an email preference shows a toast. It lives 5 s unless the pointer is on it: on a busy
      // machine the pointer can arrive after it has gone, so save again until the pointer holds one.
      const preference = page.getByRole("region", { name: "Email notifications" }).getByRole("combobox").first();
      const toast = toasts(page).getByRole("listitem").filter({ hasText: SettingsCopy.preferenceSaved }).first();
      let saves = 0;
      const holdToast = () =>
        expect(async () => {
          await preference.selectOption(saves++ % 2 === 0 ? "digest" : "email");
          await toast.hover();
        }).toPass();
      await holdToast();
      await axe.check("toast and cookie banner above the bottom bar");

      const bottom = (box: { y: number; height: number } | null) => (box ? box.y + box.height : Infinity);
      const barTop = (await bar.boundingBox())!.y;
      expect(bottom(await cookieBanner(page).boundingBox())).toBeLessThanOrEqual(barTop);
      const bannerTop = (await cookieBanner(page).boundingBox())!.y;
      await expect.poll(async () => bottom(await toast.boundingBox())).toBeLessThanOrEqual(bannerTop);

      // Without the banner, the toast sits right above the bar.
      await cookieBanner(page).getByRole("button", { name: "Reject All" }).click();
      await expect(cookieBanner(page)).toBeHidden();
      await holdToast();
      await expect
        .poll(async () => {
          const gap = barTop - bottom(await toast.boundingBox());
          return gap >= 0 && gap < 40;
        })
        .toBe(true);
    });
  });
});
