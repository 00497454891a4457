import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import type { ReactNode } from "react";
import { PHOTOGRAPHER_PROFESSION } from "@common/jobCatalog";
import { JobPhotoCopy } from "@common/jobPhotos";
import { useViewer } from "@/app/session";
import { Card, EmptyState, ListSkeleton, Skeleton, TextLink } from "@/components/ui";
import { ActionButton } from "@/components/ui/ActionButton";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { api } from "@/lib/api";
import { usePageTitle } from "@/lib/usePageTitle";
import { distanceText } from "@/lib/distance";
import { useActionToast } from "@/lib/useActionToast";
import { photoFailure, PhotographerUpload, ReleasePhotographer } from "./JobPhotos";

// /photo-requests (issue 15): a photographer's open photo requests nearby (nearest first, with the
// distance) to take, the ones they're booked for, with the upload and deliver steps, and the ones
// they delivered. Every list is live.

type Booked = FunctionReturnType<typeof api.jobs.photos.mine>[number];
type Nearby = FunctionReturnType<typeof api.jobs.photos.nearby>[number];

const headingText = "text-xl font-bold text-slate-900 dark:text-white";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className={headingText}>
        {title}
      </h2>
      <QueryErrorBoundary fallback={(retry) => <ErrorState message="This list could not be loaded." onRetry={retry} />}>
        {children}
      </QueryErrorBoundary>
    </section>
  );
}

function Place({ job }: { job: Nearby }) {
  const distance = distanceText(job.distanceMiles);
  return (
    <p className="text-sm text-slate-700 dark:text-slate-200">
      {job.location} · {job.zipCode}
      {distance && <span> · {distance}</span>}
    </p>
  );
}

/** One booked request: its photos, uploaded and delivered from here. */
function BookedRequest({ booked }: { booked: Booked }) {
  const photos = useQuery(api.jobs.photos.forJob, { jobId: booked.job._id });
  const headingId = `booked-${booked.job._id}`;
  return (
    <li>
      <Card className="space-y-3" aria-labelledby={headingId}>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          <TextLink to={`/jobs/${booked.job._id}`}>{booked.job.title}</TextLink>
        </h3>
        <Place job={booked.job} />
        {photos === undefined ? (
          <div role="status" aria-live="polite">
            <span className="sr-only">Loading photos...</span>
            <Skeleton className="h-24 rounded-md" />
          </div>
        ) : photos === null ? null : (
          <>
            <PhotographerUpload jobId={booked.job._id} photos={photos} />
            <ReleasePhotographer jobId={booked.job._id} photos={photos} />
          </>
        )}
      </Card>
    </li>
  );
}

function BookedList() {
  const mine = useQuery(api.jobs.photos.mine, {});
  if (mine === undefined) return <ListSkeleton count={2} label="Loading your booked requests..." />;
  const scheduled = mine.filter((b) => b.job.photoStatus === "scheduled");
  if (scheduled.length === 0) {
    return <EmptyState>No booked requests right now. Take an open request below and it shows here.</EmptyState>;
  }
  return (
    <ul className="space-y-4" aria-label="Booked photo requests">
      {scheduled.map((b) => (
        <BookedRequest key={b.job._id} booked={b} />
      ))}
    </ul>
  );
}

function OpenRequest({ job }: { job: Nearby }) {
  const take = useMutation(api.jobs.photos.take);
  const runAction = useActionToast(photoFailure);
  const headingId = `open-${job._id}`;
  return (
    <li>
      <Card className="space-y-3" aria-labelledby={headingId}>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          <TextLink to={`/jobs/${job._id}`}>{job.title}</TextLink>
        </h3>
        <Place job={job} />
        <p className="line-clamp-3 text-slate-800 dark:text-slate-100">{job.description}</p>
        <ActionButton
          fullWidth
          busyLabel="Taking..."
          aria-label={`Take the photo request: ${job.title}`}
          onRun={() =>
            runAction(() => take({ jobId: job._id }), { title: JobPhotoCopy.takenTitle, description: JobPhotoCopy.taken })
          }
        >
          Take this request
        </ActionButton>
      </Card>
    </li>
  );
}

function OpenList() {
  const nearby = useQuery(api.jobs.photos.nearby, {});
  if (nearby === undefined) return <ListSkeleton count={3} shape="job" label="Loading open photo requests..." />;
  if (nearby.length === 0) {
    return (
      <EmptyState title="No open photo requests nearby">
        <p>Requests within your service radius show here as soon as an owner posts one.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-4" aria-label="Open photo requests">
      {nearby.map((job) => (
        <OpenRequest key={job._id} job={job} />
      ))}
    </ul>
  );
}

function DeliveredList() {
  const mine = useQuery(api.jobs.photos.mine, {});
  if (mine === undefined) return <ListSkeleton count={2} shape="bar" label="Loading delivered requests..." />;
  const delivered = mine.filter((b) => b.job.photoStatus === "delivered");
  if (delivered.length === 0) return <EmptyState>Requests you deliver are listed here.</EmptyState>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Delivered photo requests">
      {delivered.map((b) => (
        <li key={b.job._id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between">
          <TextLink to={`/jobs/${b.job._id}`}>{b.job.title}</TextLink>
          <span className="text-sm text-slate-700 dark:text-slate-200">
            {b.photoCount} photo{b.photoCount === 1 ? "" : "s"} delivered
          </span>
        </li>
      ))}
    </ul>
  );
}

export function PhotoRequestsPage() {
  usePageTitle("Photo requests");
  const viewer = useViewer();
  const photographer = (viewer.professions ?? []).includes(PHOTOGRAPHER_PROFESSION);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-8 sm:py-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Photo requests</h1>
        <p className="text-slate-700 dark:text-slate-200">
          Owners who want their property photographed ask for a photographer with their job. Take a request, photograph
          the property, then upload and deliver the photos here.
        </p>
      </header>
      {photographer ? (
        <>
          <Section id="booked-heading" title="Your booked requests">
            <BookedList />
          </Section>
          <Section id="open-heading" title="Open requests near you">
            <OpenList />
          </Section>
          <Section id="delivered-heading" title="Delivered">
            <DeliveredList />
          </Section>
        </>
      ) : (
        <EmptyState title="Photo requests are for photographers">
          <p>
            Add Photographer to your professions to see photo requests near you.{" "}
            <TextLink to="/edit-profile">Edit your profile</TextLink>
          </p>
        </EmptyState>
      )}
    </div>
  );
}
