// Plans in the local payments mode (issue 14): the checkout and portal pages play Stripe's part
// and send signed events to the app's own webhook, so what the member sees change (the plan,
// the end date) is the production fulfilment code at work.
import { expect, otherBrowser, signInOn, test, toasts } from "./fixtures";
import { fillCard, TEST_CARD } from "./paymentSteps";

test("signed out, choosing a plan asks for sign-in and comes back to plans", async ({ page, users, axe }) => {
  const member = await users.create({
    userType: "professional",
    firstName: "Sam",
    lastName: "Signin",
    professions: ["electrician"],
  });
  await page.goto("/subscribe");
  await expect(page.getByRole("heading", { level: 1, name: "Choose your plan" })).toBeVisible();
  await axe.check("subscribe, signed out");
  await page.getByRole("button", { name: "Start free trial of Pro Profile" }).click();
  await expect(toasts(page).filter({ hasText: "Authentication Required" })).toContainText(
    "Please log in to subscribe to a plan.",
  );
  await expect(page).toHaveURL("/login?next=%2Fsubscribe");
  const form = page.getByRole("main");
  await form.getByLabel("Email").fill(member.email);
  await form.getByLabel("Password", { exact: true }).fill(member.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/subscribe");
  await expect(page.getByRole("heading", { name: "You're on Basic" })).toBeVisible();
  await expect(
    page.getByRole("article", { name: "Basic" }).getByRole("button", { name: "Current plan" }),
  ).toBeDisabled();
});

test("a professional starts Pro through checkout, sees it live, then cancels in the portal and sees the end date", async ({
  page,
  users,
  axe,
}) => {
  test.slow();
  const member = await users.create({
    userType: "professional",
    firstName: "Paula",
    lastName: "Payer",
    professions: ["plumber"],
  });
  await signInOn(page, member, { rejectCookies: true });
  await page.goto("/subscribe");
  await page.getByRole("button", { name: "Start free trial of Pro Profile" }).click();

  await expect(page).toHaveURL(/\/pay\/checkout\//);
  await expect(page.getByRole("heading", { name: "Subscribe to Pro Profile" })).toBeVisible();
  await axe.check("local checkout");
  // A declined card changes nothing and says so.
  await fillCard(page, { ...TEST_CARD, number: "4000 0000 0000 0002" });
  await page.getByRole("button", { name: "Start trial" }).click();
  await expect(page.getByRole("alert")).toContainText("Your card was declined");
  await page.getByLabel("Card number").fill(TEST_CARD.number);
  await page.getByRole("button", { name: "Start trial" }).click();

  await expect(page).toHaveURL("/dashboard?subscription=success");
  await expect(page.getByText("You're on Pro Profile. Thank you!")).toBeVisible();
  await page.goto("/subscribe");
  await expect(page.getByRole("heading", { name: "You're on Pro Profile (free trial)" })).toBeVisible();
  await expect(
    page.getByRole("article", { name: "Pro Profile" }).getByRole("button", { name: "Current plan" }),
  ).toBeDisabled();
  await axe.check("subscribe, on Pro");

  // Pro Profile's branding: an accent colour from the palette shows on the profile.
  await page.goto("/edit-profile");
  const branding = page.getByRole("region", { name: "Branding" });
  await branding.getByText("Teal").click();
  await expect(branding.getByRole("radio", { name: "Teal" })).toBeChecked();
  await axe.check("edit profile, branding");
  await page.goto("/profile");
  await expect(page.getByTestId("profile-cover")).toHaveCSS("background-color", "rgb(15, 118, 110)");
  await page.goto("/subscribe");

  await page.getByRole("button", { name: "Manage subscription" }).click();
  await expect(page).toHaveURL(/\/pay\/portal\//);
  await axe.check("local portal");
  await page.getByRole("button", { name: "Cancel plan" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Canceled." })).toBeVisible();
  await page.getByRole("button", { name: "Return to Rafter" }).click();
  await expect(page).toHaveURL("/subscribe");
  await expect(page.getByTestId("plan-status")).toContainText(
    /Your plan ends on \w+ \d+, \d{4}, then you'll be on Basic\./,
  );
});

test("a canceled checkout changes nothing", async ({ page, users }) => {
  const member = await users.create({
    userType: "professional",
    firstName: "Cal",
    lastName: "Cancel",
    professions: ["painter"],
  });
  await signInOn(page, member, { rejectCookies: true });
  await page.goto("/subscribe");
  await page.getByRole("button", { name: "Start free trial of Pro+ Leads" }).click();
  await expect(page).toHaveURL(/\/pay\/checkout\//);
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page).toHaveURL("/subscribe?canceled=true");
  await expect(page.getByText("Checkout was canceled. Nothing has changed.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "You're on Basic" })).toBeVisible();
});

test("a Basic professional with two kinds of service sees which one is matched, and the upgrade prompt", async ({
  page,
  users,
}) => {
  const member = await users.create({
    userType: "professional",
    firstName: "Lia",
    lastName: "Limit",
    professions: ["electrician", "landscaper"],
  });
  await signInOn(page, member, { rejectCookies: true });
  const notice = page.getByRole("status").filter({ hasText: "One service listing on Basic" });
  await expect(notice).toContainText("kept on your profile but not matched");
  await notice.getByRole("link", { name: "Upgrade to Pro Profile" }).click();
  await expect(page).toHaveURL("/subscribe");
});

test("lead insights: Basic meets the upgrade prompt; on Pro+ Leads a client's search and profile visit show up live", async ({
  page,
  browser,
  users,
  axe,
}) => {
  test.slow();
  const tag = Date.now().toString(36);
  const member = await users.create({
    userType: "professional",
    firstName: "Ivy",
    lastName: `Insight${tag}`,
    professions: ["electrician"],
  });
  const client = await users.create({ userType: "homeowner", firstName: "Cleo", lastName: "Client" });
  await signInOn(page, member, { rejectCookies: true });
  const insights = page.getByRole("region", { name: "Lead insights" });
  await expect(insights.getByText("Lead insights come with Pro+ Leads")).toBeVisible();
  await axe.check("dashboard, insights locked");
  // Branding is Pro Profile's: on Basic, /edit-profile has the upgrade prompt instead.
  await page.goto("/edit-profile");
  const branding = page.getByRole("region", { name: "Branding" });
  await expect(branding.getByText("Custom gallery and branding come with Pro Profile")).toBeVisible();
  await expect(branding.getByRole("link", { name: "Upgrade to Pro Profile" })).toHaveAttribute("href", "/subscribe");
  await expect(branding.getByRole("radio")).toHaveCount(0);
  await page.goto("/dashboard");
  await insights.getByRole("link", { name: "Upgrade to Pro+ Leads" }).click();
  await expect(page).toHaveURL("/subscribe");
  await page.getByRole("button", { name: "Start free trial of Pro+ Leads" }).click();
  await expect(page).toHaveURL(/\/pay\/checkout\//);
  await fillCard(page);
  await page.getByRole("button", { name: "Start trial" }).click();
  await expect(page).toHaveURL("/dashboard?subscription=success");
  const views = insights.getByRole("heading", { name: "Profile views" }).locator("xpath=../..");
  await expect(views).toHaveText(/^Profile views\s*0$/);
  await axe.check("dashboard, lead insights");

  // A client finds Ivy in the directory and opens the profile, in another browser.
  const other = await otherBrowser(browser);
  await signInOn(other, client, { rejectCookies: true });
  await other.goto("/professionals/search");
  await other
    .getByRole("search", { name: "Search professionals" })
    .getByLabel("Search professionals")
    .fill(`Insight${tag}`);
  const card = other.getByRole("article", { name: `Ivy Insight${tag}` });
  await card.getByRole("link", { name: /^View Profile/ }).click();
  await expect(other.getByRole("heading", { level: 1, name: `Ivy Insight${tag}` })).toBeVisible();

  // Ivy's dashboard moves without a reload.
  await expect(views).toHaveText(/^Profile views\s*1$/);
  // The search showed Ivy at least once (the list before the words were typed may have, too).
  const appearances = insights.getByRole("heading", { name: "Search appearances" }).locator("xpath=../..");
  await expect(appearances).toHaveText(/^Search appearances\s*[1-9]\d*$/);
  await other.context().close();
});
