import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState, type FormEvent } from "react";
import { formatCents, PaymentCopy } from "@common/payments";
import { Alert, Button, EmptyState, FormActions, ListSkeleton, PhotoThumbnails, Textarea, TextField, TextLink, useToast } from "@/components/ui";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Modal } from "@/components/ui/Modal";
import { api } from "@/lib/api";
import { toUserError } from "@/lib/errors";

// The admin console's Disputes tab (issue 15): payments frozen by a dispute, both sides'
// documentation, and the decision: release in full, refund in full, or a split. The decision is
// final; the server audits it and tells both sides (convex/admin/disputes.ts).

type Dispute = FunctionReturnType<typeof api.admin.disputes.list>[number];
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
        <p className="font-semibold text-slate-900 dark:text-white">{formatCents(dispute.heldCents)} held</p>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {dispute.ownerName} (owner) and {dispute.proName} (professional) · opened by {by} on{" "}
        {new Date(dispute.openedAt).toLocaleDateString("en-US", { month: "short", day: "numeric" })} ·{" "}
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
      {dispute.openedBy === "chargeback" ? (
        <p className="text-sm font-medium text-slate-900 dark:text-slate-100">{PaymentCopy.bankDecides}</p>
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
    </section>
  );
}
