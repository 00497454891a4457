// What a function read: the index ranges, ids and tables behind each query,
// page, get and count (for reactivity, see readsets.ts), and live pagination
// that keeps the range it first returned.
import { convexToJson, getDocumentSize, jsonToConvex } from "convex/values";
import { callContext, qualifiedTable } from "./context.js";
import type { Space } from "./engine.js";
import type { ConvexGlobal } from "./internals.js";
import { streamKey } from "./readsets.js";
import { searchPage } from "./search.js";
import { wrapAsyncSyscall, wrapSyscall } from "./syscalls.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
/**
 * Records what each query stream, `db.get` and count reads in the call's read
 * set (readsets.ts). `current` is the database of the component whose function
 * runs (query ids are per database, as convex-test keeps them).
 */
export function patchReadTracking(global: ConvexGlobal, current: () => Space): void {
  const reads = () => callContext.getStore()?.reads;
  wrapSyscall(global, {
    "1.0/queryStream": (jsonArgs, next) => {
      const result = next("1.0/queryStream", jsonArgs);
      const set = reads();
      const { db, path } = current();
      if (set) set.openStream(db, path, JSON.parse(result).queryId, JSON.parse(jsonArgs).query);
      return result;
    },
    "1.0/queryCleanup": (jsonArgs, next) => {
      // convex-test keeps an abandoned stream's state forever otherwise.
      delete current().db._queryResults[JSON.parse(jsonArgs).queryId];
      return next("1.0/queryCleanup", jsonArgs);
    },
  });
  // Each document a stream returns, unparsed: where a stream stopped bounds what it read.
  // Query ids are per database: each keeps its own streams' reads apart.
  for (const [path, component] of Object.entries(global.components)) {
    const db = component.db;
    const queryNext = db.queryNext.bind(db);
    db.queryNext = (queryId: number) => {
      const result = queryNext(queryId);
      reads()?.streamNext(streamKey(path, queryId), result.value, result.done);
      return result;
    };
  }
  wrapAsyncSyscall(global, {
    "1.0/get": (jsonArgs, next) => {
      const { id } = JSON.parse(jsonArgs);
      // A point on the id, also when the document does not exist (yet).
      if (typeof id === "string") reads()?.id(id);
      return next("1.0/get", jsonArgs);
    },
    "1.0/count": (jsonArgs, next) => {
      const table = JSON.parse(jsonArgs).table;
      if (table) reads()?.wholeTable(qualifiedTable(current().path, table));
      return next("1.0/count", jsonArgs);
    },
  });
}

/**
 * A live paginated query keeps the range it first returned: its journal holds
 * the end cursor, so inserted rows grow the page instead of pushing rows off
 * its end.
 */
export function patchPagination(global: ConvexGlobal, current: () => Space): void {
  wrapAsyncSyscall(global, {
    "1.0/queryPage": async (jsonArgs, next) => {
      const ctx = callContext.getStore();
      const args = JSON.parse(jsonArgs);
      if (ctx?.journalIn && !args.endCursor) {
        try {
          const journal = JSON.parse(ctx.journalIn);
          if (journal?.endCursor) args.endCursor = journal.endCursor;
        } catch {
          // A journal we did not write: run as a first execution.
        }
      }
      let result: any;
      if (args.query?.source?.type === "Search") {
        const tracker = (global.transactionManager as any).getMetricsTracker?.();
        tracker?.trackIndexRange();
        result = searchPage(current().db, args, (doc) => tracker?.trackRead(getDocumentSize(doc)));
        // Other pages count what they scanned themselves (paginate.ts).
        if (ctx) ctx.stats.documentsScanned += result.page.length;
      } else {
        result = jsonToConvex(JSON.parse(await next("1.0/queryPage", JSON.stringify(args))));
      }
      if (args.endCursor && args.endCursor !== "_end_cursor") {
        // The page ends where it ended before, even if that document is gone.
        result.continueCursor = args.endCursor;
        result.isDone = false;
      }
      if (ctx) {
        // The range up to the page's end, as Convex records a page's read.
        const { db, path } = current();
        ctx.reads.page(
          db,
          path,
          args.query,
          args.cursor ?? null,
          result.isDone ? null : result.continueCursor,
          result.page,
        );
        ctx.journalOut = JSON.stringify({ endCursor: result.continueCursor });
      }
      return JSON.stringify(convexToJson(result));
    },
  });
}
