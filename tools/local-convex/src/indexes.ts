// Index structures convex-test lacks: per-table id sets, and each index's
// committed documents kept in index order, so an index range is a binary
// search instead of a scan of every document.
import { compareValues, jsonToConvex, type Value } from "convex/values";
import { callContext, tableOfId } from "./context.js";
import type { DatabaseFake, Doc } from "./internals.js";
import { runSearch, SearchIndexes } from "./search.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
const EMPTY_TABLE = "__local_convex_no_table__";

export function fieldValue(doc: Doc, path: string): Value | undefined {
  let value: any = doc;
  for (const part of path.split(".")) {
    value = value !== null && typeof value === "object" && !Array.isArray(value) ? value[part] : undefined;
  }
  return value;
}

function compareTuples(a: (Value | undefined)[], b: (Value | undefined)[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareValues(a[i] as Value, b[i] as Value);
    if (c !== 0) return c;
  }
  return 0;
}

export function indexFields(db: DatabaseFake, table: string, index: string): string[] | null {
  if (index === "by_creation_time") return ["_creationTime", "_id"];
  if (index === "by_id") return ["_id"];
  const found = db._schema?.tables.get(table)?.indexes?.find((i: any) => i.indexDescriptor === index);
  return found ? [...found.fields, "_creationTime", "_id"] : null;
}

function hasPendingWrites(db: DatabaseFake, table: string): boolean {
  return db._writes.some((layer) => Object.keys(layer).some((id) => tableOfId(id) === table));
}

function queryValue(json: any): Value | undefined | null {
  if (json !== null && typeof json === "object" && "$undefined" in json) return undefined;
  const value = jsonToConvex(json);
  // Commit-timestamp placeholders and the like: let convex-test handle them.
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof ArrayBuffer) &&
    Object.getPrototypeOf(value) !== Object.prototype
    ? null
    : value;
}

/**
 * An index range is equalities on a prefix of the index's fields, then at most
 * a lower and an upper bound on the next field. Returns predicates marking the
 * documents before and after the range in index order, or null for any other
 * shape (convex-test then validates it and reports the error).
 */
export function parseRange(range: any[], fields: string[]) {
  const eqs: Value[] = [];
  let lower: { value: Value; inclusive: boolean } | null = null;
  let upper: { value: Value; inclusive: boolean } | null = null;
  let boundField: string | null = null;
  for (const expr of range) {
    const value = queryValue(expr.value);
    if (value === null && expr.value !== null) return null;
    if (expr.type === "Eq") {
      if (boundField !== null || expr.fieldPath !== fields[eqs.length]) return null;
      eqs.push(value as Value);
    } else {
      const field = fields[eqs.length];
      if (expr.fieldPath !== field || (boundField !== null && boundField !== field)) return null;
      boundField = field;
      const bound = { value: value as Value, inclusive: expr.type === "Gte" || expr.type === "Lte" };
      if (expr.type === "Gt" || expr.type === "Gte") {
        if (lower) return null;
        lower = bound;
      } else if (expr.type === "Lt" || expr.type === "Lte") {
        if (upper) return null;
        upper = bound;
      } else return null;
    }
  }
  const prefix = (doc: Doc) => {
    for (let i = 0; i < eqs.length; i++) {
      const c = compareValues(fieldValue(doc, fields[i]) as Value, eqs[i]);
      if (c !== 0) return c;
    }
    return 0;
  };
  const boundOf = (doc: Doc) => fieldValue(doc, fields[eqs.length]) as Value;
  return {
    before(doc: Doc): boolean {
      const c = prefix(doc);
      if (c !== 0) return c < 0;
      if (!lower) return false;
      const b = compareValues(boundOf(doc), lower.value);
      return b < 0 || (b === 0 && !lower.inclusive);
    },
    after(doc: Doc): boolean {
      const c = prefix(doc);
      if (c !== 0) return c > 0;
      if (!upper) return false;
      const b = compareValues(boundOf(doc), upper.value);
      return b > 0 || (b === 0 && !upper.inclusive);
    },
  };
}

/** The first position from `from` where the monotonic `test` holds (or the length). */
function firstIndex(docs: Doc[], test: (d: Doc) => boolean, from = 0): number {
  let lo = from;
  let hi = docs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(docs[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** One change of a commit: the document id, its committed version before, and after (null: deleted). */
export type Change = [id: string, before: Doc | undefined, after: Doc | null];

export class Indexes {
  private tableIds = new Map<string, Set<string>>();
  /** Committed documents in index order, built on first use and kept up to date by each commit. */
  private sorted = new Map<string, { table: string; fields: string[]; docs: Doc[] }>();

  /** Inverted indexes for `withSearchIndex`, built on first use. */
  readonly search: SearchIndexes;

  constructor(private documents: () => Record<string, Doc>) {
    this.search = new SearchIndexes(documents, (table) => this.idsOf(table));
  }

  /** Forgets everything and indexes the ids of `documents` (sorted and search indexes rebuild lazily). */
  rebuild(): void {
    this.tableIds.clear();
    this.sorted.clear();
    this.search.clear();
    for (const id of Object.keys(this.documents())) this.setPresent(id, true);
  }

  idsOf(table: string): Iterable<string> {
    return this.tableIds.get(table) ?? [];
  }

  hasId(table: string, id: string): boolean {
    return this.tableIds.get(table)?.has(id) ?? false;
  }

  private setPresent(id: string, present: boolean) {
    const table = tableOfId(id);
    if (!table) return;
    let ids = this.tableIds.get(table);
    if (!ids) this.tableIds.set(table, (ids = new Set()));
    if (present) ids.add(id);
    else ids.delete(id);
  }

  /** The committed documents of `table` in index order. */
  sortedIndex(table: string, index: string, fields: string[]): Doc[] {
    const key = `${table}.${index}`;
    const cached = this.sorted.get(key);
    if (cached) return cached.docs;
    const documents = this.documents();
    const docs: Doc[] = [];
    for (const id of this.idsOf(table)) {
      const doc = documents[id];
      if (doc) docs.push(doc);
    }
    const keys = new Map(docs.map((d) => [d, fields.map((f) => fieldValue(d, f))]));
    docs.sort((a, b) => compareTuples(keys.get(a)!, keys.get(b)!));
    this.sorted.set(key, { table, fields, docs });
    return docs;
  }

  /** Applies a commit: table membership, and each changed document moved to its place in every built index. */
  apply(changes: Change[]): void {
    for (const entry of this.sorted.values()) {
      const keyOf = (d: Doc) => entry.fields.map((f) => fieldValue(d, f));
      for (const [id, before, after] of changes) {
        if (tableOfId(id) !== entry.table) continue;
        if (before) {
          const key = keyOf(before);
          const at = firstIndex(entry.docs, (d) => compareTuples(keyOf(d), key) >= 0);
          // Keys end with _id, so the document sits exactly there.
          if (entry.docs[at]?._id === id) entry.docs.splice(at, 1);
        }
        if (after) {
          const key = keyOf(after);
          entry.docs.splice(firstIndex(entry.docs, (d) => compareTuples(keyOf(d), key) > 0), 0, after);
        }
      }
    }
    for (const [id, , after] of changes) this.setPresent(id, after !== null);
    this.search.apply(changes);
  }
}

/**
 * Makes convex-test's database read through `indexes`: a table's documents
 * from its id set, index ranges by binary search. Open transactions with
 * writes to the table, and anything unusual, take convex-test's own path.
 */
export function patchIndexes(db: DatabaseFake, indexes: Indexes): void {
  const fake = db as any;
  fake._iterateDocs = function (this: DatabaseFake, tableName: string, cb: (doc: Doc) => void) {
    for (const id of indexes.idsOf(tableName)) {
      const doc = this.get(tableName, id);
      if (doc !== null) cb(doc);
    }
    const seen = new Set<string>();
    for (const layer of this._writes) {
      for (const id of Object.keys(layer)) {
        if (seen.has(id) || indexes.hasId(tableName, id) || tableOfId(id) !== tableName) continue;
        seen.add(id);
        const doc = this.get(tableName, id);
        if (doc !== null) cb(doc);
      }
    }
  };

  const resolve = db._resolveQuerySource.bind(db);
  fake._resolveQuerySource = function (this: DatabaseFake, query: any) {
    const source = query.source;
    if (source?.type === "Search") {
      const index = indexes.search.get(this, String(source.indexName));
      const docs = index && runSearch(this, index, source.filters ?? []);
      if (!docs) return resolve(query);
      const base = resolve({ ...query, source: { type: "FullTableScan", tableName: EMPTY_TABLE, order: "asc" } });
      return { sortedDocs: docs, filterFn: base.filterFn, limit: base.limit, fieldPathsToSortBy: [], order: "asc" };
    }
    if (source?.type !== "IndexRange") return resolve(query);
    const [table, index] = String(source.indexName).split(".");
    const fields = indexFields(this, table, index);
    const range = fields && parseRange(source.range, fields);
    if (!range || hasPendingWrites(this, table)) return resolve(query);
    // Filters and limit as convex-test builds them, from an empty source.
    const base = resolve({ ...query, source: { type: "FullTableScan", tableName: EMPTY_TABLE, order: "asc" } });
    const sorted = indexes.sortedIndex(table, index, fields);
    const lo = firstIndex(sorted, (d) => !range.before(d));
    const hi = firstIndex(sorted, (d) => range.after(d), lo);
    const docs = sorted.slice(lo, hi);
    const order = source.order ?? "asc";
    if (order === "desc") docs.reverse();
    return { sortedDocs: docs, filterFn: base.filterFn, limit: base.limit, fieldPathsToSortBy: fields, order };
  };
}

/** Lazy query streams: count what `.filter()` looks at, and stop at `.take(n)`. */
export function patchQueryStreams(db: DatabaseFake): void {
  const fake = db as any;
  fake.startQuery = function (this: DatabaseFake, query: any) {
    const id = this._nextQueryId++;
    const { sortedDocs, filterFn, limit } = this._resolveQuerySource(query);
    this._queryResults[id] = { docs: sortedDocs, pos: 0, filterFn, limit, returned: 0 };
    return id;
  };
  fake.queryNext = function (this: DatabaseFake, queryId: number) {
    const st = this._queryResults[queryId];
    if (st === undefined) throw new Error("Bad queryId");
    const stats = callContext.getStore()?.stats;
    if (st.limit === null || st.returned < st.limit) {
      while (st.pos < st.docs.length) {
        const doc = st.docs[st.pos++];
        if (stats) stats.documentsScanned += 1;
        if (st.filterFn(doc)) {
          st.returned += 1;
          return { value: doc, done: false };
        }
      }
    }
    delete this._queryResults[queryId];
    return { value: null, done: true };
  };
}
