// "Cookie settings": reopening the cookie preferences (spec §4 "Cookie banner") from anywhere, e.g.
// the footer. Kept apart from consent.ts so that the footer, which every page shows at once, does
// not bring the consent storage code into the first load.

/** Fired on window to ask the cookie banner to open its preferences (see openCookieSettings). */
export const OPEN_COOKIE_SETTINGS_EVENT = "rafter:open-cookie-settings";

// A request made before the cookie banner's code had loaded (it loads after the page).
let openRequested = false;

/** Opens the cookie preferences (e.g. the footer's "Cookie settings"), now or as soon as SiteOverlays loads. */
export function openCookieSettings(): void {
  openRequested = true;
  window.dispatchEvent(new Event(OPEN_COOKIE_SETTINGS_EVENT));
}

/** For the cookie banner: whether the preferences were asked for (clears the request). */
export function takeCookieSettingsRequest(): boolean {
  const requested = openRequested;
  openRequested = false;
  return requested;
}
