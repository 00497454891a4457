import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "convex/react";
import { useEffect, type JSX } from "react";
import { FormProvider, useForm } from "react-hook-form";
import {
  JOB_LIMITS,
  JobMessages,
  PROJECT_CATEGORIES,
  PROPERTY_TYPES,
  URGENCIES,
  postJobSchema,
  type PostJobInput,
  type PostJobValues,
} from "@common/jobs";
import { useSession } from "@/app/session";
import { Alert, Button, Checkbox, Select, TextField, Textarea, useToast } from "@/components/ui";
import { Modal } from "@/components/ui/Modal";
import { api } from "@/lib/api";
import type { ErrorCopy } from "@/lib/errors";
import { useFormFailure } from "@/lib/useFormFailure";
import { JobBasicsFields } from "@/components/forms/JobBasicsFields";
import { PlaceFields } from "@/components/forms/PlaceFields";

// Post New Project (spec §2 "Dashboards", §5 "Post Project form", §8 "Project create"): a modal
// form validated by the shared postJobSchema here and again by jobs.create on the server. Convex
// queries are live, so lists showing the new project update by themselves.

const FIELDS = [
  "title",
  "description",
  "category",
  "propertyType",
  "location",
  "zipCode",
  "urgency",
  "budget",
  "timeline",
  "requirements",
  "photoRequired",
] as const;

const failureCopy: ErrorCopy = {
  title: JobMessages.postFailedTitle,
  description: JobMessages.postFailed,
  inline: JobMessages.postFailedInline,
  // Spec §8: the toast and the alert keep the project form's own wording.
  keepCopy: true,
};

const EMPTY: PostJobInput = {
  title: "",
  description: "",
  category: "",
  propertyType: "",
  location: "",
  zipCode: "",
  urgency: "medium",
  budget: "",
  timeline: "",
  requirements: "",
  photoRequired: false,
};

const categoryOptions = PROJECT_CATEGORIES.map((c) => ({ value: c.value, label: c.label }));
const urgencyOptions = URGENCIES.map((u) => ({ value: u.value, label: u.label }));

export function PostJobDialog(props: { open: boolean; onClose: () => void }): JSX.Element {
  const { open, onClose } = props;
  const session = useSession();
  const viewer = session.status === "signedIn" ? session.viewer : null;
  const create = useMutation(api.jobs.create);
  const { toast } = useToast();

  const form = useForm<PostJobInput, unknown, PostJobValues>({
    resolver: zodResolver(postJobSchema),
    defaultValues: EMPTY,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const { formError, fail, clearFormError } = useFormFailure(setError, FIELDS, failureCopy);

  // The viewer's own place as a starting point, unless something was typed already.
  const viewerLocation = viewer ? [viewer.city, viewer.state].filter(Boolean).join(", ") : "";
  const viewerZip = viewer?.zipCode ?? "";
  useEffect(() => {
    if (!open) return;
    if (viewerLocation && !getValues("location")) setValue("location", viewerLocation);
    if (viewerZip && !getValues("zipCode")) setValue("zipCode", viewerZip);
  }, [open, viewerLocation, viewerZip, getValues, setValue]);

  const submit = async (values: PostJobValues) => {
    clearFormError();
    try {
      await create(values);
      toast({ title: JobMessages.postedTitle, description: JobMessages.posted, variant: "success" });
      reset(EMPTY);
      onClose();
    } catch (error) {
      // The values typed stay in the form; the server's reason goes under the field it is about.
      fail(error);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={isSubmitting}
      size="lg"
      title="Post New Project"
      description="Describe the work and local professionals can bid on it. Fields marked * are required."
    >
      <FormProvider {...form}>
        <form
          aria-label="Post New Project"
          noValidate
          onSubmit={(event) => void handleSubmit(submit)(event)}
          className="space-y-5"
        >
          {formError && <Alert variant="error">{formError}</Alert>}
          <JobBasicsFields
            titlePlaceholder="e.g. Replace kitchen faucet"
            descriptionHint="At least 10 characters: what needs doing, and anything a professional should know."
            categoryOptions={categoryOptions}
            propertyTypeOptions={PROPERTY_TYPES}
          />
          <PlaceFields line required maxLength={JOB_LIMITS.location} />
          <div className="grid gap-5 sm:grid-cols-2">
            <Select label="Urgency" options={urgencyOptions} error={errors.urgency?.message} {...register("urgency")} />
            <TextField
              label="Budget"
              maxLength={JOB_LIMITS.budget}
              placeholder="e.g. $500-1,500"
              error={errors.budget?.message}
              {...register("budget")}
            />
          </div>
          <TextField
            label="Timeline"
            maxLength={JOB_LIMITS.timeline}
            placeholder="e.g. Within 2 weeks"
            error={errors.timeline?.message}
            {...register("timeline")}
          />
          <Textarea
            label="Requirements"
            rows={3}
            maxLength={JOB_LIMITS.requirements}
            hint="One per line, e.g. Licensed and insured."
            error={errors.requirements?.message}
            {...register("requirements")}
          />
          <Checkbox
            label="Photographer needed"
            description="A certified photographer can document the property before and after the work."
            error={errors.photoRequired?.message}
            {...register("photoRequired")}
          />
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end dark:border-slate-700">
            <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} loadingText="Posting...">
              Post Project
            </Button>
          </div>
        </form>
      </FormProvider>
    </Modal>
  );
}
