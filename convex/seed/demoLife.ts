// Life for the demo accounts (issue 11 "Demo data"): the demo professional
// signs in to conversations (some unread), connections and requests both ways,
// a backup network, a finished and reviewed job, and notifications of each
// general kind. Everything is written through the app's own model functions
// (deliverMessage, the connection transitions, the job graph, createReview,
// notify), so unread counts, connection counts and ratings are exact.
import { v } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { internalMutation } from "../functions";
import { acceptBid, insertJob, placeBid, transition as jobTransition } from "../model/jobs";
import { deliverMessage, markThreadRead } from "../model/messages";
import { connectionBetween, transition } from "../model/network";
import { markNotificationsRead, notify } from "../model/notifications";
import { createReview } from "../model/reviews";
import { DEMO_ACCOUNTS } from "./data";

const SEEDED_EMAIL = /@example\.com$/;
/** Seeded professionals the demo professional knows: 3 connections, 2 asking to connect, 1 asked. */
const PEERS_NEEDED = 6;

async function byEmail(ctx: MutationCtx, email: string): Promise<Doc<"users"> | null> {
  return await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", email))
    .first();
}

/** Seeded professionals near the demo professional (same city first, then the state), not demo accounts. */
async function peersOf(ctx: MutationCtx, pro: Doc<"users">): Promise<Doc<"users">[]> {
  const found = new Map<Id<"users">, Doc<"users">>();
  const take = (rows: Doc<"users">[]) => {
    for (const u of rows) if (u.seeded && SEEDED_EMAIL.test(u.email ?? "") && found.size < PEERS_NEEDED) found.set(u._id, u);
  };
  take(
    await ctx.db
      .query("users")
      .withIndex("by_userType_and_state_and_city", (q) => q.eq("userType", "professional").eq("state", pro.state).eq("city", pro.city))
      .take(50),
  );
  if (found.size < PEERS_NEEDED) {
    take(
      await ctx.db
        .query("users")
        .withIndex("by_userType_and_state_and_city", (q) => q.eq("userType", "professional").eq("state", pro.state))
        .take(200),
    );
  }
  return [...found.values()];
}

const fresh = async (ctx: MutationCtx, id: Id<"users">) => (await ctx.db.get(id))!;

/** Sends `text` from one member to another through the app's write path. */
async function say(ctx: MutationCtx, from: Id<"users">, to: Id<"users">, text: string) {
  await deliverMessage(ctx, await fresh(ctx, from), await fresh(ctx, to), text);
}

/** `from` asks `to` to connect; `accept` has `to` accept. Through the connection graph. */
async function connect(ctx: MutationCtx, from: Id<"users">, to: Id<"users">, accept: boolean) {
  const row = await connectionBetween(ctx, from, to);
  if (row?.status === "accepted" || row?.status === "pending") return;
  const id = await transition(ctx, row, await fresh(ctx, from), await fresh(ctx, to), "request");
  if (accept) await transition(ctx, (await ctx.db.get(id))!, await fresh(ctx, to), await fresh(ctx, from), "accept");
}

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whether the demo professional already has their conversations (a previous run wrote them). */
export async function demoLifeDone(ctx: QueryCtx, proId: Id<"users">): Promise<boolean> {
  const row = await ctx.db
    .query("conversations")
    .withIndex("by_userId_and_lastMessageAt", (q) => q.eq("userId", proId))
    .first();
  return row !== null;
}

export const insert = internalMutation({
  args: {},
  returns: v.object({ written: v.boolean() }),
  handler: async (ctx) => {
    const [ownerAccount, proAccount, adminAccount] = DEMO_ACCOUNTS;
    const owner = await byEmail(ctx, ownerAccount!.email);
    const pro = await byEmail(ctx, proAccount!.email);
    const admin = await byEmail(ctx, adminAccount!.email);
    if (owner === null || pro === null || admin === null) return { written: false };
    if (await demoLifeDone(ctx, pro._id)) return { written: false };
    const peers = await peersOf(ctx, pro);
    const [colleague, referrer, partner, askerA, askerB, asked] = peers;
    const now = Date.now();

    // A finished job: Hannah hired Marcus for can lights, he finished, she confirmed and reviewed it.
    let job = await insertJob(ctx, owner, {
      title: "Swap kitchen can lights for LED wafers",
      description: "Eight old 6-inch cans in the kitchen and hallway. Replace with dimmable LED wafer lights on the existing switches.",
      category: "electrical",
      propertyType: "single_family",
      location: `${owner.city ?? "Austin"}, ${owner.state ?? "TX"}`,
      city: owner.city ?? "Austin",
      state: owner.state ?? "TX",
      zipCode: owner.zipCode ?? "78704",
      ...(owner.county ? { county: owner.county } : {}),
      urgency: "medium",
      budget: "$500-1500",
      requirements: ["Licensed electrician"],
      photoRequired: false,
      source: "project",
      seeded: true,
    });
    const bidId = await placeBid(ctx, job, pro, {
      priceMin: 920,
      message: "Eight wafers with dimmers I already stock; half a day, and I patch any ceiling gaps.",
      earliestStart: isoDay(now + DAY),
      estimatedDuration: "1 day",
    });
    job = (await ctx.db.get(job._id))!;
    await acceptBid(ctx, (await ctx.db.get(bidId))!, job, owner._id, 92_000);
    await jobTransition(ctx, (await ctx.db.get(job._id))!, "start", await fresh(ctx, pro._id));
    await jobTransition(ctx, (await ctx.db.get(job._id))!, "markDone", await fresh(ctx, pro._id));
    await jobTransition(ctx, (await ctx.db.get(job._id))!, "confirmCompletion", await fresh(ctx, owner._id));
    await createReview(ctx, await fresh(ctx, owner._id), (await ctx.db.get(job._id))!, {
      rating: 5,
      title: "Bright, tidy and on time",
      content: "Marcus swapped all eight cans in one morning, matched the dimmers and left the kitchen cleaner than he found it.",
    });
    // The job's notifications are old news by now: read.
    const jobNotes = await ctx.db
      .query("notifications")
      .withIndex("by_userId_and_type", (q) => q.eq("userId", pro._id).eq("type", "job"))
      .take(20);
    await markNotificationsRead(ctx, jobNotes);

    // The network: Dana and three peers connected, two peers asking, one asked.
    await connect(ctx, admin._id, pro._id, true);
    if (colleague) await connect(ctx, pro._id, colleague._id, true);
    if (referrer) await connect(ctx, referrer._id, pro._id, true);
    if (partner) await connect(ctx, partner._id, pro._id, true);
    if (askerA) await connect(ctx, askerA._id, pro._id, false);
    if (askerB) await connect(ctx, askerB._id, pro._id, false);
    if (asked) await connect(ctx, pro._id, asked._id, false);

    // His backup network (two of his connections), and he is in a third one's.
    for (const [ownerId, memberId] of [
      [pro._id, colleague?._id],
      [pro._id, referrer?._id],
      [partner?._id, pro._id],
    ] as const) {
      if (ownerId && memberId) await ctx.db.insert("backupMembers", { ownerId, memberId });
    }

    // Conversations, oldest first; the newest two end with messages he has not read.
    await say(ctx, admin._id, pro._id, "Welcome to Rafter, Marcus! Your profile is live. Add a few portfolio photos so homeowners can see your work.");
    await markThreadRead(ctx, pro._id, admin._id);
    if (referrer) {
      await say(ctx, referrer._id, pro._id, "Hey Marcus, one of my clients in Round Rock needs a 200 A panel upgrade before I can finish my part. Interested?");
      await say(ctx, pro._id, referrer._id, "Sure. Send me the address and the panel's make and I'll put a quote together.");
    }
    await say(ctx, owner._id, pro._id, "Hi Marcus, thanks for the bid on the patio outlets. Could you start the week of the 10th?");
    await say(ctx, pro._id, owner._id, "The 10th works. I'll bring two weatherproof GFCI outlets and the in-use covers.");
    await say(ctx, owner._id, pro._id, "Great, the side gate will be open. See you then!");
    if (colleague) {
      await say(ctx, pro._id, colleague._id, "I have a kitchen remodel in Travis Heights next month and could use your help on it. Free to take a look?");
      await say(ctx, colleague._id, pro._id, "Happy to help. When can I see the place?");
      await say(ctx, colleague._id, pro._id, "I can come by Thursday morning.");
    }

    // A system notice, as the product sends one.
    await notify(ctx, {
      userId: pro._id,
      type: "system",
      title: "Complete your profile",
      content: "Profiles with portfolio photos and a license number are shown first to homeowners nearby.",
      actionUrl: "/edit-profile",
    });
    return { written: true };
  },
});
