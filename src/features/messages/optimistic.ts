/** Optimistic messages (shown while a send is in flight) carry an id with this prefix. */
export const OPTIMISTIC_PREFIX = "optimistic-";
export function isOptimistic(id: string): boolean {
  return id.startsWith(OPTIMISTIC_PREFIX);
}
