// Cookie consent (spec §3 "Cookie consent: necessary (always true), analytics,
// marketing, functional", §4 "Cookie banner"). The choice is stored in
// localStorage with a version and a date; changing it fires CONSENT_CHANGE_EVENT
// on window (and other tabs see the storage event). No choice stored (or one
// from an older version) means the banner asks again and nothing optional runs.

export const CONSENT_STORAGE_KEY = "cookie_consent";
/** Bump when the categories or their meaning change: stored choices of older versions are asked again. */
export const CONSENT_VERSION = 1;
/** Fired on window after the choice changes (detail: the StoredConsent). */
export const CONSENT_CHANGE_EVENT = "rafter:consent-change";
// Reopening the preferences lives in its own small module: the footer (first load) needs only that.
export { OPEN_COOKIE_SETTINGS_EVENT, openCookieSettings, takeCookieSettingsRequest } from "./cookieSettings";

export type OptionalConsentCategory = "analytics" | "marketing" | "functional";
export const OPTIONAL_CONSENT_CATEGORIES: readonly OptionalConsentCategory[] = ["analytics", "marketing", "functional"];

export interface ConsentChoices {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
}

export interface StoredConsent {
  version: number;
  /** When the visitor chose, ISO 8601. */
  date: string;
  choices: ConsentChoices;
}

export const ACCEPT_ALL: ConsentChoices = { necessary: true, analytics: true, marketing: true, functional: true };
export const REJECT_ALL: ConsentChoices = { necessary: true, analytics: false, marketing: false, functional: false };

function parse(raw: string | null): StoredConsent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredConsent> | null;
    if (!value || value.version !== CONSENT_VERSION || typeof value.date !== "string") return null;
    const choices = value.choices as Partial<ConsentChoices> | undefined;
    if (!choices || typeof choices !== "object") return null;
    return {
      version: CONSENT_VERSION,
      date: value.date,
      choices: {
        necessary: true,
        analytics: choices.analytics === true,
        marketing: choices.marketing === true,
        functional: choices.functional === true,
      },
    };
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
}

// The last parsed value, reused while the stored text is unchanged (a stable snapshot for useSyncExternalStore).
let cache: { raw: string | null; value: StoredConsent | null } = { raw: null, value: null };
// A choice made while storage is unavailable (private mode) still holds for this visit.
let memory: StoredConsent | null = null;

/** The stored choice, or null when the visitor has not chosen (in this version). */
export function readConsent(): StoredConsent | null {
  const raw = readRaw();
  if (raw === null) return memory;
  if (raw !== cache.raw) cache = { raw, value: parse(raw) };
  return cache.value;
}

/** Whether the visitor allowed a category; necessary is always allowed. */
export function hasConsent(category: keyof ConsentChoices): boolean {
  if (category === "necessary") return true;
  return readConsent()?.choices[category] === true;
}

/** Stores a choice (necessary is forced on) and notifies listeners. */
export function writeConsent(choices: Omit<ConsentChoices, "necessary"> & { necessary?: boolean }): StoredConsent {
  const stored: StoredConsent = {
    version: CONSENT_VERSION,
    date: new Date().toISOString(),
    choices: {
      necessary: true,
      analytics: choices.analytics,
      marketing: choices.marketing,
      functional: choices.functional,
    },
  };
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
    memory = null;
  } catch {
    // Storage unavailable: the in-memory choice applies until the page is left.
    memory = stored;
  }
  window.dispatchEvent(new CustomEvent<StoredConsent>(CONSENT_CHANGE_EVENT, { detail: stored }));
  return stored;
}

/** Calls `listener` when the choice changes, here or in another tab. Returns the unsubscribe function. */
export function subscribeToConsent(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener(CONSENT_CHANGE_EVENT, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CONSENT_CHANGE_EVENT, listener);
    window.removeEventListener("storage", onStorage);
  };
}
