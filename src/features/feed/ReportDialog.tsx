import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "convex/react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { REPORT_REASONS, SOCIAL_LIMITS, SocialCopy, reportSchema, type ReportValues } from "@common/social";
import { Alert, FormActions, Select, Textarea, useToast } from "@/components/ui";
import { Modal } from "@/components/ui/Modal";
import { api } from "@/lib/api";
import { useFormFailure } from "@/lib/useFormFailure";
import type { Id } from "../../../convex/_generated/dataModel";

// Report a post or a comment (spec §3 Moderation report): a reason from the spec's list and an
// optional description, filed for the moderators; one open report per member per item.

const reasonOptions = REPORT_REASONS.map((r) => ({ value: r.value, label: r.label }));
const FIELDS = ["reason", "description"] as const;
type ReportInput = z.input<typeof reportSchema>;

export function ReportDialog({
  open,
  onClose,
  target,
}: {
  open: boolean;
  onClose: () => void;
  target: { postId: Id<"posts"> } | { commentId: Id<"comments"> };
}) {
  const report = useMutation(api.social.reports.report);
  const { toast } = useToast();
  const what = "postId" in target ? "post" : "comment";
  const form = useForm<ReportInput, unknown, ReportValues>({
    resolver: zodResolver(reportSchema),
    defaultValues: { description: "" },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const { formError, fail, clearFormError } = useFormFailure(setError, FIELDS, {
    title: "Report not sent",
    description: "Please try again.",
  });
  const close = () => {
    if (isSubmitting) return;
    clearFormError();
    reset();
    onClose();
  };
  const submit = async (values: ReportValues) => {
    clearFormError();
    try {
      await report({ ...target, ...values });
      toast({ title: "Report sent", description: SocialCopy.reported, variant: "success" });
      reset();
      onClose();
    } catch (error) {
      fail(error);
    }
  };
  return (
    <Modal
      open={open}
      onClose={close}
      busy={isSubmitting}
      size="sm"
      title={`Report ${what}`}
      description="Tell our moderators what is wrong. The member is not told who reported it."
    >
      <form
        aria-label={`Report ${what}`}
        noValidate
        onSubmit={(e) => void handleSubmit(submit)(e)}
        className="space-y-5"
      >
        {formError && <Alert variant="error">{formError}</Alert>}
        <Select
          label="Reason"
          required
          placeholder="Choose a reason"
          options={reasonOptions}
          error={errors.reason ? "Please choose a reason." : undefined}
          {...register("reason")}
        />
        <Textarea
          label="Description"
          rows={3}
          maxLength={SOCIAL_LIMITS.reportDescription}
          hint="Optional: anything that helps the moderators."
          error={errors.description?.message}
          {...register("description")}
        />
        <FormActions submitLabel="Send Report" loadingText="Sending..." busy={isSubmitting} onCancel={close} />
      </form>
    </Modal>
  );
}
