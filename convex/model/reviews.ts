// Reviews (spec §3 Review): only the owner of a completed job reviews its
// professional, once, with a verified email. The professional's rating and review count change in
// the same transaction, and they are told.
import { ProfileCopy, reviewSchema } from "../../common/profile";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { adjustCounters } from "./counters";
import { forbidden, invalid, parseOrThrow } from "./errors";
import { notify } from "./notifications";
import { requireVerifiedEmail } from "./verification";

export interface ReviewValues {
  rating: number;
  title: string;
  content: string;
}

/** `reviewer` reviews the professional of `job` (checks who, when and once; validates the values). */
export async function createReview(ctx: MutationCtx, reviewer: Doc<"users">, job: Doc<"jobs">, values: ReviewValues): Promise<Id<"reviews">> {
  if (job.customerId !== reviewer._id) forbidden(ProfileCopy.reviewOnlyOwner);
  const contractorId = job.contractorId;
  if (job.status !== "completed" || contractorId === undefined) invalid(ProfileCopy.reviewNotCompleted);
  const existing = await ctx.db
    .query("reviews")
    .withIndex("by_jobId", (q) => q.eq("jobId", job._id))
    .first();
  if (existing) invalid(ProfileCopy.reviewOnce);
  requireVerifiedEmail(reviewer, "write a review");
  const { rating, title, content } = parseOrThrow(reviewSchema, values);
  const reviewId = await ctx.db.insert("reviews", {
    jobId: job._id,
    reviewerId: reviewer._id,
    professionalId: contractorId,
    rating,
    title,
    content,
    helpfulCount: 0,
    searchText: `${title}\n${content}`,
  });
  const pro = await ctx.db.get(contractorId);
  if (pro === null) return reviewId;
  const count = pro.reviewCount ?? 0;
  const average = ((pro.rating ?? 0) * count + rating) / (count + 1);
  await ctx.db.patch(pro._id, { rating: Math.round(average * 100) / 100 });
  await adjustCounters(ctx, "users", pro._id, { reviewCount: 1 });
  await notify(ctx, {
    userId: pro._id,
    type: "review",
    title: "New review",
    content: `${reviewer.firstName ?? "A client"} gave you ${rating} star${rating === 1 ? "" : "s"} for "${job.title}".`,
    actionUrl: `/profile/${pro._id}?tab=reviews`,
    actorId: reviewer._id,
    entityType: "review",
    entityId: reviewId,
  });
  return reviewId;
}

/** A moderator removes a review: the professional's rating and review count step back in the same transaction. */
export async function removeReview(ctx: MutationCtx, review: Doc<"reviews">): Promise<void> {
  await ctx.db.delete("reviews", review._id);
  const helpful = await ctx.db
    .query("reviewHelpful")
    .withIndex("by_reviewId_and_userId", (q) => q.eq("reviewId", review._id))
    .take(500);
  for (const row of helpful) await ctx.db.delete("reviewHelpful", row._id);
  const pro = await ctx.db.get("users", review.professionalId);
  if (pro === null) return;
  const count = pro.reviewCount ?? 0;
  const average = count > 1 ? ((pro.rating ?? 0) * count - review.rating) / (count - 1) : 0;
  await ctx.db.patch("users", pro._id, { rating: Math.round(Math.max(0, average) * 100) / 100 });
  if (count > 0) await adjustCounters(ctx, "users", pro._id, { reviewCount: -1 });
}
