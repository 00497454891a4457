// REST routes for users, profiles, connections, portfolio and reviews (spec §7).
import { describe, expect, test } from "vitest";
import { api } from "../_generated/api";
import { newTest, type TestConvex, createPerson } from "../test.setup";

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
    expect((await call(b.as, "GET", "/api/profile/nobody")).status).toBe(404);
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
    const png = new File([new Uint8Array(500)], "deck.png", { type: "image/png" });
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
    const o = await person(t, { userType: "homeowner", firstName: "Olive", lastName: "Moss" });
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
    expect((await call(reader.as, "POST", "/api/reviews/nope/helpful")).status).toBe(404);
  });
});
