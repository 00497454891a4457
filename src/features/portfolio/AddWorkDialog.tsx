import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "convex/react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  PORTFOLIO_CATEGORIES,
  ProfileCopy,
  portfolioFileProblem,
  portfolioSchema,
  type PortfolioInput,
} from "@common/profile";
import { Button, Checkbox, FileField, FormActions, Select, Textarea, TextField, useToast } from "@/components/ui";
import { Modal } from "@/components/ui/Modal";
import { api } from "@/lib/api";
import { applyFieldErrors, type ErrorCopy } from "@/lib/errors";
import { throwIfRefused, uploadFile } from "@/lib/upload";
import { useErrorToast } from "@/lib/useErrorToast";
import type { Id } from "../../../convex/_generated/dataModel";
import { ACCEPT_IMAGES_AND_VIDEOS, isImageType, isVideoType } from "@common/uploads";

// Add Work (spec §5 Portfolio form, §4 "open, uploading, then closed and reset on success"): one or
// more image or video files (checked here before any upload: images up to 10 MB, videos up to
// 100 MB; and again on the server), each uploaded with its own progress bar, then portfolio.add
// with the shared details. A failure keeps everything typed and chosen.

type Values = z.output<typeof portfolioSchema>;
const EMPTY: PortfolioInput = {
  title: "",
  category: "",
  description: "",
  location: "",
  dateCompleted: "",
  tags: "",
  featured: false,
};
const FIELDS = ["title", "category", "description", "location", "dateCompleted", "tags", "featured"] as const;

interface Chosen {
  key: string;
  file: File;
  preview: string | null;
  progress: number;
  storageId?: Id<"_storage">;
}

let fileCounter = 0;

function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "Title: description" copy -> a toast. */
function splitCopy(text: string): { title: string; description?: string } {
  const at = text.indexOf(": ");
  return at < 0 ? { title: text } : { title: text.slice(0, at), description: text.slice(at + 2) };
}

const uploadFailedCopy = { title: ProfileCopy.uploadFailed, description: "Please try again." } satisfies ErrorCopy;

export function AddWorkDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const generateUploadUrl = useMutation(api.files.generateUploadUrl);
  const add = useMutation(api.portfolio.add);
  const { toast } = useToast();
  const showError = useErrorToast();
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<Chosen[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PortfolioInput, unknown, Values>({ resolver: zodResolver(portfolioSchema), defaultValues: EMPTY });
  const busy = isSubmitting || uploading;

  // Object URLs of previews are released when the file leaves the list or the dialog unmounts.
  const filesRef = useRef(files);
  useEffect(() => {
    filesRef.current = files;
  }, [files]);
  useEffect(() => () => filesRef.current.forEach((f) => f.preview && URL.revokeObjectURL(f.preview)), []);

  const choose = (list: FileList | null) => {
    if (!list) return;
    const problems: string[] = [];
    const accepted: Chosen[] = [];
    for (const file of Array.from(list)) {
      const problem = portfolioFileProblem(file);
      if (problem) {
        if (!problems.includes(problem)) problems.push(problem);
        continue;
      }
      fileCounter += 1;
      accepted.push({
        key: `f${fileCounter}`,
        file,
        preview: isImageType(file.type) ? URL.createObjectURL(file) : null,
        progress: 0,
      });
    }
    setFiles((current) => [...current, ...accepted]);
    if (problems.length > 0) {
      setFileError(problems.join(" "));
      toast({ ...splitCopy(problems[0]!), variant: "destructive" });
    } else {
      setFileError(null);
    }
    if (fileInput.current) fileInput.current.value = "";
  };

  const removeFile = (key: string) => {
    setFiles((current) => {
      const gone = current.find((f) => f.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return current.filter((f) => f.key !== key);
    });
  };

  const setProgress = (key: string, patch: Partial<Chosen>) =>
    setFiles((current) => current.map((f) => (f.key === key ? { ...f, ...patch } : f)));

  const resetAll = () => {
    files.forEach((f) => f.preview && URL.revokeObjectURL(f.preview));
    setFiles([]);
    setFileError(null);
    reset(EMPTY);
  };

  const submit = async (values: Values) => {
    if (files.length === 0) {
      setFileError(ProfileCopy.noFiles);
      toast({ ...splitCopy(ProfileCopy.noFiles), variant: "destructive" });
      return;
    }
    setFileError(null);
    setUploading(true);
    const uploaded: { storageId: Id<"_storage">; name: string }[] = [];
    try {
      for (const chosen of files) {
        // A retry does not send again what already went up.
        let storageId = chosen.storageId;
        if (!storageId) {
          const url = await generateUploadUrl({ purpose: "portfolio", kind: isVideoType(chosen.file.type) ? "video" : "image" });
          storageId = (await uploadFile(url, chosen.file, {
            onProgress: (fraction) => setProgress(chosen.key, { progress: fraction }),
          })) as Id<"_storage">;
          setProgress(chosen.key, { storageId, progress: 1 });
        }
        uploaded.push({ storageId, name: chosen.file.name });
      }
      throwIfRefused(
        await add({
          files: uploaded,
          title: values.title,
          category: values.category,
          featured: values.featured,
          ...(values.description ? { description: values.description } : {}),
          ...(values.location ? { location: values.location } : {}),
          ...(values.dateCompleted ? { dateCompleted: values.dateCompleted } : {}),
          ...(values.tags.length > 0 ? { tags: values.tags.join(", ") } : {}),
        }),
      );
      toast({ ...splitCopy(ProfileCopy.portfolioAdded), variant: "success" });
      resetAll();
      onClose();
    } catch (error) {
      const { data } = showError(error, uploadFailedCopy);
      // The server refused the files (and deleted them): the next try uploads them again.
      if (data) setFiles((current) => current.map((f) => ({ ...f, storageId: undefined, progress: 0 })));
      if (!applyFieldErrors(data, setError, FIELDS) && data) setFileError(data.message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={busy}
      size="lg"
      title="Add Work"
      description="Show finished work: photos or videos with a title and category. Fields marked * are required."
    >
      <form noValidate aria-label="Add Work" className="space-y-5" onSubmit={(e) => void handleSubmit(submit)(e)}>
        <FileField
          ref={fileInput}
          id={fileInputId}
          label="Photos or videos"
          required
          hint="Images up to 10 MB, videos up to 100 MB. You can choose several."
          error={fileError ?? undefined}
          multiple
          accept={ACCEPT_IMAGES_AND_VIDEOS}
          disabled={busy}
          onChange={(event) => choose(event.target.files)}
          chosen={
            files.length > 0 && (
              <ul aria-label="Chosen files" className="mt-2 space-y-2">
                {files.map((f) => {
                  const percent = Math.round(f.progress * 100);
                  return (
                    <li
                      key={f.key}
                      className="flex items-center gap-3 rounded-md border border-slate-300 p-2 dark:border-slate-600"
                    >
                      {f.preview ? (
                        <img src={f.preview} alt="" className="size-12 shrink-0 rounded object-cover" />
                      ) : (
                        <span
                          aria-hidden="true"
                          className="flex size-12 shrink-0 items-center justify-center rounded bg-slate-200 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100"
                        >
                          Video
                        </span>
                      )}
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{f.file.name}</p>
                        <p className="text-xs text-slate-600 dark:text-slate-300">{sizeText(f.file.size)}</p>
                        {(uploading || f.progress > 0) && (
                          <div
                            role="progressbar"
                            aria-label={`Uploading ${f.file.name}`}
                            aria-valuemin={0}
                            aria-valuemax={100}
                            aria-valuenow={percent}
                            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
                          >
                            <div
                              className="h-full rounded-full bg-brand-700 transition-[width] dark:bg-brand-300"
                              style={{ width: `${percent}%` }}
                            />
                          </div>
                        )}
                      </div>
                      <Button variant="ghost" size="sm" disabled={busy} onClick={() => removeFile(f.key)}>
                        Remove<span className="sr-only"> {f.file.name}</span>
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )
          }
        />

        <TextField label="Title" required maxLength={120} error={errors.title?.message} {...register("title")} />
        <Select
          label="Category"
          required
          placeholder="Select a category"
          options={PORTFOLIO_CATEGORIES}
          error={errors.category?.message}
          {...register("category")}
        />
        <Textarea
          label="Description"
          rows={3}
          maxLength={2000}
          error={errors.description?.message}
          {...register("description")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Location"
            maxLength={120}
            placeholder="City, state"
            error={errors.location?.message}
            {...register("location")}
          />
          <TextField
            label="Date completed"
            type="date"
            error={errors.dateCompleted?.message}
            {...register("dateCompleted")}
          />
        </div>
        <TextField
          label="Tags"
          hint="Separate tags with commas, e.g. deck, cedar, outdoor"
          maxLength={300}
          error={errors.tags?.message}
          {...register("tags")}
        />
        <Checkbox label="Feature this work" description="Featured work shows first." {...register("featured")} />
        <FormActions
          submitLabel="Add to Portfolio"
          loadingText={uploading ? "Uploading..." : "Saving..."}
          busy={busy}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
