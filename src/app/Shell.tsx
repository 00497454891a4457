import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import { useState, type ReactNode } from "react";
import { Link, Outlet } from "react-router-dom";
import { buttonClasses } from "@/components/ui";
import { cn } from "@/lib/cn";
import { Logo } from "./Logo";
import { RouteEffects } from "./RouteEffects";
import { useSession, type Viewer } from "./session";
import { useLogout } from "./useLogout";

// The minimal shell: skip link, header (logo, auth links or user menu), <main id="main">, footer.
// The full navigation comes later.

export function Shell({ children }: { children?: ReactNode }) {
  const session = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className={cn(
          "sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50",
          buttonClasses("primary", "md"),
        )}
      >
        Skip to content
      </a>
      <RouteEffects />
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <Link to="/" className="rounded-md" aria-label="Rafter home">
            <Logo />
          </Link>
          <nav aria-label="Account">
            {session.status === "signedIn" ? (
              <UserMenu viewer={session.viewer} />
            ) : session.status === "signedOut" ? (
              <ul className="flex items-center gap-1 sm:gap-2">
                <li>
                  <Link to="/login" className={buttonClasses("ghost", "sm")}>
                    Sign In
                  </Link>
                </li>
                <li>
                  <Link to="/signup-choice" className={buttonClasses("primary", "sm")}>
                    Join Now
                  </Link>
                </li>
              </ul>
            ) : null}
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children ?? <Outlet />}
      </main>
      <footer className="border-t border-slate-200 bg-white py-6 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
        <div className="mx-auto max-w-6xl px-4">
          <p>© {new Date().getFullYear()} Rafter. Property owners and trusted professionals, all 50 states.</p>
        </div>
      </footer>
    </div>
  );
}

function initials(viewer: Viewer): string {
  const text = `${viewer.firstName.charAt(0)}${viewer.lastName.charAt(0)}`.trim();
  return (text || viewer.email.charAt(0) || "?").toUpperCase();
}

function UserMenu({ viewer }: { viewer: Viewer }) {
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  const name = `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.email;

  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex items-center gap-2 rounded-full p-1 pr-2 text-sm font-medium text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800">
        <span className="sr-only">Account menu for {name}</span>
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-brand-700 font-semibold text-white dark:bg-brand-300 dark:text-brand-950"
        >
          {initials(viewer)}
        </span>
        <span aria-hidden="true" className="hidden max-w-40 truncate sm:inline">
          {viewer.firstName || viewer.email}
        </span>
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </MenuButton>
      <MenuItems
        modal={false}
        className="absolute right-0 z-40 mt-2 w-60 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="px-3 py-2 text-sm">
          <p className="truncate font-semibold text-slate-900 dark:text-slate-100">{name}</p>
          <p className="truncate text-slate-600 dark:text-slate-300">{viewer.email}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
        <MenuItem>
          <Link
            to="/dashboard"
            className="block rounded-md px-3 py-2 text-sm text-slate-900 data-focus:bg-slate-100 dark:text-slate-100 dark:data-focus:bg-slate-800"
          >
            Dashboard
          </Link>
        </MenuItem>
        <MenuItem disabled={busy}>
          <button
            type="button"
            onClick={() => {
              setBusy(true);
              void logout().finally(() => setBusy(false));
            }}
            className="block w-full rounded-md px-3 py-2 text-left text-sm text-slate-900 data-disabled:opacity-60 data-focus:bg-slate-100 dark:text-slate-100 dark:data-focus:bg-slate-800"
          >
            {busy ? "Logging out..." : "Logout"}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
