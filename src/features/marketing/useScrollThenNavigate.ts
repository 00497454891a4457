import { useCallback, useEffect, useRef, type MouseEvent } from "react";
import { useNavigate } from "react-router-dom";
import { SCROLL_NAVIGATE_DELAY_MS } from "./content";

/**
 * Spec §9: a trade card click scrolls to the top, then navigates 100 ms later.
 * Returns a click handler for a <Link>: the link stays a real link (new tab, copy address,
 * modifier clicks keep the browser's behaviour); a plain click or Enter gets the delay.
 */
export function useScrollThenNavigate(delayMs = SCROLL_NAVIGATE_DELAY_MS) {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>, to: string) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      window.scrollTo({ top: 0, behavior: reduceMotion ? "auto" : "smooth" });
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => navigate(to), delayMs);
    },
    [navigate, delayMs],
  );
}
