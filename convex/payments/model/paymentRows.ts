// Reading a job's payment rows, apart from the payment rules (model/payments.ts) so that
// model/jobs.ts, which payments.ts builds on, can read them too without an import circle.
import { MILESTONE_LIMITS } from "../../../common/payments";
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";

/** A row's milestone (0-based); a job without milestones has one row, read as milestone 0. */
export const milestoneIndexOf = (p: Pick<Doc<"jobPayments">, "milestoneIndex">) => p.milestoneIndex ?? 0;

/** The job's payment rows in milestone order: one for a job without milestones, up to 5 with. */
export async function paymentsOfJob(ctx: QueryCtx, jobId: Id<"jobs">): Promise<Doc<"jobPayments">[]> {
  const rows = await ctx.db
    .query("jobPayments")
    .withIndex("by_jobId", (q) => q.eq("jobId", jobId))
    .take(MILESTONE_LIMITS.max);
  return rows.sort((a, b) => milestoneIndexOf(a) - milestoneIndexOf(b));
}
