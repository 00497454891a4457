import { useConvexAuth, useQuery } from "convex/react";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import {
  LAUNCH_PROMO,
  msUntilNextPromoTick,
  PROMO_DISMISSED_STORAGE_KEY,
  promoCountdown,
  promoDeadline,
  type Promotion,
} from "@common/promo";
import { DismissButton } from "@/components/ui/DismissButton";
import { api } from "@/lib/api";
import { useDocumentState } from "@/lib/documentState";
import { readStored, useOnline, writeStored } from "./browser";

declare global {
  interface ImportMetaEnv {
    /** The launch offer's deadline for the offline fallback (ISO 8601 or ms); default Dec 31, 2025. */
    readonly VITE_PROMO_DEADLINE?: string;
  }
}

// Spec §4 "Promo banner": for signed-out visitors until dismissed (remembered) or the
// deadline passes; countdown in days, then hours, then 'Last chance!', refreshed hourly.
// Server truth is promotions.current; the built-in launch offer (VITE_PROMO_DEADLINE) is
// only a fallback while the server cannot be reached.

const FALLBACK: Promotion = { ...LAUNCH_PROMO, endsAt: promoDeadline(import.meta.env.VITE_PROMO_DEADLINE) };

/** The current time, recomputed on the hour before `endsAt` (at most hourly) and when the tab regains focus. */
function usePromoClock(endsAt: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === undefined) return;
    const timer = window.setTimeout(() => setNow(Date.now()), msUntilNextPromoTick(endsAt, now));
    return () => window.clearTimeout(timer);
  }, [endsAt, now]);

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible") setNow(Date.now());
    };
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, []);

  return now;
}

export function PromoBanner() {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const signedOut = !isLoading && !isAuthenticated;
  const server = useQuery(api.promotions.current, signedOut ? {} : "skip");
  const online = useOnline();
  const promo = server !== undefined ? server : online ? null : FALLBACK;
  const now = usePromoClock(promo?.endsAt);
  const [dismissed, setDismissed] = useState(() => readStored(PROMO_DISMISSED_STORAGE_KEY));
  const countdown = promo ? promoCountdown(promo.endsAt, now) : null;
  // For a signed-out visitor, once the server has answered: what the banner shows.
  useDocumentState(
    "promo",
    !signedOut || server === undefined
      ? null
      : !promo || countdown?.kind === "ended"
        ? "none"
        : dismissed === promo.key
          ? "dismissed"
          : "shown",
  );

  if (!signedOut || !promo || !countdown || dismissed === promo.key) return null;
  if (countdown.kind === "ended") return null;

  const dismiss = () => {
    writeStored(PROMO_DISMISSED_STORAGE_KEY, promo.key);
    setDismissed(promo.key);
    document.getElementById("main")?.focus({ preventScroll: true });
  };

  return (
    <section aria-label="Launch offer" className="bg-brand-700 text-white">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm">
        <p className="min-w-0 flex-1">
          <span className="font-semibold">{promo.title}.</span>{" "}
          <span className="hidden sm:inline">{promo.description} </span>
          <span className="ml-1 inline-block rounded-full bg-white px-2 py-0.5 text-xs font-bold text-brand-800">
            {countdown.label}
          </span>{" "}
          <Link
            to="/signup-choice"
            className="ml-1 rounded-sm font-semibold whitespace-nowrap underline underline-offset-2 hover:decoration-2 focus-visible:outline-white"
          >
            Claim offer
          </Link>
        </p>
        <DismissButton
          label="Dismiss offer"
          onClick={dismiss}
          className="p-1.5 hover:bg-brand-800 focus-visible:outline-white"
        />
      </div>
    </section>
  );
}
