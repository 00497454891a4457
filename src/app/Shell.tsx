import { lazy, Suspense, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router-dom";
// The UI kit by file, not its index: the index would bring every form field into the first load.
import { buttonClasses } from "@/components/ui/Button";
import { BOTTOM_BAR_PADDING } from "@/features/shell/bottomBarPadding";
import { Footer } from "@/features/shell/Footer";
import { Header } from "@/features/shell/Header";
import { cn } from "@/lib/cn";
import { PageShownSignal, useAfterFirstPaint } from "./afterFirstPaint";
import { LoadingScreen } from "./LoadingScreen";
// Signed-in users only (a fixed bar: the page's padding for it is there from the start).
import { BottomBar } from "./pages";
import { RouteEffects } from "./RouteEffects";
import { RouteErrorBoundary } from "./RouteErrorBoundary";
import { useSession } from "./session";

// The shell (spec §2 "Shell"): skip link, header (navigation, user menu, mobile menu, user-type
// bar), <main id="main"> with the page, footer, the signed-in bottom bar on narrow screens, and
// the site overlays (cookie banner, promo banner, install prompt). Pages load on demand
// (router.tsx); while one loads, the page area shows the loading screen.

// Overlays are not part of the first paint: their code loads once the page has loaded.
const SiteOverlays = lazy(() => import("@/features/site/SiteOverlays").then((m) => ({ default: m.SiteOverlays })));

/** The site overlays, mounted once the page has loaded (only this component re-renders then). */
function DeferredSiteOverlays() {
  const afterFirstPaint = useAfterFirstPaint();
  if (!afterFirstPaint) return null;
  return (
    <Suspense fallback={null}>
      <SiteOverlays />
    </Suspense>
  );
}

export function Shell({ children }: { children?: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const signedIn = session.status === "signedIn";
  return (
    <div className={cn("flex min-h-dvh flex-col", signedIn && BOTTOM_BAR_PADDING)}>
      <a
        href="#main"
        className={cn(
          "sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50",
          buttonClasses("primary", "md"),
        )}
      >
        Skip to content
      </a>
      <RouteEffects />
      <Header />
      {/* At least a screen tall, so the footer starts below the fold and never jumps when the page arrives. */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingScreen />}>
            {children ?? <Outlet />}
            <PageShownSignal />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      {signedIn && (
        <Suspense fallback={null}>
          <BottomBar />
        </Suspense>
      )}
      <DeferredSiteOverlays />
    </div>
  );
}
