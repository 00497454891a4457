// Messages and notifications, live between two people (spec §2 Messages, Notifications, Shell bell):
// one sends, the other sees the message, the unread badge and the notification without a reload;
// opening the thread shows 'Seen' to the sender; "is typing" appears and clears. Two browser
// contexts, both checked by axe (the second one explicitly).
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { INSTALL_PROMPT_SEEN_KEY } from "../src/features/site/install";
import { CONSENT_STORAGE_KEY, CONSENT_VERSION, REJECT_ALL } from "../src/lib/consent";
import { e2eEnv } from "./env";
import { clientHeaders, expect, randomClientIp, test, type Account } from "./fixtures";

/** A returning visitor: cookies chosen, install prompt seen (nothing covers the message form). */
async function returningVisitor(page: Page): Promise<void> {
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
}

/** A second person in their own browser (own storage, own client address), signed in through the form. */
async function secondBrowser(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eEnv().baseURL,
    serviceWorkers: "block",
    extraHTTPHeaders: clientHeaders(randomClientIp()),
  });
  const page = await context.newPage();
  await returningVisitor(page);
  await page.goto("/login");
  const form = page.getByRole("main");
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password", { exact: true }).fill(account.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/");
  return page;
}

/** The signed-in user's id (the subject of the session token the app keeps). */
async function userIdOf(page: Page): Promise<string> {
  const id = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("__convexAuthJWT"));
    const token = key ? localStorage.getItem(key) : null;
    if (!token) return null;
    const payload = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { sub: string };
    return payload.sub.split("|")[0]!;
  });
  expect(id, "a signed-in session").toBeTruthy();
  return id!;
}

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true)
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe on ${where}`,
  ).toEqual([]);
}

const thread = (page: Page, name: string) => page.getByRole("region", { name: `Messages with ${name}` });
const composer = (page: Page, name: string) => page.getByRole("textbox", { name: `Message ${name}` });
const messagesLink = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Messages/ });
const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });

test("a message arrives live with its badge and notification; opening it shows Seen; typing shows and clears", async ({
  page,
  browser,
  users,
  signIn,
  axe,
}) => {
  const ada = await users.create({ firstName: "Ada", lastName: "Sender" });
  const bo = await users.create({ firstName: "Bo", lastName: "Reader" });
  await returningVisitor(page);
  await signIn(ada.email, ada.password);
  const boPage = await secondBrowser(browser, bo);
  try {
    const boId = await userIdOf(boPage);
    const adaId = await userIdOf(page);

    // Bo has nothing yet.
    await expect(messagesLink(boPage)).toHaveAccessibleName("Messages");
    await expect(bell(boPage)).toHaveAccessibleName("Notifications");

    // Ada opens a conversation from a ?user= link and sends with Enter.
    await page.goto(`/messages?user=${boId}`);
    await expect(page).toHaveURL(`/messages/${boId}`);
    await expect(page.getByRole("heading", { level: 2, name: "Bo Reader" })).toBeVisible();
    // An empty message is refused with the spec's wording.
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please enter a message" })).toBeVisible();
    await composer(page, "Bo Reader").fill("Hi Bo, is the deck still on for Friday?");
    await composer(page, "Bo Reader").press("Enter");
    await expect(thread(page, "Bo Reader").getByText("Hi Bo, is the deck still on for Friday?")).toBeVisible();
    await expect(composer(page, "Bo Reader")).toHaveValue("");
    await expect(
      page.getByRole("region", { name: "Conversations" }).getByRole("link", { name: /Bo Reader/ }),
    ).toBeVisible();
    await axe.check("thread with a sent message");

    // Bo, without reloading: the Messages badge and the bell's count, and the notification in the popover.
    await expect(messagesLink(boPage)).toHaveAccessibleName("Messages, 1 unread");
    await expect(bell(boPage)).toHaveAccessibleName("Notifications, 1 unread");
    await bell(boPage).click();
    const popover = boPage.getByRole("button", { name: /New message from Ada Sender/ });
    await expect(popover).toBeVisible();
    await expect(popover).toContainText("Hi Bo, is the deck still on for Friday?");
    await expectNoAxeViolations(boPage, "the bell's popover");

    // Following the notification opens the thread, which reads it: Ada sees 'Seen'.
    await popover.click();
    await expect(boPage).toHaveURL(`/messages/${adaId}`);
    await expect(thread(boPage, "Ada Sender").getByText("Hi Bo, is the deck still on for Friday?")).toBeVisible();
    await expect(thread(page, "Bo Reader").getByText("Seen", { exact: true })).toBeVisible();
    await expect(messagesLink(boPage)).toHaveAccessibleName("Messages");
    await expect(bell(boPage)).toHaveAccessibleName("Notifications");
    await expectNoAxeViolations(boPage, "Bo's thread");

    // Bo types: Ada sees it; Bo sends the reply: the indicator clears and the reply arrives.
    const typing = page.getByRole("status").filter({ hasText: "Bo is typing…" });
    // "Is typing" lasts 5 s after the last keystroke, as long as Bo keeps typing (a space: the
    // text sent is trimmed). On a starved machine Ada's page may first draw after those 5 s.
    const keepTyping = async () => {
      await expect(async () => {
        await composer(boPage, "Ada Sender").press("Space");
        await expect(typing).toBeVisible({ timeout: 2_500 });
      }).toPass();
    };
    await composer(boPage, "Ada Sender").pressSequentially("Yes, see you at 9", { delay: 20 });
    await keepTyping();
    await composer(boPage, "Ada Sender").press("Enter");
    await expect(thread(page, "Bo Reader").getByText("Yes, see you at 9")).toBeVisible();
    await expect(typing).toHaveCount(0);

    // Typing then leaving the box clears it too.
    await composer(boPage, "Ada Sender").pressSequentially("One more", { delay: 20 });
    await keepTyping();
    await boPage.getByRole("button", { name: "Send", exact: true }).focus();
    await expect(typing).toHaveCount(0);

    // Ada's own copy of the conversation is read (she is looking at it); her /notifications lists nothing unread from it.
    await page.goto("/notifications");
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "All", selected: true })).toBeVisible();
  } finally {
    await boPage.context().close();
  }
});

test("the notifications page lists by tab, marks read and deletes", async ({ page, browser, users, signIn }) => {
  const ada = await users.create({ firstName: "Ada", lastName: "Sender" });
  const bo = await users.create({ firstName: "Bo", lastName: "Reader" });
  await returningVisitor(page);
  await signIn(bo.email, bo.password);
  const boId = await userIdOf(page);
  const adaPage = await secondBrowser(browser, ada);
  try {
    await adaPage.goto(`/messages/${boId}`);
    await composer(adaPage, "Bo Reader").fill("Quote attached");
    await composer(adaPage, "Bo Reader").press("Enter");
    await expect(thread(adaPage, "Bo Reader").getByText("Quote attached")).toBeVisible();
  } finally {
    await adaPage.context().close();
  }

  await page.goto("/notifications");
  const item = page.getByRole("listitem").filter({ hasText: "New message from Ada Sender" });
  await expect(item).toBeVisible();
  await expect(page.getByText("1 unread", { exact: true })).toBeVisible();
  // Other tabs hold other kinds.
  await page.getByRole("tab", { name: "Jobs" }).click();
  await expect(page).toHaveURL("/notifications?tab=jobs");
  await expect(page.getByText("No notifications")).toBeVisible();
  await page.getByRole("tab", { name: "Messages" }).click();
  await expect(item).toBeVisible();

  await item.getByRole("button", { name: /^Mark as read/ }).click();
  await expect(item.getByRole("button", { name: /^Mark as read/ })).toHaveCount(0);
  await expect(page.getByText("You're all caught up.")).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications");

  await item.getByRole("button", { name: /^Delete notification/ }).click();
  await expect(
    page.getByRole("region", { name: /^Notifications \(F8\)/ }).getByText("Notification deleted"),
  ).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(page.getByText("No notifications")).toBeVisible();
});
