import { useAction, useMutation, useQuery } from "convex/react";
import { useState, type FormEvent } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { FREE_TRIAL_DAYS, SubscribeCopy, formatPlanPrice, planById } from "@common/plans";
import { Alert, Button, ButtonLink, Card, ListSkeleton, TextField } from "@/components/ui";
import { api } from "@/lib/api";
import { toUserError } from "@/lib/errors";
import { usePageTitle } from "@/lib/usePageTitle";
import { goTo } from "./format";

// The local payments mode's checkout (/pay/checkout/:sessionId): what Stripe Checkout shows,
// for a deployment without Stripe keys. Pay sends the signed, Stripe-shaped events to the
// app's webhook (convex/payments/local.ts); nothing here changes the plan by itself.

const failure = { title: SubscribeCopy.failedTitle, description: SubscribeCopy.failed };

export function LocalCheckoutPage() {
  usePageTitle("Checkout");
  const { sessionId = "" } = useParams();
  const session = useQuery(api.payments.local.session, { sessionId });
  const pay = useAction(api.payments.local.pay);
  const cancel = useMutation(api.payments.local.cancelCheckout);
  const navigate = useNavigate();
  const [card, setCard] = useState({ number: "", expiry: "", cvc: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"pay" | "cancel" | null>(null);

  if (session === undefined) return <div className="mx-auto w-full max-w-lg px-4 py-8"><ListSkeleton count={1} label="Loading checkout..." /></div>;
  if (session === null || session.kind !== "checkout" || session.planId === null) {
    return <Gone />;
  }
  if (session.status !== "open" || session.expired) return <Gone />;
  const plan = planById(session.planId);

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
        Payments run in local test mode: no card is charged. Use 4242 4242 4242 4242 with any future date and any
        CVC; 4000 0000 0000 0002 is declined.
      </Alert>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Subscribe to {plan.name}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-200">
          {session.trialDays > 0
            ? `${FREE_TRIAL_DAYS} days free, then ${formatPlanPrice(plan)}. Cancel before the trial ends and you pay nothing.`
            : `${formatPlanPrice(plan)}, month to month.`}
        </p>
        {session.email && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Billed to {session.email}</p>}
        <form className="mt-6 space-y-4" onSubmit={(e) => void submit(e)} aria-describedby={error ? "checkout-error" : undefined}>
          <TextField
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={card.number}
            onChange={(e) => setCard({ ...card, number: e.target.value })}
            required
          />
          <div className="grid grid-cols-2 gap-4">
            <TextField
              label="Expiry (MM/YY)"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              value={card.expiry}
              onChange={(e) => setCard({ ...card, expiry: e.target.value })}
              required
            />
            <TextField
              label="CVC"
              inputMode="numeric"
              autoComplete="cc-csc"
              value={card.cvc}
              onChange={(e) => setCard({ ...card, cvc: e.target.value })}
              required
            />
          </div>
          {error && (
            <Alert variant="error" id="checkout-error">
              {error}
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={() => void leave()} disabled={busy !== null} loading={busy === "cancel"}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy !== null} loading={busy === "pay"} loadingText="Paying...">
              {session.trialDays > 0 ? "Start trial" : `Pay ${formatPlanPrice(plan)}`}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

function Gone() {
  return (
    <div className="mx-auto w-full max-w-lg space-y-4 px-4 py-8">
      <Alert variant="warning">{SubscribeCopy.checkoutGone}</Alert>
      <ButtonLink to="/subscribe" variant="secondary">
        Back to plans
      </ButtonLink>
    </div>
  );
}
