import { afterEach, describe, expect, test, vi } from "vitest";
import { MESSAGE_MAX_LENGTH, MESSAGE_RATE_LIMIT, TYPING_TTL_MS } from "../common/messages";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { MAX_PAGE_SIZE } from "./model/paging";
import { createUser, newTest, type TestConvex } from "./test.setup";
import { adjustUserCounts, userCountsOf } from "./model/counters";

const page = { numItems: 20, cursor: null };

async function unreadOf(t: TestConvex, userId: Id<"users">) {
  const counts = await t.run(async (ctx) => userCountsOf(ctx, (await ctx.db.get("users", userId))!));
  return { messages: counts.unreadMessages, notifications: counts.unreadNotifications };
}

describe("messages", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("a message reaches the other side's thread and inbox; opening the thread reads it and shows Seen", async () => {
    const t = newTest();
    const a = await createUser(t, { firstName: "Ada" });
    const b = await createUser(t, { firstName: "Bo" });
    await a.as.mutation(api.messages.send, { receiverId: b.userId, content: "  Hello Bo  " });
    const inbox = await b.as.query(api.messages.inbox, { paginationOpts: page });
    expect(inbox.page).toHaveLength(1);
    expect(inbox.page[0]).toMatchObject({ lastMessage: "Hello Bo", unread: 1, lastFromMe: false });
    expect(inbox.page[0]!.other._id).toBe(a.userId);
    expect(await unreadOf(t, b.userId)).toEqual({ messages: 1, notifications: 1 });
    const thread = await b.as.query(api.messages.thread, { otherUserId: a.userId, paginationOpts: page });
    expect(thread.page.map((m) => [m.content, m.mine])).toEqual([["Hello Bo", false]]);
    expect((await a.as.query(api.messages.threadInfo, { otherUserId: b.userId }))!.otherReadAt).toBeNull();

    await b.as.mutation(api.messages.markRead, { otherUserId: a.userId });
    // Reading the thread also reads its "new message" notification.
    expect(await unreadOf(t, b.userId)).toEqual({ messages: 0, notifications: 0 });
    expect((await b.as.query(api.messages.inbox, { paginationOpts: page })).page[0]!.unread).toBe(0);
    const seen = (await a.as.query(api.messages.threadInfo, { otherUserId: b.userId }))!.otherReadAt;
    expect(seen).toBeGreaterThan(0);
  });

  test("unread counts stay exact under interleaved sends and reads", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    const c = await createUser(t);
    for (let i = 0; i < 5; i++) {
      await a.as.mutation(api.messages.send, { receiverId: b.userId, content: `a${i}` });
      await c.as.mutation(api.messages.send, { receiverId: b.userId, content: `c${i}` });
      if (i === 2) await b.as.mutation(api.messages.markRead, { otherUserId: a.userId });
    }
    expect((await unreadOf(t, b.userId)).messages).toBe(2 + 5);
    // A reply is a read too.
    await b.as.mutation(api.messages.send, { receiverId: c.userId, content: "hi c" });
    expect((await unreadOf(t, b.userId)).messages).toBe(2);
    expect((await unreadOf(t, c.userId)).messages).toBe(1);
    const rows = (await b.as.query(api.messages.inbox, { paginationOpts: page })).page;
    expect(rows.map((r) => [r.lastMessage, r.unread])).toEqual([
      ["hi c", 0],
      ["a4", 2],
    ]);
    // One unread notification per sender, however many messages.
    const notes = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", b.userId))
        .collect(),
    );
    expect(notes.filter((n) => n.type === "message" && !n.read)).toHaveLength(2);
    expect((await unreadOf(t, b.userId)).notifications).toBe(2);
  });

  test("a sender's unread notification is found however many newer ones the receiver has", async () => {
    const t = newTest();
    const a = await createUser(t, { firstName: "Ada" });
    const b = await createUser(t);
    await a.as.mutation(api.messages.send, { receiverId: b.userId, content: "first" });
    // More newer "new message" notifications than a recent-window lookup would look through.
    for (let i = 0; i < 25; i++) {
      const other = await createUser(t);
      await other.as.mutation(api.messages.send, { receiverId: b.userId, content: `from ${i}` });
    }
    await a.as.mutation(api.messages.send, { receiverId: b.userId, content: "second" });
    const fromAda = () =>
      t.run((ctx) =>
        ctx.db
          .query("notifications")
          .withIndex("by_userId_and_type_and_actorId_and_read", (q) =>
            q.eq("userId", b.userId).eq("type", "message").eq("actorId", a.userId).eq("read", false),
          )
          .collect(),
      );
    expect((await fromAda()).map((n) => n.content)).toEqual(["second"]);
    expect((await unreadOf(t, b.userId)).notifications).toBe(26);
    await b.as.mutation(api.messages.markRead, { otherUserId: a.userId });
    expect(await fromAda()).toEqual([]);
    expect((await unreadOf(t, b.userId)).notifications).toBe(25);
  });

  test("nobody reads or marks another user's conversation", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    const eve = await createUser(t);
    await a.as.mutation(api.messages.send, { receiverId: b.userId, content: "private" });
    // Eve's view of "the thread with a" is her own (empty) conversation with a.
    expect((await eve.as.query(api.messages.thread, { otherUserId: a.userId, paginationOpts: page })).page).toEqual([]);
    expect((await eve.as.query(api.messages.inbox, { paginationOpts: page })).page).toEqual([]);
    await eve.as.mutation(api.messages.markRead, { otherUserId: a.userId });
    expect((await unreadOf(t, b.userId)).messages).toBe(1);
    await expect(t.query(api.messages.inbox, { paginationOpts: page })).rejects.toThrow(/sign in/);
  });

  test("refuses empty, too long, self, unknown, blocked and too fast", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    await expect(a.as.mutation(api.messages.send, { receiverId: "", content: "hi" })).rejects.toThrow(/No recipient selected/);
    await expect(a.as.mutation(api.messages.send, { receiverId: b.userId, content: "   " })).rejects.toThrow(/enter a message/);
    await expect(
      a.as.mutation(api.messages.send, { receiverId: b.userId, content: "x".repeat(MESSAGE_MAX_LENGTH + 1) }),
    ).rejects.toThrow(/at most 2,000/);
    await expect(a.as.mutation(api.messages.send, { receiverId: a.userId, content: "me" })).rejects.toThrow(/yourself/);
    await expect(a.as.mutation(api.messages.send, { receiverId: "nope", content: "hi" })).rejects.toThrow(/could not be found/);
    await b.as.mutation(api.messages.setBlocked, { otherUserId: a.userId, blocked: true });
    await expect(a.as.mutation(api.messages.send, { receiverId: b.userId, content: "hi" })).rejects.toThrow(/can't send/);
    await b.as.mutation(api.messages.setBlocked, { otherUserId: a.userId, blocked: false });
    for (let i = 0; i < MESSAGE_RATE_LIMIT.max; i++) {
      await a.as.mutation(api.messages.send, { receiverId: b.userId, content: `m${i}` });
    }
    await expect(a.as.mutation(api.messages.send, { receiverId: b.userId, content: "one more" })).rejects.toThrow(
      /too quickly/,
    );
  });

  test("the typing indicator shows, then expires by itself", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    await a.as.mutation(api.messages.setTyping, { otherUserId: b.userId, typing: true });
    expect((await b.as.query(api.messages.threadInfo, { otherUserId: a.userId }))!.otherTyping).toBe(true);
    vi.advanceTimersByTime(TYPING_TTL_MS + 10);
    await t.finishInProgressScheduledFunctions();
    expect((await b.as.query(api.messages.threadInfo, { otherUserId: a.userId }))!.otherTyping).toBe(false);
    // Sending clears it at once.
    await a.as.mutation(api.messages.setTyping, { otherUserId: b.userId, typing: true });
    await a.as.mutation(api.messages.send, { receiverId: b.userId, content: "done typing" });
    expect((await b.as.query(api.messages.threadInfo, { otherUserId: a.userId }))!.otherTyping).toBe(false);
  });

  test("typing is one row per conversation and user, with at most one scheduled cleanup however many keystrokes", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    const scheduledCount = async () => (await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect())).length;
    for (let i = 0; i < 40; i++) {
      await a.as.mutation(api.messages.setTyping, { otherUserId: b.userId, typing: true });
      vi.advanceTimersByTime(50);
    }
    expect(await t.run((ctx) => ctx.db.query("typing").collect())).toHaveLength(1);
    expect(await scheduledCount()).toBe(1);
    expect((await b.as.query(api.messages.threadInfo, { otherUserId: a.userId }))!.otherTyping).toBe(true);
    // The cleanup comes while typing went on: it schedules itself once more, for the new expiry.
    vi.advanceTimersByTime(TYPING_TTL_MS - 2000 + 1);
    await t.finishInProgressScheduledFunctions();
    expect(await scheduledCount()).toBe(2);
    expect((await b.as.query(api.messages.threadInfo, { otherUserId: a.userId }))!.otherTyping).toBe(true);
    // A stale row reads as not typing even before its cleanup runs.
    await t.run(async (ctx) => {
      const row = (await ctx.db.query("typing").first())!;
      await ctx.db.patch(row._id, { expiresAt: Date.now() - 1 });
    });
    expect((await b.as.query(api.messages.threadInfo, { otherUserId: a.userId }))!.otherTyping).toBe(false);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await t.run((ctx) => ctx.db.query("typing").collect())).toHaveLength(0);
  });
});

describe("notifications", () => {
  test("listed by tab; marked read, all read and deleted only by their owner, with an exact unread count", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    await a.as.mutation(api.messages.send, { receiverId: b.userId, content: "hello" });
    await t.run(async (ctx) => {
      for (const type of ["job", "connection", "follow", "system"] as const) {
        await ctx.db.insert("notifications", { userId: b.userId, type, title: type, content: type, read: false });
      }
      await adjustUserCounts(ctx, b.userId, { unreadNotifications: 4 });
    });
    const tab = async (name: "all" | "messages" | "jobs" | "network" | "system") =>
      (await b.as.query(api.notifications.list, { tab: name, paginationOpts: page })).page.map((n) => n.type);
    expect(await tab("all")).toHaveLength(5);
    expect(await tab("messages")).toEqual(["message"]);
    expect(await tab("network")).toEqual(["follow", "connection"]);
    const [first] = (await b.as.query(api.notifications.list, { paginationOpts: page })).page;

    await expect(a.as.mutation(api.notifications.markRead, { id: first!._id })).rejects.toThrow(/not found/);
    await expect(a.as.mutation(api.notifications.remove, { id: first!._id })).rejects.toThrow(/not found/);
    expect(await a.as.query(api.notifications.unreadCount, {})).toBe(0);

    await b.as.mutation(api.notifications.markRead, { id: first!._id });
    await b.as.mutation(api.notifications.markRead, { id: first!._id });
    expect(await b.as.query(api.notifications.unreadCount, {})).toBe(4);
    await b.as.mutation(api.notifications.remove, { id: first!._id });
    expect(await b.as.query(api.notifications.unreadCount, {})).toBe(4);
    expect(await b.as.mutation(api.notifications.markAllRead, {})).toBe(4);
    expect(await b.as.query(api.notifications.unreadCount, {})).toBe(0);
    expect((await b.as.query(api.notifications.list, { paginationOpts: page })).page.every((n) => n.read)).toBe(true);
  });
});

test("every page is capped on the server, whatever the caller asks", async () => {
  const t = newTest();
  const a = await createUser(t);
  const b = await createUser(t);
  const key = a.userId < b.userId ? `${a.userId}|${b.userId}` : `${b.userId}|${a.userId}`;
  await t.run(async (ctx) => {
    for (let i = 0; i <= MAX_PAGE_SIZE; i++) {
      await ctx.db.insert("messages", { conversationKey: key, senderId: a.userId, receiverId: b.userId, content: `m${i}`, read: false });
      await ctx.db.insert("notifications", { userId: b.userId, type: "job", title: "t", content: "c", read: false });
      const other = await ctx.db.insert("users", { email: `x${i}@example.com` });
      await ctx.db.insert("conversations", { key: `${i}`, userId: b.userId, otherUserId: other, lastMessage: "hi", lastSenderId: other, lastMessageAt: i, unread: 0 });
    }
  });
  const huge = { numItems: 100_000, cursor: null };
  expect((await b.as.query(api.messages.thread, { otherUserId: a.userId, paginationOpts: huge })).page).toHaveLength(MAX_PAGE_SIZE);
  expect((await b.as.query(api.messages.inbox, { paginationOpts: huge })).page).toHaveLength(MAX_PAGE_SIZE);
  expect((await b.as.query(api.notifications.list, { paginationOpts: huge })).page).toHaveLength(MAX_PAGE_SIZE);
  expect((await b.as.query(api.notifications.list, { tab: "jobs", paginationOpts: huge })).page).toHaveLength(MAX_PAGE_SIZE);
});

describe("notification emails", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });
  async function outbox(t: TestConvex) {
    return await t.run((ctx) => ctx.db.query("emailOutbox").collect());
  }

  test("by preference: email now, daily digest (one email per user), or off", async () => {
    const { setupEnv, useOutbox } = await import("./test.setup");
    await setupEnv();
    const t = newTest();
    useOutbox(t);
    const a = await createUser(t, { firstName: "Ada" });
    const b = await createUser(t, { firstName: "Bo", email: "bo@example.com" });
    // Defaults: messages go to the digest.
    expect(await b.as.query(api.notifications.preferences, {})).toMatchObject({ message: "digest", job: "email" });
    await a.as.mutation(api.messages.send, { receiverId: b.userId, content: "first" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await outbox(t)).toHaveLength(0);
    await t.mutation(internal.notificationDigest.send, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const digest = await outbox(t);
    expect(digest.map((e) => [e.to, e.kind])).toEqual([["bo@example.com", "notification_digest"]]);
    expect(digest[0]!.text).toContain("first");
    // Nothing pending any more: a second run sends nothing.
    await t.mutation(internal.notificationDigest.send, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await outbox(t)).toHaveLength(1);

    await b.as.mutation(api.notifications.setPreference, { kind: "message", mode: "email" });
    await b.as.mutation(api.notifications.markAllRead, {});
    await a.as.mutation(api.messages.send, { receiverId: b.userId, content: "second" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await outbox(t)).map((e) => e.kind)).toEqual(["notification_digest", "notification_message"]);

    await b.as.mutation(api.notifications.setPreference, { kind: "message", mode: "off" });
    await a.as.mutation(api.messages.send, { receiverId: b.userId, content: "third" });
    await t.mutation(internal.notificationDigest.send, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await outbox(t)).toHaveLength(2);
  });
});
