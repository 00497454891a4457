import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, Route } from "react-router-dom";
import { Spinner } from "@/components/ui";

// Public content pages (spec §2): the router spreads these into the shell's routes. Each page is
// its own chunk (React.lazy), so none of them adds to the landing page's first-load JS.

const HowItWorksPage = lazy(() => import("./pages/HowItWorksPage"));
const LevelUpPage = lazy(() => import("./pages/LevelUpPage"));
const ProfessionPage = lazy(() => import("./pages/ProfessionPage"));
const AboutPage = lazy(() => import("./pages/AboutPage"));
const ContactPage = lazy(() => import("./pages/ContactPage"));
const TermsPage = lazy(() => import("./pages/TermsPage"));
const PrivacyPage = lazy(() => import("./pages/PrivacyPage"));
const AccessibilityPage = lazy(() => import("./pages/AccessibilityPage"));
const DmcaPage = lazy(() => import("./pages/DmcaPage"));

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
