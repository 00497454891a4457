// Payment protection over REST (issue 15; not in the spec's table, following its rules): thin
// wrappers over payments/jobs.ts, so the same caller and state checks answer (403 for the wrong
// side, 400 for a refused transition, 404 for a job without a payment).
//   GET  /api/jobs/{id}/payment              the payment as the owner or the hired professional sees it (?milestoneIndex=)
//   GET  /api/jobs/{id}/payment/milestones   every milestone (one payment for a job without milestones)
//   POST /api/jobs/{id}/payment/milestones   the owner splits the price into milestones ({ milestones: [{ title, amountCents }] })
//   POST /api/jobs/{id}/payment/quote        the professional confirms a range bid's final quote ({ priceCents })
//   POST /api/jobs/{id}/payment/fund         the owner's checkout: answers `url`
//   POST /api/jobs/{id}/completion           the professional's documented completion (uploaded photo ids)
//   POST /api/jobs/{id}/payment/release      the owner approves: released to the professional
//   POST /api/jobs/{id}/payment/dispute      either side opens a dispute
//   POST /api/jobs/{id}/payment/cancel       the owner drops a later milestone nobody funded ({ milestoneIndex })
// For a job split into milestones, fund, completion, release and dispute name one: `milestoneIndex`
// (0-based) in the JSON body.
import { z } from "zod";
import { ErrorCode } from "../../../common/errors";
import { COMPLETION_LIMITS, MILESTONE_LIMITS, MilestoneCopy, PAYMENT_STATES, PaymentCopy } from "../../../common/payments";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { v } from "convex/values";
import { internal } from "../../_generated/api";
import { internalQuery } from "../../functions";
import { idParam, parseBody, requireSignedIn, restError, type RestRoute } from "../../http/rest";

/** Whether each string is a storage id (uploaded photos): a malformed one is a 400, not a validator's 500. */
export const storageIdsWellFormed = internalQuery({
  args: { ids: v.array(v.string()) },
  returns: v.boolean(),
  handler: async (ctx, { ids }) => ids.every((id) => ctx.db.system.normalizeId("_storage", id) !== null),
});

async function photoIds(ctx: Parameters<RestRoute["handler"]>[0]["ctx"], ids: string[]): Promise<Id<"_storage">[]> {
  if (!(await ctx.runQuery(internal.payments.http.payments.storageIdsWellFormed, { ids }))) {
    throw restError(ErrorCode.INVALID_INPUT, "Invalid photos");
  }
  return ids as Id<"_storage">[];
}

const paymentAnswer = z.looseObject({
  jobId: z.string(),
  role: z.enum(["owner", "pro"]),
  state: z.enum(PAYMENT_STATES),
  amountCents: z.number().int(),
  heldCents: z.number().int(),
  releasedCents: z.number().int(),
  refundedCents: z.number().int(),
  reviewWindowEndsAt: z.number().nullable(),
});

const milestoneIndex = z
  .number()
  .int(MilestoneCopy.unknown)
  .min(0, MilestoneCopy.unknown)
  .max(MILESTONE_LIMITS.max - 1, MilestoneCopy.unknown)
  .optional()
  .describe("0-based: which milestone, for a job split into milestones");
const milestoneBody = z.object({ milestoneIndex });
const splitBody = z.object({
  milestones: z
    .array(z.object({ title: z.string().max(200), amountCents: z.number() }))
    .max(MILESTONE_LIMITS.max, MilestoneCopy.count)
    .describe("1 to 5 milestones, amounts in cents summing to the agreed price"),
});
const milestonesAnswer = z.looseObject({ totalCents: z.number().int(), canSplit: z.boolean(), payments: z.array(z.looseObject({})) });

/** `{ milestoneIndex }` from a body that may be empty (fund and release need nothing else). */
async function milestoneOf(request: Request): Promise<{ milestoneIndex?: number }> {
  const text = await request.text();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw restError(ErrorCode.INVALID_INPUT, "Request body must be JSON");
  }
  const parsed = milestoneBody.safeParse(body);
  if (!parsed.success) throw restError(ErrorCode.INVALID_INPUT, parsed.error.issues[0]?.message ?? MilestoneCopy.unknown);
  return parsed.data.milestoneIndex === undefined ? {} : { milestoneIndex: parsed.data.milestoneIndex };
}

const completionBody = z.object({
  milestoneIndex,
  checklist: z.array(z.string().max(COMPLETION_LIMITS.item)).max(COMPLETION_LIMITS.checklistItems),
  note: z.string().max(COMPLETION_LIMITS.note).optional(),
  photos: z.array(z.string().max(64)).max(COMPLETION_LIMITS.photos).describe("storage ids from an upload URL (files:generateUploadUrl, purpose completion)"),
});
const disputeBody = z.object({
  milestoneIndex,
  reason: z.string().max(COMPLETION_LIMITS.reason),
  evidence: z.string().max(COMPLETION_LIMITS.evidence).optional(),
  photos: z.array(z.string().max(64)).max(COMPLETION_LIMITS.photos).optional(),
});

const quoteBody = z.object({ priceCents: z.number().int().describe("the final price, in cents, within the bid's range") });

const notFound = () => restError(ErrorCode.NOT_FOUND, "Not found");

async function jobIdOf(ctx: Parameters<RestRoute["handler"]>[0]["ctx"], params: string[]): Promise<Id<"jobs">> {
  return (await idParam(ctx, "jobs", params[0])) as Id<"jobs">;
}

export const paymentRoutes: RestRoute[] = [
  {
    method: "GET",
    pathPrefix: "/api/jobs/",
    doc: {
      summary: "The job's payment (payment protection; one milestone with ?milestoneIndex=), or all its milestones, for its owner or hired professional",
      auth: "bearer",
      paths: ["/api/jobs/{id}/payment", "/api/jobs/{id}/payment/milestones"],
      query: z.object({ milestoneIndex: z.string().optional().describe("0-based milestone, for /payment") }),
      answer: z.union([paymentAnswer, milestonesAnswer]),
    },
    handler: async ({ ctx, params, url }) => {
      await requireSignedIn(ctx);
      const tail = params.slice(1).join("/");
      if (tail !== "payment" && tail !== "payment/milestones") throw notFound();
      const jobId = await jobIdOf(ctx, params);
      if (tail === "payment/milestones") {
        const all = await ctx.runQuery(api.payments.jobs.forJobMilestones, { jobId });
        if (all === null) throw restError(ErrorCode.NOT_FOUND, PaymentCopy.notFound);
        return all;
      }
      const raw = url.searchParams.get("milestoneIndex");
      const index = raw === null || raw.trim() === "" ? undefined : Number(raw);
      if (index !== undefined && (!Number.isInteger(index) || index < 0 || index >= MILESTONE_LIMITS.max)) {
        throw restError(ErrorCode.INVALID_INPUT, MilestoneCopy.unknown);
      }
      const payment = await ctx.runQuery(api.payments.jobs.forJob, { jobId, ...(index !== undefined ? { milestoneIndex: index } : {}) });
      if (payment === null) throw restError(ErrorCode.NOT_FOUND, index === undefined ? PaymentCopy.notFound : MilestoneCopy.unknown);
      return payment;
    },
  },
  {
    method: "POST",
    pathPrefix: "/api/jobs/",
    doc: {
      summary:
        "Payment protection: split into milestones, confirm the final quote, fund (answers the checkout `url`), submit completion, release, or open a dispute (per milestone: `milestoneIndex`)",
      auth: "bearer",
      paths: [
        "/api/jobs/{id}/payment/milestones",
        "/api/jobs/{id}/payment/cancel",
        "/api/jobs/{id}/payment/fund",
        "/api/jobs/{id}/completion",
        "/api/jobs/{id}/payment/quote",
        "/api/jobs/{id}/payment/release",
        "/api/jobs/{id}/payment/dispute",
      ],
      body: z.union([splitBody, completionBody, disputeBody, quoteBody, milestoneBody]),
      answer: z.union([z.object({ url: z.string() }), paymentAnswer, milestonesAnswer]),
    },
    handler: async ({ ctx, request, params }) => {
      await requireSignedIn(ctx);
      const action = params.slice(1).join("/");
      const actions = ["payment/milestones", "payment/cancel", "payment/fund", "completion", "payment/quote", "payment/release", "payment/dispute"];
      if (!actions.includes(action)) throw notFound();
      const jobId = await jobIdOf(ctx, params);
      if (action === "payment/milestones") {
        const body = await parseBody(request, splitBody);
        await ctx.runMutation(api.payments.jobs.splitMilestones, { jobId, milestones: body.milestones });
        return await ctx.runQuery(api.payments.jobs.forJobMilestones, { jobId });
      }
      if (action === "payment/fund") return await ctx.runAction(api.payments.jobs.fund, { jobId, ...(await milestoneOf(request)) });
      if (action === "payment/cancel") {
        const which = await milestoneOf(request);
        await ctx.runMutation(api.payments.jobs.cancelMilestone, { jobId, ...which });
        return await ctx.runQuery(api.payments.jobs.forJob, { jobId, ...which });
      }
      let which: { milestoneIndex?: number } = {};
      if (action === "completion") {
        const body = await parseBody(request, completionBody);
        const photos = await photoIds(ctx, body.photos);
        which = body.milestoneIndex === undefined ? {} : { milestoneIndex: body.milestoneIndex };
        const result = await ctx.runMutation(api.payments.jobs.submitCompletion, {
          jobId,
          ...which,
          checklist: body.checklist,
          ...(body.note !== undefined ? { note: body.note } : {}),
          photos,
        });
        if (result !== null) throw restError(result.refused.code as ErrorCode, result.refused.message);
      } else if (action === "payment/quote") {
        const body = await parseBody(request, quoteBody);
        await ctx.runMutation(api.payments.jobs.confirmQuote, { jobId, priceCents: body.priceCents });
      } else if (action === "payment/release") {
        which = await milestoneOf(request);
        await ctx.runMutation(api.payments.jobs.approve, { jobId, ...which });
      } else {
        const body = await parseBody(request, disputeBody);
        const photos = await photoIds(ctx, body.photos ?? []);
        which = body.milestoneIndex === undefined ? {} : { milestoneIndex: body.milestoneIndex };
        const result = await ctx.runMutation(api.payments.jobs.openDispute, {
          jobId,
          ...which,
          reason: body.reason,
          ...(body.evidence !== undefined ? { evidence: body.evidence } : {}),
          photos,
        });
        if (result !== null) throw restError(result.refused.code as ErrorCode, result.refused.message);
      }
      return await ctx.runQuery(api.payments.jobs.forJob, { jobId, ...which });
    },
  },
];
