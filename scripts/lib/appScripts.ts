// The app's first-load JS: the scripts index.html has the browser fetch before any
// page code runs (the entry, its modulepreloads, and the `#app-scripts` list the
// prerendered pages' inline loader reads). Read by bench/lighthouse.ts and by the
// budget check in e2e/budget.spec.ts, so both count the same files.

/** Budget for the app's first-load JS, gzip (bench/README.md). */
export const FIRST_LOAD_BUDGET_GZIP_BYTES = 120_000;

/** The script paths (as written in the HTML, e.g. "/assets/index-abc.js") the app's HTML loads first. */
export function appScriptPaths(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) files.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)) files.add(match[1]);
  const json = /<script type="application\/json" id="app-scripts">([^<]*)<\/script>/.exec(html)?.[1];
  if (json) {
    const scripts = JSON.parse(json) as { entry: string; preload: string[] };
    for (const file of [scripts.entry, ...scripts.preload]) files.add(file);
  }
  return [...files];
}
