// Profiles, network, backup network and referrals, portfolio and reviews.
import { afterEach, describe, expect, test, vi } from "vitest";
import { Messages } from "../common/errors";
import { ProfileCopy, REFERRAL_POINTS, suggestionScore } from "../common/profile";
import { api } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import {
  canTransition,
  CONNECTION_TRANSITIONS,
  REQUEST_AFTER_DECLINE_MS,
  type ConnectionAction,
  type ConnectionStatus,
  type PairStatus,
} from "./model/network";
import { MAX_PAGE_SIZE } from "./model/paging";
import { limitFor } from "./model/rateLimit";
import { fileBlob, bid, newTest, owner, pro, project, userRow as user, type TestConvex, type TestMember, withoutPayment } from "./test.setup";
import { userCountsOf } from "./model/counters";

const [CONNECTION_REQUEST_LIMIT, REVIEW_REPORT_LIMIT] = [limitFor("connectionRequests"), limitFor("reviewReports")];

async function connect(a: TestMember, b: TestMember) {
  const id = await a.as.mutation(api.connections.request, { userId: b.userId });
  await b.as.mutation(api.connections.respond, { connectionId: id, accept: true });
  return id;
}

describe("profiles", () => {
  test("others see the public profile without private fields; the owner sees their own contact details", async () => {
    const t = newTest();
    const a = await pro(t, { firstName: "Ana", businessName: "Bright Sparks", bio: "Wiring done right." });
    const b = await owner(t);
    const seen = (await b.as.query(api.profiles.get, { userId: a.userId }))!;
    expect(seen.user).toMatchObject({ firstName: "Ana", businessName: "Bright Sparks", verified: false, rating: 0 });
    expect(seen.contact).toBeNull();
    expect(JSON.stringify(seen)).not.toContain("@example.com");
    expect(JSON.stringify(seen)).not.toContain("555-0100");
    const own = (await a.as.query(api.profiles.get, {}))!;
    expect(own.isOwn).toBe(true);
    expect(own.contact!.email).toContain("@example.com");
    expect(await b.as.query(api.profiles.get, { userId: "not-an-id" })).toBeNull();
  });

  test("the owner edits only their own profile; bad input gets a clear message", async () => {
    const t = newTest();
    const a = await pro(t);
    const edit = {
      firstName: "Ana",
      lastName: "Ruiz",
      specialties: ["panel upgrades", "EV chargers"],
      serviceCategories: [],
      propertyTypes: [],
      languages: ["English", "Spanish"],
      certifications: [],
      zipCode: "75201",
      city: "Dallas",
      state: "tx",
      preferredRadius: 40,
    };
    await a.as.mutation(api.profiles.update, edit);
    const stored = await user(t, a.userId);
    expect(stored).toMatchObject({ firstName: "Ana", state: "TX", preferredRadius: 40, specialties: ["panel upgrades", "EV chargers"] });
    expect(stored.lat).toBeCloseTo(32.79, 1); // moved to Dallas with the ZIP
    expect(stored.directoryText).toContain("EV chargers");
    await expect(a.as.mutation(api.profiles.update, { ...edit, firstName: "" })).rejects.toThrow(/First name is required/);
    await expect(a.as.mutation(api.profiles.update, { ...edit, zipCode: "00000" })).rejects.toThrow(/couldn't find that ZIP/);
    await expect(a.as.mutation(api.profiles.update, { ...edit, imageUrl: "javascript:alert(1)" })).rejects.toThrow(/http/);
    await expect(a.as.mutation(api.profiles.update, { ...edit, preferredRadius: 500 })).rejects.toThrow(/radius/);
    await expect(t.mutation(api.profiles.update, edit)).rejects.toThrow(/sign in/);
  });

  test("an avatar must be an image under 5 MB, checked on the server", async () => {
    const t = newTest();
    const a = await pro(t);
    const store = (blob: Blob) => t.run((ctx) => ctx.storage.store(blob));
    const png = await store(fileBlob(1000, "image/png"));
    const set = await a.as.mutation(api.profiles.setAvatar, { storageId: png });
    expect(set).toEqual({ url: (await user(t, a.userId)).image });
    const pdf = await store(fileBlob(10, "application/pdf"));
    // Refusals come back as values, so that the refused upload's deletion is not rolled back.
    expect(await a.as.mutation(api.profiles.setAvatar, { storageId: pdf })).toMatchObject({
      refused: { message: expect.stringMatching(/image file/) },
    });
    const huge = await store(fileBlob(5 * 1024 * 1024 + 1, "image/jpeg"));
    expect(await a.as.mutation(api.profiles.setAvatar, { storageId: huge })).toMatchObject({
      refused: { message: expect.stringMatching(/under 5MB/) },
    });
  });
});

describe("connections", () => {
  test("request -> pending -> accept -> connected -> removed, with counts and notifications", async () => {
    const t = newTest();
    const a = await pro(t);
    const b = await pro(t);
    const id = await a.as.mutation(api.connections.request, { userId: b.userId });
    expect((await a.as.query(api.profiles.get, { userId: b.userId }))!.connection!.state).toBe("outgoing");
    expect((await b.as.query(api.profiles.get, { userId: a.userId }))!.connection!.state).toBe("incoming");
    await expect(a.as.mutation(api.connections.request, { userId: b.userId })).rejects.toThrow(/already pending/);
    await expect(a.as.mutation(api.connections.respond, { connectionId: id, accept: true })).rejects.toThrow(
      /pending request sent to you/,
    );
    await b.as.mutation(api.connections.respond, { connectionId: id, accept: true });
    expect((await a.as.query(api.profiles.get, { userId: b.userId }))!.connection!.state).toBe("connected");
    expect((await user(t, a.userId)).connectionsCount).toBe(1);
    expect((await user(t, b.userId)).connectionsCount).toBe(1);
    expect((await a.as.query(api.connections.listOf, { userId: a.userId })).map((c) => c.user._id)).toEqual([b.userId]);
    await b.as.mutation(api.connections.remove, { connectionId: id });
    expect((await user(t, a.userId)).connectionsCount).toBe(0);
    expect((await a.as.query(api.profiles.get, { userId: b.userId }))!.connection!.state).toBe("none");
  });

  test("decline and cancel end a request; asking back accepts; only professionals, never oneself", async () => {
    const t = newTest();
    const a = await pro(t);
    const b = await pro(t);
    const h = await owner(t);
    const first = await a.as.mutation(api.connections.request, { userId: b.userId });
    await b.as.mutation(api.connections.respond, { connectionId: first, accept: false });
    // The one who declined may ask at once; the same pair keeps one row.
    const again = await b.as.mutation(api.connections.request, { userId: a.userId });
    expect(again).toBe(first);
    await expect(a.as.mutation(api.connections.remove, { connectionId: again })).rejects.toThrow(/Decline/);
    await b.as.mutation(api.connections.remove, { connectionId: again });
    await b.as.mutation(api.connections.request, { userId: a.userId });
    await a.as.mutation(api.connections.request, { userId: b.userId }); // they asked first: accepted
    expect((await user(t, b.userId)).connectionsCount).toBe(1);
    await expect(a.as.mutation(api.connections.request, { userId: a.userId })).rejects.toThrow(/yourself/);
    await expect(a.as.mutation(api.connections.request, { userId: h.userId })).rejects.toThrow(/Only professionals/);
    await expect(h.as.mutation(api.connections.request, { userId: a.userId })).rejects.toThrow(/Only professionals/);
  });
  test("suggestion scoring is the spec's, exactly", () => {
    const viewer = { city: "Austin", state: "TX", professions: ["electrician", "plumber"] };
    expect(suggestionScore(viewer, { city: "Austin", state: "TX" })).toBe(4); // city 3 + state 1
    expect(suggestionScore(viewer, { city: "Dallas", state: "TX", professions: ["electrician"] })).toBe(3); // state 1 + shared 2
    expect(suggestionScore(viewer, { city: "Reno", state: "NV", professions: ["electrician", "plumber"] })).toBe(4);
    expect(suggestionScore(viewer, { state: "NV", professions: ["roofer"] })).toBe(1); // related profession
    expect(suggestionScore(viewer, { state: "NV", professions: ["real_estate_agent"], verified: true, businessName: "X" })).toBe(2);
  });

  test("suggestions rank by score and leave out connections, pending requests and homeowners", async () => {
    const t = newTest();
    const me = await pro(t);
    const best = await pro(t, { businessName: "Best Co", verified: true }); // 3+1+2+1+1 = 8
    const sameCity = await pro(t, { professions: ["painter"] }); // 3+1 + related 1 = 5
    const otherState = await pro(t, { city: "Reno", state: "NV", zipCode: "89501", professions: ["painter"] });
    const connected = await pro(t);
    await owner(t);
    await connect(me, connected);
    const s = await me.as.query(api.connections.suggestions, {});
    expect(s.items.map((i) => [i.card.user._id, i.score])).toEqual([
      [best.userId, 8],
      [sameCity.userId, 5],
      [otherState.userId, 1],
    ]);
  });
});

describe("connection state graph", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const A = "a" as Id<"users">;
  const B = "b" as Id<"users">;
  const C = "c" as Id<"users">;
  const rowIn = (status: ConnectionStatus): Doc<"connections"> => ({
    _id: "x" as Id<"connections">,
    _creationTime: 0,
    requesterId: A,
    receiverId: B,
    status,
  });
  // Every (status, actor, action): A requested, B received, C is a stranger to the row.
  const allowed: Record<PairStatus, Partial<Record<ConnectionAction, readonly Id<"users">[]>>> = {
    none: { request: [A, B, C] },
    pending: { accept: [B], decline: [B], cancel: [A] },
    accepted: { remove: [A, B] },
    declined: { request: [A, B] },
    cancelled: { request: [A, B] },
    removed: { request: [A, B] },
  };
  for (const [status, actions] of Object.entries(allowed) as [PairStatus, (typeof allowed)[PairStatus]][]) {
    test(`from ${status}: exactly ${JSON.stringify(Object.fromEntries(Object.entries(actions).map(([k, v]) => [k, v!.map(String)])))}`, () => {
      const row = status === "none" ? null : rowIn(status);
      for (const action of Object.keys(CONNECTION_TRANSITIONS) as ConnectionAction[]) {
        for (const actor of [A, B, C]) {
          const expected = (actions[action] ?? []).includes(actor);
          expect(canTransition(row, actor, action), `${action} by ${actor}`).toBe(expected);
        }
      }
    });
  }

  test("each refused transition answers in the product's words and changes nothing", async () => {
    const t = newTest();
    const a = await pro(t);
    const b = await pro(t);
    const c = await pro(t);
    const id = await a.as.mutation(api.connections.request, { userId: b.userId });
    await expect(a.as.mutation(api.connections.request, { userId: b.userId })).rejects.toThrow(ProfileCopy.requestPending);
    await expect(a.as.mutation(api.connections.respond, { connectionId: id, accept: true })).rejects.toThrow(ProfileCopy.answerOnlyIncoming);
    await expect(a.as.mutation(api.connections.respond, { connectionId: id, accept: false })).rejects.toThrow(ProfileCopy.answerOnlyIncoming);
    await expect(b.as.mutation(api.connections.remove, { connectionId: id })).rejects.toThrow(ProfileCopy.declineInstead);
    await expect(c.as.mutation(api.connections.respond, { connectionId: id, accept: true })).rejects.toThrow(ProfileCopy.connectionNotFound);
    await expect(c.as.mutation(api.connections.remove, { connectionId: id })).rejects.toThrow(ProfileCopy.connectionNotFound);
    await b.as.mutation(api.connections.respond, { connectionId: id, accept: true });
    await expect(a.as.mutation(api.connections.request, { userId: b.userId })).rejects.toThrow(ProfileCopy.alreadyConnected);
    await expect(b.as.mutation(api.connections.respond, { connectionId: id, accept: true })).rejects.toThrow(ProfileCopy.answerOnlyIncoming);
    await expect(b.as.mutation(api.connections.respond, { connectionId: id, accept: false })).rejects.toThrow(ProfileCopy.answerOnlyIncoming);
    expect((await user(t, a.userId)).connectionsCount).toBe(1);
    await b.as.mutation(api.connections.remove, { connectionId: id }); // the receiver may remove too
    await expect(a.as.mutation(api.connections.remove, { connectionId: id })).rejects.toThrow(ProfileCopy.removeOnlyConnected);
    await expect(a.as.mutation(api.connections.respond, { connectionId: id, accept: true })).rejects.toThrow(ProfileCopy.answerOnlyIncoming);
    expect([(await user(t, a.userId)).connectionsCount, (await user(t, b.userId)).connectionsCount]).toEqual([0, 0]);
    await expect(t.mutation(api.connections.request, { userId: b.userId })).rejects.toThrow(/sign in/);
    await expect(a.as.mutation(api.connections.respond, { connectionId: "zzz", accept: true })).rejects.toThrow(ProfileCopy.connectionNotFound);
  });

  test("notifications follow the graph: a request tells the receiver, cancel takes it back, decline reads it, accept tells the requester", async () => {
    const t = newTest();
    const a = await pro(t);
    const b = await pro(t);
    const unread = async (id: Id<"users">) => {
      const row = await user(t, id);
      return (await t.run((ctx) => userCountsOf(ctx, row))).unreadNotifications;
    };
    const id = await a.as.mutation(api.connections.request, { userId: b.userId });
    expect(await unread(b.userId)).toBe(1);
    await a.as.mutation(api.connections.remove, { connectionId: id }); // cancel
    expect(await unread(b.userId)).toBe(0);
    expect((await b.as.query(api.notifications.list, { paginationOpts: { numItems: 10, cursor: null } })).page).toEqual([]);
    await a.as.mutation(api.connections.request, { userId: b.userId });
    await b.as.mutation(api.connections.respond, { connectionId: id, accept: false });
    expect([await unread(a.userId), await unread(b.userId)]).toEqual([0, 0]);
    await b.as.mutation(api.connections.request, { userId: a.userId });
    await a.as.mutation(api.connections.respond, { connectionId: id, accept: true });
    expect([await unread(a.userId), await unread(b.userId)]).toEqual([0, 1]);
  });

  test("a declined member waits 7 days to ask the same person again; requests per day are limited and logged", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const a = await pro(t);
    const b = await pro(t);
    const id = await a.as.mutation(api.connections.request, { userId: b.userId });
    await b.as.mutation(api.connections.respond, { connectionId: id, accept: false });
    await expect(a.as.mutation(api.connections.request, { userId: b.userId })).rejects.toThrow(Messages.tooManyRequests);
    vi.advanceTimersByTime(REQUEST_AFTER_DECLINE_MS - 60_000);
    await expect(a.as.mutation(api.connections.request, { userId: b.userId })).rejects.toThrow(Messages.tooManyRequests);
    vi.advanceTimersByTime(120_000);
    expect(await a.as.mutation(api.connections.request, { userId: b.userId })).toBe(id);
    expect((await b.as.query(api.connections.pending, {})).incoming.map((c) => c.user._id)).toEqual([a.userId]);

    // N requests a day per member, however they are spread.
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    const spammer = await pro(t);
    const targets = [];
    for (let i = 0; i <= CONNECTION_REQUEST_LIMIT.max; i++) targets.push(await pro(t));
    for (const target of targets.slice(0, -1)) await spammer.as.mutation(api.connections.request, { userId: target.userId });
    await expect(spammer.as.mutation(api.connections.request, { userId: targets.at(-1)!.userId })).rejects.toThrow(
      Messages.tooManyRequests,
    );
    const logs = await t.run((ctx) =>
      ctx.db
        .query("securityLogs")
        .withIndex("by_userId_and_timestamp", (q) => q.eq("userId", spammer.userId))
        .collect(),
    );
    expect(logs.map((l) => l.eventType)).toEqual(["rate_limited"]);
  });
});

test("review reports: one per member per review, and a daily limit per member that is logged", async () => {
  const t = newTest();
  const reporter = await owner(t);
  const customer = await owner(t);
  const p = await pro(t);
  const jobId = await customer.as.mutation(api.jobs.create, project());
  const reviewIds = await t.run(async (ctx) => {
    const ids = [];
    for (let i = 0; i <= REVIEW_REPORT_LIMIT.max; i++) {
      ids.push(
        await ctx.db.insert("reviews", {
          jobId,
          reviewerId: customer.userId,
          professionalId: p.userId,
          rating: 1,
          title: `Review ${i}`,
          content: "Never showed up.",
          helpfulCount: 0,
          searchText: `Review ${i}`,
        }),
      );
    }
    return ids;
  });
  for (const reviewId of reviewIds.slice(0, -1)) await reporter.as.mutation(api.reviews.report, { reviewId, reason: "spam" });
  await expect(reporter.as.mutation(api.reviews.report, { reviewId: reviewIds.at(-1)!, reason: "spam" })).rejects.toThrow(
    Messages.tooManyRequests,
  );
  const logs = await t.run((ctx) => ctx.db.query("securityLogs").collect());
  expect(logs).toMatchObject([{ eventType: "rate_limited", userId: reporter.userId }]);
});

test("network and review pages are capped on the server, whatever the caller asks", async () => {
  const t = newTest();
  const me = await pro(t);
  const customer = await owner(t);
  const jobId = await customer.as.mutation(api.jobs.create, project());
  await t.run(async (ctx) => {
    for (let i = 0; i <= MAX_PAGE_SIZE; i++) {
      await ctx.db.insert("users", { email: `p${i}@example.com`, userType: "professional", firstName: "P", lastName: `${i}` });
      await ctx.db.insert("reviews", {
        jobId,
        reviewerId: customer.userId,
        professionalId: me.userId,
        rating: 5,
        title: "t",
        content: "c",
        helpfulCount: 0,
        searchText: "t c",
      });
    }
  });
  const huge = { numItems: 100_000, cursor: null };
  const browse = await me.as.query(api.connections.browse, { paginationOpts: huge });
  expect(browse.page.length).toBeLessThanOrEqual(MAX_PAGE_SIZE);
  expect(browse.isDone).toBe(false);
  expect((await me.as.query(api.reviews.list, { paginationOpts: huge })).page).toHaveLength(MAX_PAGE_SIZE);
  expect((await me.as.query(api.connections.suggestions, { limit: 1000 })).items.length).toBeLessThanOrEqual(24);
});

describe("backup network and referrals", () => {
  async function setup(t: TestConvex) {
    // Referral points need a verified email (verification.test.ts covers the unverified referrer).
    const referrer = await pro(t, { firstName: "Rita", emailVerificationTime: Date.now() });
    const backup = await pro(t, { firstName: "Ben" });
    const customer = await owner(t);
    await connect(referrer, backup);
    await referrer.as.mutation(api.backup.setMember, { userId: backup.userId, member: true });
    const jobId = await customer.as.mutation(api.jobs.create, project());
    return { referrer, backup, customer, jobId };
  }

  test("share -> a backup pro takes it with a bid the owner sees -> completed -> the referrer earns points once", async () => {
    const t = newTest();
    const { referrer, backup, customer, jobId } = await setup(t);
    const { referralId, sharedWith } = await referrer.as.mutation(api.backup.shareJob, { jobId });
    expect(sharedWith).toBe(1);
    const offers = await backup.as.query(api.backup.offers, {});
    expect(offers.map((o) => o.job._id)).toEqual([jobId]);
    await expect(referrer.as.mutation(api.backup.take, { referralId, ...bid() })).rejects.toThrow(/shared yourself/);
    const bidId = await backup.as.mutation(api.backup.take, { referralId, ...bid() });
    const view = (await customer.as.query(api.jobs.get, { jobId }))!;
    expect(view.bids.map((b) => b._id)).toEqual([bidId]);
    await expect(backup.as.mutation(api.backup.take, { referralId, ...bid() })).rejects.toThrow(/already taken/);

    await customer.as.mutation(api.bids.accept, { bidId });
    await withoutPayment(t, jobId);
    await backup.as.mutation(api.jobs.act, { jobId, action: "start" });
    await backup.as.mutation(api.jobs.act, { jobId, action: "markDone" });
    await customer.as.mutation(api.jobs.act, { jobId, action: "confirmCompletion" });
    expect((await user(t, referrer.userId)).referralPoints).toBe(REFERRAL_POINTS);
    const ledger = await referrer.as.query(api.profiles.reputation, { userId: referrer.userId });
    expect(ledger.total).toBe(REFERRAL_POINTS);
    expect(ledger.events).toHaveLength(1);
  });

  test("no points for a cancelled job, and only connections join a backup network", async () => {
    const t = newTest();
    const { referrer, backup, customer, jobId } = await setup(t);
    const { referralId } = await referrer.as.mutation(api.backup.shareJob, { jobId });
    await backup.as.mutation(api.backup.take, { referralId, ...bid() });
    await customer.as.mutation(api.jobs.act, { jobId, action: "cancel" });
    expect((await user(t, referrer.userId)).referralPoints ?? 0).toBe(0);
    const stranger = await pro(t);
    await expect(referrer.as.mutation(api.backup.setMember, { userId: stranger.userId, member: true })).rejects.toThrow(
      /Only your connections/,
    );
    const outsider = await pro(t);
    const job2 = await customer.as.mutation(api.jobs.create, project());
    const shared = await referrer.as.mutation(api.backup.shareJob, { jobId: job2 });
    await expect(outsider.as.mutation(api.backup.take, { referralId: shared.referralId, ...bid() })).rejects.toThrow(
      /someone else's backup network/,
    );
  });
});

describe("portfolio", () => {
  test("files are checked on the server; only the owner deletes", async () => {
    const t = newTest();
    const a = await pro(t);
    const b = await pro(t);
    const store = (size: number, type: string) => t.run((ctx) => ctx.storage.store(fileBlob(size, type)));
    const img = await store(2000, "image/jpeg");
    const added = await a.as.mutation(api.portfolio.add, {
      files: [{ storageId: img, name: "deck.jpg" }],
      title: "Cedar deck",
      category: "construction",
      tags: "deck, cedar, , outdoor, stain",
      featured: true,
    });
    if (!("ids" in added) || !added.ids) throw new Error(`refused: ${JSON.stringify(added)}`);
    const [id] = added.ids;
    const items = await b.as.query(api.portfolio.list, { userId: a.userId });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ title: "Cedar deck", type: "image", featured: true, tags: ["deck", "cedar", "outdoor", "stain"] });
    expect(items[0]!.url).toBeTruthy();
    await expect(b.as.mutation(api.portfolio.remove, { id: id! })).rejects.toThrow(/Only the owner/);
    await a.as.mutation(api.portfolio.remove, { id: id! });
    expect(await a.as.query(api.portfolio.list, {})).toEqual([]);

    const pdf = await store(10, "application/pdf");
    expect(
      await a.as.mutation(api.portfolio.add, { files: [{ storageId: pdf, name: "x.pdf" }], title: "X", category: "other" }),
    ).toMatchObject({ refused: { message: expect.stringMatching(/Invalid file type/) } });
    const bigVideo = await store(100 * 1024 * 1024 + 1, "video/mp4");
    expect(
      await a.as.mutation(api.portfolio.add, { files: [{ storageId: bigVideo, name: "tour.mp4" }], title: "Tour", category: "other" }),
    ).toMatchObject({ refused: { message: expect.stringMatching(/tour.mp4 exceeds the size limit/) } });
    await expect(a.as.mutation(api.portfolio.add, { files: [], title: "X", category: "other" })).rejects.toThrow(/No files selected/);
    const ok = await store(10, "image/png");
    await expect(
      a.as.mutation(api.portfolio.add, { files: [{ storageId: ok, name: "a.png" }], title: "", category: "other" }),
    ).rejects.toThrow(/Title is required/);
  });
});

describe("reviews", () => {
  async function completedJob(t: TestConvex) {
    // Writing a review needs a verified email (model/verification.ts).
    const customer = await owner(t, { firstName: "Olive", lastName: "Moss", emailVerificationTime: Date.now() });
    const p = await pro(t);
    const jobId = await customer.as.mutation(api.jobs.create, project());
    const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid() });
    await customer.as.mutation(api.bids.accept, { bidId });
    await withoutPayment(t, jobId);
    await p.as.mutation(api.jobs.act, { jobId, action: "start" });
    return { customer, p, jobId, finish: async () => {
      await p.as.mutation(api.jobs.act, { jobId, action: "markDone" });
      await customer.as.mutation(api.jobs.act, { jobId, action: "confirmCompletion" });
    } };
  }
  const review = { rating: 4, title: "Quick and tidy", content: "Fixed it in an hour." };

  test("only the owner of a completed job reviews it, once; the rating and count update at once", async () => {
    const t = newTest();
    const { customer, p, jobId, finish } = await completedJob(t);
    await expect(customer.as.mutation(api.reviews.create, { jobId, ...review })).rejects.toThrow(/once it is completed/);
    await finish();
    await expect(p.as.mutation(api.reviews.create, { jobId, ...review })).rejects.toThrow(/Only the owner/);
    await expect(customer.as.mutation(api.reviews.create, { jobId, ...review, rating: 6 })).rejects.toThrow(/1 to 5/);
    expect(await customer.as.query(api.reviews.toWrite, {})).toHaveLength(1);
    await customer.as.mutation(api.reviews.create, { jobId, ...review });
    await expect(customer.as.mutation(api.reviews.create, { jobId, ...review })).rejects.toThrow(/already reviewed/);
    expect(await user(t, p.userId)).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(await customer.as.query(api.reviews.toWrite, {})).toEqual([]);

    const second = await completedJob(t);
    // Same professional? No: a new one. Review the first pro again through a new job.
    const jobId2 = await second.customer.as.mutation(api.jobs.create, project());
    const bid2 = await p.as.mutation(api.bids.place, { jobId: jobId2, ...bid() });
    await second.customer.as.mutation(api.bids.accept, { bidId: bid2 });
    await withoutPayment(t, jobId2);
    await p.as.mutation(api.jobs.act, { jobId: jobId2, action: "start" });
    await p.as.mutation(api.jobs.act, { jobId: jobId2, action: "markDone" });
    await second.customer.as.mutation(api.jobs.act, { jobId: jobId2, action: "confirmCompletion" });
    await second.customer.as.mutation(api.reviews.create, { jobId: jobId2, ...review, rating: 5 });
    expect(await user(t, p.userId)).toMatchObject({ rating: 4.5, reviewCount: 2 });
  });

  test("list with search and star filter; helpful once per member; report; one reply by the professional", async () => {
    const t = newTest();
    const { customer, p, jobId, finish } = await completedJob(t);
    await finish();
    const reviewId = await customer.as.mutation(api.reviews.create, { jobId, ...review });
    const reader = await owner(t);
    const page = { numItems: 10, cursor: null };
    const list = await reader.as.query(api.reviews.list, { paginationOpts: page });
    expect(list.page[0]).toMatchObject({ title: "Quick and tidy", verified: true, helpful: 0, reviewer: { firstName: "Olive", lastName: "M." } });
    expect((await reader.as.query(api.reviews.list, { rating: 5, paginationOpts: page })).page).toEqual([]);
    expect((await reader.as.query(api.reviews.list, { rating: 4, professionalId: p.userId, paginationOpts: page })).page).toHaveLength(1);
    expect((await reader.as.query(api.reviews.list, { q: "tidy", paginationOpts: page })).page).toHaveLength(1);

    expect(await reader.as.mutation(api.reviews.toggleHelpful, { reviewId })).toEqual({ helpful: 1, marked: true });
    expect(await reader.as.mutation(api.reviews.toggleHelpful, { reviewId })).toEqual({ helpful: 0, marked: false });
    await expect(customer.as.mutation(api.reviews.toggleHelpful, { reviewId })).rejects.toThrow(/your own review/);

    await reader.as.mutation(api.reviews.report, { reviewId, reason: "spam", description: "Looks fake" });
    await expect(reader.as.mutation(api.reviews.report, { reviewId, reason: "other" })).rejects.toThrow(ProfileCopy.reportOnce);
    const reports = await t.run((ctx) => ctx.db.query("moderationReports").collect());
    expect(reports).toMatchObject([{ reason: "spam", status: "pending", reviewId }]);

    await expect(reader.as.mutation(api.reviews.reply, { reviewId, content: "Thanks" })).rejects.toThrow(/Only the reviewed/);
    await p.as.mutation(api.reviews.reply, { reviewId, content: "Thank you, Olive!" });
    await expect(p.as.mutation(api.reviews.reply, { reviewId, content: "Again" })).rejects.toThrow(/already replied/);
  });
});
