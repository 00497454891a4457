// Shared by the backend tests: the module map convex-test loads, the keys
// @convex-dev/auth signs with, and factories.
/// <reference types="vite/client" />
import { AsyncLocalStorage } from "node:async_hooks";
import * as convexTestModule from "convex-test";
import { convexTest } from "convex-test";
import { ConvexError } from "convex/values";
import { makeFunctionReference, type FunctionArgs, type FunctionReturnType, type WithoutSystemFields } from "convex/server";
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { inject, vi } from "vitest";
import type { AppErrorData } from "../common/errors";
import type { api } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { resendStandInUrl } from "./emails/standInRoute";
import { localModeRefusal } from "./model/deployment";
import { syncUserLocation } from "./model/professionals";
import { localConnectWebhookSecret, localWebhookSecret, stripeClient } from "./payments/gateway";
import schema from "./schema";

// Modules as Convex bundles them: files whose name has a single dot.
export const modules = Object.fromEntries(
  Object.entries(import.meta.glob("./**/*.*s")).filter(([path]) => path.split("/").pop()!.split(".").length === 2),
);

/** The test deployment's HTTP-actions URL (CONVEX_SITE_URL). */
export const TEST_SITE_URL = "http://127.0.0.1:3211";

let keysReady: Promise<void> | null = null;
/** Environment a deployment would have for @convex-dev/auth and email. */
export function setupEnv(): Promise<void> {
  process.env.SITE_URL = "http://localhost:5173";
  // Loopback, as the local runtime's: local mode (RAFTER_LOCAL=1) is refused under any other.
  process.env.CONVEX_SITE_URL = TEST_SITE_URL;
  process.env.EMAIL_TRANSPORT = "outbox";
  keysReady ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    process.env.JWT_PRIVATE_KEY = (await exportPKCS8(privateKey)).trimEnd().replace(/\n/g, " ");
    process.env.JWKS = JSON.stringify({ keys: [{ use: "sig", ...(await exportJWK(publicKey)) }] });
  })();
  return keysReady;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Set by vitest.global-setup.ts. */
    convexComponents: { path: string; dir: string; files: string[] }[];
  }
}

// The components convex.config.ts installs, as published (dist/component), each instance under
// its path ("resend/emailWorkpool"): read once per file, registered in every test deployment.
const components = await Promise.all(
  inject("convexComponents").map(async (component) => ({
    path: component.path,
    schema: (await import(/* @vite-ignore */ `${component.dir}/schema.js`)).default,
    modules: Object.fromEntries(component.files.map((file) => [file, () => import(/* @vite-ignore */ file)])),
  })),
);

/**
 * Which test deployment a call comes from, so its Resend API calls reach its own stand-in: each
 * deployment's functions run in its convex-test context (`__localConvexGlobal`, the hook the local
 * runtime uses), also when a timer armed in an earlier test fires during a later one.
 */
const deployments = new WeakMap<object, ReturnType<typeof convexTest>>();
/**
 * Deployments whose test reads the outbox (useOutbox, deliveredEmails, emailsWithinAMinute). Only
 * their emails reach the stand-in: in any other test an email fails at its first call, as outside
 * local mode, so a test about something else runs no delivery work (retries, events) beside its own.
 */
const readsOutbox = new WeakSet<object>();
// The project's convex-test patch exports it (tools/local-convex/src/internals.ts reads it too).
const { convexGlobalStorage } = (convexTestModule as unknown as { __localConvexInternals: { convexGlobalStorage: AsyncLocalStorage<object> } })
  .__localConvexInternals;

function callingDeployment(): ReturnType<typeof convexTest> | null {
  const global = convexGlobalStorage.getStore();
  return global === undefined ? null : (deployments.get(global) ?? null);
}

export function newTest(options: { transactionLimits?: boolean } = {}) {
  // Notifications schedule emails: every test deployment has the local transport.
  process.env.EMAIL_TRANSPORT ??= "outbox";
  process.env.SITE_URL ??= "http://localhost:5173";
  const t = convexTest({ schema, modules, ...options });
  for (const component of components) t.registerComponent(component.path, component.schema, component.modules);
  deployments.set((t as unknown as { __localConvexGlobal: object }).__localConvexGlobal, t);
  return t;
}

/**
 * Runs a function outside the Convex function that calls it: the stand-in is reached over HTTP, as
 * a server apart, not from inside the component's action (whose modules convex-test would look in).
 */
const outsideFunctions = AsyncLocalStorage.snapshot();

/**
 * A call to Resend's API, as the local runtime routes it: to the calling deployment's stand-in for
 * Resend (emails/standIn.ts), only in local mode with the outbox on (and a test that reads it).
 * Otherwise it gets Resend's own answer to the stand-in's key (403: the component records the email
 * failed); with another transport, tests reach no network. Null: not a Resend address.
 */
async function routeResend(url: string, init: RequestInit | undefined): Promise<Response | null> {
  const site = process.env.CONVEX_SITE_URL ?? TEST_SITE_URL;
  // The stand-in's delivery events, as Resend's reach the deployment's webhook.
  if (url === `${site.replace(/\/$/, "")}/resend-webhook`) {
    const t = callingDeployment();
    return t === null ? null : await outsideFunctions(() => t.fetch("/resend-webhook", init));
  }
  const standIn = resendStandInUrl(url, site);
  if (standIn === null) return null;
  const t = callingDeployment();
  if (t === null || process.env.EMAIL_TRANSPORT !== "outbox") throw new Error(`tests reach no network: ${url}`);
  // Not local: no stand-in, and Resend itself refuses the stand-in's key, as here.
  if (localModeRefusal() !== null || !readsOutbox.has(t)) {
    return new Response(JSON.stringify({ statusCode: 403, name: "invalid_api_key", message: "API key is invalid." }), { status: 403 });
  }
  const target = new URL(standIn);
  return await outsideFunctions(() => t.fetch(target.pathname + target.search, init));
}

const unrouted = globalThis.fetch;
if (!(unrouted as { routesResend?: true }).routesResend) {
  globalThis.fetch = Object.assign(
    async (input: RequestInfo | URL, init?: RequestInit) =>
      (await routeResend(input instanceof Request ? input.url : String(input), init)) ?? (await unrouted(input, init)),
    { routesResend: true as const },
  );
}

/**
 * The deployment's own site URL answered by its HTTP actions, as on Convex, so a scheduled action
 * that posts to the app's own route (the local payments gateway's signed webhook events, the Resend
 * stand-in's delivery events) runs that path in tests. Resend's API goes to the stand-in as above;
 * any other address is refused: tests reach no network. Undone by `vi.unstubAllGlobals()`.
 */
export function serveSiteUrl(t: TestConvex): void {
  const site = new URL(process.env.CONVEX_SITE_URL ?? TEST_SITE_URL);
  process.env.CONVEX_SITE_URL = site.origin;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const resend = await routeResend(url.href, init);
    if (resend !== null) return resend;
    if (url.origin !== site.origin) throw new Error(`tests reach no network: ${url.href}`);
    return await t.fetch(url.pathname + url.search, init);
  });
}

/**
 * Local mode with the outbox on, in fake time (call it before anything sends): the app's emails go
 * through the resend component to its local stand-in, as on `npm start`. Undo with
 * `vi.unstubAllEnvs()`, `vi.unstubAllGlobals()` and `vi.useRealTimers()`.
 */
export function useOutbox(t: TestConvex, options?: Parameters<typeof vi.useFakeTimers>[0]): void {
  readsOutbox.add(t);
  vi.stubEnv("RAFTER_LOCAL", "1");
  vi.stubEnv("EMAIL_TRANSPORT", "outbox");
  useFakeTime(options);
  serveSiteUrl(t);
}

/**
 * The email queue's next minute in fake time, a second at a time (its batches wait a second), for
 * tests whose other scheduled work must not run to the end (a purge a month away); the outbox.
 */
export async function emailsWithinAMinute(t: TestConvex): Promise<Doc<"emailOutbox">[]> {
  readsOutbox.add(t);
  serveSiteUrl(t);
  for (let i = 0; i < 60; i++) {
    vi.advanceTimersByTime(1000);
    await t.finishInProgressScheduledFunctions();
  }
  return await t.run((ctx) => ctx.db.query("emailOutbox").collect());
}

/**
 * Runs the email queue (and everything else scheduled) to the end in fake time, and returns the
 * outbox (oldest first unless told). Needs local mode and fake timers from before the first send
 * (useOutbox); the stand-in's delivery events reach the deployment's own site URL.
 */
export async function deliveredEmails(t: TestConvex, order: "asc" | "desc" = "asc"): Promise<Doc<"emailOutbox">[]> {
  readsOutbox.add(t);
  serveSiteUrl(t);
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  return await t.run((ctx) => ctx.db.query("emailOutbox").order(order).collect());
}

/** A test accessor, with or without identity or request metadata. */
export type TestConvex = Omit<ReturnType<typeof newTest>, "registerComponent">;

/** The longest delay setTimeout takes (2^31-1 ms, about 24.8 days): a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Fake time (vi.useFakeTimers) in which a function scheduled months ahead waits its time.
 * convex-test arms one setTimeout per scheduled function, and a delay over MAX_TIMER_MS would fire
 * it at once (Node's and the fake clock's rule), so long delays are armed in steps, as the offline
 * runtime's scheduler does. Tests then schedule and advance time by what they mean (a year).
 * `vi.useRealTimers()` puts the real setTimeout back.
 */
export function useFakeTime(options?: Parameters<typeof vi.useFakeTimers>[0]): void {
  vi.useFakeTimers(options);
  const fakeSetTimeout = globalThis.setTimeout;
  const stepped = (callback: (...args: unknown[]) => void, delay = 0, ...args: unknown[]): ReturnType<typeof setTimeout> =>
    delay > MAX_TIMER_MS
      ? fakeSetTimeout(() => stepped(callback, delay - MAX_TIMER_MS, ...args), MAX_TIMER_MS)
      : fakeSetTimeout(callback, delay, ...args);
  globalThis.setTimeout = Object.assign(stepped, fakeSetTimeout) as typeof setTimeout;
}

/** What a call refused with (the ConvexError's data); fails the test if the call succeeded. */
export async function errorOf(promise: Promise<unknown>): Promise<AppErrorData> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ConvexError) return e.data as AppErrorData;
    throw e;
  }
  throw new Error("expected a ConvexError, but the call succeeded");
}

/** The first page of a paginated query, as the client asks for it. */
export const firstPage = { numItems: 20, cursor: null };

const SIGNATURES: Record<string, number[]> = {
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  "image/jpeg": [0xff, 0xd8, 0xff, 0xe0],
  "image/gif": [...Buffer.from("GIF89a")],
  "image/webp": [...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WEBP")],
  "image/heic": [0, 0, 0, 0x18, ...Buffer.from("ftypheic")],
  "application/pdf": [...Buffer.from("%PDF-1.7\n")],
  "video/mp4": [0, 0, 0, 0x18, ...Buffer.from("ftypisom")],
  "video/quicktime": [0, 0, 0, 0x14, ...Buffer.from("ftypqt  ")],
  "video/webm": [0x1a, 0x45, 0xdf, 0xa3],
};

/**
 * An upload of `size` bytes that really is a `type` file (its signature first), since claims are
 * followed by a check of the bytes (files:verifyUpload). Other types get no signature.
 */
export function fileBlob(size: number, type: string): Blob {
  const bytes = new Uint8Array(size);
  bytes.set((SIGNATURES[type] ?? []).slice(0, size));
  return new Blob([bytes], { type });
}

export const STRONG_PASSWORD = "Correct-Horse9!";

export function signUpParams(overrides: Record<string, unknown> = {}) {
  return {
    flow: "signUp",
    userType: "professional",
    firstName: "Maya",
    lastName: "Lopez",
    email: "maya@example.com",
    password: STRONG_PASSWORD,
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    professionalCategories: ["construction_renovation"],
    isAdult: true,
    acceptTerms: true,
    ...overrides,
  };
}

/** Any fields of a users row, for factories. */
export type UserFields = Partial<WithoutSystemFields<Doc<"users">>>;
/** A member made by a factory: their id and a test accessor signed in as them. */
export interface TestMember {
  userId: Id<"users">;
  as: TestConvex;
}

/** Fast path: a user row without credentials, for functions that only need an identity. */
export async function createUser(t: TestConvex, fields: UserFields = {}): Promise<TestMember> {
  const userId = await insertUser(t, fields);
  return { userId, as: await sessionFor(t, userId) };
}

/** A bare user row, signed in nowhere (no session): for tests that count sessions. */
export async function insertUser(t: TestConvex, fields: UserFields = {}): Promise<Id<"users">> {
  return await t.run(async (ctx) =>
    ctx.db.insert("users", {
      email: `user${Math.random().toString(36).slice(2)}@example.com`,
      firstName: "Test",
      lastName: "User",
      userType: "homeowner",
      ...fields,
    }),
  );
}

/**
 * An accessor signed in as `userId` through a real, open session (the builders
 * refuse a token whose session was ended). `sessionId` is the session to end in tests.
 */
export async function signedIn(t: TestConvex, userId: Id<"users">) {
  const sessionId = await t.run((ctx) =>
    ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 30 * 24 * 60 * 60_000 }),
  );
  return { sessionId, as: t.withIdentity({ subject: `${userId}|${sessionId}` }) };
}

async function sessionFor(t: TestConvex, userId: Id<"users">) {
  return (await signedIn(t, userId)).as;
}

/** Contact details every person made by createPerson has: tests check they never reach another member. */
export const PERSON_PHONE = "(512) 555-0100";

/** A user with a place (Austin, TX 78701 unless `fields` say otherwise) and, for professionals, service areas, as sign-up and profession setup leave them. */
export async function createPerson(t: TestConvex, fields: UserFields = {}): Promise<TestMember> {
  const userId = await t.run(async (ctx) => {
    const id = await ctx.db.insert("users", {
      email: `u${Math.random().toString(36).slice(2)}@example.com`,
      phone: PERSON_PHONE,
      firstName: "Test",
      lastName: "User",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      ...fields,
    });
    await syncUserLocation(ctx, id);
    return id;
  });
  return { userId, as: await sessionFor(t, userId) };
}

/** A homeowner in Austin, TX 78701 (unless `fields` say otherwise). */
export function owner(t: TestConvex, fields: UserFields = {}): Promise<TestMember> {
  return createPerson(t, { userType: "homeowner", firstName: "Olive", ...fields });
}

/** An electrician in Austin, TX 78701 with service areas (unless `fields` say otherwise). */
export function pro(t: TestConvex, fields: UserFields = {}): Promise<TestMember> {
  return createPerson(t, {
    userType: "professional",
    firstName: "Pat",
    professions: ["electrician"],
    primaryProfession: "electrician",
    professionalCategories: ["construction_renovation"],
    ...fields,
  });
}

/** A member's row as stored now. */
export async function userRow(t: TestConvex, userId: Id<"users">): Promise<Doc<"users">> {
  const row = await t.run((ctx) => ctx.db.get("users", userId));
  if (row === null) throw new Error(`no user ${userId}`);
  return row;
}

export type ProjectArgs = FunctionArgs<typeof api.jobs.create>;
/** A valid project (jobs.create) in Austin, with `overrides`. */
export function project(overrides: Partial<ProjectArgs> = {}): ProjectArgs {
  return {
    title: "Replace kitchen outlets",
    description: "Six outlets in the kitchen need GFCI replacements.",
    category: "electrical",
    propertyType: "single_family",
    location: "Austin, TX",
    zipCode: "78701",
    urgency: "high",
    budget: "$500-1500",
    requirements: "Licensed electrician\nBring your own tools",
    ...overrides,
  };
}

/** A day from now as the bid form sends it (YYYY-MM-DD). */
export const TOMORROW = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
export type BidArgs = Omit<FunctionArgs<typeof api.bids.place>, "jobId">;
/** A valid bid (bids.place without the job), with `overrides`. */
export function bid(overrides: Partial<BidArgs> = {}): BidArgs {
  return { priceMin: 900, message: "I can do this next week.", earliestStart: TOMORROW, estimatedDuration: "1 day", ...overrides };
}

/** The Post Listing form's payload as REST takes it (spec §7 POST /api/scrap-listings); an empty price reads Free. */
export function scrapListingBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: "Leftover copper pipe",
    description: "About 20 feet of 3/4 inch copper.",
    category: "metal",
    materialType: "Copper",
    quantity: "1 bucket",
    location: "Curbside on 6th St",
    county: "Travis",
    zipCode: "78701",
    city: "Austin",
    state: "TX",
    price: "",
    contactMethod: "message",
    ...overrides,
  };
}

/**
 * A hire as it was before payment protection (issue 15): the job keeps no payment row, so the
 * job's own graph (start, markDone, sendBack, confirmCompletion through jobs.act) runs as it did.
 * Seeded history is hired this way; a paid job's gates are tested in payments/jobs.test.ts.
 */
export async function withoutPayment(t: TestConvex, jobId: Id<"jobs">): Promise<void> {
  await t.run(async (ctx) => {
    const payment = await ctx.db
      .query("jobPayments")
      .withIndex("by_jobId", (q) => q.eq("jobId", jobId))
      .unique();
    if (payment === null) return;
    const history = await ctx.db
      .query("paymentHistory")
      .withIndex("by_paymentId", (q) => q.eq("paymentId", payment._id))
      .take(100);
    for (const row of history) await ctx.db.delete("paymentHistory", row._id);
    await ctx.db.delete("jobPayments", payment._id);
  });
}

/** The owner's checkout paid, as the payments webhook applies it: the job's payment (its milestone `milestoneIndex`) is funded. */
export async function fundJob(t: TestConvex, jobId: Id<"jobs">, milestoneIndex = 0): Promise<Id<"jobPayments">> {
  const payment = await t.run(async (ctx) => {
    const rows = await ctx.db
      .query("jobPayments")
      .withIndex("by_jobId", (q) => q.eq("jobId", jobId))
      .take(5);
    return rows.find((p) => (p.milestoneIndex ?? 0) === milestoneIndex) ?? null;
  });
  if (payment === null) throw new Error("fundJob: the job has no payment");
  const suffix = `${payment._id}_${Math.random().toString(36).slice(2, 10)}`;
  await t.mutation(makeFunctionReference<"mutation">("payments/webhooks:apply"), {
    event: {
      id: `evt_test_${suffix}`,
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      jobPayment: {
        paymentId: payment._id,
        amountCents: payment.amountCents,
        paymentIntentId: `pi_test_${suffix}`,
        chargeId: `ch_test_${suffix}`,
      },
    },
  });
  return payment._id;
}

/** A member posts to the feed through social/posts:create (the screen and the fan-out included). */
export async function publishPost(m: TestMember, content = "Deck done #deck"): Promise<Id<"posts">> {
  const create = makeFunctionReference<"mutation", FunctionArgs<typeof api.social.posts.create>, FunctionReturnType<typeof api.social.posts.create>>(
    "social/posts:create",
  );
  const result = await m.as.mutation(create, { content, category: "construction" });
  if (!("postId" in result) || result.postId === undefined) throw new Error(JSON.stringify(result));
  return result.postId;
}

/**
 * Signs a Stripe-shaped event as Stripe signs it and POSTs it to the app's webhook route: a
 * connected account's event (one naming `account`) to /stripe/connect-webhook with the local
 * Connect secret, any other to /stripe/webhook with the local platform secret, unless told.
 */
export async function postStripeEvent(t: TestConvex, event: object, to: { path?: string; secret?: string } = {}): Promise<Response> {
  const connect = typeof (event as { account?: unknown }).account === "string";
  const payload = JSON.stringify(event);
  // Outside local payments there is no local secret: a made-up one, as a forger would sign with.
  const secret = to.secret ?? (connect ? localConnectWebhookSecret() : localWebhookSecret()) ?? "whsec_not_this_deployments_secret";
  const signature = await stripeClient().webhooks.generateTestHeaderStringAsync({ payload, secret });
  return await t.fetch(to.path ?? (connect ? "/stripe/connect-webhook" : "/stripe/webhook"), {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}
