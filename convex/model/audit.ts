// The audit log (issue 16): every admin action, written in the action's own transaction so the
// record and the change stand or fall together. Rows are only ever inserted; nothing edits them.
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

export interface AuditEntry {
  action: string;
  targetTable: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  note?: string;
}

/** Who acted: an admin, or (no admin involved) the operator's CLI or the scheduler. */
export type AuditActor = Id<"users"> | "operator" | "scheduler";

export async function recordAudit(ctx: MutationCtx, by: AuditActor, entry: AuditEntry): Promise<void> {
  await ctx.db.insert("auditLog", {
    ...(by === "operator" || by === "scheduler" ? { actor: by } : { adminId: by }),
    action: entry.action,
    targetTable: entry.targetTable,
    targetId: entry.targetId,
    ...(entry.before !== undefined ? { before: entry.before } : {}),
    ...(entry.after !== undefined ? { after: entry.after } : {}),
    ...(entry.note ? { note: entry.note } : {}),
    at: Date.now(),
  });
}
