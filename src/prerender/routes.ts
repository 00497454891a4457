// The public routes of spec §2 that are prerendered at build time (scripts/prerender.ts): each one's
// HTML carries the page as a signed-out visitor first sees it, so its text paints before the app's
// code has loaded. Also the default route list of bench/lighthouse.ts. Plain data: read by
// vite.config.ts (Node) as well as by the app.
import { PROFESSION_PAGE_TYPES } from "@/features/marketing/professionPages";

export interface PrerenderRoute {
  path: string;
  /**
   * The module of the page's own chunk: preloaded with the app's code on this path
   * (vite.config.ts, rafter:route-preload), so the app can take over without a second round trip.
   */
  module: string;
  /**
   * The page reads no query parameter: its markup applies whatever the query string (the landing
   * pages: ?utm_source=...). Otherwise it applies to the bare path only (/signup?type=professional
   * is another page than /signup).
   */
  anyQuery?: boolean;
}

const MARKETING = "src/features/marketing";

export const PRERENDERED_ROUTES: readonly PrerenderRoute[] = [
  { path: "/", module: `${MARKETING}/LandingA.tsx`, anyQuery: true },
  { path: "/welcome", module: `${MARKETING}/LandingB.tsx`, anyQuery: true },
  { path: "/login", module: "src/features/auth/LoginPage.tsx" },
  { path: "/forgot-password", module: "src/features/auth/ForgotPasswordPage.tsx" },
  { path: "/reset-password", module: "src/features/auth/ResetPasswordPage.tsx" },
  { path: "/register", module: "src/app/RegisterRoute.tsx" },
  { path: "/signup", module: "src/app/SignUpRoutes.tsx" },
  { path: "/signup-choice", module: "src/features/auth/SignUpChoicePage.tsx" },
  { path: "/multi-profession-signup", module: "src/app/RegisterRoute.tsx" },
  { path: "/how-it-works", module: `${MARKETING}/pages/HowItWorksPage.tsx` },
  { path: "/professional-search", module: "src/features/directory/DirectoryPage.tsx" },
  { path: "/job-search", module: "src/features/jobs/JobSearchPage.tsx" },
  { path: "/profession-benefits", module: "src/features/errors/ComingLaterPage.tsx" },
  { path: "/subscribe", module: "src/features/subscriptions/SubscribePage.tsx" },
  { path: "/about", module: `${MARKETING}/pages/AboutPage.tsx` },
  { path: "/contact", module: `${MARKETING}/pages/ContactPage.tsx` },
  { path: "/terms", module: `${MARKETING}/pages/TermsPage.tsx` },
  { path: "/privacy", module: `${MARKETING}/pages/PrivacyPage.tsx` },
  { path: "/accessibility", module: `${MARKETING}/pages/AccessibilityPage.tsx` },
  { path: "/dmca", module: `${MARKETING}/pages/DmcaPage.tsx` },
  { path: "/feed", module: "src/features/feed/FeedPage.tsx" },
  { path: "/level-up", module: `${MARKETING}/pages/LevelUpPage.tsx` },
  ...PROFESSION_PAGE_TYPES.map((type) => ({
    path: `/profession/${type}`,
    module: `${MARKETING}/pages/ProfessionPage.tsx`,
  })),
];

/** The file of the build that carries a route's HTML (what static hosts serve for the path). */
export function prerenderFile(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}.html`;
}
