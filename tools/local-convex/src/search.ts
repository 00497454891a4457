// Full text search like Convex's: one inverted index per search index, kept
// up to date by every commit, BM25 relevance over the search field, exact
// matches for every query term but the last, which matches as a prefix;
// filter fields are equality filters; at most 1,024 results. A search reads
// the documents it returns, not the table.
import { compareValues, jsonToConvex, type Value } from "convex/values";
import { tableOfId } from "./context.js";
import type { DatabaseFake, Doc } from "./internals.js";
import { pendingWrites } from "./pending.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
export const MAX_SEARCH_RESULTS = 1024;
/** Convex reads at most 16 terms of a search query. */
export const MAX_SEARCH_TERMS = 16;
const K1 = 1.2;
const B = 0.75;

/** Words as a search index sees them: runs of letters and digits, lowercased. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function fieldValue(doc: Doc, path: string): unknown {
  let value: any = doc;
  for (const part of path.split(".")) value = value !== null && typeof value === "object" ? value[part] : undefined;
  return value;
}

/** The first index in the sorted `list` whose item is >= `key`. */
function lowerBound(list: string[], key: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface SearchIndexDefinition {
  table: string;
  name: string;
  searchField: string;
  filterFields: string[];
}

/** An inverted index over one search index's field, for committed documents. */
export class InvertedIndex {
  /** term -> (document id -> term frequency) */
  private postings = new Map<string, Map<string, number>>();
  /** All terms, sorted, for prefix lookups. */
  private terms: string[] = [];
  private lengths = new Map<string, number>();
  private docTerms = new Map<string, Map<string, number>>();
  private totalLength = 0;

  constructor(readonly def: SearchIndexDefinition) {}

  get size(): number {
    return this.lengths.size;
  }

  private termFrequencies(doc: Doc): Map<string, number> | null {
    const text = fieldValue(doc, this.def.searchField);
    // As Convex: a document without a string in the search field is not in the index.
    if (typeof text !== "string") return null;
    const tf = new Map<string, number>();
    for (const token of tokenize(text)) tf.set(token, (tf.get(token) ?? 0) + 1);
    return tf;
  }

  remove(id: string): void {
    const tf = this.docTerms.get(id);
    if (!tf) return;
    for (const term of tf.keys()) {
      const posting = this.postings.get(term)!;
      posting.delete(id);
      if (posting.size === 0) {
        this.postings.delete(term);
        this.terms.splice(lowerBound(this.terms, term), 1);
      }
    }
    this.totalLength -= this.lengths.get(id)!;
    this.lengths.delete(id);
    this.docTerms.delete(id);
  }

  add(doc: Doc): void {
    this.remove(doc._id);
    const tf = this.termFrequencies(doc);
    if (!tf) return;
    let length = 0;
    for (const [term, count] of tf) {
      length += count;
      let posting = this.postings.get(term);
      if (!posting) {
        this.postings.set(term, (posting = new Map()));
        this.terms.splice(lowerBound(this.terms, term), 0, term);
      }
      posting.set(doc._id, count);
    }
    this.docTerms.set(doc._id, tf);
    this.lengths.set(doc._id, length);
    this.totalLength += length;
  }

  /** Indexed terms starting with `prefix`. */
  private expand(prefix: string): string[] {
    const out: string[] = [];
    for (let i = lowerBound(this.terms, prefix); i < this.terms.length && this.terms[i].startsWith(prefix); i++) {
      out.push(this.terms[i]);
    }
    return out;
  }

  private bm25(df: number, tf: number, length: number): number {
    const n = this.size || 1;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const avg = this.totalLength / n || 1;
    return (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / avg));
  }

  /**
   * Each query term's matches among committed documents: exact words, and
   * for the last term every word it begins (counted as one term, so a rare
   * longer word does not outrank the word itself).
   */
  private matches(terms: string[]): { df: number; tf: Map<string, number>; prefix: boolean; term: string }[] {
    return terms.map((term, i) => {
      const prefix = i === terms.length - 1;
      const tf = new Map<string, number>();
      for (const word of prefix ? this.expand(term) : this.postings.has(term) ? [term] : []) {
        for (const [id, count] of this.postings.get(word)!) tf.set(id, (tf.get(id) ?? 0) + count);
      }
      return { df: tf.size, tf, prefix, term };
    });
  }

  /**
   * BM25 scores of the committed documents matching `terms` (all exact but
   * the last, which is a prefix). A document matches if it holds any term.
   */
  scores(terms: string[]): Map<string, number> {
    const scores = new Map<string, number>();
    for (const { df, tf } of this.matches(terms)) {
      for (const [id, count] of tf) scores.set(id, (scores.get(id) ?? 0) + this.bm25(df, count, this.lengths.get(id)!));
    }
    return scores;
  }

  /** The score of one (uncommitted) document, against the committed statistics. */
  scoreDocument(doc: Doc, terms: string[]): number {
    const tf = this.termFrequencies(doc);
    if (!tf) return 0;
    let length = 0;
    for (const c of tf.values()) length += c;
    let score = 0;
    for (const m of this.matches(terms)) {
      let count = 0;
      for (const [word, c] of tf) if (m.prefix ? word.startsWith(m.term) : word === m.term) count += c;
      if (count > 0) score += this.bm25(Math.max(1, m.df), count, length);
    }
    return score;
  }
}

/** The search indexes of every table, built on first use and kept up to date by each commit. */
export class SearchIndexes {
  private built = new Map<string, InvertedIndex>();

  constructor(
    private documents: () => Record<string, Doc>,
    private idsOf: (table: string) => Iterable<string>,
  ) {}

  clear(): void {
    this.built.clear();
  }

  get(db: DatabaseFake, indexName: string): InvertedIndex | null {
    const cached = this.built.get(indexName);
    if (cached) return cached;
    const [table, name] = indexName.split(".");
    const found = db._schema?.tables.get(table)?.searchIndexes?.find((i: any) => i.indexDescriptor === name);
    if (!found) return null;
    const index = new InvertedIndex({ table, name, searchField: found.searchField, filterFields: found.filterFields ?? [] });
    const documents = this.documents();
    for (const id of this.idsOf(table)) {
      const doc = documents[id];
      if (doc) index.add(doc);
    }
    this.built.set(indexName, index);
    return index;
  }

  /** Applies a commit's changes to every built index of the changed tables. */
  apply(changes: [string, Doc | undefined, Doc | null, string?][]): void {
    if (this.built.size === 0) return;
    for (const index of this.built.values()) {
      for (const [id, , after] of changes) {
        if (tableOfId(id) !== index.def.table) continue;
        if (after) index.add(after);
        else index.remove(id);
      }
    }
  }
}

function filterValue(json: any): Value | undefined {
  if (json !== null && typeof json === "object" && "$undefined" in json) return undefined;
  return jsonToConvex(json);
}

/**
 * The documents a search query returns, in relevance order: committed ones
 * from the inverted index, and this transaction's own writes scored against
 * the same statistics. Null when the query is not one this index can answer
 * (convex-test then reports the error).
 */
export function runSearch(db: DatabaseFake, index: InvertedIndex, filters: any[]): Doc[] | null {
  const search = filters.find((f) => f.type === "Search");
  if (!search || search.fieldPath !== index.def.searchField) return null;
  const equalities = filters.filter((f) => f.type === "Eq");
  if (equalities.some((f) => !index.def.filterFields.includes(f.fieldPath))) return null;
  const wanted = equalities.map((f) => ({ path: f.fieldPath as string, value: filterValue(f.value) }));
  const terms = tokenize(String(search.value)).slice(0, MAX_SEARCH_TERMS);
  if (terms.length === 0) return [];
  const table = index.def.table;
  const scores = index.scores(terms);
  // This transaction's writes to the table replace what the index holds for them.
  const pending = new Set(pendingWrites(db, table).keys());
  for (const id of pending) {
    scores.delete(id);
    const doc = db.get(table, id);
    if (doc) {
      const s = index.scoreDocument(doc, terms);
      if (s > 0) scores.set(id, s);
    }
  }
  const results: { doc: Doc; score: number }[] = [];
  for (const [id, score] of scores) {
    const doc = pending.has(id) ? db.get(table, id) : db._documents[id];
    if (!doc) continue;
    if (wanted.every((w) => compareValues(fieldValue(doc, w.path) as Value, w.value as Value) === 0)) results.push({ doc, score });
  }
  // Most relevant first; among equals, the newest.
  results.sort((a, b) => b.score - a.score || b.doc._creationTime - a.doc._creationTime);
  return results.slice(0, MAX_SEARCH_RESULTS).map((r) => r.doc);
}

/**
 * One page of a paginated search, in relevance order. Cursors name the last
 * document of a page (convex-test's cursors assume a sort key, which
 * relevance is not). A page ends at `endCursor` when given (a live page keeps
 * its range, see reads.ts).
 */
export function searchPage(
  db: DatabaseFake,
  args: { query: any; cursor: string | null; endCursor?: string | null; pageSize: number },
  track: (doc: Doc) => void,
) {
  const { sortedDocs, filterFn } = db._resolveQuerySource(args.query);
  const docs = sortedDocs.filter(filterFn);
  const position = (cursor: string): number => {
    try {
      const [kind, id] = JSON.parse(cursor);
      if (kind === "search") return docs.findIndex((d) => d._id === id);
    } catch {
      // Not one of ours: start over.
    }
    return -1;
  };
  const start = args.cursor === "_end_cursor" ? docs.length : args.cursor ? position(args.cursor) + 1 : 0;
  const hasEnd = !!args.endCursor && args.endCursor !== "_end_cursor";
  const endAt = hasEnd ? position(args.endCursor!) : -1;
  const end = hasEnd && endAt >= start ? endAt + 1 : Math.min(docs.length, start + Math.max(1, args.pageSize));
  const page = docs.slice(start, end);
  for (const doc of page) track(doc);
  const isDone = end >= docs.length && !hasEnd;
  return {
    page,
    isDone,
    continueCursor: isDone ? "_end_cursor" : JSON.stringify(["search", docs[end - 1]?._id ?? null]),
    splitCursor: null,
    pageStatus: null,
  };
}
