// The data folder's format in-process: compaction beside live commits (log
// rotation, a streamed snapshot as of one commit), a compaction cut off by a
// crash, and client mutation records surviving both.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Compactor, IdSet } from "../src/compaction.js";
import type { Change } from "../src/indexes.js";
import type { Doc } from "../src/internals.js";
import { Persistence, type AppliedMutation, type StoredState } from "../src/persistence.js";
import { tempDir } from "./harness.js";

const opened: Persistence[] = [];
afterEach(() => {
  for (const p of opened.splice(0)) p.close();
});

function open(dir: string, minLog?: { entries: number; bytes: number }): Persistence {
  const p = new Persistence(dir, minLog);
  p.open();
  opened.push(p);
  return p;
}

const doc = (n: number, text: string): Doc => ({ _id: `${10000 + n}notes`, _creationTime: n, text });

/** A live state the way the engine keeps it: documents plus per-table id sets, changed by commits. */
class LiveState {
  documents: Record<string, Doc> = {};
  ids = new Set<string>();
  ts = 0n;
  constructor(
    private p: Persistence,
    private compactor?: Compactor,
  ) {}
  commit(writes: [string, Doc | null][], mutation?: { key: string; result: unknown }) {
    this.ts += 1n;
    const changes: Change[] = writes.map(([id, after]) => [id, this.documents[id], after]);
    this.compactor?.track(changes);
    for (const [id, after] of writes) {
      if (after) {
        this.documents[id] = after;
        this.ids.add(id);
      } else {
        delete this.documents[id];
        this.ids.delete(id);
      }
    }
    this.p.append({ ts: this.ts, nextDocId: 20000, lastCreationTime: 0, writes, ...(mutation ? { mutation: { ...mutation, at: 1 } } : {}) });
  }
}

const texts = (state: StoredState) =>
  Object.fromEntries(Object.values(state.documents).map((d) => [d._id, d.text]));

describe("compaction beside live commits", () => {
  it("snapshots the state as of its start while later commits change, delete and add documents", async () => {
    const dir = tempDir("local-convex-persist-");
    const p = open(dir);
    const compactor = new Compactor(p, () => [{ path: "", documents: () => live.documents, tables: () => [live.ids] }], () => {});
    const live: LiveState = new LiveState(p, compactor);
    for (let i = 0; i < 50; i++) live.commit([[doc(i, "a")._id, doc(i, `v0-${i}`)]]);
    live.commit([[doc(0, "")._id, doc(0, "v1-0")]], { key: "session:1", result: { ok: 1 } });
    const asOfStart = { ...live.documents };
    // Small chunks, so the commits below land while the snapshot is being written.
    const mutations: [string, AppliedMutation][] = [["session:1", { result: { ok: 1 }, ts: live.ts, at: 1 }]];
    const running = compactor.run({ lastCommitTs: live.ts, nextDocId: 20000, lastCreationTime: 0, mutations }, () => false, 5);
    const nextTick = () => new Promise((r) => setImmediate(r));
    live.commit([[doc(1, "")._id, doc(1, "after-1")]]);
    await nextTick();
    live.commit([[doc(2, "")._id, null]]);
    await nextTick();
    live.commit([[doc(49, "")._id, doc(49, "after-49")]]);
    await nextTick();
    live.commit([[doc(60, "")._id, doc(60, "new-60")]], { key: "session:2", result: 2 });
    for (let i = 3; i < 40; i += 3) {
      await nextTick();
      live.commit([[doc(i, "")._id, i % 2 ? null : doc(i, `after-${i}`)]]);
    }
    await running;
    expect(fs.existsSync(path.join(dir, "commits.old.log"))).toBe(false);
    const snapshot = JSON.parse(fs.readFileSync(path.join(dir, "snapshot.json"), "utf8"));
    expect(Object.fromEntries(snapshot.documents.map((d: Doc) => [d._id, d.text]))).toEqual(
      Object.fromEntries(Object.values(asOfStart).map((d) => [d._id, d.text])),
    );
    p.close();
    const loaded = open(dir).load();
    expect(texts(loaded)).toEqual(Object.fromEntries(Object.values(live.documents).map((d) => [d._id, d.text])));
    expect(loaded.mutations.get("session:1")?.result).toEqual({ ok: 1 });
    expect(loaded.mutations.get("session:2")?.result).toBe(2);
  });

  it("finishes a compaction a crash cut off: the rotated log and the new one are both replayed", () => {
    const dir = tempDir("local-convex-persist-");
    const p = open(dir);
    const live = new LiveState(p);
    live.commit([[doc(1, "")._id, doc(1, "before")]], { key: "s:1", result: "one" });
    p.rotateLog();
    live.commit([[doc(2, "")._id, doc(2, "after")]], { key: "s:2", result: "two" });
    // The process dies here: no snapshot was written.
    p.close();
    const loaded = open(dir).load();
    expect(texts(loaded)).toEqual({ [doc(1, "")._id]: "before", [doc(2, "")._id]: "after" });
    expect([...loaded.mutations.keys()]).toEqual(["s:1", "s:2"]);
    // Start-up finished the compaction: one snapshot, no old log, and it loads the same.
    expect(fs.existsSync(path.join(dir, "commits.old.log"))).toBe(false);
    opened.pop()!.close();
    const again = open(dir).load();
    expect(texts(again)).toEqual(texts(loaded));
    expect(again.mutations.get("s:2")?.result).toBe("two");
  });

  it("lets the log grow as large as the snapshot before the next compaction, so its cost per commit does not grow with the data", async () => {
    const minLog = { entries: 10, bytes: 5000 };
    const dir = tempDir("local-convex-persist-");
    const p = open(dir, minLog);
    const live = new LiveState(p);
    // An empty data folder: the minimums decide.
    for (let i = 0; i < 9; i++) live.commit([[doc(i, "")._id, doc(i, "x")]]);
    expect(p.shouldCompact()).toBe(false);
    live.commit([[doc(9, "")._id, doc(9, "x")]]);
    expect(p.shouldCompact()).toBe(true);
    // 400 documents of about 100 bytes: a snapshot of about 40 kB, far above the minimums.
    for (let i = 10; i < 400; i++) live.commit([[doc(i, "")._id, doc(i, "y".repeat(80))]]);
    const compactor = new Compactor(p, () => [{ path: "", documents: () => live.documents, tables: () => [live.ids] }], () => {});
    await compactor.run({ lastCommitTs: live.ts, nextDocId: 20000, lastCreationTime: 0, mutations: [] }, () => false);
    const snapshotBytes = fs.statSync(path.join(dir, "snapshot.json")).size;
    expect(snapshotBytes).toBeGreaterThan(30_000);
    // Past both minimums, but the log is still smaller than the snapshot (and has fewer entries than it has documents).
    for (let i = 0; i < 100; i++) live.commit([[doc(i, "")._id, doc(i, "z".repeat(80))]]);
    expect(p.shouldCompact()).toBe(false);
    // As many entries as the snapshot has documents: due.
    for (let i = 100; i < 400; i++) live.commit([[doc(i, "")._id, doc(i, "z".repeat(80))]]);
    expect(p.shouldCompact()).toBe(true);
    // The same sizes are known after a restart (the snapshot's size and documents are read at load).
    p.close();
    const reopened = open(dir, minLog);
    reopened.load();
    expect(reopened.shouldCompact()).toBe(true);
  });
});

describe("IdSet (the ids a compaction has written)", () => {
  it("answers like a Set across its bounded parts", () => {
    const ids = new IdSet();
    const reference = new Set<string>();
    for (let i = 0; i < 100_000; i++) {
      const id = `${10_000 + i * 3}messages`;
      ids.add(id);
      reference.add(id);
    }
    for (let i = 0; i < 300_000; i++) {
      const id = `${10_000 + i}messages`;
      expect(ids.has(id), id).toBe(reference.has(id));
    }
  });
});
