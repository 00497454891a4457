import { useQuery } from "convex/react";
import { useSearchParams } from "react-router-dom";
import { SubscribeCopy } from "@common/plans";
import { Alert } from "@/components/ui";
import { DismissButton } from "@/components/ui/DismissButton";
import { api } from "@/lib/api";
import { planName } from "./format";

/**
 * /dashboard?subscription=success (spec §4): checkout's return. The plan changes when the payment
 * webhook lands, which may be a moment after the browser is back: until then the member reads
 * that the payment is being confirmed, then (live) the plan they are on.
 */
export function SubscriptionReturn() {
  const [params, setParams] = useSearchParams();
  const mine = useQuery(api.payments.subscriptions.mine, {});
  if (params.get("subscription") !== "success") return null;
  const confirmed = mine?.live === true && mine.tier !== "basic";
  const dismiss = () =>
    setParams(
      (p) => {
        p.delete("subscription");
        return p;
      },
      { replace: true },
    );
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-6">
      <Alert variant={confirmed ? "success" : "info"} title={confirmed ? "Subscription active" : "Thank you!"}>
        <span className="flex items-start justify-between gap-3">
          <span>{confirmed ? SubscribeCopy.confirmed(planName(mine.tier)) : SubscribeCopy.confirming}</span>
          <DismissButton label="Dismiss" onClick={dismiss} />
        </span>
      </Alert>
    </div>
  );
}
