import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useState, type ReactNode } from "react";
import { Button, type ButtonVariant } from "./Button";

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel?: string;
  variant?: ButtonVariant;
  /**
   * Runs the action; the dialog closes when it settles (errors are reported by the caller), unless it
   * resolves to `false` (e.g. a wrong password the dialog itself shows).
   */
  onConfirm: () => Promise<unknown>;
}

/** A yes/no question before an action that cannot be undone; the confirm button shows progress. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = "Keep it",
  variant = "primary",
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    let keepOpen = false;
    try {
      keepOpen = (await onConfirm()) === false;
    } finally {
      setBusy(false);
      if (!keepOpen) onClose();
    }
  };
  return (
    // The dialog element itself covers the screen, so it has a box (tests and tools see it as visible).
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      role="alertdialog"
      className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4"
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-950/60" />
      <div className="relative w-full max-w-md">
        <DialogPanel className="w-full rounded-t-2xl bg-white p-6 shadow-xl sm:rounded-2xl dark:bg-slate-900 dark:ring-1 dark:ring-slate-700">
          <DialogTitle className="text-lg font-bold text-slate-900 dark:text-white">{title}</DialogTitle>
          <Description as="div" className="mt-2 text-slate-700 dark:text-slate-200">
            {children}
          </Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
              {cancelLabel}
            </Button>
            <Button variant={variant} onClick={() => void confirm()} loading={busy} loadingText={busyLabel}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
