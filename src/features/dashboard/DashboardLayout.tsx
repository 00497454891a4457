import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { Viewer } from "@/app/session";
import { EmailVerificationBanner } from "@/features/auth/EmailVerificationBanner";
import { textLinkClasses } from "@/components/ui";
import { usePageTitle } from "@/lib/usePageTitle";

export type DashboardView = "professional" | "customer";

/** The bar that says who is signed in, with the customer-view switch for professionals. */
export function UserTypeBar({ viewer, view }: { viewer: Viewer; view: DashboardView }) {
  const isPro = viewer.userType === "professional";
  return (
    <div className="border-b border-brand-200 bg-brand-50 dark:border-brand-800 dark:bg-brand-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm text-brand-900 dark:text-brand-100">
        <p>
          Signed in as a <strong>{isPro ? "Service Professional" : "Property Owner"}</strong>
          {isPro && view === "customer" && <span> (viewing as a customer)</span>}
        </p>
        {isPro &&
          (view === "professional" ? (
            <Link to="/?view=customer" className={textLinkClasses}>
              Switch to customer view
            </Link>
          ) : (
            <Link to="/" className={textLinkClasses}>
              Switch to professional view
            </Link>
          ))}
      </div>
    </div>
  );
}

export function DashboardLayout({
  viewer,
  view,
  subtitle,
  children,
}: {
  viewer: Viewer;
  view: DashboardView;
  subtitle: ReactNode;
  children?: ReactNode;
}) {
  usePageTitle("Dashboard");
  const name = viewer.firstName || viewer.email;
  return (
    <>
      <UserTypeBar viewer={viewer} view={view} />
      <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:py-10">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Welcome, {name}
          </h1>
          <div className="mt-2 text-lg text-slate-600 dark:text-slate-300">{subtitle}</div>
        </header>
        <EmailVerificationBanner viewer={viewer} />
        {children}
      </div>
    </>
  );
}
