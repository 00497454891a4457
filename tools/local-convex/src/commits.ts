// The commit hook: every top-level commit's changes, of the app and of every
// component (one transaction spans them all, as on Convex), handed to the
// engine inside the commit (so it can make them durable before the caller
// hears of it).
import { callContext } from "./context.js";
import type { Change } from "./indexes.js";
import type { ConvexGlobal, DatabaseFake, Doc, Writes } from "./internals.js";

export function patchCommit(global: ConvexGlobal, onCommit: (ts: bigint, changes: Change[]) => void): void {
  const tm = global.transactionManager;
  const commit = tm.commit.bind(tm);
  tm.commit = (isNested: boolean) => {
    if (isNested) return commit(isNested);
    // Each database's only level of writes: what the top-level commit applies.
    const pending: [string, DatabaseFake, Writes][] = [];
    for (const [path, component] of Object.entries(global.components)) {
      const db = component.db;
      if (db._writes.length === 1) pending.push([path, db, db._writes[0]]);
    }
    const ctx = callContext.getStore();
    ctx?.beforeCommit?.(
      (path) => pending.find(([p]) => p === path)?.[2] ?? null,
      pending.map(([, , writes]) => writes),
    );
    const previous: (Doc | undefined)[][] = pending.map(([, db, writes]) => Object.keys(writes).map((id) => db._documents[id]));
    const ts = commit(false);
    if (ts === null) return ts;
    if (ctx) ctx.commitTs = ts;
    const changes: Change[] = [];
    pending.forEach(([path, db, writes], i) => {
      Object.keys(writes).forEach((id, j) => {
        const change: Change = [id, previous[i][j], db._documents[id] ?? null];
        if (path) change.push(path);
        changes.push(change);
      });
    });
    if (changes.length > 0) onCommit(ts, changes);
    return ts;
  };
}
