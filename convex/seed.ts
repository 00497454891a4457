// Demo data: internal functions only (an admin key or `npx convex run` calls
// them; clients cannot). `npm start` runs `seed:run` on the first start;
// `npm run seed -- --size <n>` runs it at other sizes for benchmarks.
//
//   npx convex run seed:run                                   # default sizes
//   npx convex run seed:run '{"professionals": 5000, "homeowners": 2000}'
//
// Every step is idempotent: rows are generated deterministically and each
// batch first checks whether a previous run already inserted it, the demo
// accounts are created only when missing, and the marker account is written
// last, so an interrupted run is completed by the next one.
import { createAccount } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { internalAction, internalMutation, internalQuery } from "./functions";
import { syncUserLocation } from "./model/professionals";
import {
  DEFAULT_SEED,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  GENERATORS,
  planBatches,
  SEED_MARKER_EMAIL,
  type SeedContext,
  type SeedKind,
  type SeedUser,
} from "./model/seedData";

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
    if (count < 0 || count > 500) throw new Error("seed:insertBatch takes at most 500 rows per call");
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
    await ctx.db.patch("users", userId, {
      emailVerificationTime: now,
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
    return { seeded: present.includes(SEED_MARKER_EMAIL), demoAccounts: present };
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
    seed: v.optional(v.number()),
  },
  returns: v.object({
    inserted: v.record(v.string(), v.number()),
    skipped: v.record(v.string(), v.number()),
    demoAccountsCreated: v.array(v.string()),
    ms: v.number(),
  }),
  handler: async (ctx, args) => {
    const started = Date.now();
    const seed = args.seed ?? DEFAULT_SEED;
    const inserted: Record<string, number> = {};
    const skipped: Record<string, number> = {};
    for (const batch of planBatches({ professionals: args.professionals, homeowners: args.homeowners })) {
      const result = await ctx.runMutation(internal.seed.insertBatch, { ...batch, seed, now: started });
      inserted[batch.kind] = (inserted[batch.kind] ?? 0) + result.inserted;
      skipped[batch.kind] = (skipped[batch.kind] ?? 0) + result.skipped;
    }
    // Demo accounts last; the marker (the last of them) tells later starts the data is complete.
    const demoAccountsCreated: string[] = [];
    for (const account of DEMO_ACCOUNTS) {
      if ((await ctx.runQuery(internal.seed.userByEmail, { email: account.email })) !== null) continue;
      // As convex/auth.ts signUp does: the library hashes the password and makes the account.
      const { user } = await createAccount(ctx, {
        provider: "password",
        account: { id: account.email, secret: DEMO_PASSWORD },
        profile: account.profile,
        shouldLinkViaEmail: false,
        shouldLinkViaPhone: false,
      });
      await ctx.runMutation(internal.seed.finishDemoAccount, {
        userId: user._id,
        ...(account.role ? { role: account.role } : {}),
      });
      demoAccountsCreated.push(account.email);
    }
    return { inserted, skipped, demoAccountsCreated, ms: Date.now() - started };
  },
});
