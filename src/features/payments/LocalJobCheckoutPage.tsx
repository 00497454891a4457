import { useAction, useMutation, useQuery } from "convex/react";
import { useState, type FormEvent } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { SubscribeCopy } from "@common/plans";
import { Alert, Button, ButtonLink, Card, ListSkeleton, TextField } from "@/components/ui";
import { api } from "@/lib/api";
import { toUserError } from "@/lib/errors";
import { usePageTitle } from "@/lib/usePageTitle";
import { formatCents, goTo } from "./format";

// The local payments mode's checkout for a job (/pay/job/:sessionId), in payment mode: what
// Stripe Checkout shows. Pay sends signed checkout.session.completed and payment_intent.succeeded
// events to the app's webhook (convex/payments/local.ts), which funds the job.

const failure = { title: "Payment failed", description: "We couldn't take the payment. Please try again." };

export function LocalJobCheckoutPage() {
  usePageTitle("Checkout");
  const { sessionId = "" } = useParams();
  const session = useQuery(api.payments.local.jobSession, { sessionId });
  const pay = useAction(api.payments.local.payJob);
  const cancel = useMutation(api.payments.local.cancelJobCheckout);
  const navigate = useNavigate();
  const [card, setCard] = useState({ number: "", expiry: "", cvc: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"pay" | "cancel" | null>(null);

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy("pay");
    setError(null);
    try {
      const { redirect } = await pay({ sessionId, card });
      goTo(redirect, navigate);
    } catch (e) {
      setError(toUserError(e, failure).inline);
      setBusy(null);
    }
  };
  const leave = async () => {
    setBusy("cancel");
    try {
      const { redirect } = await cancel({ sessionId });
      goTo(redirect, navigate);
    } catch (e) {
      setError(toUserError(e, failure).inline);
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto w-full max-w-lg space-y-6 px-4 py-8">
      <Alert variant="info" title="Test checkout">
        Payments run in local test mode: no card is charged. Use 4242 4242 4242 4242 with any future date and any CVC;
        4000 0000 0000 0002 is declined.
      </Alert>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Pay {amount}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-200">{session.description}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Rafter holds the payment and releases it to the professional when you approve the finished work.
        </p>
        {session.email && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Receipt to {session.email}</p>}
        <form className="mt-6 space-y-4" onSubmit={(e) => void submit(e)}>
          <TextField label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" value={card.number} onChange={(e) => setCard({ ...card, number: e.target.value })} required />
          <div className="grid grid-cols-2 gap-4">
            <TextField label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="MM/YY" value={card.expiry} onChange={(e) => setCard({ ...card, expiry: e.target.value })} required />
            <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" value={card.cvc} onChange={(e) => setCard({ ...card, cvc: e.target.value })} required />
          </div>
          {error && (
            <Alert variant="error" live="assertive">
              {error}
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={() => void leave()} disabled={busy !== null} loading={busy === "cancel"}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy !== null} loading={busy === "pay"} loadingText="Paying...">
              Pay {amount}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
