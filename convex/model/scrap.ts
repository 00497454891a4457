// Scrap & free materials: the listing's state machine (STYLE.md rule 8), the
// hold and its waitlist, expiry, and the cards lists show. Every status change
// goes through `move`, which checks the actor and the state, writes the
// scrapEvents history row and keeps `open` in step, in the caller's transaction.
//
//   available --claim (a member)--> on_hold --confirmPickup (lister)--> picked_up
//   on_hold --release (lister) | cancelClaim (claimer) | holdExpired (system)--> available
//   available --offerToWaitlist (system: the first waiting member)--> on_hold
//   available --markGone (lister)--> picked_up
//   available --expire (system)--> expired --renew (lister)--> available (available renews too)
//   any but removed --remove (lister)--> removed
import { v, type Infer } from "convex/values";
import {
  displayPrice,
  OPEN_SCRAP_STATUSES,
  SCRAP_LIMITS,
  ScrapCopy,
  type ScrapListingValues,
  type ScrapStatus,
} from "../../common/scrap";
import { ErrorCode } from "../../common/errors";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { scrapStatus } from "../schema";
import { adjustCounters } from "./counters";
import { fail, invalid } from "./errors";
import { distanceMiles, geohashOf, zipToPlace, type GeoPoint, type ZipStop } from "./geo";
import { limitMemberAction, limitOrRefuse } from "./limits";
import { notify } from "./notifications";
import type { TransitionRule } from "./transitions";
import { fullName, isHiddenMember } from "./users";

export type Listing = Doc<"scrapListings">;

const HOUR = 60 * 60_000;

type Actor = "lister" | "claimer" | "member" | "system";
type Rule = TransitionRule<ScrapStatus, Actor>;

export const SCRAP_TRANSITIONS = {
  claim: { from: ["available"], to: "on_hold", by: "member", verb: "claimed" },
  offerToWaitlist: { from: ["available"], to: "on_hold", by: "system", verb: "claimed" },
  release: { from: ["on_hold"], to: "available", by: "lister", verb: "released" },
  cancelClaim: { from: ["on_hold"], to: "available", by: "claimer", verb: "released" },
  holdExpired: { from: ["on_hold"], to: "available", by: "system", verb: "released" },
  confirmPickup: { from: ["on_hold"], to: "picked_up", by: "lister", verb: "picked up" },
  markGone: { from: ["available"], to: "picked_up", by: "lister", verb: "marked as gone" },
  expire: { from: ["available"], to: "expired", by: "system", verb: "expired" },
  renew: { from: ["available", "expired"], to: "available", by: "lister", verb: "renewed" },
  remove: { from: ["available", "on_hold", "expired", "picked_up"], to: "removed", by: "lister", verb: "deleted" },
} as const satisfies Record<string, Rule>;
export type ScrapTransition = keyof typeof SCRAP_TRANSITIONS;

/** What the listing page offers the lister, the claimer, or anyone else. */
export const SCRAP_ACTIONS = ["claim", "release", "cancelClaim", "confirmPickup", "markGone", "renew", "remove"] as const;
export type ScrapAction = (typeof SCRAP_ACTIONS)[number];

const isOpenStatus = (status: ScrapStatus) => OPEN_SCRAP_STATUSES.includes(status);

/** Why `actorId` (null: the system) may not run `name` now, or null. Repeating a transition that already happened is allowed (idempotent). */
function refusal(listing: Listing, name: ScrapTransition, actorId: Id<"users"> | null): { code: ErrorCode; message: string } | null {
  const rule: Rule = SCRAP_TRANSITIONS[name];
  if (rule.by === "system") {
    if (actorId !== null) return { code: ErrorCode.FORBIDDEN, message: ScrapCopy.onlyLister };
  } else if (actorId === null) {
    return null;
  } else if (rule.by === "lister" && listing.userId !== actorId) {
    return { code: ErrorCode.FORBIDDEN, message: ScrapCopy.onlyLister };
  } else if (rule.by === "claimer" && listing.claimerId !== actorId) {
    return { code: ErrorCode.FORBIDDEN, message: ScrapCopy.onlyClaimer };
  } else if (rule.by === "member" && listing.userId === actorId) {
    return { code: ErrorCode.FORBIDDEN, message: ScrapCopy.ownListing };
  }
  if (rule.from.includes(listing.status)) return null;
  if (name === "claim" && listing.status === "on_hold") {
    return { code: ErrorCode.INVALID_INPUT, message: ScrapCopy.alreadyHeld };
  }
  if ((name === "release" || name === "cancelClaim") && listing.status !== "on_hold") {
    return { code: ErrorCode.INVALID_INPUT, message: ScrapCopy.notOnHold };
  }
  return { code: ErrorCode.INVALID_INPUT, message: ScrapCopy.illegal(listing.status, rule.verb) };
}

/** A repeat of a member's transition that already took effect (a double click, a retried request). */
function alreadyDone(listing: Listing, name: ScrapTransition, actorId: Id<"users"> | null): boolean {
  const rule: Rule = SCRAP_TRANSITIONS[name];
  if (actorId === null || rule.by === "system" || listing.status !== rule.to || rule.from.includes(listing.status)) return false;
  if (name === "claim") return listing.claimerId === actorId;
  return rule.by === "lister" && listing.userId === actorId;
}

export function canMove(listing: Listing, name: ScrapTransition, actorId: Id<"users">): boolean {
  return refusal(listing, name, actorId) === null;
}

export function availableActions(listing: Listing, viewerId: Id<"users">): ScrapAction[] {
  return SCRAP_ACTIONS.filter((a) => canMove(listing, a, viewerId));
}

/**
 * Runs one transition: checks actor and state, patches the status (with
 * `patch`), keeps `open` in step and writes history. Returns the listing as it
 * now is; a repeat of a member's transition that already happened returns it unchanged.
 */
export async function move(
  ctx: MutationCtx,
  listing: Listing,
  name: ScrapTransition,
  actorId: Id<"users"> | null,
  patch: Partial<Pick<Listing, "claimerId" | "holdUntil" | "expiresAt" | "pickedUpAt" | "images">> = {},
): Promise<Listing> {
  if (alreadyDone(listing, name, actorId)) return listing;
  const why = refusal(listing, name, actorId);
  if (why) fail(why.code, why.message);
  const to = SCRAP_TRANSITIONS[name].to;
  // A banned or deleted lister's listings stay out of every list whatever their status (syncListerListings).
  const open = isOpenStatus(to) && listing.listerHidden !== true;
  const full: Partial<Listing> = { ...patch, status: to, open, updatedAt: Date.now() };
  await ctx.db.patch("scrapListings", listing._id, full);
  const after = { ...listing, ...full };
  await ctx.db.insert("scrapEvents", {
    listingId: listing._id,
    ...(actorId ? { actorId } : {}),
    kind: name,
    fromStatus: listing.status,
    toStatus: to,
    ...(after.claimerId ? { claimerId: after.claimerId } : {}),
  });
  return after;
}

export async function getListingX(ctx: QueryCtx, id: string): Promise<Listing> {
  const listingId = ctx.db.normalizeId("scrapListings", id);
  const listing = listingId ? await ctx.db.get("scrapListings", listingId) : null;
  if (listing === null || listing.status === "removed") fail(ErrorCode.NOT_FOUND, ScrapCopy.notFound);
  return listing;
}

// ---------------------------------------------------------------------------
// Creating and editing.

/** Place words and every suffix of the ZIP: a search's prefix match on the last term then finds any ZIP substring. */
export function placeTextOf(fields: Pick<Listing, "location" | "city" | "county" | "state" | "zipCode">): string {
  const zip = fields.zipCode;
  const suffixes = Array.from({ length: zip.length }, (_, i) => zip.slice(i));
  return [fields.location, fields.city, fields.county ?? "", fields.state, ...suffixes].join(" ").toLowerCase();
}

/** The stored fields of the form's values: city and state from the ZIP when not given, the point for distances. */
export function listingFields(values: ScrapListingValues) {
  const place = zipToPlace(values.zipCode);
  if (place === null) invalid(ScrapCopy.zipUnknown, { zipCode: ScrapCopy.zipUnknown });
  const located = {
    location: values.location,
    city: values.city ?? place.city,
    state: values.state ?? place.state,
    zipCode: values.zipCode,
    ...(values.county ? { county: values.county } : {}),
  };
  return {
    title: values.title,
    description: values.description,
    category: values.category,
    ...(values.materialType ? { materialType: values.materialType } : {}),
    ...(values.quantity ? { quantity: values.quantity } : {}),
    ...located,
    price: values.price ?? ScrapCopy.free,
    contactMethod: values.contactMethod,
    holdHours: values.holdHours,
    lat: place.lat,
    lng: place.lng,
    geohash: geohashOf(place),
    placeText: placeTextOf(located),
  };
}

/**
 * When to run a job due at `due`: at most 20 days ahead, because timers in some runtimes (and
 * test fakes) cap long delays; a run before its date schedules itself again.
 */
export function nextRunAt(due: number): number {
  return Math.min(due, Date.now() + 20 * 24 * HOUR);
}

/** Schedules the expiry and the reminder two days before it (each checks, when it runs, that the date still holds). */
export async function scheduleExpiry(ctx: MutationCtx, listingId: Id<"scrapListings">, expiresAt: number) {
  await ctx.scheduler.runAt(nextRunAt(expiresAt), internal.scrap.expireListing, { listingId, expiresAt });
  const remindAt = expiresAt - SCRAP_LIMITS.reminderBeforeMs;
  if (remindAt > Date.now()) {
    await ctx.scheduler.runAt(nextRunAt(remindAt), internal.scrap.remindExpiry, { listingId, expiresAt });
  }
}

/** Inserts an available listing for `lister` (the app's create, REST and the seed all come here). */
export async function insertListing(
  ctx: MutationCtx,
  lister: Doc<"users">,
  values: ScrapListingValues,
  images: Id<"_storage">[] = [],
  /** Benchmarks insert 100k rows: the hourly sweep expires those (scrap:sweepDue), not 200k scheduled jobs. */
  opts: { schedule?: boolean } = {},
): Promise<Listing> {
  const now = Date.now();
  const expiresAt = now + SCRAP_LIMITS.listingLifeMs;
  const id = await ctx.db.insert("scrapListings", {
    ...listingFields(values),
    userId: lister._id,
    status: "available",
    open: true,
    images,
    expiresAt,
    waitlistCount: 0,
    updatedAt: now,
  });
  await ctx.db.insert("scrapEvents", { listingId: id, actorId: lister._id, kind: "create", toStatus: "available" });
  if (opts.schedule !== false) await scheduleExpiry(ctx, id, expiresAt);
  return (await ctx.db.get("scrapListings", id))!;
}

// ---------------------------------------------------------------------------
// Holds and the waitlist.

const listingUrl = (listing: Listing) => `/scrap/${listing._id}`;

export function pickupBy(holdUntil: number): string {
  return new Date(holdUntil).toLocaleString("en-US", {
    weekday: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
}

/** Listings `userId` holds now (bounded: the limit is 3). */
export async function holdCount(ctx: QueryCtx, userId: Id<"users">): Promise<number> {
  const rows = await ctx.db
    .query("scrapListings")
    .withIndex("by_claimerId_and_status", (q) => q.eq("claimerId", userId).eq("status", "on_hold"))
    .take(SCRAP_LIMITS.maxHolds);
  return rows.length;
}

async function startHold(ctx: MutationCtx, listing: Listing, name: "claim" | "offerToWaitlist", claimerId: Id<"users">) {
  // A hold hands the claimer the lister's contact details: never for a banned or deleted lister.
  if (listing.listerHidden === true) fail(ErrorCode.NOT_FOUND, ScrapCopy.listerGone);
  const holdUntil = Date.now() + listing.holdHours * HOUR;
  const after = await move(ctx, listing, name, name === "claim" ? claimerId : null, { claimerId, holdUntil });
  if (after === listing) return after;
  await ctx.scheduler.runAt(holdUntil, internal.scrap.holdExpired, { listingId: listing._id, holdUntil });
  return after;
}

/** A member claims: the listing is theirs to pick up within the lister's window; the lister is told. */
export async function claimListing(ctx: MutationCtx, listing: Listing, claimer: Doc<"users">): Promise<Listing> {
  if (listing.status === "available" && listing.userId !== claimer._id && (await holdCount(ctx, claimer._id)) >= SCRAP_LIMITS.maxHolds) {
    fail(ErrorCode.INVALID_INPUT, ScrapCopy.holdLimit);
  }
  const after = await startHold(ctx, listing, "claim", claimer._id);
  if (after === listing) return after;
  await leaveWaitlist(ctx, after, claimer._id);
  await notify(ctx, {
    userId: listing.userId,
    type: "system",
    title: "Your listing was claimed",
    content: `${nameOf(claimer)} claimed "${listing.title}" and will pick it up by ${pickupBy(after.holdUntil!)}.`,
    actionUrl: listingUrl(listing),
    actorId: claimer._id,
    entityType: "scrapListing",
    entityId: listing._id,
  });
  return after;
}

/**
 * Ends the hold (the lister releases it, the claimer gives it up, or the window ran out) and
 * offers the listing to the first waiting member who can take it; a listing past its date expires.
 */
export async function endHold(
  ctx: MutationCtx,
  listing: Listing,
  name: "release" | "cancelClaim" | "holdExpired",
  actorId: Id<"users"> | null,
): Promise<Listing> {
  const claimerId = listing.claimerId;
  let after = await move(ctx, listing, name, actorId, { claimerId: undefined, holdUntil: undefined });
  if (after === listing || claimerId === undefined) return after;
  const told = {
    actionUrl: listingUrl(listing),
    entityType: "scrapListing",
    entityId: listing._id,
  };
  if (name === "holdExpired") {
    // A no-show: counted, and shown to listers as a reliability hint.
    await adjustCounters(ctx, "users", claimerId, { scrapMissedPickups: 1 });
    await notify(ctx, {
      ...told,
      userId: claimerId,
      type: "system",
      title: "Your hold ended",
      content: `The pickup window for "${listing.title}" passed, so the listing was released.`,
    });
    await notify(ctx, {
      ...told,
      userId: listing.userId,
      type: "system",
      title: "Pickup missed",
      content: `"${listing.title}" wasn't picked up in time and is available again.`,
    });
  } else if (name === "release") {
    await notify(ctx, {
      ...told,
      userId: claimerId,
      actorId: listing.userId,
      type: "system",
      title: "Hold released",
      content: `The lister released your hold on "${listing.title}".`,
    });
  } else {
    await notify(ctx, {
      ...told,
      userId: listing.userId,
      actorId: claimerId,
      type: "system",
      title: "Claim cancelled",
      content: `The member holding "${listing.title}" let it go; it's available again.`,
    });
  }
  if (after.expiresAt <= Date.now()) return await move(ctx, after, "expire", null);
  after = await offerToWaitlist(ctx, after);
  return after;
}

/** The first waiting member who can hold one more listing gets the hold; those who can't are skipped and told. */
async function offerToWaitlist(ctx: MutationCtx, listing: Listing): Promise<Listing> {
  // Nobody gets a hidden lister's listing (the waitlist stays for an unban).
  if (listing.listerHidden === true) return listing;
  const waiting = await ctx.db
    .query("scrapWaitlist")
    .withIndex("by_listingId", (q) => q.eq("listingId", listing._id))
    .take(SCRAP_LIMITS.waitlist);
  for (const entry of waiting) {
    await ctx.db.delete("scrapWaitlist", entry._id);
    await adjustCounters(ctx, "scrapListings", listing._id, { waitlistCount: -1 });
    const member = await ctx.db.get("users", entry.userId);
    if (member === null || (await holdCount(ctx, entry.userId)) >= SCRAP_LIMITS.maxHolds) continue;
    const fresh = (await ctx.db.get("scrapListings", listing._id))!;
    const after = await startHold(ctx, fresh, "offerToWaitlist", entry.userId);
    await notify(ctx, {
      userId: entry.userId,
      type: "system",
      title: "It's your turn",
      content: `"${listing.title}" is on hold for you now. Please pick it up by ${pickupBy(after.holdUntil!)}.`,
      actionUrl: listingUrl(listing),
      entityType: "scrapListing",
      entityId: listing._id,
    });
    await notify(ctx, {
      userId: listing.userId,
      type: "system",
      title: "Your listing was claimed",
      content: `${nameOf(member)} from the waitlist now holds "${listing.title}" until ${pickupBy(after.holdUntil!)}.`,
      actionUrl: listingUrl(listing),
      actorId: entry.userId,
      entityType: "scrapListing",
      entityId: listing._id,
    });
    return after;
  }
  return (await ctx.db.get("scrapListings", listing._id))!;
}

export async function waitlistEntry(ctx: QueryCtx, listingId: Id<"scrapListings">, userId: Id<"users">) {
  return await ctx.db
    .query("scrapWaitlist")
    .withIndex("by_listingId_and_userId", (q) => q.eq("listingId", listingId).eq("userId", userId))
    .unique();
}

export async function joinWaitlist(ctx: MutationCtx, listing: Listing, member: Doc<"users">): Promise<void> {
  if (listing.userId === member._id) fail(ErrorCode.FORBIDDEN, ScrapCopy.ownListing);
  if (listing.listerHidden === true) fail(ErrorCode.NOT_FOUND, ScrapCopy.listerGone);
  if (listing.status === "available") invalid(ScrapCopy.waitlistNeedsHold);
  if (listing.status !== "on_hold") invalid(ScrapCopy.illegal(listing.status, "claimed"));
  if (listing.claimerId === member._id) return;
  // Joining twice is the same as once.
  if ((await waitlistEntry(ctx, listing._id, member._id)) !== null) return;
  if (listing.waitlistCount >= SCRAP_LIMITS.waitlist) invalid(ScrapCopy.waitlistFull);
  await ctx.db.insert("scrapWaitlist", { listingId: listing._id, userId: member._id });
  await adjustCounters(ctx, "scrapListings", listing._id, { waitlistCount: 1 });
}

export async function leaveWaitlist(ctx: MutationCtx, listing: Listing, userId: Id<"users">): Promise<boolean> {
  const entry = await waitlistEntry(ctx, listing._id, userId);
  if (entry === null) return false;
  await ctx.db.delete("scrapWaitlist", entry._id);
  await adjustCounters(ctx, "scrapListings", listing._id, { waitlistCount: -1 });
  return true;
}

/** Everyone waiting is let go when the listing closes (picked up, gone, removed). */
export async function clearWaitlist(ctx: MutationCtx, listing: Listing): Promise<void> {
  const waiting = await ctx.db
    .query("scrapWaitlist")
    .withIndex("by_listingId", (q) => q.eq("listingId", listing._id))
    .take(SCRAP_LIMITS.waitlist * 2);
  for (const entry of waiting) await ctx.db.delete("scrapWaitlist", entry._id);
  if (listing.waitlistCount !== 0) await ctx.db.patch("scrapListings", listing._id, { waitlistCount: 0 });
}

export async function confirmPickup(ctx: MutationCtx, listing: Listing, listerId: Id<"users">): Promise<Listing> {
  const after = await move(ctx, listing, "confirmPickup", listerId, { pickedUpAt: Date.now() });
  if (after === listing) return after;
  await clearWaitlist(ctx, after);
  if (listing.claimerId) {
    await notify(ctx, {
      userId: listing.claimerId,
      type: "system",
      title: "Pickup confirmed",
      content: `The lister confirmed your pickup of "${listing.title}". Thanks for keeping it out of the landfill!`,
      actionUrl: listingUrl(listing),
      actorId: listerId,
      entityType: "scrapListing",
      entityId: listing._id,
    });
  }
  return after;
}

// ---------------------------------------------------------------------------
// Abuse limits: posting fans out to every browser nearby, claims notify listers.

export async function limitListingPosts(ctx: MutationCtx, userId: Id<"users">) {
  await limitOrRefuse(ctx, "scrapPosts", userId, userId);
}
export async function limitClaims(ctx: MutationCtx, userId: Id<"users">) {
  await limitOrRefuse(ctx, "scrapClaims", userId, userId);
}
/** A claim of this listing: claim, cancel, claim again would email its lister each time. */
export async function limitListingClaims(ctx: MutationCtx, userId: Id<"users">, listingId: Id<"scrapListings">) {
  await limitClaims(ctx, userId);
  await limitMemberAction(ctx, "scrapClaimsPerListing", `${listingId}:${userId}`, userId);
}
export async function limitCancels(ctx: MutationCtx, userId: Id<"users">) {
  await limitMemberAction(ctx, "scrapCancels", userId, userId);
}

// ---------------------------------------------------------------------------
// Finding: the nearest listings, reading about what a page returns.
//
// A listing stands at its ZIP code's centre (listingFields), so its distance is its ZIP's. A
// distance list visits the ZIP codes in question nearest first (geo.ts, from memory) and
// reads each one's open listings newest first (by_open_and_zipCode) until the page and one
// more are found: nearest first, newer first on ties, whatever the size of the table. A ZIP
// without listings costs an empty index range, no documents.

/** What a distance list keeps: one category, words the place text must hold, a member's own listings left out. */
export interface NearFilter {
  category?: string;
  words?: readonly string[];
  skipUserId?: Id<"users">;
}

export interface Near {
  listing: Listing;
  distance: number;
}

/** Where the last page ended: the distance reached and the creation time of its last listing there. */
interface NearCursor {
  d: number;
  t: number;
}

function parseNearCursor(cursor: string | null): NearCursor | null {
  if (cursor === null) return null;
  try {
    const parsed: unknown = JSON.parse(cursor);
    if (parsed && typeof parsed === "object") {
      const { d, t } = parsed as Record<string, unknown>;
      if (typeof d === "number" && Number.isFinite(d) && typeof t === "number" && Number.isFinite(t)) return { d, t };
    }
  } catch {
    // Not one of ours.
  }
  return invalid(ScrapCopy.invalidCursor);
}

/** Up to `need` open listings at `zip` that pass `keep`, newest first, created before `before` when given. */
async function newestAt(
  ctx: QueryCtx,
  zip: string,
  category: string | undefined,
  before: number | undefined,
  need: number,
  keep: (listing: Listing) => boolean,
): Promise<Listing[]> {
  const out: Listing[] = [];
  let until = before;
  while (out.length < need) {
    const batch = need - out.length;
    const query = category
      ? ctx.db.query("scrapListings").withIndex("by_open_and_category_and_zipCode", (q) => {
          const at = q.eq("open", true).eq("category", category).eq("zipCode", zip);
          return until === undefined ? at : at.lt("_creationTime", until);
        })
      : ctx.db.query("scrapListings").withIndex("by_open_and_zipCode", (q) => {
          const at = q.eq("open", true).eq("zipCode", zip);
          return until === undefined ? at : at.lt("_creationTime", until);
        });
    const rows = await query.order("desc").take(batch);
    for (const listing of rows) if (keep(listing)) out.push(listing);
    if (rows.length < batch) break;
    until = rows[rows.length - 1]!._creationTime;
  }
  return out;
}

/**
 * One page of the open listings at `stops` (ZIP codes, nearest first), nearest first and newer
 * first on ties. The cursor is the position reached (distance and creation time of the page's
 * last listing), so a later page reads no more than the first. `peek`: read one more listing to
 * say whether there are more (a list's "Load more"); without it `isDone` is only a guess.
 */
export async function nearestListings(
  ctx: QueryCtx,
  stops: readonly ZipStop[],
  page: { numItems: number; cursor: string | null },
  filter: NearFilter = {},
  peek = true,
): Promise<{ rows: Near[]; isDone: boolean; continueCursor: string }> {
  const after = parseNearCursor(page.cursor);
  const words = filter.words ?? [];
  const keep = (l: Listing) =>
    (filter.skipUserId === undefined || l.userId !== filter.skipUserId) && words.every((w) => l.placeText.includes(w));
  const want = page.numItems + (peek ? 1 : 0);
  const found: Near[] = [];
  for (let i = 0; i < stops.length && found.length < want; ) {
    // ZIP codes at the same distance (several share a centre) are one group, merged newest first.
    const distance = stops[i]!.distance;
    let j = i;
    while (j < stops.length && stops[j]!.distance === distance) j++;
    const group = stops.slice(i, j);
    i = j;
    if (after !== null && distance < after.d) continue;
    const before = after !== null && distance === after.d ? after.t : undefined;
    const need = want - found.length;
    const rows: Listing[] = [];
    for (const stop of group) rows.push(...(await newestAt(ctx, stop.zip, filter.category, before, need, keep)));
    if (group.length > 1) rows.sort((a, b) => b._creationTime - a._creationTime);
    for (const listing of rows.slice(0, need)) found.push({ listing, distance });
  }
  const rows = found.slice(0, page.numItems);
  const last = rows[rows.length - 1];
  return {
    rows,
    isDone: found.length <= page.numItems,
    continueCursor: last ? JSON.stringify({ d: last.distance, t: last.listing._creationTime }) : (page.cursor ?? JSON.stringify({ d: -1, t: 0 })),
  };
}

// ---------------------------------------------------------------------------
// Cards.

const nameOf = (user: Pick<Doc<"users">, "firstName" | "lastName" | "businessName">) =>
  user.businessName || fullName(user) || "A member";

export const scrapCardValidator = v.object({
  _id: v.id("scrapListings"),
  _creationTime: v.number(),
  title: v.string(),
  description: v.string(),
  category: v.string(),
  materialType: v.union(v.string(), v.null()),
  quantity: v.union(v.string(), v.null()),
  location: v.string(),
  county: v.union(v.string(), v.null()),
  city: v.string(),
  state: v.string(),
  zipCode: v.string(),
  price: v.string(),
  status: scrapStatus,
  contactMethod: v.string(),
  photoUrl: v.union(v.string(), v.null()),
  photoCount: v.number(),
  holdUntil: v.union(v.number(), v.null()),
  expiresAt: v.number(),
  distanceMiles: v.union(v.number(), v.null()),
  lister: v.object({ _id: v.id("users"), name: v.string() }),
});
export type ScrapCard = Infer<typeof scrapCardValidator>;

export async function toCard(ctx: QueryCtx, listing: Listing, from: GeoPoint | null): Promise<ScrapCard> {
  const lister = await ctx.db.get("users", listing.userId);
  const first = listing.images[0];
  return {
    _id: listing._id,
    _creationTime: listing._creationTime,
    title: listing.title,
    description: listing.description,
    category: listing.category,
    materialType: listing.materialType ?? null,
    quantity: listing.quantity ?? null,
    location: listing.location,
    county: listing.county ?? null,
    city: listing.city,
    state: listing.state,
    zipCode: listing.zipCode,
    price: displayPrice(listing.price),
    status: listing.status,
    contactMethod: listing.contactMethod,
    photoUrl: first ? await ctx.storage.getUrl(first) : null,
    photoCount: listing.images.length,
    holdUntil: listing.status === "on_hold" ? (listing.holdUntil ?? null) : null,
    expiresAt: listing.expiresAt,
    distanceMiles: from ? Math.round(distanceMiles(from, { lat: listing.lat, lng: listing.lng }) * 10) / 10 : null,
    lister: { _id: listing.userId, name: lister ? nameOf(lister) : "A member" },
  };
}

/** A member as a lister sees them: name and missed pickups (the reliability hint). */
export async function memberHint(ctx: QueryCtx, userId: Id<"users">) {
  const user = await ctx.db.get("users", userId);
  return { _id: userId, name: user ? nameOf(user) : "A member", missedPickups: user?.scrapMissedPickups ?? 0 };
}
export const memberHintValidator = v.object({ _id: v.id("users"), name: v.string(), missedPickups: v.number() });

/** Listings one sync step reads (a member may have many: the rest in scheduled steps). */
const SYNC_BATCH = 100;

/**
 * A page of the member's listings made to match their account: a banned or deleted lister's
 * listings leave every list (`open` false, read through the by_open_* indexes) and can't be
 * claimed or waited for (`listerHidden`); an unban or a restored account puts them back as their
 * status says. Pages by _creationTime; returns the next cursor, or null when done.
 */
export async function syncListerListings(
  ctx: MutationCtx,
  userId: Id<"users">,
  after: number | null,
): Promise<number | null> {
  const user = await ctx.db.get("users", userId);
  if (user === null) return null;
  const hidden = isHiddenMember(user);
  const rows = await ctx.db
    .query("scrapListings")
    .withIndex("by_userId", (q) => (after === null ? q.eq("userId", userId) : q.eq("userId", userId).gt("_creationTime", after)))
    .take(SYNC_BATCH);
  for (const listing of rows) {
    if ((listing.listerHidden === true) === hidden) continue;
    const open = !hidden && isOpenStatus(listing.status);
    await ctx.db.patch("scrapListings", listing._id, { listerHidden: hidden ? true : undefined, open });
    // A hold that ended while the lister was hidden went to nobody: the first waiting member gets it now.
    if (open && listing.status === "available" && listing.waitlistCount > 0)
      await offerToWaitlist(ctx, { ...listing, listerHidden: undefined, open });
  }
  return rows.length === SYNC_BATCH ? rows[rows.length - 1]!._creationTime : null;
}
