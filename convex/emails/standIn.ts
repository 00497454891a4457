// A local stand-in for Resend's HTTP API (EMAIL_TRANSPORT=outbox on a local deployment). The
// @convex-dev/resend component posts to https://api.resend.com, a fixed address; the local runtime
// and the unit tests send those requests here instead (resendStandInUrl), so the component's queue,
// batching, retries and rate limiting run for real. It answers as Resend does: it refuses what
// Resend refuses (no key, missing from/to/subject/body, more than 50 recipients or 100 emails per
// batch, over 2 requests a second: 429), honours Idempotency-Key, keeps what would be sent in the
// outbox (the /dev/outbox page) and, a moment later, posts svix-signed delivery events to the
// deployment's own /resend-webhook as Resend would.
import { RateLimiter, SECOND } from "@convex-dev/rate-limiter";
import { v } from "convex/values";
import { components, internal } from "../_generated/api";
import { httpAction } from "../_generated/server";
import { internalAction, internalMutation } from "../functions";
import { isOutboxReadable } from "../model/deployment";
import { STAND_IN_API_KEY } from "./standInRoute";

export { STAND_IN_API_KEY, STAND_IN_PATH, resendStandInUrl } from "./standInRoute";

// Resend's published limits (its API reference).
export const RESEND_REQUESTS_PER_SECOND = 2;
const MAX_BATCH = 100;
const MAX_RECIPIENTS = 50;
/** How long after accepting an email the stand-in reports it delivered. */
export const EVENT_DELAY_MS = 30_000;

const resendRate = new RateLimiter(components.rateLimiter, {
  resendStandIn: { kind: "fixed window", rate: RESEND_REQUESTS_PER_SECOND, period: SECOND },
});

/**
 * The webhook secret of a local deployment: RESEND_WEBHOOK_SECRET if set, else derived from the
 * install's random local secret (LOCAL_STRIPE_WEBHOOK_SECRET, made per install by scripts/start.ts
 * and per run by the tests and the e2e stack), as the local Connect secret is. No local secret, no
 * events: a constant one would let anyone sign events.
 */
export function localResendWebhookSecret(): string {
  if (process.env.RESEND_WEBHOOK_SECRET) return process.env.RESEND_WEBHOOK_SECRET;
  const local = process.env.LOCAL_STRIPE_WEBHOOK_SECRET?.trim();
  if (!local || local.length < 32 || !isOutboxReadable()) return "";
  // Svix secrets are base64 key bytes after "whsec_".
  return `whsec_${btoa(`${local}:resend`)}`;
}

const vAccepted = v.object({
  from: v.string(),
  to: v.array(v.string()),
  subject: v.string(),
  text: v.optional(v.string()),
  html: v.optional(v.string()),
  kind: v.string(),
});
type Accepted = typeof vAccepted.type;

interface Failure {
  status: number;
  name: string;
  message: string;
}

const refuse = (status: number, name: string, message: string): Failure => ({ status, name, message });
const ADDRESS = /^(?:[^<>]*<\s*)?[^\s@<>]+@[^\s@<>]+\.?[^\s@<>]*(?:\s*>)?$/;

/** One email of the request body as Resend validates it, or why it refuses it. */
function parseEmail(raw: unknown): Accepted | Failure {
  if (typeof raw !== "object" || raw === null) return refuse(422, "validation_error", "Invalid email object.");
  const e = raw as Record<string, unknown>;
  if (typeof e.from !== "string" || e.from.trim() === "") return refuse(422, "missing_required_field", "Missing `from` field.");
  if (!ADDRESS.test(e.from.trim())) {
    return refuse(422, "validation_error", "Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.");
  }
  const list = (x: unknown): string[] | null =>
    x === undefined || x === null ? [] : typeof x === "string" ? [x] : Array.isArray(x) && x.every((a) => typeof a === "string") ? (x as string[]) : null;
  const to = list(e.to);
  const cc = list(e.cc);
  const bcc = list(e.bcc);
  if (to === null || cc === null || bcc === null) return refuse(422, "validation_error", "Invalid recipient list.");
  if (to.length === 0) return refuse(422, "missing_required_field", "Missing `to` field.");
  if (to.length + cc.length + bcc.length > MAX_RECIPIENTS) {
    return refuse(422, "validation_error", `Too many recipients: at most ${MAX_RECIPIENTS} per email.`);
  }
  for (const address of [...to, ...cc, ...bcc]) {
    if (!ADDRESS.test(address.trim())) return refuse(422, "validation_error", `Invalid recipient: ${address}.`);
  }
  if (typeof e.subject !== "string" || e.subject === "") return refuse(422, "missing_required_field", "Missing `subject` field.");
  const text = typeof e.text === "string" ? e.text : undefined;
  const html = typeof e.html === "string" ? e.html : undefined;
  if (text === undefined && html === undefined) return refuse(422, "missing_required_field", "Missing `html` or `text` field.");
  const headers = (e.headers ?? {}) as Record<string, unknown>;
  const kind = typeof headers["X-Rafter-Kind"] === "string" ? headers["X-Rafter-Kind"] : "";
  return { from: e.from, to: [...to, ...cc, ...bcc], subject: e.subject, text, html, kind };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

const failure = (f: Failure, headers?: Record<string, string>) =>
  json(f.status, { statusCode: f.status, name: f.name, message: f.message }, headers);

/** POST /dev/resend/emails and /dev/resend/emails/batch: Resend's send endpoints, locally. 404 anywhere else. */
export const standInHttp = httpAction(async (ctx, request) => {
  if (!isOutboxReadable()) return json(404, { message: "Not found" });
  const batch = new URL(request.url).pathname.endsWith("/batch");
  const auth = request.headers.get("Authorization") ?? "";
  if (!auth.startsWith("Bearer ") || auth.length === "Bearer ".length) return failure(refuse(401, "missing_api_key", "Missing API key in the authorization header."));
  if (auth !== `Bearer ${STAND_IN_API_KEY}`) return failure(refuse(403, "invalid_api_key", "API key is invalid."));
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return failure(refuse(422, "validation_error", "The request body is not valid JSON."));
  }
  const raws = batch ? body : [body];
  if (!Array.isArray(raws) || raws.length === 0) return failure(refuse(422, "validation_error", "The batch must be a non-empty array of emails."));
  if (raws.length > MAX_BATCH) return failure(refuse(422, "validation_error", `Too many emails: at most ${MAX_BATCH} per batch.`));
  const emails: Accepted[] = [];
  for (const raw of raws) {
    const parsed = parseEmail(raw);
    if ("status" in parsed) return failure(parsed);
    emails.push(parsed);
  }
  const idempotencyKey = request.headers.get("Idempotency-Key") ?? undefined;
  const result = await ctx.runMutation(internal.emails.standIn.accept, {
    emails,
    ids: emails.map(() => crypto.randomUUID()),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  if (result.kind === "rateLimited") {
    // Said in the log: a sender that keeps to Resend's rate never sees this.
    console.warn(`Resend stand-in: 429, over ${RESEND_REQUESTS_PER_SECOND} requests a second`);
    return failure(refuse(429, "rate_limit_exceeded", "Too many requests. You can only make 2 requests per second."), {
      "retry-after": String(Math.ceil(result.retryAfterMs / 1000)),
    });
  }
  if (result.kind === "conflict") {
    return failure(refuse(409, "invalid_idempotent_request", "Same idempotency key used with a different request payload."));
  }
  return batch ? json(200, { data: result.ids.map((id) => ({ id })) }) : json(200, { id: result.ids[0] });
});

/** One request's emails into the outbox, within Resend's rate; a repeated Idempotency-Key gets the first answer. */
export const accept = internalMutation({
  args: { emails: v.array(vAccepted), ids: v.array(v.string()), idempotencyKey: v.optional(v.string()) },
  returns: v.union(
    v.object({ kind: v.literal("accepted"), ids: v.array(v.string()) }),
    v.object({ kind: v.literal("rateLimited"), retryAfterMs: v.number() }),
    v.object({ kind: v.literal("conflict") }),
  ),
  handler: async (ctx, { emails, ids, idempotencyKey }) => {
    const limit = await resendRate.limit(ctx, "resendStandIn");
    if (!limit.ok) return { kind: "rateLimited" as const, retryAfterMs: limit.retryAfter };
    if (idempotencyKey !== undefined) {
      const earlier = await ctx.db
        .query("emailOutbox")
        .withIndex("by_idempotencyKey", (q) => q.eq("idempotencyKey", idempotencyKey))
        .take(MAX_BATCH + 1);
      if (earlier.length > 0) {
        if (earlier.length !== emails.length) return { kind: "conflict" as const };
        return { kind: "accepted" as const, ids: earlier.map((row) => row.resendId ?? "") };
      }
    }
    for (const [i, email] of emails.entries()) {
      await ctx.db.insert("emailOutbox", {
        to: email.to.join(", "),
        from: email.from,
        subject: email.subject,
        text: email.text ?? "",
        html: email.html ?? "",
        kind: email.kind,
        resendId: ids[i]!,
        ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
      });
    }
    const secret = localResendWebhookSecret();
    if (secret !== "") {
      const delivered = emails.map((e, i) => ({ id: ids[i]!, from: e.from, to: e.to, subject: e.subject }));
      await ctx.scheduler.runAfter(EVENT_DELAY_MS, internal.emails.standIn.sendEvents, { emails: delivered });
    }
    return { kind: "accepted" as const, ids };
  },
});

/**
 * Resend's test addresses behave here as there: bounced@resend.dev bounces, complained@resend.dev
 * is delivered and then marked spam; any other address is delivered.
 */
function eventsFor(to: string[]): ("email.delivered" | "email.bounced" | "email.complained")[] {
  const local = (to[0] ?? "").toLowerCase();
  if (/^bounced(\+[^@]*)?@resend\.dev$/.test(local)) return ["email.bounced"];
  if (/^complained(\+[^@]*)?@resend\.dev$/.test(local)) return ["email.delivered", "email.complained"];
  return ["email.delivered"];
}

/** Svix's signature ("v1,<base64 HMAC-SHA256 of id.timestamp.body>"), as Resend signs its webhooks. */
export async function svixSignature(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const keyBytes = Uint8Array.from(atob(secret.replace(/^whsec_/, "")), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  return `v1,${btoa(String.fromCharCode(...mac))}`;
}

/** Posts the delivery events of accepted emails to the deployment's /resend-webhook, signed. */
export const sendEvents = internalAction({
  args: { emails: v.array(v.object({ id: v.string(), from: v.string(), to: v.array(v.string()), subject: v.string() })) },
  returns: v.null(),
  handler: async (_ctx, { emails }) => {
    const site = process.env.CONVEX_SITE_URL;
    const secret = localResendWebhookSecret();
    if (!site || secret === "") return null;
    for (const email of emails) {
      for (const type of eventsFor(email.to)) {
        const now = new Date().toISOString();
        const data = { email_id: email.id, created_at: now, from: email.from, to: email.to, subject: email.subject };
        const event = {
          type,
          created_at: now,
          data: type === "email.bounced" ? { ...data, bounce: { message: "The address does not exist.", subType: "General", type: "Permanent" } } : data,
        };
        const body = JSON.stringify(event);
        const msgId = `msg_${crypto.randomUUID()}`;
        const timestamp = Math.floor(Date.now() / 1000);
        const response = await fetch(`${site.replace(/\/$/, "")}/resend-webhook`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "svix-id": msgId,
            "svix-timestamp": String(timestamp),
            "svix-signature": await svixSignature(secret, msgId, timestamp, body),
          },
          body,
        });
        if (!response.ok) console.error(`The stand-in's ${type} event for ${email.id} was refused: ${response.status}`);
      }
    }
    return null;
  },
});
