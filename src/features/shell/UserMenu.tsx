import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import type { Viewer } from "@/app/session";
import { useLogout } from "@/app/useLogout";
import { ShellIcon } from "./icons";
import { USER_MENU_LINKS } from "./nav";
import { UserAvatar, viewerName } from "./UserAvatar";

// Loaded on demand (React.lazy in Header.tsx): Headless UI stays out of the landing page's first load.

const itemClasses =
  "block w-full rounded-md px-3 py-2 text-left text-sm text-slate-900 data-disabled:opacity-60 data-focus:bg-slate-100 dark:text-slate-100 dark:data-focus:bg-slate-800";

/** The signed-in user's menu (spec §2 "Shell"): My Profile, Portfolio, Reviews, Notifications, Settings (/edit-profile), Account (/settings), Logout. */
export default function UserMenu({ viewer }: { viewer: Viewer }) {
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  const name = viewerName(viewer);

  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex items-center gap-2 rounded-full p-1 text-sm font-medium text-slate-900 hover:bg-slate-100 xl:pr-2 dark:text-slate-100 dark:hover:bg-slate-800">
        <span className="sr-only">Account menu for {name}</span>
        <UserAvatar viewer={viewer} />
        <span aria-hidden="true" className="hidden max-w-32 truncate xl:inline">
          {viewer.firstName || viewer.email}
        </span>
        <ShellIcon name="chevronDown" className="hidden size-4 sm:block" />
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
        {USER_MENU_LINKS.map((link) => (
          <MenuItem key={link.to}>
            <Link to={link.to} className={itemClasses}>
              {link.label}
            </Link>
          </MenuItem>
        ))}
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
        <MenuItem disabled={busy}>
          <button
            type="button"
            onClick={() => {
              setBusy(true);
              void logout().finally(() => setBusy(false));
            }}
            className={itemClasses}
          >
            {busy ? "Logging out..." : "Logout"}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
