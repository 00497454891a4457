import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link } from "react-router-dom";
import { ThemePicker } from "@/features/site/ThemePicker";
import { buttonClasses } from "@/components/ui";
import { ShellIcon } from "./icons";
import { JOIN_NOW, SIGN_IN, type NavItem } from "./nav";
import { NavItemLink } from "./NavItemLink";

// Loaded on demand (React.lazy in MobileMenu.tsx) the first time the menu is wanted.

export interface MobileMenuDialogProps {
  open: boolean;
  onClose: () => void;
  items: readonly NavItem[];
  /** Signed out: the Join Now and Sign In links under the navigation. */
  showAccountLinks: boolean;
}

const linkClasses =
  "block rounded-md px-3 py-3 text-base font-medium text-slate-900 hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800 dark:text-slate-100 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-slate-800 dark:aria-[current=page]:text-brand-200";

/** The navigation as a modal dialog on narrow screens: focus stays inside, Escape closes it. */
export default function MobileMenuDialog({ open, onClose, items, showAccountLinks }: MobileMenuDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex justify-end">
      <DialogBackdrop className="fixed inset-0 bg-slate-950/50" />
      <DialogPanel className="relative flex h-full w-full max-w-xs flex-col overflow-y-auto bg-white shadow-xl dark:bg-slate-900">
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4 dark:border-slate-800">
          <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">Menu</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            className="-mr-2 flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <span className="sr-only">Close menu</span>
            <ShellIcon name="close" />
          </button>
        </div>
        <nav aria-label="Menu" className="px-2 py-3">
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavItemLink item={item} onClick={onClose} className={linkClasses} />
              </li>
            ))}
          </ul>
        </nav>
        {showAccountLinks && (
          <div className="flex flex-col gap-2 border-t border-slate-200 px-4 py-4 dark:border-slate-800">
            <Link to={JOIN_NOW.to} onClick={onClose} className={buttonClasses("primary", "md")}>
              {JOIN_NOW.label}
            </Link>
            <Link to={SIGN_IN.to} onClick={onClose} className={buttonClasses("secondary", "md")}>
              {SIGN_IN.label}
            </Link>
          </div>
        )}
        <div className="mt-auto border-t border-slate-200 px-4 py-4 dark:border-slate-800">
          <ThemePicker />
        </div>
      </DialogPanel>
    </Dialog>
  );
}
