import { useId, useState, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { StrokeIcon } from "./Icon";

/**
 * A list page's filters behind a "Filters" button that says how many are on, so a phone shows
 * results in its first screen. `narrowOnly`: from the `sm` breakpoint up the filters always show
 * and the button goes. `aside` sits beside the button (e.g. the sort control).
 *
 * A plain button and panel (the disclosure pattern needs no more): Headless UI's Disclosure
 * registers its button and panel from ref callbacks, an update in the commit that made the first
 * render of every list page (a prerendered public one included) render again and run all its
 * effects in the same long task, and it brought some 8 kB of library code to those pages.
 */
export function FiltersDisclosure({
  active,
  aside,
  narrowOnly = false,
  children,
}: {
  active: number;
  aside?: ReactNode;
  narrowOnly?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(active > 0);
  const panelId = useId();
  // Closed and not narrowOnly, the panel is not there: nothing for the button to point at.
  const panelShown = open || narrowOnly;
  return (
    <>
      <div className={cn("flex flex-wrap items-end justify-between gap-3", narrowOnly && !aside && "sm:hidden")}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelShown ? panelId : undefined}
          data-open={open ? "" : undefined}
          onClick={() => setOpen((value) => !value)}
          className={cn(
            "group inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-500 bg-white px-4 py-2 font-semibold text-slate-900",
            "hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
            narrowOnly && "sm:hidden",
          )}
        >
          <StrokeIcon d="M3 5h18l-7 8v6l-4-2v-4L3 5z" className="size-5" />
          Filters
          {active > 0 && <span className="text-sm font-medium">({active} on)</span>}
          <StrokeIcon d="m6 9 6 6 6-6" className="size-4 transition-transform group-data-open:rotate-180" />
        </button>
        {aside}
      </div>
      {/* narrowOnly: kept mounted and shown by CSS from sm up, whatever the button's state. */}
      {panelShown && (
        <div id={panelId} className={cn(narrowOnly && !open && "hidden sm:block")}>
          {children}
        </div>
      )}
    </>
  );
}
