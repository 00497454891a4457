import { ConvexAuthProvider } from "@convex-dev/auth/react";
import { ConvexProviderWithAuth, ConvexReactClient } from "convex/react";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { MemoryRouter } from "react-router-dom";
import { AppRoutes } from "@/app/router";
import { SessionProvider } from "@/app/session";
import { ToastProvider } from "@/components/ui";
import { takePrerenderedTitle } from "@/lib/usePageTitle";

export { PRERENDERED_ROUTES, prerenderFile } from "./routes";

// Build time only (scripts/prerender.ts runs this in Node through Vite): a public page as the app
// renders it for a signed-out visitor once the session has resolved: the app's own routes (the
// shell: header, main, footer; the page inside). The markup goes into the page's HTML file, shown
// before the app's code runs; src/prerender/handoff.ts swaps in the live app when it has rendered
// the same page. So this must render exactly what the browser's commit of the page renders (same
// providers, same session state; pages that read data show their loading state, as they do in
// the browser before the first answer).

/** A signed-out visitor: no session to wait for (the fake auth never loads, never signs in). */
function useSignedOutAuth() {
  return { isLoading: false, isAuthenticated: false, fetchAccessToken: async () => null };
}

/** In-memory storage for the auth provider (no localStorage in Node; nothing is ever stored). */
const noStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

export async function renderPage(path: string): Promise<{ html: string; title: string }> {
  // Never connects: the client opens its WebSocket on first use, and nothing subscribes on the server.
  const client = new ConvexReactClient("https://prerender.invalid", { skipConvexDeploymentUrlCheck: true });
  const errors: unknown[] = [];
  const onError = (error: unknown) => void errors.push(error);
  // ConvexAuthProvider for the pages' sign-in actions (useAuthActions); inside it, a session that
  // has resolved to "signed out" (the real provider would still be loading on the server).
  const page = () => (
    <ConvexAuthProvider client={client} storage={noStorage}>
      <ConvexProviderWithAuth client={client} useAuth={useSignedOutAuth}>
        <MemoryRouter initialEntries={[path]}>
          <ToastProvider>
            <SessionProvider>
              <AppRoutes />
            </SessionProvider>
          </ToastProvider>
        </MemoryRouter>
      </ConvexProviderWithAuth>
    </ConvexAuthProvider>
  );
  try {
    // First pass: waits for every lazy part of the page to load (React.lazy keeps it loaded).
    await prerender(page(), { onError });
    // Second pass: nothing suspends any more, so the markup is the page itself, in one piece (the
    // first pass's output moves large boundaries into templates swapped in by inline scripts).
    takePrerenderedTitle();
    const html = renderToString(page());
    // A component that cannot render on the server (it reads window, navigator... while rendering).
    if (errors.length) {
      const messages = errors.map((e) => (e instanceof Error ? (e.stack ?? e.message) : String(e)));
      throw new Error(`prerender: ${path} did not render:\n${messages.join("\n")}`);
    }
    return { html, title: takePrerenderedTitle() };
  } finally {
    await client.close();
  }
}
