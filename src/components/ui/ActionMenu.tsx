import { lazy, Suspense, useState } from "react";
import type { ActionMenuProps } from "./actionMenuTypes";

export type { ActionMenuItem, ActionMenuProps } from "./actionMenuTypes";

// A small menu of actions (a post's Share or More actions). Lists render one per card, and Headless
// UI's Menu with its floating positioning is ~90 kB of JavaScript and a set of hooks per instance:
// until a member opens one, each card shows a plain button with the same look, and the real menu
// (ActionMenuPopup, a chunk of its own, fetched on hover or focus) replaces it on the first click
// and opens at once.

const loadPopup = () => import("./ActionMenuPopup");
const ActionMenuPopup = lazy(loadPopup);

/** Keys that open a menu button (WAI-ARIA menu button pattern), passed on to the real menu. */
const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown", "ArrowUp"]);

export function ActionMenu(props: ActionMenuProps) {
  // How the member opened it: the real menu opens the same way (a key puts the focus on an item).
  const [openedBy, setOpenedBy] = useState<{ key: string } | "pointer" | null>(null);
  const placeholder = (live: boolean) => (
    <div className={props.className}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        disabled={props.disabled}
        className={props.buttonClassName}
        onPointerEnter={() => void loadPopup()}
        onFocus={() => void loadPopup()}
        onKeyDown={(event) => {
          if (!live || !OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          setOpenedBy({ key: event.key });
        }}
        onClick={live ? () => setOpenedBy("pointer") : undefined}
      >
        {props.button}
      </button>
    </div>
  );
  if (openedBy === null) return placeholder(true);
  return (
    <Suspense fallback={placeholder(false)}>
      <ActionMenuPopup {...props} openedBy={openedBy} />
    </Suspense>
  );
}
