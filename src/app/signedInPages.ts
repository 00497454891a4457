// The code of the pages only a signed-in member sees, loaded on demand (pages.ts). This module is
// a chunk of its own: its import() calls, and the list of chunks each one preloads with its page,
// stay out of every visitor's first load. A browser with a stored session fetches it at start
// (main.tsx), so a member's first page does not wait for it.

export const loadProfessionSetupPage = () =>
  import("@/features/onboarding/ProfessionSetupPage").then((m) => ({ default: m.ProfessionSetupPage }));
export const loadCustomerDashboard = () =>
  import("@/features/dashboard/CustomerDashboard").then((m) => ({ default: m.CustomerDashboard }));
export const loadProfessionalDashboard = () =>
  import("@/features/dashboard/ProfessionalDashboard").then((m) => ({ default: m.ProfessionalDashboard }));

export const loadScrapPage = () => import("@/features/scrap/ScrapPage").then((m) => ({ default: m.ScrapPage }));
export const loadScrapDetailPage = () =>
  import("@/features/scrap/ScrapDetailPage").then((m) => ({ default: m.ScrapDetailPage }));

export const loadJobsPage = () => import("@/features/jobs/JobsPage").then((m) => ({ default: m.JobsPage }));
export const loadJobDetailPage = () =>
  import("@/features/jobs/JobDetailPage").then((m) => ({ default: m.JobDetailPage }));
export const loadRequestQuotePage = () =>
  import("@/features/jobs/RequestQuotePage").then((m) => ({ default: m.RequestQuotePage }));

export const loadMessagesPage = () =>
  import("@/features/messages/MessagesPage").then((m) => ({ default: m.MessagesPage }));
export const loadNotificationsPage = () =>
  import("@/features/notifications/NotificationsPage").then((m) => ({ default: m.NotificationsPage }));

export const loadProfilePage = () => import("@/features/profile/ProfilePage").then((m) => ({ default: m.ProfilePage }));
export const loadEditProfilePage = () =>
  import("@/features/profile/EditProfilePage").then((m) => ({ default: m.EditProfilePage }));
export const loadSettingsPage = () =>
  import("@/features/settings/SettingsPage").then((m) => ({ default: m.SettingsPage }));
export const loadPortfolioPage = () =>
  import("@/features/portfolio/PortfolioPage").then((m) => ({ default: m.PortfolioPage }));
export const loadReviewsPage = () => import("@/features/reviews/ReviewsPage").then((m) => ({ default: m.ReviewsPage }));
export const loadNetworkPage = () => import("@/features/network/NetworkPage").then((m) => ({ default: m.NetworkPage }));
export const loadSearchPage = () => import("@/features/feed/SearchPage").then((m) => ({ default: m.SearchPage }));

/** The bottom bar of the shell on narrow screens (signed-in only). */
export const loadBottomBar = () => import("@/features/shell/BottomBar").then((m) => ({ default: m.BottomBar }));

/** The header's parts for a signed-in member: the user menu, the notifications bell, who is signed in. */
export const loadUserMenu = () => import("@/features/shell/UserMenu");
export const loadNotificationBell = () => import("@/features/notifications/NotificationBell");
export const loadUserTypeBar = () => import("@/features/shell/UserTypeBar").then((m) => ({ default: m.UserTypeBar }));

export const loadLocalCheckoutPage = () =>
  import("@/features/subscriptions/LocalCheckoutPage").then((m) => ({ default: m.LocalCheckoutPage }));
export const loadLocalJobCheckoutPage = () =>
  import("@/features/payments/LocalJobCheckoutPage").then((m) => ({ default: m.LocalJobCheckoutPage }));
export const loadLocalOnboardingPage = () =>
  import("@/features/payments/LocalOnboardingPage").then((m) => ({ default: m.LocalOnboardingPage }));
export const loadEarningsPage = () => import("@/features/payments/EarningsPage").then((m) => ({ default: m.EarningsPage }));
export const loadPhotoRequestsPage = () =>
  import("@/features/photos/PhotoRequestsPage").then((m) => ({ default: m.PhotoRequestsPage }));
export const loadLocalPortalPage = () =>
  import("@/features/subscriptions/LocalPortalPage").then((m) => ({ default: m.LocalPortalPage }));
export const loadSubscriptionReturn = () =>
  import("@/features/subscriptions/SubscriptionReturn").then((m) => ({ default: m.SubscriptionReturn }));
