// The professional network (spec §2 Network; §4 Connection; §6 only
// professionals; §9 suggestion scoring). Rules in model/network.ts.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import { ErrorCode } from "../common/errors";
import { ProfileCopy, suggestionScore } from "../common/profile";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { mutation, query, type Viewer } from "./functions";
import { displayName } from "./model/users";
import {
  adjustConnections,
  assertProfessional,
  connectionBetween,
  connectionsOf,
  isBackupMember,
  stateFor,
} from "./model/network";
import { notify } from "./model/notifications";
import { professionalsNear } from "./model/professionals";
import { publicUserValidator, toPublicUser } from "./model/users";

function fail(code: (typeof ErrorCode)[keyof typeof ErrorCode], message: string): never {
  throw new ConvexError({ code, message });
}

async function otherProX(ctx: QueryCtx, viewer: Viewer, userId: string): Promise<Doc<"users">> {
  assertProfessional(viewer);
  const id = ctx.db.normalizeId("users", userId);
  const other = id ? await ctx.db.get(id) : null;
  if (other === null) fail(ErrorCode.NOT_FOUND, ProfileCopy.notFound);
  if (other._id === viewer._id) fail(ErrorCode.INVALID_INPUT, ProfileCopy.selfConnect);
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
  return {
    user: toPublicUser(user),
    state: stateFor(viewerId, row),
    connectionId: row?._id ?? null,
    inMyBackup: row?.status === "accepted" && (await isBackupMember(ctx, viewerId, user._id)) !== null,
  };
}

export const request = mutation({
  args: { userId: v.string() },
  returns: v.id("connections"),
  handler: async (ctx, { userId }) => {
    const viewer = ctx.viewerX();
    const other = await otherProX(ctx, viewer, userId);
    const existing = await connectionBetween(ctx, viewer._id, other._id);
    if (existing?.status === "accepted") fail(ErrorCode.INVALID_INPUT, ProfileCopy.alreadyConnected);
    if (existing) {
      // They asked first: asking back accepts.
      if (existing.receiverId === viewer._id) return await accept(ctx, existing, viewer);
      fail(ErrorCode.INVALID_INPUT, ProfileCopy.requestPending);
    }
    const id = await ctx.db.insert("connections", {
      requesterId: viewer._id,
      receiverId: other._id,
      status: "pending",
    });
    await notify(ctx, {
      userId: other._id,
      type: "connection",
      title: "Connection request",
      content: `${displayName(viewer)} wants to connect with you.`,
      actionUrl: "/network",
      actorId: viewer._id,
      entityType: "user",
      entityId: viewer._id,
    });
    return id;
  },
});

async function accept(ctx: Parameters<typeof adjustConnections>[0], row: Doc<"connections">, viewer: Viewer) {
  await ctx.db.patch(row._id, { status: "accepted", acceptedAt: Date.now() });
  await adjustConnections(ctx, [row.requesterId, row.receiverId], 1);
  await notify(ctx, {
    userId: row.requesterId,
    type: "connection",
    title: "Connection accepted",
    content: `${displayName(viewer)} accepted your connection request.`,
    actionUrl: `/profile/${viewer._id}`,
    actorId: viewer._id,
    entityType: "user",
    entityId: viewer._id,
  });
  return row._id;
}

async function ownRowX(ctx: QueryCtx, viewer: Viewer, connectionId: string) {
  const id = ctx.db.normalizeId("connections", connectionId);
  const row = id ? await ctx.db.get(id) : null;
  if (row === null || (row.requesterId !== viewer._id && row.receiverId !== viewer._id)) {
    fail(ErrorCode.NOT_FOUND, "Connection request not found");
  }
  return row;
}

/** The receiver accepts or declines a pending request. */
export const respond = mutation({
  args: { connectionId: v.string(), accept: v.boolean() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const viewer = ctx.viewerX();
    const row = await ownRowX(ctx, viewer, args.connectionId);
    if (row.status !== "pending" || row.receiverId !== viewer._id) {
      fail(ErrorCode.INVALID_INPUT, "Only a pending request sent to you can be answered.");
    }
    if (args.accept) await accept(ctx, row, viewer);
    else await ctx.db.delete(row._id);
    return null;
  },
});

/** The requester withdraws a pending request, or either side removes an accepted connection. */
export const remove = mutation({
  args: { connectionId: v.string() },
  returns: v.null(),
  handler: async (ctx, { connectionId }) => {
    const viewer = ctx.viewerX();
    const row = await ownRowX(ctx, viewer, connectionId);
    if (row.status === "pending" && row.requesterId !== viewer._id) {
      fail(ErrorCode.INVALID_INPUT, "Decline the request instead.");
    }
    await ctx.db.delete(row._id);
    if (row.status === "accepted") {
      await adjustConnections(ctx, [row.requesterId, row.receiverId], -1);
      // Leaving the network also leaves each other's backup network.
      for (const [ownerId, memberId] of [
        [row.requesterId, row.receiverId],
        [row.receiverId, row.requesterId],
      ] as const) {
        const b = await isBackupMember(ctx, ownerId, memberId);
        if (b) await ctx.db.delete(b._id);
      }
    }
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
    const rows = await connectionsOf(ctx, id, Math.min(Math.max(limit ?? 50, 1), 200));
    const out = [];
    for (const { otherId } of rows) {
      const other = await ctx.db.get(otherId);
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
        const other = await ctx.db.get(pick(row));
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
    const start = Math.max(0, offset ?? 0);
    const n = Math.min(Math.max(limit ?? 6, 1), 24);
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
  handler: async (ctx, { q, profession, sort, paginationOpts }) => {
    const viewer = ctx.viewerX();
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
