// What the engine's parts (scheduler, crons, storage) may ask of it. The
// convex-test instance is replaced on a reload, so they reach it through here.
import type { CallOptions, CallOutcome, Identity, Space } from "./engine.js";
import type { DatabaseFake } from "./internals.js";
import type { FunctionKind } from "./loader.js";

export interface EngineHost {
  /** The root component's database of the current convex-test instance. */
  readonly db: DatabaseFake;
  readonly closed: boolean;
  /** Runs `fn` as one transaction, outside any caller's context. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  call(udfPath: string, args: unknown, identity: Identity | null, options?: CallOptions): Promise<CallOutcome>;
  /** The ids in a table of the app ("") or of a component instance. */
  idsOf(table: string, componentPath?: string): Iterable<string>;
  /** Whether `udfPath` (of the app, or of a component instance) is a query, mutation or action (null: no such function). */
  kindOf(udfPath: string, componentPath?: string): FunctionKind | null;
  /** The database of the app ("") or of a component instance; null if none is installed at that path. */
  dbOf(componentPath: string): DatabaseFake | null;
  /** The app and every installed component instance. */
  spaces(): Iterable<Space>;
  /** Logs a line when function calls are logged (not --quiet). */
  logCall(line: string): void;
}
