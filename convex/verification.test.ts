// Email verification means something (issue 11): a review and referral points need a verified
// email; browsing and messaging don't. Verification happens through the emailed link only.
import { ConvexError } from "convex/values";
import { beforeAll, describe, expect, test } from "vitest";
import { ErrorCode, verifyEmailFirst } from "../common/errors";
import { REFERRAL_POINTS } from "../common/profile";
import { api } from "./_generated/api";
import { errorResponse } from "./http/rest";
import { bid, deliveredEmails, errorOf, newTest, owner, pro, project, setupEnv, type TestConvex, type TestMember, userRow, useOutbox, withoutPayment } from "./test.setup";

beforeAll(setupEnv);

/** The member verifies as they would: asks for a link, and opens the emailed one. */
async function verifyThroughEmail(t: TestConvex, member: TestMember) {
  const { email } = await userRow(t, member.userId);
  await member.as.action(api.emailVerification.resend, {});
  const mail = (await deliveredEmails(t, "desc")).find((m) => m.to === email && m.kind === "email_verification");
  if (!mail) throw new Error(`no verification email to ${email}`);
  const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
  await t.mutation(api.emailVerification.verify, { token });
}

/** A job of `customer`'s that `p` took and finished (confirmed): ready for its review. */
async function completedJob(customer: TestMember, p: TestMember) {
  const jobId = await customer.as.mutation(api.jobs.create, project());
  const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid() });
  await customer.as.mutation(api.bids.accept, { bidId });
  await withoutPayment(customer.as, jobId);
  await p.as.mutation(api.jobs.act, { jobId, action: "start" });
  await p.as.mutation(api.jobs.act, { jobId, action: "markDone" });
  await customer.as.mutation(api.jobs.act, { jobId, action: "confirmCompletion" });
  return jobId;
}

const review = { rating: 5, title: "Quick and tidy", content: "Fixed it in an hour." };

describe("reviews need a verified email", () => {
  test("refused while unverified (EMAIL_NOT_VERIFIED, REST 403), allowed after the emailed link", async () => {
    const t = newTest();
    useOutbox(t);
    const customer = await owner(t);
    const p = await pro(t);
    const jobId = await completedJob(customer, p);

    const refused = await errorOf(customer.as.mutation(api.reviews.create, { jobId, ...review }));
    expect(refused).toEqual({ code: ErrorCode.EMAIL_NOT_VERIFIED, message: verifyEmailFirst("write a review") });
    // The REST layer answers this code as a 403 with the same message.
    const answer = errorResponse(new ConvexError({ code: refused.code, message: refused.message }));
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual(refused);
    expect((await userRow(t, p.userId)).reviewCount ?? 0).toBe(0);

    // Browsing and messaging don't need it.
    await customer.as.query(api.reviews.list, { paginationOpts: { numItems: 10, cursor: null } });
    await customer.as.mutation(api.messages.send, { receiverId: p.userId, content: "Thanks again!" });

    await verifyThroughEmail(t, customer);
    await customer.as.mutation(api.reviews.create, { jobId, ...review });
    expect(await userRow(t, p.userId)).toMatchObject({ rating: 5, reviewCount: 1 });
  });
});

describe("referral points need a verified email", () => {
  test("deferred while the referrer is unverified, awarded once at verification", async () => {
    const t = newTest();
    useOutbox(t);
    const referrer = await pro(t, { firstName: "Rita" });
    const backup = await pro(t, { firstName: "Ben" });
    const customer = await owner(t);
    const connectionId = await referrer.as.mutation(api.connections.request, { userId: backup.userId });
    await backup.as.mutation(api.connections.respond, { connectionId, accept: true });
    await referrer.as.mutation(api.backup.setMember, { userId: backup.userId, member: true });
    const jobId = await customer.as.mutation(api.jobs.create, project());
    const { referralId } = await referrer.as.mutation(api.backup.shareJob, { jobId });
    const bidId = await backup.as.mutation(api.backup.take, { referralId, ...bid() });
    await customer.as.mutation(api.bids.accept, { bidId });
    await withoutPayment(t, jobId);
    await backup.as.mutation(api.jobs.act, { jobId, action: "start" });
    await backup.as.mutation(api.jobs.act, { jobId, action: "markDone" });
    await customer.as.mutation(api.jobs.act, { jobId, action: "confirmCompletion" });

    // Completed, but the points wait: the referrer is told to verify.
    expect((await userRow(t, referrer.userId)).referralPoints ?? 0).toBe(0);
    expect((await referrer.as.query(api.profiles.reputation, { userId: referrer.userId })).events).toEqual([]);
    const referral = await t.run((ctx) => ctx.db.get(referralId));
    expect(referral).toMatchObject({ status: "completed", pointsDeferred: true });

    await verifyThroughEmail(t, referrer);
    expect((await userRow(t, referrer.userId)).referralPoints).toBe(REFERRAL_POINTS);
    const ledger = await referrer.as.query(api.profiles.reputation, { userId: referrer.userId });
    expect(ledger.total).toBe(REFERRAL_POINTS);
    expect(ledger.events).toHaveLength(1);

    // A second verification (another link) pays nothing more.
    await t.run((ctx) => ctx.db.patch(referrer.userId, { emailVerificationTime: undefined }));
    await verifyThroughEmail(t, referrer);
    expect((await userRow(t, referrer.userId)).referralPoints).toBe(REFERRAL_POINTS);
    expect((await referrer.as.query(api.profiles.reputation, { userId: referrer.userId })).events).toHaveLength(1);
  });
});
