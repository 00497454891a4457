import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState, type FormEvent } from "react";
import { JOB_PHOTO_LIMITS, JobPhotoCopy } from "@common/jobPhotos";
import { Alert, Button, FileField, PhotoThumbnails } from "@/components/ui";
import { ActionButton } from "@/components/ui/ActionButton";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { api } from "@/lib/api";
import { toUserError } from "@/lib/errors";
import { throwIfRefused } from "@/lib/upload";
import { useActionToast } from "@/lib/useActionToast";
import { usePhotoUpload } from "@/lib/usePhotoUpload";
import type { Id } from "../../../convex/_generated/dataModel";
import { ACCEPT_IMAGES } from "@common/uploads";

// The photos a job's booked photographer uploads and delivers (issue 15), as each side sees them:
// the photographer uploads, removes and delivers; the owner and the hired professional see them once
// delivered (the server decides who sees what: api.jobs.photos.forJob).

export type JobPhotosView = NonNullable<FunctionReturnType<typeof api.jobs.photos.forJob>>;

// Uploads, removals and deliveries fail in the server's words; this is the fallback.
export const photoFailure = { title: JobPhotoCopy.failedTitle, description: JobPhotoCopy.failed };
const PHOTOGRAPHER_PHOTO = "Photographer's photo";

/** The booked photographer's delivered photos, for the owner and the hired professional. */
export function DeliveredPhotos({ photos }: { photos: JobPhotosView }) {
  if (photos.role !== "party" || photos.photoStatus !== "delivered" || photos.photos.length === 0) return null;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-900 dark:text-white">
        Photos delivered by {photos.photographerName ?? "the photographer"}
      </p>
      <PhotoThumbnails photos={photos.photos.map((p) => ({ id: p._id, url: p.url }))} label={PHOTOGRAPHER_PHOTO} />
    </div>
  );
}

/** The delivered photos of the job, when the viewer may see them (nothing otherwise). */
export function DeliveredJobPhotos({ jobId }: { jobId: string }) {
  const photos = useQuery(api.jobs.photos.forJob, { jobId });
  if (!photos) return null;
  return <DeliveredPhotos photos={photos} />;
}

/**
 * On the completion form of a job that asked for a photographer: whether the photographer's photos
 * are there (they go with the completion), still awaited (submission waits), or nobody took the request.
 */
export function PhotoRequestNote({ photos }: { photos: JobPhotosView | null }) {
  if (photos === null) return null;
  if (photos.completionBlock !== null) {
    return (
      <Alert variant="warning" title="Waiting for the photographer">
        {photos.completionBlock}
      </Alert>
    );
  }
  if (photos.photoStatus === "requested") return <Alert variant="info">{JobPhotoCopy.noPhotographer}</Alert>;
  if (photos.photoStatus === "delivered") {
    return (
      <div className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
        <p className="text-sm text-slate-700 dark:text-slate-200">
          The photographer's delivered photos go with your completion.
        </p>
        <DeliveredPhotos photos={photos} />
      </div>
    );
  }
  return null;
}

/** The booked photographer's side: upload photos, remove one, then deliver them. */
export function PhotographerUpload({ jobId, photos }: { jobId: Id<"jobs">; photos: JobPhotosView }) {
  const upload = useMutation(api.jobs.photos.upload);
  const remove = useMutation(api.jobs.photos.removePhoto);
  const deliver = useMutation(api.jobs.photos.deliver);
  const store = usePhotoUpload("job_photo");
  const runAction = useActionToast(photoFailure);
  const [files, setFiles] = useState<File[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const left = photos.limit - photos.photos.length;
  const maxNow = Math.min(left, JOB_PHOTO_LIMITS.perUpload);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (files.length === 0) return setError(JobPhotoCopy.choosePhotos);
    setBusy(true);
    try {
      const ids = await store(files);
      throwIfRefused((await upload({ jobId, photos: ids })) ?? {});
      setFiles([]);
      setInputKey((k) => k + 1);
    } catch (e) {
      setError(toUserError(e, photoFailure).inline);
    } finally {
      setBusy(false);
    }
  };

  const uploaded = photos.photos.map((p) => ({ id: p._id, url: p.url }));
  return (
    <div className="space-y-4">
      <PhotoThumbnails
        photos={uploaded}
        label="Uploaded photo"
        action={
          photos.canUpload
            ? (photo, name) => (
                <ActionButton
                  variant="secondary"
                  size="sm"
                  fullWidth
                  busyLabel="Removing..."
                  aria-label={`Remove ${name.toLowerCase()}`}
                  onRun={() =>
                    runAction(() => remove({ photoId: photo.id }), { title: JobPhotoCopy.removedTitle })
                  }
                >
                  Remove
                </ActionButton>
              )
            : undefined
        }
      />
      {photos.canUpload && left > 0 && (
        <form className="space-y-3" onSubmit={(e) => void send(e)} aria-label="Upload photos">
          <FileField
            key={inputKey}
            label="Photos of the property"
            hint={`Images up to 10 MB each; up to ${maxNow} at a time, ${photos.limit} in all (${photos.photos.length} uploaded).`}
            accept={ACCEPT_IMAGES}
            multiple
            onChange={(e) => setFiles(Array.from(e.target.files ?? []).slice(0, maxNow))}
            chosen={
              files.length > 0 ? (
                <p className="text-sm text-slate-700 dark:text-slate-200">
                  {files.length} photo{files.length === 1 ? "" : "s"} chosen
                </p>
              ) : null
            }
          />
          {error && (
            <Alert variant="error" live="assertive">
              {error}
            </Alert>
          )}
          <Button type="submit" variant="secondary" fullWidth loading={busy} loadingText="Uploading...">
            Upload photos
          </Button>
        </form>
      )}
      {photos.canDeliver &&
        (uploaded.length > 0 ? (
          <ActionButton
            fullWidth
            busyLabel="Delivering..."
            onRun={() =>
              runAction(() => deliver({ jobId }), {
                title: JobPhotoCopy.deliveredTitle,
                description: JobPhotoCopy.delivered,
              })
            }
          >
            Deliver {uploaded.length} photo{uploaded.length === 1 ? "" : "s"}
          </ActionButton>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-200">{JobPhotoCopy.deliverNeedsPhotos}</p>
        ))}
    </div>
  );
}

/**
 * Before delivery: the owner lets the booked photographer go, or the photographer withdraws (the
 * server decides who may: canRelease). Either way the request opens to photographers again.
 */
export function ReleasePhotographer({ jobId, photos }: { jobId: Id<"jobs">; photos: JobPhotosView }) {
  const release = useMutation(api.jobs.photos.release);
  const runAction = useActionToast(photoFailure);
  const [asking, setAsking] = useState(false);
  if (!photos.canRelease) return null;
  const photographer = photos.role === "photographer";
  const label = photographer ? "Withdraw from this request" : "Release the photographer";
  return (
    <>
      <Button variant="secondary" fullWidth onClick={() => setAsking(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={photographer ? "Withdraw from this photo request?" : "Release the photographer?"}
        confirmLabel={label}
        busyLabel={photographer ? "Withdrawing..." : "Releasing..."}
        cancelLabel="Keep the booking"
        variant="danger"
        onConfirm={() =>
          runAction(
            () => release({ jobId }),
            photographer
              ? { title: JobPhotoCopy.withdrawnTitle, description: JobPhotoCopy.withdrawn }
              : { title: JobPhotoCopy.releasedTitle, description: JobPhotoCopy.released },
          )
        }
      >
        <p>
          {photographer
            ? JobPhotoCopy.withdrawConfirm
            : JobPhotoCopy.releaseConfirm(photos.photographerName ?? "The photographer")}
        </p>
      </ConfirmDialog>
    </>
  );
}
