// REST routes for users, profiles, connections, portfolio and reviews (spec §7).
import { afterEach, describe, expect, test, vi } from "vitest";
import { ProfileCopy } from "../../common/profile";
import { api } from "../_generated/api";
import { fileBlob, newTest, type TestConvex, createPerson } from "../test.setup";

const person = createPerson;
const pro = (t: TestConvex, f: Record<string, unknown> = {}) =>
  person(t, { userType: "professional", professions: ["electrician"], primaryProfession: "electrician", ...f });

type Fetcher = Pick<TestConvex, "fetch">;
const call = (who: Fetcher, method: string, path: string, body?: unknown) =>
  who.fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads loosely shaped JSON answers
const json = async (r: Response): Promise<any> => await r.json();

describe("users and profiles", () => {
  test("public fields for others, own contact details for oneself; a user updates only themselves", async () => {
    const t = newTest();
    const a = await pro(t, { firstName: "Ana" });
    const b = await pro(t, { firstName: "Ben" });
    const other = await json(await call(b.as, "GET", `/api/users/${a.userId}`));
    expect(other.firstName).toBe("Ana");
    expect(other.email).toBeUndefined();
    expect(JSON.stringify(other)).not.toContain("555-0100");
    const own = await json(await call(a.as, "GET", `/api/users/${a.userId}`));
    expect(own.email).toContain("@example.com");
    const list = await json(await call(b.as, "GET", "/api/users?limit=10"));
    expect(JSON.stringify(list)).not.toContain("@example.com");
    expect(list.users.length).toBe(2);

    expect((await call(b.as, "PUT", `/api/users/${a.userId}`, { bio: "hacked" })).status).toBe(403);
    const put = await call(a.as, "PUT", `/api/users/${a.userId}`, {
      bio: "Panels and EV chargers.",
      location: "Dallas, tx",
      specialties: ["EV chargers", "panels"],
    });
    expect(put.status).toBe(200);
    expect((await json(put)).user).toMatchObject({ bio: "Panels and EV chargers.", city: "Dallas", state: "TX", specialties: ["EV chargers", "panels"] });
    expect((await call(a.as, "PUT", `/api/users/${a.userId}`, { location: "nowhere" })).status).toBe(400);
    expect((await call(a.as, "PUT", `/api/users/${a.userId}`, { firstName: "" })).status).toBe(400);
    expect((await call(a.as, "PUT", `/api/users/${a.userId}`, { specialties: [1, 2] })).status).toBe(400);

    const profile = await json(await call(b.as, "GET", `/api/profile/${a.userId}`));
    expect(profile).toMatchObject({ posts: [], stats: { connectionsCount: 0, followersCount: 0 } });
    expect((await call(b.as, "GET", "/api/profile/nobody")).status).toBe(400);
    const gone = await t.run(async (ctx) => {
      const id = await ctx.db.insert("users", { email: "gone@example.com" });
      await ctx.db.delete("users", id);
      return id;
    });
    expect((await call(b.as, "GET", `/api/profile/${gone}`)).status).toBe(404);
    expect((await call(b.as, "GET", "/api/connections/user/zzz")).status).toBe(400);
    expect((await call(b.as, "GET", "/api/users/zzz")).status).toBe(400);
    expect((await call(a.as, "PUT", "/api/users/zzz", { bio: "x" })).status).toBe(400);
    expect((await call(t, "GET", `/api/profile/${a.userId}`)).status).toBe(401);
  });

  test("connections: request over REST, then both lists show it once accepted", async () => {
    const t = newTest();
    const a = await pro(t);
    const b = await pro(t);
    const sent = await call(a.as, "POST", "/api/connections", { receiverId: b.userId });
    expect(sent.status).toBe(201);
    const sentBody = await json(sent);
    expect(sentBody).toMatchObject({ title: "Connection Request Sent" });
    expect((await call(a.as, "POST", "/api/connections", { receiverId: b.userId })).status).toBe(400);
    expect((await call(a.as, "POST", "/api/connections", {})).status).toBe(400);
    const { id } = sentBody;
    await b.as.mutation(api.connections.respond, { connectionId: id, accept: true });
    const list = await json(await call(a.as, "GET", `/api/connections/user/${b.userId}`));
    expect(list.connections.map((c: { _id: string }) => c._id)).toEqual([a.userId]);
  });
});

describe("portfolio over REST", () => {
  test("multipart upload checks files before storing; list; only the owner deletes", async () => {
    const t = newTest();
    const a = await pro(t);
    const b = await pro(t);
    const form = (files: File[], fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.append(k, v);
      for (const file of files) f.append("files", file);
      return f;
    };
    const png = new File([fileBlob(500, "image/png")], "deck.png", { type: "image/png" });
    const up = await a.as.fetch("/api/portfolio/upload", {
      method: "POST",
      body: form([png], { title: "Deck", category: "construction", tags: "deck, cedar", featured: "true" }),
    });
    expect(up.status).toBe(201);
    expect((await json(up)).message).toBe("Portfolio updated: Your work has been added successfully!");
    const list = await json(await call(b.as, "GET", `/api/portfolio?userId=${a.userId}`));
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ title: "Deck", featured: true, tags: ["deck", "cedar"] });

    const pdf = new File([new Uint8Array(10)], "plan.pdf", { type: "application/pdf" });
    const bad = await a.as.fetch("/api/portfolio/upload", { method: "POST", body: form([pdf], { title: "X", category: "other" }) });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toMatch(/Invalid file type/);
    const none = await a.as.fetch("/api/portfolio/upload", { method: "POST", body: form([], { title: "X", category: "other" }) });
    expect((await json(none)).message).toMatch(/No files selected/);
    expect((await call(a.as, "POST", "/api/portfolio/upload", { title: "x" })).status).toBe(400);
    const stored = await t.run((ctx) => ctx.db.system.query("_storage").collect());
    expect(stored).toHaveLength(1);

    const itemId = list.items[0]._id;
    expect((await call(b.as, "DELETE", `/api/portfolio/${itemId}`)).status).toBe(403);
    expect((await call(a.as, "DELETE", `/api/portfolio/${itemId}`)).status).toBe(200);
    expect((await call(a.as, "DELETE", `/api/portfolio/${itemId}`)).status).toBe(404);
  });
});

describe("reviews over REST", () => {
  test("list with search and rating; helpful toggles; bad rating is a 400", async () => {
    const t = newTest();
    const p = await pro(t);
    const o = await person(t, { userType: "homeowner", firstName: "Olive", lastName: "Moss", emailVerificationTime: Date.now() });
    const reader = await person(t, { userType: "homeowner" });
    const reviewId = await t.run(async (ctx) => {
      const jobId = await ctx.db.insert("jobs", {
        title: "Porch light",
        description: "Flickering porch light fixed.",
        customerId: o.userId,
        contractorId: p.userId,
        category: "electrical",
        propertyType: "single_family",
        urgency: "medium",
        urgencyRank: 2,
        skillLevel: "intermediate",
        status: "completed",
        location: "Austin, TX",
        zipCode: "78701",
        budgetMax: 0,
        requirements: [],
        photoRequired: false,
        photoStatus: "not_requested",
        source: "project",
        activeBidCount: 0,
        searchText: "Porch light",
      });
      return jobId;
    }).then((jobId) => o.as.mutation(api.reviews.create, { jobId, rating: 5, title: "Bright work", content: "Porch is lit again." }));
    const list = await json(await call(reader.as, "GET", "/api/reviews?search=porch&rating=5"));
    expect(list.reviews.map((r: { _id: string }) => r._id)).toEqual([reviewId]);
    expect((await json(await call(reader.as, "GET", "/api/reviews?rating=3"))).reviews).toEqual([]);
    expect((await call(reader.as, "GET", "/api/reviews?rating=9")).status).toBe(400);
    const helpful = await json(await call(reader.as, "POST", `/api/reviews/${reviewId}/helpful`));
    expect(helpful).toMatchObject({ helpful: 1, marked: true, title: "Marked as helpful" });
    expect((await call(reader.as, "POST", "/api/reviews/nope/helpful")).status).toBe(400);
  });
});

describe("PUT /api/users/{id}", () => {
  afterEach(() => vi.restoreAllMocks());

  test("changes only the fields given and keeps the rest", async () => {
    const t = newTest();
    const a = await pro(t, { firstName: "Ana", bio: "Old bio", businessName: "Ana Electric", yearsExperience: 12 });
    const r = await call(a.as, "PUT", `/api/users/${a.userId}`, { lastName: "Ruiz", location: "78701", specialties: "panels, EV chargers" });
    expect(r.status).toBe(200);
    const user = await t.run((ctx) => ctx.db.get("users", a.userId));
    expect(user).toMatchObject({
      firstName: "Ana",
      lastName: "Ruiz",
      bio: "Old bio",
      businessName: "Ana Electric",
      yearsExperience: 12,
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      specialties: ["panels", "EV chargers"],
    });
    expect((await call(a.as, "PUT", `/api/users/${a.userId}`, { bio: "x".repeat(100_000) })).status).toBe(400);
    expect((await call(a.as, "PUT", `/api/users/${a.userId}`, { zipCode: "00000" })).status).toBe(400);
  });

  test("portfolio links are never downloaded: refused with where to upload, and nothing changes", async () => {
    const t = newTest();
    const a = await pro(t, { bio: "Old bio" });
    // Any server-side fetch of a member's link is a hole (issue 29): none may happen, whatever the link.
    const fetched = vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      return new Response(new Uint8Array(800), { headers: { "Content-Type": "image/jpeg" } });
    });
    for (const link of [
      "https://photos.example.com/work/deck-build.jpg",
      "http://127.0.0.1/admin.png",
      "http://[::ffff:127.0.0.1]/x.png",
      "http://100.64.0.1/x.png",
    ]) {
      const r = await call(a.as, "PUT", `/api/users/${a.userId}`, { bio: "New bio", portfolio: [link] });
      expect(r.status).toBe(400);
      expect((await json(r)).message).toBe(ProfileCopy.portfolioLinksNotFetched);
    }
    expect(fetched).not.toHaveBeenCalled();
    expect(await t.run((ctx) => ctx.db.system.query("_storage").collect())).toHaveLength(0);
    expect((await t.run((ctx) => ctx.db.get("users", a.userId)))?.bio).toBe("Old bio");
    expect((await call(a.as, "PUT", `/api/users/${a.userId}`, { portfolio: "https://x.example.com/a.jpg" })).status).toBe(400);
    // A profile image URL is stored as text for browsers to show, never downloaded either.
    expect((await call(a.as, "PUT", `/api/users/${a.userId}`, { profileImage: "http://169.254.169.254/a.png" })).status).toBe(200);
    expect(fetched).not.toHaveBeenCalled();
  });

  test("portfolio lists one's own item ids in gallery order (Pro Profile); someone else's item is refused", async () => {
    const t = newTest();
    const a = await pro(t, { subscriptionTier: "pro" });
    const addWork = async (who: { as: TestConvex }, title: string) => {
      const storageId = await t.run((ctx) => ctx.storage.store(new Blob([new Uint8Array(100)], { type: "image/png" })));
      const added = await who.as.mutation(api.portfolio.add, { files: [{ storageId, name: `${title}.png` }], title, category: "other" });
      if (!("ids" in added) || !added.ids) throw new Error("not added");
      return added.ids[0]!;
    };
    const first = await addWork(a, "First");
    const second = await addWork(a, "Second");
    const put = await call(a.as, "PUT", `/api/users/${a.userId}`, { bio: "Decks", portfolio: [first, second] });
    expect(put.status).toBe(200);
    const titles = async () => (await json(await call(a.as, "GET", "/api/portfolio"))).items.map((i: { title: string }) => i.title);
    expect(await titles()).toEqual(["First", "Second"]);
    // Someone else's item: 403, and the profile is left as it was.
    const b = await pro(t, { subscriptionTier: "pro" });
    const theirs = await addWork(b, "Theirs");
    const stolen = await call(a.as, "PUT", `/api/users/${a.userId}`, { bio: "Changed", portfolio: [theirs] });
    expect(stolen.status).toBe(403);
    expect((await t.run((ctx) => ctx.db.get("users", a.userId)))?.bio).toBe("Decks");
    // Below Pro Profile the order can't be set, as in the app.
    const basic = await pro(t);
    const own = await addWork(basic, "Mine");
    expect((await call(basic.as, "PUT", `/api/users/${basic.userId}`, { portfolio: [own] })).status).toBe(403);
    expect((await call(basic.as, "PUT", `/api/users/${basic.userId}`, { portfolio: [] })).status).toBe(200);
  });
});
