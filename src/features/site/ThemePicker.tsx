import { useId, type ReactNode } from "react";
import { useTheme, type Theme } from "@/app/theme";
import { cn } from "@/lib/cn";

// The light / dark / system choice (spec §4 "Theme: light, dark or system,
// stored, default light"): a radio group (arrow keys move and choose) over the
// theme context of src/app/theme.tsx, which stores the choice. Native radio inputs (no Headless
// UI): the browser gives the group its arrow keys, and the page loads less code.

const OPTIONS: { value: Theme; label: string; icon: ReactNode }[] = [
  {
    value: "light",
    label: "Light",
    icon: (
      <>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </>
    ),
  },
  {
    value: "dark",
    label: "Dark",
    icon: <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />,
  },
  {
    value: "system",
    label: "System",
    icon: (
      <>
        <rect x="3" y="4" width="18" height="12" rx="2" />
        <path d="M8 20h8m-4-4v4" />
      </>
    ),
  },
];

export interface ThemePickerProps {
  className?: string;
  /** The group's name, shown before the options unless hideLabel. */
  label?: string;
  hideLabel?: boolean;
}

/** The light / dark / system choice, placed by the shell in the header menu and the footer. */
export function ThemePicker({ className, label = "Theme", hideLabel = false }: ThemePickerProps) {
  const { theme, setTheme } = useTheme();
  const id = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      className={cn("flex flex-wrap items-center gap-x-3 gap-y-2", className)}
    >
      <span
        id={`${id}-label`}
        className={cn("text-sm font-medium text-slate-900 dark:text-slate-100", hideLabel && "sr-only")}
      >
        {label}
      </span>
      <div className="inline-flex rounded-lg border border-slate-400 bg-white p-0.5 dark:border-slate-500 dark:bg-slate-900">
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            className={cn(
              "relative flex min-h-9 cursor-pointer items-center gap-1.5 rounded-md px-2.5 text-sm font-medium select-none",
              "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
              "has-checked:bg-brand-700 has-checked:text-white has-checked:hover:bg-brand-700",
              "dark:has-checked:bg-brand-300 dark:has-checked:text-brand-950 dark:has-checked:hover:bg-brand-300",
              // The input is visually hidden: its focus ring is drawn on the label.
              "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus-ring)",
            )}
          >
            <input
              type="radio"
              name={`${id}-theme`}
              value={option.value}
              checked={theme === option.value}
              onChange={() => setTheme(option.value)}
              // Invisible, over the whole option: the option's box is the radio's own hit area.
              className="absolute inset-0 z-10 m-0 cursor-pointer appearance-none rounded-md opacity-0"
            />
            <svg
              viewBox="0 0 24 24"
              className="size-4 shrink-0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              {option.icon}
            </svg>
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
