// The commit hook: every top-level commit's changes, handed to the engine
// inside the commit (so it can make them durable before the caller hears of it).
import { callContext } from "./context.js";
import type { Change } from "./indexes.js";
import type { DatabaseFake, Doc } from "./internals.js";

export function patchCommit(db: DatabaseFake, onCommit: (ts: bigint, changes: Change[]) => void): void {
  const commit = db.commit.bind(db);
  db.commit = (commitTs: bigint | null = null) => {
    const topLevel = db._writes.length === 1 && commitTs !== null;
    const writes = topLevel ? db._writes[0] : null;
    const ctx = callContext.getStore();
    if (writes) ctx?.beforeCommit?.(writes);
    const previous: (Doc | undefined)[] = writes ? Object.keys(writes).map((id) => db._documents[id]) : [];
    commit(commitTs);
    if (!topLevel || !writes) return;
    if (ctx) ctx.commitTs = commitTs;
    const ids = Object.keys(writes);
    if (ids.length === 0) return;
    onCommit(
      commitTs!,
      ids.map((id, i) => [id, previous[i], db._documents[id] ?? null]),
    );
  };
}
