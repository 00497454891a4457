import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { JOB_CATEGORIES, PROPERTY_TYPES } from "@common/jobCatalog";
import {
  BUSINESS_SIZES,
  EXPERIENCE_LEVELS,
  ProfileCopy,
  UPLOAD_LIMITS,
  profileSchema,
  type ProfileInput,
  type ProfileValues,
} from "@common/profile";
import { useViewer } from "@/app/session";
import {
  Alert,
  Button,
  Card,
  Select,
  Spinner,
  TextField,
  Textarea,
  errorClasses,
  hintClasses,
  labelClasses,
  textLinkClasses,
  useToast,
} from "@/components/ui";
import { Avatar } from "@/components/ui/Avatar";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { AvailabilityToggle } from "@/features/availability/AvailabilityToggle";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { applyFieldErrors, type ErrorCopy } from "@/lib/errors";
import { useErrorToast } from "@/lib/useErrorToast";
import { throwIfRefused, uploadFile } from "@/lib/upload";
import { BrandingSettings } from "./BrandingSettings";
import { PlaceFields } from "@/components/forms/PlaceFields";
import { usePageTitle } from "@/lib/usePageTitle";
import type { Id } from "../../../convex/_generated/dataModel";
import { ACCEPT_IMAGES, isImageType } from "@common/uploads";

// /edit-profile (spec §2 Profile, §5 Profile form, §8 Profile update): every field of
// profiles.update. The shared profileSchema (zodResolver) turns the form's text into the server's
// shape (comma separated lists, numbers) and checks it; the server checks it again. The
// avatar is an uploaded image (image only, under 5 MB, checked here and on the server; preview and
// progress) or an http(s) URL. A failure keeps everything typed.

type Mine = FunctionReturnType<typeof api.profiles.mine>;
/** What the form holds: text as typed (lists comma separated, numbers as text). */
type FormValues = ProfileInput;

const FIELDS = [
  "firstName",
  "lastName",
  "businessName",
  "bio",
  "phone",
  "city",
  "state",
  "zipCode",
  "county",
  "licenseNumber",
  "specialties",
  "yearsExperience",
  "experienceLevel",
  "serviceCategories",
  "propertyTypes",
  "preferredRadius",
  "languages",
  "certifications",
  "businessSize",
  "imageUrl",
] as const;

const updateFailedCopy = {
  title: ProfileCopy.updateFailed("").split(": ")[0]!,
  description: "Please try again.",
  format: (reason: string) => ProfileCopy.updateFailed(reason).split(": ").slice(1).join(": "),
} satisfies ErrorCopy;

/** The saved profile -> the form's text. */
function fromMine(m: Mine): FormValues {
  return {
    firstName: m.firstName,
    lastName: m.lastName,
    businessName: m.businessName,
    bio: m.bio,
    phone: m.phone,
    city: m.city,
    state: m.state,
    zipCode: m.zipCode,
    county: m.county,
    licenseNumber: m.licenseNumber,
    specialties: m.specialties.join(", "),
    yearsExperience: m.yearsExperience === null ? "" : String(m.yearsExperience),
    experienceLevel: m.experienceLevel ?? "",
    serviceCategories: m.serviceCategories,
    propertyTypes: m.propertyTypes,
    // Spec §9: a professional's radius is 25 miles until they choose one.
    preferredRadius:
      m.preferredRadius === null ? (m.userType === "professional" ? "25" : "") : String(m.preferredRadius),
    languages: m.languages.join(", "),
    certifications: m.certifications.join(", "),
    businessSize: m.businessSize ?? "",
    imageUrl: m.image && !m.imageIsUpload ? m.image : "",
  };
}

export function EditProfilePage() {
  usePageTitle("Edit Profile");
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      <Link to="/profile" className={cn(textLinkClasses, "inline-flex min-h-11 items-center gap-1")}>
        <span aria-hidden="true">←</span> Back to profile
      </Link>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Edit Profile</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          What you add here shows on your profile. Every field is optional except your name.
        </p>
      </header>
      <QueryErrorBoundary fallback={(retry) => <ErrorState message="Failed to fetch profile" onRetry={retry} />}>
        <Loader />
      </QueryErrorBoundary>
    </div>
  );
}

function Loader() {
  const mine = useQuery(api.profiles.mine, {});
  if (mine === undefined) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading your profile..." className="size-8" />
      </div>
    );
  }
  return (
    <>
      <ProfileForm mine={mine} />
      {mine.userType === "professional" && <BrandingSettings />}
    </>
  );
}

function Section({ title, children, description }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id} className="space-y-5">
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {description && <p className={cn(hintClasses, "mt-1")}>{description}</p>}
      </div>
      {children}
    </Card>
  );
}

function CheckboxGroup({
  legend,
  options,
  error,
  ...input
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  error?: string;
} & ReturnType<ReturnType<typeof useForm<FormValues>>["register"]>) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={labelClasses}>{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2 text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50 dark:border-slate-600 dark:text-slate-100 dark:has-checked:border-brand-300 dark:has-checked:bg-slate-800"
          >
            <input
              type="checkbox"
              value={o.value}
              className="size-5 shrink-0 accent-brand-700 dark:accent-brand-300"
              {...input}
            />
            <span className="text-sm">{o.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className={cn(errorClasses, "mt-1")}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ProfileForm({ mine }: { mine: Mine }) {
  const viewer = useViewer();
  const isPro = (mine.userType ?? viewer.userType) === "professional";
  const update = useMutation(api.profiles.update);
  const generateUploadUrl = useMutation(api.files.generateUploadUrl);
  const setAvatar = useMutation(api.profiles.setAvatar);
  const removeAvatar = useMutation(api.profiles.removeAvatar);
  const { toast } = useToast();
  const showError = useErrorToast();
  const [formError, setFormError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<{ file: File; preview: string } | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const photoId = useId();

  const form = useForm<FormValues, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: fromMine(mine),
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = form;

  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.preview);
    },
    [photo],
  );

  const choosePhoto = (file: File | undefined) => {
    if (!file) return;
    const problem = !isImageType(file.type)
      ? ProfileCopy.imageType
      : file.size > UPLOAD_LIMITS.profileImage
        ? ProfileCopy.imageTooLarge
        : null;
    if (problem) {
      setPhotoError(problem);
      if (photoInput.current) photoInput.current.value = "";
      return;
    }
    setPhotoError(null);
    setPhoto({ file, preview: URL.createObjectURL(file) });
  };

  const clearPhoto = () => {
    setPhoto(null);
    setPhotoError(null);
    if (photoInput.current) photoInput.current.value = "";
  };

  const failed = (error: unknown) => {
    const { data, inline } = showError(error, updateFailedCopy);
    if (data?.fields?.image) setPhotoError(data.fields.image);
    if (!applyFieldErrors(data, setError, FIELDS) && !data?.fields?.image) setFormError(inline);
  };

  const submit = async (values: ProfileValues) => {
    setFormError(null);
    try {
      if (photo) {
        setProgress(0);
        const url = await generateUploadUrl({ purpose: "avatar" });
        const storageId = (await uploadFile(url, photo.file, { onProgress: setProgress })) as Id<"_storage">;
        throwIfRefused(await setAvatar({ storageId }));
        clearPhoto();
      }
      // An uploaded photo wins over the URL field in this save.
      const { imageUrl, ...rest } = values;
      await update({ ...rest, ...(imageUrl && !photo ? { imageUrl } : {}) });
      toast({ title: ProfileCopy.updated, description: "Your changes are on your profile.", variant: "success" });
    } catch (error) {
      failed(error);
    } finally {
      setProgress(null);
    }
  };

  const onRemovePhoto = async () => {
    setRemoving(true);
    try {
      await removeAvatar();
      setValue("imageUrl", "");
      toast({ title: "Photo removed", variant: "success" });
    } catch (error) {
      failed(error);
    } finally {
      setRemoving(false);
    }
  };

  const busy = isSubmitting || removing;
  const shownImage = photo?.preview ?? mine.image;

  return (
    <FormProvider {...form}>
      <form noValidate aria-label="Edit Profile" className="space-y-6" onSubmit={(e) => void handleSubmit(submit)(e)}>
        {formError && <Alert variant="error">{ProfileCopy.updateFailed(formError)}</Alert>}

        <Section
          title="Profile photo"
          description="A square photo works best. Images up to 5 MB, or the address of an image online."
        >
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <Avatar
              firstName={mine.firstName}
              lastName={mine.lastName}
              image={shownImage}
              className="size-24 text-3xl"
            />
            <div className="min-w-0 flex-1 space-y-2">
              <label htmlFor={photoId} className={labelClasses}>
                Upload a photo
              </label>
              <input
                ref={photoInput}
                id={photoId}
                type="file"
                accept={ACCEPT_IMAGES}
                disabled={busy}
                aria-invalid={photoError ? true : undefined}
                aria-describedby={photoError ? `${photoId}-error` : undefined}
                onChange={(event) => choosePhoto(event.target.files?.[0])}
                className={cn(
                  "block w-full cursor-pointer text-sm text-slate-800 dark:text-slate-100",
                  "file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border file:border-slate-500 file:bg-white file:px-3 file:font-semibold file:text-slate-900",
                  "dark:file:bg-slate-900 dark:file:text-slate-100",
                )}
              />
              {photoError && (
                <p id={`${photoId}-error`} className={errorClasses}>
                  {photoError}
                </p>
              )}
              {photo && !photoError && (
                <p className={hintClasses}>
                  {photo.file.name} will be uploaded when you save.{" "}
                  <button type="button" className={textLinkClasses} onClick={clearPhoto} disabled={busy}>
                    Don&apos;t use it
                  </button>
                </p>
              )}
              {progress !== null && (
                <div
                  role="progressbar"
                  aria-label="Uploading photo"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(progress * 100)}
                  className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
                >
                  <div
                    className="h-full rounded-full bg-brand-700 dark:bg-brand-300"
                    style={{ width: `${Math.round(progress * 100)}%` }}
                  />
                </div>
              )}
              {mine.image && !photo && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="-ml-2"
                  loading={removing}
                  loadingText="Removing..."
                  disabled={isSubmitting}
                  onClick={() => void onRemovePhoto()}
                >
                  Remove photo
                </Button>
              )}
            </div>
          </div>
          <TextField
            label="Image URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            hint="Or use an image from the web. An uploaded photo replaces it."
            error={errors.imageUrl?.message}
            {...register("imageUrl")}
          />
        </Section>

        <Section title="About you">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="First name"
              required
              autoComplete="given-name"
              maxLength={60}
              error={errors.firstName?.message}
              {...register("firstName")}
            />
            <TextField
              label="Last name"
              required
              autoComplete="family-name"
              maxLength={60}
              error={errors.lastName?.message}
              {...register("lastName")}
            />
          </div>
          {isPro && (
            <TextField
              label="Business name"
              autoComplete="organization"
              maxLength={120}
              error={errors.businessName?.message}
              {...register("businessName")}
            />
          )}
          <Textarea
            label="Bio"
            rows={5}
            maxLength={2000}
            hint="A few lines about you and your work."
            error={errors.bio?.message}
            {...register("bio")}
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            maxLength={30}
            hint="Only you see it on your profile."
            error={errors.phone?.message}
            {...register("phone")}
          />
          <TextField
            label="Languages"
            hint="Separate with commas, e.g. English, Spanish"
            error={errors.languages?.message}
            {...register("languages")}
          />
        </Section>

        <Section title="Location">
          <PlaceFields />
        </Section>

        {isPro && (
          <Section title="Your work" description="Helps clients and jobs find you.">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="License number"
                maxLength={60}
                error={errors.licenseNumber?.message}
                {...register("licenseNumber")}
              />
              <TextField
                label="Years of experience"
                type="number"
                inputMode="numeric"
                min={0}
                max={80}
                error={errors.yearsExperience?.message}
                {...register("yearsExperience")}
              />
              <Select
                label="Experience level"
                placeholder="Not set"
                options={EXPERIENCE_LEVELS}
                error={errors.experienceLevel?.message}
                {...register("experienceLevel")}
              />
              <Select
                label="Business size"
                placeholder="Not set"
                options={BUSINESS_SIZES}
                error={errors.businessSize?.message}
                {...register("businessSize")}
              />
              <TextField
                label="Service radius (miles)"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                hint="1 to 100 miles; jobs within it are recommended to you."
                error={errors.preferredRadius?.message}
                {...register("preferredRadius")}
              />
            </div>
            <TextField
              label="Specialties"
              hint="Separate with commas, e.g. kitchen remodels, decks"
              error={errors.specialties?.message}
              {...register("specialties")}
            />
            <TextField
              label="Certifications"
              hint="Separate with commas"
              error={errors.certifications?.message}
              {...register("certifications")}
            />
            <CheckboxGroup
              legend="Service categories"
              options={JOB_CATEGORIES}
              error={errors.serviceCategories?.message}
              {...register("serviceCategories")}
            />
          </Section>
        )}

        <Section title={isPro ? "Properties you work on" : "Your properties"}>
          <CheckboxGroup
            legend="Property types"
            options={PROPERTY_TYPES}
            error={errors.propertyTypes?.message}
            {...register("propertyTypes")}
          />
        </Section>

        {isPro && (
          <Section title="Availability" description="Saved as soon as you switch it; clients see it on your profile.">
            <AvailabilityToggle />
          </Section>
        )}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/profile" className={cn(textLinkClasses, "inline-flex min-h-11 items-center justify-center px-2")}>
            Cancel
          </Link>
          <Button
            type="submit"
            loading={isSubmitting}
            loadingText={progress !== null ? "Uploading photo..." : "Saving..."}
            disabled={removing}
          >
            Save Changes
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
