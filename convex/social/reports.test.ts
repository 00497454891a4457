import { describe, expect, test } from "vitest";
import { api } from "../_generated/api";

import { SocialCopy } from "../../common/social";
import { newTest, owner, pro, publishPost } from "../test.setup";

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { data?: { code: string; message: string } }) => e.data,
  );

describe("report", () => {
  test("a member reports a post once (while open) with a reason from the list; never their own", async () => {
    const t = newTest();
    const ana = await pro(t, { firstName: "Ana" });
    const bo = await owner(t, { firstName: "Bo" });
    const postId = await publishPost(ana);
    const { reportId } = await bo.as.mutation(api.social.reports.report, { postId, reason: "spam", description: " Same ad every day " });
    expect(await t.run((ctx) => ctx.db.get("moderationReports", reportId))).toMatchObject({
      reporterId: bo.userId,
      postId,
      reason: "spam",
      description: "Same ad every day",
      status: "pending",
    });
    expect(await failure(bo.as.mutation(api.social.reports.report, { postId, reason: "other" }))).toMatchObject({
      code: "INVALID_INPUT",
      message: SocialCopy.alreadyReported,
    });
    // Once a moderator closed it, the member may report again.
    await t.run((ctx) => ctx.db.patch("moderationReports", reportId, { status: "dismissed" }));
    await bo.as.mutation(api.social.reports.report, { postId, reason: "other" });

    expect(await failure(ana.as.mutation(api.social.reports.report, { postId, reason: "spam" }))).toMatchObject({
      message: SocialCopy.ownReport,
    });
    expect(await failure(bo.as.mutation(api.social.reports.report, { postId, reason: "rude" }))).toMatchObject({
      code: "INVALID_INPUT",
    });
    expect(await failure(t.mutation(api.social.reports.report, { postId, reason: "spam" }))).toMatchObject({
      code: "NOT_AUTHENTICATED",
    });
    expect(await failure(bo.as.mutation(api.social.reports.report, { reason: "spam" }))).toMatchObject({ code: "INVALID_INPUT" });
  });

  test("a held post can't be reported by others (it looks absent); a comment is reported with its post", async () => {
    const t = newTest();
    const ana = await pro(t, { firstName: "Ana" });
    const bo = await owner(t, { firstName: "Bo" });
    const held = await publishPost(ana, "This is shit");
    expect(await failure(bo.as.mutation(api.social.reports.report, { postId: held, reason: "spam" }))).toMatchObject({
      code: "NOT_FOUND",
    });
    const postId = await publishPost(ana);
    const commentId = await t.run((ctx) =>
      ctx.db.insert("comments", {
        postId,
        authorId: ana.userId,
        content: "Buy now",
        mentions: [],
        likesCount: 0,
        repliesCount: 0,
        moderationStatus: "approved",
        moderationConfidence: 1,
        moderationFlags: [],
        visible: true,
      }),
    );
    const { reportId } = await bo.as.mutation(api.social.reports.report, { commentId, reason: "spam" });
    expect(await t.run((ctx) => ctx.db.get("moderationReports", reportId))).toMatchObject({ postId, commentId });
    // The comment's report is not a report of the post.
    await bo.as.mutation(api.social.reports.report, { postId, reason: "off_topic" });
    expect(await failure(bo.as.mutation(api.social.reports.report, { commentId, reason: "spam" }))).toMatchObject({
      message: SocialCopy.alreadyReported,
    });
  });
});
