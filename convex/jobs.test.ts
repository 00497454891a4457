import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { newTest, type TestConvex, createPerson } from "./test.setup";

const AUSTIN = { city: "Austin", state: "TX", zipCode: "78701" };
const DALLAS = { city: "Dallas", state: "TX", zipCode: "75201" };

function project(overrides: Record<string, unknown> = {}) {
  return {
    title: "Replace kitchen outlets",
    description: "Six outlets in the kitchen need GFCI replacements.",
    category: "electrical",
    propertyType: "single_family",
    location: "Austin, TX",
    zipCode: "78701",
    urgency: "high",
    budget: "$500-1500",
    requirements: "Licensed electrician\nBring your own tools",
    ...overrides,
  };
}

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
function bid(overrides: Record<string, unknown> = {}) {
  return { priceMin: 900, message: "I can do this next week.", earliestStart: tomorrow, estimatedDuration: "1 day", ...overrides };
}

/** A user with a location and service areas, as sign-up and profession setup leave them. */
const person = createPerson;
const owner = (t: TestConvex, f: Record<string, unknown> = {}) => person(t, { userType: "homeowner", firstName: "Olive", ...f });
const pro = (t: TestConvex, f: Record<string, unknown> = {}) =>
  person(t, {
    userType: "professional",
    firstName: "Pat",
    professions: ["electrician"],
    primaryProfession: "electrician",
    professionalCategories: ["construction_renovation"],
    ...f,
  });

async function jobDoc(t: TestConvex, jobId: Id<"jobs">) {
  return (await t.run((ctx) => ctx.db.get(jobId)))!;
}
async function userDoc(t: TestConvex, userId: Id<"users">) {
  return (await t.run((ctx) => ctx.db.get(userId)))!;
}
async function notificationsOf(t: TestConvex, userId: Id<"users">) {
  return await t.run((ctx) =>
    ctx.db
      .query("notifications")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .collect(),
  );
}

/** Owner posts, pro bids, owner accepts: a job in `assigned`. */
async function assignedJob(t: TestConvex) {
  const o = await owner(t);
  const p = await pro(t);
  const jobId = await o.as.mutation(api.jobs.create, project());
  const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid() });
  await o.as.mutation(api.bids.accept, { bidId });
  return { o, p, jobId, bidId };
}

describe("posting a project", () => {
  test("creates an available job located by its ZIP code, with its history and counts", async () => {
    const t = newTest();
    const o = await owner(t);
    const jobId = await o.as.mutation(api.jobs.create, project());
    const job = await jobDoc(t, jobId);
    expect(job).toMatchObject({
      status: "available",
      customerId: o.userId,
      urgencyRank: 3,
      budgetMax: 1500,
      requirements: ["Licensed electrician", "Bring your own tools"],
      photoStatus: "not_requested",
      activeBidCount: 0,
    });
    expect(job.lat).toBeCloseTo(30.27, 1);
    expect(job).toMatchObject({ city: "Austin", state: "TX" }); // from the ZIP
    expect(job.geohash).toMatch(/^9v6/);
    const page = await o.as.query(api.jobs.browse.list, { paginationOpts: { numItems: 10, cursor: null } });
    expect(page.total).toBe(1);
    expect(page.page[0]!._id).toBe(jobId);
  });

  test("refuses bad input with the spec's messages, on the server", async () => {
    const t = newTest();
    const o = await owner(t);
    await expect(o.as.mutation(api.jobs.create, project({ title: "  " }))).rejects.toThrow(/Title is required/);
    await expect(o.as.mutation(api.jobs.create, project({ description: "short" }))).rejects.toThrow(
      /Description must be at least 10 characters/,
    );
    await expect(o.as.mutation(api.jobs.create, project({ category: "" }))).rejects.toThrow(/Category is required/);
    await expect(o.as.mutation(api.jobs.create, project({ propertyType: "castle" }))).rejects.toThrow(
      /Property type is required/,
    );
    await expect(o.as.mutation(api.jobs.create, project({ location: "" }))).rejects.toThrow(/Location is required/);
    await expect(o.as.mutation(api.jobs.create, project({ zipCode: "00000" }))).rejects.toThrow(/couldn't find that ZIP/);
    await expect(o.as.mutation(api.jobs.create, project({ zipCode: "7870" }))).rejects.toThrow(/valid 5-digit ZIP/);
  });

  test("refuses anonymous callers", async () => {
    const t = newTest();
    await expect(t.mutation(api.jobs.create, project())).rejects.toThrow(/sign in/);
  });
});

describe("bids", () => {
  test("only professionals bid, never on their own job, once per job", async () => {
    const t = newTest();
    const o = await owner(t);
    const p = await pro(t);
    const other = await owner(t);
    const jobId = await o.as.mutation(api.jobs.create, project());
    await expect(other.as.mutation(api.bids.place, { jobId, ...bid() })).rejects.toThrow(/Only professionals can bid/);
    const ownJob = await p.as.mutation(api.jobs.create, project());
    await expect(p.as.mutation(api.bids.place, { jobId: ownJob, ...bid() })).rejects.toThrow(/your own job/);
    await p.as.mutation(api.bids.place, { jobId, ...bid() });
    await expect(p.as.mutation(api.bids.place, { jobId, ...bid() })).rejects.toThrow(/already have a bid/);
  });

  test("the first bid moves the job to quote_requested and tells the owner; withdrawing the last moves it back", async () => {
    const t = newTest();
    const o = await owner(t);
    const p = await pro(t);
    const jobId = await o.as.mutation(api.jobs.create, project());
    const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid() });
    expect(await jobDoc(t, jobId)).toMatchObject({ status: "quote_requested", activeBidCount: 1 });
    const notes = await notificationsOf(t, o.userId);
    expect(notes.map((n) => n.title)).toEqual(["New bid"]);
    expect((await userDoc(t, o.userId)).unreadNotifications).toBe(1);

    await p.as.mutation(api.bids.update, { bidId, ...bid({ priceMin: 800, priceMax: 1000 }) });
    const view = await o.as.query(api.jobs.get, { jobId });
    expect(view!.bids[0]).toMatchObject({ priceMin: 800, priceMax: 1000, status: "active" });

    await p.as.mutation(api.bids.withdraw, { bidId });
    expect(await jobDoc(t, jobId)).toMatchObject({ status: "available", activeBidCount: 0 });
    await expect(p.as.mutation(api.bids.update, { bidId, ...bid() })).rejects.toThrow(/can no longer be changed/);
    // A withdrawn bid does not block a new one.
    await p.as.mutation(api.bids.place, { jobId, ...bid() });
  });

  test("bad bids are refused with clear messages", async () => {
    const t = newTest();
    const o = await owner(t);
    const p = await pro(t);
    const jobId = await o.as.mutation(api.jobs.create, project());
    await expect(p.as.mutation(api.bids.place, { jobId, ...bid({ priceMin: 0 }) })).rejects.toThrow(/price between/);
    await expect(p.as.mutation(api.bids.place, { jobId, ...bid({ priceMax: 100 }) })).rejects.toThrow(
      /highest price must not be below/,
    );
    await expect(p.as.mutation(api.bids.place, { jobId, ...bid({ message: " " }) })).rejects.toThrow(/short message/);
    await expect(p.as.mutation(api.bids.place, { jobId, ...bid({ earliestStart: "2020-01-01" }) })).rejects.toThrow(
      /can't be in the past/,
    );
  });

  test("only the owner accepts or declines; accepting hires, declines the rest and tells everyone", async () => {
    const t = newTest();
    const o = await owner(t);
    const p1 = await pro(t, { firstName: "Ana" });
    const p2 = await pro(t, { firstName: "Ben" });
    const p3 = await pro(t, { firstName: "Cy" });
    const jobId = await o.as.mutation(api.jobs.create, project());
    const b1 = await p1.as.mutation(api.bids.place, { jobId, ...bid() });
    const b2 = await p2.as.mutation(api.bids.place, { jobId, ...bid({ priceMin: 700 }) });
    const b3 = await p3.as.mutation(api.bids.place, { jobId, ...bid({ priceMin: 1200 }) });
    await expect(p2.as.mutation(api.bids.accept, { bidId: b2 })).rejects.toThrow(/Only the job's owner/);
    await o.as.mutation(api.bids.decline, { bidId: b3 });
    await o.as.mutation(api.bids.accept, { bidId: b1 });

    const job = await jobDoc(t, jobId);
    expect(job).toMatchObject({ status: "assigned", contractorId: p1.userId, acceptedPrice: 900, activeBidCount: 0 });
    const statuses = await t.run(async (ctx) => Promise.all([b1, b2, b3].map(async (id) => (await ctx.db.get(id))!.status)));
    expect(statuses).toEqual(["accepted", "declined", "declined"]);
    expect((await notificationsOf(t, p1.userId)).map((n) => n.title)).toEqual(["Bid accepted"]);
    expect((await notificationsOf(t, p2.userId)).map((n) => n.title)).toEqual(["Bid declined"]);
    expect((await userDoc(t, o.userId)).jobsPostedActive).toBe(1);
    expect((await userDoc(t, p1.userId)).jobsWorkingActive).toBe(1);
    // No second hire, and no more bids.
    await expect(o.as.mutation(api.bids.accept, { bidId: b2 })).rejects.toThrow(/can't be assigned again/);
    const late = await pro(t);
    await expect(late.as.mutation(api.bids.place, { jobId, ...bid() })).rejects.toThrow(/no longer taking bids/);
    // A professional sees only their own bid; the owner sees all.
    expect((await p2.as.query(api.jobs.get, { jobId }))!.bids).toEqual([]);
    expect((await o.as.query(api.jobs.get, { jobId }))!.bids).toHaveLength(3);
  });
});

describe("the job's life", () => {
  test("assigned -> in_progress -> marked done -> completed, each step by its side only", async () => {
    const t = newTest();
    const { o, p, jobId } = await assignedJob(t);
    await expect(o.as.mutation(api.jobs.act, { jobId, action: "start" })).rejects.toThrow(/Only the professional hired/);
    await expect(p.as.mutation(api.jobs.act, { jobId, action: "confirmCompletion" })).rejects.toThrow(/Only the job's owner/);
    await p.as.mutation(api.jobs.act, { jobId, action: "start" });
    expect((await jobDoc(t, jobId)).status).toBe("in_progress");
    // The owner can't confirm what the contractor has not marked done.
    await expect(o.as.mutation(api.jobs.act, { jobId, action: "confirmCompletion" })).rejects.toThrow(
      /not marked done yet can't be completed/,
    );
    await p.as.mutation(api.jobs.act, { jobId, action: "markDone" });
    await expect(p.as.mutation(api.jobs.act, { jobId, action: "markDone" })).rejects.toThrow(/already marked done/);
    expect((await o.as.query(api.jobs.get, { jobId }))!.actions).toEqual(["confirmCompletion"]);
    await o.as.mutation(api.jobs.act, { jobId, action: "confirmCompletion" });

    const job = await jobDoc(t, jobId);
    expect(job.status).toBe("completed");
    expect(job.completedAt).toBeGreaterThan(0);
    expect(await userDoc(t, o.userId)).toMatchObject({ jobsPostedActive: 0, jobsPostedCompleted: 1 });
    expect(await userDoc(t, p.userId)).toMatchObject({ jobsWorkingActive: 0, jobsWorkingCompleted: 1 });
    const stats = await p.as.query(api.dashboard.professional, {});
    expect(stats).toMatchObject({ activeJobs: 0, completedJobs: 1, thisMonth: 900 });
    const history = (await o.as.query(api.jobs.get, { jobId }))!.history.filter((h) => h.kind === "status");
    expect(history.map((h) => h.toStatus)).toEqual(["completed", "in_progress", "assigned", "available"]);
    // Nothing moves a completed job.
    for (const action of ["start", "markDone", "confirmCompletion", "cancel"] as const) {
      await expect(o.as.mutation(api.jobs.act, { jobId, action })).rejects.toThrow();
    }
  });

  test("the owner cancels before work starts, not after; open bids are closed and told", async () => {
    const t = newTest();
    const o = await owner(t);
    const p = await pro(t);
    const jobId = await o.as.mutation(api.jobs.create, project());
    await p.as.mutation(api.bids.place, { jobId, ...bid() });
    await expect(p.as.mutation(api.jobs.act, { jobId, action: "cancel" })).rejects.toThrow(/Only the job's owner/);
    await o.as.mutation(api.jobs.act, { jobId, action: "cancel" });
    expect(await jobDoc(t, jobId)).toMatchObject({ status: "cancelled", activeBidCount: 0 });
    expect((await notificationsOf(t, p.userId)).map((n) => n.title)).toEqual(["Job cancelled"]);

    const started = await assignedJob(t);
    await started.o.as.mutation(api.jobs.act, { jobId: started.jobId, action: "cancel" });
    expect(await userDoc(t, started.o.userId)).toMatchObject({ jobsPostedActive: 0 });

    const working = await assignedJob(t);
    await working.p.as.mutation(api.jobs.act, { jobId: working.jobId, action: "start" });
    await expect(working.o.as.mutation(api.jobs.act, { jobId: working.jobId, action: "cancel" })).rejects.toThrow(
      /in progress can't be cancelled/,
    );
  });

  test("a job that is not assigned can't be started", async () => {
    const t = newTest();
    const o = await owner(t);
    const jobId = await o.as.mutation(api.jobs.create, project());
    await expect(o.as.mutation(api.jobs.act, { jobId, action: "start" })).rejects.toThrow(/Only the professional hired/);
  });
});

describe("browsing", () => {
  async function seedJobs(t: TestConvex) {
    const o = await owner(t);
    const a = await o.as.mutation(api.jobs.create, project({ title: "Rewire the garage", budget: "$2,000", urgency: "low" }));
    const b = await o.as.mutation(
      api.jobs.create,
      project({ title: "Paint the fence", category: "painting", budget: "TBD", urgency: "urgent" }),
    );
    const c = await o.as.mutation(
      api.jobs.create,
      project({ title: "Dallas panel upgrade", zipCode: DALLAS.zipCode, location: "Dallas", budget: "$9000" }),
    );
    return { o, a, b, c };
  }
  const first = { numItems: 10, cursor: null };

  test("sorts by recency, budget and urgency on the server, with exact totals per filter", async () => {
    const t = newTest();
    const { o, a, b, c } = await seedJobs(t);
    const ids = async (args: Record<string, unknown>) =>
      (await o.as.query(api.jobs.browse.list, { paginationOpts: first, ...args })).page.map((j) => j._id);
    expect(await ids({})).toEqual([c, b, a]);
    expect(await ids({ sort: "budget" })).toEqual([c, a, b]);
    expect(await ids({ sort: "urgency" })).toEqual([b, c, a]);
    expect(await ids({ category: "painting" })).toEqual([b]);
    const filtered = await o.as.query(api.jobs.browse.list, { paginationOpts: first, category: "electrical", status: "available" });
    expect(filtered.total).toBe(2);
    expect(filtered.page.map((j) => j._id)).toEqual([c, a]);
  });

  test("distance: a ZIP filter keeps jobs within the radius, nearest first", async () => {
    const t = newTest();
    const { o, a, b, c } = await seedJobs(t);
    const near = await o.as.query(api.jobs.browse.list, { paginationOpts: first, zip: "78702", radius: 25 });
    expect(near.mode).toBe("distance");
    expect(new Set(near.page.map((j) => j._id))).toEqual(new Set([a, b]));
    const far = await o.as.query(api.jobs.browse.list, { paginationOpts: first, zip: "75202", radius: 10, sort: "location" });
    expect(far.page.map((j) => j._id)).toEqual([c]);
    expect(far.page[0]!.distanceMiles).toBeLessThan(10);
  });

  test("text search finds title and description words", async () => {
    const t = newTest();
    const { o, b } = await seedJobs(t);
    const found = await o.as.query(api.jobs.browse.list, { paginationOpts: first, q: "fence" });
    expect(found.page.map((j) => j._id)).toEqual([b]);
    expect(found.total).toBe(1);
  });

  test("Recommended: open jobs of the viewer's trades within their radius; Saved and Applied tabs", async () => {
    const t = newTest();
    const { a, c } = await seedJobs(t);
    const p = await pro(t, { preferredRadius: 30 });
    const rec = await p.as.query(api.jobs.browse.recommended, {});
    expect(rec.jobs.map((j) => j._id)).toEqual([a]); // painting is not their trade; Dallas is too far
    expect(await p.as.mutation(api.jobs.toggleSave, { jobId: c })).toBe(true);
    expect((await p.as.query(api.jobs.saved, { paginationOpts: first })).page.map((j) => j._id)).toEqual([c]);
    expect(await p.as.mutation(api.jobs.toggleSave, { jobId: c })).toBe(false);
    await p.as.mutation(api.bids.place, { jobId: a, ...bid() });
    const applied = await p.as.query(api.jobs.applied, { paginationOpts: first });
    expect(applied.page.map((r) => [r.job._id, r.bidStatus])).toEqual([[a, "active"]]);
  });

  test("refuses unknown filters", async () => {
    const t = newTest();
    await expect(t.query(api.jobs.browse.list, { paginationOpts: first, category: "spaceships" })).rejects.toThrow(
      /Unknown category/,
    );
  });
});

describe("quote requests and photographers", () => {
  const quote = {
    title: "Bathroom leak",
    description: "Water under the sink after every use.",
    category: "electrical_plumbing",
    propertyType: "residential_single_family",
    ...AUSTIN,
    state: "tx",
    budget: "$500-1500",
    urgency: "urgent",
  };

  test("a quote request becomes an open job routed to matching pros within their own radius, Available first", async () => {
    const t = newTest();
    const o = await owner(t);
    const near = await pro(t, { professions: ["plumber"] });
    const busy = await pro(t, { professions: ["plumber"], availabilityStatus: "busy" });
    const farAway = await pro(t, { professions: ["plumber"], ...DALLAS });
    const wideRadius = await pro(t, { professions: ["plumber"], ...DALLAS, preferredRadius: 100 });
    const otherTrade = await pro(t, { professions: ["painter"] });
    const result = await o.as.mutation(api.jobs.requestQuote, quote);
    expect(result.matched).toBe(2);
    const job = await jobDoc(t, result.jobId);
    expect(job).toMatchObject({ status: "available", source: "quote_request", state: "TX", location: "Austin, TX" });
    for (const [p, told] of [
      [near, true],
      [busy, true],
      [farAway, false],
      [wideRadius, false], // 182 miles: beyond even 100
      [otherTrade, false],
    ] as const) {
      expect((await notificationsOf(t, p.userId)).length).toBe(told ? 1 : 0);
    }
  });

  test("quote validation uses the spec's messages", async () => {
    const t = newTest();
    const o = await owner(t);
    await expect(o.as.mutation(api.jobs.requestQuote, { ...quote, title: "" })).rejects.toThrow(/Project title is required/);
    await expect(o.as.mutation(api.jobs.requestQuote, { ...quote, description: "leak" })).rejects.toThrow(
      /minimum 10 characters/,
    );
    await expect(o.as.mutation(api.jobs.requestQuote, { ...quote, budget: "" })).rejects.toThrow(/budget range/);
    await expect(o.as.mutation(api.jobs.requestQuote, { ...quote, urgency: "" })).rejects.toThrow(/project urgency/);
    await expect(o.as.mutation(api.jobs.requestQuote, { ...quote, state: "" })).rejects.toThrow(/State is required/);
    await expect(o.as.mutation(api.jobs.requestQuote, { ...quote, zipCode: "" })).rejects.toThrow(/ZIP code is required/);
  });

  test("photo requests go to nearby photographers; one takes it, then delivers", async () => {
    const t = newTest();
    const o = await owner(t);
    const photographer = await pro(t, { professions: ["photographer"], primaryProfession: "photographer" });
    const electrician = await pro(t);
    const jobId = await o.as.mutation(api.jobs.create, project({ photoRequired: true }));
    expect((await jobDoc(t, jobId)).photoStatus).toBe("requested");
    expect((await notificationsOf(t, photographer.userId)).map((n) => n.title)).toEqual(["Photographer requested"]);
    expect((await photographer.as.query(api.jobs.photos.nearby, {})).map((j) => j._id)).toEqual([jobId]);
    await expect(electrician.as.mutation(api.jobs.photos.take, { jobId })).rejects.toThrow(/Only photographers/);
    await photographer.as.mutation(api.jobs.photos.take, { jobId });
    expect(await jobDoc(t, jobId)).toMatchObject({ photoStatus: "scheduled", photographerId: photographer.userId });
    await expect(photographer.as.mutation(api.jobs.photos.take, { jobId })).rejects.toThrow(/no longer open/);
    await expect(electrician.as.mutation(api.jobs.photos.deliver, { jobId })).rejects.toThrow(/booked photographer/);
    await photographer.as.mutation(api.jobs.photos.deliver, { jobId });
    expect((await jobDoc(t, jobId)).photoStatus).toBe("delivered");
  });
});

describe("dashboards", () => {
  test("the customer's tiles are real counts", async () => {
    const t = newTest();
    const { o } = await assignedJob(t);
    await pro(t, { ...DALLAS });
    const tiles = await o.as.query(api.dashboard.customer, {});
    expect(tiles.activeProjects).toBe(1);
    expect(tiles.completedProjects).toBe(0);
    expect(tiles.nearbyPros).toEqual({ count: 1, capped: false }); // the Austin pro, not the Dallas one
    const recent = await o.as.query(api.dashboard.recentActivity, {});
    expect(recent[0]!.text).toMatch(/moved "Replace kitchen outlets" to assigned/);
  });
});
