import { useMutation, useQuery } from "convex/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useParams } from "react-router-dom";
import {
  formatBidPrice,
  jobCategoryLabel,
  JobMessages,
  OPEN_STATUSES,
  postedAgeLabel,
  PROPERTY_TYPES,
  QUOTE_PROPERTY_TYPES,
  urgencyLabel,
  type JobStatus,
} from "@common/jobCatalog";
import { JobPhotoCopy } from "@common/jobPhotos";
import { useViewer } from "@/app/session";
import { Alert, ButtonLink, Card, Spinner, TextLink } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { JobCopy } from "./copy";
import {
  BID_STATUS_TEXT,
  capitalize,
  CONTACT_METHOD_TEXT,
  dateTimeText,
  dayText,
  distanceText,
  historyText,
  PHOTO_STATUS_TEXT,
  ratingText,
  type BidView,
  type JobPageData,
} from "./format";
import { ActionButton } from "@/components/ui/ActionButton";
import { StarIcon, StatusBadge, Tag, UrgencyBadge } from "./components/Badges";
import { BidForm } from "./components/BidForm";
import { BidsComparison } from "./components/BidsComparison";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { JobsErrorBoundary } from "./components/JobsErrorBoundary";
import { SaveButton } from "./components/SaveButton";
import { PaymentPanel } from "@/features/payments/PaymentPanel";
import { DeliveredPhotos, PhotographerUpload, ReleasePhotographer } from "@/features/photos/JobPhotos";
import { useJobAction } from "./hooks/useJobAction";
import { useToggleSave } from "./hooks/useSaveJob";
import { ShareWithBackupButton } from "./components/ShareWithBackupButton";
import { WriteReviewButton } from "@/features/reviews/WriteReviewButton";
import { TeamCopy } from "@common/teams";
import { useActing, withActing } from "@/features/teams/acting";

// /jobs/{id}: everything about one job, live. The owner compares bids and hires; a professional
// bids (or edits / withdraws their bid); the hired professional starts and finishes the work;
// a photographer takes and delivers a photo request. What each may do comes from api.jobs.get.

const propertyTypeLabels = new Map<string, string>(
  [...PROPERTY_TYPES, ...QUOTE_PROPERTY_TYPES].map((p) => [p.value, p.label]),
);

const sectionHeading = "text-xl font-bold text-slate-900 dark:text-white";

function Section({
  title,
  id,
  children,
  className,
}: {
  title: string;
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn("space-y-4", className)}>
      <h2 id={id} className={sectionHeading} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-0.5 text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function JobNotFound() {
  usePageTitle(JobMessages.jobNotFound);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{JobMessages.jobNotFound}</h1>
      <p className="mt-3 text-lg text-slate-700 dark:text-slate-200">
        This job does not exist or was removed, or the link is mistyped.
      </p>
      <ButtonLink to="/jobs" className="mt-8">
        Back to jobs
      </ButtonLink>
    </div>
  );
}

function AboutJob({ data }: { data: JobPageData }) {
  const { job } = data;
  const distance = distanceText(job.distanceMiles);
  return (
    <Section title="About this job" id="about-heading">
      <Card className="space-y-6">
        <p className="whitespace-pre-line text-slate-800 dark:text-slate-100">{job.description}</p>
        <dl className="grid grid-cols-2 gap-4">
          <Detail label="Category">
            {jobCategoryLabel(job.category)}
            {job.subcategory && ` · ${capitalize(job.subcategory.replace(/_/g, " "))}`}
          </Detail>
          <Detail label="Property type">{propertyTypeLabels.get(job.propertyType) ?? job.propertyType}</Detail>
          <Detail label="Budget">{job.budget ?? "TBD"}</Detail>
          <Detail label="Timeline">{job.timeline ?? "Not given"}</Detail>
          <Detail label="Urgency">{urgencyLabel(job.urgency)}</Detail>
          <Detail label="Location">
            {job.location}
            {job.city && job.state && !job.location.includes(job.city) ? ` (${job.city}, ${job.state})` : ""} ·{" "}
            {job.zipCode}
            {distance && <span className="text-slate-600 dark:text-slate-300"> · {distance}</span>}
          </Detail>
          <Detail label="Posted">
            {postedAgeLabel(job._creationTime)}{" "}
            <span className="text-slate-600 dark:text-slate-300">({dateTimeText(job._creationTime)})</span>
          </Detail>
          <Detail label="Posted as">{job.source === "quote_request" ? "Quote request" : "Project"}</Detail>
          <Detail label="Bids">{job.bidCount === 1 ? "1 open bid" : `${job.bidCount} open bids`}</Detail>
          <Detail label="Photographer">{PHOTO_STATUS_TEXT[job.photoStatus] ?? job.photoStatus}</Detail>
        </dl>
        <div>
          <h3 className="font-semibold text-slate-900 dark:text-white">Requirements</h3>
          {job.requirements.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800 dark:text-slate-100">
              {job.requirements.map((r, i) => (
                <li key={i}>{r}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-slate-600 dark:text-slate-300">No special requirements.</p>
          )}
        </div>
      </Card>
    </Section>
  );
}

function History({ data }: { data: JobPageData }) {
  return (
    <Section title="Status history" id="history-heading">
      {data.history.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">Nothing has happened yet.</p>
      ) : (
        <ol className="relative space-y-5 border-l-2 border-slate-300 pl-6 dark:border-slate-600">
          {data.history.map((entry) => (
            <li key={entry._id} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.95rem] size-3 rounded-full border-2 border-white bg-brand-700 dark:border-slate-950 dark:bg-brand-300"
              />
              <p className="font-medium text-slate-900 dark:text-slate-100">{historyText(entry)}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {entry.actorName} ·{" "}
                <time dateTime={new Date(entry._creationTime).toISOString()}>{dateTimeText(entry._creationTime)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** Owner and hired professional actions (from `actions`), with the completion notices. */
function JobActions({ data }: { data: JobPageData }) {
  const act = useMutation(api.jobs.act);
  const runAction = useJobAction();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const { job, actions, role } = data;
  const run = (action: (typeof actions)[number]) => {
    const copy = JobCopy.actions[action];
    return runAction(() => act({ jobId: job._id, action }), { title: copy.title, description: copy.done });
  };
  const waiting = job.status === "completion_requested";
  const notices: ReactNode[] = [];
  if (waiting && role === "owner") {
    notices.push(
      <Alert key="done" variant="warning" live="off" title="Work marked as done">
        {data.contractor?.name ?? "The professional"} marked the work as done
        {data.completionRequestedAt !== null ? ` on ${dateTimeText(data.completionRequestedAt)}` : ""}. Please review it
        and confirm completion, or send it back if something is not finished.
      </Alert>,
    );
  }
  if (waiting && role === "contractor") {
    notices.push(
      <Alert key="wait" variant="info" live="off">
        You marked the work as done. Waiting for the owner to confirm completion.
      </Alert>,
    );
  }
  if (job.status === "completed" && data.completedAt !== null) {
    notices.push(
      <Alert key="completed" variant="success" live="off">
        Completed on {dateTimeText(data.completedAt)}.
      </Alert>,
    );
  }
  if (actions.length === 0 && notices.length === 0) return null;
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-bold text-slate-900 dark:text-white">
        {role === "owner" ? "Manage this job" : "Your work"}
      </h2>
      {notices}
      {actions.length > 0 && (
        <div className="flex flex-col gap-3">
          {actions.includes("start") && (
            <ActionButton busyLabel={JobCopy.actions.start.busy} onRun={() => run("start")}>
              {JobCopy.actions.start.label}
            </ActionButton>
          )}
          {actions.includes("markDone") && (
            <ActionButton busyLabel={JobCopy.actions.markDone.busy} onRun={() => run("markDone")}>
              {JobCopy.actions.markDone.label}
            </ActionButton>
          )}
          {actions.includes("confirmCompletion") && (
            <ActionButton busyLabel={JobCopy.actions.confirmCompletion.busy} onRun={() => run("confirmCompletion")}>
              {JobCopy.actions.confirmCompletion.label}
            </ActionButton>
          )}
          {actions.includes("sendBack") && (
            <ActionButton variant="secondary" busyLabel={JobCopy.actions.sendBack.busy} onRun={() => run("sendBack")}>
              {JobCopy.actions.sendBack.label}
            </ActionButton>
          )}
          {actions.includes("cancel") && (
            <button
              type="button"
              onClick={() => setConfirmCancel(true)}
              className="inline-flex min-h-11 items-center justify-center rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950"
            >
              {JobCopy.actions.cancel.label}
            </button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title="Cancel this job?"
        confirmLabel="Cancel job"
        busyLabel={JobCopy.actions.cancel.busy}
        cancelLabel="Keep job"
        variant="danger"
        onConfirm={() => run("cancel")}
      >
        <p>
          {data.contractor
            ? `${data.contractor.name} will be told that the job is cancelled.`
            : "Open bids will be declined and the professionals told."}{" "}
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </Card>
  );
}

function PhotoRequest({ data }: { data: JobPageData }) {
  const take = useMutation(api.jobs.photos.take);
  const runAction = useJobAction();
  const { job } = data;
  // The photos as the server lets this viewer see them (null: not a party to the photo request).
  const photos = useQuery(api.jobs.photos.forJob, { jobId: job._id });
  if (job.photoStatus === "not_requested" && !data.canTakePhotos) return null;
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-bold text-slate-900 dark:text-white">Photo request</h2>
      <p className="text-slate-800 dark:text-slate-100">{PHOTO_STATUS_TEXT[job.photoStatus] ?? job.photoStatus}</p>
      {data.photographer && (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Photographer: <strong>{data.photographer.name}</strong>
        </p>
      )}
      {data.canTakePhotos && (
        <ActionButton
          busyLabel="Taking..."
          fullWidth
          onRun={() =>
            runAction(() => take({ jobId: job._id }), {
              title: JobPhotoCopy.takenTitle,
              description: JobPhotoCopy.taken,
            })
          }
        >
          Take this photo request
        </ActionButton>
      )}
      {photos?.role === "photographer" && <PhotographerUpload jobId={job._id} photos={photos} />}
      {photos && <DeliveredPhotos photos={photos} />}
      {photos && <ReleasePhotographer jobId={job._id} photos={photos} />}
    </Card>
  );
}

function People({ data }: { data: JobPageData }) {
  const { job, contact } = data;
  const hasContact = contact !== null && (contact.method !== null || contact.info !== null);
  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">Property owner</h2>
        <p className="mt-1 font-medium text-slate-900 dark:text-slate-100">{job.customer.name}</p>
        <p className="mt-0.5 flex items-center gap-1 text-sm text-slate-700 dark:text-slate-200">
          <StarIcon />
          <span>
            <span className="sr-only">Rated </span>
            {ratingText(job.customer.rating, job.customer.reviewCount)}
          </span>
        </p>
        {data.role !== "owner" && (
          <ButtonLink to={`/messages?user=${job.customer._id}`} variant="secondary" size="sm" className="mt-3">
            Message owner
          </ButtonLink>
        )}
      </div>
      {data.contractor && (
        <div className="border-t border-slate-200 pt-4 dark:border-slate-700">
          <h3 className="font-semibold text-slate-900 dark:text-white">Hired professional</h3>
          <p className="mt-1 text-slate-900 dark:text-slate-100">{data.contractor.name}</p>
          {data.role === "owner" && (
            <ButtonLink to={`/messages?user=${data.contractor._id}`} variant="secondary" size="sm" className="mt-3">
              Message {data.contractor.name}
            </ButtonLink>
          )}
        </div>
      )}
      {hasContact && (
        <div className="border-t border-slate-200 pt-4 dark:border-slate-700">
          <h3 className="font-semibold text-slate-900 dark:text-white">Contact details</h3>
          <dl className="mt-2 space-y-2">
            {contact.method && (
              <Detail label="Preferred contact">{CONTACT_METHOD_TEXT[contact.method] ?? contact.method}</Detail>
            )}
            {contact.info && <Detail label="Contact">{contact.info}</Detail>}
          </dl>
        </div>
      )}
    </Card>
  );
}

function MyBid({ bid, jobOpen, onEdit }: { bid: BidView; jobOpen: boolean; onEdit: () => void }) {
  const withdraw = useMutation(api.bids.withdraw);
  const { actingFor } = useActing();
  const runAction = useJobAction();
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const active = bid.status === "active" && jobOpen;
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-2xl font-bold text-slate-900 dark:text-white">
          {formatBidPrice(bid.priceMin, bid.priceMax ?? undefined)}
        </p>
        <Tag>{BID_STATUS_TEXT[bid.status] ?? bid.status}</Tag>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Detail label="Earliest start">{dayText(bid.earliestStart)}</Detail>
        <Detail label="Estimated duration">{bid.estimatedDuration}</Detail>
        <Detail label="Sent">{dateTimeText(bid._creationTime)}</Detail>
      </dl>
      {bid.placedBy && <p className="text-sm text-slate-700 dark:text-slate-200">{TeamCopy.placedBy(bid.placedBy)}</p>}
      <p className="whitespace-pre-line text-slate-800 dark:text-slate-100">{bid.message}</p>
      {active && (
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            onClick={onEdit}
            className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 dark:bg-brand-300 dark:text-brand-950 dark:hover:bg-brand-200"
          >
            Edit Bid
          </button>
          <button
            type="button"
            onClick={() => setConfirmWithdraw(true)}
            className="inline-flex min-h-11 items-center justify-center rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950"
          >
            Withdraw Bid
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirmWithdraw}
        onClose={() => setConfirmWithdraw(false)}
        title="Withdraw your bid?"
        confirmLabel="Withdraw"
        busyLabel="Withdrawing..."
        cancelLabel="Keep bid"
        variant="danger"
        onConfirm={() =>
          runAction(() => withdraw({ bidId: bid._id, actingFor }), {
            title: JobCopy.bidWithdrawnTitle,
            description: JobCopy.bidWithdrawn,
          })
        }
      >
        <p>The owner will no longer see it. You can bid again while the job is open.</p>
      </ConfirmDialog>
    </Card>
  );
}

/** A professional's side: their bid (edit / withdraw) and the bid form when they may bid. */
function ProfessionalBid({ data }: { data: JobPageData }) {
  const [editing, setEditing] = useState(false);
  const { business } = useActing();
  const { myBid, canBid, job } = data;
  const jobOpen = OPEN_STATUSES.includes(job.status as JobStatus);
  if (!myBid && !canBid) return null;
  const activeBid = myBid && myBid.status === "active" && jobOpen ? myBid : null;
  return (
    <Section title={myBid && !canBid ? "Your bid" : "Place a bid"} id="bid">
      {business && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
          {`Acting as ${business.name}: this is the business's bid, and you are recorded as who placed it. Once hired, the work and its payment are run from the owner's account.`}
        </p>
      )}
      {myBid && !editing && (
        <>
          {canBid && (
            <p className="text-sm text-slate-700 dark:text-slate-200">
              Your earlier bid ({BID_STATUS_TEXT[myBid.status]?.toLowerCase() ?? myBid.status}):
            </p>
          )}
          <MyBid bid={myBid} jobOpen={jobOpen} onEdit={() => setEditing(true)} />
        </>
      )}
      {activeBid && editing && (
        <Card>
          <BidForm
            jobId={job._id}
            bid={activeBid}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </Card>
      )}
      {canBid && (
        <Card>
          <BidForm jobId={job._id} />
        </Card>
      )}
    </Section>
  );
}

function JobView({ data }: { data: JobPageData }) {
  usePageTitle(data.job.title);
  const viewer = useViewer();
  const toggleSave = useToggleSave();
  const { job, role } = data;
  const location = useLocation();
  const loaded = useRef(false);

  // "Apply Now" links here with #bid: bring the bid form into view once the page is there.
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    if (location.hash === "#bid") {
      const target = document.getElementById("bid");
      if (target) {
        target.scrollIntoView({ block: "start" });
        target.focus({ preventScroll: true });
      }
    }
  }, [location.hash]);

  // A team member acting for a business bids for it, whatever their own account type.
  const acting = useActing();
  const isPro = (viewer.userType === "professional" || acting.actingFor !== undefined) && role !== "owner";
  return (
    <div className="mx-auto w-full max-w-7xl space-y-8 px-4 py-8 sm:py-10">
      <div className="space-y-4">
        <p>
          <TextLink to="/jobs">← Back to jobs</TextLink>
        </p>
        <header className="space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={job.status} />
            <UrgencyBadge urgency={job.urgency} />
            <Tag>{jobCategoryLabel(job.category)}</Tag>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
              {job.title}
            </h1>
            {role !== "owner" && (
              <SaveButton
                saved={data.saved}
                title={job.title}
                onToggle={() => toggleSave(job._id)}
                className="self-start"
              />
            )}
          </div>
          <p className="text-slate-700 dark:text-slate-200">
            Posted {postedAgeLabel(job._creationTime)} · {job.location} · Budget {job.budget ?? "TBD"}
          </p>
          {role === "owner" && (
            <p className="text-sm font-medium text-brand-800 dark:text-brand-200">This is your job.</p>
          )}
        </header>
      </div>

      {role === "owner" && (
        <Section title={`Bids (${data.bids.length})`} id="bids-heading">
          <BidsComparison bids={data.bids} canRespond={OPEN_STATUSES.includes(job.status as JobStatus)} />
        </Section>
      )}

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <AboutJob data={data} />
          {isPro && <ProfessionalBid data={data} />}
        </div>
        <aside aria-label="Job people and actions" className="space-y-6">
          {(role === "owner" || role === "contractor") && <PaymentPanel jobId={job._id} />}
          <JobActions data={data} />
          {role === "owner" && job.status === "completed" && (
            <Card className="space-y-3">
              <h2 className="text-lg font-bold text-slate-900 dark:text-white">Your review</h2>
              <WriteReviewButton jobId={job._id} />
            </Card>
          )}
          {isPro && role === "viewer" && OPEN_STATUSES.includes(job.status as JobStatus) && (
            <Card className="space-y-3">
              <h2 className="text-lg font-bold text-slate-900 dark:text-white">Too busy for this one?</h2>
              <p className="text-sm text-slate-700 dark:text-slate-200">
                Send it to the trusted pros in your backup network. You earn reputation points when they complete it.
              </p>
              <ShareWithBackupButton jobId={job._id} />
            </Card>
          )}
          <PhotoRequest data={data} />
          <People data={data} />
        </aside>
      </div>

      <History data={data} />
    </div>
  );
}

function JobLoader({ jobId }: { jobId: string }) {
  const data = useQuery(api.jobs.get, withActing(useActing(), { jobId }));
  if (data === undefined) {
    return (
      <div className="flex justify-center px-4 py-24 text-slate-700 dark:text-slate-200">
        <Spinner className="size-6" label="Loading job..." />
      </div>
    );
  }
  if (data === null) return <JobNotFound />;
  return <JobView data={data} />;
}

export function JobDetailPage() {
  const { id = "" } = useParams();
  // A team member's "Acting as" change (or a seat that ended) loads the page afresh.
  const view = `${id}:${useActing().actingFor ?? "me"}`;
  return (
    <JobsErrorBoundary resetKey={view} asPage>
      <JobLoader key={view} jobId={id} />
    </JobsErrorBoundary>
  );
}
