// Stand-ins for outside services: a function's `fetch` of a given address prefix is sent to
// another (`--route-fetch https://api.resend.com/={site}/dev/resend/`), so a component that
// calls a fixed API address (as @convex-dev/resend calls Resend's) reaches a local stand-in
// served by the app itself. Only the prefixes given are rerouted; nothing is by default.

export interface FetchRoute {
  from: string;
  /** May contain `{site}`: the deployment's site URL (CONVEX_SITE_URL). */
  to: string;
}

/** Parses `from=to` pairs; `from` must be an http(s) URL prefix ending in "/". */
export function parseFetchRoutes(values: string[]): FetchRoute[] {
  return values.map((value) => {
    const at = value.indexOf("=");
    const from = at > 0 ? value.slice(0, at) : "";
    const to = at > 0 ? value.slice(at + 1) : "";
    if (!/^https?:\/\/[^/]+\/.*$/.test(from) || !from.endsWith("/") || !to.endsWith("/")) {
      throw new Error(`local-convex: --route-fetch wants <from prefix>=<to prefix>, both ending in "/" (got ${value})`);
    }
    return { from, to };
  });
}

/** Where a request to `url` goes, or null when no route matches. */
export function routedUrl(url: string, routes: FetchRoute[], siteUrl: string): string | null {
  for (const route of routes) {
    if (url.startsWith(route.from)) return route.to.replace("{site}", siteUrl.replace(/\/$/, "")) + url.slice(route.from.length);
  }
  return null;
}

/** Replaces the process's fetch with one that applies the routes (the functions run in this process). */
export function installFetchRoutes(routes: FetchRoute[], siteUrl: () => string): void {
  if (routes.length === 0) return;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const target = routedUrl(url, routes, siteUrl());
    if (target === null) return realFetch(input, init);
    return input instanceof Request ? realFetch(new Request(target, input), init) : realFetch(target, init);
  };
}
