import { Link, useLocation } from "react-router-dom";
import type { ReactNode } from "react";
import { isActive, type NavItem } from "./nav";

/** A link of the shell's navigation; the current page's link carries aria-current="page". */
export function NavItemLink({
  item,
  className,
  onClick,
  children,
}: {
  item: NavItem;
  className: string;
  onClick?: () => void;
  children?: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <Link
      to={item.to}
      aria-current={isActive(item, pathname) ? "page" : undefined}
      className={className}
      onClick={onClick}
    >
      {children ?? item.label}
    </Link>
  );
}
