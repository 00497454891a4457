import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/** How long after a navigation a page that is still loading may take focus when its heading appears. */
const SETTLE_MS = 5000;

function focusHeading(main: HTMLElement) {
  const target = main.querySelector<HTMLElement>("h1") ?? main;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

function focusIsFree(main: HTMLElement): boolean {
  const active = document.activeElement;
  // Nothing focused, or something the previous render focused that is now the page itself.
  return !active || active === document.body || active === main || active.tagName === "H1";
}

/**
 * On every route change: scroll to top, and (after the first page) move focus to the new
 * page's <h1> so keyboard and screen-reader users land on the new content. When the page
 * is still loading (e.g. "Loading your account..."), focus follows to the real heading.
 */
export function RouteEffects() {
  const { pathname, search } = useLocation();
  const current = `${pathname}${search}`;
  // The location focus was last settled for; the first page keeps the browser's default focus.
  const settled = useRef(current);

  useEffect(() => {
    if (settled.current === current) return;
    settled.current = current;
    window.scrollTo(0, 0);
    let observer: MutationObserver | undefined;
    let timeout: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      const main = document.getElementById("main");
      if (!main) return;
      // Don't steal focus from a control the new page focused on purpose.
      if (!focusIsFree(main) && main.contains(document.activeElement)) return;
      focusHeading(main);
      let heading = main.querySelector("h1");
      observer = new MutationObserver(() => {
        const next = main.querySelector("h1");
        if (next === heading) return;
        heading = next;
        if (next && focusIsFree(main)) focusHeading(main);
      });
      observer.observe(main, { childList: true, subtree: true });
      timeout = window.setTimeout(() => observer?.disconnect(), SETTLE_MS);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      observer?.disconnect();
      window.clearTimeout(timeout);
    };
  }, [current]);

  return null;
}
