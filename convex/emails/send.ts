// Every email leaves through the @convex-dev/resend component: the caller's mutation enqueues it
// (in its own transaction, so a refused request sends nothing), and the component batches the
// queue, keeps within Resend's rate, retries what failed and records each email's fate from
// Resend's webhook. EMAIL_TRANSPORT picks where its API calls land:
// - "resend": Resend itself (RESEND_API_KEY, EMAIL_FROM, RESEND_WEBHOOK_SECRET).
// - "outbox": on a local deployment, the stand-in for Resend's API (emails/standIn.ts), which the
//   local runtime and the unit tests route api.resend.com to; it keeps what would be sent for the
//   /dev/outbox page. The component's code path is the same one production runs.
import { Resend, type EmailId } from "@convex-dev/resend";
import { v } from "convex/values";
import { components } from "../_generated/api";
import { httpAction, type MutationCtx } from "../_generated/server";
import { internalMutation } from "../functions";
import { localResendWebhookSecret } from "./standIn";
import { STAND_IN_API_KEY } from "./standInRoute";
import type { EmailContent } from "./templates";

export interface Email extends EmailContent {
  to: string;
  /** What the email is (password_reset, notification_job…): the outbox and e2e tests pick by it. */
  kind: string;
}

/** The header naming an email's kind: the stand-in files it in the outbox, Resend shows it in its logs. */
export const KIND_HEADER = "X-Rafter-Kind";

/** The sender the outbox shows when EMAIL_FROM is unset (local only). */
const LOCAL_FROM = "Rafter <no-reply@rafter.localhost>";

interface Transport {
  apiKey: string;
  from: string;
  webhookSecret: string;
}

/** Where email goes, or why it can't go anywhere. */
function transport(): Transport | string {
  const mode = process.env.EMAIL_TRANSPORT;
  if (mode === "outbox") {
    return { apiKey: STAND_IN_API_KEY, from: process.env.EMAIL_FROM || LOCAL_FROM, webhookSecret: localResendWebhookSecret() };
  }
  if (mode === "resend") {
    const apiKey = process.env.RESEND_API_KEY;
    const from = process.env.EMAIL_FROM;
    if (!apiKey || !from) return "EMAIL_TRANSPORT=resend needs RESEND_API_KEY and EMAIL_FROM";
    return { apiKey, from, webhookSecret: process.env.RESEND_WEBHOOK_SECRET ?? "" };
  }
  return `EMAIL_TRANSPORT must be "outbox" or "resend" (got ${mode ?? "nothing"})`;
}

/** The component's client, configured per call: the environment is read when an email is sent. */
function resend(t: Transport): Resend {
  // testMode (the component's default) would refuse every address but Resend's test ones.
  return new Resend(components.resend, { apiKey: t.apiKey, webhookSecret: t.webhookSecret, testMode: false });
}

/**
 * Enqueues one email in the caller's transaction; its id in the component, null when not sent. `idempotencyKey`: an email already enqueued
 * under the same key is not enqueued again (a re-run digest). Without a usable transport the email
 * is refused in the log and the caller's work goes on, as a failed send did before the queue.
 */
export async function sendEmail(ctx: MutationCtx, email: Email, options: { idempotencyKey?: string } = {}): Promise<EmailId | null> {
  const t = transport();
  if (typeof t === "string") {
    console.error(`The ${email.kind} email to ${email.to} was not sent: ${t}`);
    return null;
  }
  return await resend(t).sendEmail(ctx, {
    from: t.from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: [{ name: KIND_HEADER, value: email.kind }],
    ...(options.idempotencyKey !== undefined ? { idempotencyKey: options.idempotencyKey } : {}),
  });
}

const answer = (status: number, message: string) =>
  new Response(JSON.stringify({ message }), { status, headers: { "Content-Type": "application/json" } });

/** POST /resend-webhook: Resend's delivery events (svix-signed), applied by the component. */
export const resendWebhook = httpAction(async (ctx, request) => {
  const t = transport();
  if (typeof t === "string" || t.webhookSecret === "") return answer(503, "Email events are not configured on this deployment.");
  try {
    await resend(t).handleResendEventWebhook(ctx, request);
    return answer(201, "Applied.");
  } catch (e) {
    // A bad or missing signature: nothing is applied. Anything else is a 500, which Resend retries.
    if (e instanceof Error && e.name === "WebhookVerificationError") return answer(400, "Invalid signature.");
    throw e;
  }
});

/**
 * The component keeps every email until told (crons.ts): finalized ones go after its default week
 * (longer than the digest's day-long keys need), stuck ones after its default month.
 */
export const cleanup = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await ctx.scheduler.runAfter(0, components.resend.lib.cleanupOldEmails, {});
    await ctx.scheduler.runAfter(0, components.resend.lib.cleanupAbandonedEmails, {});
    return null;
  },
});
