import { useAction, useQuery } from "convex/react";
import { useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { PLANS, SubscribeCopy, formatPlanPrice, type PlanId } from "@common/plans";
import { CardFields } from "@/components/checkout/CardFields";
import { TestCheckoutNotice } from "@/components/checkout/TestCheckoutNotice";
import { EMPTY_CARD, type CardInput } from "@/components/checkout/useLocalCheckoutActions";
import { Alert, Button, ButtonLink, Card as CardBox, ListSkeleton } from "@/components/ui";
import { api } from "@/lib/api";
import { toUserError } from "@/lib/errors";
import { usePageTitle } from "@/lib/usePageTitle";
import { goTo, longDate, planName } from "./format";

// The local payments mode's customer portal (/pay/portal/:sessionId): change plan, cancel at the
// period's end or resume, as Stripe's portal offers. Each change goes out as a signed
// customer.subscription.updated event to the app's webhook, which moves the member's plan.

type Change = { kind: "cancel" } | { kind: "resume" } | { kind: "switch"; planId: PlanId };

export function LocalPortalPage() {
  usePageTitle("Manage subscription");
  const { sessionId = "" } = useParams();
  const session = useQuery(api.payments.local.session, { sessionId });
  const changePlan = useAction(api.payments.local.changePlan);
  const updateCard = useAction(api.payments.local.updateCard);
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  if (session === undefined) {
    return (
      <div className="mx-auto w-full max-w-lg px-4 py-8">
        <ListSkeleton count={1} label="Loading your subscription..." />
      </div>
    );
  }
  if (session === null || session.kind !== "portal" || session.status !== "open" || session.expired) {
    return (
      <div className="mx-auto w-full max-w-lg space-y-4 px-4 py-8">
        <Alert variant="warning">This page has expired. Open Manage subscription again from Plans.</Alert>
        <ButtonLink to="/subscribe" variant="secondary">
          Back to plans
        </ButtonLink>
      </div>
    );
  }
  const sub = session.subscription;

  const run = async (key: string, change: Change | { kind: "card"; card: CardInput }, done: string) => {
    setBusy(key);
    setMessage(null);
    try {
      if (change.kind === "card") await updateCard({ sessionId, card: change.card });
      else await changePlan({ sessionId, change });
      setMessage({ kind: "success", text: done });
    } catch (e) {
      setMessage({ kind: "error", text: toUserError(e, { title: SubscribeCopy.failedTitle, description: SubscribeCopy.failed }).inline });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto w-full max-w-lg space-y-6 px-4 py-8">
      <TestCheckoutNotice title="Test customer portal">Payments run in local test mode: no card is charged.</TestCheckoutNotice>
      <CardBox>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Manage subscription</h1>
        {sub === null ? (
          <p className="mt-2 text-slate-700 dark:text-slate-200">You have no paid plan at the moment.</p>
        ) : (
          <>
            <p className="mt-2 text-slate-700 dark:text-slate-200">
              {planName(sub.planId)}, {formatPlanPrice({ priceMonthlyUsd: PLANS.find((p) => p.id === sub.planId)!.priceMonthlyUsd })}
              {sub.status === "trialing" ? " after the free trial" : ""}.
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {sub.cancelAtPeriodEnd
                ? `Canceled: it ends on ${longDate(sub.currentPeriodEnd)}.`
                : `${sub.status === "trialing" ? "Trial ends" : "Renews"} on ${longDate(sub.currentPeriodEnd)}.`}
            </p>
            {message && (
              <Alert variant={message.kind} className="mt-4">
                {message.text}
              </Alert>
            )}
            {(sub.status === "past_due" || sub.status === "incomplete") && (
              <Alert variant="warning" className="mt-4">
                {sub.status === "past_due"
                  ? "Your last payment didn't go through. Update your card to pay it and keep your plan."
                  : "Your first payment didn't go through. Update your card to start your plan."}
              </Alert>
            )}
            <CardForm
              busy={busy === "card"}
              disabled={busy !== null}
              onSubmit={(card) => void run("card", { kind: "card", card }, "Card updated. Thank you!")}
            />
            <div className="mt-6 space-y-3">
              {sub.cancelAtPeriodEnd ? (
                <Button
                  className="w-full"
                  loading={busy === "resume"}
                  disabled={busy !== null}
                  onClick={() => void run("resume", { kind: "resume" }, "Your plan will renew as usual.")}
                >
                  Keep my plan
                </Button>
              ) : (
                <Button
                  className="w-full"
                  variant="danger"
                  loading={busy === "cancel"}
                  disabled={busy !== null}
                  onClick={() =>
                    void run("cancel", { kind: "cancel" }, `Canceled. ${planName(sub.planId)} stays until ${longDate(sub.currentPeriodEnd)}.`)
                  }
                >
                  Cancel plan
                </Button>
              )}
              {PLANS.filter((p) => p.priceMonthlyUsd > 0 && p.id !== sub.planId).map((p) => (
                <Button
                  key={p.id}
                  className="w-full"
                  variant="secondary"
                  loading={busy === p.id}
                  disabled={busy !== null}
                  onClick={() => void run(p.id, { kind: "switch", planId: p.id }, `You're switching to ${p.name}.`)}
                >
                  Switch to {p.name} ({formatPlanPrice(p)})
                </Button>
              ))}
            </div>
          </>
        )}
        <Button className="mt-6" variant="ghost" onClick={() => goTo(session.returnUrl ?? "/subscribe", navigate)}>
          Return to Rafter
        </Button>
      </CardBox>
    </div>
  );
}

function CardForm({ busy, disabled, onSubmit }: { busy: boolean; disabled: boolean; onSubmit: (card: CardInput) => void }) {
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  return (
    <form
      className="mt-6 space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      aria-label="Update card"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(card);
      }}
    >
      <h2 className="font-semibold text-slate-900 dark:text-white">Update card</h2>
      <CardFields card={card} onChange={setCard} compact />
      <Button type="submit" variant="secondary" loading={busy} disabled={disabled}>
        Save card
      </Button>
    </form>
  );
}
