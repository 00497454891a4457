// Read sets and write sets, as Convex's reactivity keeps them. A query's read
// set is what it actually read: the index ranges its streams and pages walked
// (up to where they stopped), the ids it fetched (also missing ones), whole
// tables (count, a range shape this runtime does not parse) and search reads
// (conservative: any change to the search index's search or filter fields,
// plus the documents returned, by id). A commit's write set is each written
// document's version before and after. A subscription re-runs only when a
// write set touches its read set: a document whose old or new version lies
// in a range it read.
import { compareValues, jsonToConvex, type Value } from "convex/values";
import { qualifiedTable, tableOfId, tableOfQuery } from "./context.js";
import { fieldValue, indexFields, parseRange, type Change } from "./indexes.js";
import type { DatabaseFake, Doc } from "./internals.js";
import { compareValue } from "./order.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Key = (Value | undefined)[];
/** Whether one version of a document lies in what was read. */
type DocTest = (doc: Doc) => boolean;
/** Whether a committed change (the document before and after) touches what was read. */
type ChangeTest = (before: Doc | undefined, after: Doc | null) => boolean;

const EVERYTHING: ChangeTest = () => true;

function keyOf(doc: Doc, fields: string[]): Key {
  return fields.map((f) => fieldValue(doc, f));
}

function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const c = compareValue(a[i], b[i]);
    if (c !== 0) return c;
  }
  return 0;
}

function sameValue(a: Value | undefined, b: Value | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  try {
    return compareValues(a, b) === 0;
  } catch {
    return false;
  }
}

/** One index walk: the table, the order it walks in, and the range's own bounds. */
export interface Scan {
  table: string;
  /** The fields the walk is sorted by (the index's, then `_creationTime`, `_id`; a table scan: `_creationTime`). */
  fields: string[];
  order: "asc" | "desc";
  /** The range's bounds (withIndex), or null for the whole table. */
  inRange: DocTest | null;
}

/** The index walk a serialized (non-search) query describes; null if this runtime cannot tell (then: the whole table). */
export function scanOf(db: DatabaseFake, query: any): Scan | null {
  const source = query?.source;
  const order = source?.order === "desc" ? "desc" : "asc";
  if (source?.type === "FullTableScan" && source.tableName) {
    return { table: source.tableName, fields: ["_creationTime"], order, inRange: null };
  }
  if (source?.type !== "IndexRange") return null;
  const [table, index] = String(source.indexName).split(".");
  const fields = indexFields(db, table, index);
  if (!fields) return null;
  const range = parseRange(source.range ?? [], fields);
  return {
    table,
    fields,
    order,
    inRange: range ? (doc) => !range.before(doc) && !range.after(doc) : null,
  };
}

/** What a search query reads: any change to the search index's fields; null if the index is unknown. */
export function searchFieldsOf(db: DatabaseFake, query: any): { table: string; fields: string[] } | null {
  const [table, name] = String(query?.source?.indexName ?? "").split(".");
  const found = db._schema?.tables.get(table)?.searchIndexes?.find((i: any) => i.indexDescriptor === name);
  return found ? { table, fields: [found.searchField, ...(found.filterFields ?? [])] } : null;
}

/** Whether a serialized query has `.filter()` operators. */
export function hasFilter(query: any): boolean {
  return (query?.operators ?? []).some((op: any) => "filter" in op);
}

function limitOf(query: any): number | null {
  const op = (query?.operators ?? []).find((o: any) => "limit" in o);
  return op ? Number(op.limit) : null;
}

interface OpenStream {
  scan: Scan;
  limit: number | null;
  returned: number;
  last: Doc | null;
  done: boolean;
}

/** Everything one function execution read. */
export class ReadSet {
  /** Documents read by id (db.get, storage.getUrl), whether they existed or not. */
  private ids = new Set<string>();
  private tables = new Map<string, ChangeTest[]>();
  private streams = new Map<number | string, OpenStream>();
  /** Search streams: the documents they return are read by id. */
  private searchStreams = new Set<number | string>();

  private add(table: string, test: ChangeTest) {
    let tests = this.tables.get(table);
    if (!tests) this.tables.set(table, (tests = []));
    tests.push(test);
  }

  /** Tables with any read (for the per-table comparison in metrics). */
  tableNames(): Set<string> {
    const names = new Set(this.tables.keys());
    for (const id of this.ids) {
      const table = tableOfId(id);
      if (table) names.add(table);
    }
    return names;
  }

  id(id: string): void {
    this.ids.add(id);
  }

  wholeTable(table: string): void {
    this.add(table, EVERYTHING);
  }

  /** Documents of `table` for which `test` holds: a change re-runs if either version is among them. */
  range(table: string, test: DocTest | null): void {
    if (!test) return this.wholeTable(table);
    this.add(table, (before, after) => (before !== undefined && test(before)) || (after !== null && test(after)));
  }

  /** A search: any change to the index's search or filter fields (BM25 statistics move with every one). */
  search(table: string, fields: string[]): void {
    this.add(table, (before, after) =>
      fields.some(
        (f) => !sameValue(before ? fieldValue(before, f) : undefined, after ? fieldValue(after, f) : undefined),
      ),
    );
  }

  /**
   * A query stream opened (`1.0/queryStream`) on the database of `component`
   * (its tables are its own: the app's "counters" is not a component's). What
   * it read is known when it ends: up to the last document it returned, or
   * the whole range if it ran out.
   */
  openStream(db: DatabaseFake, component: string, queryId: number, query: any): void {
    const q = (table: string) => qualifiedTable(component, table);
    const key = streamKey(component, queryId);
    if (query?.source?.type === "Search") {
      const search = searchFieldsOf(db, query);
      // A `.filter()` after the search looks at documents it drops: any of them may start to pass.
      if (!search || hasFilter(query)) return this.wholeTable(q(tableOfQuery(query) ?? ""));
      this.search(q(search.table), search.fields);
      this.searchStreams.add(key);
      return;
    }
    const scan = scanOf(db, query);
    if (!scan) {
      const table = tableOfQuery(query);
      if (table) this.wholeTable(q(table));
      return;
    }
    this.streams.set(key, { scan: { ...scan, table: q(scan.table) }, limit: limitOf(query), returned: 0, last: null, done: false });
  }

  /** A `1.0/queryStreamNext` answer. */
  streamNext(queryId: number | string, value: Doc | null, done: boolean): void {
    if (this.searchStreams.has(queryId)) {
      if (value) this.ids.add(value._id);
      return;
    }
    const stream = this.streams.get(queryId);
    if (!stream) return;
    if (done) stream.done = true;
    else if (value) {
      stream.returned += 1;
      stream.last = value;
    }
  }

  /**
   * A page (`1.0/queryPage`): the range from just after `cursor` (or the
   * range's start) to `end` inclusive (or the range's end). Cursors are
   * convex-test's: the JSON of each sort key, `_id` last.
   */
  page(db: DatabaseFake, component: string, query: any, cursor: string | null, end: string | null, docs: Doc[]): void {
    const q = (table: string) => qualifiedTable(component, table);
    if (query?.source?.type === "Search") {
      const search = searchFieldsOf(db, query);
      if (!search || hasFilter(query)) return this.wholeTable(q(tableOfQuery(query) ?? ""));
      this.search(q(search.table), search.fields);
      for (const doc of docs) this.ids.add(doc._id);
      return;
    }
    const found = scanOf(db, query);
    if (!found) {
      const table = tableOfQuery(query);
      if (table) this.wholeTable(q(table));
      return;
    }
    const scan = { ...found, table: q(found.table) };
    // Past the end: the page is empty whatever is written.
    if (cursor === "_end_cursor") return;
    const fields = scan.fields.includes("_id") ? scan.fields : [...scan.fields, "_id"];
    const from = cursor ? decodeCursor(cursor) : null;
    const to = end && end !== "_end_cursor" ? decodeCursor(end) : null;
    if ((cursor && !from) || (end && end !== "_end_cursor" && !to)) return this.wholeTable(scan.table);
    const sign = scan.order === "asc" ? 1 : -1;
    const inRange = scan.inRange;
    this.range(scan.table, (doc) => {
      if (inRange && !inRange(doc)) return false;
      const key = keyOf(doc, fields);
      if (from && compareKeys(key, from) * sign <= 0) return false;
      if (to && compareKeys(key, to) * sign > 0) return false;
      return true;
    });
  }

  /** Closes the open streams' ranges: call once the function has returned. */
  finish(): this {
    for (const stream of this.streams.values()) {
      const { scan } = stream;
      const ranOut = stream.done && !(stream.limit !== null && stream.returned >= stream.limit);
      if (ranOut) {
        this.range(scan.table, scan.inRange);
      } else if (stream.last) {
        // Stopped early (take, first, a break): the range up to the last document it returned.
        const lastKey = keyOf(stream.last, scan.fields);
        const sign = scan.order === "asc" ? 1 : -1;
        const inRange = scan.inRange;
        this.range(
          scan.table,
          (doc) => (!inRange || inRange(doc)) && compareKeys(keyOf(doc, scan.fields), lastKey) * sign <= 0,
        );
      }
      // Neither: nothing was read from it.
    }
    this.streams.clear();
    this.searchStreams.clear();
    return this;
  }

  /** Whether a commit's writes touch anything this execution read. */
  touchedBy(writes: WriteSet): boolean {
    for (const [table, changes] of writes.byTable) {
      const tests = this.tables.get(table);
      for (const [id, before, after] of changes) {
        if (this.ids.has(id)) return true;
        if (tests) for (const test of tests) if (test(before, after)) return true;
      }
    }
    return false;
  }
}

/** convex-test's cursor: a JSON array of each sort key's JSON (null: undefined). */
function decodeCursor(cursor: string): Key | null {
  try {
    const parts = JSON.parse(cursor);
    if (!Array.isArray(parts)) return null;
    return parts.map((p: any) => (p === null ? undefined : jsonToConvex(JSON.parse(p))));
  } catch {
    return null;
  }
}

/** A stream's key in a read set: query ids are per database, so a component's are told apart by its path. */
export function streamKey(componentPath: string, queryId: number): number | string {
  return componentPath ? `${componentPath}#${queryId}` : queryId;
}

/** One commit's writes, grouped by table (a component's tables by `<component path>/<table>`). */
export class WriteSet {
  readonly byTable = new Map<string, Change[]>();
  /** The commit's timestamp (0: unknown). */
  constructor(
    changes: Change[],
    readonly ts = 0n,
  ) {
    for (const change of changes) {
      const name = tableOfId(change[0]);
      if (!name) continue;
      const table = qualifiedTable(change[3], name);
      let list = this.byTable.get(table);
      if (!list) this.byTable.set(table, (list = []));
      list.push(change);
    }
  }
}
