// The Moderation tab (issue 16): admins only; each decision moves the reports through their
// transitions and writes the audit log; a ban deletes the post, ends the author's sessions,
// hides their content and refuses their sign-in.
import { beforeAll, describe, expect, test } from "vitest";
import { AdminCopy } from "../../common/admin";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import {
  createUser,
  errorOf,
  firstPage,
  newTest,
  owner,
  pro,
  publishPost,
  setupEnv,
  signUpParams,
  STRONG_PASSWORD,
  type TestConvex,
} from "../test.setup";

beforeAll(setupEnv);

const auditRows = (t: TestConvex) => t.run((ctx) => ctx.db.query("auditLog").take(100));
const report = (t: TestConvex, id: Id<"moderationReports">) => t.run((ctx) => ctx.db.get("moderationReports", id));

async function world() {
  const t = newTest();
  const admin = await createUser(t, { role: "admin", firstName: "Ada", lastName: "Admin" });
  const ana = await pro(t, { firstName: "Ana" });
  const bo = await owner(t, { firstName: "Bo" });
  const postId = await publishPost(ana, "Cheap roofing, call now ".repeat(6));
  const { reportId } = await bo.as.mutation(api.social.reports.report, { postId, reason: "spam" });
  return { t, admin, ana, bo, postId, reportId };
}

describe("who may moderate", () => {
  test("members and anonymous callers are refused; admins see the queue", async () => {
    const { t, admin, bo, postId, reportId } = await world();
    expect(await errorOf(bo.as.query(api.admin.moderation.queue, { paginationOpts: firstPage }))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await errorOf(t.query(api.admin.moderation.audit, { paginationOpts: firstPage }))).toMatchObject({
      code: "NOT_AUTHENTICATED",
    });
    expect(await errorOf(bo.as.mutation(api.admin.moderation.ban, { postId }))).toMatchObject({ code: "FORBIDDEN" });
    const queue = await admin.as.query(api.admin.moderation.queue, { paginationOpts: firstPage });
    expect(queue.page).toHaveLength(1);
    const [item] = queue.page;
    expect(item).toMatchObject({
      reportId,
      kind: "post",
      contentId: postId,
      reason: "spam",
      status: "pending",
      openReports: 1,
      riskLevel: "low",
    });
    expect(item!.preview.length).toBe(80);
    expect(item!.preview.endsWith("…")).toBe(true);
    expect(item!.author?.name).toBe("Ana User");
  });
});

describe("decisions", () => {
  test("approve shows the post and resolves its reports, audited", async () => {
    const { t, admin, postId, reportId } = await world();
    await t.run((ctx) =>
      ctx.db.patch("posts", postId, { moderationStatus: "flagged", visible: false, moderationConfidence: 0.3 }),
    );
    const flagged = await admin.as.query(api.admin.moderation.flagged, { paginationOpts: firstPage });
    expect(flagged.page.map((p) => [p.contentId, p.riskLevel])).toEqual([[postId, "high"]]);
    await admin.as.mutation(api.admin.moderation.approve, { reportId, notes: "Fine" });
    expect(await t.run((ctx) => ctx.db.get("posts", postId))).toMatchObject({
      moderationStatus: "approved",
      visible: true,
    });
    expect(await report(t, reportId)).toMatchObject({
      status: "resolved",
      moderatorId: admin.userId,
      moderatorNotes: "Fine",
    });
    expect((await auditRows(t)).map((r) => r.action).sort()).toEqual(["post.approve", "report.resolve"]);
    expect((await admin.as.query(api.admin.moderation.queue, { paginationOpts: firstPage })).page).toEqual([]);
    // A closed report can't move again.
    expect(await errorOf(admin.as.mutation(api.admin.moderation.dismiss, { reportId }))).toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  test("warn notifies the author and moves the report to reviewed; dismiss closes it", async () => {
    const { t, admin, ana, reportId } = await world();
    await admin.as.mutation(api.admin.moderation.warn, { reportId });
    expect(await report(t, reportId)).toMatchObject({ status: "reviewed", moderatorId: admin.userId });
    const notes = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", ana.userId))
        .take(10),
    );
    expect(notes.map((n) => n.title)).toContain(AdminCopy.warnTitle);
    // Still open: it stays in the queue.
    expect((await admin.as.query(api.admin.moderation.queue, { paginationOpts: firstPage })).page[0]?.status).toBe(
      "reviewed",
    );
    await admin.as.mutation(api.admin.moderation.dismiss, { reportId });
    expect(await report(t, reportId)).toMatchObject({ status: "dismissed" });
    expect((await auditRows(t)).map((r) => r.action).sort()).toEqual(["report.dismiss", "report.review", "user.warn"]);
  });

  test("remove deletes the post and resolves its reports", async () => {
    const { t, admin, postId, reportId } = await world();
    await admin.as.mutation(api.admin.moderation.remove, { reportId });
    expect(await t.run((ctx) => ctx.db.get("posts", postId))).toBeNull();
    expect(await report(t, reportId)).toMatchObject({ status: "resolved" });
    expect((await auditRows(t)).map((r) => r.action).sort()).toEqual(["post.remove", "report.resolve"]);
  });
});

describe("ban", () => {
  test("deletes the post, ends the author's sessions, hides their posts and comments, refuses sign-in", async () => {
    const t = newTest();
    const admin = await createUser(t, { role: "admin" });
    const bo = await owner(t, { firstName: "Bo" });
    const email = "spammer@example.com";
    await t.action(api.auth.signIn, { provider: "password", params: signUpParams({ email }) });
    const userId = (await t.run((ctx) =>
      ctx.db
        .query("users")
        .withIndex("email", (q) => q.eq("email", email))
        .unique(),
    ))!._id;
    const sessionId = await t.run((ctx) =>
      ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 86_400_000 }),
    );
    const spammer = t.withIdentity({ subject: `${userId}|${sessionId}` });
    const reported = await publishPost({ userId, as: spammer }, "Buy followers now");
    const other = await publishPost({ userId, as: spammer }, "Another post of mine");
    const boPost = await publishPost(bo);
    const { commentId } = await spammer.mutation(api.social.comments.add, {
      postId: boPost,
      content: "Nice",
      mentionIds: [],
    });
    const { reportId } = await bo.as.mutation(api.social.reports.report, { postId: reported, reason: "spam" });

    await admin.as.mutation(api.admin.moderation.ban, { reportId, notes: "Spam account" });

    const state = await t.run(async (ctx) => ({
      user: await ctx.db.get("users", userId),
      reported: await ctx.db.get("posts", reported),
      other: await ctx.db.get("posts", other),
      comment: await ctx.db.get("comments", commentId),
      sessions: await ctx.db
        .query("authSessions")
        .withIndex("userId", (q) => q.eq("userId", userId))
        .take(10),
    }));
    expect(state.user?.bannedAt).toBeTypeOf("number");
    expect(state.user?.banReason).toBe("Spam account");
    expect(state.reported).toBeNull();
    expect(state.other?.visible).toBe(false);
    expect(state.comment?.visible).toBe(false);
    expect(state.sessions).toEqual([]);
    expect(await report(t, reportId)).toMatchObject({ status: "resolved", moderatorId: admin.userId });
    expect((await auditRows(t)).map((r) => r.action).sort()).toEqual(["post.remove", "report.resolve", "user.ban"]);
    // The old token is dead, and signing in again is refused in words.
    expect(
      await errorOf(spammer.mutation(api.social.posts.create, { content: "Back!", category: "construction" })),
    ).toMatchObject({
      code: "NOT_AUTHENTICATED",
    });
    expect(
      await errorOf(
        t.action(api.auth.signIn, {
          provider: "password",
          params: { flow: "signIn", email, password: STRONG_PASSWORD },
        }),
      ),
    ).toMatchObject({ code: "FORBIDDEN", message: AdminCopy.suspended });
    const audit = await admin.as.query(api.admin.moderation.audit, { paginationOpts: firstPage });
    expect(audit.page.find((r) => r.action === "user.ban")).toMatchObject({ targetId: userId, note: "Spam account" });
  });

  test("an admin can't be banned", async () => {
    const { t, admin } = await world();
    const other = await createUser(t, { role: "admin" });
    const adminPost = await publishPost(other);
    expect(await errorOf(admin.as.mutation(api.admin.moderation.ban, { postId: adminPost }))).toMatchObject({
      code: "FORBIDDEN",
      message: AdminCopy.cannotBanAdmin,
    });
  });
});

describe("REST (spec §7 admin rows)", () => {
  async function call(who: Pick<TestConvex, "fetch">, method: string, path: string) {
    const r = await who.fetch(path, { method, headers: { "Content-Type": "application/json" } });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  }

  test("GET /api/admin/posts and DELETE /api/admin/posts/{id}/ban-user: admins only, a member gets 403", async () => {
    const { t, admin, ana, bo, postId } = await world();
    expect((await call(bo.as, "GET", "/api/admin/posts")).status).toBe(403);
    expect((await call(bo.as, "DELETE", `/api/admin/posts/${postId}/ban-user`)).status).toBe(403);
    const list = await call(admin.as, "GET", "/api/admin/posts");
    expect(list.status).toBe(200);
    expect(list.body.posts).toEqual([
      {
        id: postId,
        content: expect.stringMatching(/^Cheap roofing/),
        userId: ana.userId,
        riskLevel: "low",
        moderationFlags: [],
      },
    ]);
    const banned = await call(admin.as, "DELETE", `/api/admin/posts/${postId}/ban-user`);
    expect(banned).toEqual({ status: 200, body: { message: AdminCopy.banned } });
    expect((await t.run((ctx) => ctx.db.get("users", ana.userId)))?.bannedAt).toBeTypeOf("number");
    expect((await call(admin.as, "GET", "/api/admin/posts")).body.posts).toEqual([]);
  });
});
