import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { ENTERPRISE_TEAM_SEATS } from "../common/plans";
import { TeamCopy } from "../common/teams";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { bid, createUser, deliveredEmails, newTest, owner, pro, project, signUpParams, setupEnv, useOutbox, type TestConvex, type TestMember } from "./test.setup";

beforeAll(setupEnv);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const VERIFIED = { emailVerificationTime: Date.now() };

function enterprise(t: TestConvex, fields: Parameters<typeof pro>[1] = {}) {
  return pro(t, {
    businessName: "Acme Electric",
    subscriptionTier: "enterprise",
    subscriptionStatus: "active",
    ...fields,
  });
}

async function emailOf(t: TestConvex, userId: Id<"users">): Promise<string> {
  return (await t.run((ctx) => ctx.db.get("users", userId)))!.email!;
}

/** `boss` invites `member` and `member` accepts: the member's seat id. */
async function join(t: TestConvex, boss: TestMember, member: TestMember): Promise<Id<"teamSeats">> {
  const seatId = await boss.as.mutation(api.teams.invite, { email: await emailOf(t, member.userId) });
  await member.as.mutation(api.teams.accept, { seatId });
  return seatId;
}

async function seat(t: TestConvex, seatId: Id<"teamSeats">) {
  return (await t.run((ctx) => ctx.db.get("teamSeats", seatId)))!;
}

async function downgrade(t: TestConvex, userId: Id<"users">, tier: "pro_plus" | "basic" = "basic", status: "canceled" | "past_due" = "canceled") {
  await t.run((ctx) => ctx.db.patch("users", userId, { subscriptionTier: tier, subscriptionStatus: status }));
}

describe("team seats: inviting", () => {
  test("an Enterprise owner invites an account: the seat is invited, the member is told with a link", async () => {
    const t = newTest();
    const boss = await enterprise(t);
    const member = await pro(t, VERIFIED);
    const seatId = await boss.as.mutation(api.teams.invite, { email: ` ${(await emailOf(t, member.userId)).toUpperCase()} ` });
    const row = await seat(t, seatId);
    expect(row).toMatchObject({ businessId: boss.userId, memberId: member.userId, state: "invited", invitedBy: boss.userId });
    const notes = await t.run((ctx) =>
      ctx.db.query("notifications").withIndex("by_userId", (q) => q.eq("userId", member.userId)).collect(),
    );
    expect(notes).toEqual([
      expect.objectContaining({ title: TeamCopy.notificationTitle, content: TeamCopy.notification("Acme Electric"), actionUrl: "/settings#team-invitations" }),
    ]);
    const mine = await member.as.query(api.teams.membership, {});
    expect(mine?.invitations).toEqual([expect.objectContaining({ _id: seatId, business: { _id: boss.userId, name: "Acme Electric" } })]);
    const team = await boss.as.query(api.teams.team, {});
    expect(team).toMatchObject({ inForce: true, suspended: false, used: 2, seatLimit: ENTERPRISE_TEAM_SEATS });
    expect(team?.seats).toEqual([expect.objectContaining({ _id: seatId, state: "invited" })]);
  });

  test("every plan below Enterprise, and Enterprise past due or canceled, is refused with the upgrade words", async () => {
    const t = newTest();
    const cases = [
      { subscriptionTier: "basic" as const },
      { subscriptionTier: "pro" as const, subscriptionStatus: "active" as const },
      { subscriptionTier: "pro_plus" as const, subscriptionStatus: "trialing" as const },
      { subscriptionTier: "enterprise" as const, subscriptionStatus: "past_due" as const },
      { subscriptionTier: "enterprise" as const, subscriptionStatus: "incomplete" as const },
    ];
    for (const fields of cases) {
      const p = await pro(t, fields);
      await expect(p.as.mutation(api.teams.invite, { email: "crew@example.com" })).rejects.toThrow(TeamCopy.refused);
    }
    // A homeowner on no plan, too; a trialing Enterprise may.
    const h = await owner(t);
    await expect(h.as.mutation(api.teams.invite, { email: "crew@example.com" })).rejects.toThrow(TeamCopy.refused);
    const trial = await enterprise(t, { subscriptionStatus: "trialing" });
    await expect(trial.as.mutation(api.teams.invite, { email: "crew@example.com" })).resolves.toBeTruthy();
    // Signed out.
    await expect(t.mutation(api.teams.invite, { email: "crew@example.com" })).rejects.toThrow();
  });

  test("bad input, self, duplicates and a full team are refused clearly", async () => {
    const t = newTest();
    const boss = await enterprise(t);
    await expect(boss.as.mutation(api.teams.invite, { email: "not-an-email" })).rejects.toThrow("Please enter a valid email address");
    await expect(boss.as.mutation(api.teams.invite, { email: await emailOf(t, boss.userId) })).rejects.toThrow(TeamCopy.self);
    await boss.as.mutation(api.teams.invite, { email: "one@example.com" });
    await expect(boss.as.mutation(api.teams.invite, { email: "ONE@example.com" })).rejects.toThrow(TeamCopy.alreadyInvited);
    const member = await pro(t, VERIFIED);
    await join(t, boss, member);
    await expect(boss.as.mutation(api.teams.invite, { email: await emailOf(t, member.userId) })).rejects.toThrow(TeamCopy.alreadyMember);
    // Owner + 2 seats used (one invited, one active); fill the rest.
    for (let i = 4; i <= ENTERPRISE_TEAM_SEATS; i++) await boss.as.mutation(api.teams.invite, { email: `crew${i}@example.com` });
    await expect(boss.as.mutation(api.teams.invite, { email: "eleven@example.com" })).rejects.toThrow(TeamCopy.seatsFull);
    expect((await boss.as.query(api.teams.team, {}))?.used).toBe(ENTERPRISE_TEAM_SEATS);
    // Cancelling an invitation frees its seat.
    const open = (await boss.as.query(api.teams.team, {}))!.seats.find((s) => s.email === "one@example.com")!;
    await boss.as.mutation(api.teams.remove, { seatId: open._id });
    await expect(boss.as.mutation(api.teams.invite, { email: "eleven@example.com" })).resolves.toBeTruthy();
  });

  test("an unknown address gets an invitation email and the invitation is matched when they sign up", async () => {
    const t = newTest();
    useOutbox(t);
    const boss = await enterprise(t);
    const seatId = await boss.as.mutation(api.teams.invite, { email: "newhire@example.com" });
    const mail = await deliveredEmails(t);
    expect(mail).toEqual([expect.objectContaining({ to: "newhire@example.com", kind: "team_invitation" })]);
    expect(mail[0]!.subject).toBe("Acme Electric invited you to their team on Rafter");
    expect(mail[0]!.text).toContain("/signup?type=professional");
    expect((await seat(t, seatId)).memberId).toBeUndefined();

    await t.action(api.auth.signIn, {
      provider: "password",
      params: signUpParams({ email: "NewHire@example.com", userType: "professional" }),
    });
    const userId = (await t.run((ctx) =>
      ctx.db.query("users").withIndex("email", (q) => q.eq("email", "newhire@example.com")).unique(),
    ))!._id;
    expect((await seat(t, seatId)).memberId).toBe(userId);
  });
});

describe("team seats: answering, removing, leaving", () => {
  test("only the invitee accepts, with a verified email; a member belongs to one business", async () => {
    const t = newTest();
    const boss = await enterprise(t);
    const other = await enterprise(t, { businessName: "Bolt Brothers" });
    const member = await pro(t);
    const stranger = await pro(t, VERIFIED);
    const seatId = await boss.as.mutation(api.teams.invite, { email: await emailOf(t, member.userId) });
    await expect(stranger.as.mutation(api.teams.accept, { seatId })).rejects.toThrow(TeamCopy.notYourInvitation);
    await expect(boss.as.mutation(api.teams.accept, { seatId })).rejects.toThrow(TeamCopy.notYourInvitation);
    await expect(member.as.mutation(api.teams.accept, { seatId })).rejects.toThrow("Please verify your email address to accept a team invitation");
    await t.run((ctx) => ctx.db.patch("users", member.userId, VERIFIED));
    await member.as.mutation(api.teams.accept, { seatId });
    expect((await seat(t, seatId)).state).toBe("active");
    await expect(member.as.mutation(api.teams.accept, { seatId })).rejects.toThrow("can't be accepted");
    // A second business's invitation can't be accepted while on a team.
    const second = await other.as.mutation(api.teams.invite, { email: await emailOf(t, member.userId) });
    await expect(member.as.mutation(api.teams.accept, { seatId: second })).rejects.toThrow(TeamCopy.onAnotherTeam);
    // An owner with members can't join another team.
    const bossInvite = await other.as.mutation(api.teams.invite, { email: await emailOf(t, boss.userId) });
    await t.run((ctx) => ctx.db.patch("users", boss.userId, VERIFIED));
    await expect(boss.as.mutation(api.teams.accept, { seatId: bossInvite })).rejects.toThrow(TeamCopy.ownerOfTeam);
    // Leaving frees them to accept the other.
    await member.as.mutation(api.teams.leave, { seatId });
    expect((await seat(t, seatId)).state).toBe("left");
    await member.as.mutation(api.teams.accept, { seatId: second });
    expect((await member.as.query(api.teams.membership, {}))?.seat?.business.name).toBe("Bolt Brothers");
  });

  test("decline by the invitee; remove only by the owner; leave only by the member", async () => {
    const t = newTest();
    const boss = await enterprise(t);
    const member = await pro(t, VERIFIED);
    const stranger = await pro(t, VERIFIED);
    const invited = await boss.as.mutation(api.teams.invite, { email: await emailOf(t, stranger.userId) });
    await expect(member.as.mutation(api.teams.decline, { seatId: invited })).rejects.toThrow(TeamCopy.notYourInvitation);
    await stranger.as.mutation(api.teams.decline, { seatId: invited });
    expect((await seat(t, invited)).state).toBe("declined");
    const seatId = await join(t, boss, member);
    await expect(member.as.mutation(api.teams.remove, { seatId })).rejects.toThrow(TeamCopy.onlyOwner);
    await expect(stranger.as.mutation(api.teams.leave, { seatId })).rejects.toThrow(TeamCopy.notYourInvitation);
    await boss.as.mutation(api.teams.remove, { seatId });
    expect((await seat(t, seatId)).state).toBe("removed");
    await expect(member.as.mutation(api.teams.leave, { seatId })).rejects.toThrow("can't be left");
    expect((await member.as.query(api.teams.membership, {}))?.seat).toBeNull();
  });
});

describe("acting for the business", () => {
  async function setup() {
    const t = newTest();
    const boss = await enterprise(t);
    const member = await pro(t, { ...VERIFIED, firstName: "Mia", lastName: "Member" });
    const homeowner = await owner(t);
    const seatId = await join(t, boss, member);
    const jobId = await homeowner.as.mutation(api.jobs.create, project());
    return { t, boss, member, homeowner, seatId, jobId };
  }

  test("a member bids as the business: the bid is the business's, with the member recorded", async () => {
    const { t, boss, member, homeowner, jobId } = await setup();
    const bidId = await member.as.mutation(api.bids.place, { jobId, ...bid(), actingFor: boss.userId });
    const row = (await t.run((ctx) => ctx.db.get("bids", bidId)))!;
    expect(row).toMatchObject({ professionalId: boss.userId, placedBy: member.userId });
    // The owner sees it as the business's own bid, placed by the member; so does the homeowner.
    const asOwner = await boss.as.query(api.jobs.get, { jobId });
    expect(asOwner?.myBid).toMatchObject({ _id: bidId, placedBy: "Mia Member", professional: { _id: boss.userId } });
    expect(asOwner?.canBid).toBe(false);
    const asHomeowner = await homeowner.as.query(api.jobs.get, { jobId });
    expect(asHomeowner?.bids).toEqual([expect.objectContaining({ _id: bidId, placedBy: "Mia Member" })]);
    // Acting for the business the member sees the business's bid, and edits and withdraws it.
    const acting = await member.as.query(api.jobs.get, { jobId, actingFor: boss.userId });
    expect(acting?.myBid?._id).toBe(bidId);
    const asSelf = await member.as.query(api.jobs.get, { jobId });
    expect(asSelf?.myBid).toBeNull();
    await member.as.mutation(api.bids.update, { bidId, ...bid({ priceMin: 950 }), actingFor: boss.userId });
    await expect(member.as.mutation(api.bids.withdraw, { bidId })).rejects.toThrow("Only the bid's author can change it.");
    await member.as.mutation(api.bids.withdraw, { bidId, actingFor: boss.userId });
  });

  test("a member reads and replies in the business's threads: the message is the business's, sent by the member", async () => {
    const { t, boss, member, homeowner } = await setup();
    await homeowner.as.mutation(api.messages.send, { receiverId: boss.userId, content: "Can you come Tuesday?" });
    const inbox = await member.as.query(api.messages.inbox, { paginationOpts: { numItems: 10, cursor: null }, actingFor: boss.userId });
    expect(inbox.page.map((c) => c.other._id)).toEqual([homeowner.userId]);
    const ownInbox = await member.as.query(api.messages.inbox, { paginationOpts: { numItems: 10, cursor: null } });
    expect(ownInbox.page).toEqual([]);
    await member.as.mutation(api.messages.markRead, { otherUserId: homeowner.userId, actingFor: boss.userId });
    const messageId = await member.as.mutation(api.messages.send, {
      receiverId: homeowner.userId,
      content: "Tuesday works.",
      actingFor: boss.userId,
    });
    expect(await t.run((ctx) => ctx.db.get("messages", messageId))).toMatchObject({ senderId: boss.userId, sentBy: member.userId });
    const seenByHomeowner = await homeowner.as.query(api.messages.thread, {
      otherUserId: boss.userId,
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(seenByHomeowner.page[0]).toMatchObject({ content: "Tuesday works.", mine: false, sentBy: "Mia Member", senderId: boss.userId });
    const seenByOwner = await boss.as.query(api.messages.thread, {
      otherUserId: homeowner.userId,
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(seenByOwner.page[0]).toMatchObject({ mine: true, sentBy: "Mia Member" });
  });

  test("the business's quote requests, as its member sees them", async () => {
    const { boss, member, homeowner } = await setup();
    const { jobId } = await homeowner.as.mutation(api.jobs.requestQuote, {
      title: "Panel upgrade",
      description: "Our panel needs replacing before the inspection.",
      category: "electrical_plumbing",
      propertyType: "residential_single_family",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      budget: "$500-1500",
      urgency: "medium",
    });
    const requests = await member.as.query(api.teams.quoteRequests, { businessId: boss.userId });
    expect(requests.map((r) => r.job._id)).toEqual([jobId]);
    expect(requests[0]!.bidPlaced).toBe(false);
    await member.as.mutation(api.bids.place, { jobId, ...bid(), actingFor: boss.userId });
    expect((await member.as.query(api.teams.quoteRequests, { businessId: boss.userId }))[0]!.bidPlaced).toBe(true);
  });

  test("no seat, a removed member, or a downgraded business: every acting function refuses", async () => {
    const { t, boss, member, homeowner, seatId, jobId } = await setup();
    const outsider = await pro(t, VERIFIED);
    const bidId = await boss.as.mutation(api.bids.place, { jobId, ...bid() });
    const page = { paginationOpts: { numItems: 10, cursor: null } };
    const attempts = (who: TestMember) => [
      who.as.mutation(api.bids.place, { jobId, ...bid(), actingFor: boss.userId }),
      who.as.mutation(api.bids.update, { bidId, ...bid(), actingFor: boss.userId }),
      who.as.mutation(api.bids.withdraw, { bidId, actingFor: boss.userId }),
      who.as.query(api.jobs.get, { jobId, actingFor: boss.userId }),
      who.as.query(api.teams.quoteRequests, { businessId: boss.userId }),
      who.as.mutation(api.messages.send, { receiverId: homeowner.userId, content: "hi", actingFor: boss.userId }),
      who.as.query(api.messages.inbox, { ...page, actingFor: boss.userId }),
      who.as.query(api.messages.thread, { otherUserId: homeowner.userId, ...page, actingFor: boss.userId }),
      who.as.query(api.messages.threadInfo, { otherUserId: homeowner.userId, actingFor: boss.userId }),
      who.as.mutation(api.messages.markRead, { otherUserId: homeowner.userId, actingFor: boss.userId }),
      who.as.mutation(api.messages.setTyping, { otherUserId: homeowner.userId, typing: true, actingFor: boss.userId }),
    ];
    for (const attempt of attempts(outsider)) await expect(attempt).rejects.toThrow(TeamCopy.notMember);

    // A downgrade keeps the seat but suspends it, and says so to both sides.
    await downgrade(t, boss.userId, "pro_plus", "canceled");
    for (const attempt of attempts(member)) await expect(attempt).rejects.toThrow(TeamCopy.memberSuspended("Acme Electric"));
    expect((await seat(t, seatId)).state).toBe("active");
    expect((await member.as.query(api.teams.membership, {}))?.seat).toMatchObject({ suspended: true });
    expect(await boss.as.query(api.teams.team, {})).toMatchObject({ inForce: false, suspended: true });
    await expect(boss.as.mutation(api.teams.invite, { email: "more@example.com" })).rejects.toThrow(TeamCopy.refused);
    // Past due pauses it too; renewing Enterprise restores it.
    await downgrade(t, boss.userId, "enterprise" as never, "past_due");
    await expect(member.as.query(api.teams.quoteRequests, { businessId: boss.userId })).rejects.toThrow(TeamCopy.memberSuspended("Acme Electric"));
    await t.run((ctx) => ctx.db.patch("users", boss.userId, { subscriptionTier: "enterprise", subscriptionStatus: "active" }));
    await expect(member.as.query(api.teams.quoteRequests, { businessId: boss.userId })).resolves.toEqual([]);

    // Removed: nothing works any more.
    await boss.as.mutation(api.teams.remove, { seatId });
    for (const attempt of attempts(member)) await expect(attempt).rejects.toThrow(TeamCopy.notMember);
  });

  test("a member can't bid for the business on their own job", async () => {
    const t = newTest();
    const boss = await enterprise(t);
    const member = await createUser(t, { ...VERIFIED, userType: "homeowner", zipCode: "78701" });
    await join(t, boss, member);
    const jobId = await member.as.mutation(api.jobs.create, project());
    await expect(member.as.mutation(api.bids.place, { jobId, ...bid(), actingFor: boss.userId })).rejects.toThrow(
      "You can't bid on your own job.",
    );
  });
});
