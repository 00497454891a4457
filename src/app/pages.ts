import { lazy } from "react";

// Every page is its own chunk (React.lazy), loaded when its route is shown; the shell's
// <Suspense> shows the loading screen meanwhile. Only the shell is in the first load.

// The pages only signed-in members see: their loaders are a chunk of their own (signedInPages.ts).
const signedIn = () => import("./signedInPages");
export const BottomBar = lazy(() => signedIn().then((m) => m.loadBottomBar()));
export const UserMenu = lazy(() => signedIn().then((m) => m.loadUserMenu()));
export const NotificationBell = lazy(() => signedIn().then((m) => m.loadNotificationBell()));
export const UserTypeBar = lazy(() => signedIn().then((m) => m.loadUserTypeBar()));

/** A browser with a stored session: fetch the signed-in pages' loaders now, not with the first one. */
export function preloadSignedInPages(): void {
  signedIn().catch(() => {
    // React.lazy loads it again when a page renders and reports a failure there.
  });
}

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
export const RegisterRoute = lazy(() => import("./RegisterRoute").then((m) => ({ default: m.RegisterRoute })));

export const ProfessionSetupPage = lazy(() => signedIn().then((m) => m.loadProfessionSetupPage()));
export const CustomerDashboard = lazy(() => signedIn().then((m) => m.loadCustomerDashboard()));
export const ProfessionalDashboard = lazy(() => signedIn().then((m) => m.loadProfessionalDashboard()));

export const LocalCheckoutPage = lazy(() => signedIn().then((m) => m.loadLocalCheckoutPage()));
export const LocalJobCheckoutPage = lazy(() => signedIn().then((m) => m.loadLocalJobCheckoutPage()));
export const LocalOnboardingPage = lazy(() => signedIn().then((m) => m.loadLocalOnboardingPage()));
export const EarningsPage = lazy(() => signedIn().then((m) => m.loadEarningsPage()));
export const PhotoRequestsPage = lazy(() => signedIn().then((m) => m.loadPhotoRequestsPage()));
export const LocalPortalPage = lazy(() => signedIn().then((m) => m.loadLocalPortalPage()));
export const SubscriptionReturn = lazy(() => signedIn().then((m) => m.loadSubscriptionReturn()));
export const SubscribePage = lazy(() =>
  import("@/features/subscriptions/SubscribePage").then((m) => ({ default: m.SubscribePage })),
);
export const ScrapPage = lazy(() => signedIn().then((m) => m.loadScrapPage()));
export const ScrapDetailPage = lazy(() => signedIn().then((m) => m.loadScrapDetailPage()));

export const JobsPage = lazy(() => signedIn().then((m) => m.loadJobsPage()));
export const JobDetailPage = lazy(() => signedIn().then((m) => m.loadJobDetailPage()));
export const JobSearchPage = lazy(() =>
  import("@/features/jobs/JobSearchPage").then((m) => ({ default: m.JobSearchPage })),
);

export const MessagesPage = lazy(() => signedIn().then((m) => m.loadMessagesPage()));
export const AdminPage = lazy(() => import("@/features/admin/AdminPage").then((m) => ({ default: m.AdminPage })));
export const NotificationsPage = lazy(() => signedIn().then((m) => m.loadNotificationsPage()));

export const ProfilePage = lazy(() => signedIn().then((m) => m.loadProfilePage()));
export const EditProfilePage = lazy(() => signedIn().then((m) => m.loadEditProfilePage()));
export const SettingsPage = lazy(() => signedIn().then((m) => m.loadSettingsPage()));
export const PortfolioPage = lazy(() => signedIn().then((m) => m.loadPortfolioPage()));
export const ReviewsPage = lazy(() => signedIn().then((m) => m.loadReviewsPage()));

export const DirectoryPage = lazy(() =>
  import("@/features/directory/DirectoryPage").then((m) => ({ default: m.DirectoryPage })),
);
export const NetworkPage = lazy(() => signedIn().then((m) => m.loadNetworkPage()));

// The feed and a post's page are public (visitors read); search is for members.
export const FeedPage = lazy(() => import("@/features/feed/FeedPage").then((m) => ({ default: m.FeedPage })));
export const PostPage = lazy(() => import("@/features/feed/PostPage").then((m) => ({ default: m.PostPage })));
export const SearchPage = lazy(() => signedIn().then((m) => m.loadSearchPage()));

export const OutboxPage = lazy(() => import("@/features/dev/OutboxPage").then((m) => ({ default: m.OutboxPage })));
export const NotFoundPage = lazy(() =>
  import("@/features/errors/NotFoundPage").then((m) => ({ default: m.NotFoundPage })),
);
export const ComingLaterPage = lazy(() =>
  import("@/features/errors/ComingLaterPage").then((m) => ({ default: m.ComingLaterPage })),
);
export const RequestQuotePage = lazy(() => signedIn().then((m) => m.loadRequestQuotePage()));

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
