// Demo data: internal functions only (an admin key or `npx convex run` calls
// them; clients cannot). `npm start` runs `seed/run:run` on the first start;
// `npm run seed -- --size <n>` runs it at other sizes for benchmarks. The rows
// come from the pure generator in ./data.ts.
//
//   npx convex run seed/run:run                                   # default sizes
//   npx convex run seed/run:run '{"professionals": 5000, "homeowners": 2000}'
//
// Every step is idempotent: rows are generated deterministically and each
// batch first checks whether a previous run already inserted it, the demo
// accounts are created only when missing, and the marker account is written
// last, so an interrupted run is completed by the next one.
import { createAccount } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { internal } from "../_generated/api";
import { assertSeedAllowed, isLocalDeployment } from "../model/deployment";
import { paymentsMode } from "../payments/gateway";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { internalAction, internalMutation, internalQuery } from "../functions";
import { deliverMessage } from "../model/messages";
import { acceptBid, insertJob, placeBid, transition, type Job } from "../model/jobs";
import { zipToPoint } from "../model/geo";
import { demoLifeDone } from "./demoLife";
import { demoFeedDone, seedDemoFeed } from "./feed";
import { demoListingsDone } from "./scrap";
import { seedDemoSuspects } from "./suspicious";
import { matchingProfessionals, syncUserLocation } from "../model/professionals";
import { markEmailVerified } from "../model/verification";
import {
  buildHomeowner,
  buildJob,
  CITIES,
  DEFAULT_COUNTS,
  DEFAULT_JOB_COUNT,
  DEFAULT_SEED,
  DEMO_PRO_BID_PROJECT,
  DEMO_PROJECTS,
  JOB_BATCH_SIZE,
  rowRng,
  type SeedJob,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  GENERATORS,
  planBatches,
  SEED_MARKER_EMAIL,
  type SeedContext,
  type SeedKind,
  type SeedUser,
} from "./data";

const seedKind = v.union(v.literal("professionals"), v.literal("homeowners"));

async function userIdByEmail(ctx: QueryCtx, email: string): Promise<Id<"users"> | null> {
  const user = await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", email))
    .first();
  return user?._id ?? null;
}

/** Rows of `kind` go to their table; returns whether a row with the same natural key exists. */
async function exists(ctx: MutationCtx, kind: SeedKind, row: SeedUser): Promise<boolean> {
  switch (kind) {
    case "professionals":
    case "homeowners":
      return (await userIdByEmail(ctx, GENERATORS[kind].naturalKey(row))) !== null;
  }
}

async function insert(ctx: MutationCtx, kind: SeedKind, row: SeedUser): Promise<void> {
  switch (kind) {
    case "professionals":
    case "homeowners":
      await syncUserLocation(ctx, await ctx.db.insert("users", row));
      return;
  }
}

/** Inserts rows [start, start + count) of `kind`, skipping those a previous run inserted. */
export const insertBatch = internalMutation({
  args: { kind: seedKind, start: v.number(), count: v.number(), seed: v.number(), now: v.number() },
  returns: v.object({ inserted: v.number(), skipped: v.number() }),
  handler: async (ctx, { kind, start, count, seed, now }) => {
    const generator = GENERATORS[kind];
    if (count < 0 || count > 500) throw new Error("seed/run:insertBatch takes at most 500 rows per call");
    const context: SeedContext = { seed, now };
    const rows: SeedUser[] = [];
    for (let i = start; i < start + count; i++) rows.push(generator.build(i, context));
    if (rows.length === 0) return { inserted: 0, skipped: 0 };
    // A batch commits as a whole: if its first and last rows are there, so is the rest.
    const firstThere = await exists(ctx, kind, rows[0]!);
    const lastThere = await exists(ctx, kind, rows[rows.length - 1]!);
    if (firstThere && lastThere) return { inserted: 0, skipped: rows.length };
    let inserted = 0;
    for (const row of rows) {
      // Only a batch written with other boundaries can be partly there: check row by row then.
      if ((firstThere || lastThere) && (await exists(ctx, kind, row))) continue;
      await insert(ctx, kind, row);
      inserted += 1;
    }
    return { inserted, skipped: rows.length - inserted };
  },
});

export const userByEmail = internalQuery({
  args: { email: v.string() },
  returns: v.union(v.id("users"), v.null()),
  handler: async (ctx, { email }) => await userIdByEmail(ctx, email),
});

/** Marks a demo account as verified (and admin) after createAccount made it. */
export const finishDemoAccount = internalMutation({
  args: { userId: v.id("users"), role: v.optional(v.literal("admin")) },
  returns: v.null(),
  handler: async (ctx, { userId, role }) => {
    const now = Date.now();
    // Verified the way the emailed link does it: the demo owner writes a review.
    await markEmailVerified(ctx, userId);
    await ctx.db.patch("users", userId, {
      termsAcceptedAt: now,
      loginAttempts: 0,
      ...(role ? { role } : {}),
    });
    await syncUserLocation(ctx, userId);
    return null;
  },
});

/** Whether the demo data is there: the marker account exists. Cheap: one index lookup. */
export const status = internalQuery({
  args: {},
  returns: v.object({ seeded: v.boolean(), demoAccounts: v.array(v.string()) }),
  handler: async (ctx) => {
    const present: string[] = [];
    for (const account of DEMO_ACCOUNTS) {
      if ((await userIdByEmail(ctx, account.email)) !== null) present.push(account.email);
    }
    // Data seeded before demo jobs existed is completed by the next run (which skips what is there).
    const owner = await userIdByEmail(ctx, DEMO_ACCOUNTS[0]!.email);
    const ownerHasJobs =
      owner !== null &&
      (await ctx.db
        .query("jobs")
        .withIndex("by_customerId", (q) => q.eq("customerId", owner))
        .first()) !== null;
    // Likewise data seeded before the demo professional had conversations and a network.
    const pro = await userIdByEmail(ctx, DEMO_ACCOUNTS[1]!.email);
    const proHasLife = pro !== null && (await demoLifeDone(ctx, pro));
    // And data seeded before the materials marketplace had listings.
    const ownerHasListings = owner !== null && (await demoListingsDone(ctx, owner));
    // And data seeded before the community feed had posts.
    const proHasPosts = pro !== null && (await demoFeedDone(ctx, pro));
    return {
      seeded: present.includes(SEED_MARKER_EMAIL) && ownerHasJobs && proHasLife && ownerHasListings && proHasPosts,
      demoAccounts: present,
    };
  },
});

const countsValidator = v.object({
  users: v.number(),
  professionals: v.number(),
  homeowners: v.number(),
  noUserType: v.number(),
  seeded: v.number(),
  admins: v.number(),
  emailVerified: v.number(),
});

/**
 * Counts users, one page at a time (a query reads at most a few thousand
 * documents on Convex): call with `cursor: null`, then with `continueCursor`
 * until `isDone`, and add up the pages.
 */
export const stats = internalQuery({
  args: { cursor: v.union(v.string(), v.null()), pageSize: v.optional(v.number()) },
  returns: v.object({ counts: countsValidator, isDone: v.boolean(), continueCursor: v.string() }),
  handler: async (ctx, { cursor, pageSize }) => {
    const page = await ctx.db.query("users").paginate({ cursor, numItems: Math.min(pageSize ?? 2000, 4000) });
    const counts = { users: 0, professionals: 0, homeowners: 0, noUserType: 0, seeded: 0, admins: 0, emailVerified: 0 };
    for (const user of page.page) {
      counts.users += 1;
      if (user.userType === "professional") counts.professionals += 1;
      else if (user.userType === "homeowner") counts.homeowners += 1;
      else counts.noUserType += 1;
      if (user.seeded) counts.seeded += 1;
      if (user.role === "admin") counts.admins += 1;
      if (user.emailVerificationTime !== undefined) counts.emailVerified += 1;
    }
    return { counts, isDone: page.isDone, continueCursor: page.continueCursor };
  },
});

/**
 * Seeds demo data: `professionals` and `homeowners` generated users (defaults
 * 1,200 and 400) and the demo accounts that can sign in. Same `seed`, same data.
 */
export const run = internalAction({
  args: {
    professionals: v.optional(v.number()),
    homeowners: v.optional(v.number()),
    jobs: v.optional(v.number()),
    seed: v.optional(v.number()),
  },
  returns: v.object({
    inserted: v.record(v.string(), v.number()),
    skipped: v.record(v.string(), v.number()),
    demoAccountsCreated: v.array(v.string()),
    /** What only a local deployment gets, left out here (a development deployment's seed). */
    leftOut: v.array(v.string()),
    ms: v.number(),
  }),
  handler: async (ctx, args) => {
    assertSeedAllowed();
    // Allowed on a development deployment (RAFTER_ALLOW_SEED=1) too: what needs local mode is left
    // out there rather than faked. The demo admin's password is published, and demo payments and
    // plans are made through the local gateway, whose ids mean nothing to Stripe.
    const local = isLocalDeployment();
    const localPayments = paymentsMode() === "local";
    const leftOut: string[] = [];
    if (!local) leftOut.push("the demo admin's admin role (local only: the demo password is published)");
    if (!localPayments) leftOut.push("demo plans and payments (made through the local payments gateway)");
    const started = Date.now();
    const seed = args.seed ?? DEFAULT_SEED;
    const inserted: Record<string, number> = {};
    const skipped: Record<string, number> = {};
    for (const batch of planBatches({ professionals: args.professionals, homeowners: args.homeowners })) {
      const result = await ctx.runMutation(internal.seed.run.insertBatch, { ...batch, seed, now: started });
      inserted[batch.kind] = (inserted[batch.kind] ?? 0) + result.inserted;
      skipped[batch.kind] = (skipped[batch.kind] ?? 0) + result.skipped;
    }
    // Demo accounts, then jobs, then the marker (the last demo account): it tells later starts the data is complete.
    const demoAccountsCreated: string[] = [];
    const createDemoAccount = async (account: (typeof DEMO_ACCOUNTS)[number]) => {
      if ((await ctx.runQuery(internal.seed.run.userByEmail, { email: account.email })) !== null) return;
      // As convex/auth.ts signUp does: the library hashes the password and makes the account.
      const { user } = await createAccount(ctx, {
        provider: "password",
        account: { id: account.email, secret: DEMO_PASSWORD },
        profile: account.profile,
        shouldLinkViaEmail: false,
        shouldLinkViaPhone: false,
      });
      await ctx.runMutation(internal.seed.run.finishDemoAccount, {
        userId: user._id,
        ...(account.role && local ? { role: account.role } : {}),
      });
      demoAccountsCreated.push(account.email);
    };
    for (const account of DEMO_ACCOUNTS.slice(0, -1)) await createDemoAccount(account);
    const homeowners = Math.max(0, Math.floor(args.homeowners ?? DEFAULT_COUNTS.homeowners));
    const jobs = Math.max(0, Math.floor(args.jobs ?? DEFAULT_JOB_COUNT));
    inserted.jobs = 0;
    skipped.jobs = 0;
    if (homeowners > 0) {
      for (let start = 0; start < jobs; start += JOB_BATCH_SIZE) {
        const result = await ctx.runMutation(internal.seed.run.insertJobs, {
          start,
          count: Math.min(JOB_BATCH_SIZE, jobs - start),
          homeowners,
          seed,
          now: started,
        });
        inserted.jobs += result.inserted;
        skipped.jobs += result.skipped;
      }
    }
    const demo = await ctx.runMutation(internal.seed.run.insertDemoJobs, {});
    inserted.demoJobs = demo.inserted;
    skipped.demoJobs = demo.skipped;
    await createDemoAccount(DEMO_ACCOUNTS[DEMO_ACCOUNTS.length - 1]!);
    // Conversations, network and notifications need every demo account; status() checks they are there.
    await ctx.runMutation(internal.seed.demoLife.insert, {});
    await ctx.runMutation(internal.seed.scrap.insertDemoListings, {});
    // The community feed last: its posts, comments and likes come from all of the above.
    const feed = await seedDemoFeed(ctx);
    inserted.feedPosts = feed.inserted;
    skipped.feedPosts = feed.skipped;
    if (localPayments) await ctx.runAction(internal.seed.subscriptions.insertDemoSubscriptions, {});
    // The Enterprise demo business's team: two members and the demo professional invited.
    inserted.demoTeamSeats = (await ctx.runMutation(internal.seed.teams.insertDemoTeam, {})).inserted;
    // Suspicious Users and Cleanup have work waiting (issue 16): after the feed, whose demo owner reports one.
    inserted.demoSuspects = await seedDemoSuspects(ctx);
    // After the plans: a Pro+ member's pending credential is a day ahead in the queue.
    const credentials = await ctx.runAction(internal.seed.credentials.insertDemoCredentials, {});
    inserted.credentials = credentials.inserted;
    skipped.credentials = credentials.skipped;
    // Payment protection: the demo professional's payout account and jobs in every payment state.
    if (localPayments) {
      const payments = await ctx.runAction(internal.seed.payments.insertDemoPayments, {});
      inserted.demoPayments = payments.inserted;
    }
    // Photo requests: one open near the demo photographer, one delivered with photos to the demo owner.
    const photos = await ctx.runAction(internal.seed.photos.insertDemoPhotos, {});
    inserted.demoPhotoRequests = photos.inserted;
    return { inserted, skipped, demoAccountsCreated, leftOut, ms: Date.now() - started };
  },
});

// ---------------------------------------------------------------------------
// Jobs: inserted through the app's own code paths (insertJob, placeBid, acceptBid,
// transition), so status counters, users' job counters and activeBidCount stay exact.

const SEEDED_PRO_EMAIL = /@example\.com$/;

/** Seeded professionals (not the demo accounts) who serve the job's category near it, nearest first. */
async function seededProsFor(
  ctx: MutationCtx,
  job: Job,
  count: number,
  categories: readonly string[] = [job.category],
): Promise<Doc<"users">[]> {
  const point = zipToPoint(job.zipCode);
  if (point === null) return [];
  const out: Doc<"users">[] = [];
  for (const category of categories) {
    for (const match of await matchingProfessionals(ctx, category, point, 30)) {
      if (out.length >= count || out.some((u) => u._id === match.userId)) continue;
      const user = await ctx.db.get("users", match.userId);
      if (user?.seeded && SEEDED_PRO_EMAIL.test(user.email ?? "") && user._id !== job.customerId) out.push(user);
    }
  }
  return out;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 24 * 60 * 60 * 1000;

/** Posts one job as `customer`, gives it its bids and moves it to its planned status. */
async function seedJob(
  ctx: MutationCtx,
  customer: Doc<"users">,
  plan: Omit<SeedJob, "homeowner">,
  place: { city: string; state: string; zipCode: string; county?: string },
  now: number,
  proCategories?: readonly string[],
): Promise<void> {
  let job = await insertJob(ctx, customer, {
    title: plan.title,
    description: plan.description,
    category: plan.category,
    propertyType: plan.propertyType,
    location: `${place.city}, ${place.state}`,
    city: place.city,
    state: place.state,
    zipCode: place.zipCode,
    ...(place.county ? { county: place.county } : {}),
    urgency: plan.urgency,
    ...(plan.budget ? { budget: plan.budget } : {}),
    ...(plan.timeline ? { timeline: plan.timeline } : {}),
    requirements: plan.requirements,
    photoRequired: plan.photoRequired,
    source: "project",
    seeded: true,
  });
  if (plan.bids.length === 0) {
    if (plan.status === "cancelled") await transition(ctx, job, "cancel", customer);
    return;
  }
  const pros = await seededProsFor(ctx, job, 10, proCategories);
  const bidIds: Id<"bids">[] = [];
  const used = new Set<string>();
  for (const bid of plan.bids) {
    const pro = pros.length ? pros[bid.pick % pros.length]! : null;
    if (pro === null || used.has(pro._id)) continue;
    used.add(pro._id);
    job = (await ctx.db.get("jobs", job._id))!;
    bidIds.push(
      await placeBid(ctx, job, pro, {
        priceMin: bid.priceMin,
        ...(bid.priceMax !== undefined ? { priceMax: bid.priceMax } : {}),
        message: bid.message,
        earliestStart: isoDay(now + bid.startInDays * DAY),
        estimatedDuration: bid.duration,
      }),
    );
  }
  const fresh = async () => (await ctx.db.get("jobs", job._id))!;
  if (plan.status === "cancelled") {
    await transition(ctx, await fresh(), "cancel", customer);
    return;
  }
  if (plan.status === "open" || bidIds.length === 0) return;
  const accepted = (await ctx.db.get("bids", bidIds[0]!))!;
  // Hired before payment protection (no payment row): the low end of a range, as agreed.
  await acceptBid(ctx, accepted, await fresh(), customer._id, Math.round(accepted.priceMin * 100));
  const contractor = (await ctx.db.get("users", accepted.professionalId))!;
  if (plan.status === "assigned") return;
  await transition(ctx, await fresh(), "start", contractor);
  if (plan.status === "in_progress") return;
  await transition(ctx, await fresh(), "markDone", contractor);
  await transition(ctx, await fresh(), "confirmCompletion", customer);
}

/** Whether `customer` already has a job with this title (a previous run posted it). */
async function hasJobTitled(ctx: QueryCtx, customerId: Id<"users">, title: string): Promise<boolean> {
  const jobs = await ctx.db
    .query("jobs")
    .withIndex("by_customerId", (q) => q.eq("customerId", customerId))
    .take(100);
  return jobs.some((j) => j.title === title);
}

/** Seeds jobs [start, start + count) of the demo set; jobs a previous run posted are skipped. */
export const insertJobs = internalMutation({
  args: { start: v.number(), count: v.number(), homeowners: v.number(), seed: v.number(), now: v.number() },
  returns: v.object({ inserted: v.number(), skipped: v.number() }),
  handler: async (ctx, { start, count, homeowners, seed, now }) => {
    if (count < 0 || count > 100) throw new Error("seed/run:insertJobs takes at most 100 jobs per call");
    let inserted = 0;
    for (let i = start; i < start + count; i++) {
      const { homeowner, ...plan } = buildJob(i, { seed, now, homeowners });
      const row = buildHomeowner(homeowner, { seed, now });
      const customerId = await userIdByEmail(ctx, row.email!);
      const customer = customerId ? await ctx.db.get("users", customerId) : null;
      if (customer === null || (await hasJobTitled(ctx, customer._id, plan.title))) continue;
      await seedJob(
        ctx,
        customer,
        plan,
        { city: row.city!, state: row.state!, zipCode: row.zipCode!, county: row.county },
        now,
      );
      inserted += 1;
    }
    return { inserted, skipped: count - inserted };
  },
});

/** The demo homeowner's projects (one with two bids from seeded pros) and the demo professional's bid. */
export const insertDemoJobs = internalMutation({
  args: {},
  returns: v.object({ inserted: v.number(), skipped: v.number() }),
  handler: async (ctx) => {
    const [ownerAccount, proAccount] = DEMO_ACCOUNTS;
    const ownerId = await userIdByEmail(ctx, ownerAccount!.email);
    const proId = await userIdByEmail(ctx, proAccount!.email);
    const owner = ownerId ? await ctx.db.get("users", ownerId) : null;
    const pro = proId ? await ctx.db.get("users", proId) : null;
    if (owner === null) return { inserted: 0, skipped: DEMO_PROJECTS.length };
    const now = Date.now();
    let inserted = 0;
    for (const [index, project] of DEMO_PROJECTS.entries()) {
      if (await hasJobTitled(ctx, owner._id, project.title)) continue;
      const { seededBids, ...fields } = project;
      await seedJob(
        ctx,
        owner,
        {
          ...fields,
          requirements: [...fields.requirements],
          photoRequired: false,
          status: "open",
          bids: Array.from({ length: seededBids }, (_, i) => ({
            pick: i,
            priceMin: [8200, 9400][i] ?? 9000,
            ...(i === 0 ? { priceMax: 10500 } : {}),
            message:
              [
                "We install native beds and drip systems all over South Austin. Price covers sod removal, soil prep, plants, mulch and the timer.",
                "Happy to do a free site visit first. Estimate includes Bermuda or Zoysia sod, two beds with native perennials and a 1-year plant warranty.",
              ][i] ?? "Happy to help with this project.",
            startInDays: 10 + i * 5,
            duration: ["1 week", "8-10 days"][i] ?? "1 week",
          })),
        },
        {
          city: owner.city ?? "Austin",
          state: owner.state ?? "TX",
          zipCode: owner.zipCode ?? "78704",
          county: owner.county,
        },
        now,
        [fields.category, "landscaping_exterior"],
      );
      inserted += 1;
      if (index === DEMO_PRO_BID_PROJECT && pro !== null) {
        const job = await ctx.db
          .query("jobs")
          .withIndex("by_customerId", (q) => q.eq("customerId", owner._id))
          .order("desc")
          .first();
        if (job) {
          await placeBid(ctx, job, pro, {
            priceMin: 850,
            priceMax: 1100,
            message:
              "Licensed electrician, 10 minutes away. Two weatherproof GFCI outlets plus a switched patio-light circuit.",
            earliestStart: isoDay(now + 3 * DAY),
            estimatedDuration: "1 day",
          });
        }
      }
    }
    return { inserted, skipped: DEMO_PROJECTS.length - inserted };
  },
});

// ---------------------------------------------------------------------------
// Benchmark data (bench/jobs.ts): many available jobs, fast, with exact counters.

/**
 * Inserts `count` jobs for bench/jobs.ts, posted by `customerId` across the seed's cities, through
 * insertJob (so counters and events are as the app keeps them). Not part of the demo data.
 */
export const benchJobs = internalMutation({
  args: { customerId: v.id("users"), start: v.number(), count: v.number(), seed: v.number() },
  returns: v.number(),
  handler: async (ctx, { customerId, start, count, seed }) => {
    if (count < 0 || count > 500) throw new Error("seed/run:benchJobs takes at most 500 jobs per call");
    const customer = await ctx.db.get("users", customerId);
    if (customer === null) throw new Error("seed/run:benchJobs: no such customer");
    for (let i = start; i < start + count; i++) {
      const rng = rowRng(seed, "benchJobs", i);
      const plan = buildJob(i, { seed, now: 0, homeowners: 1 });
      const city = rng.weighted(CITIES, (c) => c.weight);
      await insertJob(ctx, customer, {
        title: `${plan.title} #${i}`,
        description: plan.description,
        category: plan.category,
        propertyType: plan.propertyType,
        location: `${city.city}, ${city.state}`,
        city: city.city,
        state: city.state,
        zipCode: city.zipCode,
        urgency: plan.urgency,
        ...(plan.budget ? { budget: plan.budget } : {}),
        requirements: [],
        photoRequired: false,
        source: "project",
        seeded: true,
      });
    }
    return count;
  },
});

/** Benchmarks: ids of the first `count` professionals (bench/messages.ts, bench/network.ts). */
export const benchUserIds = internalQuery({
  args: { count: v.number() },
  returns: v.array(v.id("users")),
  handler: async (ctx, { count }) => {
    const rows = await ctx.db
      .query("users")
      .withIndex("by_userType", (q) => q.eq("userType", "professional"))
      .take(Math.min(count, 1000));
    return rows.map((u) => u._id);
  },
});

/** Benchmarks: a sign-in session for `userId` (the builders refuse a token without a live one); returns its id for the token's subject. */
export const benchSession = internalMutation({
  args: { userId: v.id("users") },
  returns: v.id("authSessions"),
  handler: async (ctx, { userId }) =>
    ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 24 * 60 * 60_000 }),
});

/**
 * Benchmarks: messages [start, start + count) through the app's own write path. Every tenth message is
 * between `viewerId` and one of their first 30 partners (half of them with the first), both directions;
 * the rest are between random pairs of `userIds`, so the table grows around the viewer's conversations.
 */
export const benchMessages = internalMutation({
  args: {
    viewerId: v.id("users"),
    userIds: v.array(v.id("users")),
    start: v.number(),
    count: v.number(),
    seed: v.number(),
  },
  returns: v.number(),
  handler: async (ctx, { viewerId, userIds, start, count, seed }) => {
    if (count < 0 || count > 500) throw new Error("seed/run:benchMessages takes at most 500 messages per call");
    const viewer = await ctx.db.get(viewerId);
    if (viewer === null || userIds.length < 32)
      throw new Error("seed/run:benchMessages: a viewer and at least 32 users");
    for (let i = start; i < start + count; i++) {
      const rng = rowRng(seed, "benchMessages", i);
      let from: Id<"users">;
      let to: Id<"users">;
      if (i % 10 === 0) {
        // Half of the viewer's messages are with one partner: their busiest thread fills a page early.
        const k = i / 10;
        const partner = k % 2 === 0 ? userIds[0]! : userIds[1 + (k % 29)]!;
        [from, to] = k % 4 < 2 ? [viewerId, partner] : [partner, viewerId];
      } else {
        from = userIds[rng.int(30, userIds.length - 1)]!;
        do to = userIds[rng.int(30, userIds.length - 1)]!;
        while (to === from);
      }
      const sender = (await ctx.db.get(from))!;
      const receiver = (await ctx.db.get(to))!;
      await deliverMessage(
        ctx,
        sender,
        receiver,
        `Bench message ${i}: ${"is the job still open? ".repeat(rng.int(1, 4))}`,
      );
    }
    return count;
  },
});
