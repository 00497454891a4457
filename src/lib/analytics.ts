// Usage analytics (spec §7): a page view with the path on every route change, and
// events with a category, action, label and value (e.g. signup_click, category
// "user", labels homeowner_cta / professional_cta).
//
// Nothing is sent unless BOTH hold:
//   1. the visitor allowed analytics cookies (src/lib/consent.ts), and
//   2. a transport is configured. Off by default. In order of precedence:
//        - setAnalyticsTransport(fn)                      (code, e.g. a vendor SDK adapter)
//        - window.__RAFTER_ANALYTICS_ENDPOINT__ = "/url"   (runtime; the e2e tests use it)
//        - <meta name="rafter-analytics-endpoint" content="https://...">  (runtime, per deployment)
//        - VITE_ANALYTICS_ENDPOINT                         (build time)
//      An endpoint receives one POST per hit with a JSON body (AnalyticsHit), sent with
//      fetch(keepalive) or, failing that, navigator.sendBeacon. A cross-origin endpoint must
//      answer the CORS preflight for Content-Type: application/json.
//
// Only the path is sent, never the query string (it can carry reset tokens or searches).
import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router-dom";
import { hasConsent, subscribeToConsent } from "./consent";

declare global {
  interface ImportMetaEnv {
    /** Build-time analytics endpoint (POST JSON); unset keeps analytics off. */
    readonly VITE_ANALYTICS_ENDPOINT?: string;
  }
  interface Window {
    /** Runtime analytics endpoint (overrides the meta tag and VITE_ANALYTICS_ENDPOINT). */
    __RAFTER_ANALYTICS_ENDPOINT__?: string;
  }
}

export const ANALYTICS_ENDPOINT_META = "rafter-analytics-endpoint";

export interface AnalyticsEvent {
  category: string;
  action: string;
  label?: string;
  value?: number;
}

export type AnalyticsHit =
  | ({ type: "event"; path: string; timestamp: string } & AnalyticsEvent)
  | { type: "page_view"; path: string; title: string; timestamp: string };

export type AnalyticsTransport = (hit: AnalyticsHit) => void;

let customTransport: AnalyticsTransport | null = null;

/** Sends hits through `transport` instead of the configured endpoint; null restores the endpoint. */
export function setAnalyticsTransport(transport: AnalyticsTransport | null): void {
  customTransport = transport;
}

/** The configured endpoint, or null (analytics off). */
export function analyticsEndpoint(): string | null {
  const fromWindow = typeof window !== "undefined" ? window.__RAFTER_ANALYTICS_ENDPOINT__ : undefined;
  const fromMeta =
    typeof document !== "undefined"
      ? document.querySelector<HTMLMetaElement>(`meta[name="${ANALYTICS_ENDPOINT_META}"]`)?.content
      : undefined;
  const endpoint = fromWindow ?? fromMeta ?? import.meta.env.VITE_ANALYTICS_ENDPOINT;
  return endpoint?.trim() || null;
}

function postJson(endpoint: string, hit: AnalyticsHit): void {
  const body = JSON.stringify(hit);
  if (typeof fetch === "function") {
    // keepalive lets a hit sent while the page unloads still arrive (like a beacon).
    fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      keepalive: true,
      credentials: "omit",
    }).catch(() => {
      // Analytics never disturbs the visitor: a failed hit is dropped.
    });
    return;
  }
  navigator.sendBeacon?.(endpoint, new Blob([body], { type: "application/json" }));
}

function send(hit: AnalyticsHit): boolean {
  if (!hasConsent("analytics")) return false;
  const endpoint = customTransport ? null : analyticsEndpoint();
  if (!customTransport && !endpoint) return false;
  try {
    if (customTransport) customTransport(hit);
    else postJson(endpoint!, hit);
  } catch {
    // As above: dropped.
  }
  return true;
}

/** Reports an event. Returns whether it was sent (consent given and a transport configured). */
export function track(event: AnalyticsEvent): boolean {
  return send({
    type: "event",
    category: event.category,
    action: event.action,
    ...(event.label !== undefined ? { label: event.label } : {}),
    ...(event.value !== undefined ? { value: event.value } : {}),
    path: window.location.pathname,
    timestamp: new Date().toISOString(),
  });
}

/** Reports a page view of `path` (a pathname; anything after ? or # is dropped). */
export function trackPageView(path: string): boolean {
  return send({
    type: "page_view",
    path: path.split(/[?#]/)[0] || "/",
    title: document.title,
    timestamp: new Date().toISOString(),
  });
}

// The location last reported, so that the hook may be mounted more than once (the shell and
// SiteOverlays) without counting a page twice.
let lastReported: string | null = null;

function analyticsAllowed(): boolean {
  return hasConsent("analytics");
}

/**
 * Reports a page view on every route change (inside the router). When the visitor allows
 * analytics later, the page they are on is reported then. Safe to mount more than once.
 */
export function usePageViewTracking(): void {
  const { key, pathname } = useLocation();
  const allowed = useSyncExternalStore(subscribeToConsent, analyticsAllowed, () => false);

  useEffect(() => {
    // <html data-page-view>: this page's view was reported, or settled as not reported (no consent).
    const settled = (outcome: "reported" | "not reported") =>
      document.documentElement.setAttribute("data-page-view", `${pathname} ${outcome}`);
    if (!allowed) return settled("not reported");
    const id = `${key}:${pathname}`;
    if (lastReported === id) return settled("reported");
    // Let the page set its title first.
    const timer = window.setTimeout(() => {
      if (lastReported !== id) {
        lastReported = id;
        trackPageView(pathname);
      }
      settled("reported");
    }, 0);
    return () => window.clearTimeout(timer);
  }, [allowed, key, pathname]);
}
