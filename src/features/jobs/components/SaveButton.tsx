import { useState } from "react";
import { Spinner } from "@/components/ui";
import { cn } from "@/lib/cn";

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 4h12v17l-6-4-6 4V4z" strokeLinejoin="round" />
    </svg>
  );
}

/** Save / Saved toggle (aria-pressed); the job's title is part of its name for screen readers. */
export function SaveButton({
  saved,
  title,
  onToggle,
  className,
}: {
  saved: boolean;
  title: string;
  onToggle: () => Promise<void>;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const click = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onToggle();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => void click()}
      className={cn(
        "inline-flex min-h-9 items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-semibold transition-colors disabled:cursor-wait",
        saved
          ? "border-brand-700 bg-brand-50 text-brand-900 dark:border-brand-300 dark:bg-brand-950 dark:text-brand-100"
          : "border-slate-500 bg-white text-slate-900 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
        className,
      )}
    >
      {busy ? <Spinner className="size-5" /> : <BookmarkIcon filled={saved} />}
      {saved ? "Saved" : "Save"}
      <span className="sr-only"> {title}</span>
    </button>
  );
}
