// REST routes for messages and notifications (spec §7) through the real router.
// convex-test takes the caller's identity from `withIdentity`.
import { describe, expect, test } from "vitest";
import { createUser, newTest, type TestConvex } from "../test.setup";
import { adjustUserCounts } from "../model/counters";

type Fetcher = Pick<TestConvex, "fetch">;
const call = (who: Fetcher, method: string, path: string, body?: unknown) =>
  who.fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });

describe("messages over REST", () => {
  test("send, list conversations and read the thread; a caller only sees their own", async () => {
    const t = newTest();
    const a = await createUser(t, { firstName: "Ada" });
    const b = await createUser(t, { firstName: "Bo" });
    const sent = await call(a.as, "POST", "/api/messages", { receiverId: b.userId, content: "Hi Bo" });
    expect(sent.status).toBe(201);

    const list = await call(b.as, "GET", `/api/messages/user/${b.userId}`);
    expect(list.status).toBe(200);
    const { conversations } = (await list.json()) as { conversations: Record<string, unknown>[] };
    expect(conversations).toEqual([
      expect.objectContaining({ userId: a.userId, firstName: "Ada", unreadCount: 1, lastMessage: expect.objectContaining({ content: "Hi Bo" }) }),
    ]);
    const thread = await call(b.as, "GET", `/api/messages/${b.userId}/${a.userId}`);
    expect(((await thread.json()) as { messages: { content: string }[] }).messages.map((m) => m.content)).toEqual(["Hi Bo"]);

    expect((await call(a.as, "GET", `/api/messages/user/${b.userId}`)).status).toBe(403);
    expect((await call(a.as, "GET", `/api/messages/${b.userId}/${a.userId}`)).status).toBe(403);
    expect((await call(t, "GET", "/api/messages")).status).toBe(401);
  });

  test("bad input is a 400 with the product's message, never a 500", async () => {
    const t = newTest();
    const a = await createUser(t);
    const noRecipient = await call(a.as, "POST", "/api/messages", { content: "hello" });
    expect(noRecipient.status).toBe(400);
    expect(((await noRecipient.json()) as { message: string }).message).toBe("No recipient selected");
    expect((await call(a.as, "POST", "/api/messages", "{not json")).status).toBe(400);
    expect((await call(a.as, "POST", "/api/messages", { receiverId: 12, content: ["x"] })).status).toBe(400);
    // A malformed id is bad input (400); a well-formed id of no one is a 404.
    expect((await call(a.as, "POST", "/api/messages", { receiverId: "nobody", content: "hi" })).status).toBe(400);
    const gone = await t.run(async (ctx) => {
      const id = await ctx.db.insert("users", { email: "gone@example.com" });
      await ctx.db.delete("users", id);
      return id;
    });
    expect((await call(a.as, "POST", "/api/messages", { receiverId: gone, content: "hi" })).status).toBe(404);
  });
});

describe("notifications over REST", () => {
  test("list by type, mark one and all read, delete; others' ids are 404", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    await call(a.as, "POST", "/api/messages", { receiverId: b.userId, content: "ping" });
    await t.run(async (ctx) => {
      await ctx.db.insert("notifications", { userId: b.userId, type: "job", title: "Bid", content: "New bid", read: false });
      await ctx.db.insert("notifications", { userId: b.userId, type: "like", title: "Like", content: "liked", read: false });
      await adjustUserCounts(ctx, b.userId, { unreadNotifications: 2 });
    });
    type List = { notifications: { id: string; type: string; read: boolean }[] };
    const all = (await (await call(b.as, "GET", "/api/notifications")).json()) as List;
    expect(all.notifications.map((n) => n.type)).toEqual(["like", "job", "message"]);
    const jobs = (await (await call(b.as, "GET", "/api/notifications?type=job")).json()) as List;
    expect(jobs.notifications.map((n) => n.type)).toEqual(["job"]);
    expect((await call(b.as, "GET", "/api/notifications?type=bogus")).status).toBe(400);
    const social = (await (await call(b.as, "GET", "/api/social/notifications")).json()) as { notifications: { id: string }[] };
    expect(social.notifications).toHaveLength(1);

    const jobId = jobs.notifications[0]!.id;
    expect((await call(a.as, "PATCH", `/api/notifications/${jobId}/read`)).status).toBe(404);
    expect((await call(a.as, "DELETE", `/api/notifications/${jobId}`)).status).toBe(404);
    expect((await call(b.as, "PATCH", `/api/notifications/${jobId}/read`)).status).toBe(200);
    expect((await call(b.as, "PUT", "/api/social/notifications/read", { notificationIds: [social.notifications[0]!.id] })).status).toBe(200);
    const markAll = await call(b.as, "PATCH", "/api/notifications/mark-all-read");
    expect(await markAll.json()).toMatchObject({ message: "All notifications marked as read", count: 1 });
    expect((await call(b.as, "DELETE", `/api/notifications/${jobId}`)).status).toBe(200);
    const after = (await (await call(b.as, "GET", "/api/notifications")).json()) as List;
    expect(after.notifications.map((n) => [n.type, n.read])).toEqual([
      ["like", true],
      ["message", true],
    ]);
    expect((await call(b.as, "PUT", "/api/social/notifications/read", { notificationIds: "x" })).status).toBe(400);
    expect((await call(t, "GET", "/api/notifications")).status).toBe(401);
  });

  test("malformed ids and garbage cursors are 400s, not 200s or 500s", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    for (const path of [
      "/api/messages?cursor=garbage",
      `/api/messages/${a.userId}/${b.userId}?cursor=zzz`,
      "/api/notifications?cursor=%00%FF",
      "/api/social/notifications?cursor=garbage",
      `/api/messages/user/zzz`,
      `/api/messages/${a.userId}/zzz`,
    ]) {
      const r = await call(a.as, "GET", path);
      expect(r.status, path).toBe(400);
      expect(((await r.json()) as { message: string }).message, path).toMatch(/^Invalid /);
    }
    expect((await call(a.as, "PATCH", "/api/notifications/zzz/read")).status).toBe(400);
    expect((await call(a.as, "DELETE", "/api/notifications/zzz")).status).toBe(400);
    expect((await call(a.as, "PUT", "/api/social/notifications/read", { notificationIds: ["zzz"] })).status).toBe(400);
  });
});
