// Seeding a running runtime through convex/seed/run.ts (used by scripts/start.ts
// and scripts/seed.ts).
import type { ConvexHttpClient } from "convex/browser";
import type { FunctionReturnType } from "convex/server";
import { internal } from "../../convex/_generated/api";
import { DEFAULT_COUNTS, DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../convex/seed/data";
import { asAdminCallable } from "./convex";

const refs = {
  run: asAdminCallable(internal.seed.run.run),
  status: asAdminCallable(internal.seed.run.status),
  stats: asAdminCallable(internal.seed.run.stats),
};

export { DEFAULT_COUNTS, DEMO_ACCOUNTS, DEMO_PASSWORD };

export interface SeedOptions {
  professionals?: number;
  homeowners?: number;
  jobs?: number;
  seed?: number;
}

export async function seedStatus(client: ConvexHttpClient) {
  return await client.query(refs.status, {});
}

export async function runSeed(client: ConvexHttpClient, options: SeedOptions = {}) {
  return await client.action(refs.run, {
    ...(options.professionals !== undefined ? { professionals: options.professionals } : {}),
    ...(options.homeowners !== undefined ? { homeowners: options.homeowners } : {}),
    ...(options.jobs !== undefined ? { jobs: options.jobs } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  });
}

export type UserCounts = Awaited<ReturnType<typeof countUsers>>;

/** Counts users page by page (each page is its own query, as Convex's read limits require). */
export async function countUsers(client: ConvexHttpClient) {
  const total = { users: 0, professionals: 0, homeowners: 0, noUserType: 0, seeded: 0, admins: 0, emailVerified: 0 };
  let cursor: string | null = null;
  for (;;) {
    const page: FunctionReturnType<typeof refs.stats> = await client.query(refs.stats, { cursor });
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += page.counts[key];
    if (page.isDone) return total;
    cursor = page.continueCursor;
  }
}

export function formatCounts(c: UserCounts): string {
  const n = (x: number) => x.toLocaleString("en-US");
  return (
    `${n(c.users)} users: ${n(c.professionals)} professionals, ${n(c.homeowners)} homeowners` +
    (c.noUserType ? `, ${n(c.noUserType)} without a type` : "") +
    `; ${n(c.seeded)} seeded, ${n(c.admins)} admin, ${n(c.emailVerified)} with a verified email`
  );
}

/** The demo logins, one per line, for the start banner. */
export function demoAccountLines(): string[] {
  return DEMO_ACCOUNTS.map((a) => `${a.label.padEnd(13)} ${a.email}`);
}
