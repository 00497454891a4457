import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { recordSecurityEvent } from "./suspicion";

export type SecurityEvent =
  | "login_failed"
  | "login_succeeded"
  | "account_locked"
  | "login_while_locked"
  | "decoy_filled"
  | "rate_limited"
  | "signup"
  | "signup_existing_email"
  | "reset_requested"
  | "password_changed"
  | "email_verified"
  | "account_deleted"
  | "account_restored"
  | "account_purged"
  | "login_while_banned"
  | "upload_rejected";

const SEVERITY: Record<SecurityEvent, "low" | "medium" | "high" | "critical"> = {
  login_failed: "medium",
  login_succeeded: "low",
  account_locked: "high",
  login_while_locked: "medium",
  decoy_filled: "high",
  rate_limited: "medium",
  signup: "low",
  signup_existing_email: "medium",
  reset_requested: "low",
  password_changed: "medium",
  email_verified: "low",
  account_deleted: "medium",
  account_restored: "medium",
  account_purged: "low",
  login_while_banned: "medium",
  // The bytes contradicted the declared type: a disguised file (model/sniff.ts).
  upload_rejected: "high",
};

export async function logSecurityEvent(
  ctx: MutationCtx,
  event: SecurityEvent,
  fields: { userId?: Id<"users">; identifier?: string; details?: string } = {},
) {
  await ctx.db.insert("securityLogs", {
    eventType: event,
    severity: SEVERITY[event],
    timestamp: Date.now(),
    ...fields,
  });
  // Decoy hits, lockouts and rate limits count against the member (Suspicious Users).
  await recordSecurityEvent(ctx, event, fields);
}

/** How long security log rows are kept (SECURITY_LOG_RETENTION_DAYS, default 90). */
export function securityLogRetentionMs(): number {
  const days = Number(process.env.SECURITY_LOG_RETENTION_DAYS);
  return (Number.isFinite(days) && days > 0 ? days : 90) * 24 * 60 * 60_000;
}

/** Deletes up to `batch` log rows older than `before`; returns how many. */
export async function pruneSecurityLogs(ctx: MutationCtx, before: number, batch: number): Promise<number> {
  const rows = await ctx.db
    .query("securityLogs")
    .withIndex("by_timestamp", (q) => q.lt("timestamp", before))
    .take(batch);
  for (const row of rows) await ctx.db.delete("securityLogs", row._id);
  return rows.length;
}
