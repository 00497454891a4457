// `.paginate()` reading only its page. convex-test's paginate materializes the
// whole index range of the query (`sortedDocs`) and walks it from the start to
// the cursor, so a page of 20 in a thread of 10,000 messages cost 10,000
// documents at every re-run. This one seeks the range's B+ tree (indexes.ts)
// to the cursor, stops at the end cursor, or after the page and one look
// ahead, and returns what convex-test returns: the same page, cursors as the
// same strings, isDone, splitCursor and pageStatus (test/paginate.test.ts runs
// random cases through both), with the transaction's pending writes merged.
import { getDocumentSize, jsonToConvex, type Value } from "convex/values";
import { callContext } from "./context.js";
import { compareKeys, isKeyValue, justAfter, justBefore, keyOf, type Key, type Seekable } from "./indexes.js";
import type { DatabaseFake, Doc } from "./internals.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
export interface PageArgs {
  query: any;
  cursor: string | null;
  endCursor?: string | null;
  pageSize: number;
  maximumRowsRead?: number;
  maximumBytesRead?: number;
}

export interface PageResult {
  page: Doc[];
  isDone: boolean;
  continueCursor: string;
  splitCursor: string | null;
  pageStatus: "SplitRequired" | "SplitRecommended" | null;
}

const END = "_end_cursor";

/**
 * A cursor's key, or null when it is not one this can seek to (unparsable,
 * another shape, a placeholder): convex-test's own paginate then decides,
 * errors included.
 */
function cursorKey(cursor: string, length: number): Key | null {
  try {
    const parts = JSON.parse(cursor);
    if (!Array.isArray(parts) || parts.length !== length) return null;
    const key: Key = [];
    for (const part of parts) {
      if (part === null) {
        key.push(undefined);
        continue;
      }
      if (typeof part !== "string") return null;
      const value: Value = jsonToConvex(JSON.parse(part));
      if (!isKeyValue(value)) return null;
      key.push(value);
    }
    return key;
  } catch {
    return null;
  }
}

/**
 * convex-test's `DatabaseFake.paginate` over a seekable source, reading only
 * from the cursor to where the page stops. Null when the source or a cursor
 * is not one it handles.
 */
export function seekPage(
  db: DatabaseFake,
  source: any,
  args: PageArgs,
): { result: PageResult; rowsRead: number } | null {
  const seekable: Seekable | undefined = source.seekable;
  if (!seekable) return null;
  const { cursor, endCursor, pageSize, maximumRowsRead, maximumBytesRead } = args;
  const fields: string[] = source.fieldPathsToSortBy;
  // The cursor's fields as convex-test builds them: the index's (or _creationTime), and _id.
  const cursorFields = fields.includes("_id") ? fields : [...fields, "_id"];
  if (cursorFields.length !== seekable.fields.length || cursorFields.some((f, i) => f !== seekable.fields[i]))
    return null;
  const asc = source.order === "asc";
  const encode = (doc: Doc): string => (db as any)._encodeCursor(doc, cursorFields);
  // Past the end: convex-test skips every document.
  if (cursor === END)
    return {
      result: { page: [], isDone: true, continueCursor: END, splitCursor: null, pageStatus: null },
      rowsRead: 0,
    };

  let { low, high } = seekable;
  // No cursor (null, or any falsy one: convex-test treats them alike) starts at the range's start.
  if (cursor) {
    const from = cursorKey(cursor, cursorFields.length);
    if (!from) return null;
    // Strictly after the cursor's position, in the query's order.
    if (asc) low = maxKey(low, justAfter(from));
    else high = minKey(high, justBefore(from));
  }
  // An end cursor ("_end_cursor": to the range's end) ends the page there, at
  // any size; the document exactly at it is the page's last.
  const hasEnd = !!endCursor && endCursor !== END;
  let end: Key | null = null;
  if (hasEnd) {
    end = cursorKey(endCursor, cursorFields.length);
    if (!end) return null;
    if (asc) high = minKey(high, justAfter(end));
    else low = maxKey(low, justBefore(end));
  }
  const endId = end ? end[end.length - 1] : undefined;
  const isAtEnd = (doc: Doc) => end !== null && doc._id === endId && compareKeys(keyOf(cursorFields, doc), end) === 0;

  const filterFn: (doc: Doc) => boolean = source.filterFn;
  const page: Doc[] = [];
  const read: Doc[] = [];
  let bytesRead = 0;
  let continueCursor = END;
  let pageStatus: PageResult["pageStatus"] = null;
  const docs = seekable.range(low, high)[Symbol.iterator]();
  for (let next = docs.next(); !next.done; next = docs.next()) {
    const doc = next.value;
    if (isAtEnd(doc)) {
      read.push(doc);
      if (filterFn(doc)) page.push(doc);
      continueCursor = encode(doc);
      break;
    }
    read.push(doc);
    if (maximumBytesRead) bytesRead += getDocumentSize(doc);
    const hitLimit =
      !!(maximumRowsRead && read.length >= maximumRowsRead) || !!(maximumBytesRead && bytesRead >= maximumBytesRead);
    if (filterFn(doc)) page.push(doc);
    if (hitLimit) {
      pageStatus = "SplitRequired";
      continueCursor = encode(doc);
      break;
    }
    if (!endCursor && page.length >= pageSize) {
      // The range's last document ends the pagination (isDone); one look ahead tells.
      if (!docs.next().done) continueCursor = encode(doc);
      break;
    }
  }
  let splitCursor: string | null = null;
  const middle = () => encode(read[Math.floor((read.length - 1) / 2)]);
  if (pageStatus === "SplitRequired" && read.length >= 2) {
    splitCursor = middle();
  } else if (pageStatus === null && read.length > pageSize + 1 && read.length >= 2) {
    // Many more rows read than returned (a .filter(), or an end cursor far off).
    pageStatus = "SplitRecommended";
    splitCursor = middle();
  }
  return {
    result: { page, isDone: continueCursor === END, continueCursor, splitCursor, pageStatus },
    rowsRead: read.length,
  };
}

const maxKey = (a: Key, b: Key): Key => (compareKeys(a, b) >= 0 ? a : b);
const minKey = (a: Key, b: Key): Key => (compareKeys(a, b) <= 0 ? a : b);

type Filter = (doc: Doc) => boolean;

/**
 * Makes convex-test's `1.0/queryPage` read through seekPage; a source it does
 * not handle takes convex-test's own paginate. Counts the documents the page
 * looked at, those `.filter()` dropped included, as scanned, and has
 * `countDropped` count the dropped ones as read (the page's are counted by
 * convex-test's syscall).
 */
export function patchPaginate(db: DatabaseFake, countDropped: (filter: Filter) => Filter): void {
  const paginate = db.paginate.bind(db);
  db.paginate = function (this: DatabaseFake, args: PageArgs): PageResult {
    const stats = callContext.getStore()?.stats;
    const source = this._resolveQuerySource(args.query);
    // A fresh object per query: its filter can be wrapped in place.
    source.filterFn = countDropped(source.filterFn);
    const seeked = seekPage(this, source, args);
    if (seeked) {
      if (stats) stats.documentsScanned += seeked.rowsRead;
      return seeked.result;
    }
    const result: PageResult = paginate(args);
    // convex-test does not say what it looked at: the page, at least.
    if (stats) stats.documentsScanned += result.page.length;
    return result;
  };
}
