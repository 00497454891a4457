import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router-dom";
import { ShellIcon } from "./icons";
import type { NavItem } from "./nav";

const loadDialog = () => import("./MobileMenuDialog");
const MobileMenuDialog = lazy(loadDialog);

/** Starts loading the menu's code when the user shows intent (hover, focus, touch), before the click. */
function preload() {
  loadDialog().catch(() => {
    // React.lazy loads it again on open and reports a failure there.
  });
}

/**
 * The menu button on screens narrower than 1024 px and its dialog. The dialog belongs to the
 * location it was opened on, so any navigation closes it.
 */
export function MobileMenu({ items, showAccountLinks }: { items: readonly NavItem[]; showAccountLinks: boolean }) {
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location.key;

  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpenedAt(location.key)}
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
        className="flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <span className="sr-only">Navigation menu</span>
        <ShellIcon name="menu" />
      </button>
      {openedAt !== null && (
        <Suspense fallback={null}>
          <MobileMenuDialog
            open={open}
            onClose={() => setOpenedAt(null)}
            items={items}
            showAccountLinks={showAccountLinks}
          />
        </Suspense>
      )}
    </>
  );
}
