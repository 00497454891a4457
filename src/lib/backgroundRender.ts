// List pages render their cards from `useDeferredValue(queryResult)`: when a page of results
// arrives, React first commits the cheap update (the placeholders stay) and then renders the cards
// in its background pass, which yields to the browser every few milliseconds. Rendered in the
// query's own (synchronous) update, a page of cards was one long main-thread task: on /feed,
// Lighthouse's mobile preset measured 615–896 ms of blocking time before, 214 ms after.

/** True while a page of results has arrived but its cards have not rendered yet (keep the skeleton). */
export function stillRendering(shown: readonly unknown[], live: readonly unknown[]): boolean {
  return shown.length === 0 && live.length > 0;
}
