import { Link } from "react-router-dom";
import { FREE_TRIAL_CTA, MONEY_BACK_GUARANTEE_DAYS, PLANS, planById, type Plan } from "@common/plans";
import { buttonClasses } from "@/components/ui";
import { cn } from "@/lib/cn";
import { Icon } from "./icons";
import { trackSignupClick } from "./signupTracking";

/** The plan catalogue (common/plans.ts) as pricing cards, with the free-trial call to action. */
export function PlanGrid() {
  return (
    <div>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {PLANS.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} />
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <Link
          to={FREE_TRIAL_CTA.to}
          onClick={() => trackSignupClick("professional_cta")}
          className={buttonClasses("primary", "lg", "w-full sm:w-auto")}
        >
          {FREE_TRIAL_CTA.label}
        </Link>
        <p className="mx-auto mt-4 max-w-2xl text-sm text-slate-600 dark:text-slate-300">
          Month-to-month, no long-term contract. Change or cancel any time; a cancellation takes effect at the end of
          your billing period. Paid plans come with a {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee.
        </p>
      </div>
    </div>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        // cardClasses, with the border chosen here (class order cannot override a border colour).
        "relative flex h-full flex-col rounded-xl bg-white p-6 shadow-sm dark:bg-slate-900",
        plan.recommended
          ? "border-2 border-brand-700 dark:border-brand-300"
          : "border border-slate-200 dark:border-slate-700",
      )}
    >
      {plan.recommended && (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-0.5 text-xs font-semibold tracking-wide text-white uppercase dark:bg-brand-300 dark:text-brand-950">
          Recommended
        </p>
      )}
      <h3 id={headingId} className="text-xl font-semibold text-slate-900 dark:text-white">
        {plan.name}
      </h3>
      <p className="mt-3 flex items-baseline gap-1 text-slate-900 dark:text-white">
        {plan.priceMonthlyUsd === 0 ? (
          <span className="text-4xl font-extrabold tracking-tight">Free</span>
        ) : (
          <>
            <span className="text-4xl font-extrabold tracking-tight">${plan.priceMonthlyUsd}</span>
            <span className="text-slate-600 dark:text-slate-300">/month</span>
          </>
        )}
      </p>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{plan.summary}</p>
      {plan.includes && (
        <p className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">
          Everything in {planById(plan.includes).name}, plus:
        </p>
      )}
      <ul className={cn("flex-1 space-y-2 text-slate-700 dark:text-slate-200", plan.includes ? "mt-2" : "mt-4")}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Icon name="check" className="mt-0.5 size-5 text-green-700 dark:text-green-400" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Link
        to={plan.cta.to}
        onClick={() => trackSignupClick("professional_cta")}
        aria-describedby={headingId}
        className={buttonClasses(plan.recommended ? "primary" : "secondary", "md", "mt-6 w-full")}
      >
        {plan.cta.label}
      </Link>
    </article>
  );
}
