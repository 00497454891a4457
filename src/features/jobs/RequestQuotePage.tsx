import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { CONTACT_METHOD_LABELS, CONTACT_METHODS } from "@common/auth";
import {
  BUDGET_RANGES,
  JOB_LIMITS,
  JobMessages,
  QUOTE_CATEGORIES,
  QUOTE_PROPERTY_TYPES,
  QUOTE_URGENCIES,
  quoteRequestSchema,
  type QuoteRequestInput,
  type QuoteRequestValues,
} from "@common/jobs";
import type { Id } from "../../../convex/_generated/dataModel";
import { useSession } from "@/app/session";
import { Alert, Button, ButtonLink, Card, Checkbox, Select, TextField, useToast } from "@/components/ui";
import { api } from "@/lib/api";
import type { ErrorCopy } from "@/lib/errors";
import { useFormFailure } from "@/lib/useFormFailure";
import { PlaceFields } from "@/components/forms/PlaceFields";
import { JobBasicsFields } from "@/components/forms/JobBasicsFields";
import { usePageTitle } from "@/lib/usePageTitle";

// Request a Quote (spec §2 "Quote request", §5 "Quote request", §8 "Quote submission"): the request
// becomes a job open for bids and is sent to matching professionals near the ZIP code
// (jobs.requestQuote, which validates the same quoteRequestSchema).

const FIELDS = [
  "title",
  "description",
  "category",
  "propertyType",
  "city",
  "state",
  "zipCode",
  "budget",
  "urgency",
  "contactMethod",
  "contactInfo",
  "photoRequired",
] as const;

const failureCopy: ErrorCopy = {
  title: JobMessages.quoteFailedTitle,
  description: JobMessages.quoteFailedFallback,
  inline: JobMessages.quoteFailed,
};

const EMPTY: QuoteRequestInput = {
  title: "",
  description: "",
  category: "",
  propertyType: "",
  city: "",
  state: "",
  zipCode: "",
  budget: "",
  urgency: "",
  contactMethod: "",
  contactInfo: "",
  photoRequired: false,
};

const categoryOptions = QUOTE_CATEGORIES.map((c) => ({ value: c.value, label: c.label }));
const urgencyOptions = QUOTE_URGENCIES.map((u) => ({ value: u.value, label: u.label }));
const budgetOptions = BUDGET_RANGES.map((b) => ({ value: b, label: b }));
const contactOptions = CONTACT_METHODS.map((m) => ({ value: m, label: CONTACT_METHOD_LABELS[m] }));

interface Submitted {
  jobId: Id<"jobs">;
  matched: number;
}

export function RequestQuotePage() {
  usePageTitle("Request a Quote");
  const session = useSession();
  const viewer = session.status === "signedIn" ? session.viewer : null;
  const requestQuote = useMutation(api.jobs.requestQuote);
  const { toast } = useToast();
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);

  const place = {
    city: viewer?.city ?? "",
    state: viewer?.state ?? "",
    zipCode: viewer?.zipCode ?? "",
  };

  const form = useForm<QuoteRequestInput, unknown, QuoteRequestValues>({
    resolver: zodResolver(quoteRequestSchema),
    defaultValues: EMPTY,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const { formError, fail, clearFormError } = useFormFailure(setError, FIELDS, failureCopy);

  // Start from the viewer's own place, unless something was typed already.
  useEffect(() => {
    if (place.city && !getValues("city")) setValue("city", place.city);
    if (place.state && !getValues("state")) setValue("state", place.state);
    if (place.zipCode && !getValues("zipCode")) setValue("zipCode", place.zipCode);
  }, [place.city, place.state, place.zipCode, getValues, setValue]);

  useEffect(() => {
    if (submitted) successHeading.current?.focus();
  }, [submitted]);

  const submit = async (values: QuoteRequestValues) => {
    clearFormError();
    try {
      const result = await requestQuote(values);
      toast({
        title: JobMessages.quoteSubmittedTitle,
        description: `Sent to ${matchedText(result.matched)}.`,
        variant: "success",
      });
      setSubmitted(result);
      window.scrollTo({ top: 0 });
    } catch (error) {
      // What was typed stays; the server's message goes in the alert, its per-field messages under the fields.
      fail(error);
    }
  };

  const startAnother = () => {
    reset({ ...EMPTY, ...place });
    clearFormError();
    setSubmitted(null);
    // The form is shown again on the next render.
    setTimeout(() => setFocus("title"), 0);
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          Request a Quote
        </h1>
        <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">
          Tell us about your project and we'll send it to matching professionals near you. They'll reply with their
          bids.
        </p>
      </header>

      {submitted ? (
        <Card className="mt-6 space-y-4">
          <h2
            ref={successHeading}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900 focus:outline-none dark:text-white"
          >
            {JobMessages.quoteSubmittedTitle}
          </h2>
          <Alert variant="success" live="polite">
            {submitted.matched > 0
              ? `We sent your request to ${matchedText(submitted.matched)} near you. You'll be notified when bids arrive.`
              : "No matching professionals are near you yet. Your request is posted, and professionals who browse jobs can still bid on it."}
          </Alert>
          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={`/jobs/${submitted.jobId}`}>View your request</ButtonLink>
            <Button variant="secondary" onClick={startAnother}>
              Submit Another Request
            </Button>
          </div>
        </Card>
      ) : (
        <Card className="mt-6">
          <FormProvider {...form}>
            <form
              aria-labelledby="quote-form-heading"
              noValidate
              onSubmit={(event) => void handleSubmit(submit)(event)}
              className="space-y-5"
            >
              <div>
                <h2 id="quote-form-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
                  Project details
                </h2>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Fields marked * are required.</p>
              </div>
              {formError && <Alert variant="error">{formError}</Alert>}
              <JobBasicsFields
                titlePlaceholder="e.g. Kitchen remodel"
                descriptionHint="At least 10 characters: the work, sizes and materials, and anything a professional should know."
                descriptionRows={5}
                categoryLabel="Service category"
                categoryPlaceholder="Select a service category"
                categoryOptions={categoryOptions}
                propertyTypePlaceholder="Select property type"
                propertyTypeOptions={QUOTE_PROPERTY_TYPES}
              />

              <fieldset className="space-y-4">
                <legend className="text-base font-semibold text-slate-900 dark:text-white">Project location</legend>
                <PlaceFields county={false} state="code" required />
              </fieldset>

              <div className="grid gap-5 sm:grid-cols-2">
                <Select
                  label="Budget range"
                  required
                  placeholder="Select a budget range"
                  options={budgetOptions}
                  error={errors.budget?.message}
                  {...register("budget")}
                />
                <Select
                  label="Urgency"
                  required
                  placeholder="Select project urgency"
                  options={urgencyOptions}
                  error={errors.urgency?.message}
                  {...register("urgency")}
                />
              </div>

              <fieldset className="space-y-4">
                <legend className="text-base font-semibold text-slate-900 dark:text-white">
                  How should professionals reach you? (optional)
                </legend>
                <div className="grid gap-5 sm:grid-cols-2">
                  <Select
                    label="Contact method"
                    placeholder="No preference"
                    options={contactOptions}
                    error={errors.contactMethod?.message}
                    {...register("contactMethod")}
                  />
                  <TextField
                    label="Contact info"
                    maxLength={JOB_LIMITS.contactInfo}
                    hint="An email address or phone number."
                    error={errors.contactInfo?.message}
                    {...register("contactInfo")}
                  />
                </div>
              </fieldset>

              <Checkbox
                label="Photographer needed"
                description="A certified photographer can document the property before and after the work."
                error={errors.photoRequired?.message}
                {...register("photoRequired")}
              />

              <Button type="submit" loading={isSubmitting} loadingText="Submitting..." className="w-full sm:w-auto">
                Submit Quote Request
              </Button>
            </form>
          </FormProvider>
        </Card>
      )}
    </div>
  );
}

function matchedText(matched: number): string {
  return `${matched} matching professional${matched === 1 ? "" : "s"}`;
}
