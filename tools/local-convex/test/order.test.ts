// The index comparator's fast paths (src/order.ts) order values exactly as
// Convex's compareValues does: strings by UTF-8 bytes (surrogate pairs against
// U+E000..U+FFFF, where UTF-16 order differs), numbers with NaN and -0, mixed types.
import { compareValues, type Value } from "convex/values";
import { describe, expect, it } from "vitest";
import { compareKeys, entryComparator, fieldValue, parseRange, type Entry, type Key } from "../src/indexes.js";
import type { Doc } from "../src/internals.js";
import { compareStrings, compareValue } from "../src/order.js";

const sign = (x: number) => (x < 0 ? -1 : x > 0 ? 1 : 0);

// A seeded generator, so a failure names an input that can be re-run.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const UNITS = [
  "0",
  "1",
  "a",
  "z",
  "~",
  "\u00e9",
  "\u07ff",
  "\u0800",
  "\ud7ff",
  "\ue000",
  "\uffff",
  "\u{10000}",
  "\u{1f600}",
  "\u{10ffff}",
];

function randomString(next: () => number): string {
  const length = Math.floor(next() * 6);
  let out = "";
  for (let i = 0; i < length; i++) out += UNITS[Math.floor(next() * UNITS.length)];
  return out;
}

describe("order", () => {
  it("compares strings as Convex does, surrogate pairs and U+E000..U+FFFF included", () => {
    const next = rng(18);
    for (let i = 0; i < 20_000; i++) {
      const a = randomString(next);
      // Often a shared prefix, as ids have.
      const b =
        next() < 0.5 ? a.slice(0, Math.floor(next() * (a.length + 1))) + randomString(next) : randomString(next);
      expect(sign(compareStrings(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
        sign(compareValues(a, b)),
      );
    }
    // The case UTF-16 order gets wrong: U+1F600 (a surrogate pair) sorts after U+FFFF in UTF-8.
    expect(compareStrings("\u{1f600}", "\uffff")).toBeGreaterThan(0);
    expect(compareStrings("id0001users", "id0002users")).toBeLessThan(0);
  });

  it("compares numbers and mixed values as Convex does", () => {
    const values: (Value | undefined)[] = [
      undefined,
      null,
      -Infinity,
      -1.5,
      -0,
      0,
      1e-300,
      2,
      Infinity,
      NaN,
      -NaN,
      0n,
      5n,
      -3n,
      true,
      false,
      "",
      "a",
      "\uffff",
      new ArrayBuffer(2),
      [],
      [1, "a"],
      { a: 1 },
    ];
    for (const x of values) {
      for (const y of values) {
        const expected = sign(compareValues(x as Value, y as Value));
        expect(sign(compareValue(x, y)), `${String(x)} vs ${String(y)}`).toBe(expected);
      }
    }
  });

  it("orders index keys with bounds and missing fields", () => {
    const id = (n: number) => `${String(n).padStart(27, "0")}users`;
    const keys = [
      [id(2), 5, id(9)],
      [id(1), 7, id(3)],
      [id(1), -0, id(4)],
      [id(1), 0, id(2)],
      [id(10), 1, id(1)],
    ];
    const sorted = [...keys].sort(compareKeys);
    expect(sorted.map((k) => k[0])).toEqual([id(1), id(1), id(1), id(2), id(10)]);
    expect(sorted[0]![1]).toBe(-0);
    // A prefix sorts before its extensions; equal keys compare 0.
    expect(compareKeys([id(1)], [id(1), 0])).toBeLessThan(0);
    expect(compareKeys([id(1)], [id(1), "a"])).toBeLessThan(0);
    expect(compareKeys([id(1), "missing"], [id(1)])).toBeGreaterThan(0);
    expect(compareKeys([id(1), "a"], [id(1), "missing"])).toBeLessThan(0);
    expect(compareKeys([id(1), 2, id(3)], [id(1), 2, id(3)])).toBe(0);
  });

  it("orders documents in a B+ tree (entryComparator) as their keys, against documents and bound keys", () => {
    const next = rng(7);
    const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;
    const fields = ["userId", "meta.kind", "_creationTime", "_id"];
    const compare = entryComparator(fields);
    const keyOf = (doc: Doc): Key => fields.map((f) => fieldValue(doc, f));
    const users = ["0001users", "0002users", "0010users"];
    const kinds: (Value | undefined)[] = [undefined, null, -0, 0, 1, 2.5, "x", "\u{1f600}", "\uffff", false];
    const docs: Doc[] = [];
    for (let i = 0; i < 200; i++) {
      const doc: Doc = { _id: `${String(i).padStart(4, "0")}notes`, _creationTime: pick([1, 2, 2.001]) };
      if (next() < 0.9) doc.userId = pick(users);
      const shape = next();
      if (shape < 0.7) doc.meta = { kind: pick(kinds) };
      else if (shape < 0.8) doc.meta = [1, 2];
      docs.push(doc);
    }
    // Bound keys as a range parses them: equalities, then an optional bound, then LOW or HIGH.
    const bounds: Key[] = [];
    for (const user of users) {
      const eq = { type: "Eq", fieldPath: "userId", value: user };
      const r = parseRange([eq], fields)!;
      bounds.push(r.low, r.high);
      for (const kind of [0, 1, "x"]) {
        const g = parseRange([eq, { type: "Gt", fieldPath: "meta.kind", value: kind }], fields)!;
        const l = parseRange([eq, { type: "Lte", fieldPath: "meta.kind", value: kind }], fields)!;
        bounds.push(g.low, l.high);
      }
    }
    const entries: Entry[] = [...docs, ...bounds];
    const keyOfEntry = (e: Entry): Key => (Array.isArray(e) ? e : keyOf(e));
    for (const a of entries) {
      for (const b of entries) {
        expect(sign(compare(a, b))).toBe(sign(compareKeys(keyOfEntry(a), keyOfEntry(b))));
      }
    }
  });
});
