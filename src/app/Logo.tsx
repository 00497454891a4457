import { cn } from "@/lib/cn";

/** The Rafter mark (a roof line over a house) and wordmark. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-brand-700 dark:fill-brand-300" />
        <path
          d="M6 17 16 8l10 9"
          fill="none"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="stroke-white dark:stroke-brand-950"
        />
        <path
          d="M10 15v9h12v-9"
          fill="none"
          strokeWidth="2.6"
          strokeLinejoin="round"
          className="stroke-white dark:stroke-brand-950"
        />
      </svg>
      <span className="text-xl font-bold tracking-tight text-brand-700 dark:text-brand-200">Rafter</span>
    </span>
  );
}
