// Client endorsements' writes (convex/endorsements.ts is the public API): shared with the demo
// seed, which asks and writes its endorsements the app's own way.
import { ENDORSEMENT_LIMITS, EndorsementCopy } from "../../common/branding";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { forbidden, invalid } from "./errors";
import { notify } from "./notifications";
import { displayName } from "./users";

/** Job states in which the professional was hired by the job's owner. */
export const HIRED = ["assigned", "in_progress", "completion_requested", "completed"] as const;

/** The professional asks the client of a job they were hired for (one request per job). */
export async function requestEndorsement(
  ctx: MutationCtx,
  pro: Doc<"users">,
  job: Doc<"jobs">,
): Promise<Id<"endorsements">> {
  if (job.contractorId !== pro._id || !(HIRED as readonly string[]).includes(job.status))
    forbidden(EndorsementCopy.onlyYourClients);
  const existing = await ctx.db
    .query("endorsements")
    .withIndex("by_jobId", (q) => q.eq("jobId", job._id))
    .first();
  if (existing !== null) invalid(EndorsementCopy.alreadyAsked);
  const id = await ctx.db.insert("endorsements", {
    proId: pro._id,
    clientId: job.customerId,
    jobId: job._id,
    status: "requested",
  });
  await notify(ctx, {
    userId: job.customerId,
    type: "job",
    title: "Endorsement requested",
    content: `${displayName(pro)} asked you to endorse their work on "${job.title}".`,
    actionUrl: `/profile/${pro._id}#endorsements`,
    actorId: pro._id,
    entityType: "endorsement",
    entityId: id,
  });
  return id;
}

/** The asked client writes the endorsement (10 to 500 characters); the professional is told. */
export async function writeEndorsement(
  ctx: MutationCtx,
  client: Doc<"users">,
  endorsement: Doc<"endorsements">,
  text: string,
): Promise<void> {
  if (endorsement.clientId !== client._id) forbidden(EndorsementCopy.onlyAsked);
  if (endorsement.status !== "requested") invalid(EndorsementCopy.alreadyWritten);
  const trimmed = text.trim();
  if (trimmed.length < ENDORSEMENT_LIMITS.min) invalid(EndorsementCopy.tooShort, { text: EndorsementCopy.tooShort });
  if (trimmed.length > ENDORSEMENT_LIMITS.max) invalid(EndorsementCopy.tooLong, { text: EndorsementCopy.tooLong });
  await ctx.db.patch("endorsements", endorsement._id, { status: "written", text: trimmed, writtenAt: Date.now() });
  await notify(ctx, {
    userId: endorsement.proId,
    type: "job",
    title: "New endorsement",
    content: `${displayName(client)} endorsed your work.`,
    actionUrl: `/profile#endorsements`,
    actorId: client._id,
    entityType: "endorsement",
    entityId: endorsement._id,
  });
}
