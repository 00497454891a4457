// Demo scrap listings (issue 17), through the app's own code paths (insertListing, claimListing,
// confirmPickup, move), so statuses, history, holds and counters are what the app writes. A few
// are near the demo accounts in Austin; some are on hold, one picked up, one expired.
import { v } from "convex/values";
import { scrapListingSchema, type ScrapListingInput } from "../../common/scrap";
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { internalMutation } from "../functions";
import { claimListing, confirmPickup, insertListing, move } from "../model/scrap";
import { CITIES, DEMO_ACCOUNTS, rowRng } from "./data";

type Lister = "owner" | "pro" | number;
type Fate = "available" | "on_hold" | "held_by_pro" | "picked_up" | "expired";

interface DemoListing extends ScrapListingInput {
  by: Lister;
  fate: Fate;
}

/** `by`: the demo owner, the demo professional, or the n-th seeded homeowner. ZIPs without a lister's own place are near Austin. */
const DEMO_LISTINGS: readonly DemoListing[] = [
  { by: "owner", fate: "on_hold", title: "Leftover cedar fence boards", description: "About 30 six-foot cedar pickets from our fence repair. Some weathered, all usable.", category: "construction", materialType: "Cedar", quantity: "30 boards", location: "Driveway, South Lamar", zipCode: "78704", price: "" },
  { by: "owner", fate: "picked_up", title: "Old washing machine (works)", description: "Top-loading washer, 8 years old, still runs. Replaced with a stacked set.", category: "appliances", quantity: "1", location: "Garage, South Lamar", zipCode: "78704", price: "$40" },
  { by: "owner", fate: "available", title: "Bagged yard trimmings", description: "Oak leaves and shrub trimmings in paper yard bags. Good for compost.", category: "yard_waste", quantity: "12 bags", location: "Curbside", zipCode: "78704", price: "" },
  { by: "pro", fate: "available", title: "Copper wire offcuts", description: "12 and 14 gauge Romex offcuts from a rewiring job, insulation still on.", category: "metal", materialType: "Copper", quantity: "About 15 lb", location: "Shop lot off East 6th", zipCode: "78702", price: "Make an offer" },
  { by: "pro", fate: "expired", title: "Box of light switches and outlets", description: "Mixed new-in-box switches, GFCI outlets and cover plates.", category: "electronics", quantity: "1 box", location: "Shop lot off East 6th", zipCode: "78702", price: "" },
  { by: 0, fate: "held_by_pro", title: "Pallet of leftover pavers", description: "Tan concrete pavers, 4x8, about half a pallet left after a patio.", category: "construction", materialType: "Concrete", quantity: "Half a pallet", location: "Side yard, Zilker", zipCode: "78746", price: "" },
  { by: 1, fate: "available", title: "Scrap aluminum gutters", description: "Old seamless gutters taken down, about 60 feet total.", category: "metal", materialType: "Aluminum", quantity: "60 ft", location: "Behind the house", zipCode: "78745", price: "" },
  { by: 2, fate: "on_hold", title: "Working microwave and toaster oven", description: "Both work; upgraded the kitchen.", category: "appliances", quantity: "2 items", location: "Front porch", zipCode: "78758", price: "$15 for both" },
  { by: 3, fate: "available", title: "Free moving boxes and packing paper", description: "Around 25 boxes in mixed sizes, flattened, plus a bag of packing paper.", category: "free_materials", quantity: "25 boxes", location: "Apartment lobby, ask the desk", zipCode: "78751", price: "" },
  { by: 4, fate: "available", title: "Old desktop computers for recycling", description: "Two towers and a monitor, drives removed.", category: "electronics", quantity: "3 items", location: "Garage", zipCode: "", price: "" },
  { by: 5, fate: "available", title: "Half-used paint cans", description: "Interior latex, mostly neutrals, lids sealed.", category: "free_materials", quantity: "8 cans", location: "Carport", zipCode: "", price: "" },
  { by: 6, fate: "available", title: "Brush pile from tree trimming", description: "Cut limbs stacked by the alley, good for firewood or chipping.", category: "yard_waste", quantity: "One truckload", location: "Alley behind the house", zipCode: "", price: "" },
  { by: 7, fate: "available", title: "Steel rebar pieces", description: "Assorted #4 rebar offcuts, 2 to 6 feet.", category: "metal", materialType: "Steel", quantity: "About 40 pieces", location: "Backyard", zipCode: "", price: "$20" },
  { by: 8, fate: "available", title: "Leftover drywall sheets", description: "Five full 4x8 half-inch sheets, kept dry in the garage.", category: "construction", materialType: "Drywall", quantity: "5 sheets", location: "Garage", zipCode: "", price: "" },
];

async function userByEmail(ctx: QueryCtx, email: string): Promise<Doc<"users"> | null> {
  return await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", email))
    .unique();
}

/** Whether the demo owner already has the demo listings (the first one is posted first). */
export async function demoListingsDone(ctx: QueryCtx, ownerId: Doc<"users">["_id"]): Promise<boolean> {
  const own = await ctx.db
    .query("scrapListings")
    .withIndex("by_userId", (q) => q.eq("userId", ownerId))
    .take(20);
  return own.some((l) => l.title === DEMO_LISTINGS[0]!.title);
}

async function place(ctx: MutationCtx, listing: DemoListing, lister: Doc<"users">, claimers: Doc<"users">[], pro: Doc<"users"> | null) {
  const values = scrapListingSchema.parse({
    ...listing,
    zipCode: listing.zipCode || lister.zipCode || "78701",
    ...(listing.zipCode ? {} : { city: lister.city, state: lister.state, county: lister.county }),
  });
  let row = await insertListing(ctx, lister, values);
  const claimer = claimers[DEMO_LISTINGS.indexOf(listing) % Math.max(claimers.length, 1)];
  if ((listing.fate === "on_hold" || listing.fate === "picked_up") && claimer) {
    row = await claimListing(ctx, row, claimer);
    if (listing.fate === "picked_up") await confirmPickup(ctx, row, lister._id);
  } else if (listing.fate === "held_by_pro" && pro) {
    await claimListing(ctx, row, pro);
  } else if (listing.fate === "expired") {
    // As the scheduler does when the 30 days are over.
    await ctx.db.patch("scrapListings", row._id, { expiresAt: Date.now() });
    await move(ctx, { ...row, expiresAt: Date.now() }, "expire", null);
  }
}

export const insertDemoListings = internalMutation({
  args: {},
  returns: v.object({ inserted: v.number() }),
  handler: async (ctx) => {
    const owner = await userByEmail(ctx, DEMO_ACCOUNTS[0]!.email);
    const pro = await userByEmail(ctx, DEMO_ACCOUNTS[1]!.email);
    if (owner === null || (await demoListingsDone(ctx, owner._id))) return { inserted: 0 };
    const homeowners = (
      await ctx.db
        .query("users")
        .withIndex("by_userType", (q) => q.eq("userType", "homeowner"))
        .take(40)
    ).filter((u) => u.seeded && u.zipCode && u._id !== owner._id);
    const claimers = (
      await ctx.db
        .query("users")
        .withIndex("by_userType", (q) => q.eq("userType", "professional"))
        .take(40)
    ).filter((u) => u.seeded && u._id !== pro?._id);
    let inserted = 0;
    for (const listing of DEMO_LISTINGS) {
      const lister = listing.by === "owner" ? owner : listing.by === "pro" ? pro : homeowners[listing.by];
      if (!lister) continue;
      await place(ctx, listing, lister, claimers, pro);
      inserted += 1;
    }
    return { inserted };
  },
});

// ---------------------------------------------------------------------------
// Benchmark data (bench/scrap.ts): many open listings across the seed's cities, fast.

export const benchListings = internalMutation({
  args: { listerId: v.id("users"), start: v.number(), count: v.number(), seed: v.number() },
  returns: v.number(),
  handler: async (ctx, { listerId, start, count, seed }) => {
    if (count < 0 || count > 1000) throw new Error("seed/scrap:benchListings takes at most 1,000 listings per call");
    const lister = await ctx.db.get("users", listerId);
    if (lister === null) throw new Error("seed/scrap:benchListings: no such lister");
    for (let i = start; i < start + count; i++) {
      const rng = rowRng(seed, "benchListings", i);
      const city = rng.weighted(CITIES, (c) => c.weight);
      const demo = DEMO_LISTINGS[i % DEMO_LISTINGS.length]!;
      const values = scrapListingSchema.parse({
        title: `${demo.title} #${i}`,
        description: demo.description,
        category: demo.category,
        location: "Curbside",
        city: city.city,
        state: city.state,
        zipCode: city.zipCode,
        price: demo.price,
      });
      await insertListing(ctx, lister, values, [], { schedule: false });
    }
    return count;
  },
});
