// Reputation points for backup-network referrals: when shared work ends
// completed by the pro who took it, the referrer earns REFERRAL_POINTS, once.
// No points for a self-referral (referrer is the contractor or the job's
// owner) or for a cancelled job.
import { REFERRAL_POINTS } from "../../common/profile";
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { adjustCounters } from "./counters";
import { notify } from "./notifications";

async function referralsOf(ctx: MutationCtx, job: Doc<"jobs">) {
  return await ctx.db
    .query("referrals")
    .withIndex("by_jobId", (q) => q.eq("jobId", job._id))
    .take(50);
}

export async function onJobCompleted(ctx: MutationCtx, job: Doc<"jobs">) {
  for (const referral of await referralsOf(ctx, job)) {
    const earned =
      referral.status === "taken" &&
      referral.takenById !== undefined &&
      referral.takenById === job.contractorId &&
      referral.referrerId !== job.contractorId &&
      referral.referrerId !== job.customerId;
    await ctx.db.patch(referral._id, { status: earned ? "completed" : "closed" });
    if (!earned) continue;
    const referrer = await ctx.db.get(referral.referrerId);
    if (referrer === null) continue;
    await ctx.db.insert("reputationEvents", {
      userId: referrer._id,
      points: REFERRAL_POINTS,
      reason: `Referral completed: "${job.title}"`,
      jobId: job._id,
      referralId: referral._id,
    });
    await adjustCounters(ctx, "users", referrer._id, { referralPoints: REFERRAL_POINTS });
    await notify(ctx, {
      userId: referrer._id,
      type: "system",
      title: "Referral points earned",
      content: `You earned ${REFERRAL_POINTS} reputation points: the work you shared ("${job.title}") is completed.`,
      actionUrl: `/profile/${referrer._id}`,
      entityType: "job",
      entityId: job._id,
    });
  }
}

/** Cancelled (or given to someone else): open referrals close without points. */
export async function onJobClosed(ctx: MutationCtx, job: Doc<"jobs">) {
  for (const referral of await referralsOf(ctx, job)) {
    if (referral.status === "open" || referral.status === "taken") await ctx.db.patch(referral._id, { status: "closed" });
  }
}
