import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { toUserError, type ErrorCopy } from "@/lib/errors";
import { goTo } from "@/lib/goTo";

// The local payments mode's checkout pages (a plan's, a job's) pay or cancel the same way: the
// action answers where to go next (the app's return page), and a failure stays on the form.

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardInput = { number: "", expiry: "", cvc: "" };

type Redirect = Promise<{ redirect: string }>;

export interface LocalCheckoutActions {
  card: CardInput;
  setCard: (card: CardInput) => void;
  error: string | null;
  /** Which button is working; both are disabled while either is. */
  busy: "pay" | "cancel" | null;
  submit: (event: FormEvent) => void;
  leave: () => void;
}

export function useLocalCheckoutActions({
  pay,
  cancel,
  failure,
}: {
  pay: (card: CardInput) => Redirect;
  cancel: () => Redirect;
  failure: ErrorCopy;
}): LocalCheckoutActions {
  const navigate = useNavigate();
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"pay" | "cancel" | null>(null);

  const run = async (which: "pay" | "cancel", action: () => Redirect) => {
    setBusy(which);
    try {
      const { redirect } = await action();
      goTo(redirect, navigate);
    } catch (e) {
      setError(toUserError(e, failure).inline);
      setBusy(null);
    }
  };

  return {
    card,
    setCard,
    error,
    busy,
    submit: (event) => {
      event.preventDefault();
      setError(null);
      void run("pay", () => pay(card));
    },
    leave: () => void run("cancel", cancel),
  };
}
