// Index structures convex-test lacks: per-table id sets, and each index's
// committed documents in a B+ tree (sorted-btree) keyed by the index's field
// values, so a commit moves a document in O(log n) and an index range is a
// seek plus the documents it returns, whatever the size of the table. A
// transaction's own pending writes are merged into the committed range.
import { createRequire } from "node:module";
import { jsonToConvex, type Value } from "convex/values";
import { callContext, tableOfId } from "./context.js";
import type { DatabaseFake, Doc } from "./internals.js";
import { compareValue } from "./order.js";
import { pendingWrites } from "./pending.js";
import { runSearch, SearchIndexes } from "./search.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
/** What the runtime uses of sorted-btree's `BTree`. */
interface BTree<K, V> {
  set(key: K, value: V, overwrite?: boolean): boolean;
  delete(key: K): boolean;
  entries(lowestKey?: K): IterableIterator<[K, V]>;
  entriesReversed(highestKey?: K): IterableIterator<[K, V]>;
}
// sorted-btree is CommonJS with `exports.default`, which TypeScript's module
// settings (NodeNext here, bundler at the root) and bundlers each import differently.
const BTree = (
  createRequire(import.meta.url)("sorted-btree") as {
    default: new <K, V>(entries: undefined, compare: (a: K, b: K) => number) => BTree<K, V>;
  }
).default;
const EMPTY_TABLE = "__local_convex_no_table__";

export function fieldValue(doc: Doc, path: string): Value | undefined {
  let value: any = doc;
  for (const part of path.split(".")) {
    value = value !== null && typeof value === "object" && !Array.isArray(value) ? value[part] : undefined;
  }
  return value;
}

/** Bounds of a range: below, or above, every value at their position. */
const LOW = Symbol("low");
const HIGH = Symbol("high");
type KeyPart = Value | undefined | typeof LOW | typeof HIGH;
/** An index key: the document's values of the index's fields (which end with `_id`, so keys are unique). */
export type Key = KeyPart[];

const MISSING = Symbol("missing");

/**
 * What a sorted index's B+ tree holds: the committed documents themselves
 * (no key array per document and index: their keys are read from their
 * fields as the tree compares them), and while seeking, bound keys.
 */
export type Entry = Doc | Key;

/**
 * Index order over entries: a document stands for its key (its values of
 * `fields`), and a bound key ends with LOW or HIGH and sorts before or after
 * everything sharing its prefix. Comparing two documents (every insert and
 * delete) reads their fields without building keys.
 */
export function entryComparator(fields: string[]): (a: Entry, b: Entry) => number {
  const n = fields.length;
  const nested = fields.map((f) => f.includes("."));
  const part = (x: Entry, i: number): KeyPart | typeof MISSING => {
    if (Array.isArray(x)) return i < x.length ? x[i] : MISSING;
    if (i >= n) return MISSING;
    return nested[i] ? fieldValue(x, fields[i]) : (x as Record<string, any>)[fields[i]];
  };
  return (a, b) => {
    const la = Array.isArray(a) ? a.length : n;
    const lb = Array.isArray(b) ? b.length : n;
    const m = la > lb ? la : lb;
    for (let i = 0; i < m; i++) {
      const x = part(a, i);
      const y = part(b, i);
      const type = typeof x;
      // Plain values first: the common case (a string or a number is never a bound).
      if (type === typeof y && (type === "string" || type === "number")) {
        const c = compareValue(x as Value, y as Value);
        if (c !== 0) return c;
        continue;
      }
      const sx = x === LOW ? -1 : x === HIGH ? 1 : 0;
      const sy = y === LOW ? -1 : y === HIGH ? 1 : 0;
      if (sx !== 0 || sy !== 0) {
        if (sx !== sy) return sx < sy ? -1 : 1;
        return 0;
      }
      if (x === MISSING || y === MISSING) return x === y ? 0 : x === MISSING ? -1 : 1;
      const c = compareValue(x as Value, y as Value);
      if (c !== 0) return c;
    }
    return 0;
  };
}

/** The same order over keys alone (bounds, pending writes, page cursors). */
export const compareKeys: (a: Key, b: Key) => number = entryComparator([]);

export function indexFields(db: DatabaseFake, table: string, index: string): string[] | null {
  if (index === "by_creation_time") return ["_creationTime", "_id"];
  if (index === "by_id") return ["_id"];
  const found = db._schema?.tables.get(table)?.indexes?.find((i: any) => i.indexDescriptor === index);
  return found ? [...found.fields, "_creationTime", "_id"] : null;
}

/** Whether a decoded value can stand in a key: not a commit-timestamp placeholder or another class's instance (convex-test handles those). */
export function isKeyValue(value: Value): boolean {
  return !(
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    !(value instanceof ArrayBuffer) &&
    Object.getPrototypeOf(value) !== Object.prototype
  );
}

function queryValue(json: any): Value | undefined | null {
  if (json !== null && typeof json === "object" && "$undefined" in json) return undefined;
  const value = jsonToConvex(json);
  return isKeyValue(value) ? value : null;
}

/**
 * An index range is equalities on a prefix of the index's fields, then at most
 * a lower and an upper bound on the next field. Returns the keys just before
 * and just after the range, or null for any other shape (convex-test then
 * validates it and reports the error).
 */
export function parseRange(range: any[], fields: string[]): IndexRange | null {
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
  const low: Key = lower ? [...eqs, lower.value, lower.inclusive ? LOW : HIGH] : [...eqs, LOW];
  const high: Key = upper ? [...eqs, upper.value, upper.inclusive ? HIGH : LOW] : [...eqs, HIGH];
  return {
    low,
    high,
    before: (doc) => compareKeys(keyOf(fields, doc), low) < 0,
    after: (doc) => compareKeys(keyOf(fields, doc), high) > 0,
  };
}

/** An index range: the bound keys just outside it, and whether a document sorts before or after it. */
export interface IndexRange {
  low: Key;
  high: Key;
  before(doc: Doc): boolean;
  after(doc: Doc): boolean;
}

/** One change of a commit: the document id, its committed version before, and after (null: deleted); and the component instance whose document it is (absent: the app's). */
export type Change = [id: string, before: Doc | undefined, after: Doc | null, component?: string];

interface SortedIndex {
  table: string;
  fields: string[];
  /** The documents as keys, no values (sorted-btree then shares one empty values array among leaves). */
  tree: BTree<Entry, undefined>;
  compare: (a: Entry, b: Entry) => number;
}

export const keyOf = (fields: string[], doc: Doc): Key => fields.map((f) => fieldValue(doc, f));

export class Indexes {
  private tableIds = new Map<string, Set<string>>();
  /** Committed documents in index order, built on first use and kept up to date by each commit. */
  private sorted = new Map<string, SortedIndex>();
  private sortedByTable = new Map<string, SortedIndex[]>();
  /** Bumped by every commit: an open stream re-seeks if the tree changed under it. */
  version = 0;

  /** Inverted indexes for `withSearchIndex`, built on first use. */
  readonly search: SearchIndexes;

  constructor(private documents: () => Record<string, Doc>) {
    this.search = new SearchIndexes(documents, (table) => this.idsOf(table));
  }

  /** Forgets everything and indexes the ids of `documents` (sorted and search indexes rebuild lazily). */
  rebuild(): void {
    this.tableIds.clear();
    this.sorted.clear();
    this.sortedByTable.clear();
    this.search.clear();
    this.version += 1;
    for (const id of Object.keys(this.documents())) this.setPresent(id, true);
  }

  /** Every table's ids (live sets: a compaction streams them while commits go on). */
  tables(): Iterable<Set<string>> {
    return this.tableIds.values();
  }

  documentCount(): number {
    let count = 0;
    for (const ids of this.tableIds.values()) count += ids.size;
    return count;
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
  sortedIndex(table: string, index: string, fields: string[]): SortedIndex {
    const name = `${table}.${index}`;
    const cached = this.sorted.get(name);
    if (cached) return cached;
    const documents = this.documents();
    const docs: Doc[] = [];
    for (const id of this.idsOf(table)) {
      const doc = documents[id];
      if (doc) docs.push(doc);
    }
    const compare = entryComparator(fields);
    docs.sort(compare);
    const tree = new BTree<Entry, undefined>(undefined, compare);
    // Sorted input: appending keeps every insertion at the tree's right edge.
    for (const doc of docs) tree.set(doc, undefined);
    const entry = { table, fields, tree, compare };
    this.sorted.set(name, entry);
    const ofTable = this.sortedByTable.get(table);
    if (ofTable) ofTable.push(entry);
    else this.sortedByTable.set(table, [entry]);
    return entry;
  }

  /** Applies a commit: table membership, and each changed document moved to its place in every built index of its table. */
  apply(changes: Change[]): void {
    this.version += 1;
    for (const [id, before, after] of changes) {
      const table = tableOfId(id);
      for (const entry of (table && this.sortedByTable.get(table)) || []) {
        // A change that keeps the document's place (most patches, for most indexes) replaces it there: one seek.
        if (before && after && entry.compare(before, after) === 0) {
          entry.tree.set(after, undefined, true);
          continue;
        }
        if (before) entry.tree.delete(before);
        if (after) entry.tree.set(after, undefined);
      }
      this.setPresent(id, after !== null);
    }
    this.search.apply(changes);
  }

  /**
   * The documents of `table` in the key range (low, high) of an index, in
   * `order`, as the open transaction sees them: the committed ones from the
   * tree, minus those it wrote, merged with its pending writes that fall in
   * the range. Lazy: a `.first()` or `.take(n)` touches only what it returns.
   */
  range(db: DatabaseFake, table: string, index: SortedIndex, low: Key, high: Key, order: "asc" | "desc"): Iterable<Doc> {
    const asc = order === "asc";
    const pending = pendingWrites(db, table);
    const extras: { key: Key; doc: Doc }[] = [];
    for (const doc of pending.values()) {
      if (!doc) continue;
      const key = keyOf(index.fields, doc);
      if (compareKeys(key, low) > 0 && compareKeys(key, high) < 0) extras.push({ key, doc });
    }
    extras.sort((a, b) => (asc ? 1 : -1) * compareKeys(a.key, b.key));
    const current = () => this.version;
    const { tree, compare, fields } = index;
    function* committed(): Generator<Doc> {
      let version = current();
      let last: Doc | null = null;
      let iter = asc ? tree.entries(low) : tree.entriesReversed(high);
      for (;;) {
        if (current() !== version) {
          // A commit changed the tree under an open stream: continue after the last key seen.
          version = current();
          if (last === null) iter = asc ? tree.entries(low) : tree.entriesReversed(high);
          else iter = asc ? tree.entries([...keyOf(fields, last), HIGH]) : tree.entriesReversed([...keyOf(fields, last), LOW]);
        }
        const next = iter.next();
        if (next.done) return;
        const doc = next.value[0] as Doc;
        if (asc ? compare(doc, high) >= 0 : compare(doc, low) <= 0) return;
        last = doc;
        if (pending.has(doc._id)) continue;
        yield doc;
      }
    }
    return {
      *[Symbol.iterator]() {
        let i = 0;
        for (const doc of committed()) {
          while (i < extras.length && (asc ? 1 : -1) * compare(extras[i].key, doc) < 0) yield extras[i++].doc;
          yield doc;
        }
        while (i < extras.length) yield extras[i++].doc;
      },
    };
  }
}

/** A part of an index range in a source's order (paginate.ts seeks a page's start and end with it). */
export interface Seekable {
  /** The index's fields: a document's key, and a page cursor's. */
  fields: string[];
  low: Key;
  high: Key;
  range(low: Key, high: Key): Iterable<Doc>;
}

/** A query source whose documents are produced lazily; `sortedDocs` (convex-test's paginate) materializes them. */
function lazySource(docs: Iterable<Doc>, base: any, fields: string[], order: "asc" | "desc", seekable: Seekable) {
  let all: Doc[] | null = null;
  return {
    get sortedDocs() {
      return (all ??= [...docs]);
    },
    stream: () => (all ?? docs)[Symbol.iterator](),
    filterFn: base.filterFn,
    limit: base.limit,
    fieldPathsToSortBy: fields,
    order,
    seekable,
  };
}

/** The bound key just after `key` (the keys of a range are unique), and just before it. */
export const justAfter = (key: Key): Key => [...key, HIGH];
export const justBefore = (key: Key): Key => [...key, LOW];

/**
 * Makes convex-test's database read through `indexes`: a table's documents
 * from its id set, index ranges (and full table scans, as the creation-time
 * index) from the B+ trees. Anything unusual takes convex-test's own path.
 */
export function patchIndexes(db: DatabaseFake, indexes: Indexes): void {
  const fake = db as any;
  fake._iterateDocs = function (this: DatabaseFake, tableName: string, cb: (doc: Doc) => void) {
    if (tableName === EMPTY_TABLE) return;
    const pending = pendingWrites(this, tableName);
    for (const id of indexes.idsOf(tableName)) {
      if (pending.has(id)) continue;
      const doc = this._documents[id];
      if (doc) cb(doc);
    }
    for (const doc of pending.values()) if (doc) cb(doc);
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
    let table: string;
    let index: string;
    let range: { low: Key; high: Key } | null;
    let fields: string[] | null;
    if (source?.type === "FullTableScan" && source.tableName !== EMPTY_TABLE) {
      // A table scan is the creation-time index, whole.
      table = String(source.tableName);
      index = "by_creation_time";
      fields = ["_creationTime", "_id"];
      range = { low: [LOW], high: [HIGH] };
    } else if (source?.type === "IndexRange") {
      [table, index] = String(source.indexName).split(".");
      fields = indexFields(this, table, index);
      range = fields && parseRange(source.range, fields);
    } else return resolve(query);
    if (!range || !fields) return resolve(query);
    // Filters and limit as convex-test builds them, from an empty source.
    const base = resolve({ ...query, source: { type: "FullTableScan", tableName: EMPTY_TABLE, order: "asc" } });
    const order = source.order ?? "asc";
    const sorted = indexes.sortedIndex(table, index, fields);
    const docs = indexes.range(this, table, sorted, range.low, range.high, order);
    const seekable: Seekable = {
      fields,
      low: range.low,
      high: range.high,
      range: (low, high) => indexes.range(this, table, sorted, low, high, order),
    };
    // convex-test sorts a table scan by _creationTime only (ids break no ties there); the index adds _id.
    return lazySource(docs, base, source.type === "FullTableScan" ? ["_creationTime"] : fields, order, seekable);
  };
}

/** Lazy query streams: count what `.filter()` looks at, and stop at `.take(n)`. */
export function patchQueryStreams(db: DatabaseFake): void {
  const fake = db as any;
  fake.startQuery = function (this: DatabaseFake, query: any) {
    const id = this._nextQueryId++;
    const source = this._resolveQuerySource(query);
    const docs: Iterator<Doc> = "stream" in source ? (source as any).stream() : source.sortedDocs[Symbol.iterator]();
    this._queryResults[id] = { docs, filterFn: source.filterFn, limit: source.limit, returned: 0 };
    return id;
  };
  fake.queryNext = function (this: DatabaseFake, queryId: number) {
    const st = this._queryResults[queryId];
    if (st === undefined) throw new Error("Bad queryId");
    const stats = callContext.getStore()?.stats;
    if (st.limit === null || st.returned < st.limit) {
      for (let next = st.docs.next(); !next.done; next = st.docs.next()) {
        const doc = next.value;
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
