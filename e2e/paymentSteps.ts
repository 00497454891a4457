// Payment protection (issue 15) through the backend, for journeys that need a paid job done but
// are not about paying: the owner posts and the pro bids, the pro connects payouts, the owner
// funds through the local checkout (signed events to the webhook, as the pages do), the pro starts
// and submits completion with a photo, the owner approves. One copy of each step; the payment
// journeys themselves are in payments.spec.ts.
import type { Page } from "@playwright/test";
import type { ConvexHttpClient } from "convex/browser";
import type { PlanId } from "../common/plans";
import { api } from "../convex/_generated/api";
import type { Id } from "../convex/_generated/dataModel";
import { PNG_1X1 } from "./fixtures";

export const TEST_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

/** Types a card into the local checkout's (or portal's) card fields. */
export async function fillCard(
  page: Page,
  card: { number: string; expiry: string; cvc: string } = TEST_CARD,
): Promise<void> {
  await page.getByLabel("Card number").fill(card.number);
  await page.getByLabel("Expiry (MM/YY)").fill(card.expiry);
  await page.getByLabel("CVC").fill(card.cvc);
}

const sessionOf = (url: string) => new URL(url).pathname.split("/").pop()!;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** The owner posts an electrical job in Austin and the pro bids on it. */
export async function postAndBid(
  ownerApi: ConvexHttpClient,
  proApi: ConvexHttpClient,
  title: string,
  price: { priceMin: number; priceMax?: number },
): Promise<{ jobId: Id<"jobs">; bidId: Id<"bids"> }> {
  const jobId = await ownerApi.mutation(api.jobs.create, {
    title,
    description: "Replace the kitchen outlets with tamper-resistant ones.",
    category: "electrical",
    propertyType: "single_family",
    location: "Austin, TX",
    zipCode: "78701",
  });
  const bidId = await proApi.mutation(api.bids.place, {
    jobId,
    ...price,
    message: "Licensed electrician. Replace all outlets and test every circuit.",
    earliestStart: tomorrow(),
    estimatedDuration: "1 day",
  });
  return { jobId, bidId };
}

/** A member buys a plan through the local checkout (the webhook fulfils it, as for a card paid on the page). */
export async function subscribeTo(memberApi: ConvexHttpClient, planId: PlanId): Promise<void> {
  const { url } = await memberApi.action(api.payments.subscriptions.checkout, { planId });
  await memberApi.action(api.payments.local.pay, { sessionId: sessionOf(url), card: TEST_CARD });
}

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
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "image/png" }, body: PNG_1X1 });
  return ((await res.json()) as { storageId: Id<"_storage"> }).storageId;
}

/** The pro starts the funded job and submits completion: the checklist and one photo. */
export async function startAndSubmit(proApi: ConvexHttpClient, jobId: Id<"jobs">, checklist: string[]): Promise<void> {
  await proApi.mutation(api.jobs.act, { jobId, action: "start" });
  const photo = await uploadPhoto(proApi, "completion");
  await proApi.mutation(api.payments.jobs.submitCompletion, { jobId, checklist, photos: [photo] });
}

/**
 * From a new job to its completion in the owner's review: posted, bid on, hired at the bid's
 * price, funded, started and submitted. The pro's payouts must be connected already.
 */
export async function jobAwaitingReview(
  ownerApi: ConvexHttpClient,
  proApi: ConvexHttpClient,
  job: { title: string; priceMin: number; checklist: string[] },
): Promise<Id<"jobs">> {
  const { jobId, bidId } = await postAndBid(ownerApi, proApi, job.title, { priceMin: job.priceMin });
  await ownerApi.mutation(api.bids.accept, { bidId });
  await fundJob(ownerApi, jobId);
  await startAndSubmit(proApi, jobId, job.checklist);
  return jobId;
}

/** From hired to released: payouts, funding, start, documented completion, approval. */
export async function completePaidJob(
  ownerApi: ConvexHttpClient,
  proApi: ConvexHttpClient,
  jobId: Id<"jobs">,
): Promise<void> {
  await connectPayouts(proApi);
  await fundJob(ownerApi, jobId);
  await startAndSubmit(proApi, jobId, ["Work done"]);
  await ownerApi.mutation(api.payments.jobs.approve, { jobId });
}
