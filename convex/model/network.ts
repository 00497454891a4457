// The professional network (spec §2 Network, §4 Connection, §6): one row per
// pair, reused for every request between the two. Only professionals take part
// (spec §6). Every status change goes through `transition()`, which checks the
// current status and who acts, then moves both members' counters and sends the
// notifications in the same transaction.
//
//   none | declined | cancelled | removed --request--> pending
//   pending --accept (receiver)--> accepted        (asking back = accept)
//   pending --decline (receiver)--> declined       (the requester waits REQUEST_AFTER_DECLINE_MS to ask again)
//   pending --cancel (requester)--> cancelled
//   accepted --remove (either)--> removed          (also leaves each other's backup network)
import { ProfileCopy } from "../../common/profile";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { adjustCounters } from "./counters";
import { forbidden, invalid, rateLimited } from "./errors";
import { limitOrRefuse } from "./limits";
import { markNotificationsRead, notify, removeNotification, unreadFrom } from "./notifications";
import { onFollow, onUnfollow } from "./timeline";
import { displayName } from "./users";

export type ConnectionStatus = Doc<"connections">["status"];
/** A pair with no row is "none"; a row whose request or connection ended is one of the ended statuses. */
export type PairStatus = ConnectionStatus | "none";
export type ConnectionAction = "request" | "accept" | "decline" | "cancel" | "remove";
type Actor = "anyone" | "requester" | "receiver" | "either";

const DAY_MS = 24 * 60 * 60 * 1000;
/** After a decline, the declined member waits this long before asking the same person again. */
export const REQUEST_AFTER_DECLINE_MS = 7 * DAY_MS;

/** The whole graph: which statuses an action leaves from, where it goes, and who may take it. */
export const CONNECTION_TRANSITIONS: Record<
  ConnectionAction,
  { from: readonly PairStatus[]; to: ConnectionStatus; actor: Actor }
> = {
  request: { from: ["none", "declined", "cancelled", "removed"], to: "pending", actor: "anyone" },
  accept: { from: ["pending"], to: "accepted", actor: "receiver" },
  decline: { from: ["pending"], to: "declined", actor: "receiver" },
  cancel: { from: ["pending"], to: "cancelled", actor: "requester" },
  remove: { from: ["accepted"], to: "removed", actor: "either" },
};

/** Counter moves per action, on both members. */
const CONNECTION_DELTA: Partial<Record<ConnectionAction, number>> = { accept: 1, remove: -1 };

export type ConnectionState = "none" | "outgoing" | "incoming" | "connected";

export async function connectionBetween(
  ctx: QueryCtx,
  a: Id<"users">,
  b: Id<"users">,
): Promise<Doc<"connections"> | null> {
  const ab = await ctx.db
    .query("connections")
    .withIndex("by_requesterId_and_receiverId", (q) => q.eq("requesterId", a).eq("receiverId", b))
    .unique();
  if (ab) return ab;
  return await ctx.db
    .query("connections")
    .withIndex("by_requesterId_and_receiverId", (q) => q.eq("requesterId", b).eq("receiverId", a))
    .unique();
}

/** How the pair looks to `viewerId`: ended requests and connections look like no row at all. */
export function stateFor(viewerId: Id<"users">, row: Doc<"connections"> | null): ConnectionState {
  if (row === null) return "none";
  if (row.status === "accepted") return "connected";
  if (row.status !== "pending") return "none";
  return row.requesterId === viewerId ? "outgoing" : "incoming";
}

export function assertProfessional(user: Doc<"users"> | null): asserts user is Doc<"users"> {
  if (user === null || user.userType !== "professional") forbidden(ProfileCopy.onlyProfessionalsConnect);
}

/** Whether `actor` may take `action` on the pair now (statuses and roles only; limits are checked by `transition`). */
export function canTransition(row: Doc<"connections"> | null, actorId: Id<"users">, action: ConnectionAction): boolean {
  const rule = CONNECTION_TRANSITIONS[action];
  if (!rule.from.includes(row?.status ?? "none")) return false;
  if (row === null) return rule.actor === "anyone";
  switch (rule.actor) {
    case "anyone":
      return row.requesterId === actorId || row.receiverId === actorId;
    case "requester":
      return row.requesterId === actorId;
    case "receiver":
      return row.receiverId === actorId;
    case "either":
      return row.requesterId === actorId || row.receiverId === actorId;
  }
}

/** The refusal for an action the graph does not allow, in the product's words. */
function refusal(row: Doc<"connections"> | null, actorId: Id<"users">, action: ConnectionAction): string {
  if (action === "request") {
    if (row?.status === "accepted") return ProfileCopy.alreadyConnected;
    if (row?.status === "pending") return ProfileCopy.requestPending;
  }
  if (action === "accept" || action === "decline") return ProfileCopy.answerOnlyIncoming;
  if (action === "cancel")
    return row?.status === "pending" && row.receiverId === actorId
      ? ProfileCopy.declineInstead
      : ProfileCopy.cancelOnlyPending;
  return ProfileCopy.removeOnlyConnected;
}

export function assertCanTransition(
  row: Doc<"connections"> | null,
  actorId: Id<"users">,
  action: ConnectionAction,
): void {
  if (!canTransition(row, actorId, action)) invalid(refusal(row, actorId, action));
}

/**
 * Takes `action` on the pair (actor, other) and returns the row. For `request`, `row` may be null (a
 * new pair). Refuses an action the graph doesn't allow, a request too soon after a decline, and more
 * connection requests a day than its limit (connectionRequests, model/rateLimit.ts).
 */
export async function transition(
  ctx: MutationCtx,
  row: Doc<"connections"> | null,
  actor: Doc<"users">,
  other: Doc<"users">,
  action: ConnectionAction,
): Promise<Id<"connections">> {
  assertCanTransition(row, actor._id, action);
  const now = Date.now();
  const to = CONNECTION_TRANSITIONS[action].to;
  let id: Id<"connections">;
  if (action === "request") {
    // The member whose request was declined waits; the one who declined may ask at once.
    if (
      row?.status === "declined" &&
      row.requesterId === actor._id &&
      now - (row.endedAt ?? 0) < REQUEST_AFTER_DECLINE_MS
    ) {
      rateLimited((row.endedAt ?? 0) + REQUEST_AFTER_DECLINE_MS);
    }
    await limitOrRefuse(ctx, "connectionRequests", actor._id, actor._id);
    const fields = { requesterId: actor._id, receiverId: other._id, status: to, requestedAt: now };
    if (row === null) id = await ctx.db.insert("connections", fields);
    else {
      id = row._id;
      await ctx.db.replace(row._id, fields);
    }
  } else {
    id = row!._id;
    await ctx.db.patch(id, { status: to, ...(to === "accepted" ? { acceptedAt: now } : { endedAt: now }) });
  }
  const fresh = (await ctx.db.get(id))!;
  const delta = CONNECTION_DELTA[action];
  if (delta)
    for (const userId of [fresh.requesterId, fresh.receiverId])
      await adjustCounters(ctx, "users", userId, { connectionsCount: delta });
  await afterTransition(ctx, fresh, actor, action);
  return id;
}

/** What each action tells or undoes besides the status. */
async function afterTransition(
  ctx: MutationCtx,
  row: Doc<"connections">,
  actor: Doc<"users">,
  action: ConnectionAction,
) {
  switch (action) {
    case "request":
      await notify(ctx, {
        userId: row.receiverId,
        type: "connection",
        title: "Connection request",
        content: `${displayName(actor)} wants to connect with you.`,
        actionUrl: "/network",
        actorId: actor._id,
        entityType: "user",
        entityId: actor._id,
      });
      return;
    case "accept": {
      // Connections feed each other's Following tab.
      await onFollow(ctx, row.requesterId, row.receiverId);
      await onFollow(ctx, row.receiverId, row.requesterId);
      const request = await unreadFrom(ctx, row.receiverId, "connection", row.requesterId);
      if (request) await markNotificationsRead(ctx, [request]);
      await notify(ctx, {
        userId: row.requesterId,
        type: "connection",
        title: "Connection accepted",
        content: `${displayName(actor)} accepted your connection request.`,
        actionUrl: `/profile/${actor._id}`,
        actorId: actor._id,
        entityType: "user",
        entityId: actor._id,
      });
      return;
    }
    case "decline": {
      // Answered: the request's notification is read. The requester is not told.
      const request = await unreadFrom(ctx, row.receiverId, "connection", row.requesterId);
      if (request) await markNotificationsRead(ctx, [request]);
      return;
    }
    case "cancel": {
      // A withdrawn request leaves nothing behind in the receiver's bell.
      const request = await unreadFrom(ctx, row.receiverId, "connection", row.requesterId);
      if (request) await removeNotification(ctx, request);
      return;
    }
    case "remove":
      // Each other's posts leave the Following tab unless one still follows the other.
      await onUnfollow(ctx, row.requesterId, row.receiverId);
      await onUnfollow(ctx, row.receiverId, row.requesterId);
      // Leaving the network also leaves each other's backup network.
      for (const [ownerId, memberId] of [
        [row.requesterId, row.receiverId],
        [row.receiverId, row.requesterId],
      ] as const) {
        const b = await isBackupMember(ctx, ownerId, memberId);
        if (b) await ctx.db.delete(b._id);
      }
      return;
  }
}

/** Accepted connections of a user (both directions), newest first, bounded. */
export async function connectionsOf(ctx: QueryCtx, userId: Id<"users">, limit: number) {
  const out = await ctx.db
    .query("connections")
    .withIndex("by_requesterId_and_status", (q) => q.eq("requesterId", userId).eq("status", "accepted"))
    .order("desc")
    .take(limit);
  out.push(
    ...(await ctx.db
      .query("connections")
      .withIndex("by_receiverId_and_status", (q) => q.eq("receiverId", userId).eq("status", "accepted"))
      .order("desc")
      .take(limit)),
  );
  return out
    .sort((a, b) => (b.acceptedAt ?? b._creationTime) - (a.acceptedAt ?? a._creationTime))
    .slice(0, limit)
    .map((row) => ({ row, otherId: row.requesterId === userId ? row.receiverId : row.requesterId }));
}

export async function isBackupMember(ctx: QueryCtx, ownerId: Id<"users">, memberId: Id<"users">) {
  const row = await ctx.db
    .query("backupMembers")
    .withIndex("by_ownerId_and_memberId", (q) => q.eq("ownerId", ownerId).eq("memberId", memberId))
    .unique();
  return row;
}
