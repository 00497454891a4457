// The professional network and the backup network as three people live them, each in their own
// browser: Ana asks Ben to connect, Ben sees the request arrive and accepts, Ana sees "Message"
// without reloading; Ana adds Ben to her backup network and shares an owner's open job; Ben sees
// it under "Work shared with you", takes it with a bid, and the owner sees the bid on the job page.
import { api } from "../convex/_generated/api";
import type { Id } from "../convex/_generated/dataModel";
import { backendAs, expect, otherBrowser, signInOn, test, toasts } from "./fixtures";

test("connect live, accept, then share work with the backup network and take it with a bid", async ({
  page: anaPage,
  browser,
  users,
  axe,
}) => {
  test.slow();
  const place = { city: "Austin", state: "TX", zipCode: "78701" };
  const tag = Date.now().toString(36);
  const ana = await users.create({
    userType: "professional",
    firstName: "Ana",
    lastName: `Alvarez${tag}`,
    professions: ["electrician"],
    ...place,
  });
  const ben = await users.create({
    userType: "professional",
    firstName: "Ben",
    lastName: `Brooks${tag}`,
    professions: ["electrician"],
    ...place,
  });
  const owner = await users.create({ userType: "homeowner", firstName: "Olive", lastName: "Owner", ...place });
  const benName = `Ben Brooks${tag}`;
  const anaName = `Ana Alvarez${tag}`;

  const benPage = await otherBrowser(browser, "10.78.0.2");
  const ownerPage = await otherBrowser(browser, "10.78.0.3");
  await signInOn(anaPage, ana, { rejectCookies: true });
  await signInOn(benPage, ben, { rejectCookies: true });
  await signInOn(ownerPage, owner, { rejectCookies: true });

  // Both open their network.
  await anaPage.goto("/network");
  await benPage.goto("/network");
  await expect(anaPage.getByRole("heading", { level: 1, name: "Your Network" })).toBeVisible();
  await expect(benPage.getByRole("heading", { level: 1, name: "Your Network" })).toBeVisible();
  await expect(benPage.getByRole("heading", { name: "Connection Requests" })).toHaveCount(0);

  // Ana finds Ben and asks to connect.
  const find = anaPage.getByRole("search", { name: "Search the network" });
  await find.getByLabel("Search professionals").fill(`Brooks${tag}`);
  const benCard = anaPage.getByRole("region", { name: "Find Professionals" }).getByRole("article", { name: benName });
  await expect(benCard).toBeVisible();
  await axe.check("network search results");
  await benCard.getByRole("button", { name: `Connect with ${benName}` }).click();
  await expect(toasts(anaPage).getByText("Your connection request has been sent.")).toBeVisible();
  await expect(benCard.getByRole("button", { name: /^Pending/ })).toBeDisabled();

  // The request arrives on Ben's page by itself; he accepts.
  await expect(benPage.getByRole("heading", { name: "Connection Requests" })).toBeVisible();
  await benPage
    .getByRole("region", { name: "Connection Requests" })
    .getByRole("button", { name: `Accept ${anaName}'s request` })
    .click();
  await expect(toasts(benPage).getByText(`You're now connected with ${anaName}.`)).toBeVisible();

  // Ana's card turns into Message without a reload, and Ben is among her connections.
  await expect(benCard.getByRole("link", { name: `Message ${benName}` })).toBeVisible();
  const connections = anaPage.getByRole("region", { name: "Your Connections" });
  const benConnection = connections.getByRole("article", { name: benName });
  await expect(benConnection).toBeVisible();

  // Ana adds Ben to her backup network.
  await benConnection.getByRole("switch", { name: `Backup network for ${benName}` }).click();
  await expect(toasts(anaPage).getByText(`${benName} will see the work you share.`)).toBeVisible();
  await expect(benConnection.getByRole("switch", { name: `Backup network for ${benName}` })).toBeChecked();
  await expect(
    anaPage.getByRole("region", { name: "My Backup Network" }).getByRole("link", { name: benName }),
  ).toBeVisible();
  await axe.check("network with a backup member");

  // The owner has an open job (posted through the backend: this story is not about posting) and opens its page.
  const title = `Replace the breaker panel ${tag}`;
  const ownerClient = await backendAs(owner, "10.78.0.3");
  const jobId: Id<"jobs"> = await ownerClient.mutation(api.jobs.create, {
    title,
    description: "The old panel trips every evening; it needs replacing with a 200 A panel.",
    category: "electrical",
    propertyType: "single_family",
    location: "Austin, TX",
    zipCode: "78701",
    budget: "$2000-3000",
  });
  await ownerPage.goto(`/jobs/${jobId}`);
  await expect(ownerPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(ownerPage.getByText(benName)).toHaveCount(0);
  // Ana opens the job and, too busy for it, shares it with her backup network.
  await anaPage.goto(`/jobs/${jobId}`);
  await expect(anaPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await anaPage.getByRole("button", { name: "Share with my backup network" }).click();
  await expect(toasts(anaPage).getByText("1 professional was told about this job.")).toBeVisible();
  await expect(anaPage.getByRole("button", { name: "Shared with your backup network" })).toBeDisabled();

  // It appears under "Work shared with you" on Ben's page; he takes it with a bid.
  const sharedWork = benPage.getByRole("region", { name: "Work Shared with You" });
  const offer = sharedWork.getByRole("article").filter({ hasText: title });
  await expect(offer).toBeVisible();
  await expect(offer.getByText(`Shared by ${anaName}`)).toBeVisible();
  await offer.getByRole("button", { name: `Take this job: ${title}` }).click();
  const dialog = benPage.getByRole("dialog", { name: "Take this job" });
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByRole("button", { name: "Submit Bid" }).click();
  await expect(dialog.getByText("Please enter your price")).toBeVisible();
  await dialog.getByLabel("Price ($)").fill("2400");
  await dialog
    .getByLabel("Message to the owner")
    .fill("Ana passed this to me: licensed, I can swap the panel in a day.");
  await dialog.getByLabel("Earliest start date").fill(tomorrow);
  await dialog.getByLabel("Estimated duration").fill("1 day");
  await dialog.getByRole("button", { name: "Submit Bid" }).click();
  await expect(benPage).toHaveURL(`/jobs/${jobId}`);
  await expect(toasts(benPage).getByText(/The owner sees your bid\./)).toBeVisible();

  // The owner sees Ben's bid on the job page without a reload.
  await expect(ownerPage.getByRole("button", { name: /^Accept bid from/ })).toBeVisible();
  await expect(ownerPage.getByText(benName).first()).toBeVisible();
});

test("a homeowner learns the network is for professionals and finds the directory", async ({ page, users }) => {
  const owner = await users.create({ userType: "homeowner", city: "Austin", state: "TX", zipCode: "78701" });
  await signInOn(page, owner, { rejectCookies: true });
  await page.goto("/network");
  await expect(page.getByRole("heading", { name: "The network is for professionals" })).toBeVisible();
  await page.getByRole("link", { name: "Find Local Professionals" }).click();
  await expect(page).toHaveURL("/professionals/search");
  await expect(page.getByRole("heading", { level: 1, name: "Find Local Professionals" })).toBeVisible();
});

test("the public directory: text search and filters in the URL, Sign In instead of Message", async ({
  page,
  users,
}) => {
  const tag = Date.now().toString(36);
  await users.create({
    userType: "professional",
    firstName: "Rita",
    lastName: `Roofer${tag}`,
    professions: ["roofer"],
    city: "Austin",
    state: "TX",
    zipCode: "78701",
  });
  await page.goto("/professional-search?category=construction_renovation");
  await expect(page.getByRole("heading", { level: 1, name: "Find Local Professionals" })).toBeVisible();
  await expect(page.getByLabel("Category")).toHaveValue("construction_renovation");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL("/professional-search");
  await page
    .getByRole("search", { name: "Search professionals" })
    .getByLabel("Search professionals")
    .fill(`Roofer${tag}`);
  const card = page.getByRole("article", { name: `Rita Roofer${tag}` });
  await expect(card).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=Roofer${tag}`));
  await expect(card.getByText("Available")).toBeVisible();
  await expect(card.getByRole("link", { name: /^Sign In/ })).toBeVisible();
  await expect(card.getByRole("link", { name: /^Message/ })).toHaveCount(0);

  await page
    .getByRole("search", { name: "Search professionals" })
    .getByLabel("Search professionals")
    .fill(`nobody${tag}`);
  await expect(page.getByText("No professionals found")).toBeVisible();
});
