import { useMutation } from "convex/react";
import { useState } from "react";
import { ProfileCopy, REPORT_REASONS } from "@common/profile";
import { errorClasses, FormActions, Textarea, useToast } from "@/components/ui";
import { Modal } from "@/components/ui/Modal";
import { api } from "@/lib/api";
import { useErrorToast } from "@/lib/useErrorToast";
import type { ReviewView } from "./parts";

type Reason = (typeof REPORT_REASONS)[number]["value"];

/** Report a review to the moderators: a reason and an optional description. */
export function ReportReviewDialog({
  open,
  onClose,
  reviewId,
}: {
  open: boolean;
  onClose: () => void;
  reviewId: ReviewView["_id"];
}) {
  const report = useMutation(api.reviews.report);
  const { toast } = useToast();
  const reportError = useErrorToast();
  const [reason, setReason] = useState<Reason | "">("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    if (!reason) {
      setError("Please choose a reason");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await report({ reviewId, reason, ...(description.trim() ? { description } : {}) });
      toast({ title: "Review reported", description: ProfileCopy.reported, variant: "success" });
      setReason("");
      setDescription("");
      onClose();
    } catch (err) {
      reportError(err, { title: "Error", description: "Failed to report the review. Please try again." });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={busy}
      size="sm"
      title="Report review"
      description="Tell our moderators what is wrong with this review."
    >
      <form
        noValidate
        aria-label="Report review"
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset aria-describedby={error ? "report-reason-error" : undefined}>
          <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">Reason</legend>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {REPORT_REASONS.map((r) => (
              <label
                key={r.value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-400 px-3 py-2 text-sm text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50 dark:border-slate-500 dark:text-slate-100 dark:has-checked:border-brand-300 dark:has-checked:bg-slate-800"
              >
                <input
                  type="radio"
                  name="report-reason"
                  value={r.value}
                  checked={reason === r.value}
                  onChange={() => setReason(r.value)}
                  className="size-4 accent-brand-700 dark:accent-brand-300"
                />
                {r.label}
              </label>
            ))}
          </div>
          {error && (
            <p id="report-reason-error" className={`${errorClasses} mt-2`}>
              {error}
            </p>
          )}
        </fieldset>
        <Textarea
          label="Details (optional)"
          rows={3}
          maxLength={1000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <FormActions submitLabel="Send Report" loadingText="Sending..." busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
