import { ConvexProviderWithAuth, ConvexReactClient } from "convex/react";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { SessionProvider } from "@/app/session";
import { Shell } from "@/app/Shell";
import { ToastProvider } from "@/components/ui";
import LandingA from "@/features/marketing/LandingA";
import LandingB from "@/features/marketing/LandingB";

// Build time only (scripts/prerender.ts runs this in Node through Vite): the landing pages as the
// app renders them for a signed-out visitor once the session has resolved: the shell (header,
// main, footer) with the page inside. The markup goes into dist/index.html (/) and
// dist/welcome.html (/welcome), shown before the app's code runs; src/prerender/handoff.ts swaps
// in the live app when the page commits. So this must render exactly what the browser's first
// commit of the page renders (same providers, same session state).

export const PRERENDERED_PAGES: Record<string, { page: ComponentType; title: string }> = {
  // Titles as usePageTitle sets them (LandingA: none, LandingB: "Grow Your Business").
  "/": { page: LandingA, title: "Rafter" },
  "/welcome": { page: LandingB, title: "Grow Your Business | Rafter" },
};

/** A signed-out visitor: no session to wait for (the fake auth never loads, never signs in). */
function useSignedOutAuth() {
  return { isLoading: false, isAuthenticated: false, fetchAccessToken: async () => null };
}

export function renderPage(path: string): { html: string; title: string } {
  const entry = PRERENDERED_PAGES[path];
  if (!entry) throw new Error(`prerender: no page for ${path}`);
  const Page = entry.page;
  // Never connects: the client opens its WebSocket on first use, and nothing here subscribes.
  const client = new ConvexReactClient("https://prerender.invalid", { skipConvexDeploymentUrlCheck: true });
  const html = renderToString(
    <ConvexProviderWithAuth client={client} useAuth={useSignedOutAuth}>
      <MemoryRouter initialEntries={[path]}>
        <ToastProvider>
          <SessionProvider>
            <Shell>
              <Page />
            </Shell>
          </SessionProvider>
        </ToastProvider>
      </MemoryRouter>
    </ConvexProviderWithAuth>,
  );
  return { html, title: entry.title };
}
