import { Alert, Button } from "@/components/ui";
import { CardFields } from "./CardFields";
import type { LocalCheckoutActions } from "./useLocalCheckoutActions";

/** The local checkout's card form: the card, the failure if any, Cancel and the page's pay button. */
export function LocalCheckoutForm({ actions, submitLabel }: { actions: LocalCheckoutActions; submitLabel: string }) {
  const { card, setCard, error, busy, submit, leave } = actions;
  return (
    <form className="mt-6 space-y-4" onSubmit={submit} aria-describedby={error ? "checkout-error" : undefined}>
      <CardFields card={card} onChange={setCard} />
      {error && (
        <Alert variant="error" id="checkout-error">
          {error}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={leave} disabled={busy !== null} loading={busy === "cancel"}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy !== null} loading={busy === "pay"} loadingText="Paying...">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
