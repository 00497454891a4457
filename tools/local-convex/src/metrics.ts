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

/**
 * Reactivity: how much work commits cause. A subscription re-runs when a
 * commit's writes touch its read set (readsets.ts); identical subscriptions
 * share one execution, so `executions` can be lower than `reruns`.
 */
export interface ReactivityMetrics {
  /** Commits that wrote at least one document. */
  commits: number;
  /** Subscriptions whose read set was compared with new writes. */
  checked: number;
  /** Subscriptions re-run because a commit touched what they read. */
  reruns: number;
  /** Query executions those re-runs took (after sharing between identical subscriptions). */
  executions: number;
}

export const newReactivityMetrics = (): ReactivityMetrics => ({ commits: 0, checked: 0, reruns: 0, executions: 0 });
