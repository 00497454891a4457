import { useEffect, useState } from "react";
import { cn } from "@/lib/cn";
import { useOnline } from "./browser";

export const OFFLINE_MESSAGE =
  "You're offline. Showing what's saved on this device; changes will wait until you're back online.";
export const BACK_ONLINE_MESSAGE = "You're back online.";
const BACK_ONLINE_MS = 4000;

/**
 * A polite status: the offline message while the browser is offline (the service worker
 * serves the saved app shell; the Convex client reconnects by itself), then "back online"
 * for a few seconds.
 */
export function OfflineNotice({ className }: { className?: string }) {
  const online = useOnline();
  const [wasOffline, setWasOffline] = useState(!online);
  const [backOnline, setBackOnline] = useState(false);

  if (!online && !wasOffline) setWasOffline(true);
  if (online && wasOffline) {
    setWasOffline(false);
    setBackOnline(true);
  }

  useEffect(() => {
    if (!backOnline) return;
    const timer = window.setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    return () => window.clearTimeout(timer);
  }, [backOnline]);

  const message = !online ? OFFLINE_MESSAGE : backOnline ? BACK_ONLINE_MESSAGE : null;
  return (
    // Always in the page, so that screen readers announce the message when it appears.
    <div role="status" className={cn(message ? "pointer-events-auto" : "sr-only", className)}>
      {message && (
        <p
          className={cn(
            "flex items-start gap-2 rounded-xl border px-4 py-3 text-sm font-medium shadow-lg",
            online
              ? "border-green-600 bg-green-50 text-green-950 dark:border-green-500 dark:bg-green-950 dark:text-green-50"
              : "border-amber-600 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50",
          )}
        >
          <svg
            viewBox="0 0 24 24"
            className="mt-0.5 size-5 shrink-0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            {online ? (
              <path d="M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01" />
            ) : (
              <path d="m3 3 18 18M8.5 16a5 5 0 0 1 7 0M12 19.5h.01M2 8.8a15 15 0 0 1 4.2-2.7M10.7 5.1A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 4-2.4M17.3 10.6a10 10 0 0 1 1.7 1.9" />
            )}
          </svg>
          <span>{message}</span>
        </p>
      )}
    </div>
  );
}
