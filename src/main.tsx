import { ConvexReactClient } from "convex/react";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { LandingA, LandingB } from "./app/pages";
import { ConfigErrorScreen } from "./app/ConfigErrorScreen";
import "./index.css";
import { initPrerender, releasePrerender } from "./prerender/handoff";

// A prerendered landing page (scripts/prerender.ts) stays on screen until the app's page replaces it.
initPrerender({ "/": LandingA, "/welcome": LandingB });
const root = createRoot(document.getElementById("root")!);

function createClient(): ConvexReactClient | string {
  const url = import.meta.env.VITE_CONVEX_URL?.trim();
  if (!url) return "This build has no Convex deployment URL (VITE_CONVEX_URL is missing).";
  try {
    return new ConvexReactClient(url);
  } catch (error) {
    return `The Convex deployment URL "${url}" is not valid: ${error instanceof Error ? error.message : String(error)}`;
  }
}

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
