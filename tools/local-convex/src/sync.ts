// One WebSocket client of the Convex sync protocol: its query set, identity
// and versions, and the transitions that keep its subscriptions live.
import { convexToJson, jsonToConvex } from "convex/values";
import type { WebSocket } from "ws";
import { AuthError, type TokenVerifier } from "./auth.js";
import type { CallOutcome, Engine, Identity, RequestInfo } from "./engine.js";
import type { ReadSet, WriteSet } from "./readsets.js";
import { tracer, traceNow, type RefreshTrace } from "./trace.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
export function encodeTs(ts: bigint): string {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(ts);
  return bytes.toString("base64");
}

interface Version {
  querySet: number;
  identity: number;
  ts: bigint;
}

interface Subscription {
  udfPath: string;
  /** The component instance the client named (only an admin's subscription runs one). */
  componentPath: string;
  args: any;
  argsJson: string;
  journal: string | null;
  /** What its last run read; null before its first run. */
  reads: ReadSet | null;
  /** What the client last saw, to send only real changes. */
  lastSent: string | null;
}

/** Results shared by every subscriber of the same query, args, identity and journal until the next commit. */
export class ResultCache {
  private map = new Map<string, Promise<CallOutcome>>();
  clear() {
    this.map.clear();
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  get(key: string, run: () => Promise<CallOutcome>): Promise<CallOutcome> {
    let hit = this.map.get(key);
    if (!hit) {
      hit = run();
      this.map.set(key, hit);
    }
    return hit;
  }
}

// Mutation results kept per session so a mutation re-sent after a reconnect
// runs once. A session's results go 10 minutes after its last mutation: a
// client that has not reconnected by then has given up on those requests.
const SESSION_CACHE_LIMIT = 1000;
const SESSION_TTL_MS = 10 * 60 * 1000;
const sessionResults = new Map<string, { results: Map<number, Promise<any>>; lastUsed: number }>();
let lastSweep = Date.now();

function sessionCache(sessionId: string): Map<number, Promise<any>> {
  const now = Date.now();
  if (now - lastSweep > 60_000) {
    lastSweep = now;
    for (const [id, entry] of sessionResults) if (now - entry.lastUsed > SESSION_TTL_MS) sessionResults.delete(id);
  }
  let entry = sessionResults.get(sessionId);
  if (!entry) sessionResults.set(sessionId, (entry = { results: new Map(), lastUsed: now }));
  entry.lastUsed = now;
  return entry.results;
}

let nextConnectionId = 1;

/**
 * Refreshes take turns, one connection at a time, in the order commits hand
 * them out (the committing client last, see runtime.ts): re-runs are CPU work
 * on one thread, so interleaving them would only make every client wait for
 * all of them. A refresh leaves the lane before waiting for the fsync.
 */
let refreshLane: Promise<unknown> = Promise.resolve();
function inRefreshLane<T>(task: () => Promise<T>): Promise<T> {
  const run = refreshLane.then(task);
  refreshLane = run.catch(() => undefined);
  return run;
}

export class SyncConnection {
  /** Names the connection in the trace. */
  private readonly id = nextConnectionId++;
  /** When the oldest of `pendingWrites` was handed over (trace only). */
  private pendingSince = 0;
  private version: Version = { querySet: 0, identity: 0, ts: 0n };
  private identity: Identity | null = null;
  private isAdmin = false;
  private identityKey = "anonymous";
  private sessionId = "";
  private clockSkew: number | undefined;
  private queries = new Map<number, Subscription>();
  private queue: Promise<void> = Promise.resolve();
  /** Commits since the last refresh started: checked against each subscription's last read set. */
  private pendingWrites: WriteSet[] = [];
  private refreshAll = false;
  private refreshQueued = false;
  /** A MutationResponse went out: the client resolves it only on a later Transition. */
  private mutationAwaitingTransition = false;
  private closed = false;

  constructor(
    private ws: WebSocket,
    private engine: Engine,
    private verifier: () => TokenVerifier,
    private cache: ResultCache,
    private log: (line: string) => void,
    private request: RequestInfo,
  ) {}

  /** When the last message went out: an idle connection gets a Ping (see runtime.ts). */
  lastSent = Date.now();

  private send(message: Record<string, unknown>, trace?: RefreshTrace) {
    if (!this.closed && this.ws.readyState === this.ws.OPEN) {
      const data = JSON.stringify(message);
      if (trace) {
        trace.transitionAt = traceNow();
        trace.bytes = data.length;
        this.ws.send(data, () => (trace.writtenAt = traceNow()));
      } else this.ws.send(data);
      this.lastSent = Date.now();
    }
  }

  /** Convex's server pings a connection that has had nothing else for a while; the client reconnects after 60 s of silence. */
  keepAlive(idleMs: number) {
    if (Date.now() - this.lastSent >= idleMs) this.send({ type: "Ping" });
  }

  private enqueue(task: () => Promise<void>) {
    this.queue = this.queue.then(task).catch((e) => {
      this.log(`sync: connection error: ${e?.stack ?? e}`);
      this.send({ type: "FatalError", error: String(e?.message ?? e) });
      this.ws.close(1011, "InternalServerError");
    });
  }

  close() {
    this.closed = true;
  }

  /** A frame from the client; `receivedAt` is when it arrived (trace only). */
  handle(raw: string, receivedAt = 0) {
    let message: any;
    try {
      message = JSON.parse(raw);
    } catch {
      this.send({ type: "FatalError", error: "Invalid message: not JSON" });
      this.ws.close(1002, "InvalidMessage");
      return;
    }
    switch (message.type) {
      case "Connect": {
        this.sessionId = String(message.sessionId);
        // As Convex: the client's clock minus the server's, in milliseconds
        // (the client subtracts it from its own time to estimate the server's).
        if (typeof message.clientTs === "number") this.clockSkew = message.clientTs - Date.now();
        return;
      }
      case "Authenticate":
        return this.enqueue(() => this.authenticate(message));
      case "ModifyQuerySet":
        return this.enqueue(() => this.modifyQuerySet(message));
      case "Mutation":
        return this.enqueue(() => this.mutation(message, receivedAt));
      case "Action":
        void this.action(message);
        return;
      case "Event":
        return;
      default:
        this.send({ type: "FatalError", error: `Unknown message type ${message.type}` });
        this.ws.close(1002, "InvalidMessage");
    }
  }

  /**
   * A commit wrote `writes`: re-run the subscriptions whose read sets they
   * touch. Checked at the next refresh, against each subscription's latest
   * run (a run in flight during this commit is checked once it has finished).
   */
  invalidate(writes: WriteSet | "all") {
    if (writes === "all") this.refreshAll = true;
    else {
      if (tracer && this.pendingWrites.length === 0) this.pendingSince = traceNow();
      this.pendingWrites.push(writes);
    }
    this.scheduleRefresh();
  }

  private scheduleRefresh() {
    if (this.refreshQueued) return;
    this.refreshQueued = true;
    this.enqueue(async () => {
      this.refreshQueued = false;
      await this.refresh();
    });
  }

  /**
   * Query results go out only once the commits they may reflect are on disk
   * (the re-runs ran meanwhile, beside the fsync).
   */
  private async durable(): Promise<void> {
    const pending = this.engine.durable();
    if (pending) await pending;
  }

  private transition(modifications: any[], next: Partial<Version>, trace?: RefreshTrace) {
    const endVersion: Version = { ...this.version, ...next };
    this.send(
      {
        type: "Transition",
        startVersion: {
          querySet: this.version.querySet,
          identity: this.version.identity,
          ts: encodeTs(this.version.ts),
        },
        endVersion: { querySet: endVersion.querySet, identity: endVersion.identity, ts: encodeTs(endVersion.ts) },
        modifications,
        // serverTs: when the Transition left the server, in nanoseconds.
        ...(this.clockSkew !== undefined ? { clientClockSkew: this.clockSkew, serverTs: Date.now() * 1e6 } : {}),
      },
      trace,
    );
    this.version = endVersion;
  }

  private async runSubscription(queryId: number, sub: Subscription, trace?: RefreshTrace): Promise<any | null> {
    const key = `${sub.componentPath}\u0000${sub.udfPath}\u0000${sub.argsJson}\u0000${this.identityKey}\u0000${sub.journal}`;
    const shared = trace ? this.cache.has(key) : false;
    const started = trace ? traceNow() : 0;
    const outcome = await this.cache.get(key, () => {
      this.engine.reactivity.executions += 1;
      return this.engine.call(sub.udfPath, sub.args, this.identity, {
        publicOnly: !this.isAdmin,
        componentPath: sub.componentPath,
        kind: "query",
        journal: sub.journal,
        caller: "subscription",
      });
    });
    if (trace) trace.reruns.push({ udfPath: sub.udfPath, ms: traceNow() - started, shared });
    sub.reads = outcome.reads;
    const journal = outcome.journal ?? sub.journal;
    sub.journal = journal;
    const modification = outcome.success
      ? { type: "QueryUpdated", queryId, value: convexToJson(outcome.value as any), logLines: outcome.logLines, journal }
      : {
          type: "QueryFailed",
          queryId,
          errorMessage: outcome.errorMessage,
          ...(outcome.errorData !== undefined ? { errorData: outcome.errorData } : {}),
          logLines: outcome.logLines,
          journal,
        };
    const fingerprint = JSON.stringify(
      outcome.success ? ["ok", modification.value, journal] : ["err", outcome.errorMessage, (modification as any).errorData],
    );
    if (fingerprint === sub.lastSent) return null;
    sub.lastSent = fingerprint;
    return modification;
  }

  private async refresh() {
    const { modifications, ts, trace } = await inRefreshLane(() => this.rerun());
    if (modifications.length > 0 || this.mutationAwaitingTransition) {
      const waiting = trace ? traceNow() : 0;
      await this.durable();
      if (trace) trace.durableWaitMs = traceNow() - waiting;
      this.mutationAwaitingTransition = false;
      this.transition(modifications, { ts: ts > this.version.ts ? ts : this.version.ts }, trace);
    }
  }

  /** Re-runs the subscriptions the pending commits touched (all of them after a reload). */
  private async rerun(): Promise<{ modifications: any[]; ts: bigint; trace: RefreshTrace | undefined }> {
    const ts = this.engine.lastCommitTs;
    const all = this.refreshAll;
    const writes = this.pendingWrites;
    this.refreshAll = false;
    this.pendingWrites = [];
    const modifications: any[] = [];
    const metrics = this.engine.reactivity;
    const trace = tracer ? this.refreshTrace(writes) : undefined;
    for (const [queryId, sub] of this.queries) {
      if (!all && sub.reads) {
        if (writes.length === 0) continue;
        metrics.checked += 1;
        if (trace) trace.checked += 1;
        const reads = sub.reads;
        if (!writes.some((w) => reads.touchedBy(w))) continue;
      }
      if (!all) metrics.reruns += 1;
      const mod = await this.runSubscription(queryId, sub, trace);
      if (mod && this.queries.get(queryId) === sub) modifications.push(mod);
    }
    return { modifications, ts, trace };
  }

  /** The trace of a refresh, attached to each traced mutation whose commit it covers. */
  private refreshTrace(writes: WriteSet[]): RefreshTrace | undefined {
    const traces = writes.map((w) => tracer!.of(w.ts)).filter((t) => t !== undefined);
    if (traces.length === 0) return undefined;
    const trace: RefreshTrace = {
      conn: this.id,
      subject: this.identity?.subject ?? null,
      queuedAt: this.pendingSince,
      start: traceNow(),
      checked: 0,
      reruns: [],
      durableWaitMs: 0,
      transitionAt: null,
      writtenAt: null,
      bytes: 0,
    };
    for (const t of traces) t.refreshes.push(trace);
    return trace;
  }

  private async authenticate(message: any) {
    const baseVersion: number = message.baseVersion;
    let identity: Identity | null = null;
    let admin = false;
    try {
      if (message.tokenType === "User") {
        identity = await this.verifier().verify(String(message.value));
      } else if (message.tokenType === "Admin") {
        const value = String(message.value);
        if (!this.verifier().isAdminKey(value)) throw new AuthError("Invalid admin key");
        admin = true;
        const acting = value.split(":")[1];
        if (acting) identity = JSON.parse(Buffer.from(acting, "base64").toString("utf8"));
      }
    } catch (e: any) {
      const error = e instanceof AuthError ? e.message : `Authentication failed: ${e?.message ?? e}`;
      this.send({ type: "AuthError", error, baseVersion, authUpdateAttempted: true });
      return;
    }
    this.identity = identity;
    this.isAdmin = admin;
    this.identityKey = admin ? `admin:${JSON.stringify(identity)}` : identity ? JSON.stringify(identity) : "anonymous";
    const modifications: any[] = [];
    for (const [queryId, sub] of this.queries) {
      const mod = await this.runSubscription(queryId, sub);
      if (mod) modifications.push(mod);
    }
    const ts = this.engine.lastCommitTs;
    await this.durable();
    this.transition(modifications, { identity: baseVersion + 1, ts: ts > this.version.ts ? ts : this.version.ts });
  }

  private async modifyQuerySet(message: any) {
    if (message.baseVersion !== this.version.querySet) {
      throw new Error(`ModifyQuerySet base version ${message.baseVersion} does not match ${this.version.querySet}`);
    }
    const ts = this.engine.lastCommitTs;
    const modifications: any[] = [];
    for (const change of message.modifications as any[]) {
      if (change.type === "Add") {
        const args = jsonToConvex(change.args?.[0] ?? {});
        const sub: Subscription = {
          udfPath: change.udfPath,
          componentPath: typeof change.componentPath === "string" ? change.componentPath : "",
          args,
          argsJson: JSON.stringify(change.args?.[0] ?? {}),
          journal: change.journal ?? null,
          reads: null,
          lastSent: null,
        };
        this.queries.set(change.queryId, sub);
        const mod = await this.runSubscription(change.queryId, sub);
        if (mod) modifications.push(mod);
      } else if (change.type === "Remove") {
        this.queries.delete(change.queryId);
        modifications.push({ type: "QueryRemoved", queryId: change.queryId });
      }
    }
    await this.durable();
    this.transition(modifications, { querySet: message.newVersion, ts: ts > this.version.ts ? ts : this.version.ts });
  }

  private async mutation(message: any, receivedAt = 0) {
    const requestId: number = message.requestId;
    const dequeued = tracer ? traceNow() : 0;
    const session = sessionCache(this.sessionId);
    let pending = session.get(requestId);
    if (!pending) {
      pending = this.engine.call(message.udfPath, jsonToConvex(message.args?.[0] ?? {}), this.identity, {
        publicOnly: !this.isAdmin,
        componentPath: typeof message.componentPath === "string" ? message.componentPath : "",
        kind: "mutation",
        request: this.request,
        origin: this,
        // Durable with the commit: a re-send after a restart of the runtime is answered, not re-run.
        ...(this.sessionId ? { mutationKey: `${this.sessionId}:${requestId}` } : {}),
        ...(tracer
          ? { trace: { received: receivedAt, dequeued, conn: this.id, subject: this.identity?.subject ?? null } }
          : {}),
      });
      session.set(requestId, pending);
      if (session.size > SESSION_CACHE_LIMIT) session.delete(session.keys().next().value!);
    }
    const outcome: CallOutcome = await pending;
    if (outcome.success) {
      const ts = outcome.commitTs ?? this.engine.lastCommitTs;
      this.send({
        type: "MutationResponse",
        requestId,
        success: true,
        result: convexToJson(outcome.value as any),
        ts: encodeTs(ts),
        logLines: outcome.logLines,
      });
      const trace = tracer && outcome.commitTs !== null ? tracer.of(outcome.commitTs) : undefined;
      if (trace) trace.responseAt = traceNow();
      // The client resolves the mutation on the next Transition whose ts reaches
      // the mutation's, even when no subscribed result changed.
      this.mutationAwaitingTransition = true;
      this.scheduleRefresh();
    } else {
      this.send({
        type: "MutationResponse",
        requestId,
        success: false,
        result: outcome.errorMessage,
        ...(outcome.errorData !== undefined ? { errorData: outcome.errorData } : {}),
        logLines: outcome.logLines,
      });
    }
  }

  private async action(message: any) {
    const outcome = await this.engine.call(message.udfPath, jsonToConvex(message.args?.[0] ?? {}), this.identity, {
      publicOnly: !this.isAdmin,
      componentPath: typeof message.componentPath === "string" ? message.componentPath : "",
      kind: "action",
      request: this.request,
    });
    this.send(
      outcome.success
        ? {
            type: "ActionResponse",
            requestId: message.requestId,
            success: true,
            result: convexToJson(outcome.value as any),
            logLines: outcome.logLines,
          }
        : {
            type: "ActionResponse",
            requestId: message.requestId,
            success: false,
            result: outcome.errorMessage,
            ...(outcome.errorData !== undefined ? { errorData: outcome.errorData } : {}),
            logLines: outcome.logLines,
          },
    );
  }
}
