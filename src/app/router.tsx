import type { ReactNode } from "react";
import { Navigate, Outlet, Route, Routes, useSearchParams } from "react-router-dom";
import { marketingRoutes } from "@/features/marketing/routes";
import { LoadingScreen } from "./LoadingScreen";
import {
  AdminPage,
  ComingLaterPage,
  CustomerDashboard,
  DirectoryPage,
  EditProfilePage,
  FeedPage,
  SettingsPage,
  ForgotPasswordPage,
  JobDetailPage,
  JobSearchPage,
  JobsPage,
  LandingA,
  LandingB,
  LoginPage,
  MessagesPage,
  NetworkPage,
  NotFoundPage,
  NotificationsPage,
  OutboxPage,
  PortfolioPage,
  PostPage,
  ProfessionalDashboard,
  ProfessionSetupPage,
  ProfilePage,
  RegisterRoute,
  RequestQuotePage,
  ResetPasswordPage,
  ReviewsPage,
  LocalCheckoutPage,
  LocalJobCheckoutPage,
  LocalOnboardingPage,
  EarningsPage,
  PhotoRequestsPage,
  LocalPortalPage,
  ScrapDetailPage,
  ScrapPage,
  SearchPage,
  SubscribePage,
  SubscriptionReturn,
  SignUpChoicePage,
  SignUpRoute,
  VerifyEmailPage,
} from "./pages";
import { useAuthRedirectHold, useSession } from "./session";
import { Shell } from "./Shell";

// The route map (spec §2). Every page loads on demand (pages.ts).
//   Signed out: / (Landing A) /welcome (Landing B) /login /forgot-password /register /signup
//     /signup-choice /multi-profession-signup; a signed-in user goes to /.
//   Signed in: / and /dashboard (dashboard for the user type, or the profession setup); a
//     signed-out visitor goes to /login.
//   Both: /reset-password /verify-email /dev/outbox, the public content pages (marketingRoutes),
//     and the public sections below.
//   Sections built by later work show the "not open yet" page (COMING_LATER), behind sign-in
//     unless spec §2 lists them as public. /admin: admins only, everyone else gets the 404 page.
//   Anything else: the 404 page.

const AUTH_LOADING_MESSAGE = "Loading your account...";

/** / and /dashboard: landing (signed out), profession setup, or the dashboard for the user type. */
function HomeRoute() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.status === "loading") return <LoadingScreen message={AUTH_LOADING_MESSAGE} />;
  if (session.status === "signedOut") return <LandingA />;
  const { viewer } = session;
  if (viewer.needsSetup) return <ProfessionSetupPage viewer={viewer} />;
  return (
    <>
      {params.get("subscription") === "success" && <SubscriptionReturn />}
      {viewer.userType === "professional" && params.get("view") !== "customer" ? (
        <ProfessionalDashboard viewer={viewer} />
      ) : (
        <CustomerDashboard viewer={viewer} />
      )}
    </>
  );
}

/**
 * /dashboard/home (the customer dashboard, for anyone signed in) and /dashboard/pros (the professional
 * dashboard; a homeowner is sent to /dashboard/home). Signed-in only: SignedInOnly wraps it.
 */
function DashboardRoute({ kind }: { kind: "home" | "pros" }) {
  const session = useSession();
  if (session.status !== "signedIn") return <LoadingScreen message={AUTH_LOADING_MESSAGE} />;
  const { viewer } = session;
  if (viewer.needsSetup) return <ProfessionSetupPage viewer={viewer} />;
  if (kind === "home") return <CustomerDashboard viewer={viewer} />;
  if (viewer.userType !== "professional") return <Navigate to="/dashboard/home" replace />;
  return <ProfessionalDashboard viewer={viewer} />;
}

/** Pages for signed-out visitors; a signed-in user goes to /. */
function GuestOnly({ children }: { children?: ReactNode }) {
  const session = useSession();
  const { authRedirectsHeld } = useAuthRedirectHold();
  // A login or sign-up in flight keeps its page (and what the user typed) on screen.
  if (authRedirectsHeld) return children ?? <Outlet />;
  if (session.status === "loading") return <LoadingScreen message={AUTH_LOADING_MESSAGE} />;
  if (session.status === "signedIn") return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}

/** Pages for signed-in users (a layout route, or around one page); a signed-out visitor goes to /login. */
function SignedInOnly({ children }: { children?: ReactNode }) {
  const session = useSession();
  if (session.status === "loading") return <LoadingScreen message={AUTH_LOADING_MESSAGE} />;
  if (session.status === "signedOut") return <Navigate to="/login" replace />;
  return children ?? <Outlet />;
}

/** /admin: administrators see the admin section; everyone else gets the 404 page (spec §2, §6). */
function AdminRoute() {
  const session = useSession();
  if (session.status === "loading") return <LoadingScreen message={AUTH_LOADING_MESSAGE} />;
  if (session.status === "signedIn" && session.viewer.isAdmin) return <AdminPage />;
  return <NotFoundPage />;
}

type Access = "public" | "signedIn";

/**
 * Sections that later work builds, with the heading their page will have. Aliases (two paths of one
 * page) name the same section; each path keeps the access spec §2 gives it.
 */
const COMING_LATER: readonly { path: string; section: string; access: Access }[] = [
  { path: "profession-benefits", section: "Profession Benefits", access: "public" },
];

function comingLaterRoute({ path, section, access }: (typeof COMING_LATER)[number]) {
  const page = <ComingLaterPage section={section} />;
  return <Route key={path} path={path} element={access === "signedIn" ? <SignedInOnly>{page}</SignedInOnly> : page} />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<HomeRoute />} />
        <Route element={<GuestOnly />}>
          <Route path="welcome" element={<LandingB />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="signup" element={<SignUpRoute />} />
          <Route path="signup-choice" element={<SignUpChoicePage />} />
          <Route path="register" element={<RegisterRoute fallback="professional" />} />
          <Route path="multi-profession-signup" element={<RegisterRoute fallback="professional" />} />
        </Route>
        <Route element={<SignedInOnly />}>
          <Route path="dashboard" element={<HomeRoute />} />
          <Route path="dashboard/home" element={<DashboardRoute kind="home" />} />
          <Route path="dashboard/pros" element={<DashboardRoute kind="pros" />} />
          <Route path="request-quote" element={<RequestQuotePage />} />
          <Route path="jobs" element={<JobsPage />} />
          <Route path="jobs/search" element={<JobSearchPage />} />
          <Route path="jobs/:id" element={<JobDetailPage />} />
          <Route path="scrap" element={<ScrapPage />} />
          <Route path="scrap/:id" element={<ScrapDetailPage />} />
          {/* The local payments mode's checkouts, payout onboarding and customer portal (convex/payments/local.ts). */}
          <Route path="pay/checkout/:sessionId" element={<LocalCheckoutPage />} />
          <Route path="pay/job/:sessionId" element={<LocalJobCheckoutPage />} />
          <Route path="pay/onboard/:sessionId" element={<LocalOnboardingPage />} />
          <Route path="pay/portal/:sessionId" element={<LocalPortalPage />} />
          <Route path="earnings" element={<EarningsPage />} />
          {/* Photographers' open and booked photo requests. */}
          <Route path="photo-requests" element={<PhotoRequestsPage />} />
          <Route path="professionals/search" element={<DirectoryPage />} />
          <Route path="search" element={<SearchPage />} />
          <Route path="network" element={<NetworkPage />} />
          <Route path="profile/:id?" element={<ProfilePage />} />
          <Route path="edit-profile" element={<EditProfilePage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="portfolio" element={<PortfolioPage />} />
          <Route path="reviews" element={<ReviewsPage />} />
          <Route path="messages/:userId?" element={<MessagesPage />} />
          <Route path="notifications" element={<NotificationsPage />} />
        </Route>
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="dev/outbox" element={<OutboxPage />} />
        {marketingRoutes}
        <Route path="job-search" element={<JobSearchPage />} />
        <Route path="professional-search" element={<DirectoryPage />} />
        <Route path="feed" element={<FeedPage />} />
        <Route path="feed/:postId" element={<PostPage />} />
        <Route path="subscribe" element={<SubscribePage />} />
        {COMING_LATER.map(comingLaterRoute)}
        <Route path="admin" element={<AdminRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
