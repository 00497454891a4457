import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

// A list of photo thumbnails, each opening the full photo in a new tab: completion, dispute and job
// photos on the job page, and both sides' documentation in the admin console. Each image is named
// "<label> <n>" (the list itself is named by `label`), so screen readers and tests find them.

export interface Photo {
  /** A stable key (a row id); the URL when there is none. */
  id?: string;
  url: string;
}

const layouts = {
  /** Three to a row, square, filling the width (a card's column). */
  grid: { list: "grid grid-cols-3 gap-2 sm:grid-cols-4", image: "aspect-square w-full" },
  /** Small squares that wrap (a dense admin row). */
  row: { list: "flex flex-wrap gap-2", image: "size-20" },
} as const;

export function PhotoThumbnails<P extends Photo>({
  photos,
  label,
  layout = "grid",
  action,
  className,
}: {
  photos: readonly (string | P)[];
  /** What each photo is ("Completion photo"): names the list and, numbered, each image. */
  label: string;
  layout?: keyof typeof layouts;
  /** A control under a photo (e.g. Remove), given the photo and its name. */
  action?: (photo: P, name: string) => ReactNode;
  className?: string;
}) {
  if (photos.length === 0) return null;
  const style = layouts[layout];
  return (
    <ul className={cn(style.list, className)} aria-label={label}>
      {photos.map((p, i) => {
        const url = typeof p === "string" ? p : p.url;
        const name = `${label} ${i + 1}`;
        return (
          <li key={typeof p === "string" ? p : (p.id ?? p.url)} className="space-y-1">
            <a href={url} target="_blank" rel="noreferrer" className="block rounded-md">
              <img
                src={url}
                alt={name}
                loading="lazy"
                className={cn(style.image, "rounded-md bg-slate-100 object-cover dark:bg-slate-800")}
              />
            </a>
            {typeof p !== "string" && action?.(p, name)}
          </li>
        );
      })}
    </ul>
  );
}
