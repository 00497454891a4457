// Convex's order of values, as `compareValues` from convex/values defines it,
// with fast paths for what index keys hold most: strings (ids above all) and
// numbers. `compareValues` wraps both sides in tagged tuples and walks strings
// by code point; ids share long zero-padded prefixes, so a B+ tree seek spent
// most of its time there (about 3 us a key comparison, 40 us a seek at 10k
// keys), and a seek's comparisons grow with the tree's depth.
import { compareValues, type Value } from "convex/values";

/**
 * Strings in UTF-8 byte order (Convex's). UTF-16 code units sort as UTF-8
 * does up to the first difference unless a surrogate (a code point from
 * U+10000) meets a unit from U+E000: only then is Convex's own walk needed.
 */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return x < 0xd800 && y < 0xd800 ? x - y : compareValues(a, b);
  }
  return a.length - b.length;
}

/** `compareValues(x, y)`, with its sign (callers look only at the sign). */
export function compareValue(x: Value | undefined, y: Value | undefined): number {
  if (typeof x === "string" && typeof y === "string") return compareStrings(x, y);
  if (typeof x === "number" && typeof y === "number") {
    // NaN fails every comparison and -0 equals 0 here: both take Convex's path.
    if (x < y) return -1;
    if (x > y) return 1;
    if (x === y && x !== 0) return 0;
  }
  return compareValues(x as Value, y as Value);
}
