// Which payments gateway serves this deployment (gateway.ts paymentsMode): Stripe with keys, the
// local Stripe on a local deployment with its own webhook secret, else none. Its own file because gateway.ts is what both
// implementations import (the import graph has no circles).
import { ErrorCode } from "../../common/errors";
import { PaymentCopy } from "../../common/payments";
import { fail } from "../model/errors";
import { paymentsMode, type PaymentsGateway, type PaymentsMode } from "./gateway";
import { localGateway } from "./local";
import { stripeGateway } from "./stripeGateway";

/** Refuses, saying payments are not configured, when this deployment has none; else the mode in force. */
export function assertPaymentsConfigured(): Exclude<PaymentsMode, "off"> {
  const mode = paymentsMode();
  if (mode === "off") {
    console.error(
      "payments: off. Set STRIPE_SECRET_KEY, or (on a developer's machine only) RAFTER_LOCAL=1 with LOCAL_STRIPE_WEBHOOK_SECRET",
    );
    fail(ErrorCode.INVALID_INPUT, PaymentCopy.notConfigured);
  }
  return mode;
}

/** The gateway in force; refuses (assertPaymentsConfigured) when this deployment has none. */
export function paymentsGateway(): PaymentsGateway {
  return assertPaymentsConfigured() === "stripe" ? stripeGateway : localGateway;
}
