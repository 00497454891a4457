import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState, type FormEvent } from "react";
import { formatCents, PaymentCopy, STATE_LABELS } from "@common/payments";
import { Alert, Button, EmptyState, FormActions, ListSkeleton, PhotoThumbnails, Textarea, TextField, TextLink, useToast } from "@/components/ui";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Modal } from "@/components/ui/Modal";
import { api } from "@/lib/api";
import { toUserError } from "@/lib/errors";

// The admin console's Disputes tab (issue 15): payments frozen by a dispute, both sides'
// documentation, and the decision: release in full, refund in full, or a split. The decision is
// final; the server audits it and tells both sides (convex/admin/disputes.ts). A chargeback open on
// a payment (in any state) is the card holder's bank's to decide: listed, with no decision offered.
// Payment alerts: news the payment state machine couldn't apply, for an admin to follow up in Stripe.

type Dispute = FunctionReturnType<typeof api.admin.disputes.list>[number];
type PaymentAlert = FunctionReturnType<typeof api.admin.disputes.alerts>[number];
type Outcome = "release" | "refund" | "split";

const OUTCOME_LABEL: Record<Outcome, string> = {
  release: "Release to the professional",
  refund: "Refund the owner",
  split: "Split",
};

function Decide({ dispute, outcome, onClose }: { dispute: Dispute; outcome: Outcome | null; onClose: () => void }) {
  const resolve = useMutation(api.admin.disputes.resolve);
  const { toast } = useToast();
  const [share, setShare] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (outcome === null) return;
    setError(null);
    const proCents = Math.round(Number(share) * 100);
    if (outcome === "split" && (!share.trim() || !Number.isFinite(proCents)))
      return setError("Enter the professional's share in dollars.");
    setBusy(true);
    try {
      await resolve({ paymentId: dispute.paymentId, outcome, note, ...(outcome === "split" ? { proCents } : {}) });
      toast({
        variant: "success",
        title: "Dispute settled",
        description: "Both sides have been told. The decision is final.",
      });
      onClose();
    } catch (e) {
      setError(toUserError(e, { title: "Not settled", description: "Please try again." }).inline);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={outcome !== null}
      onClose={onClose}
      title={outcome ? `${OUTCOME_LABEL[outcome]}: ${dispute.title}${dispute.milestone ? ` (${dispute.milestone})` : ""}` : "Decide"}
      busy={busy}
    >
      <form className="space-y-4" onSubmit={(e) => void send(e)}>
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {formatCents(dispute.heldCents)} is held. This decision is final and is kept in the audit log.
        </p>
        {outcome === "split" && (
          <TextField
            label="The professional's share (dollars)"
            inputMode="decimal"
            value={share}
            onChange={(e) => setShare(e.target.value)}
            hint={`The rest goes back to ${dispute.ownerName}.`}
            required
          />
        )}
        <Textarea
          label="Note for both sides"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          rows={3}
          required
        />
        {error && (
          <Alert variant="error" live="assertive">
            {error}
          </Alert>
        )}
        <FormActions submitLabel="Settle dispute" loadingText="Settling..." busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function DisputeRow({ dispute }: { dispute: Dispute }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const by =
    dispute.openedBy === "owner" ? dispute.ownerName : dispute.openedBy === "pro" ? dispute.proName : "Card chargeback";
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h3 className="font-semibold text-slate-900 dark:text-white">
          <TextLink to={`/jobs/${dispute.jobId}`}>{dispute.title}</TextLink>
          {dispute.milestone && <span className="block text-sm font-medium text-slate-700 dark:text-slate-200">{dispute.milestone}</span>}
        </h3>
        <p className="font-semibold text-slate-900 dark:text-white">
          {dispute.state === "disputed" ? `${formatCents(dispute.heldCents)} held` : STATE_LABELS[dispute.state]}
        </p>
      </div>
      {dispute.chargebackOpenedAt !== null && (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-200">
          Bank chargeback opened {shortDate(dispute.chargebackOpenedAt)}
          {dispute.openedBy !== "chargeback" ? ` during ${dispute.openedBy === "owner" ? "the owner's" : "the professional's"} dispute` : ""}
        </p>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {dispute.ownerName} (owner) and {dispute.proName} (professional) · opened by {by} on{" "}
        {shortDate(dispute.openedAt)} ·{" "}
        {changesText(dispute.changesRequested)}
      </p>
      <p className="text-sm text-slate-900 dark:text-slate-100">
        <span className="font-medium">Reason:</span> {dispute.reason}
      </p>
      {dispute.evidence && <p className="text-sm text-slate-700 dark:text-slate-200">{dispute.evidence}</p>}
      <PhotoThumbnails photos={dispute.photoUrls} label="Evidence photo" layout="row" />
      {dispute.completionChecklist.length > 0 && (
        <div className="text-sm text-slate-700 dark:text-slate-200">
          <p className="font-medium">Completion submitted:</p>
          <ul className="list-inside list-disc">
            {dispute.completionChecklist.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      <PhotoThumbnails photos={dispute.completionPhotoUrls} label="Completion photo" layout="row" />
      {dispute.photographerPhotoUrls.length > 0 && (
        <div className="space-y-2 text-sm text-slate-700 dark:text-slate-200">
          <p className="font-medium">Delivered by the photographer:</p>
          <PhotoThumbnails photos={dispute.photographerPhotoUrls} label="Photographer's photo" layout="row" />
        </div>
      )}
      {dispute.bankDecides ? (
        <p className="text-sm font-medium text-slate-900 dark:text-slate-100">
          {dispute.openedBy === "chargeback" ? PaymentCopy.bankDecides : PaymentCopy.bankDecidesMemberDispute}
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-2 sm:flex-row">
            {(Object.keys(OUTCOME_LABEL) as Outcome[]).map((o) => (
              <Button key={o} variant={o === "split" ? "primary" : "secondary"} onClick={() => setOutcome(o)}>
                {OUTCOME_LABEL[o]}
              </Button>
            ))}
          </div>
          <Decide dispute={dispute} outcome={outcome} onClose={() => setOutcome(null)} />
        </>
      )}
    </li>
  );
}

function DisputeList() {
  const disputes = useQuery(api.admin.disputes.list, {});
  if (disputes === undefined) return <ListSkeleton count={2} label="Loading disputes..." />;
  if (disputes.length === 0)
    return <EmptyState title="No open disputes">Disputed payments wait here for a decision.</EmptyState>;
  return (
    <ul className="space-y-4" aria-label="Open disputes">
      {disputes.map((d) => (
        <DisputeRow key={d.paymentId} dispute={d} />
      ))}
    </ul>
  );
}

const shortDate = (ms: number) => new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric" });

function AlertList() {
  const alerts = useQuery(api.admin.disputes.alerts, {});
  if (alerts === undefined) return <ListSkeleton count={1} label="Loading payment alerts..." />;
  if (alerts.length === 0) return <p className="text-sm text-slate-700 dark:text-slate-200">No payment alerts.</p>;
  return (
    <ul className="space-y-3" aria-label="Payment alerts">
      {alerts.map((a: PaymentAlert) => (
        <li key={a.id} className="rounded-lg border border-amber-300 p-3 text-sm dark:border-amber-700">
          <p className="font-medium text-slate-900 dark:text-white">
            {a.jobId !== null ? <TextLink to={`/jobs/${a.jobId}`}>{a.title ?? "Job"}</TextLink> : "No job payment"} · {a.eventType} ·{" "}
            {shortDate(a.at)}
          </p>
          <p className="text-slate-700 dark:text-slate-200">{a.message}</p>
          {a.eventId && <p className="break-all text-xs text-slate-600 dark:text-slate-300">Event {a.eventId}</p>}
        </li>
      ))}
    </ul>
  );
}

/** How often the owner asked for changes before the dispute, in words. */
function changesText(count: number): string {
  if (count === 0) return "no changes asked first";
  return count === 1 ? "changes asked once" : `changes asked ${count} times`;
}

export function DisputesTab() {
  return (
    <section aria-labelledby="disputes-heading">
      <h2 id="disputes-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        Open disputes
      </h2>
      <QueryErrorBoundary
        fallback={(retry) => <ErrorState message="The disputes could not be loaded." onRetry={retry} />}
      >
        <DisputeList />
      </QueryErrorBoundary>
      <h2 id="payment-alerts-heading" className="mb-3 mt-8 text-lg font-semibold text-slate-900 dark:text-white">
        Payment alerts
      </h2>
      <QueryErrorBoundary
        fallback={(retry) => <ErrorState message="The payment alerts could not be loaded." onRetry={retry} />}
      >
        <AlertList />
      </QueryErrorBoundary>
    </section>
  );
}
