// Reputation points for backup-network referrals: when shared work ends
// completed by the pro who took it, the referrer earns REFERRAL_POINTS, once.
// No points for a self-referral (referrer is the contractor or the job's
// owner) or for a cancelled job. Points need a verified email: a referrer who
// has not verified yet keeps the referral "completed" with `pointsDeferred`,
// and is paid when they verify (model/verification.ts), once.
import { REFERRAL_POINTS } from "../../common/profile";
import type { Doc, Id } from "../_generated/dataModel";
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
    if (referrer.emailVerificationTime === undefined) {
      await ctx.db.patch("referrals", referral._id, { pointsDeferred: true });
      await notify(ctx, {
        userId: referrer._id,
        type: "system",
        title: "Verify your email to collect your points",
        content: `The work you shared ("${job.title}") is completed. Verify your email address and your ${REFERRAL_POINTS} reputation points are added.`,
        actionUrl: "/",
        entityType: "job",
        entityId: job._id,
      });
      continue;
    }
    await awardPoints(ctx, referrer._id, referral, job);
  }
}

async function awardPoints(ctx: MutationCtx, referrerId: Id<"users">, referral: Doc<"referrals">, job: Doc<"jobs">) {
  await ctx.db.insert("reputationEvents", {
    userId: referrerId,
    points: REFERRAL_POINTS,
    reason: `Referral completed: "${job.title}"`,
    jobId: job._id,
    referralId: referral._id,
  });
  await adjustCounters(ctx, "users", referrerId, { referralPoints: REFERRAL_POINTS });
  await notify(ctx, {
    userId: referrerId,
    type: "system",
    title: "Referral points earned",
    content: `You earned ${REFERRAL_POINTS} reputation points: the work you shared ("${job.title}") is completed.`,
    actionUrl: `/profile/${referrerId}`,
    entityType: "job",
    entityId: job._id,
  });
}

/** At verification: the points of referrals completed while the referrer was unverified, each paid once. */
export async function awardDeferredReferralPoints(ctx: MutationCtx, referrerId: Id<"users">) {
  const waiting = await ctx.db
    .query("referrals")
    .withIndex("by_referrerId_and_pointsDeferred", (q) => q.eq("referrerId", referrerId).eq("pointsDeferred", true))
    .take(100);
  for (const referral of waiting) {
    await ctx.db.patch("referrals", referral._id, { pointsDeferred: undefined });
    const job = await ctx.db.get("jobs", referral.jobId);
    if (job !== null) await awardPoints(ctx, referrerId, referral, job);
  }
}

/** Cancelled (or given to someone else): open referrals close without points. */
export async function onJobClosed(ctx: MutationCtx, job: Doc<"jobs">) {
  for (const referral of await referralsOf(ctx, job)) {
    if (referral.status === "open" || referral.status === "taken") await ctx.db.patch(referral._id, { status: "closed" });
  }
}
