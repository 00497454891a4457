import type { ReactNode } from "react";
import { cardClasses } from "@/components/ui";
import { cn } from "@/lib/cn";

/** Spec §9: lists show 6 skeleton cards while loading. */
export function JobListSkeleton({ count = 6, label = "Loading jobs..." }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <ul aria-hidden="true" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={cn(cardClasses, "animate-pulse space-y-3 p-5 motion-reduce:animate-none")}>
            <div className="flex gap-2">
              <div className="h-5 w-16 rounded-full bg-slate-200 dark:bg-slate-700" />
              <div className="h-5 w-24 rounded-full bg-slate-200 dark:bg-slate-700" />
            </div>
            <div className="h-6 w-3/4 rounded bg-slate-200 dark:bg-slate-700" />
            <div className="space-y-2">
              <div className="h-4 rounded bg-slate-200 dark:bg-slate-700" />
              <div className="h-4 rounded bg-slate-200 dark:bg-slate-700" />
              <div className="h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-700" />
            </div>
            <div className="h-10 rounded bg-slate-200 dark:bg-slate-700" />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-400 px-4 py-12 text-center dark:border-slate-600">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">{title}</p>
      {children && <div className="mt-2 text-slate-600 dark:text-slate-300">{children}</div>}
    </div>
  );
}
