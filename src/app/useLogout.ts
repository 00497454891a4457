import { useAuthActions } from "@convex-dev/auth/react";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { THEME_STORAGE_KEY } from "./theme";

function clearStorageExceptTheme() {
  for (const storage of [localStorage, sessionStorage]) {
    try {
      const keep = storage.getItem(THEME_STORAGE_KEY);
      storage.clear();
      if (keep !== null) storage.setItem(THEME_STORAGE_KEY, keep);
    } catch {
      // Storage unavailable: nothing to clear.
    }
  }
}

/**
 * Logout (spec §4): sign out on the server, clear local and session storage (the theme
 * choice survives), and go to / even when the sign-out call fails.
 */
export function useLogout() {
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  return useCallback(async () => {
    let ok = true;
    try {
      await signOut();
    } catch (error) {
      ok = false;
      if (import.meta.env.DEV) console.error(error);
    }
    clearStorageExceptTheme();
    if (ok) {
      navigate("/", { replace: true });
    } else {
      // The client may still hold the old token in memory: a fresh load starts signed out.
      window.location.assign("/");
    }
  }, [signOut, navigate]);
}
