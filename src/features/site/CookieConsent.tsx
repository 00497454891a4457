import { lazy, Suspense, useEffect, useId, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui";
import { cn } from "@/lib/cn";
import {
  ACCEPT_ALL,
  OPEN_COOKIE_SETTINGS_EVENT,
  REJECT_ALL,
  takeCookieSettingsRequest,
  writeConsent,
  type ConsentChoices,
} from "@/lib/consent";
import { keepFocusOnPage, useStoredConsent } from "./cookieConsentState";

// Spec §4 "Cookie banner": shows when no choice is stored; Accept All, Reject All, or
// Customize then Save. The banner does not block the page; the preferences are a
// modal dialog (focus moves into it and back), loaded when first opened. openCookieSettings() reopens them later.

const PreferencesDialog = lazy(() => import("./CookiePreferencesDialog"));

/** The banner, and the preferences dialog (opened from the banner or by openCookieSettings()). */
export function CookieConsent({ className }: { className?: string }) {
  const stored = useStoredConsent();
  // Open at once when "Cookie settings" was pressed before this code had loaded.
  const [dialogOpen, setDialogOpen] = useState(takeCookieSettingsRequest);
  const [dialogUsed, setDialogUsed] = useState(dialogOpen);
  if (dialogOpen && !dialogUsed) setDialogUsed(true);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const open = () => {
      takeCookieSettingsRequest();
      setDialogOpen(true);
    };
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
  }, []);

  const choose = (choices: ConsentChoices) => {
    writeConsent(choices);
    keepFocusOnPage();
  };

  return (
    <>
      {stored === null && (
        <section
          aria-labelledby={titleId}
          aria-describedby={textId}
          className={cn(
            "pointer-events-auto rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-lg sm:p-5 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
            className,
          )}
        >
          <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
            <div className="min-w-0 space-y-1">
              <h2 id={titleId} className="font-semibold">
                Cookies on Rafter
              </h2>
              {/* One short line: a larger block here would outsize the page's own text and become the
                  page's largest paint (LCP) when the banner appears, after the page has painted. */}
              <p id={textId} className="text-sm text-slate-700 dark:text-slate-300">
                We ask before we use optional cookies.{" "}
                <Link
                  to="/privacy"
                  className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
                >
                  Privacy Policy
                </Link>
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button size="sm" onClick={() => choose(ACCEPT_ALL)}>
                Accept All
              </Button>
              <Button size="sm" onClick={() => choose(REJECT_ALL)}>
                Reject All
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setDialogOpen(true)}>
                Customize
              </Button>
            </div>
          </div>
        </section>
      )}
      {/* Once opened, the dialog stays mounted so that it can close (and hand focus back) by itself. */}
      {dialogUsed && (
        <Suspense fallback={null}>
          <PreferencesDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
