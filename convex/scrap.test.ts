import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { SCRAP_CATEGORIES, SCRAP_LIMITS, ScrapCopy, scrapListingSchema, type ScrapListingInput } from "../common/scrap";
import { distanceMiles, placesNamed, zipsNear, zipToPoint } from "./model/geo";
import { radiusOf } from "./model/professionals";
import { insertListing } from "./model/scrap";
import { fileBlob, newTest, owner, pro, signedIn, userRow, type TestConvex, type TestMember } from "./test.setup";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const verified = { emailVerificationTime: Date.now() };
const first = { numItems: 20, cursor: null };

function listingArgs(overrides: Partial<ScrapListingInput> = {}) {
  return {
    title: "Copper pipe offcuts",
    description: "About 20 feet of 3/4 inch copper from a bathroom remodel.",
    category: "metal",
    location: "Behind the garage, East 6th St",
    zipCode: "78701",
    quantity: "1 bucket",
    ...overrides,
  } as { title: string; category: string; location: string; zipCode: string } & Record<string, string | number>;
}

async function post(m: TestMember, overrides: Partial<ScrapListingInput> = {}): Promise<Id<"scrapListings">> {
  const result = await m.as.mutation(api.scrap.create, listingArgs(overrides));
  const id = "id" in result ? result.id : undefined;
  if (id === undefined) throw new Error(JSON.stringify(result));
  return id;
}

async function row(t: TestConvex, id: Id<"scrapListings">) {
  return (await t.run((ctx) => ctx.db.get("scrapListings", id)))!;
}

async function titlesOf(t: TestConvex, userId: Id<"users">) {
  const rows = await t.run((ctx) =>
    ctx.db
      .query("notifications")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .collect(),
  );
  return rows.map((n) => n.title);
}

async function world() {
  const t = newTest();
  const lister = await owner(t, { firstName: "Lena", ...verified });
  const claimer = await pro(t, { firstName: "Cody", ...verified });
  const other = await pro(t, { firstName: "Omar", ...verified });
  return { t, lister, claimer, other };
}

beforeEach(() => vi.useFakeTimers({ now: new Date("2026-11-24T12:00:00Z") }));
afterEach(() => vi.useRealTimers());

describe("posting a listing", () => {
  test("creates an available listing located by its ZIP, price Free by default, expiring in 30 days", async () => {
    const { t, lister } = await world();
    const id = await post(lister);
    const listing = await row(t, id);
    expect(listing).toMatchObject({ status: "available", open: true, price: "Free", city: "Austin", state: "TX" });
    expect(listing.contactMethod).toBe("message");
    expect(listing.holdHours).toBe(48);
    expect(listing.expiresAt).toBe(Date.now() + 30 * DAY);
    const page = await lister.as.query(api.scrap.list, { paginationOpts: first });
    expect(page.page.map((c) => c._id)).toEqual([id]);
    expect(page.page[0]!.price).toBe("Free");
  });

  test("refuses bad input with the spec's messages, and needs a verified email", async () => {
    const { t, lister } = await world();
    const fail = (args: Record<string, unknown>) =>
      lister.as.mutation(api.scrap.create, { ...listingArgs(), ...args } as never).then(
        () => null,
        (e: { data?: { message: string; fields?: Record<string, string> } }) => e.data,
      );
    expect(await fail({ category: "" })).toMatchObject({ message: "Required", fields: { category: "Required" } });
    expect(await fail({ location: " " })).toMatchObject({ fields: { location: "Required" } });
    expect(await fail({ zipCode: "" })).toMatchObject({ fields: { zipCode: "Required" } });
    expect(await fail({ zipCode: "7870" })).toMatchObject({ message: ScrapCopy.zipInvalid });
    expect(await fail({ zipCode: "00000" })).toMatchObject({ message: ScrapCopy.zipUnknown });
    expect(await fail({ holdHours: 5 })).toMatchObject({ fields: { holdHours: expect.any(String) } });
    const unverified = await owner(t);
    await expect(unverified.as.mutation(api.scrap.create, listingArgs())).rejects.toThrow(/verify your email/);
    await expect(t.mutation(api.scrap.create, listingArgs())).rejects.toThrow(/sign in/);
  });

  test("photos must be the poster's own images of at most 5 MB; a refused one is deleted", async () => {
    const { t, lister, claimer } = await world();
    const image = await t.run((ctx) => ctx.storage.store(fileBlob(64, "image/png")));
    const ok = await lister.as.mutation(api.scrap.create, { ...listingArgs(), photos: [image] });
    expect("id" in ok).toBe(true);
    // Already attached: nobody can attach it again.
    const again = await claimer.as.mutation(api.scrap.create, { ...listingArgs(), photos: [image] });
    expect(again).toMatchObject({ refused: { code: "FORBIDDEN" } });
    const big = await t.run((ctx) =>
      ctx.storage.store(fileBlob(SCRAP_LIMITS.photoBytes + 1, "image/jpeg")),
    );
    const tooBig = await lister.as.mutation(api.scrap.create, { ...listingArgs(), photos: [big] });
    expect(tooBig).toMatchObject({ refused: { message: ScrapCopy.photoTooLarge } });
    expect(await t.run((ctx) => ctx.db.system.get(big))).toBeNull();
    const seven = Array.from({ length: 7 }, () => image);
    await expect(lister.as.mutation(api.scrap.create, { ...listingArgs(), photos: seven })).rejects.toThrow(
      ScrapCopy.tooManyPhotos,
    );
  });
});

describe("only the lister edits, deletes, confirms or releases", () => {
  test("others are refused; the lister may", async () => {
    const { t, lister, claimer, other } = await world();
    const id = await post(lister);
    await expect(other.as.mutation(api.scrap.update, { id, ...listingArgs({ title: "Mine now" }) })).rejects.toThrow(
      ScrapCopy.onlyLister,
    );
    await expect(other.as.mutation(api.scrap.remove, { id })).rejects.toThrow(ScrapCopy.onlyLister);
    await expect(other.as.mutation(api.scrap.renew, { id })).rejects.toThrow(ScrapCopy.onlyLister);
    await claimer.as.mutation(api.scrap.claim, { id });
    await expect(other.as.mutation(api.scrap.confirm, { id })).rejects.toThrow(ScrapCopy.onlyLister);
    await expect(other.as.mutation(api.scrap.release, { id })).rejects.toThrow(ScrapCopy.onlyLister);
    await expect(claimer.as.mutation(api.scrap.confirm, { id })).rejects.toThrow(ScrapCopy.onlyLister);
    await expect(lister.as.mutation(api.scrap.claim, { id })).rejects.toThrow(ScrapCopy.ownListing);

    await lister.as.mutation(api.scrap.update, { id, ...listingArgs({ title: "Copper and brass", zipCode: "75201" }) });
    expect(await row(t, id)).toMatchObject({ title: "Copper and brass", city: "Dallas", status: "on_hold" });
    await lister.as.mutation(api.scrap.confirm, { id });
    // A repeated confirm is the same as one.
    await lister.as.mutation(api.scrap.confirm, { id });
    expect(await row(t, id)).toMatchObject({ status: "picked_up", open: false });
    expect(await titlesOf(t, claimer.userId)).toContain("Pickup confirmed");
    await lister.as.mutation(api.scrap.remove, { id });
    expect((await row(t, id)).status).toBe("removed");
    expect(await claimer.as.query(api.scrap.get, { id })).toBeNull();
    const events = await t.run((ctx) =>
      ctx.db
        .query("scrapEvents")
        .withIndex("by_listingId", (q) => q.eq("listingId", id))
        .collect(),
    );
    expect(events.map((e) => e.kind)).toEqual(["create", "claim", "confirmPickup", "remove"]);
  });
});

describe("claiming", () => {
  test("two members claiming at once: exactly one hold", async () => {
    const { t, lister, claimer, other } = await world();
    const id = await post(lister);
    const results = await Promise.allSettled([
      claimer.as.mutation(api.scrap.claim, { id }),
      other.as.mutation(api.scrap.claim, { id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason)).toContain(ScrapCopy.alreadyHeld);
    const listing = await row(t, id);
    expect(listing.status).toBe("on_hold");
    expect(listing.holdUntil).toBe(Date.now() + 48 * HOUR);
    expect(await titlesOf(t, lister.userId)).toEqual(["Your listing was claimed"]);
  });

  test("the lister sees who holds it and their missed pickups; the claimer sees the lister's contact when chosen", async () => {
    const { lister, claimer, other } = await world();
    const id = await post(lister, { contactMethod: "phone" });
    await claimer.as.mutation(api.scrap.claim, { id });
    const asLister = (await lister.as.query(api.scrap.get, { id }))!;
    expect(asLister.claimer).toMatchObject({ _id: claimer.userId, missedPickups: 0 });
    expect(asLister.actions).toEqual(expect.arrayContaining(["confirmPickup", "release"]));
    const asClaimer = (await claimer.as.query(api.scrap.get, { id }))!;
    expect(asClaimer.contact).toMatchObject({ kind: "phone" });
    expect(asClaimer.actions).toEqual(["cancelClaim"]);
    const asOther = (await other.as.query(api.scrap.get, { id }))!;
    expect(asOther.contact).toBeNull();
    expect(asOther.claimer).toBeNull();
    expect(asOther.canJoinWaitlist).toBe(true);
    expect(asOther.listing.holdUntil).toBe(Date.now() + 48 * HOUR);
  });

  test("a member holds at most 3 listings at once", async () => {
    const { t, lister, claimer } = await world();
    const ids = [await post(lister), await post(lister), await post(lister), await post(lister)];
    for (const id of ids.slice(0, 3)) await claimer.as.mutation(api.scrap.claim, { id });
    await expect(claimer.as.mutation(api.scrap.claim, { id: ids[3]! })).rejects.toThrow(ScrapCopy.holdLimit);
    await lister.as.mutation(api.scrap.confirm, { id: ids[0]! });
    await claimer.as.mutation(api.scrap.claim, { id: ids[3]! });
    expect((await row(t, ids[3]!)).claimerId).toBe(claimer.userId);
  });

  test("the waitlist: join only behind a hold, once; the lister's release passes the hold to the first", async () => {
    const { t, lister, claimer, other } = await world();
    const id = await post(lister);
    await expect(other.as.mutation(api.scrap.joinWaitlistFor, { id })).rejects.toThrow(ScrapCopy.waitlistNeedsHold);
    await claimer.as.mutation(api.scrap.claim, { id });
    await other.as.mutation(api.scrap.joinWaitlistFor, { id });
    await other.as.mutation(api.scrap.joinWaitlistFor, { id });
    expect((await row(t, id)).waitlistCount).toBe(1);
    await lister.as.mutation(api.scrap.release, { id });
    const listing = await row(t, id);
    expect(listing).toMatchObject({ status: "on_hold", claimerId: other.userId, waitlistCount: 0 });
    expect(await titlesOf(t, other.userId)).toContain("It's your turn");
    expect(await titlesOf(t, claimer.userId)).toContain("Hold released");
    // A release does not count as a missed pickup.
    expect((await userRow(t, claimer.userId)).scrapMissedPickups ?? 0).toBe(0);
  });
});

describe("the scheduler", () => {
  test("a hold that runs out is released once, counted as a missed pickup, and passed to the waitlist", async () => {
    const { t, lister, claimer, other } = await world();
    const id = await post(lister, { holdHours: 24 });
    await claimer.as.mutation(api.scrap.claim, { id });
    await other.as.mutation(api.scrap.joinWaitlistFor, { id });
    const firstHold = (await row(t, id)).holdUntil!;
    vi.advanceTimersByTime(24 * HOUR + 1000);
    await t.finishInProgressScheduledFunctions();
    let listing = await row(t, id);
    expect(listing).toMatchObject({ status: "on_hold", claimerId: other.userId, waitlistCount: 0 });
    expect((await userRow(t, claimer.userId)).scrapMissedPickups).toBe(1);
    expect(await titlesOf(t, claimer.userId)).toContain("Your hold ended");
    expect(await titlesOf(t, other.userId)).toContain("It's your turn");
    // The same run again (a retry) changes nothing.
    await t.mutation(internal.scrap.holdExpired, { listingId: id, holdUntil: firstHold });
    expect(await row(t, id)).toMatchObject({ claimerId: other.userId });
    expect((await userRow(t, claimer.userId)).scrapMissedPickups).toBe(1);
    // The lister sees the reliability hint.
    const asLister = (await lister.as.query(api.scrap.get, { id }))!;
    expect(asLister.claimer).toMatchObject({ _id: other.userId, missedPickups: 0 });
    // The second hold runs out with nobody waiting: available again.
    vi.advanceTimersByTime(24 * HOUR + 1000);
    await t.finishInProgressScheduledFunctions();
    listing = await row(t, id);
    expect(listing).toMatchObject({ status: "available", open: true });
    expect(listing.claimerId).toBeUndefined();
  });

  test("a listing expires after 30 days (reminded 2 days before) and the lister renews it", async () => {
    const { t, lister, other } = await world();
    const id = await post(lister);
    vi.advanceTimersByTime(28 * DAY + 1000);
    await t.finishInProgressScheduledFunctions();
    expect(await titlesOf(t, lister.userId)).toContain("Listing expires soon");
    expect((await row(t, id)).status).toBe("available");
    vi.advanceTimersByTime(2 * DAY);
    await t.finishInProgressScheduledFunctions();
    expect(await row(t, id)).toMatchObject({ status: "expired", open: false });
    expect(await titlesOf(t, lister.userId)).toContain("Listing expired");
    // 30 days on, the test sessions have ended too: sign in again.
    lister.as = (await signedIn(t, lister.userId)).as;
    other.as = (await signedIn(t, other.userId)).as;
    expect((await other.as.query(api.scrap.list, { paginationOpts: first })).page).toEqual([]);
    expect(await other.as.query(api.scrap.get, { id })).toBeNull();
    await expect(other.as.mutation(api.scrap.claim, { id })).rejects.toThrow(/expired can't be claimed/);

    await lister.as.mutation(api.scrap.renew, { id });
    const renewed = await row(t, id);
    expect(renewed).toMatchObject({ status: "available", open: true, expiresAt: Date.now() + 30 * DAY });
    // The old expiry's stale run changes nothing.
    await t.mutation(internal.scrap.expireListing, { listingId: id, expiresAt: renewed.expiresAt - 1 });
    expect((await row(t, id)).status).toBe("available");
  });
});

describe("finding", () => {
  async function spread() {
    const w = await world();
    const austin = await post(w.lister, { title: "Austin lumber", category: "construction", zipCode: "78701" });
    const roundRock = await post(w.lister, { title: "Round Rock fridge", category: "appliances", zipCode: "78664", location: "Curbside", county: "Williamson" });
    const dallas = await post(w.lister, { title: "Dallas scrap", category: "metal", zipCode: "75201" });
    return { ...w, austin, roundRock, dallas };
  }
  const ids = (page: { page: { _id: string }[] }) => page.page.map((c) => c._id);

  test("the place filter matches any part of a ZIP, and location, city and county", async () => {
    const { other, austin, roundRock, dallas } = await spread();
    const byPlace = (place: string) => other.as.query(api.scrap.list, { place, paginationOpts: first }).then(ids);
    expect(await byPlace("787")).toEqual([austin]);
    expect(await byPlace("8664")).toEqual([roundRock]);
    expect(await byPlace("201")).toEqual([dallas]);
    expect(await byPlace("78")).toEqual(expect.arrayContaining([austin, roundRock]));
    expect(await byPlace("williamson")).toEqual([roundRock]);
    expect(await byPlace("Dallas")).toEqual([dallas]);
    expect(await byPlace("curb")).toEqual([roundRock]);
    expect(await byPlace("Nowhere")).toEqual([]);
    const metal = await other.as.query(api.scrap.list, { place: "78", category: "metal", paginationOpts: first });
    expect(ids(metal)).toEqual([]);
  });

  test("within N miles of a ZIP, nearest first; without a place, newest first", async () => {
    const { other, austin, roundRock, dallas } = await spread();
    const near = await other.as.query(api.scrap.list, { zip: "78701", radius: 25, paginationOpts: first });
    expect(ids(near)).toEqual([austin, roundRock]);
    expect(near.page[1]!.distanceMiles).toBeGreaterThan(10);
    const wide = await other.as.query(api.scrap.list, { zip: "78701", radius: 100, paginationOpts: first });
    expect(ids(wide)).toEqual([austin, roundRock]);
    const all = await other.as.query(api.scrap.list, { paginationOpts: first });
    expect(ids(all)).toEqual([dallas, roundRock, austin]);
    const appliances = await other.as.query(api.scrap.list, { category: "appliances", paginationOpts: first });
    expect(ids(appliances)).toEqual([roundRock]);
    await expect(other.as.query(api.scrap.list, { zip: "00000", paginationOpts: first })).rejects.toThrow(
      ScrapCopy.zipUnknown,
    );
    await expect(other.as.query(api.scrap.list, { category: "gold", paginationOpts: first })).rejects.toThrow(
      "Unknown category",
    );
  });

  test("the dashboard shows the nearest open listings, not the viewer's own", async () => {
    const { other, lister, austin, roundRock } = await spread();
    const mine = await lister.as.query(api.scrap.nearby, {});
    expect(mine).toMatchObject({ listings: [], near: false, located: true });
    const theirs = await other.as.query(api.scrap.nearby, {});
    expect(theirs.near).toBe(true);
    expect(theirs.listings.map((l) => l._id)).toEqual([austin, roundRock]);
  });
});

describe("distance lists read nearest first, page by page (k-nearest, not a sort of everything)", () => {
  /** A small seeded random source, so a failure can be replayed. */
  function random(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let x = Math.imul(a ^ (a >>> 15), 1 | a);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** 300 listings at random ZIPs within 40 miles of downtown Austin (some sharing a centre), a tenth closed. */
  async function scattered() {
    const w = await world();
    const rand = random(17);
    const austin = zipToPoint("78701")!;
    const zips = zipsNear(austin, 40).map((z) => z.zip);
    // A few ZIPs get many listings, so ties (same distance) are common.
    const busy = ["78701", "78664", zips[5]!];
    await w.t.run(async (ctx) => {
      const lister = (await ctx.db.get("users", w.lister.userId))!;
      for (let i = 0; i < 300; i++) {
        const zipCode = rand() < 0.4 ? busy[Math.floor(rand() * busy.length)]! : zips[Math.floor(rand() * zips.length)]!;
        const category = SCRAP_CATEGORIES[Math.floor(rand() * SCRAP_CATEGORIES.length)]!.value;
        const values = scrapListingSchema.parse({ title: `Lot ${i}`, category, location: rand() < 0.1 ? "Austin Ave" : "Curbside", zipCode });
        const listing = await insertListing(ctx, lister, values, [], { schedule: false });
        if (rand() < 0.1) await ctx.db.patch("scrapListings", listing._id, { status: "picked_up", open: false });
      }
    });
    const rows = await w.t.run((ctx) => ctx.db.query("scrapListings").collect());
    // Some ZIP codes share a centre: listings at different ZIPs tie on distance and merge newest first.
    const zipsAt = new Map<string, Set<string>>();
    for (const r of rows) zipsAt.set(`${r.lat},${r.lng}`, (zipsAt.get(`${r.lat},${r.lng}`) ?? new Set()).add(r.zipCode));
    expect([...zipsAt.values()].some((zips) => zips.size > 1)).toBe(true);
    return { ...w, rows, austin };
  }

  type Row = Awaited<ReturnType<typeof scattered>>["rows"][number];
  /** The order a user must see: every match sorted by distance, newer first on ties. */
  function bruteForce(rows: Row[], from: { lat: number; lng: number }, keep: (r: Row, miles: number) => boolean) {
    return rows
      .filter((r) => r.open)
      .map((r) => ({ r, miles: distanceMiles(from, { lat: r.lat, lng: r.lng }) }))
      .filter(({ r, miles }) => keep(r, miles))
      .sort((a, b) => a.miles - b.miles || b.r._creationTime - a.r._creationTime)
      .map(({ r }) => r._id);
  }

  async function everyPage(m: TestMember, args: Record<string, unknown>, numItems: number) {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const result: { page: { _id: string }[]; isDone: boolean; continueCursor: string } = await m.as.query(api.scrap.list, {
        ...args,
        paginationOpts: { numItems, cursor },
      });
      seen.push(...result.page.map((c) => c._id));
      if (result.isDone) return seen;
      expect(result.page).toHaveLength(numItems);
      cursor = result.continueCursor;
    }
    throw new Error("more than 100 pages");
  }

  test("within N miles of a ZIP, with and without a category: every page in brute-force order", async () => {
    const { other, rows, austin } = await scattered();
    for (const [radius, category, numItems] of [
      [10, undefined, 7],
      [25, undefined, 20],
      [25, "metal", 6],
      [100, "appliances", 9],
    ] as const) {
      const expected = bruteForce(rows, austin, (r, miles) => miles <= radius && (category === undefined || r.category === category));
      expect(expected.length).toBeGreaterThan(numItems);
      expect(await everyPage(other, { zip: "78701", radius, category }, numItems)).toEqual(expected);
    }
    // Place words within the radius: checked on each listing, same order.
    const words = bruteForce(rows, austin, (r, miles) => miles <= 25 && r.placeText.includes("austin") && r.placeText.includes("ave"));
    expect(words.length).toBeGreaterThan(3);
    expect(await everyPage(other, { zip: "78701", radius: 25, place: "Austin Ave" }, 3)).toEqual(words);
  });

  test("a place that names a city: that city's listings nearest its centre first, every page", async () => {
    const { other, rows } = await scattered();
    const austinTx = placesNamed("austin", "TX")[0]!;
    const centre = zipToPoint(austinTx.zipCode)!;
    const expected = bruteForce(rows, centre, (r) => austinTx.zips.includes(r.zipCode) && r.placeText.includes("austin"));
    expect(expected.length).toBeGreaterThan(20);
    expect(await everyPage(other, { place: "Austin" }, 8)).toEqual(expected);
    // A ZIP: that ZIP's listings, newest first.
    const zip = bruteForce(rows, centre, (r) => r.zipCode === "78664");
    expect(await everyPage(other, { place: "78664" }, 5)).toEqual(zip);
    // Text that names no place goes through the search, page by page, each listing once.
    const street = rows.filter((r) => r.open && r.location === "Austin Ave").map((r) => r._id);
    const byText = await everyPage(other, { place: "ave" }, 4);
    expect([...byText].sort()).toEqual([...street].sort());
  });

  test("the dashboard: the nearest within the viewer's radius, newer first on ties, not the viewer's own", async () => {
    const { t, other, lister, rows } = await scattered();
    const mine = await t.run(async (ctx) => {
      const viewer = (await ctx.db.get("users", other.userId))!;
      const values = scrapListingSchema.parse({ title: "Mine", category: "metal", location: "Curbside", zipCode: "78701" });
      return (await insertListing(ctx, viewer, values, [], { schedule: false }))._id;
    });
    const viewer = await userRow(t, other.userId);
    const from = { lat: viewer.lat!, lng: viewer.lng! };
    const expected = bruteForce(rows, from, (_r, miles) => miles <= radiusOf(viewer)).slice(0, 6);
    const shown = await other.as.query(api.scrap.nearby, {});
    expect(shown.near).toBe(true);
    expect(shown.listings.map((l) => l._id)).toEqual(expected);
    expect(shown.listings.map((l) => l._id)).not.toContain(mine);
    expect((await lister.as.query(api.scrap.nearby, { limit: 24 })).listings.map((l) => l._id)).toContain(mine);
  });

  test("a cursor from elsewhere is refused with the spec's words", async () => {
    const { other } = await scattered();
    const bad = { numItems: 5, cursor: "20" };
    await expect(other.as.query(api.scrap.list, { zip: "78701", paginationOpts: bad })).rejects.toThrow(ScrapCopy.invalidCursor);
    await expect(other.as.query(api.scrap.list, { place: "Austin", paginationOpts: bad })).rejects.toThrow(ScrapCopy.invalidCursor);
    // A nearest-first cursor for text that names no place (the text changed between pages).
    const near = { numItems: 5, cursor: "near:0" };
    await expect(other.as.query(api.scrap.list, { place: "curbside pile", paginationOpts: near })).rejects.toThrow(
      ScrapCopy.invalidCursor,
    );
  });
});
