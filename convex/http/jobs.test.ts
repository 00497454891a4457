// REST routes for jobs, quote requests, professionals and login (spec §7),
// through the real router (`t.fetch`). convex-test takes the caller's identity
// from the accessor (`withIdentity`), not from the Authorization header, so a
// token's own check is covered by the login test below decoding its subject.
import { beforeAll, describe, expect, test } from "vitest";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { newTest, owner, pro, project, setupEnv, signUpParams, STRONG_PASSWORD, type TestConvex } from "../test.setup";

beforeAll(setupEnv);

const DALLAS = { city: "Dallas", state: "TX", zipCode: "75201" };

const quote = (overrides: Record<string, unknown> = {}) => ({
  title: "Rewire the garage",
  description: "Old garage wiring needs replacing with new circuits.",
  category: "electrical_plumbing",
  propertyType: "residential_single_family",
  city: "Austin",
  state: "tx",
  zipCode: "78701",
  budget: "$1500-5000",
  urgency: "urgent",
  ...overrides,
});

type Fetcher = Pick<TestConvex, "fetch">;
const post = (who: Fetcher, path: string, body: unknown) =>
  who.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
async function json(response: Response): Promise<any> {
  return await response.json();
}

describe("POST /api/jobs", () => {
  test("creates the job and answers 201 with it", async () => {
    const t = newTest();
    const { as, userId } = await owner(t);
    const response = await post(as, "/api/jobs", { ...project(), requirements: ["Licensed", "Insured"] });
    expect(response.status).toBe(201);
    const job = await json(response);
    expect(job).toMatchObject({ title: "Replace kitchen outlets", status: "available", zipCode: "78701", requirements: ["Licensed", "Insured"] });
    expect(job.customer._id).toBe(userId);
    const stored = await t.run((ctx) => ctx.db.get("jobs", job._id as Id<"jobs">));
    expect(stored?.customerId).toBe(userId);
  });

  test("a missing title is a 400 with the form's message", async () => {
    const t = newTest();
    const { as } = await owner(t);
    const { title: _omit, ...rest } = project();
    const response = await post(as, "/api/jobs", rest);
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ message: "Title is required", code: "INVALID_INPUT" });
  });

  test("wrong types, bad JSON and non-objects are 400s, never 500s", async () => {
    const t = newTest();
    const { as } = await owner(t);
    for (const body of ["{not json", "[1,2]", "null", JSON.stringify({ ...project(), title: { x: 1 } }), JSON.stringify({ ...project(), photoRequired: "yes" })]) {
      const response = await post(as, "/api/jobs", body);
      expect(response.status, body).toBe(400);
      expect((await json(response)).message).toBeTruthy();
    }
    expect((await json(await post(as, "/api/jobs", project({ zipCode: "00000" })))).message).toBe(
      "We couldn't find that ZIP code. Please check it and try again.",
    );
  });

  test("without a token: 401", async () => {
    const t = newTest();
    const response = await post(t, "/api/jobs", project());
    expect(response.status).toBe(401);
    expect((await json(response)).code).toBe("NOT_AUTHENTICATED");
  });

  test("a token whose user is gone: 401", async () => {
    const t = newTest();
    const { as, userId } = await owner(t);
    await t.run((ctx) => ctx.db.delete("users", userId));
    expect((await post(as, "/api/jobs", project())).status).toBe(401);
  });

  test("answers CORS preflights", async () => {
    const t = newTest();
    const response = await t.fetch("/api/jobs", { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
  });
});

describe("POST /api/jobs: the spec's location text", () => {
  const located = async (location: string) => {
    const t = newTest();
    const { as } = await owner(t);
    const { zipCode: _zip, ...rest } = project();
    return await post(as, "/api/jobs", { ...rest, location });
  };

  test('"Austin, TX" (or "Austin TX", or a ZIP) gives city, state and ZIP without a zipCode field', async () => {
    for (const location of ["Austin, TX", "austin tx", "Austin, TX 78702", "78702"]) {
      const response = await located(location);
      expect(response.status).toBe(201);
      const job = await json(response);
      expect(job).toMatchObject({ city: "Austin", state: "TX", location });
      expect(job.zipCode).toMatch(/^787\d\d$/);
      if (location.includes("78702")) expect(job.zipCode).toBe("78702");
    }
  });

  test("a city found in one state only needs no state", async () => {
    const response = await located("Albuquerque");
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({ city: "Albuquerque", state: "NM" });
  });

  test("an unknown or ambiguous place, or an unknown ZIP, is a 400 that says what to write", async () => {
    const unknown = await located("Atlantis, ZZ");
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).message).toMatch(/couldn't find "Atlantis, ZZ".*city and state/);
    const ambiguous = await located("Springfield");
    expect(ambiguous.status).toBe(400);
    expect((await json(ambiguous)).message).toMatch(/Springfield in \d+ states .*Add the state/);
    const badZip = await located("00000");
    expect(badZip.status).toBe(400);
    expect((await json(badZip)).message).toMatch(/couldn't find that ZIP/);
    const empty = await located("");
    expect(empty.status).toBe(400);
    expect((await json(empty)).message).toBe("Location is required");
  });
});

describe("jobs routes refuse garbage with 400s, never 500s", () => {
  test("a garbage cursor on every paginated jobs route is a 400", async () => {
    const t = newTest();
    const { as } = await owner(t);
    await as.mutation(api.jobs.create, project());
    for (const path of [
      "/api/jobs?cursor=zzz",
      "/api/jobs?cursor=zzz&sort=budget&category=electrical",
      "/api/jobs?cursor=zzz&q=outlets",
      "/api/jobs?cursor=zzz&zip=78701",
      "/api/jobs/my-jobs?cursor=zzz",
      "/api/jobs/status/available?cursor=zzz",
      "/api/jobs/search?zipCode=78701&cursor=zzz",
    ]) {
      const response = await as.fetch(path);
      expect(response.status, path).toBe(400);
      expect((await json(response)).message, path).toMatch(/cursor/i);
    }
  });
});

describe("GET job lists", () => {
  async function seedJobs(t: TestConvex) {
    const a = await owner(t);
    const b = await owner(t, { firstName: "Bea", ...DALLAS });
    for (let i = 0; i < 5; i++) await a.as.mutation(api.jobs.create, project({ title: `Austin job ${i}`, budget: `$${(i + 1) * 1000}` }));
    await b.as.mutation(api.jobs.create, project({ title: "Dallas roof", category: "roofing", zipCode: "75201", location: "Dallas, TX" }));
    await b.as.mutation(api.jobs.requestQuote, quote({ title: "Dallas garage", city: "Dallas", zipCode: "75201" }));
    return { a, b };
  }

  test("GET /api/jobs pages with cursor and limit and gives the total", async () => {
    const t = newTest();
    await seedJobs(t);
    const first = await json(await t.fetch("/api/jobs?limit=4"));
    expect(first.total).toBe(7);
    expect(first.jobs).toHaveLength(4);
    expect(first.jobs[0].title).toBe("Dallas garage");
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await json(await t.fetch(`/api/jobs?limit=4&cursor=${encodeURIComponent(first.nextCursor)}`));
    expect(second.jobs).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const titles = [...first.jobs, ...second.jobs].map((j: { title: string }) => j.title);
    expect(new Set(titles).size).toBe(7);
    // No private fields of the owner in a public list.
    expect(JSON.stringify(first)).not.toMatch(/@example\.com|555-01/);
  });

  test("GET /api/jobs filters and sorts; bad parameters are 400s", async () => {
    const t = newTest();
    await seedJobs(t);
    const roofing = await json(await t.fetch("/api/jobs?category=roofing"));
    expect(roofing.jobs.map((j: { title: string }) => j.title)).toEqual(["Dallas roof"]);
    expect(roofing.total).toBe(1);
    const budget = await json(await t.fetch("/api/jobs?sort=budget&category=electrical&limit=2"));
    expect(budget.jobs.map((j: { title: string }) => j.title)).toEqual(["Austin job 4", "Austin job 3"]);
    const text = await json(await t.fetch("/api/jobs?q=garage"));
    expect(text.jobs.map((j: { title: string }) => j.title)).toEqual(["Dallas garage"]);
    for (const query of ["limit=0", "limit=abc", "limit=1000", "sort=cheapest", "category=nope", "status=lost", "cursor=garbage"]) {
      const response = await t.fetch(`/api/jobs?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  test("GET /api/jobs/my-jobs: the caller's own projects only; 401 without a token", async () => {
    const t = newTest();
    const { a, b } = await seedJobs(t);
    const mine = await json(await a.as.fetch("/api/jobs/my-jobs?limit=10"));
    expect(mine.jobs).toHaveLength(5);
    expect(mine.nextCursor).toBeNull();
    const theirs = await json(await b.as.fetch("/api/jobs/my-jobs"));
    expect(theirs.jobs.map((j: { title: string }) => j.title).sort()).toEqual(["Dallas garage", "Dallas roof"]);
    expect((await t.fetch("/api/jobs/my-jobs")).status).toBe(401);
  });

  test("GET /api/jobs/status/available lists available jobs only", async () => {
    const t = newTest();
    const { a } = await seedJobs(t);
    const p = await pro(t);
    const [first] = (await json(await t.fetch("/api/jobs?limit=1"))).jobs;
    await p.as.mutation(api.bids.place, {
      jobId: first._id,
      priceMin: 900,
      message: "Can do",
      earliestStart: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      estimatedDuration: "1 day",
    });
    void a;
    const available = await json(await t.fetch("/api/jobs/status/available?limit=50"));
    expect(available.total).toBe(6);
    expect(available.jobs.every((j: { status: string }) => j.status === "available")).toBe(true);
  });

  test("GET /api/jobs/search: ZIP, state and city, category and status; only non-empty filters count", async () => {
    const t = newTest();
    await seedJobs(t);
    const byZip = await json(await t.fetch("/api/jobs/search?zipCode=75201&radius=5&category=&city="));
    expect(byZip.jobs.map((j: { title: string }) => j.title).sort()).toEqual(["Dallas garage", "Dallas roof"]);
    // Every job carries city and state (projects get them from the ZIP): found by place, state upper-cased and cut to 2 letters.
    const byPlace = await json(await t.fetch("/api/jobs/search?state=txas&city=Dallas"));
    expect(byPlace.jobs.map((j: { title: string }) => j.title).sort()).toEqual(["Dallas garage", "Dallas roof"]);
    expect((await json(await t.fetch("/api/jobs/search?state=TX&status=completed"))).jobs).toEqual([]);
    const all = await json(await t.fetch("/api/jobs/search?category=&status=&state="));
    expect(all.total).toBe(7);
    expect((await t.fetch("/api/jobs/search?city=Dallas")).status).toBe(400);
    expect((await t.fetch("/api/jobs/search?zipCode=123")).status).toBe(400);
  });
});

describe("POST /api/requests", () => {
  test("routes a quote request to matching professionals nearby", async () => {
    const t = newTest();
    const { as } = await owner(t);
    const near = await pro(t);
    await pro(t, { ...DALLAS });
    await pro(t, { professions: ["painter"], primaryProfession: "painter" });
    const response = await post(as, "/api/requests", quote());
    expect(response.status).toBe(201);
    const result = await json(response);
    expect(result.matched).toBe(1);
    const job = await t.run((ctx) => ctx.db.get("jobs", result.jobId as Id<"jobs">));
    expect(job).toMatchObject({ state: "TX", city: "Austin", source: "quote_request", status: "available" });
    const notes = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", near.userId))
        .take(10),
    );
    expect(notes.map((n) => n.title)).toEqual(["New quote request near you"]);
  });

  test("bad input is a 400 with the quote form's message; no token is a 401", async () => {
    const t = newTest();
    const { as } = await owner(t);
    const cases: [Record<string, unknown>, string][] = [
      [quote({ title: "" }), "Project title is required"],
      [quote({ budget: "lots" }), "Please select a budget range"],
      [quote({ state: "" }), "State is required"],
      [quote({ zipCode: undefined }), "ZIP code is required"],
    ];
    for (const [body, message] of cases) {
      const response = await post(as, "/api/requests", body);
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe(message);
    }
    expect((await post(t, "/api/requests", quote())).status).toBe(401);
  });
});

describe("professionals", () => {
  async function directory(t: TestConvex) {
    await pro(t, { firstName: "Ada", lastName: "Zed", rating: 4.8, verified: true });
    await pro(t, { firstName: "Bo", lastName: "Young", rating: 3.2, professionalCategories: ["landscaping_exterior"], professions: ["landscaper"] });
    await pro(t, { firstName: "Cy", lastName: "Xu", rating: 2.5, ...DALLAS });
    await pro(t, { firstName: "Di", lastName: "Abbott", ...DALLAS, verified: true, rating: 4.1 });
    await owner(t, { firstName: "Homer" });
  }
  const names = (body: { professionals: { firstName: string }[] }) => body.professionals.map((p) => p.firstName);

  test("GET /api/professionals/search filters by category, place, rating, verified and sorts", async () => {
    const t = newTest();
    await directory(t);
    expect(names(await json(await t.fetch("/api/professionals/search")))).toEqual(["Di", "Cy", "Bo", "Ada"]);
    expect(names(await json(await t.fetch("/api/professionals/search?sortBy=rating")))).toEqual(["Ada", "Di", "Bo", "Cy"]);
    expect(names(await json(await t.fetch("/api/professionals/search?sortBy=verified")))).toEqual(["Ada", "Di", "Bo", "Cy"]);
    expect(names(await json(await t.fetch("/api/professionals/search?sortBy=newest")))).toEqual(["Di", "Cy", "Bo", "Ada"]);
    expect(names(await json(await t.fetch("/api/professionals/search?rating=4")))).toEqual(["Di", "Ada"]);
    expect(names(await json(await t.fetch("/api/professionals/search?verified=true&sortBy=name")))).toEqual(["Di", "Ada"]);
    expect(names(await json(await t.fetch("/api/professionals/search?category=landscaping_exterior")))).toEqual(["Bo"]);
    expect(names(await json(await t.fetch("/api/professionals/search?state=tx&city=Dallas&sortBy=rating")))).toEqual(["Di", "Cy"]);
    expect(names(await json(await t.fetch("/api/professionals/search?state=TX&rating=3&city=")))).toEqual(["Di", "Bo", "Ada"]);
    expect(names(await json(await t.fetch("/api/professionals/search?zipCode=78701&sortBy=name")))).toEqual(["Bo", "Ada"]);
    expect(names(await json(await t.fetch("/api/professionals/search?q=Abbott")))).toEqual(["Di"]);
    expect(names(await json(await t.fetch("/api/professionals/search?q=landscaper&available=true")))).toEqual(["Bo"]);
    const body = await json(await t.fetch("/api/professionals/search?zipCode=75201"));
    expect(body.professionals[0]).toMatchObject({ id: expect.any(String), city: "Dallas", state: "TX", distanceMiles: 0 });
    // The directory card carries no private fields.
    expect(JSON.stringify(body)).not.toMatch(/email|phone|555-01|lockout|stripe/i);
  });

  test("GET /api/professionals/search refuses bad filters with 400s", async () => {
    const t = newTest();
    for (const query of ["rating=5", "verified=maybe", "available=maybe", "sortBy=price", "category=plumbing", "state=T1", "zipCode=00000", "city=Austin"]) {
      expect((await t.fetch(`/api/professionals/search?${query}`)).status, query).toBe(400);
    }
  });

  test("GET /api/professionals/nearby: the caller's nearby pros as summaries; 401 without a token", async () => {
    const t = newTest();
    await directory(t);
    const { as } = await owner(t);
    const body = await json(await as.fetch("/api/professionals/nearby"));
    expect(names(body).sort()).toEqual(["Ada", "Bo"]);
    expect(Object.keys(body.professionals[0])).toEqual(
      expect.arrayContaining(["id", "firstName", "lastName", "businessName", "primaryProfession", "bio"]),
    );
    expect(JSON.stringify(body)).not.toMatch(/@example\.com|555-01/);
    expect((await t.fetch("/api/professionals/nearby")).status).toBe(401);
  });

  test("GET /api/professionals/stats: the caller's dashboard figures", async () => {
    const t = newTest();
    const p = await pro(t, { rating: 4.5, reviewCount: 3, jobsWorkingActive: 2 });
    expect(await json(await p.as.fetch("/api/professionals/stats"))).toEqual({
      activeJobs: 2,
      completedJobs: 0,
      thisMonth: 0,
      rating: 4.5,
      reviewCount: 3,
      available: true,
      connections: 0,
    });
    expect((await t.fetch("/api/professionals/stats")).status).toBe(401);
  });
});

describe("POST /api/auth/login", () => {
  test("returns a token for the account, whose subject is the user (the Bearer token of the other routes)", async () => {
    const t = newTest();
    await t.action(api.auth.signIn, { provider: "password", params: signUpParams() });
    const response = await post(t, "/api/auth/login", { email: "Maya@example.com", password: STRONG_PASSWORD });
    expect(response.status).toBe(200);
    const { token } = await json(response);
    expect(token).toEqual(expect.any(String));
    const claims = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    const user = await t.run((ctx) =>
      ctx.db
        .query("users")
        .withIndex("email", (q) => q.eq("email", "maya@example.com"))
        .first(),
    );
    expect(claims.sub.split("|")[0]).toBe(user!._id);
    // The same identity the runtime derives from that token can post a job.
    const caller = t.withIdentity({ subject: claims.sub });
    expect((await post(caller, "/api/jobs", project())).status).toBe(201);
  });

  test("wrong password or unknown account: 401 'Login failed'; bad input: 400 with the form's message", async () => {
    const t = newTest();
    await t.action(api.auth.signIn, { provider: "password", params: signUpParams() });
    for (const body of [
      { email: "maya@example.com", password: "Wrong-Password1!" },
      { email: "nobody@example.com", password: STRONG_PASSWORD },
    ]) {
      const response = await post(t, "/api/auth/login", body);
      expect(response.status).toBe(401);
      expect(await json(response)).toMatchObject({ message: "Login failed" });
    }
    const bad = await post(t, "/api/auth/login", { email: "nope", password: "x" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe("Invalid email address");
    expect((await post(t, "/api/auth/login", { email: "maya@example.com" })).status).toBe(400);
    expect((await post(t, "/api/auth/login", "{")).status).toBe(400);
  });
});
