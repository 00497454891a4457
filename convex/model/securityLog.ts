import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

export type SecurityEvent =
  | "login_failed"
  | "login_succeeded"
  | "account_locked"
  | "login_while_locked"
  | "decoy_filled"
  | "rate_limited"
  | "signup"
  | "reset_requested"
  | "password_changed"
  | "email_verified";

const SEVERITY: Record<SecurityEvent, "low" | "medium" | "high" | "critical"> = {
  login_failed: "medium",
  login_succeeded: "low",
  account_locked: "high",
  login_while_locked: "medium",
  decoy_filled: "high",
  rate_limited: "medium",
  signup: "low",
  reset_requested: "low",
  password_changed: "medium",
  email_verified: "low",
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
}
