// A removed post's photos and videos are deleted from storage on every removal path (issue 29,
// finding 4): a storage URL is served to anyone who has it, so hiding or deleting the post row
// alone would leave the media public. Paths: the author's delete, a moderator's remove or ban, the
// cleanup's removal (restorable as text only) and its purge, the account purge.
import { beforeAll, describe, expect, test } from "vitest";
import { ACCOUNT_PURGE_AFTER_MS } from "../../common/account";
import { api, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { RESTORE_MS } from "../model/cleanup";
import { createUser, fileBlob, firstPage, newTest, owner, setupEnv, type TestConvex, type TestMember } from "../test.setup";
import { insertTestPost } from "./social.setup";

beforeAll(setupEnv);

const OFFENSIVE = "This is fucking shit work";

const storeImage = (t: TestConvex) =>
  t.run((ctx) => ctx.storage.store(fileBlob(200, "image/png")));

/** A post with one photo, through social/posts:create (claimed and attached as the app does). */
async function mediaPost(t: TestConvex, m: TestMember, content = "New deck #deck") {
  const storageId = await storeImage(t);
  const result = await m.as.mutation(api.social.posts.create, {
    content,
    category: "construction",
    media: [{ storageId, kind: "image" }],
  });
  if (!("postId" in result) || result.postId === undefined) throw new Error(JSON.stringify(result));
  return { postId: result.postId, storageId };
}

/** A post whose photo was stored before files were tracked: no files row names an owner. */
async function legacyMediaPost(t: TestConvex, m: TestMember) {
  const storageId = await storeImage(t);
  const postId = await insertTestPost(t, m.userId, { media: [{ storageId, kind: "image" }] });
  return { postId, storageId };
}

/** What is left of a stored file: its URL, its bytes and its files row. */
const leftOf = (t: TestConvex, storageId: Id<"_storage">) =>
  t.run(async (ctx) => ({
    url: await ctx.storage.getUrl(storageId),
    bytes: await ctx.db.system.get(storageId),
    row: await ctx.db
      .query("files")
      .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
      .unique(),
  }));
const GONE = { url: null, bytes: null, row: null };

describe("a removed post's media are deleted", () => {
  test("the author's delete: tracked and legacy media", async () => {
    const t = newTest();
    const bo = await owner(t, { firstName: "Bo" });
    const tracked = await mediaPost(t, bo);
    const legacy = await legacyMediaPost(t, bo);
    expect((await leftOf(t, tracked.storageId)).url).not.toBeNull();
    await bo.as.mutation(api.social.posts.remove, { postId: tracked.postId });
    await bo.as.mutation(api.social.posts.remove, { postId: legacy.postId });
    expect(await leftOf(t, tracked.storageId)).toEqual(GONE);
    expect(await leftOf(t, legacy.storageId)).toEqual(GONE);
  });

  test("a moderator's remove (from a report or the post) and a ban from the queue", async () => {
    const t = newTest();
    const admin = await createUser(t, { role: "admin" });
    const bo = await owner(t, { firstName: "Bo" });
    const cy = await owner(t, { firstName: "Cy" });
    const reported = await mediaPost(t, bo);
    const direct = await mediaPost(t, bo, "Another deck #deck");
    const banned = await mediaPost(t, cy, "Buy my stuff #deck");
    const { reportId } = await cy.as.mutation(api.social.reports.report, { postId: reported.postId, reason: "spam" });
    await admin.as.mutation(api.admin.moderation.remove, { reportId });
    await admin.as.mutation(api.admin.moderation.remove, { postId: direct.postId });
    await admin.as.mutation(api.admin.moderation.ban, { postId: banned.postId });
    for (const p of [reported, direct, banned]) {
      expect(await t.run((ctx) => ctx.db.get("posts", p.postId))).toBeNull();
      expect(await leftOf(t, p.storageId)).toEqual(GONE);
    }
  });

  test("the cleanup's removal deletes them at once; a restore brings the text back without them; a repost shows none", async () => {
    const t = newTest();
    const admin = await createUser(t, { role: "admin", firstName: "Ada", lastName: "Admin" });
    const bo = await owner(t, { firstName: "Bo" });
    const cy = await owner(t, { firstName: "Cy" });
    const post = await mediaPost(t, bo, OFFENSIVE);
    expect((await t.run((ctx) => ctx.db.get("posts", post.postId)))?.moderationStatus).toBe("flagged");
    // A moderator approves it first, so others can share it; then it is flagged again.
    await admin.as.mutation(api.admin.moderation.approve, { postId: post.postId });
    const { repostId } = await cy.as.mutation(api.social.shares.share, { postId: post.postId, shareType: "repost" });
    const repostView = async () => (await cy.as.query(api.social.posts.get, { postId: repostId! }))!.repostOf;
    expect((await repostView())?.media).toEqual([{ url: expect.any(String), kind: "image" }]);
    await t.run((ctx) => ctx.db.patch("posts", post.postId, { moderationStatus: "flagged", moderationConfidence: 0.3 }));

    await admin.as.mutation(api.admin.cleanup.run, { userIds: [], postIds: [post.postId] });
    expect(await leftOf(t, post.storageId)).toEqual(GONE);
    const removed = (await t.run((ctx) => ctx.db.get("posts", post.postId)))!;
    expect(removed).toMatchObject({ moderationStatus: "rejected", visible: false, media: [] });
    // Cy's repost embeds nothing of it.
    expect(await repostView()).toBeNull();

    const run = (await admin.as.query(api.admin.cleanup.runs, { paginationOpts: firstPage })).page[0]!;
    await admin.as.mutation(api.admin.cleanup.restore, { itemId: run.items[0]!.id });
    const back = (await t.run((ctx) => ctx.db.get("posts", post.postId)))!;
    expect(back).toMatchObject({ content: OFFENSIVE, media: [] });
  });

  test("the cleanup purge deletes the media of a post removed before they were freed at removal", async () => {
    const t = newTest();
    const bo = await owner(t, { firstName: "Bo" });
    const post = await mediaPost(t, bo, OFFENSIVE);
    // As an earlier cleanup left it: rejected, media still held, its 30 days over.
    await t.run(async (ctx) => {
      await ctx.db.patch("posts", post.postId, { moderationStatus: "rejected", visible: false });
      const runId = await ctx.db.insert("cleanupRuns", {
        kind: "scheduled",
        startedAt: Date.now() - RESTORE_MS - 1,
        finishedAt: Date.now() - RESTORE_MS - 1,
        deletedUsers: 0,
        deletedPosts: 1,
        restored: 0,
        purgeAt: Date.now() - 1,
        purged: false,
      });
      await ctx.db.insert("cleanupItems", {
        runId,
        kind: "post",
        postId: post.postId,
        label: OFFENSIVE,
        why: "Flagged inappropriate",
        previousStatus: "flagged",
        state: "removed",
      });
    });
    await t.mutation(internal.admin.cleanup.purgeDue, {});
    expect(await t.run((ctx) => ctx.db.get("posts", post.postId))).toBeNull();
    expect(await leftOf(t, post.storageId)).toEqual(GONE);
  });

  test("the account purge: tracked and legacy media", async () => {
    const t = newTest();
    const bo = await owner(t, { firstName: "Bo" });
    const tracked = await mediaPost(t, bo);
    const legacy = await legacyMediaPost(t, bo);
    await t.run((ctx) => ctx.db.patch("users", bo.userId, { deletedAt: Date.now() - ACCOUNT_PURGE_AFTER_MS - 1 }));
    expect(await t.mutation(internal.accountDeletion.purgeDue, {})).toMatchObject({ purged: 1 });
    for (const p of [tracked, legacy]) {
      expect(await t.run((ctx) => ctx.db.get("posts", p.postId))).toBeNull();
      expect(await leftOf(t, p.storageId)).toEqual(GONE);
    }
  });

  test("a file recorded as someone else's is never deleted with a post that names it", async () => {
    const t = newTest();
    const bo = await owner(t, { firstName: "Bo" });
    const cy = await owner(t, { firstName: "Cy" });
    const theirs = await mediaPost(t, cy);
    // A row written before claims were checked: Bo's post names Cy's photo.
    const postId = await insertTestPost(t, bo.userId, { media: [{ storageId: theirs.storageId, kind: "image" }] });
    await bo.as.mutation(api.social.posts.remove, { postId });
    const left = await leftOf(t, theirs.storageId);
    expect(left.url).not.toBeNull();
    expect(left.row).toMatchObject({ uploaderId: cy.userId, attachedTo: theirs.postId });
  });
});
