// The professional network (spec §2 Network, §4 Connection, §6): one row per
// pair; pending until the receiver accepts. Counters on both users change in
// the same transaction. Only professionals take part (spec §6).
//
//   none --request--> pending --accept--> accepted --remove--> none
//   pending --decline (receiver) | cancel (requester)--> none
import { ConvexError } from "convex/values";
import { ErrorCode } from "../../common/errors";
import { ProfileCopy } from "../../common/profile";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";

export type ConnectionState = "none" | "outgoing" | "incoming" | "connected";

export async function connectionBetween(ctx: QueryCtx, a: Id<"users">, b: Id<"users">): Promise<Doc<"connections"> | null> {
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

export function stateFor(viewerId: Id<"users">, row: Doc<"connections"> | null): ConnectionState {
  if (row === null) return "none";
  if (row.status === "accepted") return "connected";
  return row.requesterId === viewerId ? "outgoing" : "incoming";
}

export function assertProfessional(user: Doc<"users"> | null): asserts user is Doc<"users"> {
  if (user === null || user.userType !== "professional") {
    throw new ConvexError({ code: ErrorCode.FORBIDDEN, message: ProfileCopy.onlyProfessionalsConnect });
  }
}

export async function adjustConnections(ctx: MutationCtx, userIds: Id<"users">[], delta: number) {
  for (const id of userIds) {
    const user = await ctx.db.get(id);
    if (user) await ctx.db.patch(id, { connectionsCount: Math.max(0, (user.connectionsCount ?? 0) + delta) });
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
