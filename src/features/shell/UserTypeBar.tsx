import { lazy, Suspense } from "react";
import { Link, useLocation, useSearchParams } from "react-router-dom";
import type { Viewer } from "@/app/session";
import { textLinkClasses } from "@/components/ui/TextLink";
import { ActingSwitch } from "@/features/teams/ActingSwitch";

// The Available / Busy switch (Headless UI) loads with the signed-in pages, not the landing page.
const AvailabilityToggle = lazy(() =>
  import("@/features/availability/AvailabilityToggle").then((m) => ({ default: m.AvailabilityToggle })),
);

/** Whether the page shows a professional the customer view (/?view=customer, spec §2). */
export function useCustomerView(viewer: Viewer): boolean {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return (
    viewer.userType === "professional" &&
    (pathname === "/" || pathname === "/dashboard") &&
    params.get("view") === "customer"
  );
}

/**
 * The bar under the header on every signed-in page: who is signed in, and for professionals the
 * switch to the customer view (/?view=customer) and back. Hidden until the account has a type.
 */
export function UserTypeBar({ viewer }: { viewer: Viewer }) {
  const customerView = useCustomerView(viewer);
  if (viewer.needsSetup || viewer.userType === null) return null;
  const isPro = viewer.userType === "professional";
  return (
    <div className="border-t border-brand-200 bg-brand-50 dark:border-brand-800 dark:bg-brand-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm text-brand-900 dark:text-brand-100">
        <p>
          Signed in as a <strong>{isPro ? "Service Professional" : "Property Owner"}</strong>
          {customerView && <span> (viewing as a customer)</span>}
        </p>
        {/* Enterprise team members: act for the business or as themselves. */}
        <ActingSwitch viewer={viewer} />
        {isPro && (
          <Suspense fallback={null}>
            <AvailabilityToggle className="sm:ml-auto" />
          </Suspense>
        )}
        {isPro &&
          (customerView ? (
            <Link to="/" className={textLinkClasses}>
              Switch to professional view
            </Link>
          ) : (
            <Link to="/?view=customer" className={textLinkClasses}>
              Switch to customer view
            </Link>
          ))}
      </div>
    </div>
  );
}
