// Demo Enterprise team: through the team model's own steps, once.
import { expect, test } from "vitest";
import { api, internal } from "../_generated/api";
import { createPerson, newTest, pro } from "../test.setup";
import { DEMO_ACCOUNTS } from "./data";

test("the seeded Enterprise business has two active members and the demo professional invited; once", async () => {
  const t = newTest();
  const verified = { emailVerificationTime: Date.now(), seeded: true };
  const business = await pro(t, {
    ...verified,
    businessName: "Reliable Home Services",
    subscriptionTier: "enterprise",
    subscriptionStatus: "active",
  });
  await pro(t, { ...verified, firstName: "Ana", lastName: "One" });
  await pro(t, { ...verified, firstName: "Ben", lastName: "Two" });
  // Not verified, so never made a member without accepting with a verified address.
  await pro(t, { seeded: true, firstName: "Cy", lastName: "Unverified" });
  const demoPro = await createPerson(t, DEMO_ACCOUNTS[1]!.profile);

  expect(await t.mutation(internal.seed.teams.insertDemoTeam, {})).toEqual({ inserted: 3 });
  expect(await t.mutation(internal.seed.teams.insertDemoTeam, {})).toEqual({ inserted: 0 });

  const team = await business.as.query(api.teams.team, {});
  expect(team).toMatchObject({ inForce: true, used: 4 });
  expect(team!.seats.map((s) => [s.memberName, s.state])).toEqual([
    ["Ana One", "active"],
    ["Ben Two", "active"],
    [null, "invited"],
  ]);
  const invited = await demoPro.as.query(api.teams.membership, {});
  expect(invited?.invitations).toEqual([
    expect.objectContaining({ business: { _id: business.userId, name: "Reliable Home Services" } }),
  ]);
});
