// The professional network (spec §2 Network; §4 Connection; §6 only
// professionals; §9 suggestion scoring). Rules in model/network.ts.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { ProfileCopy, suggestionScore } from "../common/profile";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { mutation, query, type Viewer } from "./functions";
import { invalid, notFound } from "./model/errors";
import {
  assertProfessional,
  connectionBetween,
  connectionsOf,
  isBackupMember,
  stateFor,
  transition,
} from "./model/network";
import { cappedPagination, pageSize } from "./model/paging";
import { professionalsNear } from "./model/professionals";
import { publicUserValidator, toPublicUser, visibleUser } from "./model/users";

async function otherProX(ctx: QueryCtx, viewer: Viewer, userId: string): Promise<Doc<"users">> {
  assertProfessional(viewer);
  const id = ctx.db.normalizeId("users", userId);
  const other = id ? await visibleUser(ctx, id) : null;
  if (other === null) notFound(ProfileCopy.notFound);
  if (other._id === viewer._id) invalid(ProfileCopy.selfConnect);
  assertProfessional(other);
  return other;
}

const cardValidator = v.object({
  user: publicUserValidator,
  state: v.union(v.literal("none"), v.literal("outgoing"), v.literal("incoming"), v.literal("connected")),
  connectionId: v.union(v.id("connections"), v.null()),
  inMyBackup: v.boolean(),
});

async function card(ctx: QueryCtx, viewerId: Id<"users">, user: Doc<"users">) {
  const row = await connectionBetween(ctx, viewerId, user._id);
  const state = stateFor(viewerId, row);
  return {
    user: toPublicUser(user),
    state,
    connectionId: state === "none" ? null : (row?._id ?? null),
    inMyBackup: state === "connected" && (await isBackupMember(ctx, viewerId, user._id)) !== null,
  };
}

/** Connect: a new request, or, when they asked first, accepting theirs. */
export const request = mutation({
  args: { userId: v.string() },
  returns: v.id("connections"),
  handler: async (ctx, { userId }) => {
    const viewer = ctx.viewerX();
    const other = await otherProX(ctx, viewer, userId);
    const row = await connectionBetween(ctx, viewer._id, other._id);
    // They asked first: asking back accepts.
    const asksBack = row?.status === "pending" && row.receiverId === viewer._id;
    return await transition(ctx, row, viewer, other, asksBack ? "accept" : "request");
  },
});

/** A pair's row the viewer is part of, and the other member. */
async function ownRowX(ctx: QueryCtx, viewer: Viewer, connectionId: string) {
  const id = ctx.db.normalizeId("connections", connectionId);
  const row = id ? await ctx.db.get(id) : null;
  if (row === null || (row.requesterId !== viewer._id && row.receiverId !== viewer._id)) {
    notFound(ProfileCopy.connectionNotFound);
  }
  const other = await ctx.db.get(row.requesterId === viewer._id ? row.receiverId : row.requesterId);
  if (other === null) notFound(ProfileCopy.connectionNotFound);
  return { row, other };
}

/** The receiver accepts or declines a pending request. */
export const respond = mutation({
  args: { connectionId: v.string(), accept: v.boolean() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const viewer = ctx.viewerX();
    const { row, other } = await ownRowX(ctx, viewer, args.connectionId);
    await transition(ctx, row, viewer, other, args.accept ? "accept" : "decline");
    return null;
  },
});

/** The requester withdraws a pending request, or either side removes an accepted connection. */
export const remove = mutation({
  args: { connectionId: v.string() },
  returns: v.null(),
  handler: async (ctx, { connectionId }) => {
    const viewer = ctx.viewerX();
    const { row, other } = await ownRowX(ctx, viewer, connectionId);
    await transition(ctx, row, viewer, other, row.status === "pending" ? "cancel" : "remove");
    return null;
  },
});

/** A user's accepted connections (spec GET /api/connections/user/{id}). */
export const listOf = query({
  args: { userId: v.string(), limit: v.optional(v.number()) },
  returns: v.array(cardValidator),
  handler: async (ctx, { userId, limit }) => {
    const viewer = ctx.viewerX();
    const id = ctx.db.normalizeId("users", userId);
    if (id === null) return [];
    // The network page lists up to 200 connections at once; every other caller gets 50 by default.
    const rows = await connectionsOf(ctx, id, pageSize(limit, 50, 200));
    const out = [];
    // A deleted account's connections are hidden (they come back if it is restored).
    for (const { otherId } of rows) {
      const other = await visibleUser(ctx, otherId);
      if (other) out.push(await card(ctx, viewer._id, other));
    }
    return out;
  },
});

/** Requests waiting for the viewer's answer, and the ones they sent. */
export const pending = query({
  args: {},
  returns: v.object({ incoming: v.array(cardValidator), outgoing: v.array(cardValidator) }),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    const load = async (rows: Doc<"connections">[], pick: (r: Doc<"connections">) => Id<"users">) => {
      const out = [];
      for (const row of rows) {
        const other = await visibleUser(ctx, pick(row));
        if (other) out.push(await card(ctx, viewer._id, other));
      }
      return out;
    };
    const incoming = await ctx.db
      .query("connections")
      .withIndex("by_receiverId_and_status", (q) => q.eq("receiverId", viewer._id).eq("status", "pending"))
      .order("desc")
      .take(100);
    const outgoing = await ctx.db
      .query("connections")
      .withIndex("by_requesterId_and_status", (q) => q.eq("requesterId", viewer._id).eq("status", "pending"))
      .order("desc")
      .take(100);
    return {
      incoming: await load(incoming, (r) => r.requesterId),
      outgoing: await load(outgoing, (r) => r.receiverId),
    };
  },
});

/** Candidates read per source when scoring suggestions; scores are exact on what is read. */
const SUGGESTION_POOL = 120;
/** Nearby candidates read per geohash range. */
const SUGGESTION_NEAR_PER_RANGE = 20;

/** Suggested Professionals: spec §9 scoring, excluding the viewer and existing connections or requests. */
export const suggestions = query({
  args: { offset: v.optional(v.number()), limit: v.optional(v.number()) },
  returns: v.object({ items: v.array(v.object({ card: cardValidator, score: v.number() })), hasMore: v.boolean() }),
  handler: async (ctx, { offset, limit }) => {
    const viewer = ctx.viewerX();
    if (viewer.userType !== "professional") return { items: [], hasMore: false };
    const pool = new Map<Id<"users">, Doc<"users">>();
    const add = (rows: Doc<"users">[]) => rows.forEach((u) => pool.set(u._id, u));
    if (viewer.state) {
      if (viewer.city) {
        add(
          await ctx.db
            .query("users")
            .withIndex("by_userType_and_state_and_city", (q) =>
              q.eq("userType", "professional").eq("state", viewer.state).eq("city", viewer.city),
            )
            .take(SUGGESTION_POOL),
        );
      }
      add(
        await ctx.db
          .query("users")
          .withIndex("by_userType_and_state_and_city", (q) =>
            q.eq("userType", "professional").eq("state", viewer.state),
          )
          .take(SUGGESTION_POOL),
      );
    }
    if (viewer.lat !== undefined && viewer.lng !== undefined) {
      const near = await professionalsNear(ctx, { lat: viewer.lat, lng: viewer.lng }, 50, SUGGESTION_NEAR_PER_RANGE);
      add(near.map((n) => n.user));
    }
    // Anywhere: the newest professionals, so a member with no neighbours still gets suggestions.
    add(
      await ctx.db
        .query("users")
        .withIndex("by_userType", (q) => q.eq("userType", "professional"))
        .order("desc")
        .take(20),
    );
    pool.delete(viewer._id);

    // Existing connections and requests, read once (not once per candidate).
    const linked = new Set<Id<"users">>();
    for (const [index, mine, theirs] of [
      ["by_requesterId_and_status", "requesterId", "receiverId"],
      ["by_receiverId_and_status", "receiverId", "requesterId"],
    ] as const) {
      for (const status of ["accepted", "pending"] as const) {
        const rows = await ctx.db
          .query("connections")
          .withIndex(index, (q) => q.eq(mine, viewer._id).eq("status", status))
          .take(1000);
        for (const row of rows) linked.add(row[theirs]);
      }
    }
    const scored = [];
    for (const user of pool.values()) {
      if (!linked.has(user._id)) scored.push({ user, score: suggestionScore(viewer, user) });
    }
    scored.sort((a, b) => b.score - a.score || b.user._creationTime - a.user._creationTime);
    const start = Math.min(Math.max(0, Math.floor(offset ?? 0)), SUGGESTION_POOL * 4);
    const n = pageSize(limit, 6, 24);
    const slice = scored.slice(start, start + n);
    const items = [];
    for (const { user, score } of slice) items.push({ card: await card(ctx, viewer._id, user), score });
    return { items, hasMore: scored.length > start + n };
  },
});

const NETWORK_SORTS = ["name", "name_desc", "profession", "location", "recent"] as const;

/** The network page's results grid: professionals by search text, primary profession and sort (spec §3 network sorts). */
export const browse = query({
  args: {
    q: v.optional(v.string()),
    profession: v.optional(v.string()),
    sort: v.optional(v.union(...NETWORK_SORTS.map((s) => v.literal(s)))),
    paginationOpts: paginationOptsValidator,
  },
  returns: paginationResultValidator(cardValidator),
  handler: async (ctx, { q, profession, sort, paginationOpts: requested }) => {
    const viewer = ctx.viewerX();
    const paginationOpts = cappedPagination(requested);
    const text = q?.trim();
    const users = ctx.db.query("users");
    let result;
    if (text) {
      result = await users
        .withSearchIndex("search_directory", (s) => s.search("directoryText", text).eq("userType", "professional"))
        .paginate(paginationOpts);
    } else if (profession) {
      result = await users
        .withIndex("by_userType_and_primaryProfession", (q) =>
          q.eq("userType", "professional").eq("primaryProfession", profession),
        )
        .order("desc")
        .paginate(paginationOpts);
    } else if (sort === "name" || sort === "name_desc") {
      result = await users
        .withIndex("by_userType_and_lastName_and_firstName", (q) => q.eq("userType", "professional"))
        .order(sort === "name" ? "asc" : "desc")
        .paginate(paginationOpts);
    } else if (sort === "profession") {
      result = await users
        .withIndex("by_userType_and_primaryProfession", (q) => q.eq("userType", "professional"))
        .paginate(paginationOpts);
    } else if (sort === "location") {
      result = await users
        .withIndex("by_userType_and_state_and_city", (q) => q.eq("userType", "professional"))
        .paginate(paginationOpts);
    } else {
      result = await users
        .withIndex("by_userType", (q) => q.eq("userType", "professional"))
        .order("desc")
        .paginate(paginationOpts);
    }
    const page = [];
    for (const user of result.page) if (user._id !== viewer._id) page.push(await card(ctx, viewer._id, user));
    return { ...result, page };
  },
});
