import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "convex/react";
import { useEffect, useState, type JSX } from "react";
import { useForm } from "react-hook-form";
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
import { api } from "@/lib/api";
import { applyFieldErrors, toUserError, type ErrorCopy } from "@/lib/errors";

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
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<PostJobInput, unknown, PostJobValues>({
    resolver: zodResolver(postJobSchema),
    defaultValues: EMPTY,
  });

  // The viewer's own place as a starting point, unless something was typed already.
  const viewerLocation = viewer ? [viewer.city, viewer.state].filter(Boolean).join(", ") : "";
  const viewerZip = viewer?.zipCode ?? "";
  useEffect(() => {
    if (!open) return;
    if (viewerLocation && !getValues("location")) setValue("location", viewerLocation);
    if (viewerZip && !getValues("zipCode")) setValue("zipCode", viewerZip);
  }, [open, viewerLocation, viewerZip, getValues, setValue]);

  const submit = async (values: PostJobValues) => {
    setFormError(null);
    try {
      await create(values);
      toast({ title: JobMessages.postedTitle, description: JobMessages.posted, variant: "success" });
      reset(EMPTY);
      onClose();
    } catch (error) {
      // The values typed stay in the form; the server's per-field messages go under the fields.
      // Spec §8: the toast and the alert keep the project form's own wording; the server's reason
      // goes under the field it is about.
      const shown = toUserError(error, failureCopy);
      toast({ title: JobMessages.postFailedTitle, description: JobMessages.postFailed, variant: "destructive" });
      setFormError(JobMessages.postFailedInline);
      applyFieldErrors(shown.data, setError, FIELDS);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 overflow-y-auto">
      <DialogBackdrop className="fixed inset-0 bg-slate-950/60" />
      <div className="relative flex min-h-full items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="relative w-full max-w-2xl rounded-t-2xl bg-white shadow-xl sm:rounded-2xl dark:bg-slate-900 dark:ring-1 dark:ring-slate-700">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-4 py-4 sm:px-6 dark:border-slate-700">
            <div>
              <DialogTitle className="text-xl font-bold text-slate-900 dark:text-white">Post New Project</DialogTitle>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                Describe the work and local professionals can bid on it. Fields marked * are required.
              </p>
            </div>
            <button
              type="button"
              onClick={onClose}
              className="-mr-2 flex size-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <span className="sr-only">Close</span>
              <svg
                viewBox="0 0 24 24"
                className="size-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="m6 6 12 12M18 6 6 18" strokeLinecap="round" />
              </svg>
            </button>
          </div>

          <form
            aria-label="Post New Project"
            noValidate
            onSubmit={(event) => void handleSubmit(submit)(event)}
            className="space-y-5 px-4 py-5 sm:px-6"
          >
            {formError && <Alert variant="error">{formError}</Alert>}
            <TextField
              label="Project title"
              required
              maxLength={JOB_LIMITS.title}
              placeholder="e.g. Replace kitchen faucet"
              error={errors.title?.message}
              {...register("title")}
            />
            <Textarea
              label="Description"
              required
              rows={4}
              maxLength={JOB_LIMITS.description}
              hint="At least 10 characters: what needs doing, and anything a professional should know."
              error={errors.description?.message}
              {...register("description")}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <Select
                label="Category"
                required
                placeholder="Select a category"
                options={categoryOptions}
                error={errors.category?.message}
                {...register("category")}
              />
              <Select
                label="Property type"
                required
                placeholder="Select a property type"
                options={PROPERTY_TYPES}
                error={errors.propertyType?.message}
                {...register("propertyType")}
              />
              <TextField
                label="Location"
                required
                maxLength={JOB_LIMITS.location}
                placeholder="City, state"
                autoComplete="address-level2"
                error={errors.location?.message}
                {...register("location")}
              />
              <TextField
                label="ZIP code"
                required
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={10}
                error={errors.zipCode?.message}
                {...register("zipCode")}
              />
              <Select
                label="Urgency"
                options={urgencyOptions}
                error={errors.urgency?.message}
                {...register("urgency")}
              />
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
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting} loadingText="Posting...">
                Post Project
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
