import { useConvexAuth, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { api } from "@/lib/api";

// Who is signed in, resolved once for the whole app.

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

export function SessionProvider({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const viewer = useQuery(api.users.viewer, isAuthenticated ? {} : "skip");
  const [holds, setHolds] = useState(0);

  const session: SessionState = useMemo(() => {
    if (isLoading) return { status: "loading", viewer: null };
    if (!isAuthenticated) return { status: "signedOut", viewer: null };
    if (viewer === undefined) return { status: "loading", viewer: null };
    // A valid token whose user no longer exists: treat as signed out.
    if (viewer === null) return { status: "signedOut", viewer: null };
    return { status: "signedIn", viewer };
  }, [isLoading, isAuthenticated, viewer]);

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
