import { memo } from "react";
import { Link } from "react-router-dom";
import { Logo } from "@/app/Logo";
import { CookieSettingsButton } from "@/features/site/CookieSettingsButton";
import { LazyThemePicker } from "./LazyThemePicker";
import { FOOTER_COLUMNS, SUPPORT_EMAIL } from "./nav";

const linkClasses =
  "rounded-sm text-slate-700 underline-offset-2 hover:text-slate-900 hover:underline dark:text-slate-300 dark:hover:text-white";

/**
 * Site footer (spec §2 "Shell"): categories, features, contact and legal links (with the cookie
 * settings), and the theme choice.
 * Static: memo keeps it out of the shell's re-renders (session changes).
 */
export const Footer = memo(function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white text-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-12">
        <div className="grid gap-8 lg:grid-cols-[1fr_3fr]">
          <div className="space-y-3">
            <Link to="/" className="inline-block rounded-md" aria-label="Rafter home">
              <Logo />
            </Link>
            <p className="max-w-xs text-slate-700 dark:text-slate-300">
              Property owners and trusted professionals, all 50 states.
            </p>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {FOOTER_COLUMNS.map((column) => (
              <div key={column.title}>
                <h2 className="font-semibold text-slate-900 dark:text-white">{column.title}</h2>
                <ul className="mt-3 space-y-2">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={linkClasses}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                  {column.title === "Legal" && (
                    <li>
                      <CookieSettingsButton className="text-left" />
                    </li>
                  )}
                  {column.title === "Contact" && (
                    <li>
                      <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClasses}>
                        {SUPPORT_EMAIL}
                      </a>
                    </li>
                  )}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-10 flex flex-col gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <p className="text-slate-700 dark:text-slate-300">© {new Date().getFullYear()} Rafter</p>
          <LazyThemePicker />
        </div>
      </div>
    </footer>
  );
});
