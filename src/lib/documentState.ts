import { useEffect } from "react";

// Some moments show themselves only by what does not appear: the install prompt's delay passed
// and it is not for this visitor, the promotions query answered with none, a page view was not
// reported. The app states them on <html data-NAME="VALUE"> once they are settled, so a test (or
// anyone inspecting the page) can wait for the moment itself instead of sleeping past it.

/** Sets `data-<name>` on <html> to `value` once it is known (null: not settled yet, left as it is). */
export function useDocumentState(name: string, value: string | null): void {
  useEffect(() => {
    if (value !== null) document.documentElement.setAttribute(`data-${name}`, value);
  }, [name, value]);
}
