import { Tab, TabList } from "@headlessui/react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

// The underlined tab row of list pages (jobs, profile, notifications): full-bleed and scrolling
// sideways on a phone, each tab at least 44 px tall. Goes inside a Headless UI TabGroup.

export const underlineTabClasses = cn(
  "-mb-px min-h-11 shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-semibold whitespace-nowrap sm:px-4 sm:text-base",
  "text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
  "data-selected:border-brand-700 data-selected:text-brand-800 dark:data-selected:border-brand-300 dark:data-selected:text-brand-200",
);

export function UnderlineTabList({
  label,
  tabs,
  className,
}: {
  label: string;
  tabs: readonly { key: string; label: ReactNode }[];
  className?: string;
}) {
  return (
    <TabList
      aria-label={label}
      className={cn(
        "-mx-4 flex overflow-x-auto border-b border-slate-300 px-4 sm:mx-0 sm:px-0 dark:border-slate-700",
        className,
      )}
    >
      {tabs.map((t) => (
        <Tab key={t.key} className={underlineTabClasses}>
          {t.label}
        </Tab>
      ))}
    </TabList>
  );
}
