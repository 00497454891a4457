import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "convex/react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { reviewSchema } from "@common/profile";
import { Alert, errorClasses, FormActions, Textarea, TextField, useToast } from "@/components/ui";
import { Modal } from "@/components/ui/Modal";
import { api } from "@/lib/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { cn } from "@/lib/cn";
import type { ErrorCopy } from "@/lib/errors";
import { useFormFailure } from "@/lib/useFormFailure";
import { StarShape } from "./parts";

// Write a review of a completed job (reviewSchema here and in reviews.create): 1-5 stars as a radio
// group, a title and the text. Only the job's owner, once, after completion (the server decides).

type Input = z.input<typeof reviewSchema>;
type Values = z.output<typeof reviewSchema>;
const EMPTY: Input = { rating: 0, title: "", content: "" };
const FIELDS = ["rating", "title", "content"] as const;
const failureCopy: ErrorCopy = { title: "Error", description: "Failed to post your review. Please try again." };
const RATING_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

export function WriteReviewDialog({
  open,
  onClose,
  jobId,
  jobTitle,
  professionalName,
}: {
  open: boolean;
  onClose: () => void;
  jobId: Id<"jobs">;
  jobTitle?: string;
  professionalName?: string;
}) {
  const create = useMutation(api.reviews.create);
  const { toast } = useToast();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({ resolver: zodResolver(reviewSchema), defaultValues: EMPTY });
  const { formError, fail, clearFormError } = useFormFailure(setError, FIELDS, failureCopy, { inline: "unlessField" });

  const submit = async (values: Values) => {
    clearFormError();
    try {
      await create({ jobId, ...values });
      toast({ title: "Review posted", description: "Thank you! Your review is now public.", variant: "success" });
      reset(EMPTY);
      onClose();
    } catch (error) {
      fail(error);
    }
  };

  const about = [professionalName && `for ${professionalName}`, jobTitle && `on “${jobTitle}”`]
    .filter(Boolean)
    .join(" ");

  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={isSubmitting}
      title="Write a review"
      description={about ? `Your review ${about}. It is public and marked Verified Client.` : undefined}
    >
      <form noValidate aria-label="Write a review" className="space-y-5" onSubmit={(e) => void handleSubmit(submit)(e)}>
        {formError && <Alert variant="error">{formError}</Alert>}
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <fieldset aria-describedby={errors.rating ? "review-rating-error" : undefined}>
              <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">
                Rating
                <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-300">
                  *
                </span>
              </legend>
              <div className="mt-2 flex items-center gap-1">
                {[1, 2, 3, 4, 5].map((n) => (
                  <label key={n} className="relative cursor-pointer">
                    <input
                      type="radio"
                      name={field.name}
                      value={n}
                      checked={field.value === n}
                      onChange={() => field.onChange(n)}
                      onBlur={field.onBlur}
                      ref={n === 1 ? field.ref : undefined}
                      className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-md opacity-0"
                    />
                    <span className="sr-only">
                      {n} star{n === 1 ? "" : "s"}
                    </span>
                    <span
                      className={cn(
                        "flex size-11 items-center justify-center rounded-md",
                        "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-brand-700 dark:peer-focus-visible:outline-brand-300",
                        "hover:bg-slate-100 dark:hover:bg-slate-800",
                      )}
                    >
                      <StarShape filled={Number(field.value) >= n} className="size-8" />
                    </span>
                  </label>
                ))}
                <span className="ml-2 text-sm text-slate-700 dark:text-slate-200" aria-hidden="true">
                  {RATING_WORDS[Number(field.value)] ?? ""}
                </span>
              </div>
              {errors.rating?.message && (
                <p id="review-rating-error" className={cn(errorClasses, "mt-1")}>
                  {errors.rating.message}
                </p>
              )}
            </fieldset>
          )}
        />
        <TextField label="Title" required maxLength={120} error={errors.title?.message} {...register("title")} />
        <Textarea
          label="Your review"
          required
          rows={5}
          maxLength={3000}
          hint="What was done, how it went, and whether you'd hire them again."
          error={errors.content?.message}
          {...register("content")}
        />
        <FormActions submitLabel="Post Review" loadingText="Posting..." busy={isSubmitting} onCancel={onClose} />
      </form>
    </Modal>
  );
}
