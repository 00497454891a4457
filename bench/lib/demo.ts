// What the "documents read" benches start from: the demo users, and the cases they call.
import type { Call, ReadCase } from "./reads";

/** The first page of 20 a list case asks for. */
export const FIRST_PAGE = { numItems: 20, cursor: null };

/** One case: `as`, the user id to call as (null: anonymous). */
export const readCase = (label: string, udfPath: string, args: Record<string, unknown>, as: string | null = null): ReadCase => ({
  label,
  udfPath,
  args,
  as,
});

/** Seeds the demo users (seed/run:run, no demo jobs); the ids of the demo homeowner and professional (in Austin). */
export async function seedDemoUsers(call: Call): Promise<{ owner: string; pro: string }> {
  await call("seed/run:run", { jobs: 0 });
  const idOf = async (email: string) => (await call("seed/run:userByEmail", { email })).value as string;
  return { owner: await idOf("owner@rafter.test"), pro: await idOf("pro@rafter.test") };
}
