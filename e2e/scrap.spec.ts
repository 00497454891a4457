// Scrap & free materials as two members live it, in two browsers: A lists leftover copper with a
// photo; B, filtering by part of A's ZIP code, sees it appear without a reload and claims it; A
// sees the hold arrive live and confirms the pickup; B's page shows it picked up. Plus the empty
// state and Clear Filters.
import { expect, otherBrowser, PNG_1X1, signInOn, test, toasts } from "./fixtures";

test("A lists with a photo -> B, filtering by part of the ZIP, sees it live and claims -> A sees the hold live and confirms pickup", async ({
  page: listerPage,
  browser,
  users,
  axe,
}) => {
  test.slow();
  const lister = await users.create({ userType: "homeowner", firstName: "Lena", lastName: "Lister", city: "Austin", state: "TX", zipCode: "78701" });
  const claimer = await users.create({
    userType: "professional",
    firstName: "Cody",
    lastName: "Hauler",
    professions: ["hauler"],
    city: "Austin",
    state: "TX",
    zipCode: "78702",
  });
  await users.verifyEmail(lister);
  const claimerPage = await otherBrowser(browser, "10.77.1.2");
  await signInOn(listerPage, lister);
  await signInOn(claimerPage, claimer);

  // B watches listings whose place matches part of A's ZIP code.
  const title = `Copper pipe offcuts ${Date.now()}`;
  await claimerPage.goto("/scrap?place=8701");
  await expect(claimerPage.getByRole("heading", { level: 1, name: "Scrap & Free Materials" })).toBeVisible();
  await expect(claimerPage.getByLabel("Location, city or ZIP")).toHaveValue("8701");
  const card = claimerPage.getByRole("article").filter({ hasText: title });
  await expect(card).toHaveCount(0);

  // A posts from the Materials page.
  await listerPage.getByRole("banner").getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Materials" }).click();
  await expect(listerPage).toHaveURL("/scrap");
  await listerPage.getByRole("button", { name: "Post Listing" }).click();
  const dialog = listerPage.getByRole("dialog", { name: "Post Listing" });
  // Category and location are required: the form says so before anything is sent.
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Post Listing" }).click();
  await expect(dialog.getByText("Required").first()).toBeVisible();
  await dialog.getByLabel("Description").fill("About 20 feet of 3/4 inch copper from a bathroom remodel.");
  await dialog.getByLabel("Category").selectOption("metal");
  await dialog.getByLabel("Quantity").fill("1 bucket");
  await dialog.getByRole("textbox", { name: "Location" }).fill("Curbside on East 6th St");
  await expect(dialog.getByLabel("ZIP code")).toHaveValue("78701");
  await dialog.getByLabel("Photos").setInputFiles({ name: "copper.png", mimeType: "image/png", buffer: PNG_1X1 });
  await expect(dialog.getByRole("img", { name: "copper.png" })).toBeVisible();
  await axe.check("post listing dialog");
  await dialog.getByRole("button", { name: "Post Listing" }).click();
  await expect(toasts(listerPage).getByText("Your scrap listing has been posted successfully.")).toBeVisible();
  await expect(dialog).toBeHidden();

  // It appears on B's filtered list by itself, Free, with its photo.
  await expect(card).toBeVisible();
  await expect(card.getByText("Free", { exact: true })).toBeVisible();
  await expect(card.locator("img")).toHaveCount(1);
  await axe.check("materials with a listing");
  await card.getByRole("link", { name: title }).click();
  await expect(claimerPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(claimerPage.getByText(/miles? from you/)).toBeVisible();
  const listingPath = new URL(claimerPage.url()).pathname;

  // A opens the listing and waits.
  await listerPage.goto(listingPath);
  await expect(listerPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(listerPage.getByRole("button", { name: "Confirm Pickup" })).toHaveCount(0);

  // B claims: a pickup hold with a countdown.
  await claimerPage.getByRole("button", { name: "Claim" }).click();
  await expect(toasts(claimerPage).getByText(/on hold for you for 48 hours/)).toBeVisible();
  await expect(claimerPage.getByText(/On hold, pickup by/).first()).toBeVisible();
  await expect(claimerPage.getByText(/left to pick it up/)).toBeVisible();
  await axe.check("listing on hold, claimer");

  // A sees the hold arrive live, with B's reliability, and confirms the pickup.
  const claimedBy = listerPage.getByRole("region", { name: "Claimed by" });
  await expect(claimedBy.getByText("Cody Hauler", { exact: true })).toBeVisible();
  await expect(claimedBy.getByText("No missed pickups")).toBeVisible();
  await axe.check("listing on hold, lister");
  await listerPage.getByRole("button", { name: "Confirm Pickup" }).click();
  await expect(toasts(listerPage).getByText("The listing is closed.")).toBeVisible();

  // B's page shows it picked up.
  await expect(claimerPage.getByText("Status: Picked up")).toBeVisible();
  await expect(claimerPage.getByRole("button", { name: "Claim" })).toHaveCount(0);

  // Message the lister opens the thread with a first message drafted, linking the listing.
  await claimerPage.getByRole("link", { name: "Message the lister" }).click();
  await expect(claimerPage).toHaveURL(/\/messages\//);
  await expect(claimerPage.getByPlaceholder("Type a message…")).toHaveValue(new RegExp(`${title}.*${listingPath}`));
  await claimerPage.context().close();
});

test("no match shows 'No listings found' with Post First Listing; Clear Filters brings the list back", async ({
  page,
  users,
  signIn,
  axe,
}) => {
  const member = await users.create({ userType: "homeowner", firstName: "Nia" });
  await signIn(member.email, member.password);
  await page.goto("/scrap?place=zzqx-nowhere&category=electronics");
  await expect(page.getByText("No listings found", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Post First Listing" })).toBeVisible();
  await axe.check("materials, nothing found");
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL("/scrap");
  await expect(page.getByLabel("Location, city or ZIP")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Clear Filters" })).toHaveCount(0);
});
