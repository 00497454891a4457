// Payment protection for jobs (issue 15): the states a job's payment moves through, the limits,
// and the words members read. Copy says "payment protection" (Stripe is not an escrow service).
// Money is integer cents everywhere.

export const PAYMENT_STATES = [
  "awaiting_quote",
  "awaiting_funding",
  "processing",
  "funded",
  "completion_submitted",
  "released",
  "disputed",
  "refunded",
  "partially_refunded",
  "cancelled",
  "charged_back",
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** States in which the money is held by Rafter. */
export const HELD_STATES: readonly PaymentState[] = ["funded", "completion_submitted", "disputed"];
/** States no member's transition leaves (after release only a card chargeback or an admin's refund can, by a transfer reversal). */
export const FINAL_STATES: readonly PaymentState[] = ["released", "refunded", "partially_refunded", "cancelled"];

/** The owner may ask for changes this many times; after that a dispute is the only way. */
export const MAX_CHANGE_REQUESTS = 2;
export const DEFAULT_REVIEW_WINDOW_HOURS = 72;
/**
 * An owner disputes work they're reviewing (the review window), or work that has stalled: funded
 * (or sent back) with nothing submitted for this many days. Not at any moment after funding: a
 * dispute freezes the pro's money until an admin decides.
 */
export const DISPUTE_STALLED_DAYS = 14;
/** The reminder before auto-release. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60_000;
export const COMPLETION_LIMITS = { photos: 10, checklistItems: 20, item: 200, note: 1000, reason: 1000, evidence: 2000 };

/** "$1,200" or "$1,200.50": whole dollars drop the cents. */
export function formatCents(cents: number): string {
  const dollars = cents / 100;
  return dollars.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/** Milestones: the settled amount split into up to this many, each funded and released on its own. */
export const MILESTONE_LIMITS = { max: 5, title: 80 };
export type MilestoneInput = { title: string; amountCents: number };

export const MilestoneCopy = {
  count: `Split the job into 1 to ${MILESTONE_LIMITS.max} milestones.`,
  titleRequired: "Give each milestone a title.",
  titleTooLong: `Keep each milestone's title to ${MILESTONE_LIMITS.title} characters.`,
  amount: "Each milestone needs an amount above $0, in dollars and cents.",
  sum: (sum: string, total: string) => `The milestones add up to ${sum}; they must add up to ${total}, the agreed price.`,
  notSettled: "The price isn't settled yet: milestones can be set once the final quote is confirmed.",
  fundingStarted: "The milestones can't change once funding has started.",
  fundInOrder: (n: number) => `Fund milestone ${n} first: milestones are funded in order.`,
  choose: (count: number) => `This job is split into ${count} milestones: say which one.`,
  unknown: "This job has no such milestone.",
  cancelOnlyLater: "Only a later milestone that isn't funded yet can be cancelled, once the first is funded. To stop before that, cancel the job.",
} as const;

/** "Milestone 2: Framing" (index is 0-based). */
export const milestoneLabel = (index: number, title: string) => `Milestone ${index + 1}: ${title}`;

/**
 * The one check of a milestone split, for the form and the server: the first problem (null when
 * fine) and the field it belongs to (`title-<i>`, `amount-<i>`, or `milestones`).
 */
export function milestoneSplitProblem(milestones: readonly MilestoneInput[], totalCents: number): { message: string; field: string } | null {
  if (milestones.length < 1 || milestones.length > MILESTONE_LIMITS.max) return { message: MilestoneCopy.count, field: "milestones" };
  for (const [i, m] of milestones.entries()) {
    const title = m.title.trim();
    if (title.length === 0) return { message: MilestoneCopy.titleRequired, field: `title-${i}` };
    if (title.length > MILESTONE_LIMITS.title) return { message: MilestoneCopy.titleTooLong, field: `title-${i}` };
    if (!Number.isSafeInteger(m.amountCents) || m.amountCents <= 0) return { message: MilestoneCopy.amount, field: `amount-${i}` };
  }
  const sum = milestones.reduce((s, m) => s + m.amountCents, 0);
  if (sum !== totalCents) return { message: MilestoneCopy.sum(formatCents(sum), formatCents(totalCents)), field: "milestones" };
  return null;
}

export const PaymentCopy = {
  notFound: "This job has no payment yet.",
  onlyOwner: "Only the job's owner can do this.",
  onlyPro: "Only the professional hired for this job can do this.",
  onlyParty: "Only the job's owner or the professional hired for it can do this.",
  onlyAdmin: "Only an admin can settle a dispute.",
  adminIsParty: "You're the owner or the professional on this job: another admin must decide it.",
  systemOnly: "This happens on its own; no member can do it.",
  illegal: (state: PaymentState, verb: string) => `A payment that is ${STATE_LABELS[state].toLowerCase()} can't be ${verb}.`,
  priceOutOfRange: (min: string, max: string) => `Choose a price between ${min} and ${max}.`,
  quoteOutOfRange: (min: string, max: string) => `Your final quote must be between ${min} and ${max}, the range you bid.`,
  quoteSettled: (amount: string) => `The price is already settled at ${amount}.`,
  /** Funding never waits for the professional's payout account: only the release's transfer does. */
  payoutsMissing: (name: string) =>
    `${name} hasn't connected a payout account yet. You can fund now: Rafter holds the money, and it's paid out once they connect.`,
  connectPayouts: "Connect a payout account to get paid: released payments are paid out to it.",
  /** The payment panel, both sides, while a released payment's transfer waits for the pro's payout account. */
  waitingForPayouts: "Waiting for the professional to connect payouts",
  payoutWaitingTitle: "Connect payouts to get paid",
  payoutWaiting: (amount: string, title: string) =>
    `${amount} for "${title}" is released to you and waiting for your payout account. Connect one in Earnings to receive it.`,
  payoutReminder: (amount: string) => `${amount} released to you is still waiting for your payout account. Connect one in Earnings to receive it.`,
  payoutsConnected: "Your payout account is ready. Released payments are paid out to it.",
  payoutsConnectedWithWaiting: (count: number) =>
    `Your payout account is ready. ${count === 1 ? "The payment that was waiting for it is" : `The ${count} payments that were waiting for it are`} on the way.`,
  amountMismatch: "The amount paid doesn't match the job's price.",
  photoRequired: "Add at least one photo of the finished work.",
  checklistRequired: "List at least one thing you did.",
  reasonRequired: "Tell us why.",
  tooManyChanges: "You've asked for changes twice. If the work still isn't right, open a dispute.",
  windowClosed: "The review window has closed: the payment is being released.",
  proDisputeTooEarly: "You can open a dispute once the owner has asked for changes twice.",
  ownerDisputeTooEarly: `You can open a dispute while you review submitted work, or if no work has been submitted for ${DISPUTE_STALLED_DAYS} days.`,
  startNeedsFunding: "The owner hasn't funded this job yet. Work starts once the payment is held by Rafter.",
  usePaymentPanel: "This job has payment protection: use the payment panel on the job page.",
  splitInvalid: (max: string) => `The professional's share must be more than $0 and less than ${max}.`,
  bankDecides: "The card holder's bank decides a chargeback: it can't be settled here.",
  bankDecidesMemberDispute:
    "The owner's bank opened a chargeback on this payment: the bank decides now. If the bank decides for the professional, the dispute comes back here.",
  bankInvalid: "Please enter a valid routing number (9 digits) and account number.",
  bankPaymentProcessing: (amount: string) =>
    `Your bank payment of ${amount} is processing. Bank payments take a few business days to clear; the job is funded once it does.`,
  bankPaymentFailed: (amount: string) =>
    `Your bank payment of ${amount} didn't go through, so the job isn't funded. Fund it again with a card or another bank account.`,
  nothingReleased: "Nothing has been released on this payment to refund.",
  payoutInFlight:
    "The payout to the professional is being sent and may already have reached them. Refund once Money moves shows it sent or failed (a try that stopped is run again within minutes).",
  checkoutFailed: "We couldn't start the payment. Please try again.",
  /** Plans, checkout and funding on a deployment with neither a Stripe key nor local payments. */
  notConfigured: "Payments are not configured on this deployment.",
  /** Deleting an account while a job's money is held for work under way, or owed to the pro. */
  deleteWhileHeld: (title: string, side: "owner" | "pro") =>
    side === "owner"
      ? `You can't delete your account while the payment for "${title}" is held for work under way. Approve the work or open a dispute; once it's settled you can delete your account.`
      : `You can't delete your account while the payment for "${title}" is held for you. Finish the job and get paid (or let the dispute be settled) first.`,
} as const;

export const STATE_LABELS: Record<PaymentState, string> = {
  awaiting_quote: "Awaiting the final quote",
  awaiting_funding: "Awaiting funding",
  processing: "Processing",
  funded: "Held",
  completion_submitted: "Completion submitted",
  released: "Released",
  disputed: "Disputed",
  refunded: "Refunded",
  partially_refunded: "Partially refunded",
  cancelled: "Cancelled",
  charged_back: "Chargeback under review",
};
