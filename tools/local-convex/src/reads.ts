// What a function read: the tables behind each query, get and count (for
// reactivity), and live pagination that keeps the range it first returned.
import { convexToJson, getDocumentSize, jsonToConvex } from "convex/values";
import { callContext, tableOfId, tableOfQuery } from "./context.js";
import type { ConvexGlobal } from "./internals.js";
import { searchPage } from "./search.js";
import { wrapAsyncSyscall, wrapSyscall } from "./syscalls.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
/** Records the tables each query, `db.get` and count reads in the call's context. */
export function patchReadTracking(global: ConvexGlobal): void {
  const db = global.components[""].db;
  const read = (table: string | null | undefined) => {
    if (table) callContext.getStore()?.readTables.add(table);
  };
  wrapSyscall(global, {
    "1.0/queryStream": (jsonArgs, next) => {
      read(tableOfQuery(JSON.parse(jsonArgs).query));
      return next("1.0/queryStream", jsonArgs);
    },
    "1.0/queryCleanup": (jsonArgs, next) => {
      // convex-test keeps an abandoned stream's state forever otherwise.
      delete db._queryResults[JSON.parse(jsonArgs).queryId];
      return next("1.0/queryCleanup", jsonArgs);
    },
  });
  wrapAsyncSyscall(global, {
    "1.0/get": (jsonArgs, next) => {
      const { table, id } = JSON.parse(jsonArgs);
      read(table ?? (typeof id === "string" ? tableOfId(id) : null));
      return next("1.0/get", jsonArgs);
    },
    "1.0/count": (jsonArgs, next) => {
      read(JSON.parse(jsonArgs).table);
      return next("1.0/count", jsonArgs);
    },
  });
}

/**
 * A live paginated query keeps the range it first returned: its journal holds
 * the end cursor, so inserted rows grow the page instead of pushing rows off
 * its end.
 */
export function patchPagination(global: ConvexGlobal): void {
  wrapAsyncSyscall(global, {
    "1.0/queryPage": async (jsonArgs, next) => {
      const ctx = callContext.getStore();
      const args = JSON.parse(jsonArgs);
      const table = tableOfQuery(args.query);
      if (table) ctx?.readTables.add(table);
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
        result = searchPage(global.components[""].db, args, (doc) => tracker?.trackRead(getDocumentSize(doc)));
      } else {
        result = jsonToConvex(JSON.parse(await next("1.0/queryPage", JSON.stringify(args))));
      }
      if (args.endCursor && args.endCursor !== "_end_cursor") {
        // The page ends where it ended before, even if that document is gone.
        result.continueCursor = args.endCursor;
        result.isDone = false;
      }
      if (ctx) {
        ctx.journalOut = JSON.stringify({ endCursor: result.continueCursor });
        ctx.stats.documentsScanned += result.page.length;
      }
      return JSON.stringify(convexToJson(result));
    },
  });
}
