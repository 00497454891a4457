// Background checks (issue 16): one provider interface, as payments have one gateway
// (convex/payments/gateway.ts). The local mode, and the only one today, is manual review: the
// consented check waits in the admin console's Verification queue and an admin approves or
// rejects it there. A real provider (Checkr, Sterling, ...) is added as another implementation:
// its `start` schedules an action that calls the provider's API, and the provider's webhook feeds
// an internal mutation that runs the same approve/reject transitions (model/credentials.ts), so
// the model does not change.
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

export type BackgroundCheckMode = "manual";

export interface BackgroundCheckProvider {
  readonly mode: BackgroundCheckMode;
  /** Starts the check of a consented, submitted background-check credential (in its transaction). */
  start(ctx: MutationCtx, credential: Doc<"credentials">): Promise<void>;
}

/** Manual review: nothing leaves the app; the credential is in the admin queue as submitted. */
const manualReview: BackgroundCheckProvider = {
  mode: "manual",
  async start() {},
};

/**
 * The provider in use: BACKGROUND_CHECK_PROVIDER unset or "manual" is manual review. An unknown
 * name is a configuration error, refused rather than silently reviewed by hand.
 */
export function backgroundCheckProvider(): BackgroundCheckProvider {
  const name = process.env.BACKGROUND_CHECK_PROVIDER ?? "manual";
  if (name === "manual") return manualReview;
  throw new Error(`BACKGROUND_CHECK_PROVIDER "${name}" is not implemented (only "manual" is)`);
}
