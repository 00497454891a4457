// The shell's links (spec §2 "Shell"), in one place for the header, the mobile menu, the
// user menu, the bottom bar and the footer.

export interface NavItem {
  to: string;
  label: string;
  /** Active only on this exact path (e.g. Home at "/"), not on the paths below it. */
  end?: boolean;
  /** Other exact paths that show the same page (signed in, / is the dashboard). */
  activeOn?: readonly string[];
  /** A live count shown on the link (capped at 99+) and read with its name ("Messages, 3 unread"). */
  badge?: "unreadMessages";
}

/** Whether a link is the current page (shown to assistive technology as aria-current="page"). */
export function isActive(item: NavItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === item.to || item.activeOn?.includes(path)) return true;
  return !item.end && path.startsWith(`${item.to}/`);
}

/** Signed-out header navigation, before the account links (Join Now, Sign In). */
export const SIGNED_OUT_NAV: readonly NavItem[] = [
  { to: "/", label: "Home", end: true },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/job-search", label: "Find Work" },
  { to: "/professional-search", label: "Find Pros" },
];

export const JOIN_NOW: NavItem = { to: "/signup-choice", label: "Join Now" };
export const SIGN_IN: NavItem = { to: "/login", label: "Sign In" };

const SIGNED_IN_NAV: readonly NavItem[] = [
  { to: "/dashboard", label: "Dashboard", activeOn: ["/"] },
  { to: "/jobs", label: "Jobs" },
  { to: "/feed", label: "Feed" },
  { to: "/messages", label: "Messages", badge: "unreadMessages" },
  { to: "/network", label: "Network" },
  { to: "/search", label: "Search" },
  { to: "/scrap", label: "Materials" },
  { to: "/level-up", label: "Resources" },
];

const ADMIN_NAV: NavItem = { to: "/admin", label: "Admin" };

/** Signed-in header navigation; Admin only for administrators. */
export function signedInNav(isAdmin: boolean): readonly NavItem[] {
  return isAdmin ? [...SIGNED_IN_NAV, ADMIN_NAV] : SIGNED_IN_NAV;
}

/** The user menu's links (Logout is a button after them). */
export const USER_MENU_LINKS: readonly NavItem[] = [
  { to: "/profile", label: "My Profile" },
  { to: "/portfolio", label: "Portfolio" },
  { to: "/reviews", label: "Reviews" },
  { to: "/notifications", label: "Notifications" },
  // Spec §2 names "Settings (/edit-profile)"; the account page (password, emails, deletion) is "Account",
  // so the two never read alike.
  { to: "/edit-profile", label: "Settings" },
  { to: "/settings", label: "Account" },
];

export type BottomBarIcon = "home" | "jobs" | "messages" | "profile";

/** The signed-in bottom bar on narrow screens. */
export const BOTTOM_BAR: readonly (NavItem & { icon: BottomBarIcon })[] = [
  { to: "/", label: "Home", end: true, activeOn: ["/dashboard"], icon: "home" },
  { to: "/jobs", label: "Jobs", icon: "jobs" },
  { to: "/messages", label: "Messages", icon: "messages", badge: "unreadMessages" },
  { to: "/profile", label: "Profile", icon: "profile" },
];

export const SUPPORT_EMAIL = "support@rafter.example";

export interface FooterColumn {
  title: string;
  links: readonly NavItem[];
}

/** Footer columns: categories (the profession pages), features, contact (plus the support email) and legal. */
export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: "Categories",
    links: [
      { to: "/profession/contractor", label: "Contractors" },
      { to: "/profession/landscaping", label: "Landscaping" },
      { to: "/profession/electrician", label: "Electricians" },
      { to: "/profession/painter", label: "Painters" },
      { to: "/profession/photographer", label: "Photographers" },
      { to: "/profession/hauler", label: "Haulers" },
      { to: "/profession/flipper", label: "Flippers" },
    ],
  },
  {
    title: "Features",
    links: [
      { to: "/professional-search", label: "Find Pros" },
      { to: "/job-search", label: "Find Work" },
      { to: "/scrap", label: "Materials" },
      { to: "/feed", label: "Community Feed" },
      { to: "/subscribe", label: "Subscribe" },
    ],
  },
  {
    title: "Contact",
    links: [
      { to: "/contact", label: "Contact Us" },
      { to: "/about", label: "About Rafter" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/accessibility", label: "Accessibility" },
      { to: "/dmca", label: "DMCA" },
    ],
  },
];
