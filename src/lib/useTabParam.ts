import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * The selected tab kept in the URL's `?tab=` (so a tab can be linked and survives a reload); the
 * first tab is the plain URL. Changing tabs replaces the history entry rather than adding one.
 */
export function useTabParam(keys: readonly string[]): [number, (index: number) => void] {
  const [params, setParams] = useSearchParams();
  const index = Math.max(0, keys.indexOf(params.get("tab") ?? ""));
  const select = useCallback(
    (i: number) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (i === 0) next.delete("tab");
          else next.set("tab", keys[i]!);
          return next;
        },
        { replace: true },
      ),
    [keys, setParams],
  );
  return [index, select];
}
