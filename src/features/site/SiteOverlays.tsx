import { Component, useEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { usePageViewTracking } from "@/lib/analytics";
import { CookieConsent } from "./CookieConsent";
import { InstallPrompt } from "./InstallPrompt";
import { OfflineNotice } from "./OfflineNotice";
import { PromoBanner } from "./PromoBanner";

// Also for the shell (import them from their own modules, which stay light):
//   CookieSettingsButton from "./CookieSettingsButton", openCookieSettings from "@/lib/consent",
//   InstallButton from "./InstallPrompt", usePageViewTracking from "@/lib/analytics".

/** The element at the very top of <body> the promo banner renders into (above the shell's header). */
const TOP_SLOT_ID = "site-top-slot";

/** Finds or creates the slot (idempotent, so a state initializer may call it). */
function topSlot(): HTMLElement {
  let element = document.getElementById(TOP_SLOT_ID);
  if (!element) {
    element = document.createElement("div");
    element.id = TOP_SLOT_ID;
    document.body.prepend(element);
  }
  return element;
}

/**
 * The fixed stack at the bottom of the viewport (offline notice, install prompt, cookie banner).
 * It never blocks the page: the body gets as much bottom padding as the stack is tall, so
 * everything can still be scrolled into view above it. A fixed bar of the shell's (the signed-in
 * bottom bar) is cleared by setting --site-overlays-bottom on an ancestor, e.g.
 * `[--site-overlays-bottom:calc(4rem+env(safe-area-inset-bottom))] lg:[--site-overlays-bottom:0px]`.
 */
function BottomStack({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const body = document.body;
    const observer = new ResizeObserver(() => {
      const height = element.offsetHeight;
      // Only the visible boxes count: the empty stack keeps its padding only.
      const occupied = element.querySelector(":scope > *:not(.sr-only)") ? height : 0;
      body.style.paddingBottom = occupied ? `${occupied}px` : "";
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      body.style.paddingBottom = "";
    };
  }, []);
  return (
    <div
      ref={ref}
      className="pointer-events-none fixed inset-x-0 bottom-[var(--site-overlays-bottom,0px)] z-40 mx-auto flex max-w-3xl flex-col gap-2 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
    >
      {children}
    </div>
  );
}

/** An overlay that fails (e.g. its query errors) disappears instead of taking the page with it. */
class Contained extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error("A site overlay failed", error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Site-wide overlays, mounted once by the shell (inside the router): the promo banner (above
 * the header), and at the bottom the offline notice, the install prompt and the cookie banner.
 * It also reports page views (usePageViewTracking; safe if the shell calls it too).
 */
export function SiteOverlays() {
  usePageViewTracking();
  const [slot] = useState(topSlot);
  return (
    <>
      {createPortal(
        <Contained>
          <PromoBanner />
        </Contained>,
        slot,
      )}
      <BottomStack>
        <OfflineNotice />
        <Contained>
          <InstallPrompt />
        </Contained>
        <Contained>
          <CookieConsent />
        </Contained>
      </BottomStack>
    </>
  );
}
