import { startTransition, useEffect, useState } from "react";
import { releasePrerenderSoon } from "@/prerender/handoff";
import { useSession } from "./session";

// Code that no first paint needs (the site overlays, the footer's theme picker) waits until the
// first page is on screen, the document has loaded and the browser is idle, so that it does not
// compete with the page's own code for the network and the main thread.

const IDLE_TIMEOUT_MS = 2000;
/** If no page ever shows (its code failed to load), the overlays still come this long after load. */
const PAGE_TIMEOUT_MS = 5000;

let reached = false;
let pageShown = false;
let loaded = false;
let scheduled = false;
const listeners = new Set<() => void>();

function maybeStart() {
  if (scheduled || !pageShown || !loaded) return;
  scheduled = true;
  const done = () => {
    reached = true;
    for (const listener of listeners) listener();
  };
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(done, 1);
}

let watching = false;

function watchLoad() {
  if (watching) return;
  watching = true;
  const onLoad = () => {
    loaded = true;
    window.setTimeout(() => {
      pageShown = true;
      maybeStart();
    }, PAGE_TIMEOUT_MS);
    maybeStart();
  };
  if (document.readyState === "complete") onLoad();
  else window.addEventListener("load", onLoad, { once: true });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  watchLoad();
  return () => listeners.delete(listener);
}

/**
 * True once the first page is on screen, the document has loaded and the browser has been idle.
 * The change renders as a transition: in short slices that yield to the browser (an external
 * store's change would render everything it brings at once, in one long task).
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const update = () => startTransition(() => setAfter(true));
    if (reached) return update();
    const unsubscribe = subscribe(update);
    return () => void unsubscribe();
  }, []);
  return after;
}

/**
 * Rendered by the shell next to the page, inside the page's Suspense boundary: its effect runs
 * once a page (not a loading screen for the session) has been committed.
 */
export function PageShownSignal() {
  const session = useSession();
  const ready = session.status !== "loading";
  useEffect(() => {
    if (!ready) return;
    // A prerendered page still on screen: the app shows another page, or this one is still loading.
    releasePrerenderSoon();
    if (pageShown) return;
    pageShown = true;
    maybeStart();
  }, [ready]);
  return null;
}
