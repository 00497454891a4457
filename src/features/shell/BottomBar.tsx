import { ShellIcon } from "./icons";
import { BOTTOM_BAR } from "./nav";
import { NavItemLink } from "./NavItemLink";

export { BOTTOM_BAR_PADDING } from "./bottomBarPadding";

/**
 * While the bar shows, --shell-bottom-bar is its height (unset otherwise): the other fixed layers
 * at the bottom of the screen sit above it with `bottom: var(--shell-bottom-bar, 0px)` (the
 * toasts in components/ui/Toast.tsx, the cookie banner and install prompt in site/SiteOverlays.tsx).
 */
const BOTTOM_BAR_VARIABLE =
  "@media (width < 64rem) { :root { --shell-bottom-bar: calc(4rem + env(safe-area-inset-bottom)); } }";

/** The signed-in bottom bar on narrow screens (spec §2 "Shell"): Home, Jobs, Messages, Profile. */
export function BottomBar() {
  return (
    <nav
      aria-label="Quick links"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden dark:border-slate-700 dark:bg-slate-900"
    >
      <style>{BOTTOM_BAR_VARIABLE}</style>
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-4">
        {BOTTOM_BAR.map((item) => (
          <li key={item.to} className="flex">
            <NavItemLink
              item={item}
              badgeClassName="absolute top-1.5 left-1/2 ml-1.5"
              className="relative flex flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:font-bold aria-[current=page]:text-brand-700 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-[current=page]:text-brand-300"
            >
              <ShellIcon name={item.icon} />
              {item.label}
            </NavItemLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
