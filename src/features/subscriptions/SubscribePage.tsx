import { useAction, useQuery } from "convex/react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import {
  FREE_TRIAL_DAYS,
  MONEY_BACK_GUARANTEE_DAYS,
  PLANS,
  SubscribeCopy,
  formatPlanPrice,
  planById,
  type Plan,
  type PlanId,
} from "@common/plans";
import { useSession } from "@/app/session";
import { Alert, Button, Card, Skeleton, useToast } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { useErrorToast } from "@/lib/useErrorToast";
import { goTo, longDate, planName } from "./format";

// /subscribe (spec §2 Subscribe, §4 subscription purchase, §6 tiers): plan cards from the one
// catalogue (common/plans.ts) with the current plan's button disabled; a paid plan goes to
// checkout (Stripe, or the local payments mode's page), changes and cancellation to the portal.

const failure = { title: SubscribeCopy.failedTitle, description: SubscribeCopy.failed };

export function SubscribePage() {
  usePageTitle("Plans");
  const session = useSession();
  const mine = useQuery(api.payments.subscriptions.mine, session.status === "signedIn" ? {} : "skip");
  const checkout = useAction(api.payments.subscriptions.checkout);
  const portal = useAction(api.payments.subscriptions.portal);
  const { toast } = useToast();
  const reportError = useErrorToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState<PlanId | "portal" | null>(null);

  const choose = async (plan: Plan) => {
    if (session.status !== "signedIn") {
      toast({ title: SubscribeCopy.authRequiredTitle, description: SubscribeCopy.authRequired, variant: "destructive" });
      navigate(`/login?next=${encodeURIComponent("/subscribe")}`);
      return;
    }
    setBusy(plan.id);
    try {
      const { url } = await checkout({ planId: plan.id });
      goTo(url, navigate);
    } catch (error) {
      reportError(error, failure);
      setBusy(null);
    }
  };

  const manage = async () => {
    setBusy("portal");
    try {
      const { url } = await portal({ returnUrl: "/subscribe" });
      goTo(url, navigate);
    } catch (error) {
      reportError(error, failure);
      setBusy(null);
    }
  };

  const loading = session.status === "loading" || (session.status === "signedIn" && mine === undefined);
  const current: PlanId | null = mine ? mine.tier : null;

  return (
    <div className="mx-auto w-full max-w-7xl space-y-8 px-4 py-8 sm:py-10">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Choose your plan</h1>
        <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">
          Month to month. Your first paid plan starts with a free {FREE_TRIAL_DAYS}-day trial; change or cancel any
          time, and a cancellation takes effect at the end of the period you paid for.
        </p>
      </header>

      {params.get("canceled") === "true" && <Alert variant="info">{SubscribeCopy.canceledCheckout}</Alert>}

      {mine && <CurrentPlan mine={mine} busy={busy === "portal"} onManage={manage} />}

      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-busy={loading}>
        {PLANS.map((plan) => (
          <li key={plan.id}>
            <PlanCard
              plan={plan}
              loading={loading}
              current={current === plan.id}
              live={mine?.live ?? false}
              trial={mine ? mine.trialAvailable : true}
              busy={busy === plan.id}
              disabled={busy !== null}
              onChoose={() => void choose(plan)}
              onManage={() => void manage()}
            />
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Paid plans come with a {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee. The Verified badge is never for sale:
        it comes only from checked licenses, insurance and background checks.
      </p>
    </div>
  );
}

type Mine = NonNullable<ReturnType<typeof useQuery<typeof api.payments.subscriptions.mine>>>;

function CurrentPlan({ mine, busy, onManage }: { mine: Mine; busy: boolean; onManage: () => void }) {
  const name = planName(mine.tier);
  return (
    <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
          You're on {name}
          {mine.status === "trialing" && " (free trial)"}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="plan-status">
          {statusLine(mine)}
        </p>
        {mine.status === "past_due" && (
          <Alert variant="warning" className="mt-3">
            Your last payment didn't go through. Update your card in Manage subscription to keep {name}.
          </Alert>
        )}
        {mine.status === "incomplete" && (
          <Alert variant="warning" className="mt-3">
            Your first payment needs attention. Open Manage subscription to finish it.
          </Alert>
        )}
      </div>
      {mine.canManage && (
        <Button variant="secondary" onClick={onManage} loading={busy} className="shrink-0">
          Manage subscription
        </Button>
      )}
    </Card>
  );
}

function statusLine(mine: Mine): string {
  if (mine.endsAt !== null && mine.live) return `Your plan ends on ${longDate(mine.endsAt)}, then you'll be on Basic.`;
  if (mine.status === "trialing" && mine.trialEndsAt !== null) {
    return `Your free trial runs until ${longDate(mine.trialEndsAt)}, then ${formatPlanPrice(planById(mine.tier))}.`;
  }
  if (mine.live && mine.periodEnd !== null) return `Renews on ${longDate(mine.periodEnd)}.`;
  if (mine.status === "canceled" && mine.endsAt !== null) return `Your paid plan ended on ${longDate(mine.endsAt)}.`;
  return "The free plan: one service listing, messages from property owners and a basic profile.";
}

function PlanCard(props: {
  plan: Plan;
  loading: boolean;
  current: boolean;
  live: boolean;
  trial: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
  onManage: () => void;
}) {
  const { plan, current, live } = props;
  const headingId = `subscribe-plan-${plan.id}`;
  const paid = plan.priceMonthlyUsd > 0;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "flex h-full flex-col rounded-xl bg-white p-6 shadow-sm dark:bg-slate-900",
        current ? "border-2 border-brand-700 dark:border-brand-300" : "border border-slate-200 dark:border-slate-700",
      )}
    >
      <h2 id={headingId} className="text-xl font-semibold text-slate-900 dark:text-white">
        {plan.name}
      </h2>
      <p className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 dark:text-white">
        {formatPlanPrice(plan)}
      </p>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{plan.summary}</p>
      <ul className="mt-4 flex-1 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200">
        {plan.includes && <li>Everything in {planById(plan.includes).name}</li>}
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="mt-6">
        {props.loading ? (
          <Skeleton className="h-11 w-full" />
        ) : current ? (
          <>
            <Button className="w-full" disabled>
              Current plan
            </Button>
            {!paid && <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{SubscribeCopy.alreadyBasic}</p>}
          </>
        ) : live ? (
          <Button className="w-full" variant="secondary" onClick={props.onManage} disabled={props.disabled}>
            {paid ? `Switch to ${plan.name}` : "Cancel to move to Basic"}
          </Button>
        ) : paid ? (
          <Button className="w-full" onClick={props.onChoose} loading={props.busy} disabled={props.disabled}>
            {props.trial ? `Start free trial of ${plan.name}` : `Choose ${plan.name}`}
          </Button>
        ) : (
          <Button className="w-full" variant="secondary" onClick={props.onChoose} disabled={props.disabled}>
            Choose Basic
          </Button>
        )}
      </div>
    </article>
  );
}
