// Where the app may send a member back to after a detour (sign-in's ?next=, checkout's and the
// portal's return): a path inside the app, or a full URL on the app's own origin. Anything else
// (another site, "//host", a backslash trick) is refused, so no link can bounce a member elsewhere.
// Shared by the login page and convex/payments/subscriptions.ts: plain TypeScript only.

/** An in-app path: one leading slash, no second slash or backslash after it, no whitespace. */
const IN_APP_PATH = /^\/(?!\/)[^\s\\]*$/;

/**
 * The in-app path (with its query and hash) `value` names, or null. A full URL counts when `origin`
 * is given and it is on that origin.
 */
export function inAppPath(value: string | null | undefined, origin?: string): string | null {
  if (!value) return null;
  if (IN_APP_PATH.test(value)) return value;
  if (origin === undefined) return null;
  try {
    const url = new URL(value);
    if (url.origin !== new URL(origin).origin) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return IN_APP_PATH.test(path) ? path : null;
  } catch {
    return null;
  }
}
