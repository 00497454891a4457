// Payment protection (issue 15), local payments mode, in two browsers. First: the pro connects
// payouts, the owner hires at a point of the bid's range, funds through the local checkout, both
// see the money held, the pro submits completion with a photo, the owner approves, both see it
// released, and the pro's earnings and This Month show it. Second: a completion nobody reviews is
// released when the (short, e2e) review window ends, and a dispute is settled by an admin as a split.
// Third: a range bid hired without a price waits for the pro's final quote; the owner funds exactly that.
// Fourth: the owner splits the job into two milestones; the first is funded, documented and released
// on its own while the second waits for funding, as both sides see it; then the owner drops the second.
import { api } from "../convex/_generated/api";
import type { Id } from "../convex/_generated/dataModel";
import { backendAs, expect, grantAdmin, otherBrowser, PNG_1X1, signInOn, test, toasts, type Users } from "./fixtures";
import { connectPayouts, fillCard, jobAwaitingReview, postAndBid, startAndSubmit } from "./paymentSteps";

const place = { city: "Austin", state: "TX", zipCode: "78701" };

/**
 * An Austin owner and electrician, each with a backend client from its own address (`subnet`.1 and
 * .2, the addresses their browsers use); the pro's payout account connected unless told otherwise.
 */
async function ownerAndPro(users: Users, subnet: string, names: { owner: [string, string]; pro: [string, string] }, payouts = true) {
  const owner = await users.create({ userType: "homeowner", firstName: names.owner[0], lastName: names.owner[1], ...place });
  const pro = await users.create({
    userType: "professional",
    firstName: names.pro[0],
    lastName: names.pro[1],
    professions: ["electrician"],
    ...place,
  });
  const ownerApi = await backendAs(owner, `${subnet}.1`);
  const proApi = await backendAs(pro, `${subnet}.2`);
  if (payouts) await connectPayouts(proApi);
  return { owner, pro, ownerApi, proApi };
}
type Parties = Awaited<ReturnType<typeof ownerAndPro>>;

/** Today ("Nov 24") in the browsers' own time zone (playwright.config.ts), which the test process's may not share. */
function todayAsBrowsersShowIt(): string {
  return new Date().toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: test.info().project.use.timezoneId });
}

test("hire at a point of the range -> fund through checkout -> held -> completion with a photo -> approve -> released -> earnings", async ({
  page: ownerPage,
  browser,
  users,
  axe,
}) => {
  test.slow();
  // The pro connects payouts in the journey itself.
  const { owner, pro, ownerApi, proApi } = await ownerAndPro(users, "10.88.1", { owner: ["Olive", "Owner"], pro: ["Dana", "Volt"] }, false);
  const title = `Kitchen outlets ${Date.now()}`;
  const { jobId } = await postAndBid(ownerApi, proApi, title, { priceMin: 1000, priceMax: 1400 });
  const proPage = await otherBrowser(browser, "10.88.1.2");
  await signInOn(ownerPage, owner);
  await signInOn(proPage, pro);

  // The pro connects a payout account: the local onboarding page sends the signed account.updated.
  await proPage.goto("/earnings");
  await expect(proPage.getByRole("heading", { level: 1, name: "Earnings" })).toBeVisible();
  await proPage.getByRole("button", { name: "Connect payouts" }).click();
  await expect(proPage.getByRole("heading", { level: 1, name: "Set up payouts" })).toBeVisible();
  await proPage.getByRole("button", { name: "Finish setup" }).click();
  await expect(proPage.getByText("Payouts connected")).toBeVisible();

  // The owner hires at a price inside the bid's range (never the top by default).
  await ownerPage.goto(`/jobs/${jobId}`);
  await ownerPage.getByRole("button", { name: /^Accept bid from/ }).first().click();
  const hire = ownerPage.getByRole("alertdialog", { name: "Hire Dana Volt?" });
  await hire.getByLabel(/Price you agree to pay/).fill("1200");
  await hire.getByRole("button", { name: "Hire" }).click();
  const ownerStatus = ownerPage.getByTestId("payment-status");
  await expect(ownerStatus).toHaveText("Fund $1,200 to get the work started");
  await axe.check("job page awaiting funding");

  // Fund -> the local checkout (payment mode) -> back on the job, held.
  await ownerPage.getByRole("button", { name: "Fund $1,200" }).click();
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Pay $1,200" })).toBeVisible();
  await axe.check("job checkout");
  await fillCard(ownerPage);
  await ownerPage.getByRole("button", { name: "Pay $1,200" }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/jobs/${jobId}`));
  await expect(ownerStatus).toHaveText("$1,200 held by Rafter");
  await proPage.goto(`/jobs/${jobId}`);
  const proStatus = proPage.getByTestId("payment-status");
  await expect(proStatus).toHaveText("$1,200 held by Rafter");

  // The pro starts, then submits completion with a photo and the checklist.
  await proPage.getByRole("button", { name: "Start work" }).click();
  const form = proPage.getByRole("form", { name: "Submit completion" });
  await expect(form).toBeVisible();
  await form.getByLabel("What you did (one item per line)").fill("Replaced 8 outlets\nTested every circuit");
  await form.getByLabel("Photos of the finished work").setInputFiles({ name: "outlets.png", mimeType: "image/png", buffer: PNG_1X1 });
  await form.getByRole("button", { name: "Submit completion" }).click();
  await expect(toasts(proPage).getByText("Completion submitted")).toBeVisible();

  // The owner sees the documentation and the countdown, and approves.
  await expect(ownerPage.getByText("Replaced 8 outlets")).toBeVisible();
  await expect(ownerPage.getByRole("img", { name: "Completion photo 1" })).toBeVisible();
  await expect(ownerPage.getByText(/Released automatically to Dana Volt in/)).toBeVisible();
  await axe.check("job page in review");
  await ownerPage.getByRole("button", { name: "Approve and release $1,200" }).click();
  const releasedOn = new RegExp(`^\\$1,200 released to Dana Volt on ${todayAsBrowsersShowIt()}$`);
  await expect(ownerStatus).toHaveText(releasedOn);
  await expect(proStatus).toHaveText(releasedOn);
  await expect(ownerPage.getByText("Status: completed", { exact: false }).first()).toBeVisible();

  // The pro's earnings and This Month read the payment record.
  await proPage.goto("/earnings");
  await expect(proPage.getByTestId("earnings-released")).toHaveText("$1,200");
  await expect(proPage.getByRole("link", { name: title })).toBeVisible();
  await proPage.goto("/");
  await expect(proPage.getByText("$1,200").first()).toBeVisible();
  await proPage.context().close();
});

test("nobody reviews -> released when the window ends; a dispute -> an admin splits it", async ({ page: ownerPage, browser, users, axe }) => {
  test.slow();
  const { owner, ownerApi, proApi } = await ownerAndPro(users, "10.88.2", { owner: ["Omar", "Owner"], pro: ["Pia", "Wire"] });
  const adminAccount = await users.create({ userType: "homeowner", firstName: "Ada", lastName: "Admin", ...place });
  await grantAdmin(adminAccount.email);

  // Two hires, both funded and submitted for review.
  const stamp = Date.now();
  const jobs: Id<"jobs">[] = [];
  for (const title of [`Porch light ${stamp}`, `Garage circuit ${stamp}`]) {
    jobs.push(await jobAwaitingReview(ownerApi, proApi, { title, priceMin: 1200, checklist: ["Done"] }));
  }
  const [quietJob, disputedJob] = jobs as [Id<"jobs">, Id<"jobs">];

  // The owner disputes the second job inside the window.
  await signInOn(ownerPage, owner);
  await ownerPage.goto(`/jobs/${disputedJob}`);
  await ownerPage.getByRole("button", { name: "Open a dispute" }).click();
  const dialog = ownerPage.getByRole("dialog", { name: "Open a dispute" });
  await dialog.getByLabel("What went wrong").fill("The new circuit trips the breaker.");
  await dialog.getByLabel("Evidence (optional)").fill("It tripped three times on the first evening.");
  await dialog.getByRole("button", { name: "Open dispute" }).click();
  const status = ownerPage.getByTestId("payment-status");
  await expect(status).toHaveText("$1,200 held by Rafter while the dispute is reviewed");
  await axe.check("job page with a dispute");

  // An admin settles it as a split in the Disputes tab.
  const adminPage = await otherBrowser(browser, "10.88.2.3");
  await signInOn(adminPage, adminAccount);
  await adminPage.goto("/admin?tab=disputes");
  const row = adminPage.getByRole("list", { name: "Open disputes" }).getByRole("listitem").filter({ hasText: `Garage circuit ${stamp}` });
  await expect(row.getByText("The new circuit trips the breaker.")).toBeVisible();
  await row.getByRole("button", { name: "Split" }).click();
  const decide = adminPage.getByRole("dialog", { name: /^Split:/ });
  await decide.getByLabel("The professional's share (dollars)").fill("500");
  await decide.getByLabel("Note for both sides").fill("The wiring is done; the breaker fault needs another visit.");
  await decide.getByRole("button", { name: "Settle dispute" }).click();
  await expect(toasts(adminPage).getByText("Dispute settled")).toBeVisible();
  await expect(status).toHaveText("$500 released to Pia Wire, $700 refunded to Omar Owner");

  // The first job: nobody acted; the scheduler releases it at the window's end.
  await ownerPage.goto(`/jobs/${quietJob}`);
  await expect(ownerPage.getByText(/Released automatically to Pia Wire in/)).toBeVisible();
  await expect(status).toHaveText(/^\$1,200 released to Pia Wire on /, { timeout: 150_000 });
  await adminPage.context().close();
});

/** A funded job whose completion the owner is reviewing (all through the backend). */
async function jobInReview({ ownerApi, proApi }: Parties, tag: string): Promise<Id<"jobs">> {
  return await jobAwaitingReview(ownerApi, proApi, {
    title: `Attic fan ${tag} ${Date.now()}`,
    priceMin: 640,
    checklist: ["Fan installed", "Thermostat wired"],
  });
}

test.describe("on a phone in dark mode", () => {
  test.use({ theme: "dark", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the owner's payment panel in review fits and passes axe", async ({ page, users, signIn, axe }) => {
    const parties = await ownerAndPro(users, "10.88.6", { owner: ["Nina", "Night"], pro: ["Noah", "Volt"] });
    const { owner, ownerApi } = parties;
    const jobId = await jobInReview(parties, "panel");
    await signIn(owner.email, owner.password);
    await page.goto(`/jobs/${jobId}`);
    await expect(page.getByTestId("payment-status")).toHaveText("$640 held by Rafter");
    await expect(page.getByRole("button", { name: "Approve and release $640" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe.check("payment panel in review, phone, dark");
    await ownerApi.mutation(api.payments.jobs.openDispute, { jobId, reason: "The fan rattles at full speed." });
    await expect(page.getByTestId("payment-status")).toHaveText("$640 held by Rafter while the dispute is reviewed");
    await axe.check("payment panel disputed, phone, dark");
  });

  test("the milestone split form and the milestones fit and pass axe", async ({ page, users, signIn, axe }) => {
    const { owner, ownerApi, proApi } = await ownerAndPro(users, "10.88.5", { owner: ["Nell", "Night"], pro: ["Nico", "Volt"] });
    const { jobId, bidId } = await postAndBid(ownerApi, proApi, `Garage sub-panel ${Date.now()}`, { priceMin: 1500 });
    await ownerApi.mutation(api.bids.accept, { bidId });
    await signIn(owner.email, owner.password);
    await page.goto(`/jobs/${jobId}`);
    await page.getByRole("button", { name: "Split into milestones" }).click();
    const split = page.getByRole("form", { name: "Split into milestones" });
    await split.getByRole("button", { name: "Add a milestone" }).click();
    await split.getByRole("button", { name: "Save milestones" }).click();
    await expect(split.getByText("Give each milestone a title.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe.check("milestone split form with an error, phone, dark");
    const parts = [
      ["Sub-panel", "700"],
      ["Circuits", "500"],
      ["Inspection", "300"],
    ] as const;
    for (const [i, [title, amount]] of parts.entries()) {
      await split.getByLabel(`Milestone ${i + 1} title`).fill(title);
      await split.getByLabel(`Milestone ${i + 1} amount ($)`).fill(amount);
    }
    await split.getByRole("button", { name: "Save milestones" }).click();
    await expect(page.getByRole("region", { name: "Milestone 3: Inspection" }).getByTestId("milestone-status")).toHaveText("$300 to fund after milestone 2");
    await expect(page.getByRole("region", { name: "Milestone 1: Sub-panel" }).getByRole("button", { name: "Fund $700" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe.check("milestones awaiting funding, phone, dark");
  });

  test("the admin's Disputes tab fits and passes axe", async ({ page, users, signIn, axe }) => {
    const parties = await ownerAndPro(users, "10.88.7", { owner: ["Nia", "Night"], pro: ["Ned", "Volt"] });
    const adminAccount = await users.create({ userType: "homeowner", firstName: "Ava", lastName: "Admin", ...place });
    await grantAdmin(adminAccount.email);
    const jobId = await jobInReview(parties, "admin");
    const { ownerApi } = parties;
    await ownerApi.mutation(api.payments.jobs.openDispute, { jobId, reason: "The attic fan hums loudly." });
    await signIn(adminAccount.email, adminAccount.password);
    await page.goto("/admin?tab=disputes");
    await expect(page.getByRole("tab", { name: "Disputes", selected: true })).toBeVisible();
    await expect(page.getByText("The attic fan hums loudly.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe.check("disputes, phone, dark");
  });
});

test("range bid hired without a price -> the pro confirms a final quote -> the owner funds it -> completion -> release", async ({
  page: ownerPage,
  browser,
  users,
  axe,
}) => {
  test.slow();
  const { owner, pro, ownerApi, proApi } = await ownerAndPro(users, "10.88.3", { owner: ["Quinn", "Owner"], pro: ["Rhea", "Quote"] });
  const { jobId } = await postAndBid(ownerApi, proApi, `Panel labels ${Date.now()}`, { priceMin: 1000, priceMax: 1400 });
  await signInOn(ownerPage, owner);

  // The owner hires and leaves the price to the pro: nothing to fund yet.
  await ownerPage.goto(`/jobs/${jobId}`);
  await ownerPage.getByRole("button", { name: /^Accept bid from/ }).first().click();
  const hire = ownerPage.getByRole("alertdialog", { name: "Hire Rhea Quote?" });
  await expect(hire.getByText(/Rhea Quote confirms a final quote/)).toBeVisible();
  await hire.getByRole("button", { name: "Hire" }).click();
  const ownerStatus = ownerPage.getByTestId("payment-status");
  await expect(ownerStatus).toHaveText("Waiting for Rhea Quote to confirm a final quote ($1,000–$1,400)");
  await expect(ownerPage.getByRole("button", { name: /^Fund/ })).toHaveCount(0);
  await axe.check("job page awaiting the final quote");

  // The pro confirms a price in the range (one outside it is refused, in the form).
  const proPage = await otherBrowser(browser, "10.88.3.2");
  await signInOn(proPage, pro);
  await proPage.goto(`/jobs/${jobId}`);
  const proStatus = proPage.getByTestId("payment-status");
  await expect(proStatus).toHaveText("Confirm your final quote ($1,000–$1,400)");
  const quote = proPage.getByRole("form", { name: "Confirm final quote" });
  await quote.getByLabel("Your final price ($)").fill("1500");
  await quote.getByRole("button", { name: "Confirm final quote" }).click();
  await expect(quote.getByText("Your final quote must be between $1,000 and $1,400, the range you bid.")).toBeVisible();
  await quote.getByLabel("Your final price ($)").fill("1150");
  await quote.getByRole("button", { name: "Confirm final quote" }).click();
  await expect(proStatus).toHaveText("Waiting for Quinn Owner to fund $1,150");

  // The owner funds exactly that through the local checkout.
  await expect(ownerStatus).toHaveText("Fund $1,150 to get the work started");
  await expect(ownerPage.getByText("Rhea Quote confirmed a final quote of $1,150.")).toBeVisible();
  await ownerPage.getByRole("button", { name: "Fund $1,150" }).click();
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Pay $1,150" })).toBeVisible();
  await fillCard(ownerPage);
  await ownerPage.getByRole("button", { name: "Pay $1,150" }).click();
  await expect(ownerStatus).toHaveText("$1,150 held by Rafter");

  // The pro does and documents the work; the owner approves; both see it released.
  await startAndSubmit(proApi, jobId, ["Labelled every breaker"]);
  await expect(ownerPage.getByText("Labelled every breaker")).toBeVisible();
  await ownerPage.getByRole("button", { name: "Approve and release $1,150" }).click();
  await expect(ownerStatus).toHaveText(/^\$1,150 released to Rhea Quote on /);
  await expect(proStatus).toHaveText(/^\$1,150 released to Rhea Quote on /);
  await proPage.context().close();
});

test("milestones: the owner splits in two -> funds the first -> the pro documents it -> approved -> the first released, the second awaiting funding, seen by both", async ({
  page: ownerPage,
  browser,
  users,
  axe,
}) => {
  test.slow();
  const { owner, pro, ownerApi, proApi } = await ownerAndPro(users, "10.88.4", { owner: ["Mona", "Owner"], pro: ["Milo", "Stage"] });
  const { jobId, bidId } = await postAndBid(ownerApi, proApi, `Basement rewire ${Date.now()}`, { priceMin: 900 });
  await ownerApi.mutation(api.bids.accept, { bidId });
  await signInOn(ownerPage, owner);
  await ownerPage.goto(`/jobs/${jobId}`);
  await expect(ownerPage.getByTestId("payment-status")).toHaveText("Fund $900 to get the work started");

  // The owner splits the $900 in two; a split that doesn't add up is refused in the form.
  await ownerPage.getByRole("button", { name: "Split into milestones" }).click();
  const split = ownerPage.getByRole("form", { name: "Split into milestones" });
  await split.getByLabel("Milestone 1 title").fill("Rough-in wiring");
  await split.getByLabel("Milestone 1 amount ($)").fill("400");
  await split.getByLabel("Milestone 2 title").fill("Fixtures");
  await split.getByLabel("Milestone 2 amount ($)").fill("450");
  await split.getByRole("button", { name: "Save milestones" }).click();
  await expect(split.getByText("The milestones add up to $850; they must add up to $900, the agreed price.")).toBeVisible();
  await split.getByLabel("Milestone 2 amount ($)").fill("500");
  await axe.check("milestone split form");
  await split.getByRole("button", { name: "Save milestones" }).click();
  await expect(toasts(ownerPage).getByText("Milestones saved")).toBeVisible();
  const first = ownerPage.getByRole("region", { name: "Milestone 1: Rough-in wiring" });
  const second = ownerPage.getByRole("region", { name: "Milestone 2: Fixtures" });
  await expect(first.getByTestId("milestone-status")).toHaveText("Fund $400 to get the work started");
  await expect(second.getByTestId("milestone-status")).toHaveText("$500 to fund after milestone 1");

  // The pro sees the split.
  const proPage = await otherBrowser(browser, "10.88.4.2");
  await signInOn(proPage, pro);
  await proPage.goto(`/jobs/${jobId}`);
  const proFirst = proPage.getByRole("region", { name: "Milestone 1: Rough-in wiring" });
  const proSecond = proPage.getByRole("region", { name: "Milestone 2: Fixtures" });
  await expect(proFirst.getByTestId("milestone-status")).toHaveText("Waiting for Mona Owner to fund $400");
  await expect(proSecond.getByTestId("milestone-status")).toHaveText("$500 to fund after milestone 1");

  // The owner funds the first milestone through the local checkout.
  await first.getByRole("button", { name: "Fund $400" }).click();
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Pay $400" })).toBeVisible();
  await fillCard(ownerPage);
  await ownerPage.getByRole("button", { name: "Pay $400" }).click();
  await expect(first.getByTestId("milestone-status")).toHaveText("$400 held by Rafter");
  await expect(second.getByTestId("milestone-status")).toHaveText("Fund $500 for this milestone");
  await expect(ownerPage.getByRole("button", { name: "Split into milestones" })).toHaveCount(0);
  await expect(ownerPage.getByRole("button", { name: "Change milestones" })).toHaveCount(0);

  // The pro starts and documents the first milestone.
  await expect(proFirst.getByTestId("milestone-status")).toHaveText("$400 held by Rafter");
  await proPage.getByRole("button", { name: "Start work" }).click();
  const form = proPage.getByRole("form", { name: "Submit completion of milestone 1" });
  await form.getByLabel("What you did (one item per line)").fill("Ran the new circuits");
  await form.getByLabel("Photos of the finished work").setInputFiles({ name: "rough-in.png", mimeType: "image/png", buffer: PNG_1X1 });
  await form.getByRole("button", { name: "Submit completion" }).click();
  await expect(toasts(proPage).getByText("Completion submitted")).toBeVisible();

  // The owner approves it: the first is released, the second still awaits funding, on both sides.
  await expect(first.getByText("Ran the new circuits")).toBeVisible();
  await first.getByRole("button", { name: "Approve and release $400" }).click();
  const releasedOn = new RegExp(`^\\$400 released to Milo Stage on ${todayAsBrowsersShowIt()}$`);
  await expect(first.getByTestId("milestone-status")).toHaveText(releasedOn);
  await expect(proFirst.getByTestId("milestone-status")).toHaveText(releasedOn);
  await expect(second.getByTestId("milestone-status")).toHaveText("Fund $500 for this milestone");
  await expect(proSecond.getByTestId("milestone-status")).toHaveText("Waiting for Mona Owner to fund $500");
  await axe.check("job page with one milestone released");

  // The pro's earnings name the milestone.
  await proPage.goto("/earnings");
  await expect(proPage.getByTestId("earnings-released")).toHaveText("$400");
  await expect(proPage.getByText("Milestone 1: Rough-in wiring")).toBeVisible();
  await expect(proPage.getByText("Milestone 2: Fixtures")).toBeVisible();
  await proPage.context().close();

  // The owner drops the unfunded second milestone: nothing paid for it, the job completes.
  await second.getByRole("button", { name: "Cancel milestone 2" }).click();
  const confirm = ownerPage.getByRole("alertdialog", { name: "Cancel milestone 2?" });
  await expect(confirm.getByText(/“Fixtures” \(\$500\) won't be funded or done/)).toBeVisible();
  await axe.check("cancel a milestone dialog");
  await confirm.getByRole("button", { name: "Cancel milestone" }).click();
  await expect(second.getByTestId("milestone-status")).toHaveText("Cancelled: nothing was paid");
  await expect(first.getByTestId("milestone-status")).toHaveText(releasedOn);
  await expect(ownerPage.getByText("Status: completed", { exact: false }).first()).toBeVisible();
});

test("funded before the pro connects payouts -> approved -> the payout waits, seen by both -> the pro connects -> paid out", async ({
  page: ownerPage,
  browser,
  users,
}) => {
  test.slow();
  // No payout account yet: hiring, funding and the work don't wait for it; only the payout does.
  const { owner, pro, ownerApi, proApi } = await ownerAndPro(users, "10.88.8", { owner: ["Wade", "Owner"], pro: ["Wren", "Wire"] }, false);
  const jobId = await jobAwaitingReview(ownerApi, proApi, { title: `Porch fan ${Date.now()}`, priceMin: 480, checklist: ["Fan hung"] });
  await ownerApi.mutation(api.payments.jobs.approve, { jobId });
  const proPage = await otherBrowser(browser, "10.88.8.2");
  await signInOn(ownerPage, owner);
  await signInOn(proPage, pro);
  await ownerPage.goto(`/jobs/${jobId}`);
  await proPage.goto(`/jobs/${jobId}`);
  for (const page of [ownerPage, proPage]) {
    await expect(page.getByTestId("payment-status")).toHaveText("Waiting for the professional to connect payouts");
  }
  await expect(ownerPage.getByText("$480 is released to Wren Wire. It's paid out as soon as they connect a payout account")).toBeVisible();

  // The pro connects from Earnings; back from onboarding, the payout goes out.
  await proPage.goto("/earnings");
  await expect(proPage.getByText("A released payment is waiting for it.")).toBeVisible();
  await proPage.getByRole("button", { name: "Connect payouts" }).click();
  await proPage.getByRole("button", { name: "Finish setup" }).click();
  await expect(proPage.getByText("Payouts connected")).toBeVisible();
  await expect(ownerPage.getByTestId("payment-status")).toHaveText(/^\$480 released to Wren Wire on /);
  await proPage.context().close();
});
