// Full text search as Convex ranks it: BM25 relevance, only the last term a
// prefix, filter fields as equalities, at most 1,024 results, and a search
// reads what it returns rather than the table.
import { anyApi } from "convex/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { copyFixture, httpClient, startRuntime, tempDir, waitFor, type Running } from "./harness.js";

const api = anyApi;
let rt: Running;
let http: ReturnType<typeof httpClient>;

beforeAll(async () => {
  rt = await startRuntime({ appDir: copyFixture("apps/cjs"), dataDir: tempDir("local-convex-search-") });
  http = httpClient(rt.cloudUrl);
  await http.mutation(api.articles.add, {
    bodies: ["apple banana", "apple apple apple", "banana cherry", "cherry", "applesauce recipe", "pineapple tart"],
  });
}, 90_000);

afterAll(async () => {
  await rt?.stop();
});

const search = (q: string, extra: Record<string, unknown> = {}) => http.query(api.articles.search, { q, ...extra });

it("ranks by relevance (BM25 over the search field)", async () => {
  const results = await search("apple");
  expect(results[0]).toBe("apple apple apple");
  expect(results).toContain("apple banana");
  // A word that merely contains the term is no match.
  expect(results).not.toContain("pineapple tart");
});

it("matches only the last term as a prefix", async () => {
  expect(await search("app")).toEqual(expect.arrayContaining(["apple apple apple", "apple banana", "applesauce recipe"]));
  // "app" is not the last term: it must match a whole word, so only "banana" counts.
  expect((await search("app banana")).sort()).toEqual(["apple banana", "banana cherry"]);
  expect(await search("app zzz")).toEqual([]);
});

it("puts the document matching every term of an exact name first, among many partial matches", async () => {
  const filler = Array.from({ length: 40 }, (_, i) => `Smith Plumbing Services ${i} heating and plumbing`);
  await http.mutation(api.articles.add, { bodies: filler, author: "directory" });
  await http.mutation(api.articles.add, { bodies: ["Zephyr Quartz Plumbing"], author: "directory" });
  const results = await search("Zephyr Quartz Plumbing", { author: "directory", take: 10 });
  expect(results[0]).toBe("Zephyr Quartz Plumbing");
});

it("applies filter fields as equalities", async () => {
  await http.mutation(api.articles.add, { bodies: ["kiwi one"], author: "ann" });
  await http.mutation(api.articles.add, { bodies: ["kiwi two"], author: "bob" });
  expect(await search("kiwi", { author: "ann" })).toEqual(["kiwi one"]);
  expect((await search("kiwi")).sort()).toEqual(["kiwi one", "kiwi two"]);
});

it("keeps the index up to date on every commit, and within a transaction", async () => {
  const [id] = await http.mutation(api.articles.add, { bodies: ["mango lassi"] });
  expect(await search("mango")).toEqual(["mango lassi"]);
  await http.mutation(api.articles.remove, { id });
  expect(await search("mango")).toEqual([]);
  expect(await http.mutation(api.articles.addThenSearch, { body: "papaya salad", q: "papaya" })).toEqual(["papaya salad"]);
});

it("returns at most 1,024 results and reads only what it returns", async () => {
  for (let i = 0; i < 3; i++) {
    await http.mutation(api.articles.add, { bodies: Array.from({ length: 400 }, (_, j) => `common word ${i}-${j}`) });
  }
  expect(await search("common", { take: 5000 })).toHaveLength(1024);
  const before = rt.output.length;
  expect(await search("kiwi", { author: "bob" })).toEqual(["kiwi two"]);
  const line = await waitFor(() => rt.output.slice(before).find((l) => l.includes("Q articles:search ok")), "log line");
  expect(line).toMatch(/read 1 docs\/\d+ B \(scanned 1\)/);
}, 60_000);

it("paginates a search in relevance order without repeating or dropping a result", async () => {
  const all = await search("apple banana cherry");
  const paged: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const result: any = await http.query(api.articles.page, { q: "apple banana cherry", paginationOpts: { numItems: 2, cursor } });
    paged.push(...result.page.map((a: any) => a.body));
    if (result.isDone) break;
    cursor = result.continueCursor;
  }
  expect(paged).toEqual(all);
});
