import type { ReactNode } from "react";
import type { Viewer } from "@/app/session";
import { AccountRestoredBanner } from "@/features/auth/AccountRestoredBanner";
import { EmailVerificationBanner } from "@/features/auth/EmailVerificationBanner";
import { usePageTitle } from "@/lib/usePageTitle";
import { BusinessQuoteRequests } from "@/features/teams/BusinessQuoteRequests";

// The bar saying who is signed in (and the customer-view switch) is in the shell: src/features/shell/UserTypeBar.tsx.
export function DashboardLayout({
  viewer,
  subtitle,
  actions,
  children,
}: {
  viewer: Viewer;
  subtitle: ReactNode;
  /** Buttons next to the welcome (stacked under it on phones). */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  usePageTitle("Dashboard");
  const name = viewer.firstName || viewer.email;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl dark:text-white">
            Welcome, {name}
          </h1>
          <div className="mt-2 text-lg text-slate-600 dark:text-slate-300">{subtitle}</div>
        </div>
        {actions && <div className="flex shrink-0 flex-col gap-2 sm:flex-row">{actions}</div>}
      </header>
      <AccountRestoredBanner viewer={viewer} />
      <EmailVerificationBanner viewer={viewer} />
      {/* An Enterprise team member acting for the business: its quote requests first. */}
      <BusinessQuoteRequests />
      {children}
    </div>
  );
}
