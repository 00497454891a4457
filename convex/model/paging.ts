// Every list a client can ask for is capped on the server, whatever the caller
// asks: REST caps at 100 too, and direct calls get the same ceiling.
import type { PaginationOptions } from "convex/server";

/** The largest page any public list returns. */
export const MAX_PAGE_SIZE = 100;

/** A whole number of rows between 1 and `max`, `fallback` when not given. */
export function pageSize(requested: number | undefined, fallback: number, max: number = MAX_PAGE_SIZE): number {
  const n = requested === undefined || !Number.isFinite(requested) ? fallback : Math.floor(requested);
  return Math.min(Math.max(n, 1), max);
}

/** `paginationOpts` with `numItems` capped, for `.paginate()`. */
export function cappedPagination(opts: PaginationOptions, max: number = MAX_PAGE_SIZE): PaginationOptions {
  return { ...opts, numItems: pageSize(opts.numItems, Math.min(20, max), max) };
}
