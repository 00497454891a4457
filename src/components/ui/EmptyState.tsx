import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * What a list shows when it has nothing (STYLE.md rule 12): the spec's title and a hint or an
 * action under it. Without a title it is a one-line note (a section of a page that is empty).
 */
export function EmptyState({
  title,
  children,
  className,
}: {
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  const frame = "rounded-xl border border-dashed border-slate-400 px-4 text-center dark:border-slate-600";
  if (title === undefined) {
    return <p className={cn(frame, "py-6 text-slate-600 dark:text-slate-300", className)}>{children}</p>;
  }
  return (
    <div className={cn(frame, "py-10", className)}>
      <p className="text-lg font-semibold text-slate-900 dark:text-white">{title}</p>
      {children && <div className="mt-2 space-y-4 text-slate-600 dark:text-slate-300">{children}</div>}
    </div>
  );
}
