import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { openCookieSettings } from "@/lib/cookieSettings";

// Light on purpose (no dialog code): the footer can import it without pulling in the
// cookie banner, which SiteOverlays loads after the page.

/** A "Cookie settings" button for the footer: reopens the cookie preferences (spec §4 "Cookie banner"). */
export function CookieSettingsButton({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <button
      type="button"
      onClick={openCookieSettings}
      className={cn(
        "rounded-sm text-slate-700 underline-offset-2 hover:text-slate-900 hover:underline dark:text-slate-300 dark:hover:text-white",
        className,
      )}
    >
      {children ?? "Cookie settings"}
    </button>
  );
}
