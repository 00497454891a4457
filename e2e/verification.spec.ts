// Credential verification (issue 16), as two people live it in two browsers: a professional submits
// a licence with its document from Account settings; an administrator opens the document in the
// admin console's Verification tab and approves it; the professional's profile shows Verified and
// the About tab's "Licence checked, valid until ..." line without a reload, and the directory's
// Verified-only filter finds them. A rejection's reason reaches the professional. axe checks the
// admin's pages (the fixture's page) and, on a phone in dark mode, the Credentials section too.
import type { Page } from "@playwright/test";
import { expect, grantAdmin, otherBrowser, PNG_1X1, signInOn, test, toasts, uniqueWord } from "./fixtures";

/** A year from today as the date input's value, and as the About tab shows it ("Mar 2027"). */
function aYearFromNow(): { iso: string; monthYear: string } {
  const d = new Date(Date.now() + 365 * 86_400_000);
  return {
    iso: d.toISOString().slice(0, 10),
    monthYear: d.toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" }),
  };
}

async function submitLicence(page: Page, number: string, expiresOn: string): Promise<void> {
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Credentials" });
  await expect(section).toBeVisible();
  const form = section.getByRole("form", { name: "Add a credential" });
  await form.getByLabel("Kind").selectOption({ label: "Licence" });
  await form.getByLabel("Trade").fill("Electrician");
  await form.getByLabel("Licence number").fill(number);
  await form.getByLabel("Issuing state").selectOption({ label: "Texas" });
  await form.getByLabel("Expiry date").fill(expiresOn);
  await form.getByLabel("Document").setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: PNG_1X1 });
  await form.getByRole("button", { name: "Submit for review" }).click();
  await expect(toasts(page).getByText("Credential submitted: an admin will review it.")).toBeVisible();
}

test("a pro submits a licence -> an admin approves it in Verification -> the profile shows Verified live; the Verified-only filter finds them", async ({
  page: adminPage,
  browser,
  users,
  signIn,
  axe,
}) => {
  test.slow();
  const lastName = uniqueWord("Voltaire");
  const expiry = aYearFromNow();
  const pro = await users.create({
    userType: "professional",
    firstName: "Vera",
    lastName,
    professions: ["electrician"],
  });
  const admin = await users.create({ userType: "homeowner", firstName: "Morgan", lastName: "Reviewer" });
  await grantAdmin(admin.email);

  // The professional submits a licence with its document.
  const page = await otherBrowser(browser, "10.77.6.1");
  await signInOn(page, pro, { rejectCookies: true });
  await submitLicence(page, "TX-E-20931", expiry.iso);
  const credentials = page.getByRole("list", { name: "Your credentials" });
  await expect(credentials.getByRole("listitem").filter({ hasText: "TX-E-20931" })).toContainText("Waiting for review");

  // Their profile: not verified yet; the About tab lists nothing checked.
  await page.goto("/profile?tab=about");
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(lastName) })).toBeVisible();
  await expect(page.getByText("None checked yet")).toBeVisible();
  await expect(page.getByText("Verified", { exact: true })).toHaveCount(0);

  // The administrator reviews it: the document opens in the queue, then Approve.
  await signIn(admin.email, admin.password);
  await adminPage.goto("/admin?tab=verification");
  await expect(adminPage.getByRole("tab", { name: "Verification", selected: true })).toBeVisible();
  const row = adminPage.getByRole("listitem").filter({ hasText: `Vera ${lastName}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText("TX-E-20931");
  await row.getByRole("button", { name: "View the document of the licence" }).click();
  const documentImage = row.getByRole("img", { name: "Document for the licence" });
  await expect(documentImage).toBeVisible();
  await expect.poll(() => documentImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await axe.check("verification queue with the document");
  await row.getByRole("button", { name: `Approve the licence of Vera ${lastName}` }).click();
  await expect(toasts(adminPage).getByText("Credential approved")).toBeVisible();
  await expect(row).toHaveCount(0);

  // The professional's profile shows Verified and what was checked, without a reload.
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.getByText(`Licence checked, valid until ${expiry.monthYear}`)).toBeVisible();

  // The directory's Verified-only filter now finds them.
  const searcher = await otherBrowser(browser, "10.77.6.3");
  await searcher.goto(`/professional-search?q=${lastName}&verified=true`);
  await expect(searcher.getByText(`Vera ${lastName}`).first()).toBeVisible();

  // The audit log has the approval.
  await adminPage.getByRole("tab", { name: "Audit log" }).click();
  await expect(adminPage.getByText("credential.approve").first()).toBeVisible();
});

test("a rejected licence shows the reason to the pro, who re-submits it", async ({
  page: adminPage,
  browser,
  users,
  signIn,
  axe,
}) => {
  test.slow();
  const lastName = uniqueWord("Rejectee");
  const expiry = aYearFromNow();
  const pro = await users.create({ userType: "professional", firstName: "Remy", lastName, professions: ["plumber"] });
  const admin = await users.create({ userType: "homeowner", firstName: "Morgan", lastName: "Checker" });
  await grantAdmin(admin.email);
  const page = await otherBrowser(browser, "10.77.6.4");
  await signInOn(page, pro, { rejectCookies: true });
  await submitLicence(page, "TX-P-777", expiry.iso);

  await signIn(admin.email, admin.password);
  await adminPage.goto("/admin?tab=verification");
  const row = adminPage.getByRole("listitem").filter({ hasText: `Remy ${lastName}` });
  await row.getByRole("button", { name: `Reject the licence of Remy ${lastName}` }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Reject the licence?" });
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog.getByText("Please give the reason the professional will see")).toBeVisible();
  await axe.check("reject dialog");
  await dialog.getByLabel("Reason").fill("The licence number is not on the Texas register.");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(toasts(adminPage).getByText("Credential rejected")).toBeVisible();

  // Live on the pro's settings: the state and the reason, then a re-submission back to the queue.
  const item = page
    .getByRole("list", { name: "Your credentials" })
    .getByRole("listitem")
    .filter({ hasText: "TX-P-777" });
  await expect(item).toContainText("Rejected");
  await expect(item).toContainText("Reason: The licence number is not on the Texas register.");
  await item.getByRole("button", { name: "Re-submit" }).click();
  const form = page.getByRole("form", { name: "Re-submit your licence" });
  await form.getByLabel("Licence number").fill("TX-P-778");
  await form.getByLabel("Expiry date").fill(expiry.iso);
  await form.getByLabel("Document").setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: PNG_1X1 });
  await form.getByRole("button", { name: "Re-submit for review" }).click();
  await expect(toasts(page).getByText("Credential re-submitted: an admin will review it.")).toBeVisible();
  await expect(row).toContainText("TX-P-778");
});

test.describe("on a phone in dark mode", () => {
  test.use({ theme: "dark", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the Credentials section fits and passes axe, with its errors", async ({ page, users, signIn, axe }) => {
    const pro = await users.create({
      userType: "professional",
      firstName: "Pia",
      lastName: "Phone",
      professions: ["roofer"],
    });
    await signIn(pro.email, pro.password);
    await page.goto("/settings");
    const form = page.getByRole("form", { name: "Add a credential" });
    await form.getByRole("button", { name: "Submit for review" }).click();
    await expect(form.getByText("Please enter the trade the licence is for")).toBeVisible();
    await expect(form.getByText("Please attach the document (PDF or image, up to 10 MB)")).toBeVisible();
    await axe.check("credentials form errors, phone, dark");
    await submitLicence(page, "TX-R-390", aYearFromNow().iso);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe.check("credentials, phone, dark");
  });

  test("the Verification tab fits and passes axe", async ({ page, browser, users, signIn, axe }) => {
    const lastName = uniqueWord("Mobilio");
    const pro = await users.create({ userType: "professional", firstName: "Pim", lastName, professions: ["roofer"] });
    const admin = await users.create({ userType: "homeowner", firstName: "Morgan", lastName: "Mobile" });
    await grantAdmin(admin.email);
    const proPage = await otherBrowser(browser, "10.77.6.9");
    await signInOn(proPage, pro, { rejectCookies: true });
    await submitLicence(proPage, "TX-R-391", aYearFromNow().iso);
    await signIn(admin.email, admin.password);
    await page.goto("/admin?tab=verification");
    const row = page.getByRole("listitem").filter({ hasText: `Pim ${lastName}` });
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: "View the document of the licence" }).click();
    await expect(row.getByRole("img", { name: "Document for the licence" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe.check("verification, phone, dark");
  });
});
