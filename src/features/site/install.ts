// The installable app (spec §4 "Install prompt", §8 "Install", integrations.md
// PWA): keep the browser's beforeinstallprompt event (preventDefault), prompt
// once from our button, detect standalone mode, and fall back to manual steps.
import { useSyncExternalStore } from "react";

export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

declare global {
  interface Window {
    /** Set by the inline script vite.config.ts adds to index.html, in case the event fires before this module loads. */
    __rafterInstallPrompt?: BeforeInstallPromptEvent | null;
  }
  interface Navigator {
    /** iOS Safari: true when opened from the home screen. */
    standalone?: boolean;
  }
}

/** localStorage key: set once the visitor dismissed (or used) the install prompt. */
export const INSTALL_PROMPT_SEEN_KEY = "install_prompt_seen";
/** Spec §9: the prompt appears about 3 s after load, on widths of 768 px or less. */
export const INSTALL_PROMPT_DELAY_MS = 3000;
export const INSTALL_PROMPT_MEDIA = "(max-width: 768px)";

export type InstallOutcome = "accepted" | "dismissed" | "unavailable";

export interface InstallState {
  /** The browser offered an install prompt we have not used yet. */
  canPrompt: boolean;
  /** Running standalone (installed) or installed during this visit. */
  installed: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installedNow = false;
let snapshot: InstallState = { canPrompt: false, installed: false };
const listeners = new Set<() => void>();

export function isStandalone(): boolean {
  if (typeof window === "undefined") return false;
  return (
    (typeof window.matchMedia === "function" && window.matchMedia("(display-mode: standalone)").matches) ||
    navigator.standalone === true
  );
}

function update() {
  const next: InstallState = { canPrompt: deferred !== null, installed: installedNow || isStandalone() };
  if (next.canPrompt !== snapshot.canPrompt || next.installed !== snapshot.installed) {
    snapshot = next;
    for (const listener of listeners) listener();
  }
}

if (typeof window !== "undefined") {
  deferred = window.__rafterInstallPrompt ?? null;
  window.addEventListener("beforeinstallprompt", (event) => {
    // Keep the browser's own mini-infobar away: we offer the install from our button.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    update();
  });
  window.addEventListener("appinstalled", () => {
    installedNow = true;
    deferred = null;
    window.__rafterInstallPrompt = null;
    update();
  });
  if (typeof window.matchMedia === "function") {
    window.matchMedia("(display-mode: standalone)").addEventListener("change", update);
  }
  update();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

/**
 * Shows the browser's install prompt, once per event. "unavailable" when the browser offered
 * none (iOS Safari, Firefox) or the prompt failed: show the manual steps then.
 */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = deferred;
  deferred = null;
  window.__rafterInstallPrompt = null;
  update();
  if (!event) return "unavailable";
  try {
    await event.prompt();
    const choice = await event.userChoice;
    if (choice.outcome === "accepted") {
      installedNow = true;
      update();
    }
    return choice.outcome;
  } catch {
    // Already used elsewhere, or the browser refused to show it.
    return "unavailable";
  }
}

export type InstallPlatform = "ios" | "android" | "other";

export function installPlatform(): InstallPlatform {
  const agent = navigator.userAgent;
  // iPadOS reports a Mac user agent; a Mac with touch points is an iPad.
  if (/iPad|iPhone|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1)) return "ios";
  if (/Android/.test(agent)) return "android";
  return "other";
}

export function isMobileDevice(): boolean {
  return installPlatform() !== "other" || /Mobi/.test(navigator.userAgent);
}

/** Spec §8: the manual steps, per platform. */
export const MANUAL_INSTALL_STEPS: Record<InstallPlatform, { title: string; text: string }> = {
  ios: { title: "iPhone or iPad", text: "In Safari, tap Share, then Add to Home Screen." },
  android: { title: "Android", text: "Open the browser menu, then tap Add to Home Screen or Install App." },
  other: { title: "Other browsers", text: "Look for an install button in the address bar or in the browser menu." },
};
