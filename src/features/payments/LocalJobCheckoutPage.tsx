import { useAction, useMutation, useQuery } from "convex/react";
import { useState, type FormEvent } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { SubscribeCopy } from "@common/plans";
import { LocalCheckoutForm } from "@/components/checkout/LocalCheckoutForm";
import { TestCheckoutNotice } from "@/components/checkout/TestCheckoutNotice";
import { useLocalCheckoutActions } from "@/components/checkout/useLocalCheckoutActions";
import { Alert, Button, ButtonLink, Card, ListSkeleton, TextField } from "@/components/ui";
import { api } from "@/lib/api";
import { toUserError } from "@/lib/errors";
import { goTo } from "@/lib/goTo";
import { usePageTitle } from "@/lib/usePageTitle";
import { formatCents } from "./format";

// The local payments mode's checkout for a job (/pay/job/:sessionId), in payment mode: what
// Stripe Checkout shows. Pay sends signed checkout.session.completed and payment_intent.succeeded
// events to the app's webhook (convex/payments/local.ts), which funds the job. A US bank account
// (Stripe's test numbers) completes the checkout unpaid: the job is funded when the debit settles
// a few minutes later (days at Stripe), or goes back to awaiting funding if it fails.

const failure = { title: "Payment failed", description: "We couldn't take the payment. Please try again." };

type Method = "card" | "bank";

function MethodChoice({ method, onChange }: { method: Method; onChange: (m: Method) => void }) {
  const options: { value: Method; label: string }[] = [
    { value: "card", label: "Card" },
    { value: "bank", label: "US bank account (test)" },
  ];
  return (
    <fieldset className="mt-6">
      <legend className="text-sm font-medium text-slate-900 dark:text-white">Payment method</legend>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-slate-800 dark:text-slate-100">
            <input type="radio" name="method" value={o.value} checked={method === o.value} onChange={() => onChange(o.value)} className="h-4 w-4" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The bank debit form: routing and account number; the payment then processes until it settles. */
function BankForm({ sessionId, submitLabel, onCancel, cancelBusy }: { sessionId: string; submitLabel: string; onCancel: () => void; cancelBusy: boolean }) {
  const pay = useAction(api.payments.local.payJob);
  const navigate = useNavigate();
  const [routingNumber, setRouting] = useState("110000000");
  const [accountNumber, setAccount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { redirect } = await pay({ sessionId, bank: { routingNumber, accountNumber } });
      goTo(redirect, navigate);
    } catch (e) {
      setError(toUserError(e, failure).inline);
      setBusy(false);
    }
  };
  return (
    <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)} aria-describedby={error ? "bank-error" : undefined}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Test account 000123456789 settles; 000222222227 fails (insufficient funds). Bank payments take a few days to clear at Stripe, a few minutes here:
        the job is funded once it does.
      </p>
      <TextField label="Routing number" inputMode="numeric" value={routingNumber} onChange={(e) => setRouting(e.target.value)} required />
      <TextField label="Account number" inputMode="numeric" value={accountNumber} onChange={(e) => setAccount(e.target.value)} required />
      {error && (
        <Alert variant="error" id="bank-error">
          {error}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy || cancelBusy} loading={cancelBusy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || cancelBusy} loading={busy} loadingText="Paying...">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

export function LocalJobCheckoutPage() {
  usePageTitle("Checkout");
  const { sessionId = "" } = useParams();
  const session = useQuery(api.payments.local.jobSession, { sessionId });
  const pay = useAction(api.payments.local.payJob);
  const cancel = useMutation(api.payments.local.cancelJobCheckout);
  const [method, setMethod] = useState<Method>("card");
  const actions = useLocalCheckoutActions({
    pay: (card) => pay({ sessionId, card }),
    cancel: () => cancel({ sessionId }),
    failure,
  });

  if (session === undefined) return <div className="mx-auto w-full max-w-lg px-4 py-8"><ListSkeleton count={1} label="Loading checkout..." /></div>;
  if (session === null || session.kind !== "payment" || session.amountCents === null || session.status !== "open" || session.expired) {
    return (
      <div className="mx-auto w-full max-w-lg space-y-4 px-4 py-8">
        <Alert variant="warning">{SubscribeCopy.checkoutGone}</Alert>
        <ButtonLink to="/jobs" variant="secondary">
          Back to your jobs
        </ButtonLink>
      </div>
    );
  }
  const amount = formatCents(session.amountCents);

  return (
    <div className="mx-auto w-full max-w-lg space-y-6 px-4 py-8">
      <TestCheckoutNotice />
      <Card>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Pay {amount}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-200">{session.description}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Rafter holds the payment and releases it to the professional when you approve the finished work.
        </p>
        {session.email && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Receipt to {session.email}</p>}
        <MethodChoice method={method} onChange={setMethod} />
        {method === "card" ? (
          <LocalCheckoutForm actions={actions} submitLabel={`Pay ${amount}`} />
        ) : (
          <BankForm sessionId={sessionId} submitLabel={`Pay ${amount}`} onCancel={actions.leave} cancelBusy={actions.busy === "cancel"} />
        )}
      </Card>
    </div>
  );
}
