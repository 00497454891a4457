// Which payments gateway serves this deployment (gateway.ts paymentsMode): Stripe with keys, the
// local Stripe on a local deployment without them. Its own file because gateway.ts is what both
// implementations import (the import graph has no circles).
import { ErrorCode } from "../../common/errors";
import { fail } from "../model/errors";
import { paymentsMode, type PaymentsGateway } from "./gateway";
import { localGateway } from "./local";
import { stripeGateway } from "./stripeGateway";

/** The gateway in force; refuses with `unavailable` (the caller's copy) when this deployment has no payments. */
export function paymentsGateway(unavailable: string): PaymentsGateway {
  const mode = paymentsMode();
  if (mode === "off") {
    console.error("payments: STRIPE_SECRET_KEY is not set on this deployment");
    fail(ErrorCode.INVALID_INPUT, unavailable);
  }
  return mode === "stripe" ? stripeGateway : localGateway;
}
