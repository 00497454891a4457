// Scrap & free materials (spec §2 Scrap marketplace, issue 17): posting,
// finding nearby, the listing page, claims with a pickup hold and a waitlist,
// and the scheduler's expiry and hold release. Rules live in model/scrap.ts.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { isScrapCategory, SCRAP_LIMITS, scrapListingSchema, ScrapCopy } from "../common/scrap";
import type { Id } from "./_generated/dataModel";
import { internal } from "./_generated/api";
import { internalMutation, mutation, query } from "./functions";
import { forbidden, invalid, parseOrThrow } from "./model/errors";
import { attachFile, claimFile, discardUnclaimed, refusalValidator, releaseFile } from "./model/files";
import { distanceMiles, placesNamed, zipsByDistance, zipsNear, zipToPoint, type GeoPoint } from "./model/geo";
import { pointOf } from "./model/jobs";
import { notify } from "./model/notifications";
import { cappedPagination, pageSize } from "./model/paging";
import { radiusOf } from "./model/professionals";
import {
  availableActions,
  claimListing,
  clearWaitlist,
  confirmPickup,
  endHold,
  getListingX,
  holdCount,
  insertListing,
  joinWaitlist,
  leaveWaitlist,
  limitCancels,
  limitClaims,
  limitListingClaims,
  limitListingPosts,
  listingFields,
  nearestListings,
  memberHint,
  memberHintValidator,
  move,
  nextRunAt,
  scheduleExpiry,
  scrapCardValidator,
  SCRAP_ACTIONS,
  toCard,
  waitlistEntry,
  type Listing,
} from "./model/scrap";
import { requireVerifiedEmail } from "./model/verification";

const formArgs = {
  title: v.string(),
  description: v.optional(v.string()),
  category: v.string(),
  materialType: v.optional(v.string()),
  quantity: v.optional(v.string()),
  location: v.string(),
  county: v.optional(v.string()),
  city: v.optional(v.string()),
  state: v.optional(v.string()),
  zipCode: v.string(),
  price: v.optional(v.string()),
  contactMethod: v.optional(v.string()),
  holdHours: v.optional(v.number()),
};

/**
 * Post Listing: the form's fields and up to 6 photos (the viewer's own uploads, purpose
 * "scrap", images of at most 5 MB, claimed here). A refused photo is deleted and the refusal
 * returned, not thrown, so the deletion stands (model/files.ts).
 */
export const create = mutation({
  args: { ...formArgs, photos: v.optional(v.array(v.id("_storage"))) },
  returns: v.union(v.object({ id: v.id("scrapListings") }), refusalValidator),
  handler: async (ctx, { photos = [], ...fields }) => {
    const viewer = ctx.viewerX();
    requireVerifiedEmail(viewer, "post a listing");
    const values = parseOrThrow(scrapListingSchema, fields);
    if (photos.length > SCRAP_LIMITS.photos) invalid(ScrapCopy.tooManyPhotos, { photos: ScrapCopy.tooManyPhotos });
    if (new Set(photos).size !== photos.length) invalid(ScrapCopy.tooManyPhotos);
    await limitListingPosts(ctx, viewer._id);
    const claimed: { storageId: Id<"_storage">; fileId: Id<"files"> }[] = [];
    for (const storageId of photos) {
      const claim = await claimFile(ctx, viewer, storageId, {
        purpose: "scrap",
        maxBytes: SCRAP_LIMITS.photoBytes,
        types: ["image/"],
        messages: { type: ScrapCopy.photoType, size: ScrapCopy.photoTooLarge },
      });
      if (!claim.ok) {
        // All or nothing: give back what this call claimed and drop the rest of the batch.
        for (const c of claimed) await releaseFile(ctx, viewer, c.storageId);
        for (const other of photos) if (other !== storageId) await discardUnclaimed(ctx, other);
        return { refused: claim.error };
      }
      claimed.push({ storageId, fileId: claim.fileId });
    }
    const listing = await insertListing(
      ctx,
      viewer,
      values,
      claimed.map((c) => c.storageId),
    );
    for (const c of claimed) await attachFile(ctx, c.fileId, listing._id);
    return { id: listing._id };
  },
});

/** The lister edits the details (photos stay); the place, and so the distance, follow the ZIP. */
export const update = mutation({
  args: { id: v.string(), ...formArgs },
  returns: v.null(),
  handler: async (ctx, { id, ...fields }) => {
    const viewer = ctx.viewerX();
    const listing = await getListingX(ctx, id);
    if (listing.userId !== viewer._id) forbidden(ScrapCopy.onlyLister);
    const values = parseOrThrow(scrapListingSchema, fields);
    const { materialType, quantity, county, ...rest } = listingFields(values);
    await ctx.db.patch("scrapListings", listing._id, {
      ...rest,
      // Cleared optional fields go away.
      materialType,
      quantity,
      county,
      updatedAt: Date.now(),
    } as Partial<Listing>);
    return null;
  },
});

const listResult = v.object({
  ...paginationResultValidator(scrapCardValidator).fields,
  mode: v.union(v.literal("newest"), v.literal("place"), v.literal("distance")),
});

/**
 * The place a place text names: a full ZIP, or a city (of several with that name, the one
 * nearest `near`, else the one with the most ZIP codes); its centre and its ZIP codes. Else null.
 */
function placeOf(text: string, near: GeoPoint | null): { center: GeoPoint; zips: readonly string[] } | null {
  const trimmed = text.trim();
  if (/^\d{5}$/.test(trimmed)) {
    const center = zipToPoint(trimmed);
    return center ? { center, zips: [trimmed] } : null;
  }
  const places = placesNamed(trimmed).map((p) => ({ ...p, center: zipToPoint(p.zipCode)! }));
  if (places.length === 0) return null;
  const score = (p: (typeof places)[number]) => (near ? distanceMiles(near, p.center) : -p.zips.length);
  const best = places.reduce((a, b) => (score(b) < score(a) ? b : a));
  return { center: best.center, zips: best.zips };
}

/** Place-list cursors say which read the list is on: the named place's, nearest first, or the text search's. */
const NEAR_CURSOR = "near:";
const TEXT_CURSOR = "text:";

type PlaceCursor = { read: "first" } | { read: "near" | "text"; inner: string };

/** Which read a place list's cursor continues: page 1's, the named place's, or the text search's. */
function placeCursor(cursor: string | null): PlaceCursor {
  if (cursor === null) return { read: "first" };
  if (cursor.startsWith(NEAR_CURSOR)) return { read: "near", inner: cursor.slice(NEAR_CURSOR.length) };
  if (cursor.startsWith(TEXT_CURSOR)) return { read: "text", inner: cursor.slice(TEXT_CURSOR.length) };
  return invalid(ScrapCopy.invalidCursor);
}

function placeWords(text: string) {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

/**
 * Open listings (available or on hold), live and paged. `place`: free text matched against
 * location, city, county, state and any part of the ZIP; `zip` + `radius`: within that many
 * miles, nearest first. A place that names a ZIP or a city lists that place's listings nearest
 * its centre first; other place text (or a named place without listings: the text may be a
 * county, a street) comes in the search's order, most relevant first. Newest first otherwise.
 * Every branch reads about one page, whatever the size of the table (nearestListings).
 */
export const list = query({
  args: {
    category: v.optional(v.string()),
    place: v.optional(v.string()),
    zip: v.optional(v.string()),
    radius: v.optional(v.number()),
    paginationOpts: paginationOptsValidator,
  },
  returns: listResult,
  handler: async (ctx, args) => {
    const category = args.category || undefined;
    if (category !== undefined && !isScrapCategory(category)) invalid("Unknown category");
    const opts = cappedPagination(args.paginationOpts);
    const place = args.place?.trim().slice(0, 100) ?? "";
    const zip = args.zip?.trim() ?? "";
    const viewerPoint = pointOf(ctx.viewer);

    if (zip) {
      if (!/^\d{5}$/.test(zip)) invalid(ScrapCopy.zipInvalid, { zip: ScrapCopy.zipInvalid });
      const center = zipToPoint(zip);
      if (center === null) invalid(ScrapCopy.zipUnknown, { zip: ScrapCopy.zipUnknown });
      const miles = Math.min(Math.max(args.radius ?? SCRAP_LIMITS.defaultRadius, 1), SCRAP_LIMITS.maxRadius);
      const { rows, ...rest } = await nearestListings(ctx, zipsNear(center, miles), opts, { category, words: placeWords(place) });
      return { ...rest, page: await Promise.all(rows.map(({ listing }) => toCard(ctx, listing, center))), mode: "distance" as const };
    }

    if (place) {
      // Page 1 tries the named place; its cursor says which way the later pages go.
      const cursor = placeCursor(opts.cursor);
      const named = cursor.read === "text" ? null : placeOf(place, viewerPoint);
      if (named !== null) {
        const stops = zipsByDistance(named.center, named.zips);
        const inner = cursor.read === "near" ? cursor.inner : null;
        const { rows, isDone, continueCursor } = await nearestListings(ctx, stops, { ...opts, cursor: inner }, { category, words: placeWords(place) });
        if (rows.length > 0 || cursor.read === "near") {
          return {
            page: await Promise.all(rows.map(({ listing }) => toCard(ctx, listing, named.center))),
            isDone,
            continueCursor: NEAR_CURSOR + continueCursor,
            mode: "place" as const,
          };
        }
      } else if (cursor.read === "near") {
        // The text no longer names the place this cursor was reading.
        invalid(ScrapCopy.invalidCursor);
      }
      const found = await ctx.db
        .query("scrapListings")
        .withSearchIndex("search_place", (q) => {
          const s = q.search("placeText", place.toLowerCase()).eq("open", true);
          return category ? s.eq("category", category) : s;
        })
        .paginate({ ...opts, cursor: cursor.read === "text" ? cursor.inner : null });
      return {
        page: await Promise.all(found.page.map((l) => toCard(ctx, l, viewerPoint))),
        isDone: found.isDone,
        continueCursor: TEXT_CURSOR + found.continueCursor,
        mode: "place" as const,
      };
    }

    const result = await (category
      ? ctx.db.query("scrapListings").withIndex("by_open_and_category", (q) => q.eq("open", true).eq("category", category))
      : ctx.db.query("scrapListings").withIndex("by_open", (q) => q.eq("open", true))
    )
      .order("desc")
      .paginate(opts);
    return {
      ...result,
      page: await Promise.all(result.page.map((l) => toCard(ctx, l, viewerPoint))),
      mode: "newest" as const,
    };
  },
});

/**
 * The customer dashboard's Scrap & Free tab: the nearest open listings within the viewer's radius
 * (`near`), else the newest ones; `located` says whether the viewer has a ZIP code to measure from.
 */
export const nearby = query({
  args: { limit: v.optional(v.number()) },
  returns: v.object({ listings: v.array(scrapCardValidator), near: v.boolean(), located: v.boolean() }),
  handler: async (ctx, { limit }) => {
    const viewer = ctx.viewerX();
    const take = pageSize(limit, 6, 24);
    const from = pointOf(viewer);
    if (from !== null) {
      const { rows } = await nearestListings(
        ctx,
        zipsNear(from, radiusOf(viewer)),
        { numItems: take, cursor: null },
        { skipUserId: viewer._id },
        false,
      );
      if (rows.length > 0) {
        return {
          listings: await Promise.all(rows.map(({ listing }) => toCard(ctx, listing, from))),
          near: true,
          located: true,
        };
      }
    }
    const newest = await ctx.db
      .query("scrapListings")
      .withIndex("by_open", (q) => q.eq("open", true))
      .order("desc")
      .take(take * 2);
    const others = newest.filter((l) => l.userId !== viewer._id).slice(0, take);
    return { listings: await Promise.all(others.map((l) => toCard(ctx, l, from))), near: false, located: from !== null };
  },
});

const detailValidator = v.object({
  listing: scrapCardValidator,
  photoUrls: v.array(v.string()),
  holdHours: v.number(),
  waitlistCount: v.number(),
  isLister: v.boolean(),
  isClaimer: v.boolean(),
  onWaitlist: v.boolean(),
  viewerHolds: v.number(),
  actions: v.array(v.union(...SCRAP_ACTIONS.map((a) => v.literal(a)))),
  canJoinWaitlist: v.boolean(),
  /** The lister's view of who holds it and who waits (with missed pickups). */
  claimer: v.union(memberHintValidator, v.null()),
  waitlist: v.array(memberHintValidator),
  /** The lister's email or phone, for the member holding it when the lister chose that contact method. */
  contact: v.union(v.object({ kind: v.string(), value: v.string() }), v.null()),
});

/** The listing page: everything about one listing as the viewer may see it (null when gone). */
export const get = query({
  args: { id: v.string() },
  returns: v.union(detailValidator, v.null()),
  handler: async (ctx, { id }) => {
    const viewer = ctx.viewerX();
    const listingId = ctx.db.normalizeId("scrapListings", id);
    const listing = listingId ? await ctx.db.get("scrapListings", listingId) : null;
    if (listing === null || listing.status === "removed") return null;
    const isLister = listing.userId === viewer._id;
    // A banned or deleted lister's listing is gone for everyone else, a member holding it too (no contact details).
    if (listing.listerHidden === true && !isLister) return null;
    const isClaimer = listing.status === "on_hold" && listing.claimerId === viewer._id;
    // Closed listings are the lister's and their last claimer's business.
    if (!listing.open && !isLister && listing.claimerId !== viewer._id) return null;
    const photoUrls: string[] = [];
    for (const storageId of listing.images) {
      const url = await ctx.storage.getUrl(storageId);
      if (url) photoUrls.push(url);
    }
    const onWaitlist = (await waitlistEntry(ctx, listing._id, viewer._id)) !== null;
    let waitlist: Awaited<ReturnType<typeof memberHint>>[] = [];
    if (isLister) {
      const rows = await ctx.db
        .query("scrapWaitlist")
        .withIndex("by_listingId", (q) => q.eq("listingId", listing._id))
        .take(SCRAP_LIMITS.waitlist);
      waitlist = await Promise.all(rows.map((r) => memberHint(ctx, r.userId)));
    }
    let contact: { kind: string; value: string } | null = null;
    if (isClaimer && listing.contactMethod !== "message") {
      const lister = await ctx.db.get("users", listing.userId);
      const value = listing.contactMethod === "email" ? lister?.email : lister?.phone;
      if (value) contact = { kind: listing.contactMethod, value };
    }
    return {
      listing: await toCard(ctx, listing, pointOf(viewer)),
      photoUrls,
      holdHours: listing.holdHours,
      waitlistCount: listing.waitlistCount,
      isLister,
      isClaimer,
      onWaitlist,
      viewerHolds: await holdCount(ctx, viewer._id),
      actions: availableActions(listing, viewer._id),
      canJoinWaitlist:
        listing.status === "on_hold" &&
        !isLister &&
        !isClaimer &&
        !onWaitlist &&
        listing.waitlistCount < SCRAP_LIMITS.waitlist,
      claimer: isLister && listing.status === "on_hold" && listing.claimerId ? await memberHint(ctx, listing.claimerId) : null,
      waitlist,
      contact,
    };
  },
});

/** The viewer's own listings (every status but removed), newest first, and the ones they hold. */
export const mine = query({
  args: {},
  returns: v.object({ listings: v.array(scrapCardValidator), holding: v.array(scrapCardValidator) }),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    const from = pointOf(viewer);
    const own = await ctx.db
      .query("scrapListings")
      .withIndex("by_userId", (q) => q.eq("userId", viewer._id))
      .order("desc")
      .take(60);
    const holding = await ctx.db
      .query("scrapListings")
      .withIndex("by_claimerId_and_status", (q) => q.eq("claimerId", viewer._id).eq("status", "on_hold"))
      .take(SCRAP_LIMITS.maxHolds);
    return {
      listings: await Promise.all(own.filter((l) => l.status !== "removed").map((l) => toCard(ctx, l, from))),
      holding: await Promise.all(holding.map((l) => toCard(ctx, l, from))),
    };
  },
});

/** Claim: the listing is held for the viewer for the lister's pickup window. */
export const claim = mutation({
  args: { id: v.string() },
  returns: v.object({ holdUntil: v.number() }),
  handler: async (ctx, { id }) => {
    const viewer = ctx.viewerX();
    const listing = await getListingX(ctx, id);
    await limitListingClaims(ctx, viewer._id, listing._id);
    const after = await claimListing(ctx, listing, viewer);
    return { holdUntil: after.holdUntil! };
  },
});

/** One thin mutation per transition of the lister or the claimer (model/scrap.ts checks who and when). */
const transitionMutation = (run: (ctx: Parameters<typeof move>[0], listing: Listing, viewerId: Id<"users">) => Promise<unknown>) =>
  mutation({
    args: { id: v.string() },
    returns: v.null(),
    handler: async (ctx, { id }) => {
      const viewer = ctx.viewerX();
      const listing = await getListingX(ctx, id);
      await run(ctx, listing, viewer._id);
      return null;
    },
  });

export const release = transitionMutation((ctx, listing, viewerId) => endHold(ctx, listing, "release", viewerId));
export const cancelClaim = transitionMutation(async (ctx, listing, viewerId) => {
  await limitCancels(ctx, viewerId);
  return await endHold(ctx, listing, "cancelClaim", viewerId);
});
export const confirm = transitionMutation((ctx, listing, viewerId) => confirmPickup(ctx, listing, viewerId));
export const markGone = transitionMutation(async (ctx, listing, viewerId) => {
  const after = await move(ctx, listing, "markGone", viewerId, { pickedUpAt: Date.now() });
  if (after !== listing) await clearWaitlist(ctx, after);
});
export const renew = transitionMutation(async (ctx, listing, viewerId) => {
  const expiresAt = Date.now() + SCRAP_LIMITS.listingLifeMs;
  await move(ctx, listing, "renew", viewerId, { expiresAt });
  await scheduleExpiry(ctx, listing._id, expiresAt);
});

/** Delete: the listing leaves every list; its photos are deleted; a member holding it is told. */
export const remove = mutation({
  args: { id: v.string() },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const viewer = ctx.viewerX();
    const listing = await getListingX(ctx, id);
    const after = await move(ctx, listing, "remove", viewer._id, { claimerId: undefined, holdUntil: undefined, images: [] });
    if (after === listing) return null;
    await clearWaitlist(ctx, after);
    for (const storageId of listing.images) await releaseFile(ctx, viewer, storageId);
    if (listing.status === "on_hold" && listing.claimerId) {
      await notify(ctx, {
        userId: listing.claimerId,
        type: "system",
        title: "Listing removed",
        content: `The lister removed "${listing.title}", so your hold has ended.`,
        actorId: viewer._id,
      });
    }
    return null;
  },
});

export const joinWaitlistFor = mutation({
  args: { id: v.string() },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const viewer = ctx.viewerX();
    const listing = await getListingX(ctx, id);
    await limitClaims(ctx, viewer._id);
    await joinWaitlist(ctx, listing, viewer);
    return null;
  },
});

export const leaveWaitlistFor = mutation({
  args: { id: v.string() },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const viewer = ctx.viewerX();
    const listing = await getListingX(ctx, id);
    await leaveWaitlist(ctx, listing, viewer._id);
    return null;
  },
});

// ---------------------------------------------------------------------------
// The scheduler's side: each run checks the date it was scheduled for still holds (a renewal or a
// new hold moved it), so a stale or repeated run changes nothing.

export const holdExpired = internalMutation({
  args: { listingId: v.id("scrapListings"), holdUntil: v.number() },
  returns: v.null(),
  handler: async (ctx, { listingId, holdUntil }) => {
    const listing = await ctx.db.get("scrapListings", listingId);
    if (listing === null || listing.status !== "on_hold" || listing.holdUntil !== holdUntil) return null;
    if (holdUntil > Date.now()) return null;
    await endHold(ctx, listing, "holdExpired", null);
    return null;
  },
});

export const expireListing = internalMutation({
  args: { listingId: v.id("scrapListings"), expiresAt: v.number() },
  returns: v.null(),
  handler: async (ctx, { listingId, expiresAt }) => {
    const listing = await ctx.db.get("scrapListings", listingId);
    if (listing === null || listing.status !== "available" || listing.expiresAt !== expiresAt) return null;
    // Run early (a runtime whose timers cap long delays): wait again for the date.
    if (expiresAt > Date.now()) {
      await ctx.scheduler.runAt(nextRunAt(expiresAt), internal.scrap.expireListing, { listingId, expiresAt });
      return null;
    }
    await expire(ctx, listing);
    return null;
  },
});

async function expire(ctx: Parameters<typeof move>[0], listing: Listing) {
  await move(ctx, listing, "expire", null);
  await notify(ctx, {
    userId: listing.userId,
    type: "system",
    title: "Listing expired",
    content: `"${listing.title}" expired after 30 days. Renew it if it's still there.`,
    actionUrl: `/scrap/${listing._id}`,
    entityType: "scrapListing",
    entityId: listing._id,
  });
}

export const remindExpiry = internalMutation({
  args: { listingId: v.id("scrapListings"), expiresAt: v.number() },
  returns: v.null(),
  handler: async (ctx, { listingId, expiresAt }) => {
    const listing = await ctx.db.get("scrapListings", listingId);
    if (listing === null || !listing.open || listing.expiresAt !== expiresAt) return null;
    const remindAt = expiresAt - SCRAP_LIMITS.reminderBeforeMs;
    if (remindAt > Date.now()) {
      await ctx.scheduler.runAt(nextRunAt(remindAt), internal.scrap.remindExpiry, { listingId, expiresAt });
      return null;
    }
    await notify(ctx, {
      userId: listing.userId,
      type: "system",
      title: "Listing expires soon",
      content: `"${listing.title}" expires in 2 days. Renew it, or mark it as gone if it's been taken.`,
      actionUrl: `/scrap/${listing._id}`,
      entityType: "scrapListing",
      entityId: listing._id,
    });
    return null;
  },
});

const SWEEP_BATCH = 100;

/** Hourly safety net for runs the scheduler missed: due listings expire and due holds end, in bounded batches. */
export const sweepDue = internalMutation({
  args: {},
  returns: v.object({ expired: v.number(), released: v.number() }),
  handler: async (ctx) => {
    const now = Date.now();
    const due = await ctx.db
      .query("scrapListings")
      .withIndex("by_status_and_expiresAt", (q) => q.eq("status", "available").lt("expiresAt", now))
      .take(SWEEP_BATCH);
    for (const listing of due) await expire(ctx, listing);
    const held = await ctx.db
      .query("scrapListings")
      .withIndex("by_status_and_holdUntil", (q) => q.eq("status", "on_hold").lt("holdUntil", now))
      .take(SWEEP_BATCH);
    for (const listing of held) await endHold(ctx, listing, "holdExpired", null);
    return { expired: due.length, released: held.length };
  },
});
