import { useConvexAuth, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { api } from "@/lib/api";
import { hasStoredSession } from "@/prerender/storedSession";

// Who is signed in, resolved once for the whole app. A browser with no stored session is signed
// out from the first render: the auth provider, which only reads that storage, would say so a
// moment later, and every page would then render twice (the prerendered pages' handoff waits for
// the second). The states are constants, so that provider's change re-renders no consumer.

export type Viewer = NonNullable<FunctionReturnType<typeof api.users.viewer>>;

export type SessionState =
  { status: "loading"; viewer: null } | { status: "signedOut"; viewer: null } | { status: "signedIn"; viewer: Viewer };

interface SessionContextValue {
  session: SessionState;
  /**
   * While an auth form (login, sign-up) is mid-flight or showing its success message,
   * route guards keep it on screen instead of swapping in a loading screen or redirect.
   * Returns a function that releases the hold.
   */
  holdAuthRedirects: () => () => void;
  authRedirectsHeld: boolean;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const LOADING: SessionState = { status: "loading", viewer: null };
const SIGNED_OUT: SessionState = { status: "signedOut", viewer: null };

/**
 * In a browser with no stored session and no `?code=` in the URL (a sign-in the auth provider
 * would complete from it): the provider will resolve to signed out.
 */
function surelySignedOutAtStart(): boolean {
  if (typeof window === "undefined") return false;
  return !hasStoredSession() && !new URLSearchParams(window.location.search).has("code");
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const viewer = useQuery(api.users.viewer, isAuthenticated ? {} : "skip");
  const [holds, setHolds] = useState(0);
  const [surelySignedOut] = useState(surelySignedOutAtStart);

  const session: SessionState = useMemo(() => {
    if (isLoading) return surelySignedOut ? SIGNED_OUT : LOADING;
    if (!isAuthenticated) return SIGNED_OUT;
    if (viewer === undefined) return LOADING;
    // A valid token whose user no longer exists: treat as signed out.
    if (viewer === null) return SIGNED_OUT;
    return { status: "signedIn", viewer };
  }, [isLoading, isAuthenticated, viewer, surelySignedOut]);

  const holdAuthRedirects = useCallback(() => {
    setHolds((n) => n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      setHolds((n) => n - 1);
    };
  }, []);

  const value = useMemo(
    () => ({ session, holdAuthRedirects, authRedirectsHeld: holds > 0 }),
    [session, holdAuthRedirects, holds],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function useSessionContext(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error("useSession must be used inside <SessionProvider>");
  return context;
}

export function useSession(): SessionState {
  return useSessionContext().session;
}

/** The signed-in user; only call below a signed-in route. */
export function useViewer(): Viewer {
  const session = useSession();
  if (session.status !== "signedIn") throw new Error("useViewer called without a signed-in user");
  return session.viewer;
}

export function useAuthRedirectHold() {
  const { holdAuthRedirects, authRedirectsHeld } = useSessionContext();
  return { holdAuthRedirects, authRedirectsHeld };
}
