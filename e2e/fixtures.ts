// Domain fixtures for the journeys (STYLE rule 14): tests read as a user's story
// and reach the app only through roles and labels.
//
//   signUp({ userType })       fills and submits the real sign-up form; signUp.fill() only fills it
//   signIn(email, password)    signs in through the login form
//   users.create({ userType }) an account made through the backend (for stories that are not about signing up)
//   users.verifyEmail(account) opens the emailed verification link (reviews need a verified email)
//   outbox.latest(to)          the newest email to an address (EMAIL_TRANSPORT=outbox), outbox.link(email, path)
//   axe                        automatic: every page the test shows is checked against WCAG 2.1 A/AA
//   theme                      "light" (default) or "dark": test.use({ theme: "dark" })
//
// Helpers for journeys with more than one person, or whose scene is set through the backend:
//   otherBrowser(browser, ip)  a second person's browser;  backendAs(account, ip) their backend client
//   grantAdmin(email)          makes an account an administrator;  uniqueWord(prefix), PNG_1X1
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Page, type TestInfo } from "@playwright/test";
import { ConvexHttpClient } from "convex/browser";
import { CONTACT_METHOD_LABELS, type ContactMethod, type UserType } from "../common/auth";
import { PROFESSION_CATEGORIES } from "../common/professions";
import { api, internal } from "../convex/_generated/api";
import { adminClient, asAdminCallable } from "../scripts/lib/convex";
import { e2eEnv } from "./env";

export { expect };

// ---------------------------------------------------------------------------
// Spec strings the journeys look for.

export const Text = {
  signUpSuccess: "Account created successfully! Redirecting to your dashboard...",
  resetRequested:
    "If an account exists with that email, you'll receive password reset instructions shortly. Please check your inbox and spam folder.",
  resetSuccess: "Your password has been reset successfully! Redirecting to login...",
  welcomeBack: "Welcome Back!",
  pageNotFound: "Page Not Found",
} as const;

/** A password every rule of spec §5 accepts (sign-up and reset). */
export const STRONG_PASSWORD = "Rafter-e2e-Passw0rd!";

// ---------------------------------------------------------------------------
// Accounts.

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  userType: UserType;
}

export interface SignUpOptions {
  userType?: UserType;
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  phone?: string;
  city?: string;
  /** Option label of the State select, e.g. "Texas". */
  state?: string;
  zipCode?: string;
  /** Professionals: category labels to tick (default: the first category). */
  categories?: string[];
  /** Homeowners. */
  contactMethod?: ContactMethod;
  /** The two required consents (default: both ticked). */
  consent?: boolean;
}

export type SignUp = ((options?: SignUpOptions) => Promise<Account>) & {
  /** Opens /signup?type=... and fills the form without submitting it. */
  fill: (options?: SignUpOptions) => Promise<Account>;
};

export type SignIn = (email: string, password: string) => Promise<void>;

export interface CreateOptions {
  userType?: UserType;
  firstName?: string;
  lastName?: string;
  city?: string;
  /** Two-letter code, e.g. "TX". */
  state?: string;
  zipCode?: string;
  /** Professionals: professions chosen in profession setup (the first is primary); without them setup is still due. */
  professions?: string[];
}

export interface Users {
  /** A unique address for this test. */
  uniqueEmail: (tag?: string) => string;
  /** An account created through the backend (the same `auth:signIn` sign-up the form calls). */
  create: (options?: CreateOptions) => Promise<Account>;
  /**
   * Verifies the account's email as its owner does: opens the link of the verification email in the outbox
   * (the /verify-email page's own mutation). Accounts start unverified; writing a review needs this.
   */
  verifyEmail: (account: Account) => Promise<void>;
}

let emailCounter = 0;
function uniqueEmail(testInfo: TestInfo, tag = "user"): string {
  emailCounter += 1;
  const stamp = `${Date.now().toString(36)}${testInfo.workerIndex}${testInfo.retry}${emailCounter}`;
  return `e2e-${tag}-${stamp}@example.com`;
}

/**
 * Each test acts from its own client address, so the per-address sign-up and sign-in limits count
 * per test, as they would per person. The local runtime takes X-Forwarded-For only from a request
 * that also carries this run's token (scripts/lib/stack.ts): never from just any client.
 */
export function randomClientIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** The headers that make a request come from `clientIp` (see randomClientIp). */
export function clientHeaders(clientIp: string): Record<string, string> {
  return { "X-Forwarded-For": clientIp, "X-Local-Convex-Forward-Token": e2eEnv().forwardedForToken };
}

function httpClient(clientIp: string): ConvexHttpClient {
  return new ConvexHttpClient(e2eEnv().convexUrl, {
    skipConvexDeploymentUrlCheck: true,
    logger: false,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      for (const [name, value] of Object.entries(clientHeaders(clientIp))) headers.set(name, value);
      return fetch(input, { ...init, headers });
    },
  });
}

async function fillSignUpForm(page: Page, account: Account, options: SignUpOptions): Promise<void> {
  await page.goto(`/signup?type=${account.userType}`);
  const form = page.getByRole("main");
  await expect(form.getByRole("heading", { level: 1, name: "Create Your Account" })).toBeVisible();
  await form
    .getByRole("radio", { name: account.userType === "professional" ? /Service professional/ : /Property owner/ })
    .check();
  await form.getByLabel("First name").fill(account.firstName);
  await form.getByLabel("Last name").fill(account.lastName);
  await form.getByRole("textbox", { name: "Email" }).fill(account.email);
  await form.getByLabel("Password", { exact: true }).fill(account.password);
  if (options.phone) await form.getByLabel("Phone").fill(options.phone);
  if (options.city) await form.getByLabel("City").fill(options.city);
  if (options.state) await form.getByLabel("State").selectOption({ label: options.state });
  if (options.zipCode) await form.getByLabel("ZIP code").fill(options.zipCode);
  if (account.userType === "professional") {
    for (const category of options.categories ?? [PROFESSION_CATEGORIES[0].label]) {
      await form.getByRole("checkbox", { name: category, exact: true }).check();
    }
  } else if (options.contactMethod) {
    await form.getByRole("radio", { name: CONTACT_METHOD_LABELS[options.contactMethod] }).check();
  }
  if (options.consent !== false) {
    await form.getByRole("checkbox", { name: "I am 18 or older" }).check();
    await form.getByRole("checkbox", { name: /I accept the Terms of Service/ }).check();
  }
}

// ---------------------------------------------------------------------------
// Outbox (EMAIL_TRANSPORT=outbox): what would have been emailed.

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  _creationTime: number;
}

export interface Outbox {
  /** The newest email to `to` (optionally of one kind: "password_reset", "email_verification"); waits for it. */
  latest: (to: string, options?: { kind?: string; timeoutMs?: number }) => Promise<Email>;
  /** The link in an email whose path starts with `path`, e.g. "/reset-password". */
  link: (email: Email, path: string) => string;
}

function createOutbox(): Outbox {
  // The outbox holds reset links: no client function reads it; tools use the admin key.
  const { convexUrl, adminKey } = e2eEnv();
  const client = adminClient(convexUrl, adminKey);
  return {
    async latest(to, { kind, timeoutMs = 30_000 } = {}) {
      const address = to.trim().toLowerCase();
      let found: Email | undefined;
      await expect
        .poll(
          async () => {
            const { enabled, messages } = await client.query(asAdminCallable(internal.devOutbox.list), {});
            if (!enabled)
              throw new Error("devOutbox:list is disabled: the runtime must run with EMAIL_TRANSPORT=outbox");
            found = messages
              .filter((m) => m.to.toLowerCase() === address && (kind === undefined || m.kind === kind))
              .sort((a, b) => b._creationTime - a._creationTime)[0];
            return found !== undefined;
          },
          { message: `an email${kind ? ` (${kind})` : ""} to ${to} in the outbox`, timeout: timeoutMs },
        )
        .toBe(true);
      return found!;
    },
    link(email, path) {
      const origin = e2eEnv().baseURL;
      const urls = email.text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
      const url = urls.find((u) => new URL(u).pathname.startsWith(path));
      if (!url) throw new Error(`no ${path} link in "${email.subject}" to ${email.to}:\n${email.text}`);
      if (!url.startsWith(origin)) throw new Error(`the ${path} link ${url} does not point at the app (${origin})`);
      return url;
    },
  };
}

// ---------------------------------------------------------------------------
// Accessibility: axe on every page a test shows.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

interface Finding {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
  where: string;
}

export interface A11y {
  /** Checks the page as it is now (e.g. a form showing its errors); findings fail the test at its end. */
  check: (label?: string) => Promise<void>;
  /** Pages (path, title, heading) checked so far. */
  readonly checked: string[];
}

/**
 * In the page: tells the test when it shows something new (another path, title, main heading, alert or status
 * message) once that has held for 150 ms. Other DOM changes (typing, toasts) do not delay it.
 */
const PAGE_WATCHER = `(() => {
  if (window.__rafterA11yWatcher) return;
  window.__rafterA11yWatcher = true;
  let signaled = null, pending = null, timer = null;
  const text = (el) => (el ? el.textContent.trim().replace(/\\s+/g, " ").slice(0, 80) : "");
  // Path, title, main heading, and the page's own alerts and status messages (not the toasts outside <main>).
  const signature = () =>
    [
      location.pathname + location.search,
      document.title,
      text(document.querySelector("h1")),
      ...[...document.querySelectorAll("main [role=alert], main [role=status]")].map(text).filter(Boolean),
    ].join(" | ");
  const changed = () => {
    const now = signature();
    if (now === pending) return;
    clearTimeout(timer);
    pending = now === signaled ? null : now;
    if (pending === null) return;
    timer = setTimeout(() => {
      if (signature() !== pending) return changed();
      signaled = pending;
      pending = null;
      if (window.__rafterA11yChanged) window.__rafterA11yChanged(signaled);
    }, 150);
  };
  // Before the test loads another document: the current page, if it was never signalled, is checked now.
  window.__rafterA11yFlush = () => {
    clearTimeout(timer);
    pending = null;
    const now = signature();
    if (now === signaled) return null;
    signaled = now;
    return now;
  };
  const start = () => {
    new MutationObserver(changed).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
    addEventListener("popstate", changed);
    changed();
  };
  if (document.documentElement) start(); else addEventListener("DOMContentLoaded", start);
})();`;

class AxeWatch implements A11y {
  readonly checked: string[] = [];
  private readonly findings = new Map<string, Finding>();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly page: Page,
    private readonly theme: string,
  ) {}

  async attach(): Promise<void> {
    await this.page.exposeFunction("__rafterA11yChanged", (signature: string) => {
      if (!this.closed) this.enqueue(signature, false);
    });
    await this.page.addInitScript(PAGE_WATCHER);
  }

  check(label?: string): Promise<void> {
    return this.enqueue(`checkpoint: ${label ?? "as it is now"}`, true);
  }

  private enqueue(label: string, mustComplete: boolean): Promise<void> {
    const run = this.queue.then(() => this.scan(label, mustComplete));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async scan(label: string, mustComplete: boolean): Promise<void> {
    if (this.page.isClosed()) return;
    const url = new URL(this.page.url());
    const where = `${label} (at ${url.pathname}${url.search}, ${this.theme} theme)`;
    try {
      // Legacy mode runs axe in the page itself: no helper page per check, so a check takes a fraction of a second.
      const results = await new AxeBuilder({ page: this.page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
      this.checked.push(where);
      for (const violation of results.violations) {
        if (!violation.impact || !BLOCKING_IMPACTS.has(violation.impact)) continue;
        const targets = violation.nodes.map((node) => node.target.map(String).join(" >> "));
        const key = `${violation.id}|${targets.join(",")}|${this.theme}`;
        if (!this.findings.has(key)) {
          this.findings.set(key, {
            id: violation.id,
            impact: violation.impact,
            help: violation.help,
            helpUrl: violation.helpUrl,
            targets,
            where,
          });
        }
      }
    } catch (error) {
      // A full page load in the middle of a background check: the next page gets its own.
      if (mustComplete) throw error;
      this.checked.push(`${where} (interrupted: ${String(error).split("\n")[0]})`);
    }
  }

  /** Before a full page load: checks the current page if it was not yet, and waits for the checks to end. */
  async beforeLeaving(): Promise<void> {
    if (!this.closed && !this.page.isClosed() && this.page.url() !== "about:blank") {
      const signature = await this.page
        .evaluate(
          () => (window as unknown as { __rafterA11yFlush?: () => string | null }).__rafterA11yFlush?.() ?? null,
        )
        .catch(() => null);
      if (signature) this.enqueue(signature, false);
    }
    await this.idle();
  }

  /** Resolves when no check is running or waiting. */
  async idle(): Promise<void> {
    let current;
    do {
      current = this.queue;
      await current;
    } while (current !== this.queue);
  }

  /** The final check, then the test fails listing every serious or critical violation it saw. */
  async finish(): Promise<void> {
    this.closed = true;
    await this.idle();
    if (!this.page.isClosed() && this.page.url() !== "about:blank") await this.scan("end of test", true);
    if (this.findings.size === 0) return;
    const report = [...this.findings.values()]
      .map(
        (f) =>
          `  [${f.impact}] ${f.id}: ${f.help}\n    on ${f.where}\n    ${f.helpUrl}\n` +
          f.targets.map((t) => `      - ${t}`).join("\n"),
      )
      .join("\n");
    throw new Error(
      `Accessibility: ${this.findings.size} serious/critical WCAG 2.1 A/AA violation(s) on pages this test visited:\n${report}`,
    );
  }
}

// ---------------------------------------------------------------------------

interface Fixtures {
  theme: "light" | "dark";
  clientIp: string;
  axe: A11y;
  users: Users;
  signUp: SignUp;
  signIn: SignIn;
  outbox: Outbox;
}

export const test = base.extend<Fixtures>({
  theme: ["light", { option: true }],
  clientIp: async ({}, use) => {
    await use(randomClientIp());
  },
  baseURL: async ({}, use) => {
    await use(e2eEnv().baseURL);
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use(clientHeaders(clientIp));
  },
  page: async ({ page, theme }, use) => {
    // On / and /welcome the prerendered landing page shows until the app swaps in its own DOM (the same
    // markup, other elements): a test acts on the app's, so a page load waits for that handoff.
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => {
      const response = await goto(...args);
      await page.locator("#prerender").waitFor({ state: "detached" });
      return response;
    };
    if (theme === "dark") {
      await page.addInitScript(() => {
        try {
          localStorage.setItem("theme", "dark");
        } catch {
          // about:blank has no storage
        }
      });
    }
    await use(page);
  },
  axe: [
    async ({ page, theme }, use, testInfo) => {
      const watch = new AxeWatch(page, theme);
      await watch.attach();
      // A full page load would cut short the check of the page being left: let it finish first.
      for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
        const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
        (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
          await watch.beforeLeaving();
          return original(...args);
        };
      }
      await use(watch);
      try {
        await watch.finish();
      } finally {
        testInfo.annotations.push({ type: "axe", description: watch.checked.join("\n") || "(no page checked)" });
      }
    },
    { auto: true },
  ],
  users: async ({ clientIp, outbox }, use, testInfo) => {
    const client = httpClient(clientIp);
    await use({
      uniqueEmail: (tag) => uniqueEmail(testInfo, tag),
      async verifyEmail(account) {
        // Email leaves through a queue: a link just asked for again may still be on its way while the
        // older one (now replaced) is in the inbox. Like the member, open the newest link that has
        // arrived, and again when a newer one arrives, until one works.
        let lastError: unknown = null;
        await expect
          .poll(
            async () => {
              const email = await outbox.latest(account.email, { kind: "email_verification" });
              const token = new URL(outbox.link(email, "/verify-email")).searchParams.get("token");
              if (!token) throw new Error(`the verification email to ${account.email} has no token`);
              try {
                await client.mutation(api.emailVerification.verify, { token });
                return true;
              } catch (e) {
                if (!String(e).includes("INVALID_TOKEN")) throw e;
                lastError = e;
                return false;
              }
            },
            { message: `a working verification link for ${account.email}`, timeout: 30_000 },
          )
          .toBe(true)
          .catch((e: unknown) => {
            throw lastError ?? e;
          });
      },
      async create({ userType = "homeowner", firstName = "Casey", lastName = "Rivera", professions, ...place } = {}) {
        const account: Account = {
          email: uniqueEmail(testInfo, userType),
          password: STRONG_PASSWORD,
          firstName,
          lastName,
          userType,
        };
        const result = await client.action(api.auth.signIn, {
          provider: "password",
          params: {
            flow: "signUp",
            ...account,
            ...place,
            ...(userType === "professional" ? { professionalCategories: [PROFESSION_CATEGORIES[0].value] } : {}),
            isAdult: true,
            acceptTerms: true,
          },
        });
        if (professions?.length) {
          const token = result.tokens?.token;
          if (!token) throw new Error("sign-up returned no token");
          const authed = httpClient(clientIp);
          authed.setAuth(token);
          await authed.mutation(api.users.completeProfessionSetup, { professions, primaryProfession: professions[0]! });
        }
        return account;
      },
    });
  },
  signUp: async ({ page }, use, testInfo) => {
    const fill = async (options: SignUpOptions = {}): Promise<Account> => {
      const userType = options.userType ?? "homeowner";
      const account: Account = {
        email: options.email ?? uniqueEmail(testInfo, userType),
        password: options.password ?? STRONG_PASSWORD,
        firstName: options.firstName ?? (userType === "professional" ? "Jordan" : "Morgan"),
        lastName: options.lastName ?? (userType === "professional" ? "Blake" : "Lee"),
        userType,
      };
      await fillSignUpForm(page, account, options);
      return account;
    };
    const signUp = Object.assign(
      async (options: SignUpOptions = {}): Promise<Account> => {
        const account = await fill(options);
        await page.getByRole("button", { name: "Create Account" }).click();
        await expect(page.getByRole("status").filter({ hasText: Text.signUpSuccess })).toBeVisible();
        await expect(page).toHaveURL("/");
        return account;
      },
      { fill },
    );
    await use(signUp);
  },
  signIn: async ({ page }, use) => {
    await use(async (email, password) => {
      await page.goto("/login");
      await siteOverlaysMounted(page);
      const form = page.getByRole("main");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Password", { exact: true }).fill(password);
      await form.getByRole("button", { name: "Sign In" }).click();
      await expect(toasts(page).getByText(Text.welcomeBack)).toBeVisible();
      await expect(page).toHaveURL("/");
    });
  },
  outbox: async ({}, use) => {
    await use(createOutbox());
  },
});

// ---------------------------------------------------------------------------
// Page helpers shared by the journeys.

/** The toast region (an aria-live list inside the "Notifications" landmark). */
export function toasts(page: Page) {
  return page.getByRole("region", { name: /^Notifications/ });
}

/** The signed-in user's account menu in the header. */
export function accountMenu(page: Page) {
  return page.getByRole("button", { name: /^Account menu for / });
}

/**
 * Signs `account` in through the login form on `page` (a second browser's page too, where the
 * `signIn` fixture's page is not the one wanted). `rejectCookies` answers the cookie banner, which
 * would cover a laptop-sized window's lower buttons.
 */
export async function signInOn(page: Page, account: Account, options: { rejectCookies?: boolean } = {}) {
  await page.goto("/login");
  await siteOverlaysMounted(page);
  if (options.rejectCookies) await page.getByRole("button", { name: "Reject All" }).click();
  const form = page.getByRole("main");
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password", { exact: true }).fill(account.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/");
}

/**
 * The site overlays (cookie banner, install prompt) mount once the page is up and the browser was
 * idle. On a busy machine that can fall between a click's hit test and the click itself, and the
 * banner then takes the click meant for the button under it: act once they are there.
 */
export async function siteOverlaysMounted(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-site-overlays", "mounted");
}

/** A second person's browser: its own context (cookies, storage) and client address. */
export async function otherBrowser(browser: Browser, clientIp: string = randomClientIp()): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eEnv().baseURL,
    extraHTTPHeaders: clientHeaders(clientIp),
  });
  return await context.newPage();
}

/** A backend client signed in as the account (the same sign-in the login form calls). */
export async function backendAs(account: Account, clientIp: string): Promise<ConvexHttpClient> {
  const client = httpClient(clientIp);
  const result = await client.action(api.auth.signIn, {
    provider: "password",
    params: { flow: "signIn", email: account.email, password: account.password },
  });
  if (!result.tokens?.token) throw new Error(`no token for ${account.email}`);
  client.setAuth(result.tokens.token);
  return client;
}

/** Makes an existing account an administrator, as an operator would (users.grantAdmin with the admin key). */
export async function grantAdmin(email: string): Promise<void> {
  const env = e2eEnv();
  await adminClient(env.convexUrl, env.adminKey).mutation(asAdminCallable(internal.users.grantAdmin), { email });
}

/** Letters only (names and words the search reads as one token), unique to this run. */
export function uniqueWord(prefix: string): string {
  const letters = Date.now()
    .toString(26)
    .split("")
    .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
    .join("");
  return `${prefix}${letters}`;
}

/** A 1x1 PNG: the smallest real image an upload (photo, document) accepts. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
