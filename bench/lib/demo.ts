// The "documents read" benches that start from the demo users and grow one table through a
// seed mutation (jobs, scrap): the shared setup, the first page and the case helper.
import { runReadsBench, sizesFlag, type ReadCase } from "./reads";

/** The first page of 20 a list case asks for. */
export const FIRST_PAGE = { numItems: 20, cursor: null };

/** One case: `as`, the user id to call as (null: anonymous). */
export const readCase = (label: string, udfPath: string, args: Record<string, unknown>, as: string | null = null): ReadCase => ({
  label,
  udfPath,
  args,
  as,
});

export interface DemoReadsBench {
  name: string;
  rowsLabel: string;
  /** Table sizes when --sizes is not given, e.g. "1000,50000". */
  defaultSizes: string;
  /** The seed mutation that adds rows, called with { [ownerArg]: the demo homeowner, start, count, seed } per batch. */
  growWith: string;
  ownerArg: string;
  /** Rows per call (Convex caps the index ranges and documents one call may touch). */
  batch: number;
  /** The cases, given the demo homeowner's and the demo professional's (in Austin) ids. */
  cases: (users: { owner: string; pro: string }) => ReadCase[];
}

/** Seeds the demo users (seed/run:run, no demo jobs), then runs `runReadsBench`, growing the table in batches. */
export async function runDemoReadsBench(bench: DemoReadsBench): Promise<void> {
  let owner = "";
  await runReadsBench({
    name: bench.name,
    rowsLabel: bench.rowsLabel,
    sizes: sizesFlag(process.argv, bench.defaultSizes),
    async setup(call) {
      await call("seed/run:run", { jobs: 0 });
      const idOf = async (email: string) => (await call("seed/run:userByEmail", { email })).value as string;
      owner = await idOf("owner@rafter.test");
      return bench.cases({ owner, pro: await idOf("pro@rafter.test") });
    },
    async grow(call, from, to) {
      for (let start = from; start < to; start += bench.batch) {
        await call(bench.growWith, { [bench.ownerArg]: owner, start, count: Math.min(bench.batch, to - start), seed: 7 });
      }
    },
  });
}
