// Suspicious Users, Cleanup, bans made complete and the admin role (issue 16): scores come from
// recorded signals; a ban hides the member everywhere and an unban brings them back; cleanup
// removes what its preview showed, never a protected member, and is restorable; the nightly
// run does the same in batches and tells admins; grant and revoke are audited.
import { beforeAll, describe, expect, test, vi } from "vitest";
import { ConsoleCopy, SIGNALS, suspiciousPattern } from "../../common/admin";
import { api, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { RESTORE_MS } from "../model/cleanup";
import {
  createUser,
  errorOf,
  firstPage,
  newTest,
  owner,
  pro,
  project,
  publishPost,
  setupEnv,
  signedIn,
  signUpParams,
  STRONG_PASSWORD,
  type TestConvex,
  type TestMember,
} from "../test.setup";

beforeAll(setupEnv);

/** A member signed up through the app (the sign-up records the signals), with a session. */
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

const user = (t: TestConvex, id: Id<"users">) => t.run((ctx) => ctx.db.get("users", id));
const actions = async (t: TestConvex) =>
  (await t.run((ctx) => ctx.db.query("auditLog").take(200))).map((r) => r.action);

describe("the pattern", () => {
  test("test/fake/spam as a whole word of an email or name; the .test demo domain and longer words don't count (more in cleanupSafety.test.ts)", () => {
    expect(suspiciousPattern({ email: "spam-deals@example.net" })).toMatch(/spam/);
    expect(suspiciousPattern({ email: "a@b.com", firstName: "Fake", lastName: "Person" })).toMatch(/fake/);
    expect(suspiciousPattern({ email: "test123@example.com" })).toMatch(/test/);
    expect(suspiciousPattern({ email: "owner@rafter.test", firstName: "Olivia" })).toBeNull();
    expect(suspiciousPattern({ email: "contest@example.com", firstName: "Celeste" })).toBeNull();
  });
});

describe("Suspicious Users", () => {
  test("scored from recorded signals (pattern, reports, security events, links in first posts, one source), highest first", async () => {
    const t = newTest();
    const admin = await createUser(t, { role: "admin" });
    const bo = await owner(t, { firstName: "Bo" });
    const spam = await signUp(t.withRequestMetadata({ ip: "198.51.100.10" }), {
      email: "spam-deals@example.net",
      firstName: "Cheap",
      lastName: "Deals",
    });
    // Links in a first post, and a report against it.
    const postId = await publishPost(spam, "Great deals at https://cheap.example and more");
    await bo.as.mutation(api.social.reports.report, { postId, reason: "spam" });
    // Two more accounts from the same source make "many accounts from one source" for all three.
    const second = await signUp(t.withRequestMetadata({ ip: "198.51.100.10" }), { email: "maya2@example.com" });
    await signUp(t.withRequestMetadata({ ip: "198.51.100.10" }), { email: "maya3@example.com" });
    // A clean member from elsewhere has no row in the list.
    const clean = await signUp(t.withRequestMetadata({ ip: "203.0.113.4" }), { email: "clean@example.com" });

    const list = await admin.as.query(api.admin.users.suspicious, { paginationOpts: firstPage });
    const top = list.page[0]!;
    expect(top).toMatchObject({
      id: spam.userId,
      firstName: "Cheap",
      lastName: "Deals",
      email: "spam-deals@example.net",
      userType: "professional",
      verified: false,
      score:
        SIGNALS.pattern.weight + SIGNALS.firstPostLinks.weight + SIGNALS.reported.weight + SIGNALS.sharedSource.weight,
    });
    expect(top.signals.map((s) => s.kind).sort()).toEqual(["firstPostLinks", "pattern", "reported", "sharedSource"]);
    expect(list.page.find((r) => r.id === second.userId)?.signals.map((s) => s.kind)).toEqual(["sharedSource"]);
    expect(list.page.some((r) => r.id === clean.userId)).toBe(false);
  });

  test("a lockout counts against the member the email names", async () => {
    const t = newTest().withRequestMetadata({ ip: "198.51.100.20" });
    const admin = await createUser(t, { role: "admin" });
    const maya = await signUp(t, { email: "maya@example.com" });
    for (let i = 0; i < 5; i++) {
      await t
        .action(api.auth.signIn, {
          provider: "password",
          params: { flow: "signIn", email: "maya@example.com", password: "Wrong-password1!" },
        })
        .catch(() => null);
    }
    const row = (await admin.as.query(api.admin.users.suspicious, { paginationOpts: firstPage })).page.find(
      (r) => r.id === maya.userId,
    );
    expect(row?.signals.find((s) => s.kind === "lockout")?.count).toBe(1);
  });

  test("clear takes them off the list (audited) until a new signal", async () => {
    const t = newTest();
    const admin = await createUser(t, { role: "admin" });
    const bo = await owner(t);
    const spam = await signUp(t, { email: "spam@example.net" });
    await admin.as.mutation(api.admin.users.clear, { userId: spam.userId, notes: "Known tester" });
    expect((await admin.as.query(api.admin.users.suspicious, { paginationOpts: firstPage })).page).toEqual([]);
    expect(await actions(t)).toContain("user.clear");
    const postId = await publishPost(spam, "A fine deck");
    await bo.as.mutation(api.social.reports.report, { postId, reason: "spam" });
    const back = (await admin.as.query(api.admin.users.suspicious, { paginationOpts: firstPage })).page;
    expect(back.map((r) => [r.id, r.signals.map((s) => s.kind)])).toEqual([[spam.userId, ["reported"]]]);
  });

  test("members are refused every admin function", async () => {
    const t = newTest();
    const bo = await owner(t);
    const ana = await pro(t);
    for (const call of [
      bo.as.query(api.admin.users.suspicious, { paginationOpts: firstPage }),
      bo.as.mutation(api.admin.users.ban, { userId: ana.userId }),
      bo.as.mutation(api.admin.users.unban, { userId: ana.userId }),
      bo.as.mutation(api.admin.users.clear, { userId: ana.userId }),
      bo.as.query(api.admin.cleanup.preview, {}),
      bo.as.mutation(api.admin.cleanup.run, { userIds: [ana.userId], postIds: [] }),
      bo.as.query(api.admin.cleanup.runs, { paginationOpts: firstPage }),
      bo.as.mutation(api.admin.cleanup.restore, { itemId: "x" }),
    ]) {
      expect((await errorOf(call)).code).toBe("FORBIDDEN");
    }
  });
});

describe("signals recorded later", () => {
  test("a profile rename to a patterned name is a signal; the operator backfill flags members from before", async () => {
    const t = newTest();
    const admin = await createUser(t, { role: "admin", firstName: "Ada", lastName: "Admin" });
    const maya = await signUp(t, { email: "maya@example.com" });
    expect((await admin.as.query(api.admin.users.suspicious, { paginationOpts: firstPage })).page).toEqual([]);
    await maya.as.mutation(api.profiles.patch, { firstName: "Fake", lastName: "Maya" });
    const after = (await admin.as.query(api.admin.users.suspicious, { paginationOpts: firstPage })).page;
    expect(after.map((r) => [r.id, r.signals.map((s) => s.kind)])).toEqual([[maya.userId, ["pattern"]]]);

    // Members inserted before the signals existed (no suspects row): the migration flags them.
    const old = await createUser(t, { email: "spam.old@example.com", firstName: "Olde", lastName: "Member" });
    const plain = await createUser(t, { email: "plain@example.com", firstName: "Plain", lastName: "Member" });
    await t.mutation(internal.migrations.suspiciousPatterns, {});
    await t.finishAllScheduledFunctions(() => {});
    const ids = (await admin.as.query(api.admin.users.suspicious, { paginationOpts: firstPage })).page.map((r) => r.id);
    expect(ids).toContain(old.userId);
    expect(ids).not.toContain(plain.userId);
  });
});

describe("ban and unban", () => {
  test("a ban hides the profile, directory card, posts, comments and reviews and refuses sign-in; unban brings them back", async () => {
    const t = newTest();
    const admin = await createUser(t, { role: "admin" });
    const bo = await owner(t, { firstName: "Bo" });
    const ana = await signUp(t, { email: "ana@example.com", firstName: "Ana", lastName: "Stone" });
    const postId = await publishPost(ana, "My deck #deck");
    const boPost = await publishPost(bo);
    const { commentId } = await ana.as.mutation(api.social.comments.add, {
      postId: boPost,
      content: "Nice work",
      mentionIds: [],
    });
    // A review of Ana's work (the row a completed job's review leaves).
    const jobId = await bo.as.mutation(api.jobs.create, project());
    const reviewId = await t.run(async (ctx) => {
      return await ctx.db.insert("reviews", {
        jobId,
        reviewerId: bo.userId,
        professionalId: ana.userId,
        rating: 5,
        title: "Great",
        content: "Great",
        helpfulCount: 0,
        searchText: "Great",
      });
    });

    await admin.as.mutation(api.admin.users.ban, { userId: ana.userId, notes: "Spam" });

    const banned = await user(t, ana.userId);
    expect(banned).toMatchObject({ bannedUserType: "professional", banReason: "Spam" });
    expect(banned?.userType).toBeUndefined();
    expect(await bo.as.query(api.profiles.get, { userId: ana.userId })).toBeNull();
    const directory = async () =>
      (await t.query(api.professionals.search, { state: "TX", sortBy: "name" })).professionals.map((p) => p._id);
    expect(await directory()).not.toContain(ana.userId);
    expect((await t.run((ctx) => ctx.db.get("posts", postId)))?.visible).toBe(false);
    expect((await t.run((ctx) => ctx.db.get("comments", commentId)))?.visible).toBe(false);
    expect(
      (
        await t.run((ctx) =>
          ctx.db
            .query("authSessions")
            .withIndex("userId", (q) => q.eq("userId", ana.userId))
            .take(5),
        )
      ).length,
    ).toBe(0);
    expect(
      (
        await errorOf(
          t.action(api.auth.signIn, {
            provider: "password",
            params: { flow: "signIn", email: "ana@example.com", password: STRONG_PASSWORD },
          }),
        )
      ).code,
    ).toBe("FORBIDDEN");
    const reviewsOfAna = async () =>
      (await bo.as.query(api.reviews.list, { professionalId: ana.userId, paginationOpts: firstPage })).page.map(
        (r) => r?._id,
      );
    expect(await reviewsOfAna()).not.toContain(reviewId);

    await admin.as.mutation(api.admin.users.unban, { userId: ana.userId });
    const back = await user(t, ana.userId);
    expect(back?.userType).toBe("professional");
    expect(back?.bannedAt).toBeUndefined();
    expect(await bo.as.query(api.profiles.get, { userId: ana.userId })).not.toBeNull();
    expect(await directory()).toContain(ana.userId);
    expect((await t.run((ctx) => ctx.db.get("posts", postId)))?.visible).toBe(true);
    expect((await t.run((ctx) => ctx.db.get("comments", commentId)))?.visible).toBe(true);
    expect(await reviewsOfAna()).toContain(reviewId);
    expect(await actions(t)).toEqual(expect.arrayContaining(["user.ban", "user.unban"]));
    // Unbanning someone not banned is refused in words.
    expect(await errorOf(admin.as.mutation(api.admin.users.unban, { userId: ana.userId }))).toMatchObject({
      message: ConsoleCopy.notBanned,
    });
  });
});

describe("cleanup", () => {
  async function cleanupWorld() {
    const t = newTest();
    const admin = await createUser(t, { role: "admin", firstName: "Ada", lastName: "Admin" });
    const spam = await signUp(t, { email: "spam-deals@example.net", firstName: "Cheap", lastName: "Deals" });
    // Protected despite the pattern: the demo domain, an admin, completed jobs, payments, verified.
    const demo = await signUp(t, { email: "tester@rafter.test" });
    const fakeAdmin = await signUp(t, { email: "fake-admin@example.com" });
    await t.run((ctx) => ctx.db.patch("users", fakeAdmin.userId, { role: "admin" }));
    const worker = await signUp(t, { email: "test-worker@example.com" });
    await t.run((ctx) => ctx.db.patch("users", worker.userId, { jobsWorkingCompleted: 2 }));
    const payer = await signUp(t, { email: "test-payer@example.com" });
    await t.run((ctx) => ctx.db.patch("users", payer.userId, { stripeCustomerId: "cus_1" }));
    const verified = await signUp(t, { email: "fake-verified@example.com" });
    await t.run((ctx) => ctx.db.patch("users", verified.userId, { verified: true }));
    // Posts: an offensive one and a shaky one by an ordinary member; a clean one.
    const bo = await owner(t, { firstName: "Bo" });
    const offensive = await publishPost(bo, "This is fucking shit work");
    const clean = await publishPost(bo, "A fine new deck #deck");
    // A protected member's flagged post stays for a moderator.
    const protectedPost = await publishPost(worker, "This is fucking shit work too");
    return { t, admin, spam, demo, fakeAdmin, worker, payer, verified, bo, offensive, clean, protectedPost };
  }

  test("the preview lists exactly what goes; the run removes that, never a protected member; restorable", async () => {
    const w = await cleanupWorld();
    const { t, admin } = w;
    const preview = await admin.as.query(api.admin.cleanup.preview, {});
    expect(preview.users.map((u) => u.id)).toEqual([w.spam.userId]);
    expect(preview.posts.map((p) => p.id)).toEqual([w.offensive]);
    expect(preview.posts[0]!.why).toBe("Flagged inappropriate");

    const result = await admin.as.mutation(api.admin.cleanup.run, {
      userIds: [
        ...preview.users.map((u) => u.id),
        w.demo.userId,
        w.fakeAdmin.userId,
        w.worker.userId,
        w.payer.userId,
        w.verified.userId,
      ],
      postIds: [...preview.posts.map((p) => p.id), w.clean, w.protectedPost],
    });
    expect(result).toMatchObject({ deletedUsers: 1, deletedPosts: 1 });
    for (const m of [w.demo, w.fakeAdmin, w.worker, w.payer, w.verified]) {
      const u = await user(t, m.userId);
      expect(u?.bannedAt).toBeUndefined();
      expect(u?.deletedAt).toBeUndefined();
    }
    const removed = await user(t, w.spam.userId);
    expect(removed?.bannedAt).toBeTypeOf("number");
    expect(removed?.deletedAt).toBeTypeOf("number");
    expect((await t.run((ctx) => ctx.db.get("posts", w.offensive)))?.moderationStatus).toBe("rejected");
    expect((await t.run((ctx) => ctx.db.get("posts", w.clean)))?.visible).toBe(true);
    expect((await t.run((ctx) => ctx.db.get("posts", w.protectedPost)))?.moderationStatus).toBe("flagged");
    expect(await actions(t)).toEqual(expect.arrayContaining(["cleanup.manual", "user.ban"]));

    // The report, with restore links; restoring brings both back.
    const runs = await admin.as.query(api.admin.cleanup.runs, { paginationOpts: firstPage });
    expect(runs.page[0]).toMatchObject({ kind: "manual", by: "Ada Admin", deletedUsers: 1, deletedPosts: 1 });
    for (const item of runs.page[0]!.items) await admin.as.mutation(api.admin.cleanup.restore, { itemId: item.id });
    const back = await user(t, w.spam.userId);
    expect(back?.bannedAt).toBeUndefined();
    expect(back?.deletedAt).toBeUndefined();
    expect(back?.userType).toBe("professional");
    expect((await t.run((ctx) => ctx.db.get("posts", w.offensive)))?.moderationStatus).toBe("flagged");
    expect((await admin.as.query(api.admin.cleanup.runs, { paginationOpts: firstPage })).page[0]!.restored).toBe(2);
    // Restored members are cleared: the next preview leaves them alone.
    expect((await admin.as.query(api.admin.cleanup.preview, {})).users).toEqual([]);
    expect(await actions(t)).toEqual(expect.arrayContaining(["cleanup.restore.user", "cleanup.restore.post"]));
  });

  test("the nightly check flags (removes nothing) and tells admins; a confirmed run's posts are purged after 30 days", async () => {
    vi.useFakeTimers();
    try {
      const w = await cleanupWorld();
      const { t, admin } = w;
      await t.mutation(internal.admin.cleanup.nightly, {});
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      // Issue 29: the unattended run only flags into Suspicious Users.
      expect(await t.run((ctx) => ctx.db.query("cleanupRuns").take(5))).toEqual([]);
      expect((await user(t, w.spam.userId))?.bannedAt).toBeUndefined();
      expect((await t.run((ctx) => ctx.db.get("posts", w.offensive)))?.moderationStatus).toBe("flagged");
      const notes = await t.run((ctx) =>
        ctx.db
          .query("notifications")
          .withIndex("by_userId", (q) => q.eq("userId", admin.userId))
          .take(5),
      );
      expect(notes.map((n) => n.title)).toContain(ConsoleCopy.scheduledTitle);
      expect(await actions(t)).toContain("cleanup.flagged");

      // The admin's confirmed run is what removes; its posts are deleted once the 30 days are over.
      const preview = await admin.as.query(api.admin.cleanup.preview, {});
      await admin.as.mutation(api.admin.cleanup.run, {
        userIds: preview.users.map((u) => u.id),
        postIds: preview.posts.map((p) => p.id),
      });
      vi.advanceTimersByTime(RESTORE_MS + 60_000);
      await t.mutation(internal.admin.cleanup.purgeDue, {});
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      // The admin's session ran out in those 30 days: a fresh one.
      const { as: again } = await signedIn(t, admin.userId);
      expect(await t.run((ctx) => ctx.db.get("posts", w.offensive))).toBeNull();
      const item = (await again.query(api.admin.cleanup.runs, { paginationOpts: firstPage })).page[0]!.items.find(
        (i) => i.kind === "post",
      )!;
      expect(item.state).toBe("purged");
      expect(await errorOf(again.mutation(api.admin.cleanup.restore, { itemId: item.id }))).toMatchObject({
        message: ConsoleCopy.purged,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the admin role", () => {
  test("grant and revoke (internal, the CLI's) are audited", async () => {
    const t = newTest();
    const m = await createUser(t, { email: "boss@example.com" });
    await t.mutation(internal.users.grantAdmin, { email: "boss@example.com" });
    expect((await user(t, m.userId))?.role).toBe("admin");
    await t.mutation(internal.users.revokeAdmin, { email: "boss@example.com" });
    expect((await user(t, m.userId))?.role).toBeUndefined();
    const rows = await t.run((ctx) => ctx.db.query("auditLog").take(10));
    expect(rows.map((r) => [r.action, r.actor, r.targetId])).toEqual([
      ["admin.grant", "operator", m.userId],
      ["admin.revoke", "operator", m.userId],
    ]);
  });
});

describe("REST (spec §7 admin rows)", () => {
  async function call(who: Pick<TestConvex, "fetch">, method: string, path: string) {
    const r = await who.fetch(path, { method, headers: { "Content-Type": "application/json" } });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  }

  test("GET /api/admin/suspicious-users and POST /api/admin/cleanup: admins only, a member gets 403", async () => {
    const t = newTest();
    const admin = await createUser(t, { role: "admin" });
    const bo = await owner(t);
    const spam = await signUp(t, { email: "spam@example.net", firstName: "Sam", lastName: "Pam" });
    expect((await call(bo.as, "GET", "/api/admin/suspicious-users")).status).toBe(403);
    expect((await call(bo.as, "POST", "/api/admin/cleanup")).status).toBe(403);
    const list = await call(admin.as, "GET", "/api/admin/suspicious-users");
    expect(list.status).toBe(200);
    expect(list.body.users).toEqual([
      expect.objectContaining({
        id: spam.userId,
        firstName: "Sam",
        lastName: "Pam",
        email: "spam@example.net",
        userType: "professional",
        verified: false,
      }),
    ]);
    expect(await call(admin.as, "POST", "/api/admin/cleanup")).toEqual({
      status: 200,
      body: { deletedUsers: 1, deletedPosts: 0 },
    });
  });
});
