// The one way a kept count changes: in the transaction of the change that
// moves it, never below zero. Counts shown in the UI are these fields, never
// rows collected and counted.
import type { GenericMutationCtx, GenericQueryCtx } from "convex/server";
import type { DataModel, Doc, Id, TableNames } from "../_generated/dataModel";

type NumericField<T extends TableNames> = {
  [K in keyof Doc<T>]-?: NonNullable<Doc<T>[K]> extends number ? K : never;
}[keyof Doc<T>] &
  string;

export type CounterDeltas<T extends TableNames> = Partial<Record<NumericField<T>, number>>;

/** One count moved by `delta`: a missing count starts at 0, and no count goes below 0. */
const moved = (count: number | undefined, delta: number | undefined) => Math.max(0, (count ?? 0) + (delta ?? 0));

/** Adds each delta to its field (missing counts start at 0), clamped at 0. Returns the new values, or null when the row is gone. */
export async function adjustCounters<T extends TableNames>(
  ctx: Pick<GenericMutationCtx<DataModel>, "db">,
  table: T,
  id: Id<T>,
  deltas: CounterDeltas<T>,
): Promise<Partial<Record<NumericField<T>, number>> | null> {
  const row = (await ctx.db.get(table, id as never)) as Record<string, unknown> | null;
  if (row === null) return null;
  const counts: Record<string, number> = {};
  const patch: Record<string, number> = {};
  for (const [field, delta] of Object.entries(deltas) as [string, number | undefined][]) {
    if (!delta) continue;
    const current = row[field] as number | undefined;
    counts[field] = moved(current, delta);
    // A count already at 0 stays as it is: no write, so no reader of the row re-runs.
    if (counts[field] !== current) patch[field] = counts[field];
  }
  if (Object.keys(patch).length > 0) await ctx.db.patch(table, id as never, patch as never);
  return counts as Partial<Record<NumericField<T>, number>>;
}

export interface UserCounts {
  unreadMessages: number;
  unreadNotifications: number;
}

async function userCountersRow(ctx: Pick<GenericQueryCtx<DataModel>, "db">, userId: Id<"users">) {
  return await ctx.db
    .query("userCounters")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

/**
 * A member's unread counts. They live in userCounters, not on the users row that every
 * signed-in query reads; a member who has no row yet still has the counts kept on users before.
 */
export async function userCountsOf(
  ctx: Pick<GenericQueryCtx<DataModel>, "db">,
  user: Pick<Doc<"users">, "_id" | "unreadMessages" | "unreadNotifications">,
): Promise<UserCounts> {
  const row = await userCountersRow(ctx, user._id);
  return {
    unreadMessages: row?.unreadMessages ?? user.unreadMessages ?? 0,
    unreadNotifications: row?.unreadNotifications ?? user.unreadNotifications ?? 0,
  };
}

/** Adds each delta to the member's unread counts, clamped at 0 (the row starts from the old users fields). */
export async function adjustUserCounts(
  ctx: Pick<GenericMutationCtx<DataModel>, "db">,
  userId: Id<"users">,
  deltas: Partial<UserCounts>,
): Promise<void> {
  const row = await userCountersRow(ctx, userId);
  if (row !== null) {
    await adjustCounters(ctx, "userCounters", row._id, deltas);
    return;
  }
  const user = await ctx.db.get("users", userId);
  if (user === null) return;
  await ctx.db.insert("userCounters", {
    userId,
    unreadMessages: moved(user.unreadMessages, deltas.unreadMessages),
    unreadNotifications: moved(user.unreadNotifications, deltas.unreadNotifications),
  });
}
