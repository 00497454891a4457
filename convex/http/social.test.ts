// REST routes for reactions (spec §7 POST /api/social/posts/{id}/like, GET /api/social/notifications), through the real router.
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { newTest, owner, pro, setupEnv, useFakeTime, type TestConvex } from "../test.setup";
import { insertTestPost, settleCounts } from "../social/social.setup";

beforeAll(setupEnv);

const call = (who: Pick<TestConvex, "fetch">, method: string, path: string, body?: unknown) =>
  who.fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });

afterEach(() => vi.useRealTimers());

describe("POST /api/social/posts/{id}/like", () => {
  test("likes, changes type, takes back; no likeType is a plain like", async () => {
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const bo = await pro(t, { firstName: "Bo", lastName: "Lane" });
    const postId = await insertTestPost(t, ana.userId);
    const like = (path = `/api/social/posts/${postId}/like`, body?: unknown) => call(bo.as, "POST", path, body);
    const first = await like(undefined, { likeType: "like" });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ liked: true, likeType: "like", likesCount: 1 });
    expect(await (await like(undefined, { likeType: "inspiring" })).json()).toEqual({
      liked: true,
      likeType: "inspiring",
      likesCount: 1,
    });
    expect(await (await like(undefined, { likeType: "inspiring" })).json()).toEqual({
      liked: false,
      likeType: null,
      likesCount: 0,
    });
    expect(await (await like(undefined, {})).json()).toEqual({ liked: true, likeType: "like", likesCount: 1 });
    expect((await like()).status).toBe(400);
  });

  test("refusals: no token 401, bad type or id 400, unknown sub-path or hidden post 404", async () => {
    const t = newTest();
    const ana = await owner(t);
    const bo = await pro(t);
    const postId = await insertTestPost(t, ana.userId);
    const hidden = await insertTestPost(t, ana.userId, { visible: false, moderationStatus: "flagged" });
    expect((await call(t, "POST", `/api/social/posts/${postId}/like`, { likeType: "like" })).status).toBe(401);
    const badType = await call(bo.as, "POST", `/api/social/posts/${postId}/like`, { likeType: "love" });
    expect(badType.status).toBe(400);
    expect(await badType.json()).toMatchObject({ message: "likeType must be one of like, helpful, inspiring" });
    expect((await call(bo.as, "POST", `/api/social/posts/${postId}/like`, { likeType: 3 })).status).toBe(400);
    expect((await call(bo.as, "POST", `/api/social/posts/${postId}/like`, "{broken")).status).toBe(400);
    expect((await call(bo.as, "POST", "/api/social/posts/zzz/like", {})).status).toBe(400);
    expect((await call(bo.as, "POST", `/api/social/posts/${postId}/share`, {})).status).toBe(404);
    const gone = await call(bo.as, "POST", `/api/social/posts/${hidden}/like`, {});
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ message: "Post not found" });
  });
});

describe("GET /api/social/notifications", () => {
  test("the social kinds only, newest first, in the spec's shape, likes collapsed, paged", async () => {
    // The collapsed notification's count is refreshed by a scheduled job (settleCounts).
    useFakeTime();
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const bo = await pro(t, { firstName: "Bo", lastName: "Lane", businessName: "Lane Electric" });
    const cy = await pro(t, { firstName: "Cy", lastName: "Park" });
    const postId = await insertTestPost(t, ana.userId);
    await call(bo.as, "POST", `/api/social/posts/${postId}/like`, {});
    await call(cy.as, "POST", `/api/social/posts/${postId}/like`, { likeType: "helpful" });
    await settleCounts(t);
    // A general kind is not listed here.
    await call(bo.as, "POST", "/api/messages", { receiverId: ana.userId, content: "Hi Ana" });
    const response = await call(ana.as, "GET", "/api/social/notifications");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { notifications: Record<string, unknown>[]; nextCursor: string | null };
    expect(body.nextCursor).toBeNull();
    expect(body.notifications).toHaveLength(1);
    expect(body.notifications[0]).toMatchObject({
      userId: ana.userId,
      actorId: cy.userId,
      type: "like",
      entityType: "post",
      entityId: postId,
      title: "Cy Park and 1 other liked your post",
      actorCount: 2,
      isRead: false,
      actor: { firstName: "Cy", lastName: "Park", businessName: null, profileImageUrl: null },
    });

    await call(bo.as, "POST", "/api/messages", { receiverId: ana.userId, content: "again" });
    await t.run(async (ctx) => {
      for (const type of ["follow", "comment", "mention"] as const) {
        await ctx.db.insert("notifications", { userId: ana.userId, type, title: type, content: type, read: false });
      }
    });
    const page1 = (await (await call(ana.as, "GET", "/api/social/notifications?limit=2")).json()) as {
      notifications: { type: string }[];
      nextCursor: string | null;
    };
    expect(page1.notifications.map((n) => n.type)).toEqual(["mention", "comment"]);
    const page2 = (await (
      await call(ana.as, "GET", `/api/social/notifications?limit=2&cursor=${page1.nextCursor}`)
    ).json()) as {
      notifications: { type: string }[];
      nextCursor: string | null;
    };
    expect(page2.notifications.map((n) => n.type)).toEqual(["follow", "like"]);
    expect((await call(t, "GET", "/api/social/notifications")).status).toBe(401);
  });
});
