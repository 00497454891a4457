import { describe, expect, it } from "vitest";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { insertUser, newTest } from "../test.setup";
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
