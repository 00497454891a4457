// Delete account: the password confirms it, every session ends at once, the member disappears for
// others, signing in within 30 days restores the account, and the daily purge removes it after 30 days.
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { ACCOUNT_PURGE_AFTER_MS, SettingsCopy } from "../common/auth";
import { ErrorCode } from "../common/errors";
import { PaymentCopy } from "../common/payments";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  fileBlob,
  bid,
  errorOf,
  fundJob,
  newTest,
  owner,
  pro,
  project,
  serveSiteUrl,
  emailsWithinAMinute,
  useOutbox,
  setupEnv,
  signedIn,
  signUpParams,
  STRONG_PASSWORD,
  type TestConvex,
  userRow,
} from "./test.setup";

beforeAll(setupEnv);
// Only Date is faked: scheduled emails still run on real timers.
beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T12:00:00Z") }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const DAY = 24 * 60 * 60 * 1000;
const EMAIL = "maya@example.com";

const signIn = (t: TestConvex, params: Record<string, unknown>) =>
  t.action(api.auth.signIn, { provider: "password", params });

/** Maya, a professional with a password account, signed in on two devices; a bid on Olive's job and a portfolio photo. */
async function setup(t: TestConvex) {
  await signIn(t, signUpParams({ email: EMAIL }));
  const userId = (await t.run((ctx) =>
    ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", EMAIL))
      .unique(),
  ))!._id;
  await t.run((ctx) => ctx.db.patch(userId, { professions: ["electrician"], primaryProfession: "electrician" }));
  const phone = await signedIn(t, userId);
  const laptop = await signedIn(t, userId);
  const olive = await owner(t);
  const jobId = await olive.as.mutation(api.jobs.create, project());
  const bidId = await phone.as.mutation(api.bids.place, { jobId, ...bid() });
  const storageId = await t.run((ctx) => ctx.storage.store(fileBlob(100, "image/jpeg")));
  await phone.as.mutation(api.portfolio.add, {
    files: [{ storageId, name: "deck.jpg" }],
    title: "Deck",
    category: "other",
  });
  await olive.as.mutation(api.messages.send, { receiverId: userId, content: "Hi Maya, can you start Monday?" });
  return { userId, phone: phone.as, laptop: laptop.as, olive, jobId, bidId, storageId };
}

const inDirectory = async (as: TestConvex, userId: Id<"users">) =>
  (await as.query(api.professionals.search, { state: "TX" })).professionals.some((p) => p._id === userId);

describe("delete account", () => {
  test("the password confirms it; sessions end at once; the member is hidden; open work closes; the purge date is emailed", async () => {
    const t = newTest();
    // Local mode, all timers faked: the email reaches the outbox through the queue.
    useOutbox(t, { now: new Date("2026-11-24T12:00:00Z") });
    const { userId, phone, laptop, olive, jobId, bidId } = await setup(t);
    expect(await inDirectory(olive.as, userId)).toBe(true);

    const wrong = await errorOf(phone.action(api.accountDeletion.deleteAccount, { password: "Not-it-at-all1!" }));
    expect(wrong).toMatchObject({
      code: ErrorCode.INVALID_CREDENTIALS,
      fields: { password: SettingsCopy.wrongCurrentPassword },
    });
    expect((await userRow(t, userId)).deletedAt).toBeUndefined();
    expect((await errorOf(t.action(api.accountDeletion.deleteAccount, { password: STRONG_PASSWORD }))).code).toBe(
      ErrorCode.NOT_AUTHENTICATED,
    );

    const { purgeAt } = await phone.action(api.accountDeletion.deleteAccount, { password: STRONG_PASSWORD });
    expect(purgeAt).toBe(Date.now() + ACCOUNT_PURGE_AFTER_MS);
    // Both devices are signed out at once.
    expect(await phone.query(api.users.viewer, {})).toBeNull();
    expect(await laptop.query(api.users.viewer, {})).toBeNull();
    expect(
      await t.run((ctx) =>
        ctx.db
          .query("authSessions")
          .withIndex("userId", (q) => q.eq("userId", userId))
          .collect(),
      ),
    ).toEqual([]);
    // Others no longer find them: profile, directory; their bid is withdrawn.
    expect(await olive.as.query(api.profiles.get, { userId })).toBeNull();
    expect(await inDirectory(olive.as, userId)).toBe(false);
    expect(await t.run((ctx) => ctx.db.get(bidId))).toMatchObject({ status: "withdrawn" });
    expect((await olive.as.query(api.jobs.get, { jobId }))!.bids).toEqual([]);

    await emailsWithinAMinute(t);
    const { messages } = await t.query(internal.devOutbox.list, {});
    const mail = messages.find((m) => m.to === EMAIL && m.kind === "account_deleted");
    expect(mail?.text).toContain("December 24, 2026");
  });

  test("a deleted member leaves others' networks and can't be messaged; restoring brings the connections back", async () => {
    const t = newTest();
    const { userId, phone, olive } = await setup(t);
    const sam = await pro(t, { firstName: "Sam" });
    const kim = await pro(t, { firstName: "Kim" });
    const connectionId = await phone.mutation(api.connections.request, { userId: sam.userId });
    await sam.as.mutation(api.connections.respond, { connectionId, accept: true });
    await phone.mutation(api.connections.request, { userId: kim.userId });
    await sam.as.mutation(api.backup.setMember, { userId, member: true });
    const names = async () => ({
      connections: (await sam.as.query(api.connections.listOf, { userId: sam.userId })).map((c) => c.user._id),
      incoming: (await kim.as.query(api.connections.pending, {})).incoming.map((c) => c.user._id),
      backup: (await sam.as.query(api.backup.members, {})).map((u) => u._id),
    });
    expect(await names()).toEqual({ connections: [userId], incoming: [userId], backup: [userId] });

    await phone.action(api.accountDeletion.deleteAccount, { password: STRONG_PASSWORD });
    expect(await names()).toEqual({ connections: [], incoming: [], backup: [] });
    expect((await errorOf(sam.as.mutation(api.connections.request, { userId }))).code).toBe(ErrorCode.NOT_FOUND);
    const sent = await errorOf(olive.as.mutation(api.messages.send, { receiverId: userId, content: "Still there?" }));
    expect(sent.code).toBe(ErrorCode.NOT_FOUND);
    // Olive's thread stays readable, without a composer.
    expect(await olive.as.query(api.messages.threadInfo, { otherUserId: userId })).toMatchObject({ canSend: false });

    await signIn(t, { flow: "signIn", email: EMAIL, password: STRONG_PASSWORD });
    expect(await names()).toEqual({ connections: [userId], incoming: [userId], backup: [userId] });
  });

  test("signing in within 30 days restores the account and says so", async () => {
    const t = newTest();
    const { userId, phone, olive } = await setup(t);
    await phone.action(api.accountDeletion.deleteAccount, { password: STRONG_PASSWORD });
    vi.setSystemTime(Date.now() + 29 * DAY);
    await t.mutation(internal.accountDeletion.purgeDue, {});
    expect((await userRow(t, userId)).purgedAt).toBeUndefined();

    expect((await signIn(t, { flow: "signIn", email: EMAIL, password: STRONG_PASSWORD })).tokens).toBeTruthy();
    const row = await userRow(t, userId);
    expect(row.userType).toBe("professional");
    expect(row.deletedAt).toBeUndefined();
    expect(row.deletedUserType).toBeUndefined();
    const again = (await signedIn(t, userId)).as;
    expect(await again.query(api.users.viewer, {})).toMatchObject({ accountRestored: true, userType: "professional" });
    expect(await olive.as.query(api.profiles.get, { userId })).not.toBeNull();
    expect(await inDirectory(olive.as, userId)).toBe(true);
    await again.mutation(api.accountDeletion.dismissRestored, {});
    expect(await again.query(api.users.viewer, {})).toMatchObject({ accountRestored: false });
  });

  test("after 30 days the daily purge removes the account's data and leaves a 'Deleted member' for others", async () => {
    const t = newTest();
    const { userId, phone, olive, storageId, jobId } = await setup(t);
    // A photo Maya delivered to a job as its photographer (the row only: its bytes are the file above).
    await t.run((ctx) =>
      ctx.db.insert("jobPhotos", { jobId, storageId, photographerId: userId, createdAt: Date.now() }),
    );
    await phone.action(api.accountDeletion.deleteAccount, { password: STRONG_PASSWORD });
    vi.setSystemTime(Date.now() + 30 * DAY + 1);
    expect(await t.mutation(internal.accountDeletion.purgeDue, {})).toEqual({ purged: 1, more: false });

    const row = await userRow(t, userId);
    expect(row).toMatchObject({ firstName: "Deleted", lastName: "member" });
    expect(row.email).toBeUndefined();
    expect(row.purgedAt).toBeDefined();
    const left = await t.run(async (ctx) => ({
      file: await ctx.db.system.get(storageId),
      files: await ctx.db
        .query("files")
        .withIndex("by_uploaderId_and_createdAt", (q) => q.eq("uploaderId", userId))
        .collect(),
      portfolio: await ctx.db
        .query("portfolioItems")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .collect(),
      accounts: await ctx.db
        .query("authAccounts")
        .withIndex("userIdAndProvider", (q) => q.eq("userId", userId))
        .collect(),
      notifications: await ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .collect(),
      counters: await ctx.db
        .query("userCounters")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .collect(),
      jobPhotos: await ctx.db
        .query("jobPhotos")
        .withIndex("by_photographerId", (q) => q.eq("photographerId", userId))
        .collect(),
    }));
    expect(left).toEqual({
      file: null,
      files: [],
      portfolio: [],
      accounts: [],
      notifications: [],
      counters: [],
      jobPhotos: [],
    });
    // Olive keeps the conversation; the other side is now an anonymous member.
    // (A month later Olive signs in again: her test session has expired.)
    const oliveNow = (await signedIn(t, olive.userId)).as;
    const threads = await oliveNow.query(api.messages.inbox, { paginationOpts: { numItems: 10, cursor: null } });
    expect(JSON.stringify(threads)).toContain("Hi Maya, can you start Monday?");
    expect(JSON.stringify(threads)).not.toContain("Lopez");
    // The credentials are gone: the old password no longer signs in, and nothing is purged twice.
    expect((await errorOf(signIn(t, { flow: "signIn", email: EMAIL, password: STRONG_PASSWORD }))).code).toBe(
      ErrorCode.INVALID_CREDENTIALS,
    );
    expect(await t.mutation(internal.accountDeletion.purgeDue, {})).toEqual({ purged: 0, more: false });
  });

  test("an owner's open jobs are cancelled through the job state machine; a funded job not started is refunded", async () => {
    const t = newTest();
    const olive = await owner(t);
    const electrician = await pro(t, { payoutsEnabled: true, stripeConnectAccountId: "acct_test_pro" });
    const openJob = await olive.as.mutation(api.jobs.create, project({ title: "Open job" }));
    const fundedJob = await olive.as.mutation(api.jobs.create, project({ title: "Funded job" }));
    const bidId = await electrician.as.mutation(api.bids.place, { jobId: fundedJob, ...bid() });
    await olive.as.mutation(api.bids.accept, { bidId });
    const paymentId = await fundJob(t, fundedJob);
    await t.mutation(internal.accountDeletion.markDeleted, { userId: olive.userId });
    const [open, funded, payment, moves] = await t.run(async (ctx) => [
      await ctx.db.get("jobs", openJob),
      await ctx.db.get("jobs", fundedJob),
      await ctx.db.get("jobPayments", paymentId),
      await ctx.db.query("paymentMoves").withIndex("by_paymentId", (q) => q.eq("paymentId", paymentId)).take(5),
    ]);
    expect(open?.status).toBe("cancelled");
    expect(funded?.status).toBe("cancelled");
    // The held money goes back to the owner's card, through the payment state machine.
    expect(payment).toMatchObject({ state: "refunded", refundedCents: payment!.fundedCents, releasedCents: 0 });
    expect(moves.map((m) => [m.kind, m.amountCents])).toEqual([["refund", payment!.fundedCents]]);
  });

  test("refused while money is held for work under way (owner) or owed to the member (pro), with the job named", async () => {
    const t = newTest();
    const olive = await owner(t);
    const electrician = await pro(t, { payoutsEnabled: true, stripeConnectAccountId: "acct_test_pro" });
    const busyJob = await olive.as.mutation(api.jobs.create, project({ title: "Busy job" }));
    const bidId = await electrician.as.mutation(api.bids.place, { jobId: busyJob, ...bid() });
    await olive.as.mutation(api.bids.accept, { bidId });
    const paymentId = await fundJob(t, busyJob);
    // Funded, not started: the pro can't walk away from the money held for them.
    expect(await errorOf(t.mutation(internal.accountDeletion.markDeleted, { userId: electrician.userId }))).toMatchObject({
      code: ErrorCode.INVALID_INPUT,
      message: PaymentCopy.deleteWhileHeld("Busy job", "pro"),
    });
    await electrician.as.mutation(api.jobs.act, { jobId: busyJob, action: "start" });
    // Work under way: the owner can't take the money back by leaving.
    expect(await errorOf(t.mutation(internal.accountDeletion.markDeleted, { userId: olive.userId }))).toMatchObject({
      code: ErrorCode.INVALID_INPUT,
      message: PaymentCopy.deleteWhileHeld("Busy job", "owner"),
    });
    const [job, payment, oliveRow, proRow] = await t.run(async (ctx) => [
      await ctx.db.get("jobs", busyJob),
      await ctx.db.get("jobPayments", paymentId),
      await ctx.db.get("users", olive.userId),
      await ctx.db.get("users", electrician.userId),
    ]);
    expect(job?.status).toBe("in_progress");
    expect(payment?.state).toBe("funded");
    expect(oliveRow?.deletedAt).toBeUndefined();
    expect(proRow?.deletedAt).toBeUndefined();
  });

  test("a live subscription is cancelled at the gateway, whose customer.subscription.deleted ends it", async () => {
    process.env.RAFTER_LOCAL = "1";
    const t = newTest();
    serveSiteUrl(t);
    try {
      const maya = await pro(t);
      const sub = { subscriptionId: "sub_local_maya", customerId: "cus_local_maya" };
      await t.run(async (ctx) => {
        await ctx.db.insert("localSubscriptions", {
          ...sub,
          userId: maya.userId,
          planId: "pro",
          status: "active",
          currentPeriodEnd: Date.now() + 30 * DAY,
          cancelAtPeriodEnd: false,
        });
        await ctx.db.patch("users", maya.userId, {
          stripeCustomerId: sub.customerId,
          stripeSubscriptionId: sub.subscriptionId,
          subscriptionTier: "pro",
          subscriptionStatus: "active",
        });
      });
      await t.mutation(internal.accountDeletion.markDeleted, { userId: maya.userId });
      await t.finishAllScheduledFunctions(() => {});
      const [local, row] = await t.run(async (ctx) => [
        await ctx.db
          .query("localSubscriptions")
          .withIndex("by_subscriptionId", (q) => q.eq("subscriptionId", sub.subscriptionId))
          .unique(),
        await ctx.db.get("users", maya.userId),
      ]);
      expect(local).toMatchObject({ status: "canceled", endedAt: Date.now() });
      expect(row).toMatchObject({ subscriptionStatus: "canceled" });
      expect(row?.subscriptionTier ?? "basic").toBe("basic");
    } finally {
      delete process.env.RAFTER_LOCAL;
      vi.unstubAllGlobals();
    }
  });
});
