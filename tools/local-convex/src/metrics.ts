// Documents and bytes read and written per call, as Convex's dashboard counts
// them: convex-test's transaction metrics, read as the top-level transaction ends.
import { callContext } from "./context.js";
import type { TransactionManager } from "./internals.js";

export function patchMetrics(tm: TransactionManager): void {
  const readMetrics = () => {
    const tracker = tm._metricsTracker;
    const ctx = callContext.getStore();
    if (!tracker || !ctx) return;
    try {
      const m = tracker.getTransactionMetrics();
      ctx.stats.documentsRead += m.documentsRead.used;
      ctx.stats.bytesRead += m.bytesRead.used;
      ctx.stats.documentsWritten += m.documentsWritten.used;
      ctx.stats.bytesWritten += m.bytesWritten.used;
      ctx.stats.databaseQueries += m.databaseQueries.used;
    } catch {
      // No open layer: nothing to count.
    }
  };
  const commit = tm.commit.bind(tm);
  tm.commit = (isNested: boolean) => {
    if (!isNested) readMetrics();
    return commit(isNested);
  };
  const rollback = tm.rollback.bind(tm);
  tm.rollback = (isNested: boolean) => {
    if (!isNested) readMetrics();
    return rollback(isNested);
  };
}
