// Reviews (spec §2 Reviews, §3 Review): only the owner of a completed job
// reviews its professional, once ('Verified Client' because it is tied to a
// job). The professional's rating and review count change in the same
// transaction (model/reviews.ts). Helpful once per member; Report files a moderation report; the
// professional may reply once.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { ProfileCopy, REPORT_REASONS } from "../common/profile";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { mutation, query } from "./functions";
import { adjustCounters } from "./model/counters";
import { forbidden, invalid, notFound } from "./model/errors";
import { limitOrRefuse } from "./model/limits";
import { createReview } from "./model/reviews";
import { cappedPagination } from "./model/paging";
import { fileReport } from "./model/moderation";
import { displayName, isHiddenMember } from "./model/users";

const reviewView = v.object({
  _id: v.id("reviews"),
  _creationTime: v.number(),
  jobId: v.id("jobs"),
  jobTitle: v.string(),
  rating: v.number(),
  title: v.string(),
  content: v.string(),
  helpful: v.number(),
  markedHelpful: v.boolean(),
  verified: v.boolean(),
  reply: v.union(v.string(), v.null()),
  repliedAt: v.union(v.number(), v.null()),
  canReply: v.boolean(),
  reviewer: v.object({
    _id: v.id("users"),
    firstName: v.string(),
    lastName: v.string(),
    image: v.union(v.string(), v.null()),
  }),
  professional: v.object({ _id: v.id("users"), name: v.string() }),
});

/** A review as listed; null while its reviewer or professional has deleted their account or is banned. */
async function toView(ctx: QueryCtx, r: Doc<"reviews">, viewerId: Id<"users"> | null) {
  const reviewer = await ctx.db.get(r.reviewerId);
  const pro = await ctx.db.get(r.professionalId);
  if ((reviewer && isHiddenMember(reviewer)) || (pro && isHiddenMember(pro))) return null;
  const job = await ctx.db.get(r.jobId);
  const marked =
    viewerId === null
      ? null
      : await ctx.db
          .query("reviewHelpful")
          .withIndex("by_reviewId_and_userId", (q) => q.eq("reviewId", r._id).eq("userId", viewerId))
          .unique();
  return {
    _id: r._id,
    _creationTime: r._creationTime,
    jobId: r.jobId,
    jobTitle: job?.title ?? "",
    rating: r.rating,
    title: r.title,
    content: r.content,
    helpful: r.helpfulCount,
    markedHelpful: marked !== null,
    verified: true,
    reply: r.reply ?? null,
    repliedAt: r.repliedAt ?? null,
    canReply: viewerId === r.professionalId && r.reply === undefined,
    reviewer: {
      _id: r.reviewerId,
      firstName: reviewer?.firstName ?? "Former",
      // Reviewers show as "Olive M.": enough to be real, not enough to be found.
      lastName: reviewer?.lastName ? `${reviewer.lastName.slice(0, 1)}.` : "member",
      image: reviewer?.image ?? null,
    },
    professional: { _id: r.professionalId, name: pro ? displayName(pro) : "Former member" },
  };
}

export const create = mutation({
  args: { jobId: v.id("jobs"), rating: v.number(), title: v.string(), content: v.string() },
  returns: v.id("reviews"),
  handler: async (ctx, { jobId, ...values }) => {
    const viewer = ctx.viewerX();
    const job = await ctx.db.get(jobId);
    if (job === null) notFound("Job not found");
    return await createReview(ctx, viewer, job, values);
  },
});

export const reply = mutation({
  args: { reviewId: v.id("reviews"), content: v.string() },
  returns: v.null(),
  handler: async (ctx, { reviewId, content }) => {
    const viewer = ctx.viewerX();
    const review = await ctx.db.get(reviewId);
    if (review === null) notFound("Review not found");
    if (review.professionalId !== viewer._id) forbidden(ProfileCopy.replyOnlyPro);
    if (review.reply !== undefined) invalid(ProfileCopy.replyOnce);
    const text = content.trim();
    if (!text) invalid("Please write your reply");
    if (text.length > 2000) invalid("Replies can be at most 2,000 characters");
    await ctx.db.patch(review._id, { reply: text, repliedAt: Date.now() });
    return null;
  },
});

/** Helpful: once per member (a second click takes it back); the count is kept on the review. */
export const toggleHelpful = mutation({
  args: { reviewId: v.string() },
  returns: v.object({ helpful: v.number(), marked: v.boolean() }),
  handler: async (ctx, { reviewId }) => {
    const viewer = ctx.viewerX();
    const id = ctx.db.normalizeId("reviews", reviewId);
    const review = id ? await ctx.db.get(id) : null;
    if (review === null) notFound("Review not found");
    if (review.reviewerId === viewer._id || review.professionalId === viewer._id) {
      invalid("You can't mark your own review as helpful.");
    }
    const row = await ctx.db
      .query("reviewHelpful")
      .withIndex("by_reviewId_and_userId", (q) => q.eq("reviewId", review._id).eq("userId", viewer._id))
      .unique();
    if (row) await ctx.db.delete(row._id);
    else await ctx.db.insert("reviewHelpful", { reviewId: review._id, userId: viewer._id });
    const counts = await adjustCounters(ctx, "reviews", review._id, { helpfulCount: row ? -1 : 1 });
    return { helpful: counts?.helpfulCount ?? review.helpfulCount, marked: !row };
  },
});

export const report = mutation({
  args: {
    reviewId: v.id("reviews"),
    reason: v.union(...REPORT_REASONS.map((r) => v.literal(r.value))),
    description: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, { reviewId, reason, description }) => {
    const viewer = ctx.viewerX();
    if ((await ctx.db.get(reviewId)) === null) notFound("Review not found");
    const text = description?.trim();
    if (text && text.length > 1000) invalid("Please keep the description under 1,000 characters");
    const earlier = await ctx.db
      .query("moderationReports")
      .withIndex("by_reviewId_and_reporterId", (q) => q.eq("reviewId", reviewId).eq("reporterId", viewer._id))
      .first();
    if (earlier) invalid(ProfileCopy.reportOnce);
    // Per member per day, over all reviews (each review once): reviewReports, model/rateLimit.ts.
    await limitOrRefuse(ctx, "reviewReports", viewer._id, viewer._id);
    await fileReport(ctx, { reporterId: viewer._id, reviewId, reason, description: text || undefined });
    return null;
  },
});

/** /reviews and the profile's Reviews tab: search, a star filter, one professional or all; newest first. */
export const list = query({
  args: {
    professionalId: v.optional(v.string()),
    q: v.optional(v.string()),
    rating: v.optional(v.number()),
    paginationOpts: paginationOptsValidator,
  },
  returns: paginationResultValidator(reviewView),
  handler: async (ctx, { professionalId, q, rating, paginationOpts: requested }) => {
    const viewer = ctx.viewerX();
    const paginationOpts = cappedPagination(requested);
    if (rating !== undefined && ![1, 2, 3, 4, 5].includes(rating)) invalid(ProfileCopy.ratingRange);
    const proId = professionalId ? ctx.db.normalizeId("users", professionalId) : null;
    if (professionalId && proId === null) {
      return { page: [], isDone: true, continueCursor: "" };
    }
    const text = q?.trim();
    const reviews = ctx.db.query("reviews");
    let result;
    if (text) {
      result = await reviews
        .withSearchIndex("search_text", (s) => {
          let x = s.search("searchText", text);
          if (rating !== undefined) x = x.eq("rating", rating);
          if (proId) x = x.eq("professionalId", proId);
          return x;
        })
        .paginate(paginationOpts);
    } else if (proId && rating !== undefined) {
      result = await reviews
        .withIndex("by_professionalId_and_rating", (ix) => ix.eq("professionalId", proId).eq("rating", rating))
        .order("desc")
        .paginate(paginationOpts);
    } else if (proId) {
      result = await reviews
        .withIndex("by_professionalId", (ix) => ix.eq("professionalId", proId))
        .order("desc")
        .paginate(paginationOpts);
    } else if (rating !== undefined) {
      result = await reviews
        .withIndex("by_rating", (ix) => ix.eq("rating", rating))
        .order("desc")
        .paginate(paginationOpts);
    } else {
      result = await reviews.order("desc").paginate(paginationOpts);
    }
    const page = [];
    for (const r of result.page) {
      const view = await toView(ctx, r, viewer._id);
      // A deleted member's reviews, and reviews of them, leave the listings (back if they restore).
      if (view !== null) page.push(view);
    }
    return { ...result, page };
  },
});

/** The viewer's completed jobs that still wait for their review. */
export const toWrite = query({
  args: {},
  returns: v.array(
    v.object({ jobId: v.id("jobs"), title: v.string(), professionalName: v.string(), completedAt: v.number() }),
  ),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    const jobs = await ctx.db
      .query("jobs")
      .withIndex("by_customerId", (q) => q.eq("customerId", viewer._id))
      .order("desc")
      .take(200);
    const out = [];
    for (const job of jobs) {
      if (job.status !== "completed" || job.contractorId === undefined) continue;
      const reviewed = await ctx.db
        .query("reviews")
        .withIndex("by_jobId", (q) => q.eq("jobId", job._id))
        .first();
      if (reviewed) continue;
      const pro = await ctx.db.get(job.contractorId);
      out.push({
        jobId: job._id,
        title: job.title,
        professionalName: pro ? displayName(pro) : "Former member",
        completedAt: job.completedAt ?? job._creationTime,
      });
    }
    return out;
  },
});

/** Whether the viewer may review this job now (the job page shows the form). */
export const forJob = query({
  args: { jobId: v.id("jobs") },
  returns: v.object({ canReview: v.boolean(), review: v.union(v.null(), reviewView) }),
  handler: async (ctx, { jobId }) => {
    const viewer = ctx.viewerX();
    const job = await ctx.db.get(jobId);
    if (job === null) return { canReview: false, review: null };
    const review = await ctx.db
      .query("reviews")
      .withIndex("by_jobId", (q) => q.eq("jobId", jobId))
      .first();
    return {
      canReview: review === null && job.customerId === viewer._id && job.status === "completed",
      review: review ? await toView(ctx, review, viewer._id) : null,
    };
  },
});
