import { lazy } from "react";

// Every page is its own chunk (React.lazy), loaded when its route is shown; the shell's
// <Suspense> shows the loading screen meanwhile. Only the shell is in the first load.

export const loadLandingA = () => import("@/features/marketing/LandingA");
export const loadLandingB = () => import("@/features/marketing/LandingB");
export const LandingA = lazy(loadLandingA);
export const LandingB = lazy(loadLandingB);

export const LoginPage = lazy(() => import("@/features/auth/LoginPage").then((m) => ({ default: m.LoginPage })));
export const ForgotPasswordPage = lazy(() =>
  import("@/features/auth/ForgotPasswordPage").then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() =>
  import("@/features/auth/ResetPasswordPage").then((m) => ({ default: m.ResetPasswordPage })),
);
export const VerifyEmailPage = lazy(() =>
  import("@/features/auth/VerifyEmailPage").then((m) => ({ default: m.VerifyEmailPage })),
);
export const SignUpChoicePage = lazy(() =>
  import("@/features/auth/SignUpChoicePage").then((m) => ({ default: m.SignUpChoicePage })),
);
export const SignUpRoute = lazy(() => import("./SignUpRoutes").then((m) => ({ default: m.SignUpRoute })));
export const RegisterRoute = lazy(() => import("./SignUpRoutes").then((m) => ({ default: m.RegisterRoute })));

export const ProfessionSetupPage = lazy(() =>
  import("@/features/onboarding/ProfessionSetupPage").then((m) => ({ default: m.ProfessionSetupPage })),
);
export const CustomerDashboard = lazy(() =>
  import("@/features/dashboard/CustomerDashboard").then((m) => ({ default: m.CustomerDashboard })),
);
export const ProfessionalDashboard = lazy(() =>
  import("@/features/dashboard/ProfessionalDashboard").then((m) => ({ default: m.ProfessionalDashboard })),
);

export const ScrapPage = lazy(() => import("@/features/scrap/ScrapPage").then((m) => ({ default: m.ScrapPage })));
export const ScrapDetailPage = lazy(() =>
  import("@/features/scrap/ScrapDetailPage").then((m) => ({ default: m.ScrapDetailPage })),
);

export const JobsPage = lazy(() => import("@/features/jobs/JobsPage").then((m) => ({ default: m.JobsPage })));
export const JobDetailPage = lazy(() =>
  import("@/features/jobs/JobDetailPage").then((m) => ({ default: m.JobDetailPage })),
);
export const JobSearchPage = lazy(() =>
  import("@/features/jobs/JobSearchPage").then((m) => ({ default: m.JobSearchPage })),
);

export const MessagesPage = lazy(() =>
  import("@/features/messages/MessagesPage").then((m) => ({ default: m.MessagesPage })),
);
export const NotificationsPage = lazy(() =>
  import("@/features/notifications/NotificationsPage").then((m) => ({ default: m.NotificationsPage })),
);

export const ProfilePage = lazy(() =>
  import("@/features/profile/ProfilePage").then((m) => ({ default: m.ProfilePage })),
);
export const EditProfilePage = lazy(() =>
  import("@/features/profile/EditProfilePage").then((m) => ({ default: m.EditProfilePage })),
);
export const SettingsPage = lazy(() =>
  import("@/features/settings/SettingsPage").then((m) => ({ default: m.SettingsPage })),
);
export const PortfolioPage = lazy(() =>
  import("@/features/portfolio/PortfolioPage").then((m) => ({ default: m.PortfolioPage })),
);
export const ReviewsPage = lazy(() =>
  import("@/features/reviews/ReviewsPage").then((m) => ({ default: m.ReviewsPage })),
);

export const DirectoryPage = lazy(() =>
  import("@/features/directory/DirectoryPage").then((m) => ({ default: m.DirectoryPage })),
);
export const NetworkPage = lazy(() => import("@/features/network/NetworkPage").then((m) => ({ default: m.NetworkPage })));

export const OutboxPage = lazy(() => import("@/features/dev/OutboxPage").then((m) => ({ default: m.OutboxPage })));
export const NotFoundPage = lazy(() =>
  import("@/features/errors/NotFoundPage").then((m) => ({ default: m.NotFoundPage })),
);
export const ComingLaterPage = lazy(() =>
  import("@/features/errors/ComingLaterPage").then((m) => ({ default: m.ComingLaterPage })),
);
export const RequestQuotePage = lazy(() =>
  import("@/features/jobs/RequestQuotePage").then((m) => ({ default: m.RequestQuotePage })),
);

/**
 * The landing pages are most visitors' first page: fetch their chunk alongside the app's own code
 * instead of after the first render. Other paths load their page on demand.
 */
export function preloadLanding(pathname: string) {
  const load = pathname === "/" ? loadLandingA : pathname === "/welcome" ? loadLandingB : null;
  load?.().catch(() => {
    // React.lazy loads it again when the page renders and reports a failure there.
  });
}
