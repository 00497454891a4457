import { useAction, useMutation, useQuery } from "convex/react";
import { useParams } from "react-router-dom";
import { FREE_TRIAL_DAYS, SubscribeCopy, formatPlanPrice, planById } from "@common/plans";
import { LocalCheckoutForm } from "@/components/checkout/LocalCheckoutForm";
import { TestCheckoutNotice } from "@/components/checkout/TestCheckoutNotice";
import { useLocalCheckoutActions } from "@/components/checkout/useLocalCheckoutActions";
import { Alert, ButtonLink, Card, ListSkeleton } from "@/components/ui";
import { api } from "@/lib/api";
import { usePageTitle } from "@/lib/usePageTitle";

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
  const actions = useLocalCheckoutActions({
    pay: (card) => pay({ sessionId, card }),
    cancel: () => cancel({ sessionId }),
    failure,
  });

  if (session === undefined) return <div className="mx-auto w-full max-w-lg px-4 py-8"><ListSkeleton count={1} label="Loading checkout..." /></div>;
  if (session === null || session.kind !== "checkout" || session.planId === null) {
    return <Gone />;
  }
  if (session.status !== "open" || session.expired) return <Gone />;
  const plan = planById(session.planId);

  return (
    <div className="mx-auto w-full max-w-lg space-y-6 px-4 py-8">
      <TestCheckoutNotice />
      <Card>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Subscribe to {plan.name}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-200">
          {session.trialDays > 0
            ? `${FREE_TRIAL_DAYS} days free, then ${formatPlanPrice(plan)}. Cancel before the trial ends and you pay nothing.`
            : `${formatPlanPrice(plan)}, month to month.`}
        </p>
        {session.email && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Billed to {session.email}</p>}
        <LocalCheckoutForm actions={actions} submitLabel={session.trialDays > 0 ? "Start trial" : `Pay ${formatPlanPrice(plan)}`} />
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
