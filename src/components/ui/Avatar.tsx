import { useState } from "react";
import { cn } from "@/lib/cn";

// A person's picture, or their initials when there is none (or it fails to load). Decorative:
// the name is always written next to it.

export function initialsOf(firstName: string, lastName: string, fallback = "?"): string {
  const text = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.trim();
  return (text || fallback.trim().charAt(0) || "?").toUpperCase();
}

export function Avatar({
  firstName,
  lastName,
  name,
  image,
  className,
}: {
  firstName: string;
  lastName: string;
  /** Used for the initials when first and last names are empty. */
  name?: string;
  image?: string | null;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const base = cn("size-10 shrink-0 rounded-full", className);
  if (image && !failed) {
    return (
      <img src={image} alt="" aria-hidden="true" className={cn(base, "object-cover")} onError={() => setFailed(true)} />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        base,
        "flex items-center justify-center bg-brand-100 text-sm font-semibold text-brand-900 dark:bg-brand-800 dark:text-brand-50",
      )}
    >
      {initialsOf(firstName, lastName, name)}
    </span>
  );
}
