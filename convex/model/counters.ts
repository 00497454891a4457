// The one way a kept count changes: in the transaction of the change that
// moves it, never below zero. Counts shown in the UI are these fields or the
// sharded counters below, never rows collected and counted.
import { ShardedCounter } from "@convex-dev/sharded-counter";
import type { GenericMutationCtx, GenericQueryCtx } from "convex/server";
import { components } from "../_generated/api";
import type { DataModel, Doc, Id, TableNames } from "../_generated/dataModel";

/**
 * The counts many members move at once (a post's likes, a member's followers, the job board's
 * totals, a tag's uses, a professional's search appearances). Patched on one row, every two such
 * writes at the same moment conflict and one retries (Convex's optimistic concurrency); in
 * @convex-dev/sharded-counter each write lands on one of several shard rows, and a read sums them
 * all, so the count stays exact. A read inside a mutation would read every shard and conflict
 * again: mutations only add, queries read.
 */
export type SharedCountKey =
  | `likes:post:${string}`
  | `likes:comment:${string}`
  | `followers:${string}`
  | `following:${string}`
  | `tag:${string}`
  | `tagDay:${string}:${number}`
  | `likeNotice:${string}`
  | `insights:${string}:${string}:${string}`;

/** "jobs:<status or all>:<category or all>". */
export type JobCountKey = `jobs:${string}`;

/**
 * Shards per count: 4 for an item's count (4 writers at once; a feed page of 20 posts reads 80
 * shard rows), 16 for the job board's totals (every new job and transition moves `all:*`).
 */
const shardsOf = (key: SharedCountKey | JobCountKey) => (key.startsWith("jobs:") ? 16 : 4);

/**
 * A client per call: the client remembers the shard it last wrote for each key, and one kept at
 * module level would send every write a warm server runs for that key to the same shard.
 */
const counter = (key: SharedCountKey | JobCountKey) =>
  new ShardedCounter<SharedCountKey | JobCountKey>(components.shardedCounter, { defaultShards: shardsOf(key) });

type CountCtx = Pick<GenericQueryCtx<DataModel>, "runQuery">;
type AddCtx = Pick<GenericMutationCtx<DataModel>, "runQuery" | "runMutation">;

/** Moves a shared count by `delta` (no read: a mutation never contends on the other shards). */
export async function addShared(ctx: AddCtx, key: SharedCountKey | JobCountKey, delta: number): Promise<void> {
  if (delta !== 0) await counter(key).add(ctx, key, delta);
}

/** What the counter moved since it began (below 0 when it takes back counts a row kept before). Exact: it sums every shard. */
export async function countedSince(ctx: CountCtx, key: SharedCountKey | JobCountKey): Promise<number> {
  return await counter(key).count(ctx, key);
}

/**
 * A shared count as shown: `base` (the count a row held before the counter kept it, until
 * the backfill in migrations:runAll folds it in) plus the counter, never below 0.
 */
export async function sharedCount(ctx: CountCtx, key: SharedCountKey | JobCountKey, base = 0): Promise<number> {
  return Math.max(0, base + (await countedSince(ctx, key)));
}

/** Clears a counter whose item is gone (its shard rows would otherwise stay for good). */
export async function resetShared(ctx: AddCtx, key: SharedCountKey): Promise<void> {
  await counter(key).reset(ctx, key);
}

/**
 * A copy of a shared count kept on a row for an index or a title (trending's day rows, the
 * collapsed like notification) is rewritten at most this often, by one scheduled job, however
 * many members move the count meanwhile.
 */
export const SHOWN_COUNT_REFRESH_MS = 5_000;

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
