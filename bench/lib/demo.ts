// What the "documents read" benches start from: the demo users, the first page, the case
// helper, and (jobs, scrap) the whole run when one seed mutation grows the table.
import { runReadsBench, sizesFlag, type Call, type ReadCase } from "./reads";

/** The first page of 20 a list case asks for. */
export const FIRST_PAGE = { numItems: 20, cursor: null };

/** One case: `as`, the user id to call as (null: anonymous). */
export const readCase = (label: string, udfPath: string, args: Record<string, unknown>, as: string | null = null): ReadCase => ({
  label,
  udfPath,
  args,
  as,
});

/** Seeds the demo users (seed/run:run, no demo jobs); the ids of the demo homeowner and the demo professional (in Austin). */
export async function seedDemoUsers(call: Call): Promise<{ owner: string; pro: string }> {
  await call("seed/run:run", { jobs: 0 });
  const idOf = async (email: string) => (await call("seed/run:userByEmail", { email })).value as string;
  return { owner: await idOf("owner@rafter.test"), pro: await idOf("pro@rafter.test") };
}

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
      const users = await seedDemoUsers(call);
      owner = users.owner;
      return bench.cases(users);
    },
    async grow(call, from, to) {
      for (let start = from; start < to; start += bench.batch) {
        await call(bench.growWith, { [bench.ownerArg]: owner, start, count: Math.min(bench.batch, to - start), seed: 7 });
      }
    },
  });
}
