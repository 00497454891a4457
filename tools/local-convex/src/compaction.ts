// Compaction off the hot path: the snapshot of the state at one commit is
// streamed to disk in chunks while later commits go on. Documents are read
// live from the per-table id sets; a document a later commit changes before
// the stream reaches it is written as it was at the snapshot's commit (its
// version before that change is kept aside). So the event loop never stops
// for longer than one chunk, whatever the size of the data.
import type { Change } from "./indexes.js";
import type { Doc } from "./internals.js";
import type { AppliedMutation, Persistence, SnapshotStats } from "./persistence.js";

export interface CompactionPoint {
  lastCommitTs: bigint;
  nextDocId: number;
  lastCreationTime: number;
  mutations: [string, AppliedMutation][];
}

export type CompactionStats = SnapshotStats & { ms: number };

/** Ids a Set of this many holds at most: growing a Set rehashes every entry in one go. */
const PART_SIZE = 32_768;

/**
 * A set of ids in bounded parts. One Set of every id written stalled the event loop
 * for 10-20 ms at each doubling (16 ms at 262,144 ids, measured at 100,000 messages),
 * inside one compaction step; a part rehashes at most PART_SIZE ids.
 */
export class IdSet {
  private parts: Set<string>[] = [new Set()];

  add(id: string): void {
    let last = this.parts[this.parts.length - 1];
    if (last.size >= PART_SIZE) this.parts.push((last = new Set()));
    last.add(id);
  }

  has(id: string): boolean {
    for (const part of this.parts) if (part.has(id)) return true;
    return false;
  }
}

/** The app's documents ("") or one component instance's, as the compaction reads them live. */
export interface CompactionSpace {
  path: string;
  documents: () => Record<string, Doc>;
  tables: () => Iterable<Iterable<string>>;
}

export class Compactor {
  private running: Promise<CompactionStats | null> | null = null;
  /**
   * While running: documents changed since the snapshot's commit and not yet
   * written, as they were then (null: absent), with their component's path.
   */
  private before: Map<string, [string, Doc | null]> | null = null;
  private written: IdSet | null = null;

  constructor(
    private persistence: Persistence,
    /** The app's space first, then each component's (ids are unique across them). */
    private spaces: () => CompactionSpace[],
    private log: (line: string) => void,
  ) {}

  get inProgress(): boolean {
    return this.running !== null;
  }

  /** Resolves once the compaction running now (if any) has ended. */
  async settled(): Promise<void> {
    await this.running?.catch(() => null);
  }

  /** Every commit's changes, while a compaction runs. */
  track(changes: Change[]): void {
    if (!this.before || !this.written) return;
    for (const [id, previous, , component] of changes) {
      if (!this.before.has(id) && !this.written.has(id)) this.before.set(id, [component ?? "", previous ?? null]);
    }
  }

  /** Starts a compaction as of now (call between commits), or returns the one running. */
  run(point: CompactionPoint, aborted: () => boolean, chunkDocs?: number): Promise<CompactionStats | null> {
    if (this.running) return this.running;
    const started = performance.now();
    this.persistence.rotateLog();
    const before = (this.before = new Map());
    const written = (this.written = new IdSet());
    const spaces = this.spaces();
    // One space after the other, the app's first, each closed by its documents
    // changed meanwhile: a later change to a space already written is either
    // to a document written (skipped) or to one created after the snapshot.
    function* stream(): Generator<[string, Doc]> {
      for (const space of spaces) {
        for (const ids of space.tables()) {
          for (const id of ids) {
            if (before.has(id) || written.has(id)) continue;
            const doc = space.documents()[id];
            if (!doc) continue;
            written.add(id);
            yield [space.path, doc];
          }
        }
        for (const [id, [path, doc]] of before) {
          if (path === space.path && doc && !written.has(id)) {
            written.add(id);
            yield [path, doc];
          }
        }
      }
    }
    this.running = this.persistence
      .writeSnapshot({ ...point, documents: stream() }, aborted, chunkDocs)
      .then((stats) => {
        if (!stats) return null;
        const done = { ...stats, ms: performance.now() - started };
        this.log(
          `compacted ${stats.documents} documents into a snapshot in ${Math.round(done.ms)} ms ` +
            `(longest step ${stats.longestStepCpuMs.toFixed(1)} ms of CPU)`,
        );
        return done;
      })
      .finally(() => {
        this.running = null;
        this.before = null;
        this.written = null;
      });
    return this.running;
  }
}
