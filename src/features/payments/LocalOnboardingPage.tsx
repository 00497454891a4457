import { useAction, useQuery } from "convex/react";
import { useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { Alert, Button, ButtonLink, Card, ListSkeleton } from "@/components/ui";
import { api } from "@/lib/api";
import { toUserError } from "@/lib/errors";
import { usePageTitle } from "@/lib/usePageTitle";
import { goTo } from "./format";

// The local payments mode's payout onboarding (/pay/onboard/:sessionId): stands in for Stripe
// Connect Express's hosted pages. Finish sends a signed account.updated event (payouts_enabled)
// to the app's webhook, which marks the professional ready for payouts.

export function LocalOnboardingPage() {
  usePageTitle("Set up payouts");
  const { sessionId = "" } = useParams();
  const session = useQuery(api.payments.local.jobSession, { sessionId });
  const finish = useAction(api.payments.local.finishOnboarding);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (session === undefined) return <div className="mx-auto w-full max-w-lg px-4 py-8"><ListSkeleton count={1} label="Loading..." /></div>;
  if (session === null || session.kind !== "onboarding" || session.status !== "open" || session.expired) {
    return (
      <div className="mx-auto w-full max-w-lg space-y-4 px-4 py-8">
        <Alert variant="warning">This setup link has expired. Start again from your earnings page.</Alert>
        <ButtonLink to="/earnings" variant="secondary">
          Back to earnings
        </ButtonLink>
      </div>
    );
  }
  const done = async () => {
    setBusy(true);
    setError(null);
    try {
      const { redirect } = await finish({ sessionId });
      goTo(redirect, navigate);
    } catch (e) {
      setError(toUserError(e, { title: "Setup failed", description: "Please try again." }).inline);
      setBusy(false);
    }
  };
  return (
    <div className="mx-auto w-full max-w-lg space-y-6 px-4 py-8">
      <Alert variant="info" title="Test onboarding">
        Payouts run in local test mode: no bank details are needed and no money is paid out.
      </Alert>
      <Card className="space-y-4">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Set up payouts</h1>
        <p className="text-slate-700 dark:text-slate-200">
          Released payments go to this account{session.email ? ` for ${session.email}` : ""}. With real Stripe, this step
          asks for your identity and bank details on Stripe's own pages.
        </p>
        {error && (
          <Alert variant="error" live="assertive">
            {error}
          </Alert>
        )}
        <Button onClick={() => void done()} loading={busy} loadingText="Finishing...">
          Finish setup
        </Button>
      </Card>
    </div>
  );
}
