import { useMutation, useQuery } from "convex/react";
import { useId, useState } from "react";
import { ACCENT_COLORS, BrandingCopy, COVER_IMAGE_MAX_BYTES, type AccentColorId } from "@common/branding";
import { ActionButton, Alert, Card, TextLink, useToast } from "@/components/ui";
import { hintClasses, labelClasses } from "@/components/ui/fields";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { throwIfRefused, uploadFile } from "@/lib/upload";
import { useErrorToast } from "@/lib/useErrorToast";
import type { Id } from "../../../convex/_generated/dataModel";
import { ACCEPT_IMAGES, isImageType } from "@common/uploads";

const SAVE_FAILED = { title: "Branding Not Saved", description: "Please try again." };

// Pro Profile branding on /edit-profile (spec §6): the cover image and the accent colour, each saved
// at once. Below Pro Profile the section is the upgrade prompt (the server refuses the same).

export function BrandingSettings() {
  const mine = useQuery(api.branding.mine, {});
  const headingId = useId();
  if (!mine) return null;
  return (
    <Card as="section" aria-labelledby={headingId} className="space-y-5">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          Branding
        </h2>
        <p className={cn(hintClasses, "mt-1")}>Your cover image and accent colour, shown on your profile.</p>
      </div>
      {mine.allowed ? (
        <>
          <CoverImage url={mine.coverUrl} />
          <AccentPicker accent={mine.accent} />
        </>
      ) : (
        <Alert variant="info" title={BrandingCopy.upgradeTitle} live="off">
          <p>{mine.coverUrl || mine.accent ? BrandingCopy.downgraded : BrandingCopy.upgrade}</p>
          <p className="mt-2">
            <TextLink to="/subscribe">{BrandingCopy.upgradeLink}</TextLink>
          </p>
        </Alert>
      )}
    </Card>
  );
}

function CoverImage({ url }: { url: string | null }) {
  const inputId = useId();
  const generateUploadUrl = useMutation(api.files.generateUploadUrl);
  const setCover = useMutation(api.branding.setCover);
  const removeCover = useMutation(api.branding.removeCover);
  const toastError = useErrorToast();
  const showError = (e: unknown) => void toastError(e, SAVE_FAILED);
  const { toast } = useToast();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!isImageType(file.type)) return setError(BrandingCopy.coverType);
    if (file.size > COVER_IMAGE_MAX_BYTES) return setError(BrandingCopy.coverTooLarge);
    setUploading(true);
    try {
      const uploadUrl = await generateUploadUrl({ purpose: "cover" });
      const storageId = (await uploadFile(uploadUrl, file)) as Id<"_storage">;
      throwIfRefused(await setCover({ storageId }));
      toast({ title: "Cover image saved", variant: "success" });
    } catch (e) {
      showError(e);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="space-y-3">
      {url && <img src={url} alt="Your cover image" className="h-32 w-full rounded-md object-cover" />}
      <div className="space-y-2">
        <label htmlFor={inputId} className={labelClasses}>
          {url ? "Replace cover image" : "Upload a cover image"}
        </label>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT_IMAGES}
          disabled={uploading}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
          onChange={(event) => void choose(event.target.files?.[0])}
          className={cn(
            "block w-full cursor-pointer text-sm text-slate-800 dark:text-slate-100",
            "file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border file:border-slate-500 file:bg-white file:px-3 file:font-semibold file:text-slate-900",
            "dark:file:bg-slate-900 dark:file:text-slate-100",
          )}
        />
        {error ? (
          <p id={`${inputId}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : (
          <p id={`${inputId}-hint`} className={hintClasses}>
            {uploading ? "Uploading…" : "A wide image works best. Images up to 5 MB."}
          </p>
        )}
      </div>
      {url && (
        <ActionButton
          variant="secondary"
          size="sm"
          busyLabel="Removing…"
          onRun={() => removeCover({}).catch(showError)}
        >
          Remove cover image
        </ActionButton>
      )}
    </div>
  );
}

function AccentPicker({ accent }: { accent: AccentColorId | null }) {
  const setAccent = useMutation(api.branding.setAccent);
  const toastError = useErrorToast();
  const showError = (e: unknown) => void toastError(e, SAVE_FAILED);
  const chosen = accent ?? "brand";
  return (
    <fieldset>
      <legend className={labelClasses}>Accent colour</legend>
      <p className={cn(hintClasses, "mt-1")}>Each colour keeps text readable on your profile.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {ACCENT_COLORS.map((color) => (
          <label
            key={color.id}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-900 has-checked:border-slate-900 has-checked:ring-2 has-checked:ring-slate-900 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 dark:border-slate-600 dark:text-slate-100 dark:has-checked:border-white dark:has-checked:ring-white"
          >
            <input
              type="radio"
              name="accent"
              value={color.id}
              checked={chosen === color.id}
              onChange={() => void setAccent({ accent: color.id }).catch(showError)}
              className="sr-only"
            />
            <span aria-hidden="true" className="size-5 rounded-full" style={{ backgroundColor: color.hex }} />
            {color.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
