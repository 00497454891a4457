// Enterprise team seats over REST, through the real router: the same rules as Account → Team.
import { expect, test } from "vitest";
import { TeamCopy } from "../../common/teams";
import { newTest, owner, pro, type TestConvex } from "../test.setup";

type Fetcher = Pick<TestConvex, "fetch">;
const call = (who: Fetcher, method: string, path: string, body?: unknown) =>
  who.fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

test("an Enterprise owner invites over REST, the invitee accepts, both see it; others are refused", async () => {
  const t = newTest();
  const boss = await pro(t, { businessName: "Acme Electric", subscriptionTier: "enterprise", subscriptionStatus: "active" });
  const member = await pro(t, { email: "mia@example.com", firstName: "Mia", lastName: "Crew", emailVerificationTime: Date.now() });
  const basic = await pro(t);

  const refused = await call(basic.as, "POST", "/api/team/invitations", { email: "mia@example.com" });
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({ message: TeamCopy.refused });
  expect((await call(boss.as, "POST", "/api/team/invitations", { email: "nope" })).status).toBe(400);

  const invited = await call(boss.as, "POST", "/api/team/invitations", { email: "Mia@example.com" });
  expect(invited.status).toBe(201);
  const { id } = (await invited.json()) as { id: string };
  const mine = (await (await call(member.as, "GET", "/api/team")).json()) as { invitations: { id: string; business: { name: string } }[] };
  expect(mine.invitations).toEqual([expect.objectContaining({ id, business: expect.objectContaining({ name: "Acme Electric" }) })]);

  expect((await call(basic.as, "POST", `/api/team/seats/${id}/accept`)).status).toBe(403);
  expect((await call(member.as, "POST", `/api/team/seats/${id}/remove`)).status).toBe(403);
  expect((await call(member.as, "POST", `/api/team/seats/${id}/promote`)).status).toBe(404);
  const accepted = await call(member.as, "POST", `/api/team/seats/${id}/accept`);
  expect(await accepted.json()).toEqual({ id, state: "active" });
  const team = (await (await call(boss.as, "GET", "/api/team")).json()) as { team: { used: number; seats: unknown[] } };
  expect(team.team).toMatchObject({ used: 2, seats: [expect.objectContaining({ id, state: "active", memberName: "Mia Crew" })] });

  const homeowner = await owner(t);
  expect(await (await call(homeowner.as, "GET", "/api/team")).json()).toEqual({ team: null, seat: null, invitations: [] });
  expect((await call(t, "GET", "/api/team")).status).toBe(401);
});
