import { Label, Radio, RadioGroup } from "@headlessui/react";
import type { ReactNode } from "react";
import { useTheme, type Theme } from "@/app/theme";
import { cn } from "@/lib/cn";

// The light / dark / system choice (spec §4 "Theme: light, dark or system,
// stored, default light"): a radio group (arrow keys move and choose) over the
// theme context of src/app/theme.tsx, which stores the choice.

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
  return (
    <RadioGroup
      value={theme}
      onChange={setTheme}
      className={cn("flex flex-wrap items-center gap-x-3 gap-y-2", className)}
    >
      <Label className={cn("text-sm font-medium text-slate-900 dark:text-slate-100", hideLabel && "sr-only")}>
        {label}
      </Label>
      <div className="inline-flex rounded-lg border border-slate-400 bg-white p-0.5 dark:border-slate-500 dark:bg-slate-900">
        {OPTIONS.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className={cn(
              "flex min-h-9 cursor-pointer items-center gap-1.5 rounded-md px-2.5 text-sm font-medium select-none",
              "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
              "data-checked:bg-brand-700 data-checked:text-white data-checked:hover:bg-brand-700",
              "dark:data-checked:bg-brand-300 dark:data-checked:text-brand-950 dark:data-checked:hover:bg-brand-300",
            )}
          >
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
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
