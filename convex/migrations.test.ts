// The one-off migrations (migrations.ts) run through @convex-dev/migrations: to completion over
// data an older version left, once, and from where they stopped.
import { describe, expect, test } from "vitest";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { migrations } from "./migrations";
import { fileBlob, newTest, type TestConvex } from "./test.setup";

const settle = (t: TestConvex) => t.finishAllScheduledFunctions(() => {});
const statusOf = (t: TestConvex) => t.run((ctx) => migrations.getStatus(ctx, { limit: 20 }));
const homeownersWithoutText = (t: TestConvex, n: number) =>
  t.run(async (ctx) => {
    const ids: Id<"users">[] = [];
    for (let i = 0; i < n; i++)
      ids.push(await ctx.db.insert("users", { firstName: `Lee${i}`, lastName: "Marsh", userType: "homeowner" }));
    return ids;
  });
const texts = (t: TestConvex, ids: Id<"users">[]) =>
  t.run(async (ctx) => Promise.all(ids.map(async (id) => (await ctx.db.get("users", id))!.directoryText ?? null)));

describe("migrations", () => {
  test("runAll runs every migration to completion, and a second run does nothing", async () => {
    const t = newTest();
    const homeowners = await homeownersWithoutText(t, 3);
    const spammer = await t.run((ctx) =>
      ctx.db.insert("users", { firstName: "Fake", lastName: "Person", email: "spam@example.com" }),
    );
    const avatar = await t.run((ctx) => ctx.storage.store(fileBlob(1000, "image/png")));
    await t.run((ctx) => ctx.db.patch("users", homeowners[0]!, { imageStorageId: avatar }));

    await t.mutation(internal.migrations.runAll, {});
    await settle(t);

    expect(await texts(t, homeowners)).toEqual(["Lee0 Marsh", "Lee1 Marsh", "Lee2 Marsh"]);
    const suspect = await t.run((ctx) =>
      ctx.db
        .query("suspects")
        .withIndex("by_userId", (q) => q.eq("userId", spammer))
        .unique(),
    );
    expect(suspect).not.toBeNull();
    const files = await t.run((ctx) => ctx.db.query("files").take(10));
    expect(files.map((f) => [f.storageId, f.uploaderId, f.purpose])).toEqual([[avatar, homeowners[0], "avatar"]]);
    const status = await statusOf(t);
    expect(status.map((s) => [s.name, s.state, s.isDone]).sort()).toEqual(
      [
        ...[
          "completionRequested",
          "homeownerText",
          "suspiciousPatterns",
          "legacyAvatars",
          "legacyPortfolioFiles",
          "clearMoveSweeps",
        ].map((name) => `migrations:${name}`),
        ...["postLikes", "commentLikes", "follows", "tagUsage", "jobCounts", "insightDays"].map(
          (name) => `counterBackfill:${name}`,
        ),
      ]
        .map((name) => [name, "success", true])
        .sort(),
    );

    // Again (a second deploy's upgrade step): every migration is done already, nothing is written.
    const processed = status.map((s) => s.processed);
    await t.mutation(internal.migrations.runAll, {});
    await settle(t);
    expect((await statusOf(t)).map((s) => s.processed)).toEqual(processed);
    expect(await t.run((ctx) => ctx.db.query("files").take(10))).toHaveLength(1);
  });

  test("a migration that stopped part-way resumes from its last batch", async () => {
    const t = newTest();
    const homeowners = await homeownersWithoutText(t, 5);
    // Its first batch of two, then it is stopped (as a failed batch or a cancel would).
    await t.mutation(internal.migrations.run, { fn: "migrations:homeownerText", batchSize: 2 });
    await t.run((ctx) => migrations.cancel(ctx, internal.migrations.homeownerText));
    await settle(t);
    expect((await texts(t, homeowners)).filter((x) => x !== null)).toHaveLength(2);
    const [stopped] = await t.run((ctx) =>
      migrations.getStatus(ctx, { migrations: [internal.migrations.homeownerText] }),
    );
    expect(stopped).toMatchObject({ isDone: false, state: "canceled", processed: 2 });

    // Run again, no cursor: it carries on from where it stopped, to the end.
    await t.mutation(internal.migrations.run, { fn: "migrations:homeownerText", batchSize: 2 });
    await settle(t);
    expect(await texts(t, homeowners)).toEqual(homeowners.map((_, i) => `Lee${i} Marsh`));
    const [done] = await t.run((ctx) => migrations.getStatus(ctx, { migrations: [internal.migrations.homeownerText] }));
    expect(done).toMatchObject({ isDone: true, state: "success", processed: 5 });
  });
});
