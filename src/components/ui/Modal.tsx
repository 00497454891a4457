import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { StrokeIcon } from "./Icon";

interface ModalProps {
  open: boolean;
  /** Called on Escape, the backdrop and the Close button; ignored while `busy`. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  size?: "sm" | "md" | "lg";
  /** While an action runs the dialog cannot be closed (nothing is lost halfway). */
  busy?: boolean;
}

const widths = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-2xl" } as const;

/**
 * A dialog with a title and a Close button: a bottom sheet on phones, centred from `sm` up. The
 * dialog element covers the screen, so it has a box (tests and tools see it as visible).
 */
export function Modal({ open, onClose, title, description, children, size = "md", busy = false }: ModalProps) {
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50 overflow-y-auto">
      <DialogBackdrop className="fixed inset-0 bg-slate-950/60" />
      <div className="relative flex min-h-full items-end justify-center sm:items-center sm:p-4">
        <DialogPanel
          className={cn(
            "relative w-full rounded-t-2xl bg-white shadow-xl sm:rounded-2xl dark:bg-slate-900 dark:ring-1 dark:ring-slate-700",
            widths[size],
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-4 py-4 sm:px-6 dark:border-slate-700">
            <div className="min-w-0">
              <DialogTitle className="text-xl font-bold text-slate-900 dark:text-white">{title}</DialogTitle>
              {description && (
                <Description as="div" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  {description}
                </Description>
              )}
            </div>
            <button
              type="button"
              onClick={close}
              disabled={busy}
              className="-mr-2 flex size-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <span className="sr-only">Close</span>
              <StrokeIcon d="m6 6 12 12M18 6 6 18" />
            </button>
          </div>
          <div className="px-4 py-5 sm:px-6">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
