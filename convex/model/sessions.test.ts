import { describe, expect, it, vi } from "vitest";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { api, internal } from "../_generated/api";
import crons from "../crons";
import { insertUser, newTest, signedIn, useFakeTime } from "../test.setup";
import { currentSessionId, endSession, endUserSessions, isSessionLive } from "./sessions";

async function addSession(ctx: MutationCtx, userId: Id<"users">, refreshTokens = 2) {
  const sessionId = await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 60_000 });
  for (let i = 0; i < refreshTokens; i++) {
    await ctx.db.insert("authRefreshTokens", { sessionId, expirationTime: Date.now() + 60_000 });
  }
  return sessionId;
}

const counts = (ctx: MutationCtx) =>
  Promise.all([ctx.db.query("authSessions").collect(), ctx.db.query("authRefreshTokens").collect()]).then(
    ([s, r]) => ({ sessions: s.length, refreshTokens: r.length }),
  );

describe("sessions", () => {
  it("endSession deletes the session and its refresh tokens only", async () => {
    const t = newTest();
    const userId = await insertUser(t);
    await t.run(async (ctx) => {
      const a = await addSession(ctx, userId, 3);
      await addSession(ctx, userId, 1);
      await endSession(ctx, a);
      expect(await counts(ctx)).toEqual({ sessions: 1, refreshTokens: 1 });
      await endSession(ctx, a); // already gone: no error
      expect(await isSessionLive(ctx, a)).toBe(false);
    });
  });

  it("endUserSessions ends all of one user's sessions except the kept one, and no one else's", async () => {
    const t = newTest();
    const userId = await insertUser(t);
    const other = { userId: await insertUser(t) };
    await t.run(async (ctx) => {
      const keep = await addSession(ctx, userId);
      for (let i = 0; i < 3; i++) await addSession(ctx, userId);
      await addSession(ctx, other.userId);
      expect(await endUserSessions(ctx, userId, { keep })).toBe(3);
      expect(await isSessionLive(ctx, keep)).toBe(true);
      expect(await counts(ctx)).toEqual({ sessions: 2, refreshTokens: 4 });
      expect(await endUserSessions(ctx, userId)).toBe(1);
      expect(await counts(ctx)).toEqual({ sessions: 1, refreshTokens: 2 });
    });
  });

  it("ends more sessions than one batch", async () => {
    const t = newTest();
    const userId = await insertUser(t);
    await t.run(async (ctx) => {
      for (let i = 0; i < 150; i++) await addSession(ctx, userId, 0);
      expect(await endUserSessions(ctx, userId)).toBe(150);
      expect((await counts(ctx)).sessions).toBe(0);
    });
  });

  it("currentSessionId reads the caller's session from the token subject", async () => {
    const t = newTest();
    const userId = await insertUser(t);
    const sessionId = await t.run((ctx) => addSession(ctx, userId));
    const seen = await t.withIdentity({ subject: `${userId}|${sessionId}` }).run((ctx) => currentSessionId(ctx));
    expect(seen).toBe(sessionId);
    expect(await t.run((ctx) => currentSessionId(ctx))).toBeNull();
    expect(await t.withIdentity({ subject: `${userId}|garbage` }).run((ctx) => currentSessionId(ctx))).toBeNull();
  });
});

describe("session expiry without a clock in queries", () => {
  /** Stacks of every Date.now() call while `run` runs. */
  async function clockReads(run: () => Promise<unknown>): Promise<string[]> {
    const RealDate = globalThis.Date;
    const reads: string[] = [];
    globalThis.Date = new Proxy(RealDate, {
      get: (target, key, receiver) =>
        key === "now"
          ? () => {
              reads.push(new Error().stack ?? "");
              return target.now();
            }
          : Reflect.get(target, key, receiver),
    });
    try {
      await run();
    } finally {
      globalThis.Date = RealDate;
    }
    return reads;
  }


  /** The app code that called Date.now() (the frame under the proxy's), for the failure message. */
  const callers = (stacks: string[]) => stacks.map((stack) => stack.split("\n")[2]?.trim() ?? stack);

  it("authenticated queries read no clock (Convex does not cache a query that calls Date.now())", async () => {
    const t = newTest();
    const userId = await insertUser(t);
    const { as } = await signedIn(t, userId);
    const reads = await clockReads(async () => {
      // The page's own viewer query (builder `query`) and the action builder's session check.
      expect((await as.query(api.users.viewer, {}))?._id).toBe(userId);
      expect(await as.query(internal.accounts.sessionViewerId, {})).toBe(userId);
    });
    expect(callers(reads)).toEqual([]);
  });

  it("a signed-out session is refused at once", async () => {
    const t = newTest();
    const userId = await insertUser(t);
    const { as } = await signedIn(t, userId);
    expect((await as.query(api.users.viewer, {}))?._id).toBe(userId);
    await as.mutation(api.settings.signOut, {});
    expect(await as.query(api.users.viewer, {})).toBeNull();
    expect(await as.query(internal.accounts.sessionViewerId, {})).toBeNull();
  });

  it("an expired session is ended by the minute's cron, with its refresh tokens; live ones stay", async () => {
    useFakeTime();
    try {
      const t = newTest();
      const userId = await insertUser(t);
      const [dueId, laterId] = await t.run(async (ctx) => [await addSession(ctx, userId), await addSession(ctx, userId)]);
      await t.run((ctx) => ctx.db.patch("authSessions", laterId, { expirationTime: Date.now() + 3_600_000 }));
      const due = t.withIdentity({ subject: `${userId}|${dueId}` });
      const later = t.withIdentity({ subject: `${userId}|${laterId}` });
      expect((await due.query(api.users.viewer, {}))?._id).toBe(userId);

      // Not yet due: the cron leaves it.
      expect(await t.mutation(internal.maintenance.endExpiredSessionRows, {})).toBe(0);
      vi.advanceTimersByTime(60_000);
      expect(await t.mutation(internal.maintenance.endExpiredSessionRows, {})).toBe(1);
      expect(await due.query(api.users.viewer, {})).toBeNull();
      expect((await later.query(api.users.viewer, {}))?._id).toBe(userId);
      expect(await t.run(counts)).toEqual({ sessions: 1, refreshTokens: 2 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("the cron runs every minute and ends a backlog in bounded batches", async () => {
    const job = Object.values((crons as unknown as { crons: Record<string, { name: string; schedule: object }> }).crons).find(
      (cron) => cron.name === "maintenance:endExpiredSessionRows",
    );
    expect(job?.schedule).toEqual({ type: "interval", minutes: 1 });

    useFakeTime();
    try {
      const t = newTest();
      const userId = await insertUser(t);
      await t.run(async (ctx) => {
        for (let i = 0; i < 25; i++) await addSession(ctx, userId, 1);
      });
      vi.advanceTimersByTime(60_001);
      expect(await t.mutation(internal.maintenance.endExpiredSessionRows, {})).toBe(10);
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      expect(await t.run(counts)).toEqual({ sessions: 0, refreshTokens: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});
