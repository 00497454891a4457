import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState, type FormEvent } from "react";
import { formatCents } from "@common/payments";
import { Alert, Button, EmptyState, ListSkeleton, TextField, Textarea, TextLink, useToast } from "@/components/ui";
import { toUserError } from "@/lib/errors";
import { ActionButton } from "@/components/ui/ActionButton";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { api } from "@/lib/api";
import { useErrorToast } from "@/lib/useErrorToast";

// The Disputes tab's "Money moves" (issue 15): transfers, refunds and reversals the payment
// provider kept refusing after the automatic retries, with the error, or that are stuck (their try
// stopped before its result was saved), and a Retry (the server first looks for what the move's
// key already made, so it can't pay twice; audited, convex/admin/moneyMoves.ts).

type FailedMove = FunctionReturnType<typeof api.admin.moneyMoves.listFailed>[number];

const KIND_LABEL: Record<FailedMove["kind"], string> = {
  transfer: "Payout",
  refund: "Refund",
  reversal: "Transfer reversal",
};

const when = (at: number) => new Date(at).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

function MoveRow({ move }: { move: FailedMove }) {
  const retry = useMutation(api.admin.moneyMoves.retry);
  const { toast } = useToast();
  const reportError = useErrorToast();
  const label = `${KIND_LABEL[move.kind]} of ${formatCents(move.amountCents)}`;
  const party = `${move.kind === "reversal" ? "from" : "to"} ${move.payeeName}`;
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h3 className="font-semibold text-slate-900 dark:text-white">
          {label} {party}
        </h3>
        <TextLink to={`/jobs/${move.jobId}`}>{move.milestone ? `${move.title} (${move.milestone})` : move.title}</TextLink>
      </div>
      {move.stuck ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Stuck since {when(move.lastAttemptAt ?? move.queuedAt)}: {move.error}. It is checked with the payment provider before anything is sent again.
        </p>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Failed {move.attempts} {move.attempts === 1 ? "time" : "times"}
          {move.lastAttemptAt !== null && `, last on ${when(move.lastAttemptAt)}`}: {move.error}
        </p>
      )}
      <ActionButton
        variant="secondary"
        busyLabel="Retrying..."
        aria-label={`Retry ${label.toLowerCase()} ${party}`}
        onRun={async () => {
          try {
            await retry({ moveId: move.moveId });
            toast({ variant: "success", title: "Retry started", description: `${label} is being sent again.` });
          } catch (error) {
            reportError(error, { title: "Not retried", description: "Please try again." });
          }
        }}
      >
        Retry
      </ActionButton>
    </li>
  );
}

function MoveList() {
  const moves = useQuery(api.admin.moneyMoves.listFailed, {});
  if (moves === undefined) return <ListSkeleton count={1} label="Loading money moves..." />;
  if (moves.length === 0) {
    return <EmptyState title="No failed money moves">Payouts and refunds the payment provider keeps refusing, or that are stuck, wait here for a retry.</EmptyState>;
  }
  return (
    <ul className="space-y-4" aria-label="Failed money moves">
      {moves.map((m) => (
        <MoveRow key={m.moveId} move={m} />
      ))}
    </ul>
  );
}

/** Refund money already released: the server reverses the transfer to the pro and refunds the card. */
function RefundReleasedForm() {
  const refund = useMutation(api.admin.moneyMoves.refundReleased);
  const { toast } = useToast();
  const [job, setJob] = useState("");
  const [milestone, setMilestone] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!job.trim() || !note.trim()) return setError("Name the job and write a note for both sides.");
    const number = milestone.trim() === "" ? undefined : Number(milestone);
    if (number !== undefined && (!Number.isInteger(number) || number < 1 || number > 5)) return setError("The milestone is a number from 1 to 5.");
    setBusy(true);
    try {
      await refund({ job, note, ...(number !== undefined ? { milestoneIndex: number - 1 } : {}) });
      toast({ variant: "success", title: "Refund started", description: "The transfer is being reversed and the owner's card refunded. Both sides have been told." });
      setJob("");
      setMilestone("");
      setNote("");
    } catch (e) {
      setError(toUserError(e, { title: "Not refunded", description: "Please try again." }).inline);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mt-6 space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700" onSubmit={(e) => void send(e)} aria-labelledby="refund-released-heading">
      <h3 id="refund-released-heading" className="font-semibold text-slate-900 dark:text-white">
        Refund a released payment
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Reverses the transfer to the professional and refunds the owner's card. Final, and kept in the audit log.
      </p>
      <TextField label="Job link or ID" value={job} onChange={(e) => setJob(e.target.value)} required />
      <TextField
        label="Milestone (optional)"
        hint="For a job split into milestones: which one, 1 to 5."
        inputMode="numeric"
        value={milestone}
        onChange={(e) => setMilestone(e.target.value)}
      />
      <Textarea label="Note for both sides" value={note} onChange={(e) => setNote(e.target.value)} rows={2} required />
      {error && (
        <Alert variant="error" live="assertive">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="secondary" loading={busy} loadingText="Refunding...">
        Reverse and refund
      </Button>
    </form>
  );
}

export function MoneyMovesSection() {
  return (
    <section aria-labelledby="money-moves-heading" className="mt-8">
      <h2 id="money-moves-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        Money moves
      </h2>
      <QueryErrorBoundary fallback={(retry) => <ErrorState message="The money moves could not be loaded." onRetry={retry} />}>
        <MoveList />
      </QueryErrorBoundary>
      <RefundReleasedForm />
    </section>
  );
}
