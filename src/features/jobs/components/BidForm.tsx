import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "convex/react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { bidSchema, isoDay, JOB_LIMITS, type BidInput } from "@common/jobs";
import { Alert, FormActions, Textarea, TextField, useToast } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import type { ErrorCopy } from "@/lib/errors";
import { useFormFailure } from "@/lib/useFormFailure";
import { JobCopy } from "../copy";
import type { BidView } from "../format";
import { useActing } from "@/features/teams/acting";
import type { Id } from "../ids";

const FIELDS = ["priceMin", "priceMax", "message", "earliestStart", "estimatedDuration"] as const;
const failureCopy: ErrorCopy = { title: JobCopy.bidFailedTitle, description: JobCopy.bidFailed };

/** "" -> undefined, anything else a number (NaN for junk, which the schema refuses). */
const toNumber = (value: unknown) =>
  value === "" || value === null || value === undefined ? undefined : Number(value);

/** Sends the bid some other way than bids.place (e.g. taking shared work through a referral). */
export interface BidSender {
  /** The form's accessible name. */
  label: string;
  run: (payload: BidInput) => Promise<unknown>;
  success: { title: string; description: string };
  failure: ErrorCopy;
}

/**
 * A bid: a price or a range, a message, the earliest start date and an estimated duration,
 * validated by bidSchema here and in bids.place / bids.update. Edits an existing bid when given one;
 * `send` replaces bids.place.
 */
export function BidForm({
  jobId,
  bid,
  send,
  onDone,
  onCancel,
}: {
  jobId: Id<"jobs">;
  bid?: BidView;
  send?: BidSender;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  // A team member acting for the business bids as the business (model/teams.ts).
  const { actingFor } = useActing();
  const place = useMutation(api.bids.place);
  const update = useMutation(api.bids.update);
  const { toast } = useToast();
  const [range, setRange] = useState(bid?.priceMax != null && bid.priceMax !== bid.priceMin);
  const [minStart] = useState(() => isoDay(Date.now() - 24 * 60 * 60 * 1000));
  const radioName = useId();
  const formId = useId();

  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<BidInput>({
    resolver: zodResolver(bidSchema),
    defaultValues: bid
      ? {
          priceMin: bid.priceMin,
          priceMax: bid.priceMax ?? undefined,
          message: bid.message,
          earliestStart: bid.earliestStart,
          estimatedDuration: bid.estimatedDuration,
        }
      : { message: "", earliestStart: "", estimatedDuration: "" },
  });
  const { formError, fail, clearFormError } = useFormFailure(setError, FIELDS, failureCopy, { inline: "unlessField" });

  const chooseRange = (next: boolean) => {
    setRange(next);
    if (!next) {
      setValue("priceMax", undefined);
      clearErrors("priceMax");
    }
  };

  const submit = async (values: BidInput) => {
    clearFormError();
    const payload = { ...values, priceMax: range ? values.priceMax : undefined };
    try {
      if (send) {
        await send.run(payload);
        toast({ ...send.success, variant: "success" });
      } else if (bid) {
        await update({ bidId: bid._id, ...payload, actingFor });
        toast({ title: JobCopy.bidUpdatedTitle, description: JobCopy.bidUpdated, variant: "success" });
      } else {
        await place({ jobId, ...payload, actingFor });
        toast({ title: JobCopy.bidPlacedTitle, description: JobCopy.bidPlaced, variant: "success" });
        reset({ message: "", earliestStart: "", estimatedDuration: "" });
      }
      onDone?.();
    } catch (error) {
      fail(error, send?.failure ?? failureCopy);
    }
  };

  const radioClasses =
    "flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium " +
    "border-slate-500 text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50 " +
    "dark:text-slate-100 dark:has-checked:border-brand-300 dark:has-checked:bg-brand-950 " +
    "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600";

  return (
    <form
      id={formId}
      aria-label={send?.label ?? (bid ? "Edit your bid" : "Place a bid")}
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="space-y-5"
    >
      {formError && <Alert variant="error">{formError}</Alert>}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">Pricing</legend>
        <div className="flex flex-col gap-2 sm:flex-row">
          <label className={radioClasses}>
            <input
              type="radio"
              name={radioName}
              checked={!range}
              onChange={() => chooseRange(false)}
              className="size-4 accent-brand-700 dark:accent-brand-300"
            />
            Fixed price
          </label>
          <label className={radioClasses}>
            <input
              type="radio"
              name={radioName}
              checked={range}
              onChange={() => chooseRange(true)}
              className="size-4 accent-brand-700 dark:accent-brand-300"
            />
            Price range
          </label>
        </div>
      </fieldset>
      <div className={cn("grid gap-5", range && "sm:grid-cols-2")}>
        <TextField
          label={range ? "Lowest price ($)" : "Price ($)"}
          required
          type="number"
          inputMode="decimal"
          min={1}
          max={JOB_LIMITS.maxPrice}
          step="any"
          error={errors.priceMin?.message}
          {...register("priceMin", { setValueAs: toNumber })}
        />
        {range && (
          <TextField
            label="Highest price ($)"
            required
            type="number"
            inputMode="decimal"
            min={1}
            max={JOB_LIMITS.maxPrice}
            step="any"
            error={errors.priceMax?.message}
            {...register("priceMax", { setValueAs: toNumber })}
          />
        )}
      </div>
      <Textarea
        label="Message to the owner"
        required
        rows={4}
        maxLength={JOB_LIMITS.bidMessage}
        hint="Your approach, what is included, and why you are a good fit."
        error={errors.message?.message}
        {...register("message")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Earliest start date"
          required
          type="date"
          min={minStart}
          error={errors.earliestStart?.message}
          {...register("earliestStart")}
        />
        <TextField
          label="Estimated duration"
          required
          maxLength={JOB_LIMITS.duration}
          placeholder="e.g. 3 days"
          error={errors.estimatedDuration?.message}
          {...register("estimatedDuration")}
        />
      </div>
      <FormActions
        submitLabel={bid ? "Save Bid" : "Submit Bid"}
        loadingText={bid ? "Saving..." : "Submitting..."}
        busy={isSubmitting}
        onCancel={onCancel}
      />
    </form>
  );
}
