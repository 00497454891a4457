// The one way a kept count changes: in the transaction of the change that
// moves it, never below zero. Counts shown in the UI are these fields, never
// rows collected and counted.
import type { GenericMutationCtx } from "convex/server";
import type { DataModel, Doc, Id, TableNames } from "../_generated/dataModel";

type NumericField<T extends TableNames> = {
  [K in keyof Doc<T>]-?: NonNullable<Doc<T>[K]> extends number ? K : never;
}[keyof Doc<T>] & string;

export type CounterDeltas<T extends TableNames> = Partial<Record<NumericField<T>, number>>;

/** Adds each delta to its field (missing counts start at 0), clamped at 0. Returns the new values, or null when the row is gone. */
export async function adjustCounters<T extends TableNames>(
  ctx: Pick<GenericMutationCtx<DataModel>, "db">,
  table: T,
  id: Id<T>,
  deltas: CounterDeltas<T>,
): Promise<Partial<Record<NumericField<T>, number>> | null> {
  const row = (await ctx.db.get(table, id as never)) as Record<string, unknown> | null;
  if (row === null) return null;
  const patch: Record<string, number> = {};
  for (const [field, delta] of Object.entries(deltas) as [string, number | undefined][]) {
    if (!delta) continue;
    patch[field] = Math.max(0, ((row[field] as number | undefined) ?? 0) + delta);
  }
  if (Object.keys(patch).length > 0) await ctx.db.patch(table, id as never, patch as never);
  return patch as Partial<Record<NumericField<T>, number>>;
}
