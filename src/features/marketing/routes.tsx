import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, Route } from "react-router-dom";
import { Spinner } from "@/components/ui/Spinner";

// Public content pages (spec §2): the router spreads these into the shell's routes. Each page is
// its own chunk (React.lazy), so none of them adds to the landing page's first-load JS. main.tsx
// starts loading the one a prerendered page shows (src/prerender/handoff.ts).

export const HowItWorksPage = lazy(() => import("./pages/HowItWorksPage"));
export const LevelUpPage = lazy(() => import("./pages/LevelUpPage"));
export const ProfessionPage = lazy(() => import("./pages/ProfessionPage"));
export const AboutPage = lazy(() => import("./pages/AboutPage"));
export const ContactPage = lazy(() => import("./pages/ContactPage"));
export const TermsPage = lazy(() => import("./pages/TermsPage"));
export const PrivacyPage = lazy(() => import("./pages/PrivacyPage"));
export const AccessibilityPage = lazy(() => import("./pages/AccessibilityPage"));
export const DmcaPage = lazy(() => import("./pages/DmcaPage"));

function PageLoading() {
  return (
    <div className="flex justify-center px-4 py-24 text-slate-700 dark:text-slate-200">
      <Spinner className="size-6" label="Loading page..." />
    </div>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

export const marketingRoutes = (
  <>
    <Route
      path="how-it-works"
      element={
        <Lazy>
          <HowItWorksPage />
        </Lazy>
      }
    />
    <Route
      path="level-up"
      element={
        <Lazy>
          <LevelUpPage />
        </Lazy>
      }
    />
    {/* Spec §2: landscaping is the default profession page (and the fallback for unknown types). */}
    <Route path="profession" element={<Navigate to="/profession/landscaping" replace />} />
    <Route
      path="profession/:type"
      element={
        <Lazy>
          <ProfessionPage />
        </Lazy>
      }
    />
    <Route
      path="about"
      element={
        <Lazy>
          <AboutPage />
        </Lazy>
      }
    />
    <Route
      path="contact"
      element={
        <Lazy>
          <ContactPage />
        </Lazy>
      }
    />
    <Route
      path="terms"
      element={
        <Lazy>
          <TermsPage />
        </Lazy>
      }
    />
    <Route
      path="privacy"
      element={
        <Lazy>
          <PrivacyPage />
        </Lazy>
      }
    />
    <Route
      path="accessibility"
      element={
        <Lazy>
          <AccessibilityPage />
        </Lazy>
      }
    />
    <Route
      path="dmca"
      element={
        <Lazy>
          <DmcaPage />
        </Lazy>
      }
    />
  </>
);
