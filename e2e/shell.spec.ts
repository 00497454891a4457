// The shell (spec §2 "Shell", routes, 404): the header's navigation signed out and signed in,
// the user menu, the mobile menu and the bottom bar, the footer, the user-type bar, the route
// map with its aliases, the 404 page, scroll to top. Axe checks every page (and the open menus).
import type { Locator, Page } from "@playwright/test";
import { INSTALL_PROMPT_SEEN_KEY } from "../src/features/site/install";
import { CONSENT_STORAGE_KEY, CONSENT_VERSION, REJECT_ALL } from "../src/lib/consent";
import { accountMenu, expect, grantAdmin, test, Text } from "./fixtures";

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

const SIGNED_OUT_NAV = ["Home", "How It Works", "Find Work", "Find Pros"];
const SIGNED_IN_NAV = ["Dashboard", "Jobs", "Feed", "Messages", "Network", "Search", "Materials", "Resources"];
const USER_MENU = ["My Profile", "Portfolio", "Reviews", "Notifications", "Settings", "Account", "Logout"];

// ---------------------------------------------------------------------------
// Where things are.

const header = (page: Page) => page.getByRole("banner");
const mainNav = (page: Page) => header(page).getByRole("navigation", { name: "Main" });
const accountNav = (page: Page) => header(page).getByRole("navigation", { name: "Account" });
const menuButton = (page: Page) => page.getByRole("button", { name: "Navigation menu", exact: true });
const menuDialog = (page: Page) => page.getByRole("dialog", { name: "Menu" });
const bottomBar = (page: Page) => page.getByRole("navigation", { name: "Quick links" });
const footer = (page: Page) => page.getByRole("contentinfo");
const h1 = (page: Page, name?: string | RegExp) => page.getByRole("heading", { level: 1, name });

/** Presses Tab until `target` has focus (keyboard only), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 25): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** The names of the first `count` controls Tab reaches from the top of the page (keyboard only). */
async function tabOrder(page: Page, count: number): Promise<string[]> {
  // Start where a fresh page starts: before the first element of <body>.
  await page.evaluate(() => {
    const start = document.createElement("span");
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.remove();
  });
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press("Tab");
    names.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        if (!el) return "";
        const label = el.getAttribute("aria-label");
        if (label) return label;
        const copy = el.cloneNode(true) as Element;
        copy.querySelectorAll("[aria-hidden=true]").forEach((hidden) => hidden.remove());
        return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
      }),
    );
  }
  return names;
}

/** Client-side navigation, as a link inside the app does it (no page load; React Router's history entry). */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
  }, path);
}

test.beforeEach(async ({ page }) => {
  // A returning visitor: the cookie choice is made and the install prompt was seen, so no banner
  // covers the bottom of the screen (their behaviour has its own journeys in site.spec.ts).
  const consent = JSON.stringify({ version: CONSENT_VERSION, date: new Date().toISOString(), choices: REJECT_ALL });
  await page.addInitScript(
    ([consentKey, consentValue, installKey]) => {
      try {
        localStorage.setItem(consentKey, consentValue);
        localStorage.setItem(installKey, "1");
      } catch {
        // about:blank has no storage
      }
    },
    [CONSENT_STORAGE_KEY, consent, INSTALL_PROMPT_SEEN_KEY] as const,
  );
});

// ---------------------------------------------------------------------------

test.describe("signed out", () => {
  test("the header leads to Home, How It Works, Find Work, Find Pros, Join Now and Sign In, marking the current page", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(mainNav(page).getByRole("link")).toHaveText(SIGNED_OUT_NAV);
    await expect(accountNav(page).getByRole("link")).toHaveText(["Sign In", "Join Now"]);
    await expect(mainNav(page).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    // Wide screen: no menu button, and no bottom bar for visitors.
    await expect(menuButton(page)).toBeHidden();
    await expect(bottomBar(page)).toHaveCount(0);

    // Keyboard only: every control of the header in order, after the skip link.
    expect(await tabOrder(page, 8)).toEqual([
      "Skip to content",
      "Rafter home",
      ...SIGNED_OUT_NAV,
      "Sign In",
      "Join Now",
    ]);

    await mainNav(page).getByRole("link", { name: "Find Pros" }).click();
    await expect(page).toHaveURL("/professional-search");
    await expect(h1(page, "Find Local Professionals")).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Find Pros" })).toHaveAttribute("aria-current", "page");
    await expect(mainNav(page).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");

    await mainNav(page).getByRole("link", { name: "Find Work" }).click();
    await expect(page).toHaveURL("/job-search");
    await expect(h1(page, "Find Work")).toBeVisible();

    await mainNav(page).getByRole("link", { name: "How It Works" }).click();
    await expect(page).toHaveURL("/how-it-works");
    await expect(h1(page, "How It Works")).toBeVisible();

    await accountNav(page).getByRole("link", { name: "Join Now" }).click();
    await expect(page).toHaveURL("/signup-choice");
    await expect(h1(page, "Join Rafter")).toBeVisible();

    await accountNav(page).getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/login");
    await expect(h1(page, "Sign In")).toBeVisible();

    await mainNav(page).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL("/");
  });

  test("the footer links the categories, features, contact and legal pages, and offers cookie settings and the theme", async ({
    page,
  }) => {
    await page.goto("/");
    const links = footer(page).getByRole("navigation", { name: "Footer" });
    const expected: Record<string, string> = {
      Contractors: "/profession/contractor",
      Landscaping: "/profession/landscaping",
      Electricians: "/profession/electrician",
      Painters: "/profession/painter",
      Photographers: "/profession/photographer",
      Haulers: "/profession/hauler",
      Flippers: "/profession/flipper",
      "Find Pros": "/professional-search",
      "Find Work": "/job-search",
      Materials: "/scrap",
      "Community Feed": "/feed",
      Subscribe: "/subscribe",
      "Contact Us": "/contact",
      "About Rafter": "/about",
      "support@rafter.example": "mailto:support@rafter.example",
      "Terms of Service": "/terms",
      "Privacy Policy": "/privacy",
      Accessibility: "/accessibility",
      DMCA: "/dmca",
    };
    for (const heading of ["Categories", "Features", "Contact", "Legal"]) {
      await expect(links.getByRole("heading", { name: heading })).toBeVisible();
    }
    for (const [name, href] of Object.entries(expected)) {
      await expect(links.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(links.getByRole("button", { name: "Cookie settings" })).toBeVisible();
    await expect(footer(page).getByRole("radiogroup", { name: "Theme" })).toBeVisible();

    await links.getByRole("link", { name: "Electricians" }).click();
    await expect(page).toHaveURL("/profession/electrician");
    await expect(h1(page)).toBeVisible();
  });

  test("a new page starts at the top, with focus on its heading", async ({ page }) => {
    await page.goto("/");
    await expect(h1(page)).toBeVisible();
    await footer(page).getByRole("link", { name: "Terms of Service" }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await footer(page).getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL("/terms");
    await expect(h1(page)).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test.describe("on a phone, in the dark theme", () => {
    test.use({ ...PHONE, theme: "dark" });

    test("the menu button opens the navigation in a dialog that keeps focus; Escape and navigating close it", async ({
      page,
      axe,
    }) => {
      await page.goto("/");
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await expect(mainNav(page)).toBeHidden();
      await expect(bottomBar(page)).toHaveCount(0);

      // Keyboard only: Tab to the menu button, Enter opens it.
      const button = menuButton(page);
      await tabTo(page, button);
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await page.keyboard.press("Enter");
      const dialog = menuDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("link")).toHaveText([...SIGNED_OUT_NAV, "Join Now", "Sign In"]);
      await expect(dialog.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
      await expect(dialog.getByRole("radiogroup", { name: "Theme" })).toBeVisible();
      await axe.check("navigation menu open");

      // Focus stays in the dialog.
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Tab");
        expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }

      // Escape closes it and gives focus back to the button.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();

      // Choosing a page closes it.
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await dialog.getByRole("link", { name: "Find Pros" }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL("/professional-search");
      await expect(dialog).toBeHidden();
      await expect(h1(page, "Find Local Professionals")).toBeVisible();
      await expect(button).toHaveAttribute("aria-expanded", "false");

      // The close button closes it too.
      await button.click();
      await dialog.getByRole("button", { name: "Close menu" }).click();
      await expect(dialog).toBeHidden();
    });
  });
});

test.describe("signed in", () => {
  test.describe("in the dark theme", () => {
    test.use({ theme: "dark" });

    test("the header leads to the app's sections and the user menu works with the keyboard alone", async ({
      page,
      users,
      signIn,
      axe,
    }) => {
      const casey = await users.create({ userType: "homeowner", firstName: "Casey" });
      await signIn(casey.email, casey.password);
      await expect(h1(page, `Welcome, ${casey.firstName}`)).toBeVisible();
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);

      await expect(mainNav(page).getByRole("link")).toHaveText(SIGNED_IN_NAV);
      await expect(mainNav(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
      await expect(accountNav(page)).toHaveCount(0);
      await expect(header(page).getByText("Signed in as a Property Owner")).toBeVisible();
      await expect(header(page).getByRole("link", { name: "Switch to customer view" })).toHaveCount(0);
      await expect(bottomBar(page)).toBeHidden();

      // Keyboard only: the header's controls in order.
      expect(await tabOrder(page, 12)).toEqual([
        "Skip to content",
        "Rafter home",
        ...SIGNED_IN_NAV,
        "Notifications",
        `Account menu for ${casey.firstName} ${casey.lastName}`,
      ]);

      // The user menu: Enter opens it on its first item, Escape closes it.
      const button = accountMenu(page);
      await expect(button).toBeFocused();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem")).toHaveText(USER_MENU);
      await expect(menu.getByRole("menuitem", { name: "My Profile" })).toHaveAttribute("data-focus", "");
      await axe.check("user menu open");
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();

      // Arrow keys move to Settings, Enter follows it.
      await page.keyboard.press("Enter");
      for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitem", { name: "Settings", exact: true })).toHaveAttribute("data-focus", "");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL("/edit-profile");
      await expect(h1(page, "Edit Profile")).toBeVisible();

      for (const [name, path, heading] of [
        ["Jobs", "/jobs", "Jobs"],
        ["Messages", "/messages", "Messages"],
        ["Materials", "/scrap", "Scrap & Free Materials"],
        ["Dashboard", "/dashboard", `Welcome, ${casey.firstName}`],
      ] as const) {
        await mainNav(page).getByRole("link", { name }).click();
        await expect(page).toHaveURL(path);
        await expect(h1(page, heading)).toBeVisible();
        await expect(mainNav(page).getByRole("link", { name })).toHaveAttribute("aria-current", "page");
      }
    });
  });

  test("a professional switches to the customer view from any page, and back", async ({ page, users, signIn }) => {
    const jordan = await users.create({ userType: "professional", firstName: "Jordan" });
    await signIn(jordan.email, jordan.password);
    // A new professional picks a profession first; the bar appears once the account is set up.
    await expect(h1(page, "Choose Your Professions")).toBeVisible();
    await expect(header(page).getByText(/Signed in as a/)).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Real Estate Agent", exact: true }).check();
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await expect(h1(page, `Welcome, ${jordan.firstName}`)).toBeVisible();

    await mainNav(page).getByRole("link", { name: "Network" }).click();
    await expect(h1(page, "Your Network")).toBeVisible();
    await expect(header(page).getByText("Signed in as a Service Professional")).toBeVisible();
    await header(page).getByRole("link", { name: "Switch to customer view" }).click();
    await expect(page).toHaveURL("/?view=customer");
    await expect(header(page).getByText("(viewing as a customer)")).toBeVisible();
    await expect(page.getByText("Manage your property projects and find trusted professionals.")).toBeVisible();

    await header(page).getByRole("link", { name: "Switch to professional view" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Primary profession: Real Estate Agent")).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Switch to customer view" })).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use(PHONE);

    test("the bottom bar leads Home, Jobs, Messages and Profile; the menu has the sections; nothing hides behind the bar", async ({
      page,
      users,
      signIn,
      axe,
    }) => {
      const casey = await users.create({ userType: "homeowner", firstName: "Casey" });
      await signIn(casey.email, casey.password);
      await expect(h1(page, `Welcome, ${casey.firstName}`)).toBeVisible();
      await expect(mainNav(page)).toBeHidden();

      const bar = bottomBar(page);
      await expect(bar.getByRole("link")).toHaveText(["Home", "Jobs", "Messages", "Profile"]);
      await expect(bar.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
      await bar.getByRole("link", { name: "Messages" }).click();
      await expect(page).toHaveURL("/messages");
      await expect(h1(page, "Messages")).toBeVisible();
      await expect(bar.getByRole("link", { name: "Messages" })).toHaveAttribute("aria-current", "page");
      await bar.getByRole("link", { name: "Profile" }).click();
      await expect(h1(page, "Casey Rivera")).toBeVisible();

      // Scrolled to the end, the footer ends above the bar.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footerBox = (await footer(page).boundingBox())!;
      const barBox = (await bar.boundingBox())!;
      expect(footerBox.y + footerBox.height).toBeLessThanOrEqual(barBox.y + 1);

      // The menu: the app's sections; a link closes it. The user menu is there too.
      await menuButton(page).click();
      const dialog = menuDialog(page);
      await expect(dialog.getByRole("link")).toHaveText(SIGNED_IN_NAV);
      await axe.check("navigation menu open, signed in");
      await dialog.getByRole("link", { name: "Network" }).click();
      await expect(page).toHaveURL("/network");
      await expect(dialog).toBeHidden();
      await expect(h1(page, "Your Network")).toBeVisible();

      await accountMenu(page).click();
      await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText(USER_MENU);
      await page.getByRole("menuitem", { name: "Notifications" }).click();
      await expect(page).toHaveURL("/notifications");
      await expect(h1(page, "Notifications")).toBeVisible();
    });
  });
});

test.describe("the 404 page", () => {
  test("an unknown path shows Page Not Found with Go Home, Browse Jobs and Go Back", async ({ page }) => {
    await page.goto("/how-it-works");
    await expect(h1(page, "How It Works")).toBeVisible();
    await visit(page, "/no/such/page");
    await expect(h1(page, Text.pageNotFound)).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Jobs" })).toBeVisible();
    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL("/how-it-works");
  });

  test("/admin is Page Not Found for visitors and for signed-in users who are not administrators", async ({
    page,
    users,
    signIn,
  }) => {
    await page.goto("/admin");
    await expect(h1(page, Text.pageNotFound)).toBeVisible();

    const casey = await users.create({ userType: "homeowner" });
    await signIn(casey.email, casey.password);
    await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await visit(page, "/admin");
    await expect(h1(page, Text.pageNotFound)).toBeVisible();
    await expect(page).toHaveURL("/admin");
  });

  test("an administrator has the Admin link and the admin section", async ({ page, users, signIn }) => {
    const alex = await users.create({ userType: "homeowner", firstName: "Alex" });
    await grantAdmin(alex.email);
    await signIn(alex.email, alex.password);
    await expect(mainNav(page).getByRole("link")).toHaveText([...SIGNED_IN_NAV, "Admin"]);
    await mainNav(page).getByRole("link", { name: "Admin" }).click();
    await expect(page).toHaveURL("/admin");
    await expect(h1(page, "Admin")).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Admin" })).toHaveAttribute("aria-current", "page");
  });
});

// ---------------------------------------------------------------------------
// The route map (spec §2): every route resolves; aliases show the same page.

/** Public pages and their heading (null: a content page with its own copy and journeys; only "not the 404 page"). */
const PUBLIC_ROUTES: readonly [path: string, heading: string | null][] = [
  ["/", null],
  ["/welcome", null],
  ["/login", "Sign In"],
  ["/forgot-password", "Forgot Password"],
  ["/reset-password", "Reset Password"],
  ["/verify-email", "Verify Email"],
  ["/signup", "Join Rafter"],
  ["/signup-choice", "Join Rafter"],
  ["/signup?type=homeowner", "Create Your Account"],
  ["/register", "Create Your Account"],
  ["/multi-profession-signup", "Create Your Account"],
  ["/how-it-works", "How It Works"],
  ["/level-up", null],
  ["/profession/contractor", null],
  ["/professional-search", "Find Local Professionals"],
  ["/job-search", "Find Work"],
  ["/profession-benefits", "Profession Benefits"],
  ["/subscribe", "Choose your plan"],
  ["/feed", "Professional Feed"],
  ["/about", null],
  ["/contact", null],
  ["/terms", null],
  ["/privacy", null],
  ["/accessibility", null],
  ["/dmca", null],
  ["/dev/outbox", null],
];

/**
 * Signed-in pages, their heading for Casey (a homeowner), and where they land when that is elsewhere;
 * a visitor is sent to the login page.
 */
const SIGNED_IN_ROUTES: readonly [path: string, heading: string, landsOn?: string][] = [
  ["/dashboard", "Welcome, Casey"],
  ["/dashboard/home", "Welcome, Casey"],
  // The professional dashboard has nothing for a homeowner: their own dashboard instead.
  ["/dashboard/pros", "Welcome, Casey", "/dashboard/home"],
  ["/jobs", "Jobs"],
  ["/jobs/j123", "Job not found"],
  ["/jobs/search", "Find Work"],
  ["/messages", "Messages"],
  ["/messages/u123", "Messages"],
  ["/network", "Your Network"],
  ["/scrap", "Scrap & Free Materials"],
  ["/scrap/s123", "Listing not found"],
  ["/profile", "Casey Rivera"],
  ["/profile/u123", "Profile Not Found"],
  ["/professionals/search", "Find Local Professionals"],
  ["/request-quote", "Request a Quote"],
  ["/search", "Search"],
  ["/reviews", "Professional Reviews"],
  ["/notifications", "Notifications"],
  ["/portfolio", "Portfolio"],
  ["/edit-profile", "Edit Profile"],
];

async function expectPage(page: Page, path: string, heading: string | null, landsOn = path): Promise<void> {
  const title = h1(page);
  if (heading) await expect(title).toHaveText(heading);
  else await expect(title).not.toHaveText(new RegExp(`^(${Text.pageNotFound}|Loading.*)$`));
  await expect(title).not.toHaveText(Text.pageNotFound);
  // A redirect may follow the first render (both dashboards share a heading): wait for the address.
  await expect
    .poll(() => new URL(page.url()).pathname + new URL(page.url()).search, {
      message: landsOn === path ? `${path} stays on its address` : `${path} goes to ${landsOn}`,
    })
    .toBe(landsOn);
}

// Each page is checked by axe as itself; visitors' and signed-in pages together cover both themes at both widths.
const WIDE = { viewport: { width: 1280, height: 800 } };
const VISITOR_LAYOUTS = [
  { name: "wide, light", use: { ...WIDE, theme: "light" as const } },
  { name: "phone, dark", use: { ...PHONE, theme: "dark" as const } },
];
const SIGNED_IN_LAYOUTS = [
  { name: "wide, dark", use: { ...WIDE, theme: "dark" as const } },
  { name: "phone, light", use: { ...PHONE, theme: "light" as const } },
];

test.describe("routes", () => {
  for (const layout of VISITOR_LAYOUTS) {
    test.describe(`visitor, ${layout.name}`, () => {
      test.use(layout.use);

      test("every public route resolves; signed-in routes send a visitor to the login page", async ({ page, axe }) => {
        // One page and one axe check after another: well over the default 30 s on a busy machine.
        test.slow();
        await page.goto("/");
        await expect(h1(page)).toBeVisible();
        for (const [path, heading] of PUBLIC_ROUTES) {
          await visit(page, path);
          await expectPage(page, path, heading);
          // The content pages (null) get their own checks in public-pages.spec.ts.
          if (heading) await axe.check(path);
        }
        for (const [path] of SIGNED_IN_ROUTES) {
          await visit(page, path);
          await expect(page, `${path} is for signed-in users`).toHaveURL("/login");
        }
      });
    });
  }

  for (const layout of SIGNED_IN_LAYOUTS) {
    test.describe(`signed in, ${layout.name}`, () => {
      test.use(layout.use);

      test("every signed-in route resolves; aliases show the same page", async ({ page, users, signIn, axe }) => {
        // One page and one axe check after another: well over the default 30 s on a busy machine.
        test.slow();
        const casey = await users.create({ userType: "homeowner", firstName: "Casey" });
        await signIn(casey.email, casey.password);
        // The sign-in lands on the dashboard first; only then does the tour start.
        await expect(h1(page, "Welcome, Casey")).toBeVisible();
        for (const [path, heading, landsOn] of SIGNED_IN_ROUTES) {
          await visit(page, path);
          await expectPage(page, path, heading, landsOn);
          await axe.check(path);
        }
        // Public pages stay open to signed-in users; pages for visitors send them home.
        for (const [path, heading] of PUBLIC_ROUTES.filter(([p]) =>
          ["/subscribe", "/feed", "/job-search", "/professional-search", "/terms", "/about"].includes(p),
        )) {
          await visit(page, path);
          await expectPage(page, path, heading);
        }
        await visit(page, "/login");
        await expect(page).toHaveURL("/");
        await expect(h1(page, `Welcome, ${casey.firstName}`)).toBeVisible();
      });
    });
  }
});
