// REST routes of the feed and the site search (spec §7), through the real router (`t.fetch`).
import { beforeAll, describe, expect, test } from "vitest";
import { SocialCopy } from "../../common/social";
import { newTest, owner, pro, setupEnv, type TestConvex } from "../test.setup";

beforeAll(setupEnv);

async function call(who: Pick<TestConvex, "fetch">, method: string, path: string, body?: unknown) {
  const r = await who.fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> & { message?: string } };
}

const PNG = `data:image/png;base64,${btoa("\x89PNG\r\n\x1a\n fake image bytes")}`;

type RestPost = { id: string; content: string; hashtags: string[]; images: string[]; isLiked: boolean; user: { firstName: string } };

async function world() {
  const t = newTest();
  const ana = await pro(t, { firstName: "Ana", lastName: "Villanueva", businessName: "Bright Spark" });
  const bo = await owner(t, { firstName: "Bo", lastName: "Chen" });
  return { t, ana, bo };
}

describe("POST, PUT and DELETE /api/social/posts", () => {
  test("the author creates (201, with a photo as a data URL), edits and deletes; hashtags come from content", async () => {
    const { t, ana, bo } = await world();
    const created = await call(ana.as, "POST", "/api/social/posts", {
      content: "New panel #electrical",
      category: "electrical",
      hashtags: ["ignored"],
      images: [PNG],
    });
    expect(created.status).toBe(201);
    const post = created.body.post as RestPost;
    expect(created.body.message).toBe(SocialCopy.created);
    expect(post).toMatchObject({ content: "New panel #electrical", hashtags: ["electrical"], isLiked: false, user: { firstName: "Ana" } });
    expect(post.images).toHaveLength(1);

    const path = `/api/social/posts/${post.id}`;
    expect((await call(bo.as, "PUT", path, { content: "Mine", category: "electrical" })).status).toBe(403);
    expect((await call(t, "PUT", path, { content: "Mine", category: "electrical" })).status).toBe(401);
    // The photo's current URL keeps it.
    const edited = await call(ana.as, "PUT", path, {
      content: "Panel upgrade done #electrical #permit",
      category: "electrical",
      postType: "job_complete",
      images: post.images,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.post).toMatchObject({ hashtags: ["electrical", "permit"], postType: "job_complete", images: post.images });

    expect((await call(bo.as, "DELETE", path)).status).toBe(403);
    expect(await call(ana.as, "DELETE", path)).toEqual({ status: 200, body: { message: SocialCopy.deleted } });
    expect((await call(ana.as, "DELETE", path)).status).toBe(404);
  });

  test("bad input is a 400 with the spec's message; no token is a 401", async () => {
    const { t, ana } = await world();
    const post = (body: unknown) => call(ana.as, "POST", "/api/social/posts", body);
    expect(await post({ content: "", category: "electrical" })).toMatchObject({ status: 400, body: { message: SocialCopy.required } });
    expect(await post({ content: "Hi" })).toMatchObject({ status: 400, body: { message: SocialCopy.required } });
    expect(await post({ content: "Hi", category: "electrical", images: ["data:application/pdf;base64,AAAA"] })).toMatchObject({
      status: 400,
      body: { message: SocialCopy.mediaType },
    });
    const big = `data:image/jpeg;base64,${"A".repeat(Math.ceil((5 * 1024 * 1024 + 10) / 3) * 4)}`;
    expect(await post({ content: "Hi", category: "electrical", images: [big] })).toMatchObject({
      status: 400,
      body: { message: SocialCopy.imageTooLarge },
    });
    expect((await post({ content: "Hi", category: "electrical", images: "x" })).status).toBe(400);
    expect((await call(t, "POST", "/api/social/posts", { content: "Hi", category: "electrical" })).status).toBe(401);
    expect((await call(ana.as, "PUT", "/api/social/posts/zzz", { content: "Hi", category: "electrical" })).status).toBe(400);
  });
});

describe("GET /api/social/feed", () => {
  test("newest first for anyone, filtered by category and postType, isLiked for the token's member, paged", async () => {
    const { t, ana, bo } = await world();
    await call(ana.as, "POST", "/api/social/posts", { content: "Deck #deck", category: "construction" });
    const tip = await call(ana.as, "POST", "/api/social/posts", { content: "Tip: label breakers", category: "electrical", postType: "trade_tip" });
    const tipId = (tip.body.post as RestPost).id;
    await t.run(async (ctx) => {
      const postId = ctx.db.normalizeId("posts", tipId)!;
      await ctx.db.insert("likes", { userId: bo.userId, postId, likeType: "helpful" });
    });
    const feed = await call(t, "GET", "/api/social/feed");
    expect(feed.status).toBe(200);
    expect((feed.body.posts as RestPost[]).map((p) => p.content)).toEqual(["Tip: label breakers", "Deck #deck"]);
    expect((feed.body.posts as RestPost[]).every((p) => !p.isLiked)).toBe(true);
    const mine = await call(bo.as, "GET", "/api/social/feed?postType=trade_tip");
    expect(mine.body.posts).toEqual([expect.objectContaining({ id: tipId, isLiked: true, likeType: "helpful" })]);
    expect(((await call(t, "GET", "/api/social/feed?category=construction")).body.posts as RestPost[]).map((p) => p.content)).toEqual([
      "Deck #deck",
    ]);
    const first = await call(t, "GET", "/api/social/feed?limit=1");
    expect(first.body.nextCursor).not.toBeNull();
    const second = await call(t, "GET", `/api/social/feed?limit=1&cursor=${encodeURIComponent(first.body.nextCursor as string)}`);
    expect((second.body.posts as RestPost[]).map((p) => p.content)).toEqual(["Deck #deck"]);
    expect((await call(t, "GET", "/api/social/feed?category=cars")).status).toBe(400);
  });
});

describe("GET /api/search and GET /api/profile/{id}", () => {
  test("search finds a member by last name and a post by a word; the profile returns posts and real stats", async () => {
    const { t, ana, bo } = await world();
    await call(ana.as, "POST", "/api/social/posts", { content: "Rewired a pergola", category: "electrical" });
    const found = await call(t, "GET", "/api/search?q=Villanueva");
    expect(found.body.users).toEqual([expect.objectContaining({ id: ana.userId, lastName: "Villanueva", businessName: "Bright Spark" })]);
    const posts = await call(t, "GET", "/api/search?q=pergola&type=posts");
    expect(posts.body).toMatchObject({ users: [], posts: [expect.objectContaining({ content: "Rewired a pergola", userId: ana.userId })] });
    expect(await call(t, "GET", "/api/search?q=")).toEqual({ status: 200, body: { users: [], posts: [] } });
    expect((await call(t, "GET", "/api/search?q=x&type=jobs")).status).toBe(400);

    const profile = await call(bo.as, "GET", `/api/profile/${ana.userId}`);
    expect(profile.status).toBe(200);
    expect(profile.body.posts).toEqual([expect.objectContaining({ content: "Rewired a pergola" })]);
    expect(profile.body.stats).toMatchObject({ postsCount: 1, connectionsCount: 0, followersCount: 0, followingCount: 0 });
  });
});
