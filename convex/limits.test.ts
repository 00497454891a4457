// Issue 29, the Low findings on limits: rate limits on social and scrap actions, mentions told
// once, reports counted once toward suspicion, password guessing in settings and across sources,
// the profiles:list page cap, and a change request's reason kept to the job's parties.
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { ErrorCode } from "../common/errors";
import { mentionToken } from "../common/social";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { MAX_PAGE_SIZE } from "./model/paging";
import { limitFor, rateLimiter } from "./model/rateLimit";
import { insertTestPost } from "./social/social.setup";
import {
  bid,
  createUser,
  errorOf,
  newTest,
  owner,
  pro,
  project,
  publishPost,
  setupEnv,
  signUpParams,
  STRONG_PASSWORD,
  withoutPayment,
  type TestConvex,
  type TestMember,
} from "./test.setup";

beforeAll(setupEnv);

describe("jobs:get history", () => {
  /** A hired job whose owner sent the completion back with a private reason. */
  async function sentBack(t: TestConvex) {
    const o = await owner(t);
    const p = await pro(t);
    const rival = await pro(t, { firstName: "Rita" });
    const jobId = await o.as.mutation(api.jobs.create, project());
    await rival.as.mutation(api.bids.place, { jobId, ...bid() });
    const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid() });
    await o.as.mutation(api.bids.accept, { bidId });
    await withoutPayment(t, jobId);
    await t.run(async (ctx) => {
      await ctx.db.insert("jobEvents", {
        jobId,
        actorId: o.userId,
        kind: "status",
        fromStatus: "completion_requested",
        toStatus: "in_progress",
        detail: "The grout is cracked where my dog sleeps",
      });
    });
    return { o, p, rival, jobId };
  }
  const reasonSeenBy = async (as: TestConvex, jobId: string) =>
    (await as.query(api.jobs.get, { jobId }))!.history.find((e) => e.fromStatus === "completion_requested")!.detail;

  test("the change request's reason shows to the owner, the hired professional and admins only", async () => {
    const t = newTest();
    const { o, p, rival, jobId } = await sentBack(t);
    const stranger = await owner(t, { firstName: "Sam" });
    const admin = await createUser(t, { role: "admin" });
    expect(await reasonSeenBy(o.as, jobId)).toBe("The grout is cracked where my dog sleeps");
    expect(await reasonSeenBy(p.as, jobId)).toBe("The grout is cracked where my dog sleeps");
    expect(await reasonSeenBy(admin.as, jobId)).toBe("The grout is cracked where my dog sleeps");
    expect(await reasonSeenBy(rival.as, jobId)).toBeNull();
    expect(await reasonSeenBy(stranger.as, jobId)).toBeNull();
  });
});

describe("profiles:list", () => {
  test("caps the page at the largest page any list returns", async () => {
    const t = newTest();
    const viewer = await createUser(t);
    await t.run(async (ctx) => {
      for (let i = 0; i < MAX_PAGE_SIZE + 5; i++) {
        await ctx.db.insert("users", { email: `m${i}@example.com`, firstName: "M", lastName: `${i}`, userType: "homeowner" });
      }
    });
    const result = await viewer.as.query(api.profiles.list, { paginationOpts: { numItems: 100_000, cursor: null } });
    expect(result.page.length).toBeLessThanOrEqual(MAX_PAGE_SIZE);
    expect(result.isDone).toBe(false);
  });
});

const TOO_OFTEN = /^You're doing that too often\. Try again in \d+ minutes?\.$/;

/** Runs `call` `times` times, then expects the next call refused with the rate-limit copy. */
async function refusedAfter(times: number, call: (i: number) => Promise<unknown>) {
  for (let i = 0; i < times; i++) await call(i);
  const error = await errorOf(call(times));
  expect(error.code).toBe(ErrorCode.RATE_LIMITED);
  expect(error.message).toMatch(TOO_OFTEN);
  expect(error.retryAt).toBeGreaterThan(Date.now());
}

const mentionsOf = (t: TestConvex, userId: Id<"users">) =>
  t.run(async (ctx) =>
    (await ctx.db.query("notifications").withIndex("by_userId_and_type", (q) => q.eq("userId", userId).eq("type", "mention")).take(50)).length,
  );

describe("social rate limits", () => {
  test("comments", async () => {
    const t = newTest();
    const author = await pro(t);
    const chatty = await owner(t);
    const postId = await insertTestPost(t, author.userId);
    await refusedAfter(limitFor("comments").max, (i) =>
      chatty.as.mutation(api.social.comments.add, { postId, content: `Nice work ${i}`, mentionIds: [] }),
    );
  });

  test("follow and unfollow toggling toward one member", async () => {
    const t = newTest();
    const fan = await owner(t);
    const star = await pro(t);
    await refusedAfter(limitFor("followChangesPerMember").max, (i) =>
      fan.as.mutation(i % 2 === 0 ? api.social.follows.follow : api.social.follows.unfollow, { userId: star.userId }),
    );
  });

  test("follow changes across members", async () => {
    const t = newTest();
    const fan = await owner(t);
    const stars: TestMember[] = [];
    for (let i = 0; i <= limitFor("followChanges").max; i++) stars.push(await createUser(t, { userType: "professional" }));
    await refusedAfter(limitFor("followChanges").max, (i) => fan.as.mutation(api.social.follows.follow, { userId: stars[i]!.userId }));
  });

  test("post and comment edits share one limit", async () => {
    const t = newTest();
    const author = await pro(t);
    const postId = await publishPost(author, "Deck done");
    const { commentId } = await author.as.mutation(api.social.comments.add, { postId, content: "Stain next", mentionIds: [] });
    await refusedAfter(limitFor("edits").max, (i) =>
      i % 2 === 0
        ? author.as.mutation(api.social.posts.update, { postId, content: `Deck done (${i})`, category: "construction" })
        : author.as.mutation(api.social.comments.update, { commentId, content: `Stain next (${i})`, mentionIds: [] }),
    );
  });

  test("reports", async () => {
    const t = newTest();
    const author = await pro(t);
    const reporter = await owner(t);
    const posts: Id<"posts">[] = [];
    for (let i = 0; i <= limitFor("reports").max; i++) posts.push(await insertTestPost(t, author.userId));
    await refusedAfter(limitFor("reports").max, (i) =>
      reporter.as.mutation(api.social.reports.report, { postId: posts[i]!, reason: "spam" }),
    );
  });
});

describe("kept by @convex-dev/rate-limiter", () => {
  test("a member's comments are counted in the component's table, and a reset there lifts the limit", async () => {
    const t = newTest();
    const author = await pro(t);
    const chatty = await owner(t);
    const postId = await insertTestPost(t, author.userId);
    const comment = (i: number) => chatty.as.mutation(api.social.comments.add, { postId, content: `Nice work ${i}`, mentionIds: [] });
    const left = async () => (await t.run((ctx) => rateLimiter.getValue(ctx, "comments", { key: chatty.userId }))).value;
    const max = limitFor("comments").max;
    for (let i = 0; i < 3; i++) await comment(i);
    expect(await left()).toBe(max - 3);
    for (let i = 3; i < max; i++) await comment(i);
    expect(await left()).toBe(0);
    expect((await errorOf(comment(max))).code).toBe(ErrorCode.RATE_LIMITED);
    // A refused call counts nothing.
    expect(await left()).toBe(0);
    await t.run((ctx) => rateLimiter.reset(ctx, "comments", { key: chatty.userId }));
    await comment(max + 1);
  });

  test("a sign-in lockout is the component's state too: clearing it there lets the source in", async () => {
    const t = newTest().withRequestMetadata({ ip: "198.51.100.90" });
    await t.action(api.auth.signIn, { provider: "password", params: signUpParams() });
    const attempt = (password: string) =>
      t.action(api.auth.signIn, { provider: "password", params: { flow: "signIn", email: "maya@example.com", password } });
    for (let i = 0; i < 5; i++) await errorOf(attempt("Wrong-Password1!"));
    expect((await errorOf(attempt(STRONG_PASSWORD))).code).toBe(ErrorCode.ACCOUNT_LOCKED);
    await t.run((ctx) => rateLimiter.reset(ctx, "signInLockout", { key: "maya@example.com|198.51.100.90" }));
    expect((await attempt(STRONG_PASSWORD)).tokens?.token).toBeTruthy();
  }, 60_000);

  test("the daily prune clears the component's rows made over a week ago, and only those", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-01T12:00:00Z") });
    try {
      const t = newTest();
      const left = async (key: string) => (await t.run((ctx) => rateLimiter.getValue(ctx, "signUpPerEmail", { key }))).value;
      const max = limitFor("signUpPerEmail").max;
      await t.run((ctx) => rateLimiter.limit(ctx, "signUpPerEmail", { key: "old@example.com" }));
      vi.setSystemTime(Date.now() + 8 * 24 * 60 * 60_000);
      await t.run((ctx) => rateLimiter.limit(ctx, "signUpPerEmail", { key: "new@example.com" }));
      expect([await left("old@example.com"), await left("new@example.com")]).toEqual([max - 1, max - 1]);
      await t.mutation(internal.maintenance.pruneRateLimitRows, {});
      expect([await left("old@example.com"), await left("new@example.com")]).toEqual([max, max - 1]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("mentions", () => {
  test("taking a name out of a post and putting it back tells the member once", async () => {
    const t = newTest();
    const author = await pro(t);
    const named = await owner(t, { firstName: "Nina", lastName: "Park" });
    const token = mentionToken({ firstName: "Nina", lastName: "Park" });
    const postId = await publishPost(author, "Deck done");
    const edit = (content: string) =>
      author.as.mutation(api.social.posts.update, { postId, content, category: "construction", mentionIds: [named.userId] });
    await edit(`Deck done with ${token}`);
    await edit("Deck done");
    await edit(`Deck done with ${token}!`);
    await edit("Deck done.");
    await edit(`Deck done with ${token}!!`);
    expect(await mentionsOf(t, named.userId)).toBe(1);
  });

  test("the same for a comment", async () => {
    const t = newTest();
    const author = await pro(t);
    const named = await owner(t, { firstName: "Nina", lastName: "Park" });
    const token = mentionToken({ firstName: "Nina", lastName: "Park" });
    const postId = await insertTestPost(t, author.userId);
    const { commentId } = await author.as.mutation(api.social.comments.add, {
      postId,
      content: `Thanks ${token}`,
      mentionIds: [named.userId],
    });
    const edit = (content: string) =>
      author.as.mutation(api.social.comments.update, { commentId, content, mentionIds: [named.userId] });
    await edit("Thanks");
    await edit(`Thanks ${token}!`);
    await edit("Thanks.");
    await edit(`Thanks ${token}!!`);
    expect(await mentionsOf(t, named.userId)).toBe(1);
  });
});

describe("reports and suspicion", () => {
  const reportedCount = (t: TestConvex, userId: Id<"users">) =>
    t.run(async (ctx) => (await ctx.db.query("suspects").withIndex("by_userId", (q) => q.eq("userId", userId)).unique())?.signals.reported ?? 0);

  test("one reporter raises an author's score once, even re-reporting after each dismissal", async () => {
    const t = newTest();
    const author = await pro(t);
    const reporter = await owner(t);
    const other = await owner(t);
    const postId = await insertTestPost(t, author.userId);
    const secondPost = await insertTestPost(t, author.userId);
    for (let i = 0; i < 3; i++) {
      const { reportId } = await reporter.as.mutation(api.social.reports.report, { postId, reason: "spam" });
      await t.run((ctx) => ctx.db.patch("moderationReports", reportId, { status: "dismissed" }));
    }
    await reporter.as.mutation(api.social.reports.report, { postId: secondPost, reason: "spam" });
    expect(await reportedCount(t, author.userId)).toBe(1);
    // Another member's report still counts.
    await other.as.mutation(api.social.reports.report, { postId, reason: "spam" });
    expect(await reportedCount(t, author.userId)).toBe(2);
  });
});

describe("scrap claims", () => {
  test("claim, cancel, claim again on one listing is limited (each tells the lister)", async () => {
    const t = newTest();
    const verified = { emailVerificationTime: Date.now() };
    const lister = await owner(t, verified);
    const claimer = await pro(t, verified);
    const created = await lister.as.mutation(api.scrap.create, {
      title: "Copper pipe offcuts",
      description: "About 20 feet of 3/4 inch copper from a bathroom remodel.",
      category: "metal",
      location: "Behind the garage, East 6th St",
      zipCode: "78701",
      quantity: "1 bucket",
    });
    const id = "id" in created ? created.id! : "";
    await refusedAfter(limitFor("scrapClaimsPerListing").max, async () => {
      await claimer.as.mutation(api.scrap.claim, { id });
      await claimer.as.mutation(api.scrap.cancelClaim, { id });
    });
  });
});

describe("password guessing", () => {
  const signIn = (t: TestConvex, params: Record<string, unknown>) => t.action(api.auth.signIn, { provider: "password", params });
  const from = (t: TestConvex, i: number) => t.withRequestMetadata({ ip: `192.0.2.${i + 1}` });
  const DEVICE = "owners-laptop-0123456789abcdef";
  const bad = { flow: "signIn", email: "maya@example.com", password: "Wrong-Password1!" };
  const good = { flow: "signIn", email: "maya@example.com", password: STRONG_PASSWORD };
  const NEW = "Brand-New-Pass2!";

  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-22T12:00:00Z") }));
  afterEach(() => vi.useRealTimers());

  test("failures for one account from many sources slow unknown devices, growing; a known device is spared", async () => {
    const t = newTest();
    await signIn(t.withRequestMetadata({ ip: "203.0.113.77" }), signUpParams({ deviceId: DEVICE }));
    const max = limitFor("signInFailuresPerAccount").max;
    // Two wrong guesses from each of many sources: no source is locked (5), the account sees `max`.
    for (let i = 0; i < max; i++) expect((await errorOf(signIn(from(t, Math.floor(i / 2)), bad))).code).toBe(ErrorCode.INVALID_CREDENTIALS);
    // A device that never signed in waits, even with the right password, and is told how long.
    const slowed = await errorOf(signIn(from(t, 100), good));
    expect(slowed).toMatchObject({ code: ErrorCode.RATE_LIMITED, retryAt: Date.now() + 60_000 });
    expect(slowed.message).toBe("Too many failed sign-in attempts on this account. Try again in 1 minute, or reset your password.");
    expect((await errorOf(signIn(from(t, 101), { ...good, deviceId: "someone-elses-device-0000" }))).code).toBe(ErrorCode.RATE_LIMITED);
    // The owner's browser signs in from anywhere; REST clients send their device id the same way.
    expect((await signIn(from(t, 102), { ...good, deviceId: DEVICE })).tokens?.token).toBeTruthy();
    const rest = (body: object) =>
      t.fetch("/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await rest({ email: good.email, password: good.password })).status).toBe(429);
    expect((await rest({ email: good.email, password: good.password, deviceId: DEVICE })).status).toBe(200);
    // After the wait, the next failure doubles it.
    vi.setSystemTime(Date.now() + 60_000 + 1);
    expect((await errorOf(signIn(from(t, 103), bad))).code).toBe(ErrorCode.INVALID_CREDENTIALS);
    expect((await errorOf(signIn(from(t, 104), good))).message).toMatch(/Try again in 2 minutes/);
    // The known device still has its own lockout per source.
    const mine = from(t, 105);
    for (let i = 0; i < 5; i++) await errorOf(signIn(mine, { ...bad, deviceId: DEVICE }));
    expect((await errorOf(signIn(mine, { ...good, deviceId: DEVICE }))).code).toBe(ErrorCode.ACCOUNT_LOCKED);
  }, 120_000);

  /** Maya, signed up and signed in (a session to call settings with), from `ip`. */
  async function maya(ip: string) {
    const t = newTest().withRequestMetadata({ ip });
    await signIn(t, signUpParams());
    const session = await t.run(async (ctx) => (await ctx.db.query("authSessions").first())!);
    return { t, as: t.withIdentity({ subject: `${session.userId}|${session._id}` }) };
  }

  test("change password: 5 wrong current passwords lock the check for 15 minutes", async () => {
    const { as } = await maya("198.51.100.60");
    const change = (currentPassword: string) => as.action(api.settings.changePassword, { currentPassword, newPassword: NEW, confirmPassword: NEW });
    for (let i = 0; i < 4; i++) expect((await errorOf(change(`Wrong-Pass${i}23!`))).code).toBe(ErrorCode.INVALID_CREDENTIALS);
    const fifth = await errorOf(change("Wrong-Pass523!"));
    expect(fifth).toMatchObject({ code: ErrorCode.RATE_LIMITED, retryAt: Date.now() + 15 * 60_000 });
    expect(fifth.message).toBe("Too many wrong passwords. Try again in 15 minutes, or reset your password.");
    // Even the right one is refused now...
    expect((await errorOf(change(STRONG_PASSWORD))).code).toBe(ErrorCode.RATE_LIMITED);
    // ...until the lock ends.
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1);
    await change(STRONG_PASSWORD);
  }, 60_000);

  test("delete account: the same lock", async () => {
    const { t, as } = await maya("198.51.100.61");
    const remove = (password: string) => as.action(api.accountDeletion.deleteAccount, { password });
    for (let i = 0; i < 5; i++) await errorOf(remove(`Wrong-Pass${i}23!`));
    expect((await errorOf(remove(STRONG_PASSWORD))).code).toBe(ErrorCode.RATE_LIMITED);
    expect((await t.run(async (ctx) => (await ctx.db.query("users").first())!)).deletedAt).toBeUndefined();
  }, 60_000);

  test("current-password checks are limited per IP", async () => {
    vi.stubEnv("RATE_LIMIT_PASSWORD_CHECKS_PER_IP", "3/15");
    try {
      const { as } = await maya("198.51.100.62");
      const change = () => as.action(api.settings.changePassword, { currentPassword: STRONG_PASSWORD, newPassword: NEW, confirmPassword: "x" });
      for (let i = 0; i < 3; i++) expect((await errorOf(change())).code).toBe(ErrorCode.INVALID_INPUT);
      const remove = (password: string) => as.action(api.accountDeletion.deleteAccount, { password });
      for (let i = 0; i < 3; i++) await errorOf(remove(`Wrong-Pass${i}23!`));
      expect((await errorOf(remove(STRONG_PASSWORD))).code).toBe(ErrorCode.RATE_LIMITED);
    } finally {
      vi.unstubAllEnvs();
    }
  }, 60_000);
});
