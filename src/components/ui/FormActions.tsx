import type { ReactNode } from "react";
import { Button } from "./Button";

export interface FormActionsProps {
  /** What the submit button says, and what it says while the form is sending. */
  submitLabel: ReactNode;
  loadingText: ReactNode;
  busy: boolean;
  /** Leaves the form without sending it; no cancel button without it. */
  onCancel?: () => void;
  cancelLabel?: string;
}

/** A form's footer: cancel then submit, stacked with submit on top on phones, side by side at the right from `sm`. */
export function FormActions({ submitLabel, loadingText, busy, onCancel, cancelLabel = "Cancel" }: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      {onCancel && (
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" loading={busy} loadingText={loadingText}>
        {submitLabel}
      </Button>
    </div>
  );
}
