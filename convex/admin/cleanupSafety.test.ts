// Moderation that never deletes real people (issue 29, finding 3 and the "banned and deleted
// members stay visible" bullet): the pattern matches whole tokens only; the nightly check only
// flags into Suspicious Users; an unban undoes a cleanup's deletion mark (so the account purge
// spares the member) and brings back what the ban hid; and a banned or deleted member's listings,
// jobs, portfolio, reputation and name in threads are gone for everyone else.
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { ACCOUNT_PURGE_AFTER_MS } from "../../common/account";
import { ConsoleCopy, suspiciousPattern } from "../../common/admin";
import { JobMessages } from "../../common/jobCatalog";
import { MessageCopy } from "../../common/messages";
import { ScrapCopy } from "../../common/scrap";
import { api, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { markAccountDeleted } from "../model/accountDeletion";
import {
  bid,
  createUser,
  errorOf,
  firstPage,
  newTest,
  owner,
  pro,
  project,
  publishPost,
  setupEnv,
  signUpParams,
  userRow,
  type TestConvex,
  type TestMember,
} from "../test.setup";

beforeAll(setupEnv);
afterEach(() => vi.useRealTimers());

/** A member signed up through the app (the sign-up records the pattern signal), with a session. */
async function signUp(t: TestConvex, fields: Record<string, unknown>): Promise<TestMember> {
  await t.action(api.auth.signIn, { provider: "password", params: signUpParams(fields) });
  const userId = (await t.run((ctx) =>
    ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", fields.email as string))
      .unique(),
  ))!._id;
  const sessionId = await t.run((ctx) =>
    ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 86_400_000 }),
  );
  return { userId, as: t.withIdentity({ subject: `${userId}|${sessionId}` }) };
}

/** Runs what is scheduled now (the ban's pages), not what waits for later (a listing's expiry in 30 days). */
async function drain(t: TestConvex): Promise<void> {
  for (let i = 0; i < 5; i++) {
    vi.advanceTimersByTime(1);
    await t.finishInProgressScheduledFunctions();
  }
}

const suspectRow = (t: TestConvex, userId: Id<"users">) =>
  t.run((ctx) =>
    ctx.db
      .query("suspects")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .unique(),
  );

describe("the pattern matches whole tokens, never a prefix", () => {
  const cases: [string, Parameters<typeof suspiciousPattern>[0], boolean][] = [
    // Real people: a token that only starts with the word.
    ["surname Testa", { email: "maria@example.com", firstName: "Maria", lastName: "Testa" }, false],
    ["first name Tester", { email: "t@example.com", firstName: "Tester", lastName: "Jones" }, false],
    ["surname Spampinato", { email: "g@example.com", firstName: "Gino", lastName: "Spampinato" }, false],
    ["domain testlabs.com", { email: "ana@testlabs.com", firstName: "Ana" }, false],
    ["local part fakename", { email: "fakename@example.com" }, false],
    ["spammer (a longer word)", { email: "a@example.com", firstName: "Spammer" }, false],
    ["contest, Celeste (inside a word)", { email: "contest@example.com", firstName: "Celeste" }, false],
    ["the reserved .test demo domain", { email: "owner@rafter.test", firstName: "Olivia" }, false],
    ["protest.org domain", { email: "jo@protest.org" }, false],
    // Whole tokens.
    ["name Test User", { email: "x@example.com", firstName: "Test", lastName: "User" }, true],
    ["email fake.account@x.com", { email: "fake.account@x.com" }, true],
    ["name spam", { email: "y@example.com", firstName: "spam" }, true],
    ["email spam-deals@ (hyphen)", { email: "spam-deals@example.net" }, true],
    ["email test123@ (digits)", { email: "test123@example.com" }, true],
    ["email john_test@ (underscore)", { email: "john_test@example.com" }, true],
    ["email jo+spam@ (plus)", { email: "jo+spam@example.com" }, true],
    ["domain label test.example.com", { email: "jo@test.example.com" }, true],
    ["domain label fake-mail.com", { email: "jo@fake-mail.com" }, true],
    ["name FAKE, any case", { email: "z@example.com", firstName: "FAKE", lastName: "Person" }, true],
    ["name with punctuation O'Test", { email: "q@example.com", lastName: "O'Test" }, true],
  ];
  test.each(cases)("%s", (_label, fields, matches) => {
    expect(suspiciousPattern(fields) !== null).toBe(matches);
  });
});

describe("the nightly check only flags", () => {
  test("nobody is banned, deleted or has posts removed; matches are flagged into Suspicious Users; admins told", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const admin = await createUser(t, { role: "admin", firstName: "Ada", lastName: "Admin" });
    const spam = await signUp(t, { email: "spam-deals@example.net", firstName: "Cheap", lastName: "Deals" });
    // Real people whose names start with the words: never flagged or previewed.
    const real = [
      await signUp(t, { email: "maria@example.com", firstName: "Maria", lastName: "Testa" }),
      await signUp(t, { email: "t.jones@example.com", firstName: "Tester", lastName: "Jones" }),
      await signUp(t, { email: "gino@example.com", firstName: "Gino", lastName: "Spampinato" }),
      await signUp(t, { email: "ana@testlabs.com", firstName: "Ana", lastName: "Lab" }),
    ];
    const bo = await owner(t, { firstName: "Bo" });
    const offensive = await publishPost(bo, "This is fucking shit work");

    await t.mutation(internal.admin.cleanup.nightly, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    for (const m of [spam, bo, ...real]) {
      const u = await userRow(t, m.userId);
      expect(u.bannedAt).toBeUndefined();
      expect(u.deletedAt).toBeUndefined();
    }
    expect((await t.run((ctx) => ctx.db.get("posts", offensive)))?.moderationStatus).toBe("flagged");
    expect(await t.run((ctx) => ctx.db.query("cleanupRuns").take(5))).toEqual([]);
    // Flagged: the pattern member and the offensive post's author, each once.
    expect((await suspectRow(t, spam.userId))?.signals.cleanupMatch).toBe(1);
    expect((await suspectRow(t, bo.userId))?.signals.cleanupMatch).toBe(1);
    for (const m of real) expect(await suspectRow(t, m.userId)).toBeNull();
    const queue = (await admin.as.query(api.admin.users.suspicious, { paginationOpts: firstPage })).page;
    expect(queue.map((r) => r.id)).toEqual(expect.arrayContaining([spam.userId, bo.userId]));
    const notes = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", admin.userId))
        .take(5),
    );
    expect(notes.map((n) => n.content)).toEqual([ConsoleCopy.scheduledContent(2, 1)]);

    // A second night flags nobody new and tells nobody again.
    await t.mutation(internal.admin.cleanup.nightly, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await suspectRow(t, spam.userId))?.signals.cleanupMatch).toBe(1);
    expect(
      await t.run((ctx) =>
        ctx.db
          .query("notifications")
          .withIndex("by_userId", (q) => q.eq("userId", admin.userId))
          .take(5),
      ),
    ).toHaveLength(1);

    // An admin's clear holds: the next night flags neither again (Bo's post is older than the clear).
    vi.advanceTimersByTime(1000);
    await admin.as.mutation(api.admin.users.clear, { userId: bo.userId });
    await t.mutation(internal.admin.cleanup.nightly, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await suspectRow(t, bo.userId))?.score).toBe(0);

    // Deletion stays the admin's previewed run: the spec's Cleanup button still works.
    const preview = await admin.as.query(api.admin.cleanup.preview, {});
    expect(preview.users.map((u) => u.id)).toEqual([spam.userId]);
    expect(preview.posts.map((p) => p.id)).toEqual([offensive]);
    const result = await admin.as.mutation(api.admin.cleanup.run, {
      userIds: preview.users.map((u) => u.id),
      postIds: preview.posts.map((p) => p.id),
    });
    expect(result).toMatchObject({ deletedUsers: 1, deletedPosts: 1 });
    expect((await userRow(t, spam.userId)).bannedAt).toBeTypeOf("number");
  });
});

describe("unban restores fully", () => {
  test("unbanning a member a cleanup removed stops the account purge (audited; the cleanup's report shows them restored)", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const admin = await createUser(t, { role: "admin" });
    const spam = await signUp(t, { email: "spam-deals@example.net", firstName: "Cheap", lastName: "Deals" });
    const preview = await admin.as.query(api.admin.cleanup.preview, {});
    expect(preview.users.map((u) => u.id)).toEqual([spam.userId]);
    await admin.as.mutation(api.admin.cleanup.run, { userIds: [spam.userId], postIds: [] });
    expect((await userRow(t, spam.userId)).deletedAt).toBeTypeOf("number");

    await admin.as.mutation(api.admin.users.unban, { userId: spam.userId, notes: "A real member" });
    const back = await userRow(t, spam.userId);
    expect(back.bannedAt).toBeUndefined();
    expect(back.deletedAt).toBeUndefined();
    const runs = await admin.as.query(api.admin.cleanup.runs, { paginationOpts: firstPage });
    expect(runs.page[0]!.restored).toBe(1);
    expect(runs.page[0]!.items.find((i) => i.kind === "user")?.state).toBe("restored");
    const audit = await t.run((ctx) => ctx.db.query("auditLog").take(50));
    expect(audit.find((a) => a.action === "user.unban")?.after).toMatchObject({ deletedAt: null });

    // Past the 30 days the account purge leaves them alone.
    vi.advanceTimersByTime(ACCOUNT_PURGE_AFTER_MS + 60_000);
    await t.mutation(internal.accountDeletion.purgeDue, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const later = await userRow(t, spam.userId);
    expect(later.purgedAt).toBeUndefined();
    expect(later.email).toBe("spam-deals@example.net");
  });

  test("a member's own deletion stands through a ban and an unban", async () => {
    const t = newTest();
    const admin = await createUser(t, { role: "admin" });
    const bo = await owner(t, { firstName: "Bo" });
    await t.run(async (ctx) => {
      await markAccountDeleted(ctx, (await ctx.db.get("users", bo.userId))!);
    });
    await admin.as.mutation(api.admin.users.ban, { userId: bo.userId });
    await admin.as.mutation(api.admin.users.unban, { userId: bo.userId });
    expect((await userRow(t, bo.userId)).deletedAt).toBeTypeOf("number");
  });

  test("unban brings back the posts, listings and jobs the ban hid", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const admin = await createUser(t, { role: "admin" });
    const bo = await owner(t, { firstName: "Bo", emailVerificationTime: Date.now() });
    const viewer = await pro(t, { emailVerificationTime: Date.now() });
    const postId = await publishPost(bo, "My deck #deck");
    const listing = await bo.as.mutation(api.scrap.create, {
      title: "Copper pipe offcuts",
      description: "About 20 feet of 3/4 inch copper from a bathroom remodel.",
      category: "metal",
      location: "Behind the garage",
      zipCode: "78701",
    });
    const listingId = "id" in listing ? listing.id! : null;
    expect(listingId).not.toBeNull();
    const jobId = await bo.as.mutation(api.jobs.create, project());

    await admin.as.mutation(api.admin.users.ban, { userId: bo.userId });
    await drain(t);
    expect((await t.run((ctx) => ctx.db.get("posts", postId)))?.visible).toBe(false);
    expect(await viewer.as.query(api.scrap.get, { id: listingId! })).toBeNull();
    expect(await viewer.as.query(api.jobs.get, { jobId })).toBeNull();

    await admin.as.mutation(api.admin.users.unban, { userId: bo.userId });
    await drain(t);
    expect((await t.run((ctx) => ctx.db.get("posts", postId)))?.visible).toBe(true);
    expect(await viewer.as.query(api.scrap.get, { id: listingId! })).not.toBeNull();
    expect((await viewer.as.query(api.scrap.list, { paginationOpts: firstPage })).page.map((c) => c._id)).toEqual([
      listingId,
    ]);
    expect(await viewer.as.query(api.jobs.get, { jobId })).not.toBeNull();
  });
});

describe("banned and deleted members are not shown as live", () => {
  const verified = { emailVerificationTime: Date.now() };

  async function listingBy(m: TestMember, contactMethod = "email"): Promise<Id<"scrapListings">> {
    const result = await m.as.mutation(api.scrap.create, {
      title: "Copper pipe offcuts",
      description: "About 20 feet of 3/4 inch copper from a bathroom remodel.",
      category: "metal",
      location: "Behind the garage",
      zipCode: "78701",
      contactMethod,
    });
    if (!("id" in result) || result.id === undefined) throw new Error(JSON.stringify(result));
    return result.id;
  }

  test("a banned lister's listings leave the lists and can't be claimed; a holder loses the contact details", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const admin = await createUser(t, { role: "admin" });
    const lister = await owner(t, { firstName: "Lena", ...verified });
    const holder = await pro(t, { firstName: "Hal", ...verified });
    const other = await pro(t, { firstName: "Omar", ...verified });
    const waiter = await pro(t, { firstName: "Wanda", ...verified });
    const held = await listingBy(lister);
    const free = await listingBy(lister);
    await holder.as.mutation(api.scrap.claim, { id: held });
    await waiter.as.mutation(api.scrap.joinWaitlistFor, { id: held });
    expect((await holder.as.query(api.scrap.get, { id: held }))?.contact?.value).toBe(
      (await userRow(t, lister.userId)).email,
    );

    await admin.as.mutation(api.admin.users.ban, { userId: lister.userId, notes: "Scams" });

    const listed = async () => (await other.as.query(api.scrap.list, { paginationOpts: firstPage })).page.map((c) => c._id);
    expect(await listed()).toEqual([]);
    expect(await other.as.query(api.scrap.get, { id: free })).toBeNull();
    expect(await holder.as.query(api.scrap.get, { id: held })).toBeNull();
    expect(await errorOf(other.as.mutation(api.scrap.claim, { id: free }))).toMatchObject({
      code: "NOT_FOUND",
      message: ScrapCopy.listerGone,
    });
    expect(await errorOf(other.as.mutation(api.scrap.joinWaitlistFor, { id: held }))).toMatchObject({
      message: ScrapCopy.listerGone,
    });
    // The holder lets it go: it stays out of the lists and goes to nobody, not the waiting member.
    await holder.as.mutation(api.scrap.cancelClaim, { id: held });
    expect(await listed()).toEqual([]);
    expect(await waiter.as.query(api.scrap.get, { id: held })).toBeNull();

    // The unban puts both back: the free one listed and claimable, the other offered to the waiting member.
    await admin.as.mutation(api.admin.users.unban, { userId: lister.userId });
    expect((await listed()).sort()).toEqual([held, free].sort());
    await other.as.mutation(api.scrap.claim, { id: free });
    const offered = await waiter.as.query(api.scrap.get, { id: held });
    expect(offered).toMatchObject({ isClaimer: true, listing: { status: "on_hold" } });
  });

  test("a deleted lister's listings leave the lists and can't be claimed", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const lister = await owner(t, { firstName: "Lena", ...verified });
    const other = await pro(t, { firstName: "Omar", ...verified });
    const id = await listingBy(lister);
    await t.run(async (ctx) => {
      await markAccountDeleted(ctx, (await ctx.db.get("users", lister.userId))!);
    });
    await drain(t);
    expect((await other.as.query(api.scrap.list, { paginationOpts: firstPage })).page).toEqual([]);
    expect(await other.as.query(api.scrap.get, { id })).toBeNull();
    expect(await errorOf(other.as.mutation(api.scrap.claim, { id }))).toMatchObject({ message: ScrapCopy.listerGone });
  });

  test("a banned owner's open jobs leave the lists and take no bids; unban brings them back", async () => {
    const t = newTest();
    const admin = await createUser(t, { role: "admin" });
    const bo = await owner(t, { firstName: "Bo" });
    const p = await pro(t, { ...verified });
    const jobId = await bo.as.mutation(api.jobs.create, project());
    const listed = async (args: Record<string, unknown> = {}) =>
      (await p.as.query(api.jobs.browse.list, { paginationOpts: firstPage, ...args })).page.map((j) => j._id);
    expect(await listed()).toContain(jobId);
    await p.as.mutation(api.jobs.toggleSave, { jobId });
    const saved = async () => (await p.as.query(api.jobs.saved, { paginationOpts: firstPage })).page.map((j) => j._id);
    expect(await saved()).toEqual([jobId]);

    await admin.as.mutation(api.admin.users.ban, { userId: bo.userId });
    expect(await saved()).toEqual([]);
    expect(await listed()).not.toContain(jobId);
    expect(await listed({ status: "available" })).not.toContain(jobId);
    expect(await listed({ zip: "78701" })).not.toContain(jobId);
    expect((await p.as.query(api.jobs.browse.searchByPlace, { state: "TX" })).map((j) => j._id)).not.toContain(jobId);
    expect(await p.as.query(api.jobs.get, { jobId })).toBeNull();
    expect(await errorOf(p.as.mutation(api.bids.place, { jobId, ...bid() }))).toMatchObject({
      code: "NOT_FOUND",
      message: JobMessages.jobGone,
    });

    await admin.as.mutation(api.admin.users.unban, { userId: bo.userId });
    expect(await listed()).toContain(jobId);
    await p.as.mutation(api.bids.place, { jobId, ...bid() });
  });

  test("a banned professional's portfolio and reputation answer as nobody's", async () => {
    const t = newTest();
    const admin = await createUser(t, { role: "admin" });
    const ana = await pro(t, { firstName: "Ana", referralPoints: 40 });
    const bo = await owner(t, { firstName: "Bo" });
    await t.run(async (ctx) => {
      const storageId = await ctx.storage.store(new Blob(["jpeg"], { type: "image/jpeg" }));
      await ctx.db.insert("portfolioItems", {
        userId: ana.userId,
        type: "image",
        storageId,
        title: "Kitchen rewire",
        category: "electrical",
        tags: [],
        featured: false,
      });
      await ctx.db.insert("reputationEvents", { userId: ana.userId, points: 40, reason: "Referral" });
    });
    expect(await bo.as.query(api.portfolio.list, { userId: ana.userId })).toHaveLength(1);
    expect((await bo.as.query(api.profiles.reputation, { userId: ana.userId })).total).toBe(40);

    await admin.as.mutation(api.admin.users.ban, { userId: ana.userId });
    expect(await bo.as.query(api.profiles.get, { userId: ana.userId })).toBeNull();
    expect(await bo.as.query(api.portfolio.list, { userId: ana.userId })).toEqual([]);
    expect(await bo.as.query(api.profiles.reputation, { userId: ana.userId })).toEqual({ total: 0, events: [] });

    await admin.as.mutation(api.admin.users.unban, { userId: ana.userId });
    expect(await bo.as.query(api.portfolio.list, { userId: ana.userId })).toHaveLength(1);
  });

  test("threads show a banned member as a Former member without picture; the messages stay", async () => {
    const t = newTest();
    const admin = await createUser(t, { role: "admin" });
    const bo = await owner(t, { firstName: "Bo", ...verified });
    const ana = await pro(t, { firstName: "Ana", lastName: "Stone", image: "https://img.example/ana.jpg", ...verified });
    await ana.as.mutation(api.messages.send, { receiverId: bo.userId, content: "Hi Bo" });

    await admin.as.mutation(api.admin.users.ban, { userId: ana.userId });
    const inbox = await bo.as.query(api.messages.inbox, { paginationOpts: firstPage });
    expect(inbox.page[0]!.other).toMatchObject({
      _id: ana.userId,
      name: MessageCopy.formerMember,
      firstName: "",
      lastName: "",
      image: null,
      userType: null,
    });
    const info = await bo.as.query(api.messages.threadInfo, { otherUserId: ana.userId });
    expect(info?.other).toMatchObject({ name: MessageCopy.formerMember, image: null });
    expect(info?.canSend).toBe(false);
    const thread = await bo.as.query(api.messages.thread, { otherUserId: ana.userId, paginationOpts: firstPage });
    expect(thread.page.map((m) => m.content)).toEqual(["Hi Bo"]);
    expect(await errorOf(bo.as.mutation(api.messages.send, { receiverId: ana.userId, content: "Hello?" }))).toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
