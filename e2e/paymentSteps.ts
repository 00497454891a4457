// Payment protection (issue 15) through the backend, for journeys that need a paid job done but
// are not about paying: the pro connects payouts, the owner funds through the local checkout
// (signed events to the webhook, as the pages do), the pro starts and submits completion with a
// photo, the owner approves. The payment journeys themselves are in payments.spec.ts.
import type { ConvexHttpClient } from "convex/browser";
import { api } from "../convex/_generated/api";
import type { Id } from "../convex/_generated/dataModel";

export const TEST_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

/** A 1x1 PNG: the smallest real image a completion accepts. */
export const PHOTO_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const sessionOf = (url: string) => new URL(url).pathname.split("/").pop()!;

export async function connectPayouts(proApi: ConvexHttpClient): Promise<void> {
  const { url } = await proApi.action(api.payments.jobs.connectPayouts, {});
  await proApi.action(api.payments.local.finishOnboarding, { sessionId: sessionOf(url) });
}

export async function fundJob(ownerApi: ConvexHttpClient, jobId: Id<"jobs">): Promise<void> {
  const { url } = await ownerApi.action(api.payments.jobs.fund, { jobId });
  await ownerApi.action(api.payments.local.payJob, { sessionId: sessionOf(url), card: TEST_CARD });
}

export async function uploadPhoto(api_: ConvexHttpClient, purpose: "completion" | "dispute"): Promise<Id<"_storage">> {
  const url = await api_.mutation(api.files.generateUploadUrl, { purpose });
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "image/png" }, body: PHOTO_PNG });
  return ((await res.json()) as { storageId: Id<"_storage"> }).storageId;
}

/** From hired to released: payouts, funding, start, documented completion, approval. */
export async function completePaidJob(ownerApi: ConvexHttpClient, proApi: ConvexHttpClient, jobId: Id<"jobs">): Promise<void> {
  await connectPayouts(proApi);
  await fundJob(ownerApi, jobId);
  await proApi.mutation(api.jobs.act, { jobId, action: "start" });
  const photo = await uploadPhoto(proApi, "completion");
  await proApi.mutation(api.payments.jobs.submitCompletion, { jobId, checklist: ["Work done"], photos: [photo] });
  await ownerApi.mutation(api.payments.jobs.approve, { jobId });
}
