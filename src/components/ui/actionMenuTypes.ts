import type { ReactNode } from "react";

// ActionMenu's props, apart so the lazily loaded popup and the placeholder share them without importing each other.

export type ActionMenuItem = {
  /** Stable key and visible text. */
  label: string;
  onSelect: () => void;
  /** A destructive action, shown in red. */
  danger?: boolean;
  /** Shown before the label. */
  icon?: ReactNode;
  /** Shown after the label, e.g. "(undo)". */
  hint?: ReactNode;
};

export type ActionMenuProps = {
  /** The button's content; include an sr-only label when it is an icon. */
  button: ReactNode;
  buttonClassName: string;
  items: readonly ActionMenuItem[];
  anchor: "bottom start" | "bottom end";
  className?: string;
  disabled?: boolean;
};
