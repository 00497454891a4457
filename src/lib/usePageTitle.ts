import { useEffect } from "react";

/** Sets document.title to "<title> | Rafter" (or "Rafter") while the page is shown. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | Rafter` : "Rafter";
  }, [title]);
}
