import { useEffect, useState } from "react";

/** The value, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** A text box whose value goes to the URL once typing pauses; follows the URL when it changes (Back). */
export function useDebouncedParam(
  value: string,
  apply: (next: string) => void,
  accept: (next: string) => boolean = () => true,
) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // The URL changed under us (Back, Clear filters): show what it says.
    setSeen(value);
    setText(value);
  }
  const debounced = useDebouncedValue(text, 350);
  useEffect(() => {
    const next = debounced.trim();
    if (next !== value && accept(next)) apply(next);
    // Only a pause in typing applies the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return { text, setText, debounced };
}
