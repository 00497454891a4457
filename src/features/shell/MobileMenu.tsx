import { lazy, Suspense, useRef, useState } from "react";
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
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Escape, the backdrop or the close button: focus goes back to the menu button. Headless UI
  // does this only for an element it saw being focused, and its focus history starts when its
  // code loads, which is on demand (on focus or hover of the button, or on the click itself), so
  // a quick keyboard user's Enter could come first and focus would fall to <body>.
  const close = () => {
    setOpenedAt(null);
    window.requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body) buttonRef.current?.focus({ preventScroll: true });
    });
  };

  return (
    <>
      <button
        ref={buttonRef}
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
            onClose={close}
            items={items}
            showAccountLinks={showAccountLinks}
          />
        </Suspense>
      )}
    </>
  );
}
