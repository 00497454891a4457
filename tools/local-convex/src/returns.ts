// Return values (and documents written) checked against their validators without
// exceptions. convex-test's validateValidator tries each member of a union
// and catches the Error the others throw; building an Error captures a stack,
// so a `v.union(v.string(), v.null())` field cost tens of microseconds per
// row: 4-10 ms for a thread page of 100 messages, re-run for every new message.
// `surelyValid` answers the common case; only a value it is not sure of goes
// to convex-test's own check, which gives the same result and error text.
import { CommitTsPlaceholder, convexToJson, jsonToConvex, type Value } from "convex/values";
import type { ConvexGlobal, DatabaseFake, Internals } from "./internals.js";

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * True only if convex-test's validateValidator would accept `value`; false
 * when it would refuse it or when this check is not sure (then ask it).
 */
export function surelyValid(validator: any, value: unknown, tableNameFromId: (id: string) => string | null): boolean {
  switch (validator?.type) {
    case "null":
      return value === null;
    case "number":
      return typeof value === "number";
    case "bigint":
      return typeof value === "bigint";
    case "boolean":
      return typeof value === "boolean";
    case "string":
      return typeof value === "string";
    case "any":
      return true;
    case "literal":
      return value === validator.value;
    case "id":
      return typeof value === "string" && tableNameFromId(value) === validator.tableName;
    case "array":
      if (!Array.isArray(value)) return false;
      for (const item of value) if (!surelyValid(validator.value, item, tableNameFromId)) return false;
      return true;
    case "union":
      for (const member of validator.value) if (surelyValid(member, value, tableNameFromId)) return true;
      return false;
    case "object": {
      if (typeof value !== "object" || value === null) return false;
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      const fields = validator.value;
      const record = value as Record<string, unknown>;
      for (const key in fields) {
        const { fieldType, optional } = fields[key];
        if (record[key] === undefined) {
          if (!optional) return false;
        } else if (!surelyValid(fieldType, record[key], tableNameFromId)) return false;
      }
      for (const key of Object.keys(record)) if (fields[key] === undefined) return false;
      return true;
    }
    default:
      // bytes, commit timestamps, anything newer: convex-test decides.
      return false;
  }
}

/** Commit timestamps not yet assigned are validated as the largest int64, as convex-test does (`resolvePendingValues`). */
const MAX_COMMIT_TS = 2n ** 63n - 1n;

/**
 * A commit-timestamp placeholder (`ctx.db.vars.commitTs`). Each bundle carries
 * its own copy of convex/values, so its class is not this module's: known by
 * name (bundles keep names).
 */
function isPlaceholder(value: unknown): boolean {
  return (
    value instanceof CommitTsPlaceholder ||
    (typeof value === "object" && value !== null && value.constructor?.name === "CommitTsPlaceholder")
  );
}

/** `value` with its placeholders resolved to i64 max, walking arrays and plain objects only (as convex-test does). */
function resolvePending(value: unknown): unknown {
  if (isPlaceholder(value)) return MAX_COMMIT_TS;
  if (Array.isArray(value)) return value.map(resolvePending);
  if (typeof value === "object" && value !== null && Object.getPrototypeOf(value)?.constructor?.name === "Object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolvePending(v)]));
  }
  return value;
}

/**
 * Makes a query or mutation validate its own return value inside its handler
 * (convex-test then skips it): so a mutation's value is refused BEFORE its
 * transaction commits, as on Convex (convex-test checks after the commit, and
 * the writes stayed). Checked as convex-test checks it: on the value as the
 * client gets it, pending commit timestamps as i64 max, with its message.
 * Nested calls (ctx.runMutation, ctx.runQuery) run the same handler, so they
 * are checked before their writes join the caller's.
 */
export function validateReturnsInHandler(fn: any, kind: "query" | "mutation", udfPath: string, internals: Internals): void {
  const handler = fn._handler;
  const build = fn.exportReturns;
  if (typeof handler !== "function" || typeof build !== "function") return;
  const returns = JSON.parse(build.call(fn));
  if (returns === null) return;
  fn.exportReturns = () => "null";
  fn._handler = async function (this: unknown, ...args: unknown[]) {
    const value = await handler.apply(this, args);
    // The client gets null for undefined.
    if (surelyValid(returns, value === undefined ? null : value, internals.tableNameFromId)) return value;
    // Not sure: convex-test's own check, on the value as serialized (it checked the result of that round trip).
    const sent = jsonToConvex(convexToJson(resolvePending(value === undefined ? null : value) as Value));
    try {
      internals.validateValidator(returns, sent);
    } catch (e: any) {
      throw new Error(`Return value validation failed for ${kind} "${udfPath}":\n${e.message}`, { cause: e });
    }
    return value;
  };
}

/** Functions whose return value is already checked in their handler (a module object outlives a reload's failed build). */
const checking = new WeakSet<object>();

/**
 * Installs validateReturnsInHandler on every query and mutation as its module
 * is first loaded, so a function only ever called from another (an action's
 * ctx.runMutation) is checked before its commit too.
 */
export function patchReturnValidation(global: ConvexGlobal, internals: Internals): void {
  const seen = new WeakSet<object>();
  // The app's functions and every component's.
  for (const component of Object.values(global.components)) {
    const load = component.modules;
    component.modules = async (modulePath: string) => {
      const mod = await load(modulePath);
      if (mod && typeof mod === "object" && !seen.has(mod)) {
        seen.add(mod);
        for (const [name, fn] of Object.entries<any>(mod)) {
          if (!fn || checking.has(fn) || !(fn.isQuery || fn.isMutation)) continue;
          checking.add(fn);
          validateReturnsInHandler(fn, fn.isQuery ? "query" : "mutation", `${modulePath}:${name}`, internals);
        }
      }
      return mod;
    };
  }
}

/**
 * The same for documents written against the schema: convex-test validates
 * each insert, patch and replace with validateValidator; a document the quick
 * check is sure of skips it (one with pending commit timestamps never is).
 */
export function patchSchemaValidation(db: DatabaseFake, internals: Internals): void {
  const validate = db._validate.bind(db);
  db._validate = (tableName: string, doc: Record<string, unknown>) => {
    const validator = db._schema?.schemaValidation ? db._schema.tables.get(tableName)?.documentType : undefined;
    if (validator !== undefined && surelyValid(validator, doc, internals.tableNameFromId)) return;
    validate(tableName, doc);
  };
}
