import { useAction, useMutation, useQuery } from "convex/react";
import { useParams } from "react-router-dom";
import { SubscribeCopy } from "@common/plans";
import { LocalCheckoutForm } from "@/components/checkout/LocalCheckoutForm";
import { TestCheckoutNotice } from "@/components/checkout/TestCheckoutNotice";
import { useLocalCheckoutActions } from "@/components/checkout/useLocalCheckoutActions";
import { Alert, ButtonLink, Card, ListSkeleton } from "@/components/ui";
import { api } from "@/lib/api";
import { usePageTitle } from "@/lib/usePageTitle";
import { formatCents } from "./format";

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
        <LocalCheckoutForm actions={actions} submitLabel={`Pay ${amount}`} />
      </Card>
    </div>
  );
}
