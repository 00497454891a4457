import { useEffect } from "react";

const documentTitle = (title: string | undefined) => (title ? `${title} | Rafter` : "Rafter");

/** The title the page being prerendered asked for (src/prerender/render.tsx: no document there). */
let prerenderedTitle: string | undefined;

function reportPrerenderedTitle(title: string | undefined) {
  prerenderedTitle = title;
}

/** Sets document.title to "<title> | Rafter" (or "Rafter") while the page is shown. */
export function usePageTitle(title: string | undefined) {
  if (typeof document === "undefined") reportPrerenderedTitle(title);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** Build time: the last prerendered page's document title, and a fresh start for the next page. */
export function takePrerenderedTitle(): string {
  const title = documentTitle(prerenderedTitle);
  prerenderedTitle = undefined;
  return title;
}
