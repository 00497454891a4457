import { useAction, useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { COMPLETION_LIMITS, PaymentCopy } from "@common/payments";
import { Alert, Button, ButtonLink, Card, FileField, FormActions, PhotoThumbnails, Textarea, TextField, TextLink, useToast } from "@/components/ui";
import { ActionButton } from "@/components/ui/ActionButton";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Modal } from "@/components/ui/Modal";
import { api } from "@/lib/api";
import { toUserError } from "@/lib/errors";
import { throwIfRefused } from "@/lib/upload";
import { useErrorToast } from "@/lib/useErrorToast";
import { DeliveredJobPhotos, PhotoRequestNote } from "@/features/photos/JobPhotos";
import { formatCents, goTo, shortDate, timeLeft } from "./format";
import { MilestoneSplitForm } from "./MilestoneSplitForm";
import { usePhotoUpload } from "@/lib/usePhotoUpload";
import { ACCEPT_IMAGES } from "@common/uploads";

// The job page's payment panel (issue 15), for the owner and the hired professional: where the
// money is, in plain words, and what each side can do next. Copy says "payment protection".

type PaymentView = NonNullable<FunctionReturnType<typeof api.payments.jobs.forJob>>;
type Milestones = NonNullable<FunctionReturnType<typeof api.payments.jobs.forJobMilestones>>;
const failure = { title: "Something went wrong", description: "Please try again." };

/** The milestone a call acts on: named for a job split into milestones, omitted otherwise. */
const which = (p: PaymentView) => (p.milestone === null ? {} : { milestoneIndex: p.milestone.index });

/** Ticks once a minute, so the countdown moves while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

const delayedCents = (p: PaymentView, kind: "transfer" | "refund") =>
  p.delayed.filter((m) => m.kind === kind).reduce((sum, m) => sum + m.amountCents, 0);

function Headline({ p }: { p: PaymentView }): ReactNode {
  const amount = formatCents(p.heldCents);
  // A transfer or refund the gateway refused is not "Released": it's delayed until it goes through.
  const payout = delayedCents(p, "transfer");
  const refund = delayedCents(p, "refund");
  // Released, but nothing can be paid out until the pro has a payout account: neither "Released" nor "delayed".
  if (p.payoutWaitingCents > 0) return PaymentCopy.waitingForPayouts;
  if (payout > 0) return `Payout delayed: ${formatCents(payout)} to ${p.proName}`;
  if (refund > 0) return `Refund delayed: ${formatCents(refund)} to ${p.ownerName}`;
  switch (p.state) {
    case "awaiting_quote": {
      const range = p.quote ? `${formatCents(p.quote.minCents)}–${formatCents(p.quote.maxCents)}` : "";
      return p.role === "owner"
        ? `Waiting for ${p.proName} to confirm a final quote (${range})`
        : `Confirm your final quote (${range})`;
    }
    case "awaiting_funding":
      // Milestones are funded in order: a later one waits for the one before it.
      if (!p.fundable && p.milestone !== null) return `${formatCents(p.amountCents)} to fund after milestone ${p.milestone.index}`;
      if (p.milestone !== null && p.milestone.index > 0) {
        return p.role === "owner" ? `Fund ${formatCents(p.amountCents)} for this milestone` : `Waiting for ${p.ownerName} to fund ${formatCents(p.amountCents)}`;
      }
      return p.role === "owner"
        ? `Fund ${formatCents(p.amountCents)} to get the work started`
        : `Waiting for ${p.ownerName} to fund ${formatCents(p.amountCents)}`;
    case "processing":
      return `Bank payment of ${formatCents(p.amountCents)} processing`;
    case "funded":
    case "completion_submitted":
      return `${amount} held by Rafter`;
    case "disputed":
      return `${amount} held by Rafter while the dispute is reviewed`;
    case "released":
      return `${formatCents(p.releasedCents)} released to ${p.proName}${p.releasedAt ? ` on ${shortDate(p.releasedAt)}` : ""}`;
    case "partially_refunded":
      return `${formatCents(p.releasedCents)} released to ${p.proName}, ${formatCents(p.refundedCents)} refunded to ${p.ownerName}`;
    case "refunded":
      return `${formatCents(p.refundedCents)} refunded to ${p.ownerName}${p.refundedAt ? ` on ${shortDate(p.refundedAt)}` : ""}`;
    case "cancelled":
      return "Cancelled: nothing was paid";
    case "charged_back":
      return `${formatCents(p.releasedCents)} released to ${p.proName}: a chargeback is under the bank's review`;
  }
}

function Explainer({ p, now }: { p: PaymentView; now: number }) {
  const owner = p.role === "owner";
  const lines: string[] = [];
  if (p.payoutWaitingCents > 0) {
    const amount = formatCents(p.payoutWaitingCents);
    lines.push(
      owner
        ? `${amount} is released to ${p.proName}. It's paid out as soon as they connect a payout account; we've reminded them.`
        : `${amount} is released to you. Connect a payout account to receive it.`,
    );
  }
  if (p.delayed.some((m) => m.kind === "transfer" || m.kind === "refund")) {
    lines.push("The payment provider refused the transfer. We retry automatically and our team is following up; nothing is lost.");
  }
  if (p.state === "awaiting_quote") {
    lines.push(
      owner
        ? `You hired ${p.proName} on a price range. They confirm one final price in it; you fund that amount, nothing more.`
        : "You bid a price range. Confirm the one price you'll do the work for; the owner then funds exactly that.",
    );
  } else if (p.state === "awaiting_funding") {
    if (p.quote?.confirmedAt) lines.push(`${owner ? p.proName : "You"} confirmed a final quote of ${formatCents(p.amountCents)}.`);
    const later = p.milestone !== null && p.milestone.index > 0;
    lines.push(
      owner
        ? `Rafter holds the money and releases it to ${p.proName} only when you approve the finished work (or ${p.reviewWindowHours} hours after they submit it, if you don't respond).`
        : later
          ? "You're paid for this milestone when the owner funds it and approves your documented completion."
          : "Work starts once the owner has funded the job. You're paid when they approve your documented completion.",
    );
  } else if (p.state === "processing") {
    lines.push(
      owner
        ? "Bank payments take a few business days to clear. The job is funded once yours does; if it fails, you can fund it again."
        : `${p.ownerName} paid by bank transfer. Work starts once it clears, usually in a few business days.`,
    );
  } else if (p.state === "funded") {
    lines.push(
      owner
        ? `${p.proName} submits photos and a checklist when the work is done. You then approve, or ask for changes.`
        : "When the work is done, submit photos and a checklist below. The owner then has a review window to approve.",
    );
  } else if (p.state === "completion_submitted" && p.reviewWindowEndsAt !== null) {
    const left = p.reviewWindowEndsAt - now;
    lines.push(
      left > 0
        ? `Released automatically to ${p.proName} in ${timeLeft(left)} (${new Date(p.reviewWindowEndsAt).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })}) unless ${owner ? "you ask" : "the owner asks"} for changes or open${owner ? "" : "s"} a dispute.`
        : `The review window has closed: releasing to ${p.proName}.`,
    );
  } else if (p.state === "charged_back") {
    lines.push(
      `${owner ? "Your" : "The owner's"} bank disputed the card payment. If the bank decides for the card holder, the transfer to ${owner ? p.proName : "you"} is reversed; otherwise it stays released.`,
    );
  } else if (p.state === "disputed" && p.bankDecides) {
    lines.push(
      `The money is frozen: ${owner ? "your" : "the owner's"} bank opened a chargeback and decides it. If the bank decides for ${owner ? p.proName : "you"}, ${p.dispute?.openedBy === "chargeback" ? "the work goes on" : "an admin then settles the dispute"}.`,
    );
  } else if (p.state === "disputed") {
    lines.push("The money is frozen. An admin reviews both sides and decides: release, refund, or a split. The decision is final.");
  }
  if (lines.length === 0) return null;
  return (
    <>
      {lines.map((line) => (
        <p key={line} className="text-sm text-slate-700 dark:text-slate-200">
          {line}
        </p>
      ))}
    </>
  );
}

function FundButton({ p }: { p: PaymentView }) {
  const fund = useAction(api.payments.jobs.fund);
  const navigate = useNavigate();
  const reportError = useErrorToast();
  return (
    <>
      {/* Funding never waits for the pro's payout account: Rafter holds the money; only the payout needs it. */}
      {!p.proPayoutsReady && <p className="text-sm text-slate-700 dark:text-slate-200">{PaymentCopy.payoutsMissing(p.proName)}</p>}
      <ActionButton
        busyLabel="Opening checkout..."
        onRun={async () => {
          try {
            const { url } = await fund({ jobId: p.jobId, ...which(p) });
            goTo(url, navigate);
          } catch (error) {
            reportError(error, { title: "Payment not started", description: "We couldn't start the payment. Please try again." });
          }
        }}
      >
        Fund {formatCents(p.amountCents)}
      </ActionButton>
    </>
  );
}

/** The professional settles a range bid to one price in it (whole dollars or cents). */
function QuoteForm({ p }: { p: PaymentView }) {
  const confirm = useMutation(api.payments.jobs.confirmQuote);
  const { toast } = useToast();
  const [price, setPrice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (p.quote === null) return null;
  const { minCents, maxCents } = p.quote;
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const cents = Math.round(Number(price.replace(/[$,\s]/g, "")) * 100);
    if (price.trim() === "" || !Number.isFinite(cents) || cents < minCents || cents > maxCents) {
      return setError(`Your final quote must be between ${formatCents(minCents)} and ${formatCents(maxCents)}, the range you bid.`);
    }
    setBusy(true);
    try {
      await confirm({ jobId: p.jobId, priceCents: cents });
      toast({ variant: "success", title: "Final quote confirmed", description: `${p.ownerName} can now fund ${formatCents(cents)}.` });
    } catch (e) {
      setError(toUserError(e, failure).inline);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="space-y-4" onSubmit={(e) => void send(e)} aria-label="Confirm final quote">
      <TextField
        label="Your final price ($)"
        hint={`Between ${formatCents(minCents)} and ${formatCents(maxCents)}. It's the amount the owner funds and you're paid.`}
        inputMode="decimal"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={error ?? undefined}
        required
      />
      <Button type="submit" loading={busy} loadingText="Confirming...">
        Confirm final quote
      </Button>
    </form>
  );
}

function Completion({ p }: { p: PaymentView }) {
  if (p.completion === null) return null;
  return (
    <div className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
        Completion submitted {shortDate(p.completion.submittedAt)}
      </h3>
      <ul className="list-inside list-disc text-sm text-slate-800 dark:text-slate-100">
        {p.completion.checklist.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {p.completion.note && <p className="text-sm text-slate-700 dark:text-slate-200">{p.completion.note}</p>}
      <PhotoThumbnails photos={p.completion.photoUrls} label="Completion photo" />
      <DeliveredJobPhotos jobId={p.jobId} />
    </div>
  );
}

function CompletionForm({ p }: { p: PaymentView }) {
  const submit = useMutation(api.payments.jobs.submitCompletion);
  const upload = usePhotoUpload("completion");
  const { toast } = useToast();
  const [checklist, setChecklist] = useState(p.suggestedChecklist.join("\n"));
  const [note, setNote] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A job that asked for a photographer: their delivered photos are part of the documentation.
  const jobPhotos = useQuery(api.jobs.photos.forJob, { jobId: p.jobId });
  const waiting = jobPhotos?.completionBlock ?? null;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (waiting !== null) return setError(waiting);
    const items = checklist.split("\n").map((s) => s.trim()).filter(Boolean);
    if (items.length === 0) return setError("List at least one thing you did.");
    if (files.length === 0) return setError("Add at least one photo of the finished work.");
    setBusy(true);
    try {
      const photos = await upload(files);
      throwIfRefused((await submit({ jobId: p.jobId, ...which(p), checklist: items, note, photos })) ?? {});
      toast({ variant: "success", title: "Completion submitted", description: `${p.ownerName} has been asked to review the work.` });
      setFiles([]);
    } catch (e) {
      setError(toUserError(e, failure).inline);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="space-y-4" onSubmit={(e) => void send(e)} aria-label={p.milestone ? `Submit completion of milestone ${p.milestone.index + 1}` : "Submit completion"}>
      <h3 className="font-semibold text-slate-900 dark:text-white">Submit completion</h3>
      <PhotoRequestNote photos={jobPhotos ?? null} />
      <Textarea
        label="What you did (one item per line)"
        value={checklist}
        onChange={(e) => setChecklist(e.target.value)}
        rows={4}
        maxLength={COMPLETION_LIMITS.checklistItems * (COMPLETION_LIMITS.item + 1)}
        required
      />
      <Textarea label="Note for the owner (optional)" value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={COMPLETION_LIMITS.note} />
      <FileField
        label="Photos of the finished work"
        hint="At least one; images up to 10 MB each."
        accept={ACCEPT_IMAGES}
        multiple
        required
        onChange={(e) => setFiles(Array.from(e.target.files ?? []).slice(0, COMPLETION_LIMITS.photos))}
        chosen={files.length > 0 ? <p className="text-sm text-slate-700 dark:text-slate-200">{files.length} photo{files.length === 1 ? "" : "s"} chosen</p> : null}
      />
      {error && (
        <Alert variant="error" live="assertive">
          {error}
        </Alert>
      )}
      <Button type="submit" loading={busy} loadingText="Submitting..." disabled={waiting !== null}>
        Submit completion
      </Button>
    </form>
  );
}

function ReasonDialog({
  open,
  onClose,
  title,
  label,
  confirmLabel,
  withEvidence,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  label: string;
  confirmLabel: string;
  withEvidence: boolean;
  onSend: (values: { reason: string; evidence: string; files: File[] }) => Promise<void>;
}) {
  const [reason, setReason] = useState("");
  const [evidence, setEvidence] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError("Tell us why.");
    setBusy(true);
    setError(null);
    try {
      await onSend({ reason, evidence, files });
      setReason("");
      setEvidence("");
      setFiles([]);
      onClose();
    } catch (e) {
      setError(toUserError(e, failure).inline);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} onClose={onClose} title={title} busy={busy}>
      <form className="space-y-4" onSubmit={(e) => void send(e)}>
        <Textarea label={label} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={COMPLETION_LIMITS.reason} required />
        {withEvidence && (
          <>
            <Textarea label="Evidence (optional)" value={evidence} onChange={(e) => setEvidence(e.target.value)} rows={3} maxLength={COMPLETION_LIMITS.evidence} />
            <FileField label="Photos (optional)" accept={ACCEPT_IMAGES} multiple onChange={(e) => setFiles(Array.from(e.target.files ?? []).slice(0, COMPLETION_LIMITS.photos))} />
          </>
        )}
        {error && (
          <Alert variant="error" live="assertive">
            {error}
          </Alert>
        )}
        <FormActions submitLabel={confirmLabel} loadingText="Sending..." busy={busy} onCancel={onClose} cancelLabel="Not now" />
      </form>
    </Modal>
  );
}

function ReviewActions({ p }: { p: PaymentView }) {
  const approve = useMutation(api.payments.jobs.approve);
  const requestChanges = useMutation(api.payments.jobs.requestChanges);
  const openDispute = useMutation(api.payments.jobs.openDispute);
  const upload = usePhotoUpload("dispute");
  const { toast } = useToast();
  const reportError = useErrorToast();
  const [dialog, setDialog] = useState<"changes" | "dispute" | null>(null);
  const left = p.maxChangeRequests - p.changesRequested;
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {p.actions.includes("approve") && (
          <ActionButton
            busyLabel="Releasing..."
            onRun={async () => {
              try {
                await approve({ jobId: p.jobId, ...which(p) });
                toast({ variant: "success", title: "Payment released", description: `${formatCents(p.heldCents)} is on its way to ${p.proName}.` });
              } catch (error) {
                reportError(error, failure);
              }
            }}
          >
            Approve and release {formatCents(p.heldCents)}
          </ActionButton>
        )}
        {p.actions.includes("requestChanges") && (
          <Button variant="secondary" onClick={() => setDialog("changes")}>
            Ask for changes
          </Button>
        )}
        {p.actions.includes("openDispute") && (
          <Button variant="secondary" onClick={() => setDialog("dispute")}>
            Open a dispute
          </Button>
        )}
      </div>
      {p.actions.includes("requestChanges") && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          You can ask for changes {left === 1 ? "one more time" : `${left} more times`}; after that, a dispute is the way to settle it.
        </p>
      )}
      <ReasonDialog
        open={dialog === "changes"}
        onClose={() => setDialog(null)}
        title="Ask for changes"
        label="What still needs doing"
        confirmLabel="Send to the professional"
        withEvidence={false}
        onSend={async ({ reason }) => {
          await requestChanges({ jobId: p.jobId, ...which(p), reason });
          toast({ variant: "success", title: "Changes requested", description: `${p.proName} has been told what to fix.` });
        }}
      />
      <ReasonDialog
        open={dialog === "dispute"}
        onClose={() => setDialog(null)}
        title="Open a dispute"
        label="What went wrong"
        confirmLabel="Open dispute"
        withEvidence
        onSend={async ({ reason, evidence, files }) => {
          const photos = await upload(files);
          throwIfRefused((await openDispute({ jobId: p.jobId, ...which(p), reason, evidence, photos })) ?? {});
          toast({ variant: "success", title: "Dispute opened", description: "The payment is frozen until an admin decides." });
        }}
      />
    </div>
  );
}

/** The owner drops a later milestone nobody funded, after a confirmation saying what it means. */
function CancelMilestone({ p }: { p: PaymentView }) {
  const cancel = useMutation(api.payments.jobs.cancelMilestone);
  const { toast } = useToast();
  const reportError = useErrorToast();
  const [open, setOpen] = useState(false);
  const m = p.milestone!;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Cancel milestone {m.index + 1}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Cancel milestone ${m.index + 1}?`}
        confirmLabel="Cancel milestone"
        busyLabel="Cancelling..."
        onConfirm={async () => {
          try {
            await cancel({ jobId: p.jobId, milestoneIndex: m.index });
            toast({ variant: "success", title: "Milestone cancelled", description: `${p.proName} has been told. Nothing was paid for it.` });
          } catch (error) {
            reportError(error, failure);
          }
        }}
      >
        “{m.title}” ({formatCents(p.amountCents)}) won't be funded or done. {p.proName} is told; the job completes once the other milestones are settled.
      </ConfirmDialog>
    </>
  );
}

/** States in which a payout to the pro is still ahead: the pro is asked to connect a payout account. */
const PAYOUT_AHEAD: readonly PaymentView["state"][] = ["awaiting_quote", "awaiting_funding", "funded", "completion_submitted", "disputed"];

/** What one payment (or one milestone) says and offers below its headline. */
function Details({ p }: { p: PaymentView }) {
  const now = useNow();
  const owner = p.role === "owner";
  return (
    <>
      <Explainer p={p} now={now} />
      {p.changesReason && p.state === "funded" && (
        <Alert variant="warning" title="Changes requested">
          {p.changesReason}
        </Alert>
      )}
      {p.actions.includes("confirmQuote") && <QuoteForm p={p} />}
      {p.state === "awaiting_funding" && owner && p.fundable && <FundButton p={p} />}
      {p.cancellable && <CancelMilestone p={p} />}
      {!owner && !p.proPayoutsReady && (p.payoutWaitingCents > 0 || PAYOUT_AHEAD.includes(p.state)) && (
        <Alert variant={p.payoutWaitingCents > 0 ? "warning" : "info"} title="Connect a payout account">
          {PaymentCopy.connectPayouts} <TextLink to="/earnings">Set up payouts</TextLink>
        </Alert>
      )}
      <Completion p={p} />
      {p.actions.includes("submitCompletion") && <CompletionForm p={p} />}
      {(p.actions.includes("approve") || p.actions.includes("requestChanges") || p.actions.includes("openDispute")) && <ReviewActions p={p} />}
      {p.dispute && (
        <div className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
            Dispute opened {shortDate(p.dispute.openedAt)} by {p.dispute.openedBy === "owner" ? p.ownerName : p.dispute.openedBy === "pro" ? p.proName : "the card holder's bank"}
          </h3>
          <p className="text-sm text-slate-800 dark:text-slate-100">{p.dispute.reason}</p>
          {p.dispute.evidence && <p className="text-sm text-slate-700 dark:text-slate-200">{p.dispute.evidence}</p>}
          <PhotoThumbnails photos={p.dispute.photoUrls} label="Dispute photo" />
          {p.dispute.resolution && <p className="text-sm font-medium text-slate-900 dark:text-white">Decision: {p.dispute.resolution}</p>}
        </div>
      )}
      {!owner && (p.state === "released" || p.state === "partially_refunded") && (
        <ButtonLink to="/earnings" variant="secondary">
          See your earnings
        </ButtonLink>
      )}
    </>
  );
}

function Panel({ p }: { p: PaymentView }) {
  return (
    <>
      <p className="text-xl font-bold text-slate-900 dark:text-white" data-testid="payment-status">
        <Headline p={p} />
      </p>
      <Details p={p} />
    </>
  );
}

/** One milestone of a split job: its own headline, state and steps. */
function MilestoneSection({ p }: { p: PaymentView }) {
  const m = p.milestone!;
  const headingId = `milestone-${m.index}-heading`;
  return (
    <li>
      <section aria-labelledby={headingId} className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
        <div className="space-y-1">
          <h3 id={headingId} className="font-semibold text-slate-900 dark:text-white">
            Milestone {m.index + 1}: {m.title}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">{formatCents(p.amountCents)}</p>
          <p className="text-lg font-bold text-slate-900 dark:text-white" data-testid="milestone-status">
            <Headline p={p} />
          </p>
        </div>
        <Details p={p} />
      </section>
    </li>
  );
}

function PaymentCard({ data }: { data: Milestones }) {
  const [splitting, setSplitting] = useState(false);
  const first = data.payments[0]!;
  const split = first.milestone !== null;
  return (
    <Card className="space-y-4" aria-labelledby="payment-heading">
      <div className="space-y-1">
        <h2 id="payment-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Payment protection
        </h2>
        {split && (
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {formatCents(data.totalCents)} in {data.payments.length} milestone{data.payments.length === 1 ? "" : "s"}, each funded and released on its own.
          </p>
        )}
      </div>
      {split ? (
        <ol className="space-y-4">
          {data.payments.map((p) => (
            <MilestoneSection key={p.paymentId} p={p} />
          ))}
        </ol>
      ) : (
        <Panel p={first} />
      )}
      {data.canSplit &&
        (splitting ? (
          <MilestoneSplitForm
            jobId={first.jobId}
            totalCents={data.totalCents}
            current={split ? data.payments.map((p) => ({ title: p.milestone!.title, amountCents: p.amountCents })) : []}
            onDone={() => setSplitting(false)}
          />
        ) : (
          <div className="space-y-2">
            <Button variant="secondary" onClick={() => setSplitting(true)}>
              {split ? "Change milestones" : "Split into milestones"}
            </Button>
            {!split && (
              <p className="text-sm text-slate-600 dark:text-slate-300">Optional: up to 5 parts, each funded and released on its own.</p>
            )}
          </div>
        ))}
    </Card>
  );
}

/** The payment panel for a job's owner or hired professional; nothing for anyone else. */
export function PaymentPanel({ jobId }: { jobId: string }) {
  const data = useQuery(api.payments.jobs.forJobMilestones, { jobId });
  if (!data || data.payments.length === 0) return null;
  return <PaymentCard data={data} />;
}
