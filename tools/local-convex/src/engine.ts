// The engine: convex-test's function runtime, made durable, observable and
// schedulable. It runs functions on behalf of the network layer (runtime.ts,
// http-api.ts, sync.ts) and tells it which tables each commit touched. The
// parts live in their own modules: indexes, scheduler, crons, storage, and one
// patch of convex-test per concern (commits, metrics, reads, syscalls).
import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import { convexTest } from "convex-test";
import { convexToJson, jsonToConvex } from "convex/values";
import { patchCommit } from "./commits.js";
import { Compactor, type CompactionStats } from "./compaction.js";
import {
  callContext,
  componentScope,
  currentComponentPath,
  installConsole,
  qualifiedTable,
  newCallContext,
  normalizeUdfPath,
  runInRoot,
  tableOfId,
  zeroStats,
  type CallContext,
  type CallStats,
} from "./context.js";
import { Crons, nextCronRun } from "./crons.js";
import { convexGlobalNames } from "./bundle.js";
import type { EngineHost } from "./host.js";
import { Indexes, patchIndexes, patchQueryStreams, type Change } from "./indexes.js";
import {
  checkGlobal,
  checkInstalledVersion,
  getInternals,
  type ConvexGlobal,
  type DatabaseFake,
  type Doc,
  type Internals,
  type Writes,
} from "./internals.js";
import type { FunctionInfo, FunctionKind, LoadedApp } from "./loader.js";
import {
  checkTime,
  checkValue,
  CONVEX_LIMITS,
  countingDropped,
  convexLimitMessage,
  patchLimits,
  patchSyscallTiming,
  trackerLimits,
  type Limits,
} from "./limits.js";
import { newReactivityMetrics, patchMetrics } from "./metrics.js";
import { patchPaginate } from "./paginate.js";
import { patchPendingWrites } from "./pending.js";
import { Persistence, type AppliedMutation, type StoredState } from "./persistence.js";
import { patchPagination, patchReadTracking } from "./reads.js";
import type { ReadSet } from "./readsets.js";
import { patchReturnValidation, patchSchemaValidation } from "./returns.js";
import { patchScheduler, Scheduler } from "./scheduler.js";
import { tracer, traceNow } from "./trace.js";
import { patchStorage, Storage } from "./storage.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
export type { CallStats } from "./context.js";
export { normalizeUdfPath, tableOfId } from "./context.js";
export type Identity = { subject: string; issuer: string; tokenIdentifier: string } & Record<string, unknown>;

export interface CallRecord {
  udfPath: string;
  kind: FunctionKind | "http";
  caller: string;
  ms: number;
  success: boolean;
  stats: CallStats;
}

export type CallOutcome =
  | {
      success: true;
      value: unknown;
      logLines: string[];
      journal: string | null;
      reads: ReadSet;
      commitTs: bigint | null;
      stats: CallStats;
    }
  | {
      success: false;
      errorMessage: string;
      errorData?: unknown;
      logLines: string[];
      journal: string | null;
      reads: ReadSet;
      commitTs: null;
      stats: CallStats;
    };

export interface CallOptions {
  /** Refuse internal functions, and every function of a component (calls from clients). */
  publicOnly?: boolean;
  /** The component instance whose function this is ("" or absent: the app's). */
  componentPath?: string;
  /** Expected kind (e.g. the WebSocket `Mutation` message only runs mutations). */
  kind?: FunctionKind;
  journal?: string | null;
  caller?: string;
  /** The caller's address and user agent, for `ctx.meta.getRequestMetadata()`. */
  request?: RequestInfo;
  /**
   * A client's `<session id>:<request id>` for a mutation: its commit records
   * it with the result, so a re-send, even after a restart, gets that result
   * instead of running again (as Convex de-duplicates).
   */
  mutationKey?: string;
  /** The client connection calling (sync.ts): the commit event names it, so others hear first. */
  origin?: object;
  /** Writes a mutation makes last, in its own top-level commit (the scheduler records a job's success so): the pending writes of a component by path. */
  beforeCommit?: (writesOf: (componentPath: string) => Writes | null, all: Writes[]) => void;
  /** Where a WebSocket mutation came from and when, for the trace (trace.ts). */
  trace?: { received: number; dequeued: number; conn: number; subject: string | null };
}

/** Client mutations remembered for de-duplication (the newest; Convex keeps them longer). */
const MUTATIONS_KEPT = 10_000;

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface EngineOptions {
  persistence: Persistence;
  urlSecret: string;
  cloudUrl: () => string;
  log: (line: string) => void;
  logFunctionCalls?: boolean;
  /** Convex's transaction limits, or stricter ones. */
  limits?: Limits;
}

/** The app or one component instance: its own database, indexes and functions. */
export interface Space {
  path: string;
  db: DatabaseFake;
  indexes: Indexes;
  functions: Map<string, FunctionInfo>;
}

/** The deployment-unique name a component instance's function goes by in logs: `<path>:<udf path>`, as Convex's log shows it. */
const displayName = (componentPath: string, udfPath: string) => (componentPath ? `${componentPath}/${udfPath}` : udfPath);

export class Engine extends EventEmitter {
  private t: any;
  private global!: ConvexGlobal;
  private db!: DatabaseFake;
  private internals: Internals;
  app: LoadedApp;
  private indexes = new Indexes(() => this.db._documents);
  /** The app ("") and every installed component instance, by path. */
  private spaces = new Map<string, Space>();
  /** Documents of components the data holds but convex.config.ts no longer installs: kept, as Convex keeps an unmounted component's data. */
  private detached = new Map<string, Record<string, Doc>>();
  private identityAccessors = new Map<string, any>();
  private compactScheduled = false;
  private compactor: Compactor;
  /** Client mutations that committed, by key (see CallOptions.mutationKey). */
  private mutations = new Map<string, AppliedMutation>();
  private mutationKeys = new WeakMap<CallContext, string>();
  /** The value a mutation's handler returned, recorded with its commit. */
  private mutationResults = new WeakMap<CallContext, unknown>();
  private capturing = new WeakSet<object>();
  /** Each function's parsed argument validator (see memoizeExports). */
  private argsValidators = new WeakMap<object, any>();
  private closed = false;
  readonly persistence: Persistence;
  readonly storage: Storage;
  private scheduler: Scheduler;
  private crons: Crons;
  private opts: EngineOptions;
  readonly limits: Limits;
  /** Recent calls with their read/write figures, newest last (for benchmarks and the log). */
  readonly recentCalls: CallRecord[] = [];
  totals = { calls: 0, ...zeroStats() };
  /** Commits, and the subscriptions they re-ran (sync.ts counts). */
  readonly reactivity = newReactivityMetrics();

  /** Kept for callers of the former static method. */
  static nextCronRun = nextCronRun;

  constructor(app: LoadedApp, opts: EngineOptions) {
    super();
    checkInstalledVersion();
    this.internals = getInternals();
    this.persistence = opts.persistence;
    this.opts = opts;
    this.app = app;
    this.limits = opts.limits ?? CONVEX_LIMITS;
    const engine = this;
    const host: EngineHost = {
      get db() {
        return engine.db;
      },
      get closed() {
        return engine.closed;
      },
      run: (fn) => runInRoot(() => this.t.run(fn)),
      call: (udfPath, args, identity, options) => this.call(udfPath, args, identity, options),
      idsOf: (table, componentPath = "") => this.spaces.get(componentPath)?.indexes.idsOf(table) ?? [],
      kindOf: (udfPath, componentPath = "") => this.functionInfo(udfPath, componentPath)?.kind ?? null,
      dbOf: (componentPath) => this.spaces.get(componentPath)?.db ?? null,
      spaces: () => this.spaces.values(),
      logCall: (line) => {
        if (opts.logFunctionCalls !== false) opts.log(line);
      },
    };
    this.storage = new Storage(host, opts.persistence, opts.urlSecret, opts.cloudUrl);
    this.scheduler = new Scheduler(host);
    this.crons = new Crons(host, opts.persistence);
    this.compactor = new Compactor(
      opts.persistence,
      () => [
        ...[...this.spaces.values()].map((space) => ({
          path: space.path,
          documents: () => space.db._documents,
          tables: () => space.indexes.tables(),
        })),
        ...[...this.detached].map(([path, documents]) => ({
          path,
          documents: () => documents,
          tables: () => [Object.keys(documents)],
        })),
      ],
      (line) => opts.log(line),
    );
    installConsole((line) => {
      if (opts.logFunctionCalls !== false) opts.log(line);
    });
  }

  /** Creates the convex-test instance for `app` and fills it with `state`. */
  private build(app: LoadedApp, state: StoredState): void {
    const t = convexTest({ schema: app.schema, modules: app.moduleMap, transactionLimits: trackerLimits(this.limits) } as any);
    // Parents before children, each with its own database (convex-test keeps one per registered path).
    for (const component of app.components) t.registerComponent(component.path, component.schema ?? null, component.moduleMap);
    const global = checkGlobal((t as any).__localConvexGlobal);
    const db = global.components[""].db;
    this.validateState(app.schema, state.documents, "");
    for (const c of app.components) this.validateState(c.schema, state.components.get(c.path) ?? {}, c.path);
    db._documents = state.documents;
    db._nextDocId = state.nextDocId;
    db._lastCreationTime = state.lastCreationTime;
    const spaces = new Map<string, Space>([["", { path: "", db, indexes: this.indexes, functions: app.functions }]]);
    for (const c of app.components) {
      const cdb = global.components[c.path].db;
      cdb._documents = state.components.get(c.path) ?? {};
      shareCounters(cdb, db);
      spaces.set(c.path, { path: c.path, db: cdb, indexes: new Indexes(() => cdb._documents), functions: c.functions });
    }
    global.transactionManager._lastCommitTs = state.lastCommitTs;
    this.mutations = state.mutations;
    this.t = t;
    this.global = global;
    this.db = db;
    this.app = app;
    this.spaces = spaces;
    this.detached = new Map([...state.components].filter(([path]) => !spaces.has(path)));
    this.identityAccessors.clear();
    for (const space of spaces.values()) space.indexes.rebuild();
    this.patch();
  }

  /** Hooks every concern into the new convex-test instance. */
  private patch(): void {
    for (const space of this.spaces.values()) {
      const db = space.db;
      patchPendingWrites(db);
      patchSchemaValidation(db, this.internals);
      patchIndexes(db, space.indexes);
      patchQueryStreams(db);
      patchPaginate(db, (filter) => countingDropped(this.global.transactionManager, filter));
    }
    patchReturnValidation(this.global, this.internals);
    patchCommit(this.global, (ts, changes) => this.onCommit(ts, changes));
    patchMetrics(this.global.transactionManager);
    const spaceNow = () => this.spaces.get(currentComponentPath()) ?? this.spaces.get("")!;
    patchLimits(this.global, this.limits, () => spaceNow().db);
    patchReadTracking(this.global, spaceNow);
    patchPagination(this.global, spaceNow);
    patchScheduler(this.global, this.scheduler);
    patchStorage(this.global, this.storage);
    // Last, so it wraps every other syscall layer.
    patchSyscallTiming(this.global);
  }

  /** Refuses a schema that the stored documents violate. */
  private validateState(schema: any, documents: Record<string, Doc>, componentPath: string): void {
    if (!schema || schema.schemaValidation === false) return;
    const where = componentPath ? ` of component '${componentPath}'` : "";
    const tables = new Map<string, any>(
      Object.entries<any>(schema.tables).map(([name, table]) => [name, table.export().documentType]),
    );
    for (const doc of Object.values(documents)) {
      const table = tableOfId(doc._id)!;
      if (table.startsWith("_")) continue;
      const validator = tables.get(table);
      if (!validator) {
        if (schema.strictTableNameTypes !== false) {
          throw new Error(
            `local-convex: the schema${where} has no table '${table}' but the data holds documents in it (e.g. ${doc._id}). Restore the table, or start with --reset to wipe the data.`,
          );
        }
        continue;
      }
      try {
        const { _id, _creationTime, ...fields } = doc;
        this.internals.validateValidator(validator, fields);
      } catch (e: any) {
        throw new Error(
          `local-convex: the schema${where} rejects existing document ${doc._id} in '${table}': ${String(e.message).replace(/^Validator error: /, "")}. Fix the schema (or the data); the previous functions keep running.`,
          { cause: e },
        );
      }
    }
  }

  private currentState(): StoredState {
    const components = new Map(this.detached);
    for (const space of this.spaces.values()) if (space.path) components.set(space.path, space.db._documents);
    return {
      documents: this.db._documents,
      components,
      nextDocId: this.db._nextDocId,
      lastCreationTime: this.db._lastCreationTime,
      lastCommitTs: this.global.transactionManager._lastCommitTs,
      mutations: this.mutations,
    };
  }

  start(state: StoredState): void {
    this.build(this.app, state);
    this.scheduler.rearm();
    this.crons.start(this.cronTables());
  }

  /** Each instance's crons (a component's own crons.ts runs its functions, as on Convex). */
  private cronTables(): { componentPath: string; crons: Record<string, any> }[] {
    return [{ componentPath: "", crons: this.app.crons }, ...this.app.components.map((c) => ({ componentPath: c.path, crons: c.crons }))];
  }

  /** Swaps in newly loaded functions (and schema), keeping the data. Throws, changing nothing, if the data violates the new schema. */
  reload(app: LoadedApp): void {
    const state = this.currentState();
    const previous = { t: this.t, global: this.global, db: this.db, app: this.app, spaces: this.spaces, detached: this.detached };
    try {
      this.build(app, state);
    } catch (e) {
      Object.assign(this, previous);
      this.indexes.rebuild();
      throw e;
    }
    this.crons.stop();
    this.crons.start(this.cronTables());
    this.emit("reload");
  }

  get lastCommitTs(): bigint {
    return this.global.transactionManager._lastCommitTs;
  }

  /** Documents of the app and of every component instance. */
  documentCount(): number {
    let count = 0;
    for (const space of this.spaces.values()) count += space.indexes.documentCount();
    return count;
  }

  // ---------------------------------------------------------------------------
  // Commits: durable first, then indexes, timers, file cleanup, compaction, subscribers.

  private onCommit(ts: bigint, changes: Change[]): void {
    const trace = tracer ? callContext.getStore()?.trace : undefined;
    if (trace) trace.commitStart = traceNow();
    this.compactor.track(changes);
    const byComponent = new Map<string, Change[]>();
    for (const change of changes) {
      const path = change[3] ?? "";
      const list = byComponent.get(path);
      if (list) list.push(change);
      else byComponent.set(path, [change]);
    }
    for (const [path, list] of byComponent) this.spaces.get(path)?.indexes.apply(list);
    if (trace) trace.indexMs = traceNow() - trace.commitStart!;
    const changed: [string, Doc | null][] = changes.map(([id, , after]) => [id, after]);
    const mutation = this.appliedMutation();
    // Written inside the commit; fsynced off the main thread, and the caller
    // hears of it only once that is done (see call()). One entry for the app's
    // and every component's writes: a transaction is atomic across them.
    this.persistence.append({
      ts,
      nextDocId: this.db._nextDocId,
      lastCreationTime: this.db._lastCreationTime,
      writes: changes.filter((c) => !c[3]).map(([id, , after]) => [id, after]),
      componentWrites: changes.filter((c) => c[3]).map(([id, , after, path]) => [path!, id, after]),
      ...(mutation ? { mutation } : {}),
    });
    if (trace) {
      trace.logWriteMs = this.persistence.lastAppend.writeMs;
      tracer!.committed(ts, trace);
    }
    if (mutation) {
      this.mutations.set(mutation.key, { result: mutation.result, ts, at: mutation.at });
      if (this.mutations.size > MUTATIONS_KEPT) this.mutations.delete(this.mutations.keys().next().value!);
    }
    const tables = new Set<string>();
    for (const [id, , , path] of changes) {
      const table = tableOfId(id);
      if (table) tables.add(qualifiedTable(path, table));
    }
    const invalidating = trace ? traceNow() : 0;
    const origin = callContext.getStore()?.origin;
    runInRoot(() => this.afterCommit(ts, tables, changed, changes, origin));
    if (trace) trace.invalidateMs = traceNow() - invalidating;
  }

  private afterCommit(
    ts: bigint,
    tables: Set<string>,
    changed: [string, Doc | null][],
    changes: Change[],
    origin: object | undefined,
  ): void {
    this.scheduler.onCommit(changes);
    this.storage.onCommit(changed);
    if (this.persistence.shouldCompact() && !this.compactScheduled && !this.compactor.inProgress) {
      this.compactScheduled = true;
      setImmediate(() => {
        this.compactScheduled = false;
        if (!this.closed) void this.compact();
      });
    }
    this.emit("commit", ts, tables, changes, origin);
  }

  /** Whether a compaction is running (or about to start) in the background. */
  get compacting(): boolean {
    return this.compactScheduled || this.compactor.inProgress;
  }

  /** Resolves once no compaction is running or about to start (benchmarks time writes apart from it). */
  async compactionSettled(): Promise<void> {
    while (this.compacting) {
      if (this.compactScheduled) await new Promise((resolve) => setImmediate(resolve));
      await this.compactor.settled();
    }
  }

  /**
   * Snapshots the state as of now and retires the log, in the background
   * (commits go on meanwhile; see compaction.ts). Call between commits.
   */
  compact(): Promise<CompactionStats | null> {
    return this.compactor.run(
      {
        lastCommitTs: this.lastCommitTs,
        nextDocId: this.db._nextDocId,
        lastCreationTime: this.db._lastCreationTime,
        mutations: [...this.mutations],
      },
      () => this.closed,
    );
  }

  /** The client mutation committing now, if its caller gave a key, with its result as Convex JSON. */
  private appliedMutation(): { key: string; result: unknown; at: number } | null {
    const ctx = callContext.getStore();
    const key = ctx && this.mutationKeys.get(ctx);
    if (!ctx || !key) return null;
    const value = this.mutationResults.get(ctx);
    try {
      return { key, result: convexToJson((value === undefined ? null : value) as any), at: Date.now() };
    } catch {
      // A result holding a commit-time placeholder: not remembered, so a re-send runs again.
      return null;
    }
  }

  /** The answer to a mutation re-sent with a key that already committed. */
  private alreadyApplied(key: string | undefined, ctx: CallContext): CallOutcome | null {
    const done = key === undefined ? undefined : this.mutations.get(key);
    if (!done) return null;
    return {
      success: true,
      value: jsonToConvex(done.result as any),
      logLines: ctx.logLines,
      journal: null,
      reads: ctx.reads.finish(),
      commitTs: done.ts,
      stats: ctx.stats,
    };
  }

  /** Makes a mutation's handler leave its return value in the call context, for its commit record. */
  private captureResult(fn: any): void {
    if (!fn || this.capturing.has(fn) || typeof fn._handler !== "function") return;
    const handler = fn._handler;
    const results = this.mutationResults;
    fn._handler = async function (this: unknown, ...args: unknown[]) {
      const value = await handler.apply(this, args);
      const ctx = callContext.getStore();
      // Nested mutations finish first: the top-level one's value is the last written before its commit.
      if (ctx) results.set(ctx, value);
      return value;
    };
    this.capturing.add(fn);
  }

  // ---------------------------------------------------------------------------
  // Calling functions.

  private accessor(identity: Identity | null, request?: RequestInfo): any {
    if (identity === null && !request) return this.t;
    const key = JSON.stringify([identity, request?.ip ?? null, request?.userAgent ?? null]);
    let accessor = this.identityAccessors.get(key);
    if (!accessor) {
      accessor = identity === null ? this.t : this.t.withIdentity(identity);
      if (request) accessor = accessor.withRequestMetadata({ ip: request.ip, userAgent: request.userAgent });
      if (this.identityAccessors.size > 1000) this.identityAccessors.clear();
      this.identityAccessors.set(key, accessor);
    }
    return accessor;
  }

  functionInfo(udfPath: string, componentPath = "") {
    return this.spaces.get(componentPath)?.functions.get(normalizeUdfPath(udfPath));
  }

  /**
   * Runs a function. Its outcome is returned only once every commit it could
   * have seen (its own included) is on disk, so no caller hears of anything a
   * crash could lose. Subscriptions are the exception: sync.ts waits once per
   * Transition instead, so the fsync overlaps their re-runs.
   */
  async call(udfPathRaw: string, args: any, identity: Identity | null, options: CallOptions = {}): Promise<CallOutcome> {
    const outcome = await this.run(udfPathRaw, args, identity, options);
    if (options.caller === "subscription") return outcome;
    const pending = this.persistence.durable();
    if (!pending) return outcome;
    const waiting = tracer ? traceNow() : 0;
    try {
      await pending;
    } catch (e: any) {
      return {
        ...outcome,
        success: false,
        errorMessage: `Server Error\n${e?.message ?? e}`,
        commitTs: null,
      } as CallOutcome;
    }
    const trace = tracer && outcome.commitTs !== null ? tracer.of(outcome.commitTs) : undefined;
    if (trace) {
      trace.durableWaitMs = traceNow() - waiting;
      trace.fsyncMs = this.persistence.lastAppend.fsyncMs;
    }
    return outcome;
  }

  /** Resolves once every commit so far is on disk; null if they already are. */
  durable(): Promise<void> | null {
    return this.persistence.durable();
  }

  private async run(udfPathRaw: string, args: any, identity: Identity | null, options: CallOptions): Promise<CallOutcome> {
    const udfPath = normalizeUdfPath(udfPathRaw);
    const componentPath = options.componentPath ?? "";
    const ctx = newCallContext(displayName(componentPath, udfPath), options.journal ?? null);
    if (options.origin) ctx.origin = options.origin;
    if (options.beforeCommit) ctx.beforeCommit = options.beforeCommit;
    // Named in error messages only: made when one is needed (a random draw per call was measurable).
    let id: string | undefined;
    const requestId = () => (id ??= randomBytes(8).toString("hex"));
    const fail = (errorMessage: string, errorData?: unknown): CallOutcome => ({
      success: false,
      errorMessage,
      ...(errorData !== undefined ? { errorData } : {}),
      logLines: ctx.logLines,
      journal: null,
      reads: ctx.reads.finish(),
      commitTs: null,
      stats: ctx.stats,
    });
    const info = this.functionInfo(udfPath, componentPath);
    const [modulePath, exportName] = udfPath.split(":");
    // A component's functions are reached only through `components.<name>` from
    // the app's functions: a client (not an admin) never calls one, whatever
    // its visibility, and hears what Convex says of a missing function.
    if (!info || (options.publicOnly && (!info.isPublic || componentPath !== ""))) {
      const what = options.publicOnly ? "public function" : "function";
      const inComponent = componentPath ? ` in '${componentPath}'` : "";
      return fail(
        `[Request ID: ${requestId()}] Server Error\nCould not find ${what} for '${modulePath}:${exportName}'${inComponent}. Did you forget to run \`npx convex dev\` or \`npx convex deploy\`?`,
      );
    }
    if (options.kind && options.kind !== info.kind) {
      const inComponent = componentPath ? ` in '${componentPath}'` : "";
      return fail(`[Request ID: ${requestId()}] Server Error\nTrying to execute ${udfPath}${inComponent} as ${options.kind}, but it is defined as ${info.kind}.`);
    }
    const repeated = info.kind === "mutation" ? this.alreadyApplied(options.mutationKey, ctx) : null;
    if (repeated) return repeated;
    if (info.kind === "mutation" && options.mutationKey) this.mutationKeys.set(ctx, options.mutationKey);
    const started = performance.now();
    const outcome = await runInRoot(() =>
      callContext.run(ctx, async (): Promise<CallOutcome> => {
        try {
          await this.validateArgs(udfPath, args, componentPath, info.kind === "mutation" && !!options.mutationKey);
          if (tracer && options.trace && info.kind === "mutation") {
            const { received, dequeued, conn, subject } = options.trace;
            ctx.trace = tracer.newMutation(udfPath, received, dequeued, conn, subject);
          }
          const path = { udfPath, componentPath };
          const accessor = this.accessor(identity, options.request);
          if (info.kind !== "action") {
            ctx.cpuStart = process.cpuUsage();
            ctx.wallStart = performance.now();
          }
          const value =
            info.kind === "query"
              ? await accessor.queryFromPath(path, args)
              : info.kind === "mutation"
                ? await accessor.mutationFromPath(path, args)
                : await accessor.actionFromPath(path, args);
          // A limit the function's code caught still fails the call, as on Convex.
          if (ctx.limitError) throw ctx.limitError;
          if (info.kind === "query") {
            checkTime(this.limits);
            try {
              checkValue(value, this.limits, false);
            } catch (e: any) {
              throw new Error(`Function ${modulePath}.js:${exportName} return value invalid: ${e.message}`, { cause: e });
            }
          }
          return {
            success: true,
            value,
            logLines: ctx.logLines,
            journal: ctx.journalOut,
            reads: ctx.reads.finish(),
            commitTs: ctx.commitTs,
            stats: ctx.stats,
          };
        } catch (e: any) {
          return this.describeError(e, requestId(), fail);
        }
      }),
    );
    this.record(displayName(componentPath, udfPath), info.kind, options.caller ?? "client", performance.now() - started, outcome.success, ctx.stats);
    if (ctx.trace) ctx.trace.end = traceNow();
    return outcome;
  }

  private async validateArgs(udfPath: string, args: any, componentPath: string, captureResult = false): Promise<void> {
    const [modulePath, exportName] = udfPath.split(":");
    const mod = await this.global.components[componentPath].modules(modulePath);
    const fn = mod?.[exportName];
    if (captureResult) this.captureResult(fn);
    if (!fn?.exportArgs) return;
    let validator = this.argsValidators.get(fn);
    if (!validator) {
      this.memoizeExports(fn);
      this.argsValidators.set(fn, (validator = JSON.parse(fn.exportArgs())));
    }
    if (validator.type === "any") return;
    try {
      this.internals.validateValidator(validator, args ?? {});
    } catch (e: any) {
      const error = new Error(String(e.message).replace(/^Validator error: /, ""));
      error.name = "ArgumentValidationError";
      throw error;
    }
  }

  /**
   * A function's validators as JSON, built once: convex-test asks for them at
   * every call (and so did this engine), and building them walks the whole
   * validator (0.1-0.3 ms a call for the app's larger return types).
   */
  private memoizeExports(fn: any): void {
    for (const name of ["exportArgs", "exportReturns"]) {
      const build = fn[name];
      if (typeof build !== "function") continue;
      let json: string | undefined;
      fn[name] = () => (json ??= build.call(fn));
    }
  }

  private describeError(e: any, requestId: string, fail: (m: string, d?: unknown) => CallOutcome): CallOutcome {
    const isConvexError = e && typeof e === "object" && Symbol.for("ConvexError") in e;
    if (isConvexError) {
      let data = e.data;
      if (typeof data === "string") {
        try {
          data = jsonToConvex(JSON.parse(data));
        } catch {
          // A plain string payload.
        }
      }
      return fail(`[Request ID: ${requestId}] Server Error\nUncaught ConvexError: ${e.message}`, convexToJson(data as any));
    }
    const name = e?.name && e.name !== "Error" ? e.name : "Error";
    const message = convexGlobalNames(convexLimitMessage(e?.message ?? String(e)));
    if (name === "ArgumentValidationError") return fail(`[Request ID: ${requestId}] Server Error\nArgumentValidationError: ${message}`);
    return fail(`[Request ID: ${requestId}] Server Error\nUncaught ${name}: ${message}`);
  }

  private record(udfPath: string, kind: CallRecord["kind"], caller: string, ms: number, success: boolean, stats: CallStats) {
    this.totals.calls += 1;
    for (const key of Object.keys(stats) as (keyof CallStats)[]) this.totals[key] += stats[key];
    this.recentCalls.push({ udfPath, kind, caller, ms, success, stats });
    if (this.recentCalls.length > 2000) this.recentCalls.splice(0, 1000);
    if (this.opts.logFunctionCalls !== false && caller !== "subscription") {
      const s = stats;
      this.opts.log(
        `${kind[0].toUpperCase()} ${udfPath} ${success ? "ok" : "FAILED"} ${ms.toFixed(1)}ms ` +
          `read ${s.documentsRead} docs/${s.bytesRead} B (scanned ${s.documentsScanned}) wrote ${s.documentsWritten} docs/${s.bytesWritten} B`,
      );
    }
  }

  /** Runs an HTTP action for `request` (already routed to this app's `http.ts`). */
  async runHttp(request: Request, identity: Identity | null, client?: RequestInfo): Promise<Response> {
    if (!this.app.hasHttp) return new Response("This deployment has no HTTP actions (convex/http.ts).", { status: 404 });
    const ctx: CallContext = newCallContext(`http ${request.method} ${new URL(request.url).pathname}`);
    const started = performance.now();
    let ok = true;
    try {
      const init: RequestInit & { duplex?: string } = {
        method: request.method,
        headers: request.headers,
      };
      if (request.method !== "GET" && request.method !== "HEAD") {
        init.body = Buffer.from(await request.arrayBuffer());
      }
      const response: Response = await runInRoot(() =>
        callContext.run(ctx, () => this.accessor(identity, client).fetch(request.url, init)),
      );
      ok = response.status < 500;
      return response;
    } catch (e: any) {
      ok = false;
      this.opts.log(`${ctx.udfPath} threw: ${convexGlobalNames(String(e?.stack ?? e))}`);
      return new Response(`Uncaught ${e?.name ?? "Error"}: ${convexGlobalNames(String(e?.message ?? e))}`, { status: 500 });
    } finally {
      this.record(ctx.udfPath, "http", "http", performance.now() - started, ok, ctx.stats);
    }
  }

  close(): void {
    this.closed = true;
    this.scheduler.close();
    this.crons.stop();
  }
}

/**
 * One id counter (and creation clock) for the app and all its components, so
 * an id names one document in the whole deployment (as Convex's ids, which
 * carry their table's number, do) and a commit's writes, the scheduler's jobs
 * and stored files are keyed by id alone. Persisted once, with the app's.
 */
function shareCounters(db: DatabaseFake, root: DatabaseFake): void {
  for (const field of ["_nextDocId", "_lastCreationTime"] as const) {
    Object.defineProperty(db, field, {
      get: () => root[field],
      set: (value: number) => {
        root[field] = value;
      },
      configurable: true,
    });
  }
}

/** `process.env` in a component's default-runtime modules (default-runtime-globals.ts reads it through this hook). */
(globalThis as any)[Symbol.for("local-convex:componentEnv")] = () => componentScope.getStore()?.env ?? null;
