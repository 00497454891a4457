import { useSyncExternalStore } from "react";
import { readConsent, subscribeToConsent } from "@/lib/consent";

// Shared by the cookie banner and its preferences dialog (which loads only when opened).

export function useStoredConsent() {
  return useSyncExternalStore(subscribeToConsent, readConsent, () => null);
}

/** When the element that had focus went away with the banner, continue from the page's main content. */
export function keepFocusOnPage() {
  window.setTimeout(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById("main")?.focus({ preventScroll: true });
  }, 50);
}
