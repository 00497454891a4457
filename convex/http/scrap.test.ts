// REST routes for scrap listings (spec §7), through the real router (`t.fetch`).
import { beforeAll, describe, expect, test } from "vitest";
import { ScrapCopy } from "../../common/scrap";
import { api } from "../_generated/api";
import { newTest, owner, pro, scrapListingBody, setupEnv, type TestConvex } from "../test.setup";

beforeAll(setupEnv);

const verified = { emailVerificationTime: Date.now() };
const post = (who: Pick<TestConvex, "fetch">, body: unknown) =>
  who.fetch("/api/scrap-listings", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

describe("POST /api/scrap-listings", () => {
  test("posts the listing and answers 201 with it (an empty price reads Free)", async () => {
    const t = newTest();
    const lister = await owner(t, verified);
    const response = await post(lister.as, scrapListingBody());
    expect(response.status).toBe(201);
    const listing = (await response.json()) as Record<string, unknown>;
    expect(listing).toMatchObject({ title: "Leftover copper pipe", status: "available", price: "Free", county: "Travis" });
    expect(typeof listing._id).toBe("string");
  });

  test("bad input is a 400 with the spec's message; no token is a 401", async () => {
    const t = newTest();
    const lister = await owner(t, verified);
    const missing = await post(lister.as, scrapListingBody({ category: undefined }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: "Required", fields: { category: "Required" } });
    const noPlace = await post(lister.as, scrapListingBody({ location: "" }));
    expect(await noPlace.json()).toMatchObject({ fields: { location: "Required" } });
    expect((await post(lister.as, scrapListingBody({ holdHours: "two days" }))).status).toBe(400);
    expect((await post(t, scrapListingBody())).status).toBe(401);
  });
});

describe("GET /api/scrap-listings", () => {
  test("filters by category, any part of a ZIP, and a radius; pages with nextCursor", async () => {
    const t = newTest();
    const lister = await owner(t, verified);
    await post(lister.as, scrapListingBody({ title: "Austin copper" }));
    await post(lister.as, scrapListingBody({ title: "Dallas fridge", category: "appliances", zipCode: "75201", city: "", state: "" }));
    const get = async (query: string) => {
      const r = await t.fetch(`/api/scrap-listings${query}`);
      return { status: r.status, body: (await r.json()) as { listings: { title: string }[]; nextCursor: string | null; message?: string } };
    };
    expect((await get("")).body.listings.map((l) => l.title)).toEqual(["Dallas fridge", "Austin copper"]);
    expect((await get("?category=appliances")).body.listings.map((l) => l.title)).toEqual(["Dallas fridge"]);
    expect((await get("?location=870")).body.listings.map((l) => l.title)).toEqual(["Austin copper"]);
    expect((await get("?zip=75201&radius=10")).body.listings.map((l) => l.title)).toEqual(["Dallas fridge"]);
    const first = await get("?limit=1");
    expect(first.body.nextCursor).not.toBeNull();
    const second = await get(`?limit=1&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(second.body.listings.map((l) => l.title)).toEqual(["Austin copper"]);
    expect((await get("?zip=7870")).body.message).toBe(ScrapCopy.zipInvalid);
    expect((await get("?radius=500&zip=78701")).status).toBe(400);
    expect((await get("?category=gold")).status).toBe(400);
  });

  test("a member claims through the app; the REST list shows the hold to everyone", async () => {
    const t = newTest();
    const lister = await owner(t, verified);
    const claimer = await pro(t, verified);
    const created = (await (await post(lister.as, scrapListingBody())).json()) as { _id: string };
    await claimer.as.mutation(api.scrap.claim, { id: created._id });
    const r = await t.fetch("/api/scrap-listings");
    const body = (await r.json()) as { listings: { status: string; holdUntil: number | null }[] };
    expect(body.listings[0]).toMatchObject({ status: "on_hold" });
    expect(body.listings[0]!.holdUntil).toBeGreaterThan(Date.now());
  });
});
