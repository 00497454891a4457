// Client endorsements (issue 14): asked by a Pro professional of a client who hired them, written
// by that client, shown while the plan has them; Basic refused on the server.
import { describe, expect, test } from "vitest";
import { EndorsementCopy } from "../common/branding";
import { api } from "./_generated/api";
import { bid, newTest, owner, pro, project, type TestMember } from "./test.setup";

async function hired(client: TestMember, member: TestMember, title = "Replace kitchen outlets") {
  const jobId = await client.as.mutation(api.jobs.create, project({ title }));
  const bidId = await member.as.mutation(api.bids.place, { jobId, ...bid() });
  await client.as.mutation(api.bids.accept, { bidId });
  return jobId;
}

describe("client endorsements", () => {
  test("a Pro asks a client who hired them; the client writes it; the profile shows it", async () => {
    const t = newTest();
    const client = await owner(t, { firstName: "Olive", lastName: "Owner" });
    const member = await pro(t, { subscriptionTier: "pro" });
    const jobId = await hired(client, member);
    expect(await member.as.query(api.endorsements.requestable, {})).toEqual({
      locked: false,
      jobs: [{ jobId, title: "Replace kitchen outlets", clientName: "Olive Owner" }],
    });
    const endorsementId = await member.as.mutation(api.endorsements.request, { jobId });
    await expect(member.as.mutation(api.endorsements.request, { jobId })).rejects.toThrow(EndorsementCopy.alreadyAsked);
    expect(await member.as.query(api.endorsements.requestable, {})).toEqual({ locked: false, jobs: [] });

    // The client sees the pending request on the profile, and writes it.
    const seen = await client.as.query(api.endorsements.forProfile, { userId: member.userId });
    expect(seen).toEqual({
      shown: true,
      endorsements: [],
      pending: { endorsementId, jobTitle: "Replace kitchen outlets" },
    });
    await expect(client.as.mutation(api.endorsements.write, { endorsementId, text: "Good" })).rejects.toThrow(
      EndorsementCopy.tooShort,
    );
    await expect(
      member.as.mutation(api.endorsements.write, { endorsementId, text: "I am great, really great." }),
    ).rejects.toThrow(EndorsementCopy.onlyAsked);
    await client.as.mutation(api.endorsements.write, { endorsementId, text: "  Fast, tidy and fairly priced.  " });
    await expect(
      client.as.mutation(api.endorsements.write, { endorsementId, text: "Writing it a second time." }),
    ).rejects.toThrow(EndorsementCopy.alreadyWritten);
    const stranger = await owner(t);
    expect(await stranger.as.query(api.endorsements.forProfile, { userId: member.userId })).toMatchObject({
      shown: true,
      pending: null,
      endorsements: [{ clientName: "Olive Owner", text: "Fast, tidy and fairly priced." }],
    });
  });

  test("only a client who hired them; Basic is refused and shows none; a downgrade keeps them hidden", async () => {
    const t = newTest();
    const client = await owner(t);
    const member = await pro(t, { subscriptionTier: "pro" });
    const rival = await pro(t, { subscriptionTier: "pro" });
    const jobId = await hired(client, member);
    // Not hired on that job: refused.
    await expect(rival.as.mutation(api.endorsements.request, { jobId })).rejects.toThrow(
      EndorsementCopy.onlyYourClients,
    );
    const openJob = await client.as.mutation(api.jobs.create, project({ title: "Open job" }));
    await expect(member.as.mutation(api.endorsements.request, { jobId: openJob })).rejects.toThrow(
      EndorsementCopy.onlyYourClients,
    );
    const endorsementId = await member.as.mutation(api.endorsements.request, { jobId });
    await client.as.mutation(api.endorsements.write, { endorsementId, text: "Would hire again without a doubt." });

    const basic = await pro(t);
    const basicJob = await hired(client, basic, "Fix the porch light");
    expect(await basic.as.query(api.endorsements.requestable, {})).toEqual({ locked: true });
    await expect(basic.as.mutation(api.endorsements.request, { jobId: basicJob })).rejects.toThrow(
      EndorsementCopy.refused,
    );

    await t.run((ctx) =>
      ctx.db.patch("users", member.userId, { subscriptionTier: "basic", subscriptionStatus: "canceled" }),
    );
    expect(await client.as.query(api.endorsements.forProfile, { userId: member.userId })).toEqual({
      shown: false,
      endorsements: [],
      pending: null,
    });
    const kept = await t.run((ctx) => ctx.db.get("endorsements", endorsementId));
    expect(kept).toMatchObject({ status: "written", text: "Would hire again without a doubt." });
  });
});
