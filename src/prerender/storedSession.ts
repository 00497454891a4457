// Whether this browser holds a session: @convex-dev/auth's `__convexAuthJWT_<namespace>` or
// `__convexAuthRefreshToken_<namespace>` localStorage keys. Without one the auth provider can only
// resolve to "signed out" (it reads the same keys), which the app and the prerendered pages'
// inline script (scripts/prerender.ts, with this pattern) both know before anything renders.

/** Matches the auth library's session keys in localStorage. */
export const AUTH_KEY_PATTERN = "^__convexAuth(JWT|RefreshToken)_";

export function hasStoredSession(): boolean {
  try {
    const pattern = new RegExp(AUTH_KEY_PATTERN);
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && pattern.test(key) && localStorage.getItem(key)) return true;
    }
    return false;
  } catch {
    // No storage (private mode, blocked): let the provider tell.
    return true;
  }
}
