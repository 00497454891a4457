// An open transaction's writes by table. convex-test keeps a transaction's
// pending writes as one object per nesting level keyed by id; finding one
// table's writes there means walking every write of the transaction, for
// every query. This records, per level, the ids written to each table as
// they are written, so a query merges only its own table's writes.
import { tableOfId } from "./context.js";
import type { DatabaseFake, Doc, Writes } from "./internals.js";

const byLevel = new WeakMap<Writes, Map<string, Set<string>>>();

/** Hooks convex-test's single write path (insert, patch, replace, delete and nested commits go through it). */
export function patchPendingWrites(db: DatabaseFake): void {
  const addWrite = db._addWrite.bind(db);
  db._addWrite = (id: string, value: Doc | null) => {
    addWrite(id, value);
    const level = db._writes[db._writes.length - 1];
    const table = tableOfId(id);
    if (!level || !table) return;
    let tables = byLevel.get(level);
    if (!tables) byLevel.set(level, (tables = new Map()));
    let ids = tables.get(table);
    if (!ids) tables.set(table, (ids = new Set()));
    ids.add(id);
  };
}

/** The newest pending version (null: deleted) of each document of `table` the open transaction wrote. */
export function pendingWrites(db: DatabaseFake, table: string): Map<string, Doc | null> {
  const out = new Map<string, Doc | null>();
  for (let i = db._writes.length - 1; i >= 0; i--) {
    const level = db._writes[i];
    const ids = byLevel.get(level)?.get(table);
    if (!ids) continue;
    for (const id of ids) if (!out.has(id) && id in level) out.set(id, level[id]);
  }
  return out;
}
