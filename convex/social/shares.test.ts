// Shares and reposts: counted once per member and kind, a repost is the sharer's post embedding the original
// and reaches their followers' Following tab; deleting the repost takes its share back.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { SocialCopy } from "../../common/social";
import { outcome } from "../authz.setup";
import { newTest, owner, pro, type TestConvex, type TestMember } from "../test.setup";
import { firstPage, insertTestPost } from "./social.setup";

beforeEach(() => vi.useFakeTimers({ now: new Date("2026-11-24T12:00:00Z") }));
afterEach(() => vi.useRealTimers());

async function settle(t: TestConvex) {
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}

async function post(m: TestMember, content: string): Promise<Id<"posts">> {
  const created = await m.as.mutation(api.social.posts.create, { content, category: "construction" });
  if (!("postId" in created) || created.postId === undefined) throw new Error(JSON.stringify(created));
  return created.postId;
}

const sharesCount = async (t: TestConvex, postId: Id<"posts">) =>
  (await t.run((ctx) => ctx.db.get("posts", postId)))!.sharesCount;

describe("share", () => {
  test("a share counts once per member; the author is told", async () => {
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const bo = await pro(t, { firstName: "Bo", lastName: "Lane" });
    const postId = await post(ana, "New deck stain #decks");
    const first = await bo.as.mutation(api.social.shares.share, { postId, shareType: "share" });
    expect(first.repostId).toBeNull();
    expect(await bo.as.mutation(api.social.shares.share, { postId, shareType: "share", comment: "again" })).toEqual(
      first,
    );
    expect(await sharesCount(t, postId)).toBe(1);
    const told = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", ana.userId))
        .collect(),
    );
    expect(told.map((n) => [n.type, n.title])).toEqual([["share", "Bo Lane shared your post"]]);
  });

  test("a repost is the sharer's post with the original embedded, in their followers' Following tab", async () => {
    const t = newTest();
    const ana = await owner(t, { firstName: "Ana", lastName: "Reyes" });
    const bo = await pro(t, { firstName: "Bo", lastName: "Lane" });
    const cy = await pro(t, { firstName: "Cy", lastName: "Park" });
    await cy.as.mutation(api.social.follows.follow, { userId: bo.userId });
    const postId = await post(ana, "Finished the pergola #outdoor");
    const { repostId } = await bo.as.mutation(api.social.shares.share, {
      postId,
      shareType: "repost",
      comment: "Look at this joinery",
    });
    expect(repostId).not.toBeNull();
    await settle(t);
    expect(await sharesCount(t, postId)).toBe(1);

    const feed = await cy.as.query(api.social.posts.following, { paginationOpts: firstPage });
    expect(feed.page.map((p) => p._id)).toEqual([repostId]);
    expect(feed.page[0]).toMatchObject({
      isRepost: true,
      content: "Look at this joinery",
      author: { firstName: "Bo" },
    });
    expect(feed.page[0]!.repostOf).toMatchObject({ _id: postId, content: "Finished the pergola #outdoor" });

    // Reposting the repost reposts the original (once: Bo already has).
    expect((await bo.as.mutation(api.social.shares.share, { postId: repostId!, shareType: "repost" })).repostId).toBe(
      repostId,
    );
    const cyRepost = await cy.as.mutation(api.social.shares.share, { postId: repostId!, shareType: "repost" });
    expect((await t.run((ctx) => ctx.db.get("posts", cyRepost.repostId!)))!.repostOfId).toBe(postId);
    expect(await sharesCount(t, postId)).toBe(2);

    // Bo deletes his repost: his share goes with it.
    await bo.as.mutation(api.social.posts.remove, { postId: repostId! });
    await settle(t);
    expect(await sharesCount(t, postId)).toBe(1);
    const rows = await t.run((ctx) => ctx.db.query("shares").collect());
    expect(rows.map((r) => r.userId)).toEqual([cy.userId]);
  });

  test("refused: anonymous, a hidden post, a too-long comment; invalid kinds by the validator", async () => {
    const t = newTest();
    const ana = await owner(t);
    const bo = await pro(t);
    const hidden = await insertTestPost(t, ana.userId, { visible: false, moderationStatus: "flagged" });
    const visible = await insertTestPost(t, ana.userId);
    const anon = await outcome(t.mutation(api.social.shares.share, { postId: visible, shareType: "share" }));
    expect(anon.ok ? null : anon.code).toBe("NOT_AUTHENTICATED");
    const gone = await outcome(bo.as.mutation(api.social.shares.share, { postId: hidden, shareType: "repost" }));
    expect(gone.ok ? null : (gone.error as { data: { message: string } }).data.message).toBe(SocialCopy.postNotFound);
    const long = await outcome(
      bo.as.mutation(api.social.shares.share, { postId: visible, shareType: "share", comment: "x".repeat(501) }),
    );
    expect(long.ok ? null : (long.error as { data: { message: string } }).data.message).toBe(
      SocialCopy.tooLong("Comment", 500),
    );
    await expect(
      bo.as.mutation(api.social.shares.share, { postId: visible, shareType: "quote" as "share" }),
    ).rejects.toThrow();
    expect(await sharesCount(t, visible)).toBe(0);
  });
});
