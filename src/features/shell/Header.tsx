import { Suspense } from "react";
import { Link } from "react-router-dom";
import { Logo } from "@/app/Logo";
import { NotificationBell, UserMenu, UserTypeBar } from "@/app/pages";
import { useSession, type Viewer } from "@/app/session";
import { buttonClasses } from "@/components/ui/Button";
import { warmLazy } from "@/lib/warmLazy";
import { hasStoredSession } from "@/prerender/storedSession";
import { ShellIcon } from "./icons";
import { MobileMenu } from "./MobileMenu";
import { NavItemLink } from "./NavItemLink";
import { JOIN_NOW, SIGN_IN, SIGNED_OUT_NAV, signedInNav, type NavItem } from "./nav";
import { UserAvatar } from "./UserAvatar";

// The user menu (Headless UI), the notifications bell (Headless UI Popover) and the bar saying who
// is signed in are only for signed-in users: their code loads once the session says so (app/pages.ts,
// with the signed-in pages). A browser with a stored session starts loading the bar at once, so it
// is there by the time the session's viewer arrives (it takes the page's full width: no
// placeholder would have its height).
if (typeof window !== "undefined" && hasStoredSession()) warmLazy(UserTypeBar);

const navLinkClasses =
  "block rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 " +
  "aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800 " +
  "dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-[current=page]:bg-slate-800 dark:aria-[current=page]:text-brand-200";

/** The main navigation on wide screens (narrow screens get the same links in the mobile menu). */
function MainNav({ items }: { items: readonly NavItem[] }) {
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-0.5">
        {items.map((item) => (
          <li key={item.to}>
            <NavItemLink item={item} className={navLinkClasses} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Until the user menu's code arrives: the button's look, not yet a control (same size, no shift). */
function UserMenuPlaceholder({ viewer }: { viewer: Viewer }) {
  return (
    <span aria-hidden="true" className="flex items-center gap-2 p-1 text-sm font-medium xl:pr-2">
      <UserAvatar viewer={viewer} />
      <span className="hidden max-w-32 truncate xl:inline">{viewer.firstName || viewer.email}</span>
      <ShellIcon name="chevronDown" className="hidden size-4 sm:block" />
    </span>
  );
}

/** Site header (spec §2 "Shell"): logo, navigation for the session, account links or user menu, mobile menu. */
export function Header() {
  const session = useSession();
  const items =
    session.status === "signedIn"
      ? signedInNav(session.viewer.isAdmin)
      : session.status === "signedOut"
        ? SIGNED_OUT_NAV
        : null;

  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link to="/" className="shrink-0 rounded-md" aria-label="Rafter home">
          <Logo />
        </Link>
        {items && <MainNav items={items} />}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {session.status === "signedOut" && (
            <nav aria-label="Account">
              <ul className="flex items-center gap-1 sm:gap-2">
                <li>
                  <Link to={SIGN_IN.to} className={buttonClasses("ghost", "sm")}>
                    {SIGN_IN.label}
                  </Link>
                </li>
                <li className="hidden sm:block">
                  <Link to={JOIN_NOW.to} className={buttonClasses("primary", "sm")}>
                    {JOIN_NOW.label}
                  </Link>
                </li>
              </ul>
            </nav>
          )}
          {session.status === "signedIn" && (
            <Suspense fallback={<span aria-hidden="true" className="size-11" />}>
              <NotificationBell viewer={session.viewer} />
            </Suspense>
          )}
          {session.status === "signedIn" && (
            <Suspense fallback={<UserMenuPlaceholder viewer={session.viewer} />}>
              <UserMenu viewer={session.viewer} />
            </Suspense>
          )}
          {items && <MobileMenu items={items} showAccountLinks={session.status === "signedOut"} />}
        </div>
      </div>
      {session.status === "signedIn" && (
        <Suspense fallback={null}>
          <UserTypeBar viewer={session.viewer} />
        </Suspense>
      )}
    </header>
  );
}
