// The deployment's public surface, read at run time, and who may call each
// function (used by authz.test.ts and leaks.test.ts). A new public function
// fails those tests until it is classified in CLASSIFICATION below.
/// <reference types="vite/client" />
import { makeFunctionReference } from "convex/server";
import { ConvexError } from "convex/values";
import { expect, vi } from "vitest";
import type { Id } from "./_generated/dataModel";
import { markAccountDeleted } from "./model/accountDeletion";
import { banUser } from "./model/bans";
import { endExpiredSessions } from "./model/sessions";
import { userCountsOf } from "./model/counters";
import {
  fileBlob,
  bid,
  fundJob,
  modules,
  newTest,
  owner,
  pro,
  project,
  type TestConvex,
  type TestMember,
  type UserFields,
  withoutPayment,
} from "./test.setup";

export type Kind = "query" | "mutation" | "action";

/** A registered Convex function as the deployment sees it. */
export interface SurfaceFunction {
  /** "module:export", e.g. "jobs:get" or "jobs/browse:list". */
  name: string;
  kind: Kind;
  isPublic: boolean;
  isInternal: boolean;
  /** The args validator as JSON (Convex's exportArgs). */
  args: ValidatorJson;
}

export type ValidatorJson =
  | { type: "object"; value: Record<string, { fieldType: ValidatorJson; optional: boolean }> }
  | { type: "union"; value: ValidatorJson[] }
  | { type: "array"; value: ValidatorJson }
  | { type: "record"; keys: ValidatorJson; values: { fieldType: ValidatorJson } }
  | { type: "id"; tableName: string }
  | { type: "literal"; value: unknown }
  | { type: "string" | "number" | "float64" | "int64" | "bigint" | "boolean" | "null" | "any" | "bytes" };

interface RegisteredFunction {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  isInternal?: boolean;
  exportArgs?: () => string;
}

/** Every query, mutation and action of every module convex-test loads (the modules Convex bundles). */
export async function loadSurface(): Promise<SurfaceFunction[]> {
  const out: SurfaceFunction[] = [];
  for (const [path, load] of Object.entries(modules)) {
    if (path.startsWith("./_generated/")) continue;
    const moduleName = path.replace(/^\.\//, "").replace(/\.[cm]?[jt]s$/, "");
    const mod = (await load()) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(mod)) {
      if (value === null || (typeof value !== "object" && typeof value !== "function")) continue;
      const fn = value as RegisteredFunction;
      const kind: Kind | null = fn.isQuery ? "query" : fn.isMutation ? "mutation" : fn.isAction ? "action" : null;
      if (kind === null) continue;
      out.push({
        name: `${moduleName}:${exportName}`,
        kind,
        isPublic: fn.isPublic === true,
        isInternal: fn.isInternal === true,
        args: JSON.parse(fn.exportArgs?.() ?? '{"type":"any"}') as ValidatorJson,
      });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** Calls a function by name as `who` (an identity-bearing accessor, or `t` for an anonymous caller). */
export function callByName(who: Pick<TestConvex, "query" | "mutation" | "action">, fn: SurfaceFunction, args: unknown) {
  const a = args as Record<string, unknown>;
  if (fn.kind === "query") return who.query(makeFunctionReference<"query">(fn.name), a);
  if (fn.kind === "mutation") return who.mutation(makeFunctionReference<"mutation">(fn.name), a);
  return who.action(makeFunctionReference<"action">(fn.name), a);
}

/** Our ConvexError code of a thrown error, or undefined for anything else. */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof ConvexError && typeof error.data === "object" && error.data !== null) {
    return (error.data as { code?: string }).code;
  }
  return undefined;
}

/** The code of a refusal answered as a value (`{ refused: { code, message } }`: file claims, whose refusal must not roll back). */
export function refusedCode(value: unknown): string | undefined {
  const refused = (value as { refused?: { code?: unknown } } | null)?.refused;
  return typeof refused?.code === "string" ? refused.code : undefined;
}

/** What `fn(args)` did: its value, or the error it threw. */
export async function outcome(
  promise: Promise<unknown>,
): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown; code: string | undefined }> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error, code: errorCode(error) };
  }
}

/** Nothing in it: null, false, 0, "", an empty list or page, or an object whose every value is empty. */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") {
    const o = value as Record<string, unknown>;
    // A page: its rows are what matter; the cursor is bookkeeping.
    if (Array.isArray(o.page)) return o.page.length === 0;
    return Object.values(o).every(isEmptyAnswer);
  }
  return false;
}

// ---------------------------------------------------------------------------
// The fixture world: members and their things, made through the app's own
// functions where one exists so it stays true to what the app writes.

export type Member = TestMember;

export interface World {
  t: TestConvex;
  /** Homeowner: owns the jobs, writes the review, receives notifications. */
  a: Member;
  /** Professional: bids on A's open job, did A's completed job, has a portfolio, shares A's job with D. */
  b: Member;
  /** Professional with no ties to anyone: the stranger every check calls as. */
  c: Member;
  /** Professional connected to B and in B's backup network. */
  d: Member;
  /** Professional whose connection request to B is pending. */
  e: Member;
  openJobId: Id<"jobs">;
  bidId: Id<"bids">;
  doneJobId: Id<"jobs">;
  doneBidId: Id<"bids">;
  reviewId: Id<"reviews">;
  notificationId: Id<"notifications">;
  /** One of B's notifications (B is the REST matrix's caller). */
  bNotificationId: Id<"notifications">;
  portfolioItemId: string;
  storageId: Id<"_storage">;
  connectionId: Id<"connections">;
  pendingConnectionId: Id<"connections">;
  referralId: Id<"referrals">;
  /** A's scrap listing, on hold for B. */
  scrapListingId: Id<"scrapListings">;
  /** A's feed post (#deck). */
  postId: Id<"posts">;
  /** B's comment on that post (social). */
  socialCommentId: Id<"comments">;
  reportId: Id<"moderationReports">;
  /** B's submitted licence (credential verification), waiting in the admin queue. */
  credentialId: Id<"credentials">;
  /** B's open local checkout and portal sessions (the local payments mode). */
  checkoutSessionId: string;
  portalSessionId: string;
  /** A's job B was hired for with payment protection, funded (issue 15). */
  paidJobId: Id<"jobs">;
  paymentId: Id<"jobPayments">;
  /** A refund on that payment the gateway kept refusing (the admin's Money moves). */
  moveId: Id<"paymentMoves">;
  /** B's endorsement request to A for the done job (issue 14). */
  endorsementId: Id<"endorsements">;
  /** B's team invitation to D (Enterprise team seats). */
  seatId: Id<"teamSeats">;
  /** An Enterprise business D is an active team member of. */
  teamBusinessId: Id<"users">;
  /** A's job asking for a photographer, another photographer booked, and one of their photos (issue 15). */
  photoJobId: Id<"jobs">;
  jobPhotoId: Id<"jobPhotos">;
  /** A's open local job checkout (kind "payment") and B's open payout onboarding (kind "onboarding"). */
  jobCheckoutSessionId: string;
  onboardingSessionId: string;
  /** A homeowner with no ties to anyone: the homeowner stranger. */
  h: Member;
  /** An admin (a professional) with their own licence waiting in the queue and their own post, reported by D. */
  admin: Member;
  adminCredentialId: Id<"credentials">;
  adminPostId: Id<"posts">;
  adminReportId: Id<"moderationReports">;
  /** A's funded job the admin was hired for, its payment, and a refund on it that failed. */
  adminPaidJobId: Id<"jobs">;
  adminPaymentId: Id<"jobPayments">;
  adminMoveId: Id<"paymentMoves">;
  /** A member banned and one who deleted their account after signing in: their tokens outlive their sessions. */
  banned: Member;
  deleted: Member;
  /** A member whose session has expired, and a token naming A with C's session (sessions must be the user's own). */
  expired: Member;
  forged: Member;
}

const ref = {
  q: (name: string) => makeFunctionReference<"query">(name),
  m: (name: string) => makeFunctionReference<"mutation">(name),
};

/** A bid (test.setup's `bid()`): its price and message are what a stranger must never see. */
export const bidArgs = () => bid();

const verified = { emailVerificationTime: Date.now() };

/** `fields` are extra user fields for A and B (the leak scan's sentinels), set before anything happens. */
export async function buildWorld(
  t: TestConvex = newTest(),
  fields: { a?: UserFields; b?: UserFields } = {},
): Promise<World> {
  const a = await owner(t, { firstName: "Ada", ...verified, ...fields.a });
  const b = await pro(t, { firstName: "Bo", ...verified, ...fields.b });
  const c = await pro(t, { firstName: "Cy", ...verified });
  const d = await pro(t, { firstName: "Di", ...verified });
  const e = await pro(t, { firstName: "Ed", ...verified });

  const openJobId = (await a.as.mutation(
    ref.m("jobs:create"),
    project({ title: "Replace kitchen outlets" }),
  )) as Id<"jobs">;
  const bidId = (await b.as.mutation(ref.m("bids:place"), { jobId: openJobId, ...bidArgs() })) as Id<"bids">;

  const doneJobId = (await a.as.mutation(ref.m("jobs:create"), project({ title: "Rewire the garage" }))) as Id<"jobs">;
  const doneBidId = (await b.as.mutation(ref.m("bids:place"), { jobId: doneJobId, ...bidArgs() })) as Id<"bids">;
  await a.as.mutation(ref.m("bids:accept"), { bidId: doneBidId });
  // Done the way jobs were before payment protection (no payment row): the review's precondition.
  await withoutPayment(t, doneJobId);
  await b.as.mutation(ref.m("jobs:act"), { jobId: doneJobId, action: "start" });
  await b.as.mutation(ref.m("jobs:act"), { jobId: doneJobId, action: "markDone" });
  await a.as.mutation(ref.m("jobs:act"), { jobId: doneJobId, action: "confirmCompletion" });
  const reviewId = (await a.as.mutation(ref.m("reviews:create"), {
    jobId: doneJobId,
    rating: 5,
    title: "Great work",
    content: "Bo rewired the garage neatly and on time.",
  })) as Id<"reviews">;

  await a.as.mutation(ref.m("messages:send"), { receiverId: b.userId, content: "Hi Bo, when can you start?" });
  await b.as.mutation(ref.m("messages:send"), { receiverId: a.userId, content: "Monday works." });
  // B blocked E: E can't write to B (the party rule of messages:send).
  await b.as.mutation(ref.m("messages:setBlocked"), { otherUserId: e.userId, blocked: true });

  const connectionId = (await b.as.mutation(ref.m("connections:request"), { userId: d.userId })) as Id<"connections">;
  await d.as.mutation(ref.m("connections:respond"), { connectionId, accept: true });
  const pendingConnectionId = (await e.as.mutation(ref.m("connections:request"), {
    userId: b.userId,
  })) as Id<"connections">;
  await b.as.mutation(ref.m("backup:setMember"), { userId: d.userId, member: true });
  await b.as.mutation(ref.m("backup:shareJob"), { jobId: openJobId });

  const storageId = await t.run((ctx) => ctx.storage.store(fileBlob(64, "image/png")));
  const added = (await b.as.mutation(ref.m("portfolio:add"), {
    files: [{ storageId, name: "deck.png" }],
    title: "Deck lighting",
    category: "other",
  })) as string[] | { ids: string[] };
  const portfolioItemId = Array.isArray(added) ? added[0] : added.ids[0];

  const posted = (await a.as.mutation(ref.m("scrap:create"), {
    title: "Leftover copper pipe",
    category: "metal",
    location: "Curbside on 6th St",
    zipCode: "78701",
  })) as { id: Id<"scrapListings"> };
  const scrapListingId = posted.id;
  await b.as.mutation(ref.m("scrap:claim"), { id: scrapListingId });

  const created = (await a.as.mutation(ref.m("social/posts:create"), {
    content: "Our new deck is done #deck",
    category: "construction",
  })) as { postId: Id<"posts"> };
  const postId = created.postId;
  const { commentId: socialCommentId } = (await b.as.mutation(ref.m("social/comments:add"), {
    postId,
    content: "Great work, Ada",
    mentionIds: [],
  })) as { commentId: Id<"comments"> };
  const { reportId } = (await b.as.mutation(ref.m("social/reports:report"), { postId, reason: "spam" })) as {
    reportId: Id<"moderationReports">;
  };
  const licenceDocument = await t.run((ctx) =>
    ctx.storage.store(fileBlob(64, "application/pdf")),
  );
  const { credentialId } = (await b.as.mutation(ref.m("credentials:submit"), {
    kind: "licence",
    trade: "Electrician",
    number: "TX-E-1001",
    issuingState: "TX",
    expiresOn: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
    documentId: licenceDocument,
  })) as { credentialId: Id<"credentials"> };
  const paidJobId = (await a.as.mutation(ref.m("jobs:create"), project({ title: "Paint the fence" }))) as Id<"jobs">;
  const paidBidId = (await b.as.mutation(ref.m("bids:place"), { jobId: paidJobId, ...bidArgs() })) as Id<"bids">;
  await a.as.mutation(ref.m("bids:accept"), { bidId: paidBidId });
  const paymentId = await fundJob(t, paidJobId);
  const moveId = await t.run((ctx) =>
    ctx.db.insert("paymentMoves", { paymentId, kind: "refund", amountCents: 100, idempotencyKey: `${paymentId}:authz:refund`, status: "failed", attempts: 5 }),
  );
  const [jobCheckoutSessionId, onboardingSessionId] = await t.run(async (ctx) => {
    const open = { status: "open" as const, expiresAt: Date.now() + 86_400_000 };
    return [
      await ctx.db.insert("localPaymentSessions", {
        ...open,
        kind: "payment",
        userId: a.userId,
        customerId: `cus_local_${a.userId}`,
        paymentId,
        amountCents: 50_000,
        description: "Paint the fence",
      }),
      await ctx.db.insert("localPaymentSessions", {
        ...open,
        kind: "onboarding",
        userId: b.userId,
        customerId: `cus_local_${b.userId}`,
        accountId: `acct_local_${b.userId}`,
      }),
    ];
  });
  const [checkoutSessionId, portalSessionId] = await t.run(async (ctx) => {
    const session = {
      userId: b.userId,
      customerId: `cus_local_${b.userId}`,
      status: "open" as const,
      expiresAt: Date.now() + 86_400_000,
    };
    return [
      await ctx.db.insert("localPaymentSessions", { ...session, kind: "checkout", planId: "pro", trialDays: 14 }),
      await ctx.db.insert("localPaymentSessions", {
        ...session,
        kind: "portal",
        returnUrl: "http://localhost:5173/subscribe",
      }),
    ];
  });

  const { notificationId, bNotificationId, referralId } = await t.run(async (ctx) => {
    const firstOf = (userId: Id<"users">) =>
      ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .first();
    const notification = await firstOf(a.userId);
    const bNotification = await firstOf(b.userId);
    const referral = await ctx.db
      .query("referrals")
      .withIndex("by_referrerId", (q) => q.eq("referrerId", b.userId))
      .first();
    return { notificationId: notification!._id, bNotificationId: bNotification!._id, referralId: referral!._id };
  });

  const endorsementId = await t.run((ctx) =>
    ctx.db.insert("endorsements", { proId: b.userId, clientId: a.userId, jobId: doneJobId, status: "requested" }),
  );

  const seatId = await t.run((ctx) =>
    ctx.db.insert("teamSeats", {
      businessId: b.userId,
      memberId: d.userId,
      email: "di@example.com",
      state: "invited",
      invitedBy: b.userId,
      invitedAt: Date.now(),
      updatedAt: Date.now(),
    }),
  );
  const teamBusinessId = await t.run(async (ctx) => {
    const businessId = await ctx.db.insert("users", {
      email: "fay@example.com",
      firstName: "Fay",
      lastName: "Firm",
      userType: "professional",
      subscriptionTier: "enterprise",
      subscriptionStatus: "active",
    });
    const now = Date.now();
    await ctx.db.insert("teamSeats", {
      businessId,
      memberId: d.userId,
      email: "di@example.com",
      state: "active",
      invitedBy: businessId,
      invitedAt: now,
      respondedAt: now,
      updatedAt: now,
    });
    return businessId;
  });
  // A's job asking for a photographer: F is booked and uploaded a photo (issue 15); C is neither.
  const f = await pro(t, { firstName: "Fi", professions: ["photographer"], primaryProfession: "photographer", ...verified });
  const photoJobId = (await a.as.mutation(
    ref.m("jobs:create"),
    project({ title: "Photograph the house", photoRequired: true }),
  )) as Id<"jobs">;
  await f.as.mutation(ref.m("jobs/photos:take"), { jobId: photoJobId });
  const jobPhotoFile = await t.run((ctx) => ctx.storage.store(fileBlob(64, "image/png")));
  await f.as.mutation(ref.m("jobs/photos:upload"), { jobId: photoJobId, photos: [jobPhotoFile] });
  const jobPhotoId = await t.run(
    async (ctx) =>
      (await ctx.db
        .query("jobPhotos")
        .withIndex("by_jobId", (q) => q.eq("jobId", photoJobId))
        .first())!._id,
  );

  // The other strangers: a homeowner; an admin with a case of their own (a licence to verify, a
  // reported post); a banned and a deleted member, signed in before it happened.
  const h = await owner(t, { firstName: "Hal", ...verified });
  const admin = await pro(t, { firstName: "Ann", role: "admin", ...verified });
  const adminLicence = await t.run((ctx) => ctx.storage.store(new Blob([new Uint8Array(64)], { type: "application/pdf" })));
  const { credentialId: adminCredentialId } = (await admin.as.mutation(ref.m("credentials:submit"), {
    ...RESUBMITTED_LICENCE,
    number: "TX-E-2001",
    documentId: adminLicence,
  })) as { credentialId: Id<"credentials"> };
  const { postId: adminPostId } = (await admin.as.mutation(ref.m("social/posts:create"), {
    content: "Admin's own deck #deck",
    category: "construction",
  })) as { postId: Id<"posts"> };
  const { reportId: adminReportId } = (await d.as.mutation(ref.m("social/reports:report"), {
    postId: adminPostId,
    reason: "spam",
  })) as { reportId: Id<"moderationReports"> };
  const adminPaidJobId = (await a.as.mutation(ref.m("jobs:create"), project({ title: "Fix the porch" }))) as Id<"jobs">;
  const adminBidId = (await admin.as.mutation(ref.m("bids:place"), { jobId: adminPaidJobId, ...bidArgs() })) as Id<"bids">;
  await a.as.mutation(ref.m("bids:accept"), { bidId: adminBidId });
  const adminPaymentId = await fundJob(t, adminPaidJobId);
  const adminMoveId = await t.run((ctx) =>
    ctx.db.insert("paymentMoves", {
      paymentId: adminPaymentId,
      kind: "refund",
      amountCents: 100,
      idempotencyKey: `${adminPaymentId}:authz:refund`,
      status: "failed",
      attempts: 5,
    }),
  );
  const banned = await pro(t, { firstName: "Bea", ...verified });
  const deleted = await owner(t, { firstName: "Del", ...verified });
  await t.run(async (ctx) => {
    await banUser(ctx, "scheduler", (await ctx.db.get("users", banned.userId))!, "authz matrix");
    await markAccountDeleted(ctx, (await ctx.db.get("users", deleted.userId))!);
  });

  const expired = await pro(t, { firstName: "Exa", ...verified });
  const forged = await t.run(async (ctx) => {
    const sessionOf = async (userId: Id<"users">) =>
      (await ctx.db
        .query("authSessions")
        .withIndex("userId", (q) => q.eq("userId", userId))
        .first())!;
    await ctx.db.patch("authSessions", (await sessionOf(expired.userId))._id, { expirationTime: Date.now() - 1 });
    // What the "end expired sessions" cron does each minute (the session check reads no clock).
    await endExpiredSessions(ctx, Date.now(), 10);
    return { userId: a.userId, subject: `${a.userId}|${(await sessionOf(c.userId))._id}` };
  }).then(({ userId, subject }) => ({ userId, as: t.withIdentity({ subject }) }));

  // Scheduled work (emails to the outbox, digests, expiries) lands too, so answers show its effects.
  vi.useFakeTimers();
  try {
    await t.finishAllScheduledFunctions(vi.runAllTimers);
  } finally {
    vi.useRealTimers();
  }

  return {
    t,
    a,
    b,
    c,
    d,
    e,
    openJobId,
    bidId,
    doneJobId,
    doneBidId,
    reviewId,
    notificationId,
    bNotificationId,
    portfolioItemId: portfolioItemId!,
    storageId,
    connectionId,
    pendingConnectionId,
    referralId,
    scrapListingId,
    postId,
    socialCommentId,
    reportId,
    credentialId,
    checkoutSessionId,
    portalSessionId,
    paidJobId,
    paymentId,
    moveId,
    endorsementId,
    seatId,
    teamBusinessId,
    photoJobId,
    jobPhotoId,
    jobCheckoutSessionId,
    onboardingSessionId,
    h,
    admin,
    adminCredentialId,
    adminPostId,
    adminReportId,
    adminPaidJobId,
    adminPaymentId,
    adminMoveId,
    banned,
    deleted,
    expired,
    forged,
  };
}

// ---------------------------------------------------------------------------
// Plausible arguments from a function's validator: ids point at the world's
// things (users at `target`), so a refusal is about the caller, not the input.

export function sampleArgs(fn: SurfaceFunction, w: World, target: "a" | "b" = "b"): Record<string, unknown> {
  return sample(fn.args, w, target, "") as Record<string, unknown>;
}

function idForTable(table: string, w: World, target: "a" | "b"): unknown {
  switch (table) {
    case "users":
      return w[target].userId;
    case "jobs":
      return w.openJobId;
    case "bids":
      return w.bidId;
    case "reviews":
      return w.reviewId;
    case "notifications":
      return w.notificationId;
    case "portfolioItems":
      return w.portfolioItemId;
    case "credentials":
      return w.credentialId;
    case "_storage":
      return w.storageId;
    case "connections":
      return w.connectionId;
    case "referrals":
      return w.referralId;
    case "scrapListings":
      return w.scrapListingId;
    case "posts":
      return w.postId;
    case "comments":
      return w.socialCommentId;
    case "moderationReports":
      return w.reportId;
    case "endorsements":
      return w.endorsementId;
    case "teamSeats":
      return w.seatId;
    case "jobPayments":
      return w.paymentId;
    case "paymentMoves":
      return w.moveId;
    case "jobPhotos":
      return w.jobPhotoId;
    default:
      return undefined;
  }
}

/** A string argument named like an id: the thing it names in the world. */
function idForName(name: string, w: World, target: "a" | "b"): unknown {
  if (/^(userId|otherUserId|receiverId|professionalId|memberId)$/.test(name)) return w[target].userId;
  const table = {
    jobId: "jobs",
    bidId: "bids",
    reviewId: "reviews",
    connectionId: "connections",
    referralId: "referrals",
    postId: "posts",
  }[name];
  return table ? idForTable(table, w, target) : undefined;
}

function sample(v: ValidatorJson, w: World, target: "a" | "b", name: string): unknown {
  switch (v.type) {
    case "object": {
      if (name === "paginationOpts") return { numItems: 10, cursor: null };
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(v.value)) {
        if (field.optional && idForName(key, w, target) === undefined && field.fieldType.type !== "id") continue;
        out[key] = sample(field.fieldType, w, target, key);
      }
      return out;
    }
    case "union":
      return sample(v.value.find((m) => m.type !== "null") ?? v.value[0]!, w, target, name);
    case "array":
      return [];
    case "record":
      return {};
    case "id":
      return idForTable(v.tableName, w, target) ?? "zzz";
    case "literal":
      return v.value;
    case "string":
      return (idForName(name, w, target) as string | undefined) ?? "x";
    case "number":
    case "float64":
      return 1;
    case "int64":
    case "bigint":
      return 1n;
    case "boolean":
      return false;
    case "null":
      return null;
    case "bytes":
      return new ArrayBuffer(0);
    default:
      return {};
  }
}

/** Argument names that point at someone's thing (an id anywhere inside, or a name like `jobId`/`ids`): such a function needs a `stranger` rule. */
export function idArgNames(fn: SurfaceFunction): string[] {
  if (fn.args.type !== "object") return [];
  return Object.entries(fn.args.value)
    .filter(
      ([key, field]) => (/(^id$|^ids$|Id$|Ids$)/.test(key) && holdsString(field.fieldType)) || holdsId(field.fieldType),
    )
    .map(([key]) => key);
}

function holdsString(v: ValidatorJson): boolean {
  if (v.type === "string") return true;
  if (v.type === "array") return holdsString(v.value);
  if (v.type === "union") return v.value.some(holdsString);
  return false;
}

function holdsId(v: ValidatorJson): boolean {
  switch (v.type) {
    case "id":
      return true;
    case "array":
      return holdsId(v.value);
    case "union":
      return v.value.some(holdsId);
    case "object":
      return Object.entries(v.value).some(
        ([key, f]) => (/(^id$|Id$)/.test(key) && holdsString(f.fieldType)) || holdsId(f.fieldType),
      );
    case "record":
      return holdsId(v.values.fieldType);
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------
// The classification: every public function, who may call it, and what a
// member who doesn't own the thing an id names gets.

/** What the stranger C gets when a function is pointed at someone else's thing. */
export type StrangerRule =
  /** Throws FORBIDDEN or NOT_FOUND (or the codes listed, each with a reason in a comment). */
  | { expect: "refused"; args: (w: World) => Record<string, unknown>; codes?: string[] }
  /** Answers nothing: null, an empty list or page (see isEmptyAnswer). */
  | { expect: "empty"; args: (w: World) => Record<string, unknown> }
  /**
   * The stranger may call it (the id names a public thing or another member, and the
   * function acts only on the caller's own records); `check` asserts what must hold.
   * A business-rule refusal (any of our error codes) is fine too.
   */
  | {
      expect: "allowed";
      reason: string;
      args: (w: World) => Record<string, unknown>;
      check?: (w: World, value: unknown) => Promise<void> | void;
    };

export type Access =
  /** Anonymous callers are served: say why. */
  | { access: "public"; reason: string }
  /** Anonymous callers get an empty answer (null, 0, []) rather than an error. */
  | { access: "viewerOrNull" }
  /** Anonymous callers are refused with NOT_AUTHENTICATED. */
  | { access: "member" }
  /** Anonymous callers get NOT_AUTHENTICATED, members FORBIDDEN. */
  | { access: "admin" };

/** Members of the world a party rule may call as. */
export type WorldMember = "a" | "b" | "d" | "e";

/**
 * The other strangers (authz.test.ts "strangers of every kind"), each with the stranger rule's
 * expectation unless overridden here; null: not this function's case.
 * - homeowner: H, a homeowner with no ties (default: the `stranger` rule, same args).
 * - admin: an admin calling member functions on others' things gets no more than C (default: the
 *   `stranger` rule); on admin functions, their own case (default: none; give one where the
 *   function decides about a member).
 * - party: the other party of the same job, bid, thread or seat (e.g. the owner calling the pro's
 *   own-only functions), calling `as` that member (default: none).
 * Banned and deleted members need no rule: every non-public function treats them as signed out.
 */
export interface OtherStrangers {
  homeowner?: StrangerRule | null;
  admin?: StrangerRule | null;
  party?: StrangerRule & { as: WorldMember };
}

export type Classification = Access & {
  /** Required when the function takes an id (see idArgNames). */
  stranger?: StrangerRule;
  /** The other strangers' rules where they differ from the defaults (see OtherStrangers). */
  strangers?: OtherStrangers;
  /** Called with local payments on (the local gateway's pages refuse everyone anywhere else). */
  localPayments?: true;
  /** Arguments for the anonymous call when the sampled ones would not pass validation. */
  args?: (w: World) => Record<string, unknown>;
};

const RESUBMITTED_LICENCE = { kind: "licence", trade: "Electrician", number: "TX-E-1002", issuingState: "TX", expiresOn: "2030-01-31" };
const LIBRARY = "@convex-dev/auth's own endpoint: signs in and out and refreshes tokens for anyone";
const bidOn = (w: World) => ({ ...bidArgs(), bidId: w.bidId });
const TEST_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
/** The same refusal for the other party of the job, bid or thread, calling as `as`. */
const partyToo = (as: WorldMember, args: (w: World) => Record<string, unknown>, codes?: string[]): OtherStrangers => ({
  party: { as, expect: "refused", args, ...(codes ? { codes } : {}) },
});

/** Subscriptions' rules, at a module path (payments/subscriptions.ts, re-exported by subscriptions.ts). */
function subscriptionRules(module: string): Record<string, Classification> {
  return {
    [`${module}:mine`]: { access: "viewerOrNull" },
    [`${module}:listings`]: { access: "viewerOrNull" },
    [`${module}:checkout`]: {
      access: "member",
      stranger: {
        expect: "allowed",
        reason:
          "planId names a plan of the public catalogue (common/plans.ts), not someone's record; the checkout is the caller's own",
        args: () => ({ planId: "pro" }),
      },
    },
    [`${module}:portal`]: { access: "member" },
  };
}

export const CLASSIFICATION: Record<string, Classification> = {
  // The admin console (issue 16): admins only; a member naming any post gets FORBIDDEN before anything is read.
  "admin/moderation:queue": { access: "admin" },
  "admin/moderation:flagged": { access: "admin" },
  "admin/moderation:audit": { access: "admin" },
  "admin/moderation:approve": {
    access: "admin",
    stranger: { expect: "refused", args: (w) => ({ postId: w.postId }) },
    strangers: { admin: { expect: "refused", args: (w) => ({ postId: w.adminPostId }), codes: ["FORBIDDEN"] } },
  },
  "admin/moderation:remove": {
    access: "admin",
    stranger: { expect: "refused", args: (w) => ({ postId: w.postId }) },
    strangers: { admin: { expect: "refused", args: (w) => ({ postId: w.adminPostId }), codes: ["FORBIDDEN"] } },
  },
  "admin/moderation:warn": {
    access: "admin",
    stranger: { expect: "refused", args: (w) => ({ postId: w.postId }) },
    strangers: { admin: { expect: "refused", args: (w) => ({ postId: w.adminPostId }), codes: ["FORBIDDEN"] } },
  },
  "admin/moderation:ban": {
    access: "admin",
    stranger: { expect: "refused", args: (w) => ({ postId: w.postId }) },
    strangers: { admin: { expect: "refused", args: (w) => ({ postId: w.adminPostId }), codes: ["FORBIDDEN"] } },
  },
  "admin/moderation:dismiss": {
    access: "admin",
    stranger: { expect: "refused", args: (w) => ({ reportId: w.reportId }) },
    // A report on the admin's own post.
    strangers: { admin: { expect: "refused", args: (w) => ({ reportId: w.adminReportId }), codes: ["FORBIDDEN"] } },
  },

  // Credential verification (issue 16): the Verification tab is admins only.
  "admin/verification:queue": { access: "admin" },
  "admin/verification:approve": {
    access: "admin",
    stranger: { expect: "refused", args: (w) => ({ credentialId: w.credentialId }) },
    strangers: { admin: { expect: "refused", args: (w) => ({ credentialId: w.adminCredentialId }), codes: ["FORBIDDEN"] } },
  },
  "admin/verification:reject": {
    access: "admin",
    stranger: { expect: "refused", args: (w) => ({ credentialId: w.credentialId, reason: "Not on the register." }) },
    strangers: { admin: { expect: "refused", args: (w) => ({ credentialId: w.adminCredentialId, reason: "Not on the register." }), codes: ["FORBIDDEN"] } },
  },
  "credentials:mine": { access: "viewerOrNull" },
  "credentials:checked": {
    access: "public",
    reason: "the About tab's 'Licence checked, valid until Mar 2027' lines: kind and month only, never a number or the document",
    stranger: {
      expect: "allowed",
      reason: "anyone who can see a profile reads what was checked on it",
      args: (w) => ({ userId: w.b.userId }),
    },
  },
  "credentials:submit": {
    access: "member",
    stranger: {
      expect: "refused",
      // B's uploaded file, already attached to B's portfolio: refused as a value (FORBIDDEN).
      args: (w) => ({ ...RESUBMITTED_LICENCE, documentId: w.storageId }),
    },
  },
  "credentials:resubmit": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ credentialId: w.credentialId, ...RESUBMITTED_LICENCE, documentId: w.storageId }) },
  },
  "credentials:remove": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ credentialId: w.credentialId }) },
    strangers: { party: { as: "a", expect: "refused", args: (w) => ({ credentialId: w.credentialId }) } },
  },
  "credentials:openDocument": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ credentialId: w.credentialId }) },
    strangers: {
      admin: {
        expect: "allowed",
        reason: "admins open a submitted document to verify it (the Verification tab)",
        args: (w) => ({ credentialId: w.credentialId }),
      },
      party: { as: "a", expect: "refused", args: (w) => ({ credentialId: w.credentialId }) },
    },
  },
  // Suspicious Users and Cleanup (issue 16): admins only; a member naming another member is refused first.
  "admin/users:suspicious": { access: "admin" },
  "admin/users:ban": {
    access: "admin",
    stranger: { expect: "refused", args: (w) => ({ userId: w.a.userId }) },
    strangers: { admin: { expect: "refused", args: (w) => ({ userId: w.admin.userId }), codes: ["FORBIDDEN"] } },
  },
  "admin/users:unban": {
    access: "admin",
    stranger: { expect: "refused", args: (w) => ({ userId: w.a.userId }) },
    strangers: { admin: { expect: "refused", args: (w) => ({ userId: w.admin.userId }), codes: ["FORBIDDEN"] } },
  },
  "admin/users:clear": {
    access: "admin",
    stranger: { expect: "refused", args: (w) => ({ userId: w.a.userId }) },
    strangers: { admin: { expect: "refused", args: (w) => ({ userId: w.admin.userId }), codes: ["FORBIDDEN"] } },
  },
  "admin/cleanup:preview": { access: "admin" },
  "admin/cleanup:run": {
    access: "admin",
    args: () => ({ userIds: [], postIds: [] }),
    stranger: { expect: "refused", args: (w) => ({ userIds: [w.a.userId], postIds: [w.postId] }) },
  },
  "admin/cleanup:restore": {
    access: "admin",
    args: () => ({ itemId: "none" }),
    stranger: { expect: "refused", args: () => ({ itemId: "none" }) },
  },
  "admin/cleanup:runs": { access: "admin" },

  "accountDeletion:deleteAccount": { access: "member" },
  "accountDeletion:dismissRestored": { access: "member" },

  "auth:authSignIn": { access: "public", reason: LIBRARY },
  "auth:isAuthenticated": { access: "viewerOrNull" },
  "auth:signIn": { access: "public", reason: LIBRARY },
  "auth:signOut": { access: "public", reason: LIBRARY },

  "backup:members": { access: "member" },
  "backup:offers": { access: "member" },
  "backup:setMember": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "names a member to add to the caller's own backup network (only their connections may join)",
      args: (w) => ({ userId: w.d.userId, member: true }),
    },
  },
  "backup:shareJob": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any professional may share an open job with their own backup network",
      args: (w) => ({ jobId: w.openJobId }),
    },
  },
  "backup:take": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ ...bidArgs(), referralId: w.referralId }) },
  },

  "bids:accept": { access: "member", stranger: { expect: "refused", args: (w) => ({ bidId: w.bidId, priceCents: 90_000 }) } },
  "bids:decline": { access: "member", stranger: { expect: "refused", args: (w) => ({ bidId: w.bidId }) } },
  "bids:place": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any professional may bid on an open job",
      args: (w) => ({ ...bidArgs(), jobId: w.openJobId }),
    },
  },
  "bids:update": { access: "member", stranger: { expect: "refused", args: bidOn } },
  "bids:withdraw": { access: "member", stranger: { expect: "refused", args: (w) => ({ bidId: w.bidId }) } },

  "connections:browse": { access: "member" },
  "connections:listOf": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "a member's connections are shown on their profile and network page",
      args: (w) => ({ userId: w.b.userId }),
    },
  },
  "connections:pending": { access: "member" },
  "connections:remove": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ connectionId: w.connectionId }) },
  },
  "connections:request": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any professional may ask another to connect",
      args: (w) => ({ userId: w.b.userId }),
    },
  },
  "connections:respond": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ connectionId: w.pendingConnectionId, accept: true }) },
    // E asked B: the asker can't accept their own request (the transition table refuses it).
    strangers: partyToo("e", (w) => ({ connectionId: w.pendingConnectionId, accept: true }), ["INVALID_INPUT"]),
  },
  "connections:suggestions": { access: "member" },

  "contact:send": { access: "public", reason: "the public contact form (spec /contact, POST /api/contact)" },

  "dashboard:customer": { access: "member" },
  "dashboard:nearbyProfessionals": { access: "member" },
  "dashboard:professional": { access: "member" },
  "dashboard:recentActivity": { access: "member" },

  "devOutbox:location": {
    access: "public",
    reason: "where the local /dev/outbox page reads emails: null unless the deployment is local; no email content",
  },

  "files:generateUploadUrl": { access: "member" },

  "emailVerification:resend": { access: "member" },
  "emailVerification:verify": {
    access: "public",
    reason: "the emailed link works before sign-in; the token is the credential",
  },

  "social/comments:add": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any member may comment on a post they can see",
      args: (w) => ({ postId: w.postId, content: "Nice", mentionIds: [] }),
    },
  },
  "social/comments:list": {
    access: "public",
    reason: "a visible post's comments are read signed out too (issue 13: visitors can read the feed)",
    stranger: {
      expect: "allowed",
      reason: "comments of a visible post are public",
      args: (w) => ({ postId: w.postId, paginationOpts: { numItems: 10, cursor: null } }),
    },
  },
  "social/comments:remove": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ commentId: w.socialCommentId }) },
  },
  "social/comments:update": {
    access: "member",
    stranger: {
      expect: "refused",
      args: (w) => ({ commentId: w.socialCommentId, content: "Mine now", mentionIds: [] }),
    },
  },
  "social/follows:follow": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any member may follow any other; the row is the caller's own",
      args: (w) => ({ userId: w.b.userId }),
    },
  },
  "social/follows:followers": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "a member's followers are shown on their profile",
      args: (w) => ({ userId: w.b.userId, paginationOpts: { numItems: 10, cursor: null } }),
    },
  },
  "social/follows:following": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "whom a member follows is shown on their profile",
      args: (w) => ({ userId: w.b.userId, paginationOpts: { numItems: 10, cursor: null } }),
    },
  },
  "social/follows:status": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "the profile's Follow button and follower tiles: the caller's own follow and public counts",
      args: (w) => ({ userId: w.b.userId }),
    },
  },
  "social/follows:unfollow": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "removes only the caller's own follow (none here: nothing changes)",
      args: (w) => ({ userId: w.b.userId }),
    },
  },
  "social/likes:toggleComment": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any member may like a comment they can see; the like is their own",
      args: (w) => ({ commentId: w.socialCommentId }),
    },
  },
  "social/likes:togglePost": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any member may like a post they can see; the like is their own",
      args: (w) => ({ postId: w.postId }),
    },
  },
  "social/mentions:suggest": { access: "member" },
  "social/notifications:list": { access: "member" },
  "social/shares:share": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any member may share or repost a post they can see; the share (and repost) is their own",
      args: (w) => ({ postId: w.postId, shareType: "share" }),
    },
  },

  "scrap:list": {
    access: "public",
    reason: "the scrap & free materials board (spec §7 GET /api/scrap-listings is public)",
  },
  "scrap:nearby": { access: "member" },
  "scrap:mine": { access: "member" },
  "scrap:create": {
    access: "member",
    stranger: {
      expect: "refused",
      // B's uploaded file, already attached to B's portfolio.
      args: (w) => ({
        title: "Not mine",
        category: "metal",
        location: "Here",
        zipCode: "78701",
        photos: [w.storageId],
      }),
      codes: ["FORBIDDEN"],
    },
  },
  "scrap:get": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason:
        "an open listing's page is for every member; who holds it and the lister's contact are not shown to others",
      args: (w) => ({ id: w.scrapListingId }),
      check: (_w, value) => {
        const detail = value as { claimer: unknown; contact: unknown; waitlist: unknown[] } | null;
        expect(
          detail === null || (detail.claimer === null && detail.contact === null && detail.waitlist.length === 0),
        ).toBe(true);
      },
    },
  },
  "scrap:update": {
    access: "member",
    stranger: {
      expect: "refused",
      args: (w) => ({ id: w.scrapListingId, title: "Mine now", category: "metal", location: "Here", zipCode: "78701" }),
    },
  },
  "scrap:claim": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any member may claim an available listing (this one is on hold: refused in our words)",
      args: (w) => ({ id: w.scrapListingId }),
    },
  },
  "scrap:release": { access: "member", stranger: { expect: "refused", args: (w) => ({ id: w.scrapListingId }) } },
  "scrap:cancelClaim": { access: "member", stranger: { expect: "refused", args: (w) => ({ id: w.scrapListingId }) } },
  "scrap:confirm": { access: "member", stranger: { expect: "refused", args: (w) => ({ id: w.scrapListingId }) } },
  "scrap:markGone": { access: "member", stranger: { expect: "refused", args: (w) => ({ id: w.scrapListingId }) } },
  "scrap:renew": { access: "member", stranger: { expect: "refused", args: (w) => ({ id: w.scrapListingId }) } },
  "scrap:remove": { access: "member", stranger: { expect: "refused", args: (w) => ({ id: w.scrapListingId }) } },
  "scrap:joinWaitlistFor": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any member may wait behind a hold",
      args: (w) => ({ id: w.scrapListingId }),
    },
    // The lister can't queue for their own listing.
    strangers: partyToo("a", (w) => ({ id: w.scrapListingId }), ["FORBIDDEN"]),
  },
  "scrap:leaveWaitlistFor": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "leaves only the caller's own place in the waitlist (none here: nothing changes)",
      args: (w) => ({ id: w.scrapListingId }),
    },
  },

  "social/posts:create": {
    access: "member",
    stranger: {
      expect: "refused",
      // B's uploaded file, already attached to B's portfolio.
      args: (w) => ({
        content: "Not mine",
        category: "construction",
        media: [{ storageId: w.storageId, kind: "image" }],
      }),
      codes: ["FORBIDDEN"],
    },
  },
  "social/posts:update": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ postId: w.postId, content: "Mine now", category: "construction" }) },
  },
  "social/posts:remove": { access: "member", stranger: { expect: "refused", args: (w) => ({ postId: w.postId }) } },
  "social/posts:get": {
    access: "public",
    reason: "the feed is readable by anyone (spec §2: anonymous visitors read /feed); a held post is its author's only",
    stranger: {
      expect: "allowed",
      reason: "A's post is public; the screen's reasons are shown to the author only",
      args: (w) => ({ postId: w.postId }),
      check: (_w, value) => expect((value as { moderationFlags: unknown[]; isOwn: boolean }).isOwn).toBe(false),
    },
  },
  "social/posts:latest": {
    access: "public",
    reason: "the feed's Latest tab is readable by anyone (spec §2, GET /api/social/feed)",
  },
  "social/posts:following": { access: "member" },
  "social/posts:byAuthor": {
    access: "public",
    reason: "a member's visible posts, as on their public profile (GET /api/profile/{id} returns posts)",
    stranger: {
      expect: "allowed",
      reason: "A's visible posts are public",
      args: (w) => ({ userId: w.a.userId, paginationOpts: { numItems: 10, cursor: null } }),
    },
  },
  "social/posts:trending": { access: "public", reason: "trending tags beside the public feed" },
  "social/reports:report": {
    access: "member",
    args: (w) => ({ postId: w.postId, reason: "spam" }),
    stranger: {
      expect: "allowed",
      reason: "any member may report a post they can see (once while open); it files a row for the admin queue only",
      args: (w) => ({ postId: w.postId, reason: "spam" }),
    },
  },
  "search:search": {
    access: "public",
    reason:
      "the site search (/search?q=, GET /api/search): visitors find professionals and visible posts, members also homeowners",
  },

  "jobs/browse:list": { access: "public", reason: "the public job board (spec /jobs, GET /api/jobs)" },
  "jobs/browse:recommended": { access: "member" },

  "jobs:act": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ jobId: w.openJobId, action: "cancel" }) },
  },
  "jobs:applied": { access: "member" },
  "jobs:create": { access: "member" },
  "jobs/photos:deliver": { access: "member", stranger: { expect: "refused", args: (w) => ({ jobId: w.openJobId }) } },
  "jobs:get": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "an open job's page is for every member; bids and prices are for the owner and each bid's author",
      args: (w) => ({ jobId: w.openJobId }),
      check: (_w, value) => {
        const text = JSON.stringify(value);
        // B's bid: its price and message are B's and A's business only.
        // The price as a value of its own ("priceMin":900, "$900"), not digits inside a timestamp or id.
        if (/(?<![\w.])900(?![\w])/.test(text) || text.includes(bidArgs().message)) {
          throw new Error(`a stranger sees another professional's bid: ${text.slice(0, 400)}`);
        }
      },
    },
  },
  "jobs:myProjects": { access: "member" },
  "jobs:myWork": { access: "member" },
  "jobs/photos:nearby": { access: "member" },
  "jobs/photos:mine": { access: "member" },
  "jobs/photos:forJob": {
    access: "member",
    stranger: { expect: "empty", args: (w) => ({ jobId: w.photoJobId }) },
  },
  "jobs/photos:upload": {
    access: "member",
    stranger: {
      expect: "refused",
      // B's uploaded file, already attached to B's portfolio, onto a job C is not booked for.
      args: (w) => ({ jobId: w.photoJobId, photos: [w.storageId] }),
      codes: ["FORBIDDEN"],
    },
  },
  "jobs/photos:release": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ jobId: w.photoJobId }), codes: ["FORBIDDEN"] },
  },
  "jobs/photos:removePhoto": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ photoId: w.jobPhotoId }), codes: ["FORBIDDEN"] },
  },

  "jobs:requestQuote": { access: "member" },
  "jobs:saved": { access: "member" },
  "jobs:savedIds": { access: "viewerOrNull", stranger: { expect: "empty", args: (w) => ({ jobIds: [w.openJobId] }) } },
  "jobs/browse:searchByPlace": {
    access: "public",
    reason: "public job search by place (GET /api/jobs/search)",
    args: () => ({ state: "TX", city: "Austin" }),
  },
  "jobs/photos:take": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any professional may take an open photo request (this job has none)",
      args: (w) => ({ jobId: w.openJobId }),
    },
  },
  "jobs:toggleSave": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "saving a job is the caller's own bookmark",
      args: (w) => ({ jobId: w.openJobId }),
    },
  },

  "messages:inbox": {
    access: "member",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    stranger: {
      expect: "refused",
      args: (w) => ({ paginationOpts: { numItems: 10, cursor: null }, actingFor: w.b.userId }),
    },
  },
  "messages:markRead": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "marks the caller's own side of their thread with that member",
      args: (w) => ({ otherUserId: w.b.userId }),
      check: async (w) => {
        const unread = await w.t.run(
          async (ctx) => (await userCountsOf(ctx, (await ctx.db.get("users", w.a.userId))!)).unreadMessages,
        );
        if (!unread) throw new Error("C's markRead cleared A's unread messages");
      },
    },
  },
  "messages:send": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any member may write to another",
      args: (w) => ({ receiverId: w.b.userId, content: "Hello" }),
    },
    // E, whom B blocked, can't write to B.
    strangers: partyToo("e", (w) => ({ receiverId: w.b.userId, content: "Hello" }), ["FORBIDDEN"]),
  },
  "messages:setBlocked": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "the caller's own block list",
      args: (w) => ({ otherUserId: w.b.userId, blocked: true }),
    },
  },
  "messages:setTyping": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "the caller's own typing state in their thread with that member",
      args: (w) => ({ otherUserId: w.b.userId, typing: true }),
    },
  },
  "messages:thread": {
    access: "member",
    stranger: {
      expect: "empty",
      args: (w) => ({ otherUserId: w.b.userId, paginationOpts: { numItems: 10, cursor: null } }),
    },
  },
  "messages:threadInfo": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "the other member's public card and whether the caller may write to them",
      args: (w) => ({ otherUserId: w.b.userId }),
    },
  },
  "messages:unreadCount": { access: "viewerOrNull" },

  "notifications:list": { access: "member" },
  "notifications:markAllRead": { access: "member" },
  "notifications:markManyRead": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ ids: [w.notificationId] }) },
  },
  "notifications:markRead": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ id: w.notificationId }) },
  },
  "notifications:preferences": { access: "member" },
  "notifications:remove": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ id: w.notificationId }) },
  },
  "notifications:setPreference": { access: "member" },
  "notifications:unreadCount": { access: "viewerOrNull" },

  "passwords:requestReset": { access: "public", reason: "forgot password works signed out (spec /forgot-password)" },
  "passwords:resetPassword": {
    access: "public",
    reason: "the emailed reset link works signed out; the token is the credential",
  },

  "portfolio:add": {
    access: "member",
    stranger: {
      expect: "refused",
      // B's uploaded file, already attached to B's portfolio.
      args: (w) => ({ files: [{ storageId: w.storageId, name: "mine.png" }], title: "Not mine", category: "other" }),
      codes: ["FORBIDDEN", "NOT_FOUND", "INVALID_INPUT"],
    },
  },
  "portfolio:list": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "a professional's portfolio is on their public profile",
      args: (w) => ({ userId: w.b.userId }),
    },
  },
  "portfolio:remove": { access: "member", stranger: { expect: "refused", args: (w) => ({ id: w.portfolioItemId }) } },

  "professionals:search": {
    access: "public",
    reason: "the public professional directory (spec /professionals/search)",
  },

  "profiles:get": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "profiles are public to members; contact details only on one's own",
      args: (w) => ({ userId: w.b.userId }),
      check: (_w, value) => {
        if ((value as { contact: unknown } | null)?.contact !== null)
          throw new Error("a stranger sees B's contact details");
      },
    },
  },
  "profiles:list": { access: "member" },
  "profiles:mine": { access: "member" },
  "profiles:removeAvatar": { access: "member" },
  "profiles:reputation": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "referral points are shown on the public profile",
      args: (w) => ({ userId: w.b.userId }),
    },
  },
  "profiles:setAvatar": {
    access: "member",
    stranger: {
      expect: "refused",
      // B's uploaded file (in B's portfolio).
      args: (w) => ({ storageId: w.storageId }),
      codes: ["FORBIDDEN", "NOT_FOUND", "INVALID_INPUT"],
    },
  },
  "profiles:patch": { access: "member" },
  "profiles:update": { access: "member" },

  "promotions:current": { access: "public", reason: "the launch offer banner on public pages" },

  "reviews:create": {
    access: "member",
    stranger: {
      expect: "refused",
      args: (w) => ({ jobId: w.doneJobId, rating: 1, title: "Bad", content: "Not my job at all." }),
    },
  },
  "reviews:forJob": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "a completed job's review is public; only the owner may write it",
      args: (w) => ({ jobId: w.doneJobId }),
      check: (_w, value) => {
        if ((value as { canReview?: boolean }).canReview) throw new Error("a stranger may review A's job");
      },
    },
  },
  "reviews:list": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "a professional's reviews are public",
      args: (w) => ({ professionalId: w.b.userId, paginationOpts: { numItems: 10, cursor: null } }),
    },
  },
  "reviews:reply": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ reviewId: w.reviewId, content: "Thanks!" }) },
  },
  "reviews:report": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any member may report a review",
      args: (w) => ({ reviewId: w.reviewId, reason: "spam" }),
    },
  },
  "reviews:toggleHelpful": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "any member may mark a review helpful",
      args: (w) => ({ reviewId: w.reviewId }),
    },
  },
  "reviews:toWrite": { access: "member" },

  "settings:changePassword": { access: "member" },
  "settings:signOut": { access: "member" },

  // The local payments mode's checkout and portal (session ids are strings: a stranger's
  // session reads as null and refuses to be paid, changed or canceled; webhooks.test.ts).
  "payments/local:session": {
    access: "member",
    localPayments: true,
    stranger: { expect: "empty", args: (w) => ({ sessionId: w.checkoutSessionId }) },
  },
  "payments/local:pay": {
    access: "member",
    localPayments: true,
    stranger: {
      expect: "refused",
      args: (w) => ({
        sessionId: w.checkoutSessionId,
        card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
      }),
    },
  },
  "payments/local:cancelCheckout": {
    access: "member",
    localPayments: true,
    stranger: { expect: "refused", args: (w) => ({ sessionId: w.checkoutSessionId }) },
  },
  "payments/local:updateCard": {
    access: "member",
    localPayments: true,
    stranger: {
      expect: "refused",
      args: (w) => ({
        sessionId: w.portalSessionId,
        card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
      }),
    },
  },
  "payments/local:changePlan": {
    access: "member",
    localPayments: true,
    stranger: { expect: "refused", args: (w) => ({ sessionId: w.portalSessionId, change: { kind: "cancel" } }) },
  },
  "branding:of": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "a profile's cover and accent colour are public profile content, shown only while its owner's plan has them",
      args: (w) => ({ userId: w.b.userId }),
    },
  },
  "branding:mine": { access: "viewerOrNull" },
  "branding:setAccent": { access: "member" },
  "branding:setCover": { access: "member", stranger: { expect: "refused", args: (w) => ({ storageId: w.storageId }) } },
  "branding:removeCover": { access: "member" },
  "portfolio:reorder": { access: "member", stranger: { expect: "refused", args: (w) => ({ ids: [w.portfolioItemId] }) } },
  "endorsements:requestable": { access: "viewerOrNull" },
  "endorsements:request": { access: "member", stranger: { expect: "refused", args: (w) => ({ jobId: w.doneJobId }) } },
  "endorsements:write": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ endorsementId: w.endorsementId, text: "Great work, on time and tidy." }) },
  },
  "endorsements:forProfile": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason: "written endorsements are public profile content; the pending request returned is only the caller's own",
      args: (w) => ({ userId: w.b.userId }),
    },
  },
  "insights:mine": { access: "viewerOrNull" },
  "insights:recordProfileView": {
    access: "member",
    stranger: {
      expect: "allowed",
      reason:
        "any member may open any professional's profile; it only moves that profile's view count, once a day per viewer",
      args: (w) => ({ userId: w.b.userId }),
    },
  },
  "insights:recordSearchAppearances": { access: "viewerOrNull" },
  // Payment protection (issue 15): the job's owner and hired professional only; a stranger naming
  // A's funded job reads nothing and can run nothing (payments/jobs.test.ts covers each side).
  "payments/jobs:forJob": { access: "member", stranger: { expect: "empty", args: (w) => ({ jobId: w.paidJobId }) } },
  "payments/jobs:forJobMilestones": { access: "member", stranger: { expect: "empty", args: (w) => ({ jobId: w.paidJobId }) } },
  "payments/jobs:splitMilestones": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ jobId: w.paidJobId, milestones: [{ title: "All of it", amountCents: 50_000 }] }) },
  },
  "payments/jobs:cancelMilestone": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ jobId: w.paidJobId, milestoneIndex: 0 }) },
  },
  "payments/jobs:fund": { access: "member", stranger: { expect: "refused", args: (w) => ({ jobId: w.paidJobId }) } },
  "payments/jobs:submitCompletion": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ jobId: w.paidJobId, checklist: ["Painted"], photos: [] }) },
  },
  "payments/jobs:confirmQuote": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ jobId: w.paidJobId, priceCents: 50_000 }) },
  },
  "payments/jobs:requestChanges": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ jobId: w.paidJobId, reason: "Not done" }) },
  },
  "payments/jobs:approve": { access: "member", stranger: { expect: "refused", args: (w) => ({ jobId: w.paidJobId }) } },
  "payments/jobs:openDispute": {
    access: "member",
    stranger: { expect: "refused", args: (w) => ({ jobId: w.paidJobId, reason: "Not done" }) },
  },
  "payments/jobs:payoutStatus": { access: "member" },
  "payments/jobs:connectPayouts": { access: "member" },
  "payments/jobs:refreshPayouts": { access: "member" },
  "payments/jobs:earnings": { access: "member" },
  "admin/disputes:list": { access: "admin" },
  "admin/disputes:alerts": { access: "admin" },
  "admin/moneyMoves:listFailed": { access: "admin" },
  "admin/moneyMoves:retry": {
    access: "admin",
    stranger: { expect: "refused", args: (w) => ({ moveId: w.moveId }) },
    strangers: { admin: { expect: "refused", args: (w) => ({ moveId: w.adminMoveId }), codes: ["FORBIDDEN"] } },
  },
  "admin/moneyMoves:refundReleased": {
    access: "admin",
    stranger: { expect: "refused", args: (w) => ({ job: w.paidJobId, note: "Refund" }) },
    strangers: { admin: { expect: "refused", args: (w) => ({ job: w.adminPaidJobId, note: "Refund" }), codes: ["FORBIDDEN"] } },
  },
  "admin/disputes:resolve": {
    access: "admin",
    stranger: { expect: "refused", args: (w) => ({ paymentId: w.paymentId, outcome: "release", note: "Fine" }) },
    strangers: { admin: { expect: "refused", args: (w) => ({ paymentId: w.adminPaymentId, outcome: "release", note: "Fine" }), codes: ["FORBIDDEN"] } },
  },
  // Sessions of the kind each function serves (A's job checkout, B's onboarding), so only the
  // ownership check stands between a stranger and them.
  "payments/local:jobSession": {
    access: "member",
    localPayments: true,
    stranger: { expect: "empty", args: (w) => ({ sessionId: w.jobCheckoutSessionId }) },
    strangers: { party: { as: "b", expect: "empty", args: (w) => ({ sessionId: w.jobCheckoutSessionId }) } },
  },
  "payments/local:payJob": {
    access: "member",
    localPayments: true,
    stranger: { expect: "refused", args: (w) => ({ sessionId: w.jobCheckoutSessionId, card: TEST_CARD }), codes: ["NOT_FOUND"] },
    strangers: {
      party: { as: "b", expect: "refused", args: (w) => ({ sessionId: w.jobCheckoutSessionId, card: TEST_CARD }), codes: ["NOT_FOUND"] },
    },
  },
  "payments/local:cancelJobCheckout": {
    access: "member",
    localPayments: true,
    stranger: { expect: "refused", args: (w) => ({ sessionId: w.jobCheckoutSessionId }), codes: ["NOT_FOUND"] },
    strangers: { party: { as: "b", expect: "refused", args: (w) => ({ sessionId: w.jobCheckoutSessionId }), codes: ["NOT_FOUND"] } },
  },
  "payments/local:finishOnboarding": {
    access: "member",
    localPayments: true,
    stranger: { expect: "refused", args: (w) => ({ sessionId: w.onboardingSessionId }), codes: ["NOT_FOUND"] },
    strangers: { party: { as: "a", expect: "refused", args: (w) => ({ sessionId: w.onboardingSessionId }), codes: ["NOT_FOUND"] } },
  },
  ...subscriptionRules("payments/subscriptions"),
  // Their old paths (wire protocol: released clients, REST) re-export the same functions.
  ...subscriptionRules("subscriptions"),
  "users:completeProfessionSetup": { access: "member" },
  "users:setAvailability": { access: "member" },
  "users:viewer": { access: "viewerOrNull" },
  // Enterprise team seats: a seat's transitions are its invitee's or its business owner's; acting
  // for a business needs an active seat of it (model/teams.ts actingFor; teams.test.ts covers each).
  "teams:team": { access: "viewerOrNull" },
  "teams:membership": { access: "viewerOrNull" },
  "teams:invite": { access: "member" },
  "teams:accept": { access: "member", stranger: { expect: "refused", args: (w) => ({ seatId: w.seatId }) } },
  "teams:decline": { access: "member", stranger: { expect: "refused", args: (w) => ({ seatId: w.seatId }) } },
  "teams:remove": { access: "member", stranger: { expect: "refused", args: (w) => ({ seatId: w.seatId }) } },
  "teams:leave": { access: "member", stranger: { expect: "refused", args: (w) => ({ seatId: w.seatId }) } },
  "teams:quoteRequests": {
    access: "member",
    args: (w) => ({ businessId: w.teamBusinessId }),
    stranger: { expect: "refused", args: (w) => ({ businessId: w.b.userId }) },
  },
};

// ---------------------------------------------------------------------------
// Strangers of every kind, and what each call came to.

export type StrangerKind = "professional" | "homeowner" | "admin" | "party";

export interface StrangerCase {
  kind: StrangerKind;
  caller: (w: World) => Member;
  rule: StrangerRule;
}

/**
 * The other party of the same job, bid, thread, session or seat, calling with C's arguments and
 * refused as C is (a `strangers.party` rule says otherwise where the arguments must differ).
 */
const PARTIES: Record<string, WorldMember> = {
  // A's open job, B's bid on it: the bid's author can't decide it, the owner can't change it.
  "bids:accept": "b",
  "bids:decline": "b",
  "bids:update": "a",
  "bids:withdraw": "a",
  "jobs:act": "b",
  // A's done job and review: the pro can't review it, the owner can't reply as the pro.
  "reviews:create": "b",
  "reviews:reply": "a",
  // A's scrap listing, held by B: the claimer can't run the lister's side, nor the lister the claimer's.
  "scrap:update": "b",
  "scrap:markGone": "b",
  "scrap:renew": "b",
  "scrap:remove": "b",
  "scrap:cancelClaim": "a",
  // A's funded job with B: each side's own steps.
  "payments/jobs:fund": "b",
  "payments/jobs:approve": "b",
  "payments/jobs:requestChanges": "b",
  "payments/jobs:splitMilestones": "b",
  "payments/jobs:cancelMilestone": "b",
  "payments/jobs:submitCompletion": "a",
  // B's checkout and portal sessions.
  "payments/local:session": "a",
  "payments/local:pay": "a",
  "payments/local:cancelCheckout": "a",
  "payments/local:updateCard": "a",
  "payments/local:changePlan": "a",
  // B's endorsement request to A for A's done job.
  "endorsements:write": "b",
  "endorsements:request": "a",
  // B's invitation to D: the business can't answer for the invitee, the invitee can't remove.
  "teams:accept": "b",
  "teams:decline": "b",
  "teams:leave": "b",
  "teams:remove": "d",
  "teams:quoteRequests": "d",
  // A's notification, B's comment on A's post, B's portfolio, licence and file.
  "notifications:markRead": "b",
  "notifications:markManyRead": "b",
  "notifications:remove": "b",
  "social/comments:update": "a",
  "social/posts:update": "b",
  "social/posts:remove": "b",
  "portfolio:remove": "a",
  "portfolio:reorder": "a",
  "branding:setCover": "a",
  "credentials:resubmit": "a",
  "jobs/photos:upload": "a",
};

/** The stranger calls one function gets: C's rule, then the others' (their defaults, then overrides). */
export function strangerCases(name: string, c: Classification): StrangerCase[] {
  const cases: StrangerCase[] = [];
  const base = c.stranger;
  if (base) cases.push({ kind: "professional", caller: (w) => w.c, rule: base });
  const homeowner = c.strangers?.homeowner === undefined ? base : c.strangers.homeowner;
  if (homeowner) cases.push({ kind: "homeowner", caller: (w) => w.h, rule: homeowner });
  const admin = c.strangers?.admin === undefined ? (c.access === "admin" ? undefined : base) : c.strangers.admin;
  if (admin) cases.push({ kind: "admin", caller: (w) => w.admin, rule: admin });
  const party = c.strangers?.party ?? (PARTIES[name] && base ? { ...base, as: PARTIES[name] } : undefined);
  if (party) cases.push({ kind: "party", caller: (w) => w[party.as], rule: party });
  return cases;
}

/**
 * A call's outcome in words, for the snapshot: a refusal by its code and copy, an answer by its
 * shape (keys, booleans, nulls and list lengths; not ids or text), so a refusal that changes or
 * an answer that grows a field or a row shows as a diff.
 */
export function describeOutcome(
  result: { ok: true; value: unknown } | { ok: false; error: unknown; code: string | undefined },
): string {
  if (!result.ok) {
    if (result.code === undefined) return `crashed: ${String(result.error).split("\n")[0]!.slice(0, 200)}`;
    const message = (result.error as ConvexError<{ message?: string }>).data.message;
    return `refused ${result.code}: ${message ?? ""}`;
  }
  const refused = refusedCode(result.value);
  if (refused !== undefined) {
    return `refused ${refused} (as a value): ${(result.value as { refused: { message?: string } }).refused.message ?? ""}`;
  }
  return `answered ${JSON.stringify(shapeOf(result.value))}`;
}

function shapeOf(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === "boolean") return value ?? null;
  if (Array.isArray(value)) {
    const shapes = [...new Set(value.map((item) => JSON.stringify(shapeOf(item))))].map((x) => JSON.parse(x) as unknown);
    return { [`list of ${value.length}`]: shapes };
  }
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}
