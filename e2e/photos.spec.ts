// Photographer on request (issue 15), in two browsers: an owner posts a job asking for a
// photographer; a photographer nearby finds it on Photo requests (from their dashboard), takes it,
// uploads a photo and delivers; the owner's open job page shows the delivered photo, live.
import { api } from "../convex/_generated/api";
import type { Id } from "../convex/_generated/dataModel";
import { backendAs, expect, otherBrowser, PNG_1X1, signInOn, test, toasts, type Users } from "./fixtures";

const place = { city: "Austin", state: "TX", zipCode: "78701" };

/** An Austin owner with a job asking for a photographer, and a photographer in the same ZIP. */
async function photoRequest(users: Users, ip: string, title: string, description: string) {
  const owner = await users.create({ userType: "homeowner", firstName: "Olive", lastName: "Owner", ...place });
  const photographer = await users.create({
    userType: "professional",
    firstName: "Fay",
    lastName: "Lens",
    professions: ["photographer"],
    ...place,
  });
  const jobId: Id<"jobs"> = await (await backendAs(owner, ip)).mutation(api.jobs.create, {
    title,
    description,
    category: "photography",
    propertyType: "single_family",
    location: "Austin, TX",
    zipCode: "78701",
    photoRequired: true,
  });
  return { owner, photographer, jobId };
}

test("a photographer finds an open photo request nearby, takes it, uploads a photo and delivers; the owner sees it", async ({
  page,
  browser,
  users,
  axe,
}) => {
  test.slow();
  const title = `Listing photos ${Date.now()}`;
  const description = "Interior and exterior photos of a 3-bedroom home before it is listed.";
  const { owner, photographer, jobId } = await photoRequest(users, "10.89.1.1", title, description);

  // The owner keeps the job page open: the photos arrive there live.
  const ownerPage = await otherBrowser(browser, "10.89.1.1");
  await signInOn(ownerPage, owner);
  await ownerPage.goto(`/jobs/${jobId}`);
  const ownerRequest = ownerPage.getByRole("complementary", { name: "Job people and actions" });
  await expect(ownerRequest.getByText("Photographer requested, waiting for a photographer").first()).toBeVisible();

  // The photographer goes from the dashboard to Photo requests and finds the job, with its distance.
  await signInOn(page, photographer);
  await page.getByRole("link", { name: "Photo requests" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Photo requests" })).toBeVisible();
  const open = page.getByRole("list", { name: "Open photo requests" });
  const request = open.getByRole("listitem").filter({ hasText: title });
  await expect(request).toContainText("under 1 mi away");
  await expect(page.getByText("No booked requests right now.")).toBeVisible();
  await axe.check("photo requests with an open request");

  // Take it: it moves to the booked requests, with the upload step.
  await request.getByRole("button", { name: `Take the photo request: ${title}` }).click();
  await expect(toasts(page).getByText("Photo Request Taken")).toBeVisible();
  const booked = page.getByRole("list", { name: "Booked photo requests" }).getByRole("listitem").filter({ hasText: title });
  await expect(booked).toBeVisible();
  await expect(open.getByText(title)).toHaveCount(0);
  await expect(booked.getByText("Upload at least one photo before you mark the photos delivered.")).toBeVisible();
  await expect(ownerRequest.getByText("Photographer booked").first()).toBeVisible();

  // Upload a photo, then deliver.
  await booked.getByLabel("Photos of the property").setInputFiles({ name: "front.png", mimeType: "image/png", buffer: PNG_1X1 });
  await booked.getByRole("button", { name: "Upload photos" }).click();
  await expect(booked.getByRole("img", { name: "Uploaded photo 1" })).toBeVisible();
  await axe.check("photo requests with an uploaded photo");
  await booked.getByRole("button", { name: "Deliver 1 photo" }).click();
  await expect(toasts(page).getByText("Photos Delivered")).toBeVisible();
  await expect(page.getByRole("list", { name: "Delivered photo requests" })).toContainText("1 photo delivered");
  await expect(page.getByRole("list", { name: "Booked photo requests" })).toHaveCount(0);

  // The owner's page shows the delivered photo without a reload.
  await expect(ownerRequest.getByText("Photos delivered by Fay Lens")).toBeVisible();
  await expect(ownerRequest.getByRole("img", { name: "Photographer's photo 1" })).toBeVisible();
});

test.describe("on a phone in dark mode", () => {
  test.use({ theme: "dark", viewport: { width: 390, height: 844 } });

  test("Photo requests: an open request to take, empty booked and delivered lists, no page overflow; taken, then withdrawn", async ({ page, users, axe }) => {
    const title = `Twilight photos ${Date.now()}`;
    const { photographer } = await photoRequest(users, "10.89.2.1", title, "Twilight exterior photos of a bungalow.");
    await signInOn(page, photographer);
    await page.goto("/photo-requests");
    const request = page.getByRole("list", { name: "Open photo requests" }).getByRole("listitem").filter({ hasText: title });
    await expect(request.getByRole("button", { name: `Take the photo request: ${title}` })).toBeVisible();
    await expect(page.getByText("Requests you deliver are listed here.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe.check("photo requests, phone, dark");

    // Taken, then given back before delivering: the request is open to photographers again.
    await request.getByRole("button", { name: `Take the photo request: ${title}` }).click();
    const booked = page.getByRole("list", { name: "Booked photo requests" }).getByRole("listitem").filter({ hasText: title });
    await booked.getByRole("button", { name: "Withdraw from this request" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Withdraw from this photo request?" });
    await axe.check("withdraw dialog, phone, dark");
    await dialog.getByRole("button", { name: "Withdraw from this request" }).click();
    await expect(toasts(page).getByText("Photo Request Withdrawn")).toBeVisible();
    await expect(page.getByText("No booked requests right now.")).toBeVisible();
    await expect(request.getByRole("button", { name: `Take the photo request: ${title}` })).toBeVisible();
  });
});
