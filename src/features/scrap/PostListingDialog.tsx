import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "convex/react";
import { useEffect, useId, useRef, useState, type JSX } from "react";
import { FormProvider, useForm } from "react-hook-form";
import {
  SCRAP_CATEGORIES,
  SCRAP_CONTACT_METHODS,
  SCRAP_LIMITS,
  ScrapCopy,
  scrapListingSchema,
  type ScrapListingInput,
  type ScrapListingValues,
} from "@common/scrap";
import { useSession } from "@/app/session";
import { Alert, Button, FileField, Select, TextField, Textarea, labelClasses, useToast } from "@/components/ui";
import { Modal } from "@/components/ui/Modal";
import { PlaceFields } from "@/components/forms/PlaceFields";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import type { ErrorCopy } from "@/lib/errors";
import { throwIfRefused, uploadFile } from "@/lib/upload";
import { useFormFailure } from "@/lib/useFormFailure";
import type { Id } from "../../../convex/_generated/dataModel";
import type { ScrapDetail } from "./format";
import { ACCEPT_IMAGES, isImageType } from "@common/uploads";

// Post Listing (spec §2 Scrap marketplace, §5, §8 "Scrap listing"): the shared scrapListingSchema
// checks the form here and again in scrap.create; up to 6 photos (images of at most 5 MB, checked
// here before uploading and again on the server). Success: 'Listing Created'; failure: 'Error'
// with the server's message or 'Failed to create listing'. Lists are live, so the new listing shows.

const FIELDS = [
  "title",
  "description",
  "category",
  "materialType",
  "quantity",
  "location",
  "county",
  "city",
  "state",
  "zipCode",
  "price",
  "contactMethod",
  "holdHours",
] as const;

const failureCopy: ErrorCopy = { title: "Error", description: ScrapCopy.createFailed };

const EMPTY: ScrapListingInput = {
  title: "",
  description: "",
  category: "",
  materialType: "",
  quantity: "",
  location: "",
  county: "",
  city: "",
  state: "",
  zipCode: "",
  price: "",
  contactMethod: "message",
  holdHours: SCRAP_LIMITS.defaultHoldHours,
};

const categoryOptions = SCRAP_CATEGORIES.map((c) => ({ value: c.value, label: c.label }));
const contactOptions = SCRAP_CONTACT_METHODS.map((c) => ({ value: c.value, label: c.label }));
const holdOptions = SCRAP_LIMITS.holdHours.map((h) => ({ value: String(h), label: `${h} hours` }));

interface Photo {
  key: string;
  file: File;
  preview: string;
}

/** The form's values of a listing being edited. */
function valuesOf(detail: ScrapDetail): ScrapListingInput {
  const l = detail.listing;
  return {
    title: l.title,
    description: l.description,
    category: l.category,
    materialType: l.materialType ?? "",
    quantity: l.quantity ?? "",
    location: l.location,
    county: l.county ?? "",
    city: l.city,
    state: l.state,
    zipCode: l.zipCode,
    price: l.price === ScrapCopy.free ? "" : l.price,
    contactMethod: l.contactMethod as ScrapListingInput["contactMethod"],
    holdHours: detail.holdHours,
  };
}

/** Post Listing, or (with `editing`) the lister's Edit of the details; photos are chosen when posting. */
export function PostListingDialog({
  open,
  onClose,
  editing,
}: {
  open: boolean;
  onClose: () => void;
  editing?: ScrapDetail;
}): JSX.Element {
  const session = useSession();
  const viewer = session.status === "signedIn" ? session.viewer : null;
  const create = useMutation(api.scrap.create);
  const update = useMutation(api.scrap.update);
  const generateUploadUrl = useMutation(api.files.generateUploadUrl);
  const { toast } = useToast();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const photoInputId = useId();
  const photoInput = useRef<HTMLInputElement>(null);

  const form = useForm<ScrapListingInput, unknown, ScrapListingValues>({
    resolver: zodResolver(scrapListingSchema),
    defaultValues: editing ? valuesOf(editing) : EMPTY,
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

  // The viewer's own ZIP and place as a starting point, unless something was typed already.
  useEffect(() => {
    if (!open || !viewer || editing) return;
    if (viewer.zipCode && !getValues("zipCode")) setValue("zipCode", viewer.zipCode);
    if (viewer.city && !getValues("city")) setValue("city", viewer.city);
    if (viewer.state && !getValues("state")) setValue("state", viewer.state);
  }, [open, viewer, editing, getValues, setValue]);

  // Previews are object URLs: let them go when the photos change or the dialog unmounts.
  useEffect(() => () => photos.forEach((p) => URL.revokeObjectURL(p.preview)), [photos]);

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    setPhotoError(null);
    if (chosen.some((f) => !isImageType(f.type))) return setPhotoError(ScrapCopy.photoType);
    if (chosen.some((f) => f.size > SCRAP_LIMITS.photoBytes)) return setPhotoError(ScrapCopy.photoTooLarge);
    if (photos.length + chosen.length > SCRAP_LIMITS.photos) return setPhotoError(ScrapCopy.tooManyPhotos);
    setPhotos((current) => [
      ...current,
      ...chosen.map((file) => ({
        key: `${file.name}-${file.size}-${Math.random()}`,
        file,
        preview: URL.createObjectURL(file),
      })),
    ]);
    if (photoInput.current) photoInput.current.value = "";
  };

  const close = () => {
    if (isSubmitting) return;
    onClose();
  };

  const submit = async (values: ScrapListingValues) => {
    clearFormError();
    try {
      if (editing) {
        await update({ id: editing.listing._id, ...values });
        toast({ title: "Listing updated", description: "Your changes are saved.", variant: "success" });
        onClose();
        return;
      }
      const storageIds: Id<"_storage">[] = [];
      for (const photo of photos) {
        const url = await generateUploadUrl({ purpose: "scrap" });
        storageIds.push((await uploadFile(url, photo.file)) as Id<"_storage">);
      }
      throwIfRefused(await create({ ...values, photos: storageIds }));
      toast({ title: ScrapCopy.createdTitle, description: ScrapCopy.createdBody, variant: "success" });
      reset(EMPTY);
      setPhotos([]);
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
      size="lg"
      title={editing ? "Edit Listing" : "Post Listing"}
      description="Offer leftover or unwanted materials to members nearby. Fields marked * are required."
    >
      <FormProvider {...form}>
        <form
          aria-label={editing ? "Edit Listing" : "Post Listing"}
          noValidate
          onSubmit={(e) => void handleSubmit(submit)(e)}
          className="space-y-5"
        >
          {formError && <Alert variant="error">{formError}</Alert>}
          <TextField
            label="Title"
            required
            maxLength={SCRAP_LIMITS.title}
            placeholder="e.g. Leftover copper pipe"
            error={errors.title?.message}
            {...register("title")}
          />
          <Textarea
            label="Description"
            rows={3}
            maxLength={SCRAP_LIMITS.description}
            hint="Condition, size, and anything someone picking it up should know."
            error={errors.description?.message}
            {...register("description")}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Select
              label="Category"
              required
              placeholder="Choose a category"
              options={categoryOptions}
              error={errors.category?.message}
              {...register("category")}
            />
            <TextField
              label="Material type"
              maxLength={SCRAP_LIMITS.materialType}
              placeholder="e.g. Copper"
              error={errors.materialType?.message}
              {...register("materialType")}
            />
            <TextField
              label="Quantity"
              maxLength={SCRAP_LIMITS.quantity}
              placeholder="e.g. 2 pallets"
              error={errors.quantity?.message}
              {...register("quantity")}
            />
            <TextField
              label="Price"
              maxLength={SCRAP_LIMITS.price}
              placeholder="Free"
              hint="Leave empty to list it as Free."
              error={errors.price?.message}
              {...register("price")}
            />
          </div>
          <fieldset className="space-y-5">
            <legend className={cn(labelClasses, "text-base")}>Location</legend>
            <TextField
              label="Location"
              required
              maxLength={SCRAP_LIMITS.location}
              placeholder="e.g. Curbside, 120 Main St"
              hint="Where to pick it up. Members see it on the listing."
              error={errors.location?.message}
              {...register("location")}
            />
            <PlaceFields state="code" required={["zipCode"]} maxLength={SCRAP_LIMITS.city} />
          </fieldset>
          <div className="grid gap-5 sm:grid-cols-2">
            <Select
              label="Contact method"
              options={contactOptions}
              hint="Email or phone is shown only to the member holding the listing."
              error={errors.contactMethod?.message}
              {...register("contactMethod")}
            />
            <Select
              label="Pickup window"
              options={holdOptions}
              hint="How long a claim holds it for pickup."
              error={errors.holdHours?.message}
              {...register("holdHours", { valueAsNumber: true })}
            />
          </div>
          {!editing && (
            <FileField
              ref={photoInput}
              id={photoInputId}
              label="Photos"
              hint="Up to 6 images, 5 MB each."
              error={photoError ?? undefined}
              multiple
              accept={ACCEPT_IMAGES}
              disabled={isSubmitting || photos.length >= SCRAP_LIMITS.photos}
              onChange={(e) => choose(e.target.files)}
              chosen={
                photos.length > 0 && (
                  <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Chosen photos">
                    {photos.map((p) => (
                      <li key={p.key} className="relative">
                        <img
                          src={p.preview}
                          alt={p.file.name}
                          className="aspect-square w-full rounded-md object-cover"
                        />
                        <button
                          type="button"
                          disabled={isSubmitting}
                          onClick={() => setPhotos((list) => list.filter((x) => x.key !== p.key))}
                          className="absolute top-1 right-1 rounded-full bg-slate-900/80 px-2 text-sm text-white focus-visible:outline-2 focus-visible:outline-white"
                        >
                          ×<span className="sr-only"> Remove {p.file.name}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )
              }
            />
          )}
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end dark:border-slate-700">
            <Button variant="secondary" onClick={close} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} loadingText={editing ? "Saving..." : "Posting..."}>
              {editing ? "Save Changes" : "Post Listing"}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Modal>
  );
}
