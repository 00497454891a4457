// Enterprise team seats (issue 14), in two browsers: an Enterprise owner invites a member from
// Account settings, the member accepts from their own account, switches to "Acting as" the
// business and bids on a job; the owner sees the business's bid appear live, placed by the member.
import { api } from "../convex/_generated/api";
import { backendAs, expect, otherBrowser, signInOn, test, toasts } from "./fixtures";
import { subscribeTo } from "./paymentSteps";

const place = { city: "Austin", state: "TX", zipCode: "78701" };

test("an Enterprise owner invites a member, who accepts, acts for the business and bids; the owner sees the business's bid live", async ({
  page: ownerPage,
  browser,
  users,
  clientIp,
  axe,
}) => {
  test.slow();
  const owner = await users.create({ userType: "professional", firstName: "Olga", lastName: "Boss", professions: ["electrician"], ...place });
  const member = await users.create({ userType: "professional", firstName: "Mia", lastName: "Crew", professions: ["electrician"], ...place });
  const homeowner = await users.create({ userType: "homeowner", firstName: "Hal", lastName: "Home", ...place });
  await users.verifyEmail(member);

  // The owner is on Enterprise: bought through the local checkout, fulfilled by the webhook.
  const ownerApi = await backendAs(owner, clientIp);
  await subscribeTo(ownerApi, "enterprise");
  const title = `Rewire the shop ${Date.now()}`;
  const jobId = await (await backendAs(homeowner, clientIp)).mutation(api.jobs.create, {
    title,
    description: "The shop's outlets trip the breaker whenever the compressor starts.",
    category: "electrical",
    propertyType: "single_family",
    location: "Austin, TX",
    zipCode: "78701",
  });

  // The owner invites the member from the Team section of Account settings.
  await signInOn(ownerPage, owner, { rejectCookies: true });
  await ownerPage.goto("/settings");
  const team = ownerPage.getByRole("region", { name: "Team", exact: true });
  await expect(team.getByText("1 of 10 seats in use (you included)")).toBeVisible();
  await axe.check("settings, Enterprise team");
  await team.getByLabel("Invite by email").fill(member.email);
  await team.getByRole("button", { name: "Send invitation" }).click();
  await expect(toasts(ownerPage).getByText(`Invitation sent to ${member.email}.`)).toBeVisible();
  const seats = team.getByRole("list", { name: "Team members" });
  await expect(seats.getByRole("listitem").filter({ hasText: member.email })).toContainText("Invited");

  // The member accepts from their own account, in another browser.
  const memberPage = await otherBrowser(browser, "10.88.0.2");
  await signInOn(memberPage, member, { rejectCookies: true });
  await memberPage.goto("/settings");
  const invitations = memberPage.getByRole("region", { name: "Team invitations", exact: true });
  await expect(invitations).toContainText("Olga Boss invited you to join their team on Rafter.");
  await invitations.getByRole("button", { name: "Accept invitation from Olga Boss" }).click();
  await expect(toasts(memberPage).getByText("You joined Olga Boss's team.")).toBeVisible();
  await expect(memberPage.getByRole("region", { name: "Your team", exact: true })).toContainText("You're a member of Olga Boss's team.");
  // ...and the owner's list shows the member active without a reload.
  await expect(seats.getByRole("listitem").filter({ hasText: "Mia Crew" })).toContainText("Active");

  // The owner watches the job page.
  await ownerPage.goto(`/jobs/${jobId}`);
  await expect(ownerPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(ownerPage.getByText("placed by Mia Crew")).toHaveCount(0);

  // The member switches to the business and bids as it.
  await memberPage.getByLabel("Acting as").selectOption({ label: "Olga Boss" });
  await memberPage.goto(`/jobs/${jobId}`);
  await expect(memberPage.getByRole("status").filter({ hasText: "Acting as Olga Boss" })).toBeVisible();
  await axe.check("job page, acting for the business");
  const bidForm = memberPage.getByRole("form", { name: "Place a bid" });
  await bidForm.getByLabel("Price ($)").fill("820");
  await bidForm.getByLabel("Message to the owner").fill("Our crew can rewire the shop circuits this week.");
  await bidForm.getByLabel("Earliest start date").fill(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10));
  await bidForm.getByLabel("Estimated duration").fill("2 days");
  await bidForm.getByRole("button", { name: "Submit Bid" }).click();
  await expect(toasts(memberPage).getByText("Your bid has been sent to the owner.")).toBeVisible();

  // The owner sees it appear as the business's own bid, placed by the member.
  const ownerBid = ownerPage.getByRole("region", { name: "Your bid" });
  await expect(ownerBid.getByText("placed by Mia Crew")).toBeVisible();
  await expect(ownerBid.getByText("$820")).toBeVisible();
  await expect(ownerPage.getByRole("form", { name: "Place a bid" })).toHaveCount(0);

  // Acting as herself again, the member has no bid of her own on the job.
  await memberPage.getByLabel("Acting as").selectOption({ label: "Me (Mia Crew)" });
  await expect(memberPage.getByRole("form", { name: "Place a bid" })).toBeVisible();
  await expect(memberPage.getByText("placed by Mia Crew")).toHaveCount(0);
  await memberPage.context().close();
});

test.describe("on a phone, in dark mode", () => {
  test.use({ theme: "dark", viewport: { width: 390, height: 844 } });

  test("a pro below Enterprise meets the upgrade prompt; an invitation arrives live and can be declined", async ({
    page,
    users,
    clientIp,
    axe,
  }) => {
    const pro = await users.create({ userType: "professional", firstName: "Pia", lastName: "Basic", professions: ["plumber"], ...place });
    const boss = await users.create({ userType: "professional", firstName: "Bert", lastName: "Boss", professions: ["plumber"], ...place });
    await signInOn(page, pro, { rejectCookies: true });
    await page.goto("/settings");
    const team = page.getByRole("region", { name: "Team", exact: true });
    await expect(team.getByText("Team seats come with Enterprise")).toBeVisible();
    await expect(team.getByRole("link", { name: "Upgrade to Enterprise" })).toHaveAttribute("href", "/subscribe");
    await expect(team.getByLabel("Invite by email")).toHaveCount(0);
    await axe.check("settings, Team upgrade prompt (phone, dark)");

    // An Enterprise owner invites this pro; the invitation shows up without a reload.
    const bossApi = await backendAs(boss, clientIp);
    await subscribeTo(bossApi, "enterprise");
    await bossApi.mutation(api.teams.invite, { email: pro.email });
    const invitations = page.getByRole("region", { name: "Team invitations", exact: true });
    await expect(invitations).toContainText("Bert Boss invited you to join their team on Rafter.");
    await axe.check("settings, a team invitation (phone, dark)");
    await invitations.getByRole("button", { name: "Decline invitation from Bert Boss" }).click();
    await expect(invitations).toHaveCount(0);
    const seats = (await bossApi.query(api.teams.team, {}))!.seats;
    expect(seats).toEqual([]);
  });
});
