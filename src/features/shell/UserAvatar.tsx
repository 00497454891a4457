import type { Viewer } from "@/app/session";

export function viewerName(viewer: Viewer): string {
  return `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.email;
}

function initials(viewer: Viewer): string {
  const text = `${viewer.firstName.charAt(0)}${viewer.lastName.charAt(0)}`.trim();
  return (text || viewer.email.charAt(0) || "?").toUpperCase();
}

/** The initials circle of the user menu button (decorative: the button is named in words). */
export function UserAvatar({ viewer }: { viewer: Viewer }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-9 items-center justify-center rounded-full bg-brand-700 font-semibold text-white dark:bg-brand-300 dark:text-brand-950"
    >
      {initials(viewer)}
    </span>
  );
}
