import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useEffect, useRef } from "react";
import { cn } from "@/lib/cn";
import type { ActionMenuProps } from "./actionMenuTypes";

const itemClasses =
  "flex w-full items-center gap-2 rounded px-3 py-2 text-left text-sm text-slate-800 data-focus:bg-slate-100 dark:text-slate-100 dark:data-focus:bg-slate-800";

/** The real menu behind ActionMenu; it opens as it replaces the placeholder button, the way the member opened that. */
export default function ActionMenuPopup({
  button,
  buttonClassName,
  items,
  anchor,
  className,
  disabled,
  openedBy,
}: ActionMenuProps & { openedBy: { key: string } | "pointer" }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const menuButton = buttonRef.current;
    if (!menuButton) return;
    menuButton.focus();
    // Headless UI's button opens on a click (not a pointer press) for scripts, and on these keys with
    // an item focused; React hears a native event dispatched on the element.
    if (openedBy === "pointer") menuButton.click();
    else menuButton.dispatchEvent(new KeyboardEvent("keydown", { key: openedBy.key, bubbles: true, cancelable: true }));
    // Only on mount: later renders must not reopen a menu the member closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Menu as="div" className={className}>
      <MenuButton ref={buttonRef} disabled={disabled} className={buttonClassName}>
        {button}
      </MenuButton>
      <MenuItems
        anchor={anchor}
        className="z-30 w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        {items.map((item) => (
          <MenuItem key={item.label}>
            <button
              type="button"
              className={cn(itemClasses, item.danger && "text-red-700 dark:text-red-300")}
              onClick={item.onSelect}
            >
              {item.icon}
              {item.label}
              {item.hint && <span className="ml-auto text-xs text-slate-600 dark:text-slate-300">{item.hint}</span>}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
