import { Link, useLocation } from "react-router-dom";
import type { ReactNode } from "react";
import { useSession } from "@/app/session";
import { CountBadge, unreadSuffix } from "@/components/ui/CountBadge";
import { isActive, type NavItem } from "./nav";

/** A link of the shell's navigation; the current page's link carries aria-current="page". */
export function NavItemLink({
  item,
  className,
  onClick,
  children,
  badgeClassName,
}: {
  item: NavItem;
  className: string;
  onClick?: () => void;
  children?: ReactNode;
  /** Where the count goes (e.g. over the bottom bar's icon); after the label by default. */
  badgeClassName?: string;
}) {
  const { pathname } = useLocation();
  const session = useSession();
  const count = item.badge && session.status === "signedIn" ? session.viewer[item.badge] : 0;
  return (
    <Link
      to={item.to}
      aria-current={isActive(item, pathname) ? "page" : undefined}
      aria-label={count > 0 ? `${item.label}${unreadSuffix(count)}` : undefined}
      className={className}
      onClick={onClick}
    >
      {children ?? item.label}
      <CountBadge count={count} className={badgeClassName ?? "ml-1.5"} />
    </Link>
  );
}
