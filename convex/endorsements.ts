// Client endorsements (spec §1, §6 Pro Profile "visible client endorsements"): a professional on
// Pro Profile or above asks a client who hired them (one request per job); that client writes the
// endorsement; the profile shows written ones while the professional's plan includes them. Basic is
// refused on the server; a downgrade keeps the endorsements, hidden.
import { v } from "convex/values";
import { EndorsementCopy } from "../common/branding";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { mutation, query } from "./functions";
import { canBrand } from "./model/branding";
import { fail, notFound } from "./model/errors";
import { displayName, isHiddenMember } from "./model/users";
import { HIRED, requestEndorsement, writeEndorsement } from "./model/endorsements";
import { ErrorCode } from "../common/errors";

/** Jobs listed as "ask for an endorsement" and endorsements shown on a profile, at most. */
const LIST_LIMIT = 20;

function assertCanAskForEndorsements(user: Doc<"users">): void {
  if (!canBrand(user)) fail(ErrorCode.FORBIDDEN, EndorsementCopy.refused);
}

async function nameOf(ctx: QueryCtx, userId: Id<"users">): Promise<string> {
  const user = await ctx.db.get("users", userId);
  return user === null ? "Member" : displayName(user);
}

/** The viewer's hired jobs they may still ask an endorsement for (Pro Profile and above; else `locked`). */
export const requestable = query({
  args: {},
  returns: v.union(
    v.null(),
    v.object({ locked: v.literal(true) }),
    v.object({
      locked: v.literal(false),
      jobs: v.array(v.object({ jobId: v.id("jobs"), title: v.string(), clientName: v.string() })),
    }),
  ),
  handler: async (ctx) => {
    const viewer = ctx.viewer;
    if (viewer === null || viewer.userType !== "professional") return null;
    if (!canBrand(viewer)) return { locked: true as const };
    const jobs = [];
    for (const status of HIRED) {
      const rows = await ctx.db
        .query("jobs")
        .withIndex("by_contractorId_and_status", (q) => q.eq("contractorId", viewer._id).eq("status", status))
        .order("desc")
        .take(LIST_LIMIT);
      for (const job of rows) {
        if (jobs.length >= LIST_LIMIT) break;
        const asked = await ctx.db
          .query("endorsements")
          .withIndex("by_jobId", (q) => q.eq("jobId", job._id))
          .first();
        if (asked === null)
          jobs.push({ jobId: job._id, title: job.title, clientName: await nameOf(ctx, job.customerId) });
      }
    }
    return { locked: false as const, jobs };
  },
});

/** Asks the client of a job the viewer was hired for to endorse them. */
export const request = mutation({
  args: { jobId: v.id("jobs") },
  returns: v.id("endorsements"),
  handler: async (ctx, { jobId }) => {
    const viewer = ctx.viewerX();
    assertCanAskForEndorsements(viewer);
    const job = await ctx.db.get("jobs", jobId);
    if (job === null) notFound("Job not found");
    return await requestEndorsement(ctx, viewer, job);
  },
});

/** The asked client writes the endorsement. */
export const write = mutation({
  args: { endorsementId: v.id("endorsements"), text: v.string() },
  returns: v.null(),
  handler: async (ctx, { endorsementId, text }) => {
    const viewer = ctx.viewerX();
    const endorsement = await ctx.db.get("endorsements", endorsementId);
    if (endorsement === null) notFound("Endorsement not found");
    await writeEndorsement(ctx, viewer, endorsement, text);
    return null;
  },
});

/**
 * A professional's endorsements as their profile shows them: written ones while their plan has
 * endorsements (`shown` false otherwise), and the viewer's own pending request from them, if any.
 */
export const forProfile = query({
  args: { userId: v.id("users") },
  returns: v.object({
    shown: v.boolean(),
    endorsements: v.array(
      v.object({ _id: v.id("endorsements"), clientName: v.string(), text: v.string(), writtenAt: v.number() }),
    ),
    pending: v.union(v.null(), v.object({ endorsementId: v.id("endorsements"), jobTitle: v.string() })),
  }),
  handler: async (ctx, { userId }) => {
    const viewer = ctx.viewerX();
    const pro = await ctx.db.get("users", userId);
    if (pro === null || isHiddenMember(pro)) return { shown: false, endorsements: [], pending: null };
    const request = await ctx.db
      .query("endorsements")
      .withIndex("by_clientId_and_proId_and_status", (q) =>
        q.eq("clientId", viewer._id).eq("proId", userId).eq("status", "requested"),
      )
      .first();
    const pendingJob = request ? await ctx.db.get("jobs", request.jobId) : null;
    const pending = request ? { endorsementId: request._id, jobTitle: pendingJob?.title ?? "a job" } : null;
    if (!canBrand(pro)) return { shown: false, endorsements: [], pending };
    const rows = await ctx.db
      .query("endorsements")
      .withIndex("by_proId_and_status", (q) => q.eq("proId", userId).eq("status", "written"))
      .order("desc")
      .take(LIST_LIMIT);
    const endorsements = [];
    for (const row of rows) {
      endorsements.push({
        _id: row._id,
        clientName: await nameOf(ctx, row.clientId),
        text: row.text ?? "",
        writtenAt: row.writtenAt ?? row._creationTime,
      });
    }
    return { shown: true, endorsements, pending };
  },
});
