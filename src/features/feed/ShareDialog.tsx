import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "convex/react";
import { useForm } from "react-hook-form";
import { SOCIAL_LIMITS, shareSchema, type ShareValues } from "@common/social";
import { Alert, FormActions, Textarea, useToast } from "@/components/ui";
import { Modal } from "@/components/ui/Modal";
import { api } from "@/lib/api";
import { useFormFailure } from "@/lib/useFormFailure";
import type { Id } from "../../../convex/_generated/dataModel";

// Repost with an optional comment (spec §3 Share): the repost shows in the sharer's followers'
// Following tab with the original embedded.

type ShareInput = { shareType: "share" | "repost"; comment?: string };

export function RepostDialog({ open, onClose, postId }: { open: boolean; onClose: () => void; postId: Id<"posts"> }) {
  const share = useMutation(api.social.shares.share);
  const { toast } = useToast();
  const form = useForm<ShareInput, unknown, ShareValues>({
    resolver: zodResolver(shareSchema),
    defaultValues: { shareType: "repost", comment: "" },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const { formError, fail, clearFormError } = useFormFailure(setError, ["comment"], {
    title: "Repost failed",
    description: "Please try again.",
  });
  const close = () => {
    if (isSubmitting) return;
    clearFormError();
    reset();
    onClose();
  };
  const submit = async (values: ShareValues) => {
    clearFormError();
    try {
      await share({ postId, shareType: "repost", ...(values.comment ? { comment: values.comment } : {}) });
      toast({ title: "Reposted", description: "Your followers see it in their Following feed.", variant: "success" });
      reset();
      onClose();
    } catch (error) {
      fail(error);
    }
  };
  return (
    <Modal open={open} onClose={close} busy={isSubmitting} size="sm" title="Repost">
      <form aria-label="Repost" noValidate onSubmit={(e) => void handleSubmit(submit)(e)} className="space-y-5">
        {formError && <Alert variant="error">{formError}</Alert>}
        <Textarea
          label="Add a comment"
          rows={3}
          maxLength={SOCIAL_LIMITS.shareComment}
          hint="Optional."
          error={errors.comment?.message}
          {...register("comment")}
        />
        <FormActions submitLabel="Repost" loadingText="Reposting..." busy={isSubmitting} onCancel={close} />
      </form>
    </Modal>
  );
}
