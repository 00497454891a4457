// Issue 29, the Low findings on limits: rate limits on social and scrap actions, mentions told
// once, reports counted once toward suspicion, password guessing in settings and across sources,
// the profiles:list page cap, and a change request's reason kept to the job's parties.
import { beforeAll, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { MAX_PAGE_SIZE } from "./model/paging";
import { bid, createUser, newTest, owner, pro, project, setupEnv, withoutPayment, type TestConvex } from "./test.setup";

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
