import { ConvexReactClient } from "convex/react";
import { lazy, startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import * as pages from "./app/pages";
import * as marketing from "./features/marketing/routes";
import "./index.css";
import { initPrerender, releasePrerender } from "./prerender/handoff";
import { hasStoredSession } from "./prerender/storedSession";

// A prerendered public page (scripts/prerender.ts) stays on screen until the app's page replaces
// it; the page's component starts loading now (its chunk is already on its way: modulepreload).
const prerenderedPages: Record<string, unknown> = {
  "/": pages.LandingA,
  "/welcome": pages.LandingB,
  "/login": pages.LoginPage,
  "/forgot-password": pages.ForgotPasswordPage,
  "/reset-password": pages.ResetPasswordPage,
  "/register": pages.RegisterRoute,
  "/signup": pages.SignUpRoute,
  "/signup-choice": pages.SignUpChoicePage,
  "/multi-profession-signup": pages.RegisterRoute,
  "/professional-search": pages.DirectoryPage,
  "/job-search": pages.JobSearchPage,
  "/profession-benefits": pages.ComingLaterPage,
  "/subscribe": pages.ComingLaterPage,
  "/feed": pages.FeedPage,
  "/how-it-works": marketing.HowItWorksPage,
  "/level-up": marketing.LevelUpPage,
  "/about": marketing.AboutPage,
  "/contact": marketing.ContactPage,
  "/terms": marketing.TermsPage,
  "/privacy": marketing.PrivacyPage,
  "/accessibility": marketing.AccessibilityPage,
  "/dmca": marketing.DmcaPage,
};
initPrerender((path) => (path.startsWith("/profession/") ? marketing.ProfessionPage : prerenderedPages[path]));
pages.preloadLanding(window.location.pathname);
if (hasStoredSession()) pages.preloadSignedInPages();
function createClient(): ConvexReactClient | string {
  const url = import.meta.env.VITE_CONVEX_URL?.trim();
  if (!url) return "This build has no Convex deployment URL (VITE_CONVEX_URL is missing).";
  try {
    return new ConvexReactClient(url);
  } catch (error) {
    return `The Convex deployment URL "${url}" is not valid: ${error instanceof Error ? error.message : String(error)}`;
  }
}

// Only for a build without a usable deployment URL: not in everyone's first load.
const ConfigErrorScreen = lazy(() => import("./app/ConfigErrorScreen").then((m) => ({ default: m.ConfigErrorScreen })));

function start() {
  const root = createRoot(document.getElementById("root")!);
  const client = createClient();
  if (typeof client === "string") releasePrerender();

  // A transition: React renders the first screen in short slices (yielding to the browser), not in
  // one long task; nothing is waiting on it (the HTML's own markup is on screen meanwhile).
  startTransition(() => {
    root.render(
      <StrictMode>
        {typeof client === "string" ? <ConfigErrorScreen detail={client} /> : <App convex={client} />}
      </StrictMode>,
    );
  });

  // The client sets up its connection (sync state, WebSocket) on first use, which would be inside
  // whichever commit's effects subscribe first: set it up now, in a task of its own.
  if (typeof client !== "string") window.setTimeout(() => client.connectionState(), 0);
}

// The app starts in the task after the one that ran its modules (the page's own code is already
// on its way): two shorter tasks, with the browser free to handle input in between, rather than
// one long one.
window.setTimeout(start, 0);
