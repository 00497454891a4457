// The admin console's Moderation tab (issue 16), as three people live it in three browsers: A
// posts, B reports the post from /feed, and an administrator bans A from the queue (behind the
// confirmation, with the spec's toast); the post leaves B's feed live and the ban is in the
// audit log. A member at /admin gets the 404 page. axe checks every page shown.
import { expect, grantAdmin, otherBrowser, signInOn, test, Text, toasts, uniqueWord } from "./fixtures";

test("B reports A's post -> an admin bans A in Moderation -> the post leaves B's feed live; the ban is audited", async ({
  page: adminPage,
  browser,
  users,
  signIn,
  axe,
}) => {
  test.slow();
  // No test/fake/spam word in the name: a cleanup running in a parallel test would take this member.
  const lastName = uniqueWord("Junkposter");
  const word = uniqueWord("followers");
  const author = await users.create({
    userType: "professional",
    firstName: "Avery",
    lastName,
    professions: ["general_contractor"],
  });
  const reader = await users.create({ userType: "homeowner", firstName: "Blair", lastName: "Reader" });
  // A name of its own: parallel tests ban members too, and the audit log lists every admin's actions.
  const adminLastName = uniqueWord("Moderator");
  const admin = await users.create({ userType: "homeowner", firstName: "Morgan", lastName: adminLastName });
  await grantAdmin(admin.email);

  // A posts.
  const authorPage = await otherBrowser(browser, "10.77.5.1");
  await signInOn(authorPage, author, { rejectCookies: true });
  await authorPage.goto("/feed");
  await authorPage.getByRole("button", { name: "New Post" }).click();
  const form = authorPage.getByRole("form", { name: "New post" });
  await form.getByLabel("What did you work on?").fill(`Buy cheap ${word} for your business page today, message me`);
  await form.getByLabel("Category").selectOption({ label: "Construction" });
  await form.getByRole("button", { name: "Post", exact: true }).click();
  await expect(toasts(authorPage).getByText("Post created successfully!")).toBeVisible();

  // B sees it on /feed and reports it.
  const readerPage = await otherBrowser(browser, "10.77.5.2");
  await signInOn(readerPage, reader, { rejectCookies: true });
  await readerPage.goto("/feed");
  const readerCard = readerPage.getByRole("article").filter({ hasText: word });
  await expect(readerCard).toBeVisible();
  await readerCard.getByRole("button", { name: `More actions for the post by Avery ${lastName}` }).click();
  await readerPage.getByRole("menuitem", { name: "Report post" }).click();
  const report = readerPage.getByRole("form", { name: /^Report/ });
  await report.getByLabel("Reason").selectOption({ label: "Spam" });
  await report.getByRole("button", { name: "Send Report" }).click();
  await expect(toasts(readerPage).getByText("Report sent")).toBeVisible();

  // The admin finds it in the Moderation queue, with its reason and risk.
  await signIn(admin.email, admin.password);
  await adminPage.goto("/admin");
  await expect(adminPage.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();
  await expect(adminPage.getByRole("tab", { name: "Moderation", selected: true })).toBeVisible();
  const row = adminPage.getByRole("listitem").filter({ hasText: word });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Reason: spam");
  await expect(row).toContainText(/(Low|Medium|High) risk/);
  await axe.check("moderation queue");

  // Ban, behind the confirmation.
  await row.getByRole("button", { name: `Ban Avery ${lastName}` }).click();
  const dialog = adminPage.getByRole("alertdialog", { name: `Ban Avery ${lastName}?` });
  await expect(dialog).toBeVisible();
  await axe.check("ban confirmation");
  await dialog.getByRole("button", { name: "Ban user" }).click();
  await expect(toasts(adminPage).getByText("User Banned")).toBeVisible();
  await expect(toasts(adminPage).getByText("User has been banned and post deleted successfully.")).toBeVisible();
  await expect(row).toHaveCount(0);

  // The post leaves B's feed without a reload.
  await expect(readerCard).toHaveCount(0);

  // The audit log has the ban.
  await adminPage.getByRole("tab", { name: "Audit log" }).click();
  await expect(adminPage).toHaveURL("/admin?tab=audit");
  await expect(
    adminPage.getByRole("listitem").filter({ hasText: `Morgan ${adminLastName}` }).filter({ hasText: "user.ban" }),
  ).toBeVisible();
  await axe.check("audit log");

  // A member at /admin gets the 404 page.
  await readerPage.goto("/admin");
  await expect(readerPage.getByRole("heading", { level: 1, name: Text.pageNotFound })).toBeVisible();
});

test("a fake-named member shows in Suspicious Users with the signal; cleanup previews, confirms, toasts, and restores", async ({
  page,
  users,
  signIn,
  axe,
}) => {
  test.slow();
  const lastName = uniqueWord("Account");
  // The spec's cleanup pattern: "fake" in the name.
  const fake = await users.create({ userType: "homeowner", firstName: "Fake", lastName });
  const admin = await users.create({ userType: "homeowner", firstName: "Morgan", lastName: "Cleaner" });
  await grantAdmin(admin.email);
  await signIn(admin.email, admin.password);

  // Suspicious Users lists them with the signal behind the score.
  await page.goto("/admin?tab=suspicious");
  await expect(page.getByRole("tab", { name: "Suspicious Users", selected: true })).toBeVisible();
  const row = page
    .getByRole("list", { name: "Suspicious users" })
    .getByRole("listitem")
    .filter({ hasText: lastName })
    .first();
  await expect(row).toContainText(fake.email);
  await expect(row.getByRole("list", { name: `Signals for Fake ${lastName}` })).toContainText(
    "Test/fake/spam pattern in email or name",
  );
  await expect(row).toContainText("Type: Homeowner");
  await axe.check("suspicious users");

  // Cleanup: the preview names them, the run asks first, then the spec's toast.
  await page.getByRole("tab", { name: "Cleanup" }).click();
  await expect(page).toHaveURL("/admin?tab=cleanup");
  await expect(page.getByRole("list", { name: "Users to delete" })).toContainText(fake.email);
  await expect(page.getByText(/^Deleted \d+ users and \d+ posts/).first()).toBeVisible();
  await axe.check("cleanup preview");
  await page.getByRole("button", { name: "Run cleanup" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Run cleanup?" });
  await expect(dialog).toBeVisible();
  await axe.check("cleanup confirmation");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toasts(page).getByText("Cleanup Complete")).toBeVisible();
  await expect(toasts(page).getByText(/^Deleted \d+ users and \d+ posts\.$/)).toBeVisible();

  // The report lists them with a restore link; restoring brings them back (and clears them).
  const report = page.getByRole("list", { name: "Cleanup reports" }).getByRole("listitem").first();
  await expect(report).toContainText("Cleanup by Morgan Cleaner");
  const restore = report.getByRole("button", { name: `Restore Fake ${lastName} <${fake.email}>` });
  await expect(restore).toBeVisible();
  await restore.click();
  await expect(toasts(page).getByText("Restored")).toBeVisible();
  await expect(restore).toHaveCount(0);
  await expect(report).toContainText("1 restored");
  await axe.check("cleanup report");
});

test("a member at /admin gets the 404 page", async ({ page, users, signIn, axe }) => {
  const member = await users.create({ userType: "homeowner" });
  await signIn(member.email, member.password);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: Text.pageNotFound })).toBeVisible();
  await axe.check("admin, not an admin");
});

test.describe("on a phone in dark mode", () => {
  test.use({ theme: "dark", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the console's tabs and lists fit and pass axe", async ({ page, users, signIn, axe }) => {
    const admin = await users.create({ userType: "homeowner", firstName: "Morgan", lastName: "Night" });
    await grantAdmin(admin.email);
    await signIn(admin.email, admin.password);
    await page.goto("/admin");
    await expect(page.getByRole("tab", { name: "Moderation", selected: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Open reports" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Flagged by screening" })).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe.check("moderation, phone, dark");
    await page.getByRole("tab", { name: "Suspicious Users" }).click();
    await expect(page).toHaveURL("/admin?tab=suspicious");
    await expect(page.getByRole("tab", { name: "Suspicious Users", selected: true })).toBeVisible();
    // The list, or its empty state when no member has a signal.
    await expect(
      page.getByRole("list", { name: "Suspicious users" }).or(page.getByText("No suspicious users")),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe.check("suspicious users, phone, dark");
    await page.getByRole("tab", { name: "Cleanup" }).click();
    await expect(page).toHaveURL("/admin?tab=cleanup");
    await expect(page.getByRole("heading", { level: 2, name: "Cleanup reports" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe.check("cleanup, phone, dark");
    await page.getByRole("tab", { name: "Audit log" }).click();
    await expect(page).toHaveURL("/admin?tab=audit");
    await axe.check("audit log, phone, dark");
  });
});
