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
        <BrowserRouter>
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
