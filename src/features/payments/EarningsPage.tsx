import { useAction, useQuery } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { PaymentCopy, STATE_LABELS } from "@common/payments";
import { Alert, Card, EmptyState, ListSkeleton, TextLink } from "@/components/ui";
import { ActionButton } from "@/components/ui/ActionButton";
import { api } from "@/lib/api";
import { useErrorToast } from "@/lib/useErrorToast";
import { usePageTitle } from "@/lib/usePageTitle";
import { formatCents, goTo, shortDate } from "./format";

// A professional's earnings (issue 15): released, held and pending money from the payment
// records, each job's amount, and the payout account.

function Figure({ label, cents, detail }: { label: string; cents: number | undefined; detail: string }) {
  return (
    <Card className="space-y-1">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</p>
      <p className="text-2xl font-bold text-slate-900 dark:text-white" data-testid={`earnings-${label.toLowerCase()}`}>
        {cents === undefined ? "…" : formatCents(cents)}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-300">{detail}</p>
    </Card>
  );
}

function Payouts({ enabled, waiting }: { enabled: boolean; waiting: number }) {
  const connect = useAction(api.payments.jobs.connectPayouts);
  const navigate = useNavigate();
  const reportError = useErrorToast();
  if (enabled) return <Alert variant="success" title="Payouts connected">Released payments go to your payout account.</Alert>;
  return (
    <Alert variant="warning" title="Connect a payout account">
      <p>{PaymentCopy.connectPayouts}</p>
      {waiting > 0 && (
        <p className="mt-1 font-medium">
          {waiting === 1 ? "A released payment is" : `${waiting} released payments are`} waiting for it.
        </p>
      )}
      <ActionButton
        className="mt-3"
        busyLabel="Opening..."
        onRun={async () => {
          try {
            const { url } = await connect({});
            goTo(url, navigate);
          } catch (error) {
            reportError(error, { title: "Couldn't start setup", description: "Please try again." });
          }
        }}
      >
        Connect payouts
      </ActionButton>
    </Alert>
  );
}

/**
 * Back from onboarding (?payouts=connected): the account is re-read from the payment provider
 * once, so payouts (and any payment waiting for them) don't hang on the provider's event.
 */
function usePayoutsCheck(returned: boolean): "checking" | "pending" | null {
  const refresh = useAction(api.payments.jobs.refreshPayouts);
  const [state, setState] = useState<"checking" | "pending" | null>(returned ? "checking" : null);
  const asked = useRef(false);
  useEffect(() => {
    if (!returned || asked.current) return;
    asked.current = true;
    refresh({})
      .then((r) => setState(r.payoutsEnabled ? null : "pending"))
      // The Connect event still turns payouts on; the page follows the live query either way.
      .catch(() => setState("pending"));
  }, [returned, refresh]);
  return state;
}

export function EarningsPage() {
  usePageTitle("Earnings");
  const earnings = useQuery(api.payments.jobs.earnings, {});
  const [params] = useSearchParams();
  const check = usePayoutsCheck(params.get("payouts") === "connected");
  const waiting = earnings?.jobs.filter((row) => row.payoutWaiting).length ?? 0;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Earnings</h1>
      {check !== null && earnings && !earnings.payoutsEnabled && (
        <Alert variant="info" live="polite">
          {check === "checking"
            ? "Confirming your payout account…"
            : "Your payout account isn't ready yet. If the provider asked for more details, connect again to finish; we'll tell you when it's ready."}
        </Alert>
      )}
      {earnings && <Payouts enabled={earnings.payoutsEnabled} waiting={waiting} />}
      <section aria-label="Totals" className="grid gap-3 sm:grid-cols-3">
        <Figure label="Released" cents={earnings?.releasedCents} detail="Paid out to you" />
        <Figure label="Held" cents={earnings?.heldCents} detail="Funded, held by Rafter until approved" />
        <Figure label="Pending" cents={earnings?.pendingCents} detail="Hired, waiting for the owner to fund" />
      </section>
      <section aria-labelledby="earnings-jobs" className="space-y-3">
        <h2 id="earnings-jobs" className="text-xl font-semibold text-slate-900 dark:text-white">
          By job
        </h2>
        {earnings === undefined ? (
          <ListSkeleton count={3} label="Loading earnings..." />
        ) : earnings.jobs.length === 0 ? (
          <EmptyState title="No paid jobs yet">Jobs you're hired for with payment protection show here.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {earnings.jobs.map((row) => (
              <li key={`${row.jobId}:${row.milestone ?? ""}`} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <TextLink to={`/jobs/${row.jobId}`}>{row.title}</TextLink>
                  {row.milestone && <p className="text-sm font-medium text-slate-800 dark:text-slate-100">{row.milestone}</p>}
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {row.payoutWaiting ? "Waiting for your payout account" : row.payoutDelayed ? "Payout delayed" : STATE_LABELS[row.state]} · {shortDate(row.at)} · agreed {formatCents(row.amountCents)}
                  </p>
                </div>
                <p className="font-semibold text-slate-900 dark:text-white">{formatCents(row.cents)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
