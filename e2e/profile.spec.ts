// Profiles, portfolio and reviews as members live them (spec §2 Profile, Portfolio, Reviews; §5
// Profile and Portfolio forms; §8 Profile update, Portfolio upload):
//   - a professional edits their profile, uploads a photo, and sees both on /profile;
//   - a professional adds work to their portfolio (files checked before upload), filters it, deletes it;
//   - an owner reviews a completed job, the professional replies from their profile, and the owner
//     sees the reply arrive live. The job is taken to "completed" through the backend (the same
//     mutations the job page calls; e2e/jobs.spec.ts walks that path through the UI).
import { deflateSync } from "node:zlib";
import { verifyEmailFirst } from "../common/errors";
import { ProfileCopy } from "../common/profile";
import { api } from "../convex/_generated/api";
import { backendAs, expect, otherBrowser, signInOn, test, toasts } from "./fixtures";
import { completePaidJob, postAndBid } from "./paymentSteps";

// ---------------------------------------------------------------------------
// Test files made here: a real PNG (solid colour) and a file that is too large.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A width x height PNG of one colour. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------

const place = { city: "Austin", state: "TX", zipCode: "78701" };

test("a professional edits their profile with a photo and sees it on their profile", async ({
  page,
  users,
  signIn,
  axe,
}) => {
  const pro = await users.create({
    userType: "professional",
    firstName: "Eli",
    lastName: "Sparks",
    professions: ["electrician"],
    ...place,
  });
  await signIn(pro.email, pro.password);

  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Eli Sparks" })).toBeVisible();
  await expect(page.getByText("Plan: Basic")).toBeVisible();
  await page.getByRole("link", { name: "Edit Profile" }).click();

  await expect(page).toHaveURL("/edit-profile");
  await expect(page.getByRole("heading", { level: 1, name: "Edit Profile" })).toBeVisible();
  const form = page.getByRole("form", { name: "Edit Profile" });
  await form.getByLabel("Business name").fill("Sparks Electric");
  await form.getByLabel("Bio").fill("Panel upgrades and EV chargers across Austin.");
  await form.getByLabel("Specialties").fill("panel upgrades, , EV chargers");
  await form.getByLabel("Years of experience").fill("12");
  await form.getByLabel("Service radius (miles)").fill("40");
  await form.getByRole("checkbox", { name: "Electrical", exact: true }).check();
  await form.getByRole("checkbox", { name: "Single family home" }).check();

  // Checked in the form: an image over 5 MB, and a ZIP code that is not one.
  const photo = form.getByLabel("Upload a photo");
  await photo.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(form.getByText(ProfileCopy.imageTooLarge)).toBeVisible();
  await form.getByLabel("ZIP code").fill("7870");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(form.getByText("Please enter a valid 5-digit ZIP code")).toBeVisible();
  await axe.check("edit profile with errors");
  // Nothing typed is lost.
  await expect(form.getByLabel("Business name")).toHaveValue("Sparks Electric");

  await form.getByLabel("ZIP code").fill("78701");
  await photo.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png(64, 64, [20, 110, 160]) });
  await expect(form.getByText("me.png will be uploaded when you save.")).toBeVisible();
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page).getByText(ProfileCopy.updated)).toBeVisible();

  await page.goto("/profile");
  const header = page.getByRole("region", { name: "Sparks Electric" });
  await expect(header.getByRole("heading", { level: 1, name: "Sparks Electric" })).toBeVisible();
  await expect(header.getByText("Eli Sparks")).toBeVisible();
  await expect(header.getByText("Panel upgrades and EV chargers across Austin.")).toBeVisible();
  await expect(header.getByText(pro.email)).toBeVisible();
  // The uploaded photo (not the initials) shows, and it loaded.
  const avatar = header.locator("img").first();
  await expect(avatar).toBeVisible();
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  await page.getByRole("tab", { name: "About" }).click();
  await expect(page).toHaveURL(/tab=about/);
  const about = page.getByRole("region", { name: "About" });
  await expect(about.getByText("panel upgrades, EV chargers")).toBeVisible();
  await expect(about.getByText("40 miles")).toBeVisible();
  await expect(about.getByText("12 years")).toBeVisible();
  await expect(about.getByText("Electrical", { exact: true })).toBeVisible();
});

test("a professional adds work to their portfolio, filters it and deletes it", async ({ page, users, signIn, axe }) => {
  const pro = await users.create({
    userType: "professional",
    firstName: "Dana",
    lastName: "Deck",
    professions: ["carpenter"],
    ...place,
  });
  await signIn(pro.email, pro.password);
  await page.goto("/portfolio");
  await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
  await expect(page.getByText("No portfolio items yet")).toBeVisible();

  await page.getByRole("button", { name: "Add Work" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Work" });
  await dialog.getByLabel("Title").fill("Cedar deck rebuild");
  await dialog.getByLabel("Category").selectOption({ label: "Construction" });
  await dialog.getByLabel("Description").fill("A 300 sq ft cedar deck with built-in benches.");
  await dialog.getByLabel("Location").fill("Austin, TX");
  await dialog.getByLabel("Date completed").fill("2026-05-04");
  await dialog.getByLabel("Tags").fill("deck, cedar, outdoor, benches, stain");
  await dialog.getByRole("checkbox", { name: "Feature this work" }).check();

  // Checked before any upload: at least one file, images and videos only.
  await dialog.getByRole("button", { name: "Add to Portfolio" }).click();
  await expect(dialog.getByText(ProfileCopy.noFiles)).toBeVisible();
  const files = dialog.getByLabel("Photos or videos");
  await files.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
  await expect(dialog.getByText(ProfileCopy.badFileType)).toBeVisible();
  await axe.check("add work dialog with errors");

  await files.setInputFiles({ name: "deck.png", mimeType: "image/png", buffer: png(120, 90, [150, 90, 40]) });
  await expect(
    dialog.getByRole("list", { name: "Chosen files" }).getByRole("button", { name: "Remove deck.png" }),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Add to Portfolio" }).click();
  await expect(toasts(page).getByText("Your work has been added successfully!")).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole("article", { name: "Cedar deck rebuild" });
  await expect(card.getByRole("img", { name: "Cedar deck rebuild" })).toBeVisible();
  await expect(card.getByText("Featured")).toBeVisible();
  await expect(card.getByText("Construction")).toBeVisible();
  await expect(card.getByText("May 4, 2026")).toBeVisible();
  await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveCount(4);
  await expect(card.getByText("+2")).toBeVisible();

  // Category chips filter on the server.
  await page.getByRole("button", { name: "Landscaping" }).click();
  await expect(page.getByRole("button", { name: "Landscaping" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("No Landscaping work yet")).toBeVisible();
  await page.getByRole("button", { name: "Construction", exact: true }).click();
  await expect(card).toBeVisible();

  // The same work shows on the profile's Portfolio tab.
  await page.goto("/profile?tab=portfolio");
  await expect(page.getByRole("article", { name: "Cedar deck rebuild" })).toBeVisible();

  await page.goto("/portfolio");
  await card.getByRole("button", { name: /Delete/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this item?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toasts(page).getByText(ProfileCopy.portfolioDeleted)).toBeVisible();
  await expect(page.getByText("No portfolio items yet")).toBeVisible();
});

test("an owner reviews a completed job; the professional replies and the owner sees it live", async ({
  page: ownerPage,
  browser,
  users,
  clientIp,
}) => {
  test.slow();
  const owner = await users.create({ userType: "homeowner", firstName: "Olive", lastName: "Owner", ...place });
  const pro = await users.create({
    userType: "professional",
    firstName: "Eli",
    lastName: "Volt",
    professions: ["electrician"],
    ...place,
  });

  // The job goes to "completed" through the backend (posted, bid, hired, started, done, confirmed).
  const ownerApi = await backendAs(owner, clientIp);
  const proApi = await backendAs(pro, clientIp);
  const title = `Garage outlets ${Date.now()}`;
  const { jobId, bidId } = await postAndBid(ownerApi, proApi, title, { priceMin: 900 });
  await ownerApi.mutation(api.bids.accept, { bidId });
  await completePaidJob(ownerApi, proApi, jobId);

  // The owner writes the review from /reviews.
  await signInOn(ownerPage, owner);
  await ownerPage.goto("/reviews");
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Professional Reviews" })).toBeVisible();
  const toWrite = ownerPage.getByRole("region", { name: "Review your completed jobs" });
  await expect(toWrite.getByText(title, { exact: true })).toBeVisible();
  // Olive has not verified her email yet: she is told why she can't review, and can get a new link.
  await expect(toWrite.getByText(verifyEmailFirst("write a review"))).toBeVisible();
  await expect(toWrite.getByRole("button", { name: /Write a review/ })).toHaveCount(0);
  await toWrite.getByRole("button", { name: "Resend verification email" }).click();
  await expect(toasts(ownerPage).getByText("Verification email sent")).toBeVisible();
  // She opens the emailed link; the open page updates live.
  await users.verifyEmail(owner);
  await expect(toWrite.getByText(verifyEmailFirst("write a review"))).toBeHidden();
  await toWrite.getByRole("button", { name: /Write a review/ }).click();
  const dialog = ownerPage.getByRole("dialog", { name: "Write a review" });
  await dialog.getByRole("button", { name: "Post Review" }).click();
  await expect(dialog.getByText(ProfileCopy.ratingRange)).toBeVisible();
  await expect(dialog.getByText(ProfileCopy.reviewTitleRequired)).toBeVisible();
  await dialog.getByRole("radio", { name: "5 stars" }).check();
  await dialog.getByLabel("Title").fill("Fast, tidy, fair price");
  await dialog.getByLabel("Your review").fill("Eli explained the options and left the garage spotless.");
  await dialog.getByRole("button", { name: "Post Review" }).click();
  await expect(toasts(ownerPage).getByText("Review posted")).toBeVisible();
  await expect(toWrite).toBeHidden();

  const ownerCard = ownerPage.getByRole("article", { name: /Fast, tidy, fair price/ });
  await expect(ownerCard.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
  await expect(ownerCard.getByText("Verified Client")).toBeVisible();
  // Nobody marks their own review helpful.
  await expect(ownerCard.getByRole("button", { name: /Helpful \(0\)/ })).toBeDisabled();

  // The professional finds it on their profile and replies once.
  const proPage = await otherBrowser(browser, "10.78.0.2");
  await signInOn(proPage, pro);
  await proPage.goto("/profile?tab=reviews");
  const proCard = proPage.getByRole("article", { name: /Fast, tidy, fair price/ });
  await expect(proCard.getByText("Eli explained the options and left the garage spotless.")).toBeVisible();
  await proCard.getByRole("button", { name: /Reply/ }).click();
  await proCard.getByLabel("Your reply").fill("Thank you Olive, glad the garage works for you!");
  await proCard.getByRole("button", { name: "Post Reply" }).click();
  await expect(proCard.getByText("Response from Eli Volt")).toBeVisible();
  await expect(proCard.getByRole("button", { name: /Reply/ })).toHaveCount(0);

  // On /reviews the professional filters to their own reviews and by stars.
  await proPage.goto("/reviews");
  await proPage.getByRole("button", { name: "Reviews of me" }).click();
  await proPage.getByRole("button", { name: "1 star" }).click();
  await expect(proPage.getByText(ProfileCopy.reviewsEmpty)).toBeVisible();
  await proPage.getByRole("button", { name: "5 stars" }).click();
  await expect(proPage.getByRole("button", { name: "5 stars" })).toHaveAttribute("aria-pressed", "true");
  await expect(proPage.getByRole("article", { name: /Fast, tidy, fair price/ })).toBeVisible();

  // The owner's open page shows the reply without a reload.
  await expect(ownerCard.getByText("Thank you Olive, glad the garage works for you!")).toBeVisible();
  await proPage.context().close();
});

test.describe("dark theme", () => {
  test.use({ theme: "dark" });

  test("profile, portfolio and reviews pages, their dialogs, and a missing profile", async ({
    page,
    users,
    signIn,
  }) => {
    // Eight pages and three dialogs in one journey: more than the default budget on a busy machine.
    test.slow();
    const pro = await users.create({
      userType: "professional",
      firstName: "Nia",
      lastName: "Night",
      professions: ["painter"],
      ...place,
    });
    await signIn(pro.email, pro.password);

    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Nia Night" })).toBeVisible();
    await expect(page.getByText("No posts yet")).toBeVisible();
    for (const tab of ["About", "Reviews", "Portfolio"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tab", { name: tab, selected: true })).toBeVisible();
    }
    await expect(page.getByText("No portfolio items yet")).toBeVisible();
    await page.getByRole("tab", { name: "Reviews" }).click();
    await expect(page.getByText(ProfileCopy.reviewsEmpty)).toBeVisible();

    await page.goto("/portfolio");
    await page.getByRole("button", { name: "Add Work" }).first().click();
    await expect(page.getByRole("dialog", { name: "Add Work" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Add Work" })).toBeHidden();

    await page.goto("/reviews");
    await expect(page.getByRole("heading", { level: 1, name: "Professional Reviews" })).toBeVisible();
    await page.getByRole("button", { name: "Reviews of me" }).click();
    await expect(page.getByRole("button", { name: "Reviews of me" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText(ProfileCopy.reviewsEmpty)).toBeVisible();

    await page.goto("/edit-profile");
    await expect(page.getByRole("heading", { level: 1, name: "Edit Profile" })).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Nia");

    await page.goto("/profile/not-a-member");
    await expect(page.getByRole("heading", { level: 1, name: ProfileCopy.notFound })).toBeVisible();
    await page.getByRole("link", { name: "Go to home" }).click();
    await expect(page).toHaveURL("/");
  });
});
