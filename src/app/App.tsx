import { ConvexAuthProvider } from "@convex-dev/auth/react";
import type { ConvexReactClient } from "convex/react";
import { BrowserRouter } from "react-router-dom";
import { ToastProvider } from "@/components/ui/Toast";
import { AppRoutes } from "./router";
import { SessionProvider } from "./session";
import { ThemeProvider } from "./theme";

export function App({ convex }: { convex: ConvexReactClient }) {
  return (
    <ThemeProvider>
      <ConvexAuthProvider client={convex}>
        {/* Location changes render at once, not as a transition: a transition keeps the last page on
            screen under the new URL while the next page's code loads, and what the user types into
            that stale page (the login form's Email after "Forgot Password?") is thrown away when the
            new page arrives. Instead the page area shows the loading screen until the page is there. */}
        <BrowserRouter useTransitions={false}>
          <ToastProvider>
            <SessionProvider>
              <AppRoutes />
            </SessionProvider>
          </ToastProvider>
        </BrowserRouter>
      </ConvexAuthProvider>
    </ThemeProvider>
  );
}
