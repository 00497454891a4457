import { StrokeIcon } from "@/components/ui/Icon";

// The shell's icon shapes, drawn by the shared StrokeIcon (no icon library in the first load).
// Decorative: the control next to them carries the name.

const paths = {
  home: "M3 10.5 12 3l9 7.5M5.5 8.8V21h13V8.8M10 21v-6h4v6",
  jobs: "M9 7V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V7M4 7h16v12H4zM4 12.5h16",
  messages: "M4 5h16v11H9l-5 4z",
  profile: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7.5 9a7.5 7.5 0 0 1 15 0",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "m6 6 12 12M18 6 6 18",
  chevronDown: "m6 9 6 6 6-6",
  mail: "M3 6h18v12H3zm0 0 9 7 9-7",
} as const;

export type ShellIconName = keyof typeof paths;

export function ShellIcon({ name, className }: { name: ShellIconName; className?: string }) {
  return <StrokeIcon d={paths[name]} className={className} />;
}
