// Durable storage for the runtime: an atomically replaced snapshot plus an
// append-only commit log. A commit is written to the log (write(2)) inside the
// commit and fsynced off the main thread right after; one fsync covers every
// commit written while the previous one ran (group commit). Nothing leaves
// the process before it is durable: the engine acknowledges a call, and a
// WebSocket Transition goes out, only once `durable()` says the log is synced
// up to there. Start-up replays the log over the snapshot.
//
// Compaction runs beside the commits, not between them: the log is first
// rotated (commits.log -> commits.old.log, new commits go to a fresh
// commits.log), then the snapshot of the state as of the rotation is streamed
// to a temporary file in chunks, fsynced and renamed into place, and only then
// is the old log removed. A crash at any point leaves a snapshot plus the logs
// that cover everything after it; start-up replays both and finishes the job.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { convexToJson, jsonToConvex } from "convex/values";
import type { Doc } from "./internals.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
const SNAPSHOT = "snapshot.json";
const LOG = "commits.log";
/** The log being folded into a snapshot by a compaction in progress. */
const OLD_LOG = "commits.old.log";
const FORMAT = "local-convex-snapshot/1";
/**
 * A compaction writes the whole snapshot, so it waits until the log holds
 * about as much as the snapshot (at least this much): the cost of compacting,
 * spread over the commits since the last one, then stays the same per commit
 * whatever the size of the data, and start-up replays at most a snapshot's
 * worth of log.
 */
const MIN_LOG_ENTRIES = 5000;
const MIN_LOG_BYTES = 32 * 1024 * 1024;

export class CorruptDataError extends Error {}

/** A client mutation that committed: its result, kept so a re-send (same session and request id) is answered, not re-run. */
export interface AppliedMutation {
  /** The result, as Convex JSON. */
  result: unknown;
  ts: bigint;
  /** When it committed (ms since epoch), for retention. */
  at: number;
}

export interface StoredState {
  /** The app's documents. */
  documents: Record<string, Doc>;
  /** Each component instance's documents, by its path ("resend/emailWorkpool"). Ids are unique across all. */
  components: Map<string, Record<string, Doc>>;
  nextDocId: number;
  lastCreationTime: number;
  lastCommitTs: bigint;
  /** Client mutations by `<session id>:<request id>`, oldest first. */
  mutations: Map<string, AppliedMutation>;
}

export interface CommitRecord {
  ts: bigint;
  nextDocId: number;
  lastCreationTime: number;
  writes: [string, Doc | null][];
  /** Writes to components' documents in the same transaction: [component path, id, document or null]. */
  componentWrites?: [string, string, Doc | null][];
  /** The client mutation that made this commit, durable with it. */
  mutation?: { key: string; result: unknown; at: number };
}

export interface SnapshotStats {
  documents: number;
  /** The longest synchronous step (CPU ms): the longest the event loop waited for the compaction. */
  longestStepCpuMs: number;
}

/** What a snapshot holds, as of `lastCommitTs`; documents come as a stream. */
export interface SnapshotSource {
  lastCommitTs: bigint;
  nextDocId: number;
  lastCreationTime: number;
  mutations: [string, AppliedMutation][];
  /**
   * Every document as of `lastCommitTs` with its component's path ("": the
   * app's), the app's first; the writer yields to the event loop between chunks.
   */
  documents: Iterable<[string, Doc]>;
}

function checksum(text: string): string {
  return createHash("sha1").update(text).digest("hex").slice(0, 16);
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** fsync of a directory on libuv's thread pool, so the event loop goes on meanwhile. */
async function fsyncDirAsync(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes a file so that a crash leaves either the old or the new content. */
export function writeFileAtomic(file: string, data: string | Buffer): void {
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = fs.openSync(tmp, "w");
  try {
    if (typeof data === "string") fs.writeSync(fd, data);
    else fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  fsyncDir(path.dirname(file));
}

const encodeDoc = (doc: Doc) => convexToJson(doc as any);
const decodeDoc = (json: any) => jsonToConvex(json) as Doc;

/**
 * The snapshot file's text around its documents array: `head`, the app's
 * documents joined by commas, `middle`, the components' documents as
 * `[path, document]` pairs joined by commas, `tail`. (A runtime from before
 * components reads the app's and ignores the rest.)
 */
function snapshotFrame(source: Omit<SnapshotSource, "documents">): { head: string; middle: string; tail: string } {
  const meta = JSON.stringify({
    format: FORMAT,
    lastCommitTs: source.lastCommitTs.toString(),
    nextDocId: source.nextDocId,
    lastCreationTime: source.lastCreationTime,
    mutations: source.mutations.map(([key, m]) => [key, m.result, m.ts.toString(), m.at]),
  });
  return { head: `${meta.slice(0, -1)},"documents":[`, middle: `],"componentDocuments":[`, tail: "]}" };
}

export class Persistence {
  readonly dir: string;
  readonly storageDir: string;
  private logFd: number | null = null;
  private logBytes = 0;
  private logEntries = 0;
  /** The current snapshot's size: the log may grow as large before the next compaction. */
  private snapshotBytes = 0;
  private snapshotDocuments = 0;
  private lockFile: string;
  /** The last append's write(2) time and the last log fsync's time (ms), for the trace. */
  readonly lastAppend = { writeMs: 0, fsyncMs: 0 };
  /** Log entries written (write(2)), and those known to be on disk (fsync). */
  private written = 0;
  private synced = 0;
  private syncInFlight = false;
  private syncFailed: Error | null = null;
  /** Log file descriptors retired while their fsync ran: closed when it ends. */
  private closeAfterSync = new Set<number>();
  private waiters: { upTo: number; resolve: () => void; reject: (e: Error) => void }[] = [];

  /** The smallest log that calls for a compaction (tests make it small). */
  private readonly minLog: { entries: number; bytes: number };

  constructor(dir: string, minLog: { entries: number; bytes: number } = { entries: MIN_LOG_ENTRIES, bytes: MIN_LOG_BYTES }) {
    this.minLog = minLog;
    this.dir = path.resolve(dir);
    this.storageDir = path.join(this.dir, "storage");
    this.lockFile = path.join(this.dir, "LOCK");
  }

  /** Deletes everything in the data folder. Only ever called for an explicit --reset. */
  static reset(dir: string): void {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  open(): void {
    fs.mkdirSync(this.storageDir, { recursive: true });
    this.acquireLock();
    for (const name of fs.readdirSync(this.storageDir)) {
      if (name.startsWith("upload-")) fs.rmSync(path.join(this.storageDir, name), { force: true });
    }
    // A snapshot a compaction was writing when the process died: the logs still hold everything.
    for (const name of fs.readdirSync(this.dir)) {
      if (name.startsWith(`${SNAPSHOT}.tmp-`)) fs.rmSync(path.join(this.dir, name), { force: true });
    }
  }

  private acquireLock(): void {
    try {
      const fd = fs.openSync(this.lockFile, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return;
    } catch (e: any) {
      if (e.code !== "EEXIST") throw e;
    }
    const holder = Number(fs.readFileSync(this.lockFile, "utf8").trim());
    let alive = false;
    if (holder && holder !== process.pid) {
      try {
        process.kill(holder, 0);
        alive = true;
      } catch {
        alive = false;
      }
    }
    if (alive) {
      throw new Error(
        `local-convex: the data folder ${this.dir} is in use by another runtime (pid ${holder}). Stop it first, or use --data <other folder>.`,
      );
    }
    // The previous holder died (kill -9 or crash): take the lock over.
    fs.writeFileSync(this.lockFile, String(process.pid));
  }

  releaseLock(): void {
    try {
      if (fs.readFileSync(this.lockFile, "utf8").trim() === String(process.pid)) {
        fs.rmSync(this.lockFile, { force: true });
      }
    } catch {
      // Already gone.
    }
  }

  readJson<T>(name: string): T | null {
    const file = path.join(this.dir, name);
    if (!fs.existsSync(file)) return null;
    const text = fs.readFileSync(file, "utf8");
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CorruptDataError(
        `local-convex: ${file} is corrupt (not valid JSON). Nothing was changed. Restore it, or start with --reset to wipe the data folder.`,
      );
    }
  }

  writeJson(name: string, value: unknown): void {
    writeFileAtomic(path.join(this.dir, name), JSON.stringify(value, null, 2));
  }

  /** Loads the snapshot and replays the commit logs over it (finishing a compaction a crash interrupted). */
  load(): StoredState {
    const state: StoredState = {
      documents: {},
      components: new Map(),
      nextDocId: 10000,
      lastCreationTime: 0,
      lastCommitTs: 0n,
      mutations: new Map(),
    };
    const snapshotFile = path.join(this.dir, SNAPSHOT);
    const snapshot = this.readJson<any>(SNAPSHOT);
    if (snapshot !== null) {
      if (snapshot.format !== FORMAT || !Array.isArray(snapshot.documents)) {
        throw new CorruptDataError(
          `local-convex: ${snapshotFile} is not a ${FORMAT} snapshot. Nothing was changed. Restore it, or start with --reset to wipe the data folder.`,
        );
      }
      for (const json of snapshot.documents) {
        const doc = decodeDoc(json);
        state.documents[doc._id] = doc;
      }
      for (const [component, json] of snapshot.componentDocuments ?? []) {
        const doc = decodeDoc(json);
        componentDocuments(state, component)[doc._id] = doc;
      }
      this.snapshotBytes = fs.statSync(snapshotFile).size;
      this.snapshotDocuments = snapshot.documents.length + (snapshot.componentDocuments?.length ?? 0);
      state.nextDocId = snapshot.nextDocId;
      state.lastCreationTime = snapshot.lastCreationTime;
      state.lastCommitTs = BigInt(snapshot.lastCommitTs);
      for (const [key, result, ts, at] of snapshot.mutations ?? []) {
        state.mutations.set(key, { result, ts: BigInt(ts), at });
      }
    }
    const interrupted = fs.existsSync(path.join(this.dir, OLD_LOG));
    if (interrupted) this.replay(OLD_LOG, state);
    const { entries, bytes } = this.replay(LOG, state);
    this.logEntries = entries;
    this.logBytes = bytes;
    if (interrupted) {
      // A compaction was cut off: finish it now, before anything is served.
      this.compact(state);
    }
    return state;
  }

  private replay(name: string, state: StoredState): { entries: number; bytes: number } {
    const logFile = path.join(this.dir, name);
    if (!fs.existsSync(logFile)) return { entries: 0, bytes: 0 };
    const text = fs.readFileSync(logFile, "utf8");
    const lastNewline = text.lastIndexOf("\n");
    const complete = text.slice(0, lastNewline + 1);
    const lines = complete.split("\n").filter((l) => l.length > 0);
    lines.forEach((line, i) => {
      const space = line.indexOf(" ");
      const sum = line.slice(0, space);
      const body = line.slice(space + 1);
      if (space < 0 || checksum(body) !== sum) {
        throw new CorruptDataError(
          `local-convex: ${logFile} is corrupt at entry ${i + 1} of ${lines.length} (checksum mismatch). Nothing was changed. Restore it, or start with --reset to wipe the data folder.`,
        );
      }
      const record = JSON.parse(body);
      const ts = BigInt(record.ts);
      if (ts <= state.lastCommitTs) return; // already in the snapshot
      for (const [id, json] of record.w as [string, any][]) {
        if (json === null) delete state.documents[id];
        else state.documents[id] = decodeDoc(json);
      }
      for (const [component, id, json] of (record.cw ?? []) as [string, string, any][]) {
        const documents = componentDocuments(state, component);
        if (json === null) delete documents[id];
        else documents[id] = decodeDoc(json);
      }
      if (record.m) {
        const [key, result, at] = record.m;
        state.mutations.set(key, { result, ts, at });
      }
      state.nextDocId = record.n;
      state.lastCreationTime = record.c;
      state.lastCommitTs = ts;
    });
    if (complete.length !== text.length) {
      // A torn final line is a commit whose fsync never finished, so it was
      // never acknowledged: drop it so the next append starts on a clean line.
      fs.truncateSync(logFile, Buffer.byteLength(complete));
    }
    return { entries: lines.length, bytes: Buffer.byteLength(complete) };
  }

  private openLog(): number {
    if (this.logFd === null) {
      const file = path.join(this.dir, LOG);
      const existed = fs.existsSync(file);
      this.logFd = fs.openSync(file, "a");
      if (!existed) fsyncDir(this.dir);
    }
    return this.logFd;
  }

  /**
   * Appends one commit to the log (write(2): a kill -9 from here on keeps it)
   * and starts an fsync for it off the main thread, shared with every commit
   * written meanwhile. `durable()` resolves once it is on disk.
   */
  append(record: CommitRecord): void {
    const body = JSON.stringify({
      ts: record.ts.toString(),
      n: record.nextDocId,
      c: record.lastCreationTime,
      w: record.writes.map(([id, doc]) => [id, doc === null ? null : encodeDoc(doc)]),
      // Beside the app's, in the same entry: a crash keeps all of a transaction or none of it.
      ...(record.componentWrites?.length
        ? { cw: record.componentWrites.map(([component, id, doc]) => [component, id, doc === null ? null : encodeDoc(doc)]) }
        : {}),
      ...(record.mutation ? { m: [record.mutation.key, record.mutation.result, record.mutation.at] } : {}),
    });
    const line = `${checksum(body)} ${body}\n`;
    const fd = this.openLog();
    const t0 = performance.now();
    fs.writeSync(fd, line);
    this.lastAppend.writeMs = performance.now() - t0;
    this.logBytes += Buffer.byteLength(line);
    this.logEntries += 1;
    this.written += 1;
    this.startSync();
  }

  /**
   * Null when every entry appended so far is on disk; otherwise a promise that
   * resolves once they are (or rejects if the fsync failed).
   */
  durable(): Promise<void> | null {
    if (this.syncFailed) return Promise.reject(this.syncFailed);
    if (this.synced >= this.written) return null;
    const upTo = this.written;
    return new Promise((resolve, reject) => this.waiters.push({ upTo, resolve, reject }));
  }

  /** One fsync at a time, on libuv's thread pool; the next one covers everything written meanwhile. */
  private startSync(): void {
    if (this.syncInFlight || this.synced >= this.written || this.logFd === null) return;
    const fd = this.logFd;
    const upTo = this.written;
    const started = performance.now();
    this.syncInFlight = true;
    fs.fsync(fd, (error) => {
      this.syncInFlight = false;
      if (this.closeAfterSync.delete(fd)) fs.closeSync(fd);
      if (error && upTo > this.synced) {
        // The entries may not be on disk: refuse to acknowledge them, or anything after.
        this.syncFailed = new Error(`local-convex: fsync of ${path.join(this.dir, LOG)} failed: ${error.message}`);
        for (const w of this.waiters.splice(0)) w.reject(this.syncFailed);
        return;
      }
      this.lastAppend.fsyncMs = performance.now() - started;
      this.markSynced(upTo);
      this.startSync();
    });
  }

  private markSynced(upTo: number): void {
    if (upTo > this.synced) this.synced = upTo;
    if (this.waiters.length === 0) return;
    const ready = this.waiters.filter((w) => w.upTo <= this.synced);
    this.waiters = this.waiters.filter((w) => w.upTo > this.synced);
    for (const w of ready) w.resolve();
  }

  /** Makes the open log durable now and closes it (an fsync in flight closes it when it ends). */
  private retireLog(): void {
    if (this.logFd === null) return;
    const fd = this.logFd;
    this.logFd = null;
    if (this.synced < this.written) {
      fs.fsyncSync(fd);
      this.markSynced(this.written);
    }
    if (this.syncInFlight) this.closeAfterSync.add(fd);
    else fs.closeSync(fd);
  }

  shouldCompact(): boolean {
    return (
      this.logEntries >= Math.max(this.minLog.entries, this.snapshotDocuments) ||
      this.logBytes >= Math.max(this.minLog.bytes, this.snapshotBytes)
    );
  }

  /** Replaces the snapshot with `state` and starts an empty log, all at once (start-up; tests). */
  compact(state: StoredState): void {
    const { head, middle, tail } = snapshotFrame({ ...state, mutations: [...state.mutations] });
    const documents = Object.values(state.documents).map((doc) => JSON.stringify(encodeDoc(doc)));
    const inComponents: string[] = [];
    for (const [component, docs] of state.components) {
      for (const doc of Object.values(docs)) inComponents.push(JSON.stringify([component, encodeDoc(doc)]));
    }
    const text = head + documents.join(",") + middle + inComponents.join(",") + tail;
    writeFileAtomic(path.join(this.dir, SNAPSHOT), text);
    this.snapshotBytes = Buffer.byteLength(text);
    this.snapshotDocuments = documents.length + inComponents.length;
    // Entries older than the snapshot are skipped on load, so a crash between
    // the renames is harmless.
    this.retireLog();
    writeFileAtomic(path.join(this.dir, LOG), "");
    fs.rmSync(path.join(this.dir, OLD_LOG), { force: true });
    fsyncDir(this.dir);
    this.logBytes = 0;
    this.logEntries = 0;
  }

  /**
   * Starts a compaction: commits from now on go to a fresh log; the current one
   * becomes the old log, which `writeSnapshot` retires. Synchronous and cheap
   * (two renames), so call it between commits, where the snapshot is taken.
   */
  rotateLog(): void {
    this.retireLog();
    const log = path.join(this.dir, LOG);
    if (fs.existsSync(log)) fs.renameSync(log, path.join(this.dir, OLD_LOG));
    fsyncDir(this.dir);
    this.logBytes = 0;
    this.logEntries = 0;
  }

  /**
   * Streams a snapshot to a temporary file in chunks, yielding to the event
   * loop between them, fsyncs it off the main thread, renames it into place and
   * removes the old log. `aborted` stops it (the old log then stays, and the
   * next start-up finishes the compaction).
   */
  async writeSnapshot(source: SnapshotSource, aborted: () => boolean, chunkDocs = 500): Promise<SnapshotStats | null> {
    const file = path.join(this.dir, SNAPSHOT);
    const tmp = `${file}.tmp-${process.pid}`;
    const out = await fs.promises.open(tmp, "w");
    let complete = false;
    // The longest stretch without yielding to the event loop, in CPU time (on a
    // busy machine wall time also counts the time the process was not scheduled).
    const stats: SnapshotStats = { documents: 0, longestStepCpuMs: 0 };
    let stepStart = process.cpuUsage();
    let bytes = 0;
    const write = (text: string) => {
      bytes += Buffer.byteLength(text);
      return yielded(out.write(text));
    };
    const yielded = async <T>(io: Promise<T>): Promise<T> => {
      const cpu = process.cpuUsage(stepStart);
      stats.longestStepCpuMs = Math.max(stats.longestStepCpuMs, (cpu.user + cpu.system) / 1000);
      const value = await io;
      stepStart = process.cpuUsage();
      return value;
    };
    try {
      const { head, middle, tail } = snapshotFrame(source);
      await write(head);
      let chunk: string[] = [];
      let first = true;
      let inComponents = false;
      const flush = async () => {
        if (chunk.length === 0) return;
        await write((first ? "" : ",") + chunk.join(","));
        first = false;
        chunk = [];
      };
      for (const [component, doc] of source.documents) {
        if (component && !inComponents) {
          // The app's documents come first: from here on, the components'.
          await flush();
          await write(middle);
          inComponents = true;
          first = true;
        } else if (!component && inComponents) {
          throw new Error("local-convex: a snapshot's app documents must come before its components'");
        }
        stats.documents += 1;
        chunk.push(JSON.stringify(component ? [component, encodeDoc(doc)] : encodeDoc(doc)));
        if (chunk.length >= chunkDocs) {
          await flush();
          if (aborted()) return null;
        }
      }
      await flush();
      if (!inComponents) await write(middle);
      await write(tail);
      await yielded(out.sync());
      complete = true;
    } finally {
      await out.close();
      if (!complete) await fs.promises.rm(tmp, { force: true });
    }
    await fs.promises.rename(tmp, file);
    this.snapshotBytes = bytes;
    this.snapshotDocuments = stats.documents;
    await fsyncDirAsync(this.dir);
    await fs.promises.rm(path.join(this.dir, OLD_LOG), { force: true });
    await fsyncDirAsync(this.dir);
    return stats;
  }

  close(): void {
    this.retireLog();
    this.releaseLock();
  }

  // --- file storage ---

  blobPath(storageId: string): string {
    if (!/^[0-9A-Za-z_]+$/.test(storageId)) throw new Error("Invalid storage id");
    return path.join(this.storageDir, storageId);
  }

  /** Writes upload bytes to a temporary durable file; `commitBlob` names it. */
  stageBlob(bytes: Buffer): string {
    const tmp = path.join(this.storageDir, `upload-${randomBytes(8).toString("hex")}`);
    const fd = fs.openSync(tmp, "w");
    try {
      fs.writeSync(fd, bytes);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return tmp;
  }

  commitBlob(tmp: string, storageId: string): void {
    fs.renameSync(tmp, this.blobPath(storageId));
    fsyncDir(this.storageDir);
  }

  discardBlob(tmp: string): void {
    fs.rmSync(tmp, { force: true });
  }

  readBlob(storageId: string): Buffer | null {
    try {
      return fs.readFileSync(this.blobPath(storageId));
    } catch {
      return null;
    }
  }

  deleteBlob(storageId: string): void {
    fs.rmSync(this.blobPath(storageId), { force: true });
  }
}

function componentDocuments(state: StoredState, component: string): Record<string, Doc> {
  let documents = state.components.get(component);
  if (!documents) state.components.set(component, (documents = {}));
  return documents;
}
