// Documents read by the community feed at two table sizes (issue 13): Latest (with and
// without filters), Following, a member's posts, one post with its comments, trending and
// search must not grow with the posts table. Seeds the demo users (seed/run:run, no jobs);
// the demo professional follows the demo homeowner and comments 60 times on one of their
// posts (seed/benchFeed:setupFeed); posts then alternate between the two
// (seed/benchFeed:benchPosts). See bench/README.md.
//
//   node --import tsx bench/feed.ts [--sizes 1000,100000]
import { FIRST_PAGE as page, readCase as c, seedDemoUsers } from "./lib/demo";
import { runReadsBench, sizesFlag } from "./lib/reads";

let owner = "";
let pro = "";
const BATCH = 500;

await runReadsBench({
  name: "feed",
  rowsLabel: "posts",
  sizes: sizesFlag(process.argv, "1000,100000"),
  async setup(call) {
    ({ owner, pro } = await seedDemoUsers(call));
    const postId = (await call("seed/benchFeed:setupFeed", { readerId: pro, authorId: owner })).value as string;
    return [
      c("latest (visitor)", "social/posts:latest", { paginationOpts: page }),
      c("latest (member: likes)", "social/posts:latest", { paginationOpts: page }, pro),
      c("latest, category", "social/posts:latest", { category: "plumbing", paginationOpts: page }, pro),
      c("latest, category + type", "social/posts:latest", { category: "plumbing", postType: "trade_tip", paginationOpts: page }, pro),
      c("latest, #tag", "social/posts:latest", { tag: "kitchen", paginationOpts: page }, pro),
      c("following", "social/posts:following", { paginationOpts: page }, pro),
      c("a member's posts", "social/posts:byAuthor", { userId: owner, paginationOpts: page }, pro),
      c("one post", "social/posts:get", { postId }, pro),
      c("its comments (page of 20)", "social/comments:list", { postId, paginationOpts: page }, pro),
      c("trending tags", "social/posts:trending", {}),
      c("search posts 'finished'", "search:search", { q: "finished", type: "posts" }, pro),
    ];
  },
  async grow(call, from, to) {
    for (let start = from; start < to; start += BATCH) {
      await call("seed/benchFeed:benchPosts", {
        authorIds: [owner, pro],
        followerId: pro,
        followedId: owner,
        start,
        count: Math.min(BATCH, to - start),
      });
    }
  },
});
