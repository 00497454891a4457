// Demo photo requests (issue 15): the demo owner asks for a photographer on two jobs near the demo
// photographer; one is still open (it shows on the photographer's Photo requests), the other the
// photographer took, shot and delivered with photos (the owner sees them on the job page). Through
// the app's own code: insertJob (which tells photographers nearby), the photo request's transitions
// and the photos' claim (model/jobPhotos.ts); the photos are the demo feed's drawn images.
import { v } from "convex/values";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { internalAction, internalMutation } from "../functions";
import { addPhotos } from "../model/jobPhotos";
import { getJobX, insertJob, photoTransition } from "../model/jobs";
import { DEMO_ACCOUNTS } from "./data";
import { bytesOf } from "./feed";
import { FEED_IMAGES, type FeedImage } from "./feedImages";

const PHOTOGRAPHER_EMAIL = DEMO_ACCOUNTS.find((a) => a.label === "Photographer")!.email;

/** The delivered request's photos (drawn by scripts/feed-images.mjs). */
const DELIVERED_IMAGES: readonly FeedImage[] = ["deck", "paint", "shower"];

const DEMO_REQUESTS = {
  open: {
    title: "Listing photos for the South Austin ranch",
    description: "Interior and exterior photos of a 3-bedroom ranch before it goes on the market next month.",
  },
  delivered: {
    title: "Photos of the finished backyard deck",
    description: "Photos of the new deck and the yard around it, for the listing and our records.",
  },
} as const;

async function byEmail(ctx: MutationCtx, email: string): Promise<Doc<"users"> | null> {
  return await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", email))
    .first();
}

async function post(ctx: MutationCtx, owner: Doc<"users">, request: { title: string; description: string }) {
  return await insertJob(ctx, owner, {
    ...request,
    category: "photography",
    propertyType: "single_family",
    location: `${owner.city ?? "Austin"}, ${owner.state ?? "TX"}`,
    zipCode: owner.zipCode ?? "78704",
    urgency: "medium",
    budget: "$250-500",
    requirements: ["Wide-angle interiors", "Daylight exteriors"],
    photoRequired: true,
    source: "project",
    seeded: true,
  });
}

/**
 * The two requests: the open one, and the one the photographer takes (answered for the photos).
 * Null when they are there already or the demo accounts are missing.
 */
export const insertRequests = internalMutation({
  args: {},
  returns: v.union(v.null(), v.id("jobs")),
  handler: async (ctx) => {
    const owner = await byEmail(ctx, DEMO_ACCOUNTS[0]!.email);
    const photographer = await byEmail(ctx, PHOTOGRAPHER_EMAIL);
    if (owner === null || photographer === null) return null;
    const booked = await ctx.db
      .query("jobs")
      .withIndex("by_photographerId", (q) => q.eq("photographerId", photographer._id))
      .first();
    if (booked !== null) return null;
    await post(ctx, owner, DEMO_REQUESTS.open);
    const job = await post(ctx, owner, DEMO_REQUESTS.delivered);
    await photoTransition(ctx, job, "take", photographer);
    return job._id;
  },
});

/** The photographer attaches the stored photos and delivers. */
export const deliver = internalMutation({
  args: { jobId: v.id("jobs"), photos: v.array(v.id("_storage")) },
  returns: v.null(),
  handler: async (ctx, { jobId, photos }) => {
    const photographer = (await byEmail(ctx, PHOTOGRAPHER_EMAIL))!;
    const refusal = await addPhotos(ctx, await getJobX(ctx, jobId), photographer, photos);
    if (refusal !== null) throw new Error(refusal.refused.message);
    await photoTransition(ctx, await getJobX(ctx, jobId), "deliver", photographer);
    return null;
  },
});

/** Run from seed/run:run (an action: only actions store files). Answers how many requests were made. */
export const insertDemoPhotos = internalAction({
  args: {},
  returns: v.object({ inserted: v.number() }),
  handler: async (ctx): Promise<{ inserted: number }> => {
    const jobId: Id<"jobs"> | null = await ctx.runMutation(internal.seed.photos.insertRequests, {});
    if (jobId === null) return { inserted: 0 };
    const photos: Id<"_storage">[] = [];
    for (const name of DELIVERED_IMAGES) {
      photos.push(await ctx.storage.store(new Blob([bytesOf(FEED_IMAGES[name])], { type: "image/png" })));
    }
    await ctx.runMutation(internal.seed.photos.deliver, { jobId, photos });
    return { inserted: 2 };
  },
});
