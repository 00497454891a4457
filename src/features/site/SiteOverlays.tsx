import { Component, useEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { TOAST_REGION_ID } from "@/components/ui/Toast";
import { usePageViewTracking } from "@/lib/analytics";
import { useDocumentState } from "@/lib/documentState";
import { CookieConsent } from "./CookieConsent";
import { InstallPrompt } from "./InstallPrompt";
import { OfflineNotice } from "./OfflineNotice";
import { PromoBanner } from "./PromoBanner";
import { registerServiceWorkerWhenIdle } from "./serviceWorker";

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
 * Set on the toasts' region while the stack shows something: its height, so toasts can sit above
 * it. Only there: a custom property set on <html> is inherited by every element, so each change
 * (the cookie banner appearing, the install prompt) recalculated the style of the whole page.
 */
export const SITE_OVERLAYS_HEIGHT_VARIABLE = "--site-overlays-height";

/**
 * The fixed stack at the bottom of the viewport (offline notice, install prompt, cookie banner).
 * It never blocks the page: the body gets as much bottom padding as the stack is tall, so
 * everything can still be scrolled into view above it. It sits above the signed-in bottom bar
 * while that shows (--shell-bottom-bar, see BottomBar.tsx), at the bottom of the screen otherwise.
 */
function BottomStack({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const body = document.body;
    const toasts = () => document.getElementById(TOAST_REGION_ID)?.style;
    const observer = new ResizeObserver(() => {
      const height = element.offsetHeight;
      // Only the visible boxes count: the empty stack keeps its padding only.
      const occupied = element.querySelector(":scope > *:not(.sr-only)") ? height : 0;
      body.style.paddingBottom = occupied ? `${occupied}px` : "";
      if (occupied) toasts()?.setProperty(SITE_OVERLAYS_HEIGHT_VARIABLE, `${occupied}px`);
      else toasts()?.removeProperty(SITE_OVERLAYS_HEIGHT_VARIABLE);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      body.style.paddingBottom = "";
      toasts()?.removeProperty(SITE_OVERLAYS_HEIGHT_VARIABLE);
    };
  }, []);
  return (
    <div
      ref={ref}
      // Above the bottom bar there is no safe area left to clear: the bar's height includes it.
      className="pointer-events-none fixed inset-x-0 bottom-[var(--shell-bottom-bar,0px)] z-40 mx-auto flex max-w-3xl flex-col gap-2 px-3 pb-[max(0.75rem,calc(env(safe-area-inset-bottom)-var(--shell-bottom-bar,0px)))]"
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
 * It also reports page views (usePageViewTracking; safe if the shell calls it too) and registers
 * the service worker (it mounts once the first page is on screen and the browser was idle).
 */
export function SiteOverlays() {
  usePageViewTracking();
  const [slot] = useState(topSlot);
  // The overlays have rendered with what this device has stored (consent, dismissals).
  useDocumentState("site-overlays", "mounted");
  useEffect(registerServiceWorkerWhenIdle, []);
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
