// The demo community feed (issue 13 "Demo data"): posts across categories and
// types by the demo accounts and seeded members, with photos the repo ships
// (./feedImages.ts, drawn by scripts/feed-images.mjs), comments and replies,
// likes of each type, follows both ways for the demo accounts, shares and a
// repost, hashtags and mentions. All through the app's own model functions
// (insertPost, insertComment, toggleLike, followUser, sharePost, claimFile),
// so counts, tags, the Following tab and notifications are what the app writes.
import { v } from "convex/values";
import { mentionToken, SOCIAL_LIMITS, type LikeType, type PostCategory, type PostType } from "../../common/social";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { ActionCtx, QueryCtx } from "../_generated/server";
import { internalMutation, internalQuery } from "../functions";
import { insertComment } from "../model/comments";
import { attachFile, claimFile } from "../model/files";
import { followUser } from "../model/follows";
import { toggleLike } from "../model/likes";
import { fileReport } from "../model/moderation";
import { insertPost } from "../model/posts";
import { sharePost } from "../model/shares";
import { DEMO_ACCOUNTS } from "./data";
import { FEED_IMAGES, type FeedImage } from "./feedImages";

/** "pro", "owner", "admin" (the demo accounts), "p0".."p7" (seeded professionals), "h0".."h2" (seeded homeowners). */
type Who = "pro" | "owner" | "admin" | `p${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7}` | `h${0 | 1 | 2}`;

interface DemoComment {
  by: Who;
  text: string;
  replies?: { by: Who; text: string }[];
}

interface DemoPost {
  by: Who;
  postType: PostType;
  category: PostCategory;
  /** `{pro}`, `{owner}`, `{p0}`… become that member's @mention. */
  content: string;
  images?: FeedImage[];
  location?: string;
  projectBudget?: string;
  comments?: DemoComment[];
  likes?: [Who, LikeType][];
}

/** Oldest first: the last ones head the Latest tab. */
export const DEMO_POSTS: readonly DemoPost[] = [
  {
    by: "p0",
    postType: "trade_tip",
    category: "plumbing",
    content:
      "Before you replace a running toilet, check the flapper chain length. Nine times out of ten it is too short or tangled. #plumbing #diy",
    likes: [
      ["owner", "helpful"],
      ["h0", "helpful"],
      ["pro", "like"],
    ],
    comments: [{ by: "h0", text: "This was exactly it. Saved me a service call, thank you!" }],
  },
  {
    by: "p1",
    postType: "project_showcase",
    category: "landscaping",
    content:
      "Flagstone path and native beds for a backyard in Zilker. Drought tolerant, almost no mowing left. #landscaping #xeriscape #austin",
    images: ["garden"],
    location: "Zilker, Austin TX",
    projectBudget: "$6,500",
    likes: [
      ["owner", "inspiring"],
      ["h1", "inspiring"],
      ["p2", "like"],
      ["admin", "like"],
    ],
    comments: [
      {
        by: "owner",
        text: "Love the plant choices. What did you use for the ground cover between the stones?",
        replies: [{ by: "p1", text: "Silver ponyfoot. It fills in within a season and takes foot traffic fine." }],
      },
    ],
  },
  {
    by: "h0",
    postType: "job_complete",
    category: "roofing",
    content: "New roof is on after the hail storm. Crew was done in two days and cleaned up every nail. #roofing #hail",
    images: ["roof"],
    likes: [
      ["p3", "like"],
      ["pro", "like"],
    ],
    comments: [{ by: "p3", text: "Glad it went smoothly. Keep the paperwork for your insurer." }],
  },
  {
    by: "pro",
    postType: "trade_tip",
    category: "electrical",
    content:
      "If a breaker trips every time the microwave and kettle run together, that circuit is overloaded, not faulty. Ask for a dedicated kitchen circuit. #electrical #safety",
    likes: [
      ["owner", "helpful"],
      ["h1", "helpful"],
      ["p4", "like"],
      ["p0", "helpful"],
    ],
    comments: [
      {
        by: "h1",
        text: "Ours does exactly this. Is it a big job to add a circuit?",
        replies: [
          { by: "pro", text: "Usually half a day if the panel has space. Send me a message and I can take a look." },
        ],
      },
    ],
  },
  {
    by: "p2",
    postType: "tool_review",
    category: "flooring",
    content:
      "Six months with a cordless flooring nailer: no compressor hose across the room, about 1,200 cleats per charge. Worth it for a small crew. #flooring #tools",
    likes: [
      ["p5", "helpful"],
      ["pro", "like"],
    ],
  },
  {
    by: "p3",
    postType: "before_after",
    category: "renovation",
    content:
      "Kitchen before and after: dark cabinets and a dropped ceiling out, white tile and open shelving in. Four weeks start to finish. #renovation #kitchen #beforeandafter",
    images: ["kitchen"],
    location: "Round Rock, TX",
    projectBudget: "$38,000",
    likes: [
      ["owner", "inspiring"],
      ["h0", "inspiring"],
      ["h2", "like"],
      ["pro", "inspiring"],
      ["p1", "like"],
    ],
    comments: [
      { by: "h2", text: "That is a different room. How did you handle the soffit wiring?" },
      { by: "pro", text: "Clean tile work, {p3}. The shelf brackets are a nice touch." },
    ],
  },
  {
    by: "owner",
    postType: "project_showcase",
    category: "landscaping",
    content:
      "Our spring project: raised beds and a gravel path. {pro} helped with the irrigation timer. #gardening #raisedbeds",
    images: ["garden"],
    location: "South Lamar, Austin TX",
    likes: [
      ["pro", "like"],
      ["p1", "inspiring"],
      ["h0", "like"],
    ],
    comments: [{ by: "p1", text: "Great layout. Mulch between the beds will keep the weeds down." }],
  },
  {
    by: "p4",
    postType: "work_progress",
    category: "hvac",
    content:
      "Day two of a full system swap: the new condenser is set and the line set is pressure tested. Startup tomorrow. #hvac #austinsummer",
    images: ["condenser"],
    likes: [
      ["pro", "like"],
      ["p0", "like"],
    ],
  },
  {
    by: "p5",
    postType: "trade_tip",
    category: "painting",
    content:
      "Always box your paint: mix every gallon for a room in one bucket first, so a color difference between cans never shows on the wall. #painting #protip",
    images: ["paint"],
    likes: [
      ["owner", "helpful"],
      ["h2", "helpful"],
      ["p2", "helpful"],
      ["pro", "like"],
    ],
    comments: [{ by: "owner", text: "Never heard of boxing before. Doing this on our hallway next week." }],
  },
  {
    by: "h1",
    postType: "job_complete",
    category: "plumbing",
    content:
      "Tankless water heater installed this week. Endless hot showers and a closet back. Thanks {p0}! #plumbing #tankless",
    likes: [
      ["p0", "like"],
      ["owner", "like"],
    ],
    comments: [{ by: "p0", text: "Happy to help. Flush it once a year and it will last." }],
  },
  {
    by: "p6",
    postType: "project_showcase",
    category: "construction",
    content:
      "Framing is up for a 400 square foot garage apartment. Engineered joists for the long span over the living room. #construction #adu",
    likes: [
      ["pro", "inspiring"],
      ["p3", "like"],
    ],
  },
  {
    by: "p7",
    postType: "before_after",
    category: "flooring",
    content:
      "Refinished original oak under three layers of carpet. Sanded, one coat of natural oil, no stain. #flooring #hardwood #beforeandafter",
    likes: [
      ["owner", "inspiring"],
      ["h1", "inspiring"],
      ["p2", "like"],
    ],
  },
  {
    by: "pro",
    postType: "work_progress",
    category: "electrical",
    content:
      "Panel upgrade in progress: 100 amp out, 200 amp in, with room for an EV charger later. Inspection Thursday. #electrical #panelupgrade #ev",
    images: ["panel"],
    location: "East Austin, TX",
    likes: [
      ["p4", "like"],
      ["p6", "helpful"],
      ["owner", "like"],
      ["admin", "like"],
    ],
    comments: [
      {
        by: "p4",
        text: "Nice clean runs. Are you pulling a separate permit for the charger?",
        replies: [{ by: "pro", text: "Same permit, the inspector is fine with it on one job." }],
      },
    ],
  },
  {
    by: "h2",
    postType: "project_showcase",
    category: "painting",
    content:
      "Painted the whole downstairs ourselves this weekend. Blue-gray in the living room, warm white everywhere else. #painting #diy",
    likes: [
      ["p5", "inspiring"],
      ["owner", "like"],
    ],
    comments: [{ by: "p5", text: "Crisp cut lines. That blue-gray reads great with the oak floor." }],
  },
  {
    by: "p0",
    postType: "before_after",
    category: "renovation",
    content:
      "Tub to walk-in shower conversion: curbless entry, linear drain and large format tile. #bathroom #renovation #beforeandafter",
    images: ["shower"],
    projectBudget: "$14,500",
    likes: [
      ["owner", "inspiring"],
      ["h0", "inspiring"],
      ["h1", "like"],
      ["pro", "helpful"],
    ],
    comments: [{ by: "h0", text: "Curbless is so much nicer. How did you get the slope right?" }],
  },
  {
    by: "admin",
    postType: "trade_tip",
    category: "maintenance",
    content:
      "Welcome to the Rafter community feed! Share finished jobs, work in progress and tips. Tag posts with #hashtags so neighbors can find them. #rafter #community",
    likes: [
      ["pro", "like"],
      ["owner", "like"],
      ["p1", "like"],
      ["h2", "like"],
    ],
  },
  {
    by: "p1",
    postType: "trade_tip",
    category: "maintenance",
    content:
      "Fall checklist: clean the gutters, test the sprinkler backflow valve and swap the HVAC filter. Thirty minutes now saves a repair later. #maintenance #fall",
    likes: [
      ["owner", "helpful"],
      ["h1", "helpful"],
      ["h2", "helpful"],
    ],
  },
  {
    by: "owner",
    postType: "job_complete",
    category: "renovation",
    content:
      "Our kitchen outlets are finally up to code. {pro} replaced all six with GFCI outlets and labeled the panel. Recommend! #electrical #homeowner",
    likes: [
      ["pro", "like"],
      ["h0", "like"],
      ["p4", "helpful"],
    ],
    comments: [
      {
        by: "pro",
        text: "Thanks Hannah, it was a pleasure. Test them monthly with the button.",
        replies: [{ by: "owner", text: "Will do!" }],
      },
    ],
  },
  {
    by: "p3",
    postType: "tool_review",
    category: "construction",
    content:
      "Laser level vs. string line for a long deck ledger: the laser saved an hour and a helper. String line still lives in the truck. #tools #decks",
    likes: [
      ["p6", "helpful"],
      ["pro", "helpful"],
    ],
  },
  {
    by: "pro",
    postType: "project_showcase",
    category: "construction",
    content:
      "Cedar deck with a built-in bench and low voltage step lights, finished today for a family in Travis Heights. #decks #cedar #outdoorliving",
    images: ["deck", "garden"],
    location: "Travis Heights, Austin TX",
    projectBudget: "$18,000",
    likes: [
      ["owner", "inspiring"],
      ["p0", "like"],
      ["p1", "inspiring"],
      ["p3", "like"],
      ["h0", "inspiring"],
      ["h2", "like"],
      ["admin", "inspiring"],
    ],
    comments: [
      {
        by: "owner",
        text: "Beautiful work, {pro}! The bench is exactly what we want for ours.",
        replies: [{ by: "pro", text: "Thank you! Happy to sketch one for your yard." }],
      },
      { by: "p3", text: "Those step lights are a great safety detail." },
    ],
  },
];

/** Follows, [follower, followed]: the demo accounts follow and are followed. */
const DEMO_FOLLOWS: readonly [Who, Who][] = [
  ["owner", "pro"],
  ["owner", "p1"],
  ["owner", "p3"],
  ["owner", "p5"],
  ["pro", "p0"],
  ["pro", "p3"],
  ["pro", "p4"],
  ["pro", "owner"],
  ["admin", "pro"],
  ["admin", "owner"],
  ["p0", "pro"],
  ["p1", "pro"],
  ["p3", "pro"],
  ["p4", "pro"],
  ["p6", "pro"],
  ["h0", "owner"],
  ["h1", "pro"],
  ["h2", "p5"],
  ["p1", "owner"],
];

/** Shares of the posts above (by index): [sharer, post, kind, comment]. */
const DEMO_SHARES: readonly [Who, number, "share" | "repost", string | undefined][] = [
  ["p1", DEMO_POSTS.length - 1, "repost", "Great craftsmanship from a fellow Austin pro"],
  ["owner", 5, "share", undefined],
  ["h0", 3, "share", undefined],
];

/** Open reports on the posts above (by index), so the demo admin's Moderation queue has work waiting. */
const DEMO_REPORTS: readonly [Who, number, "spam" | "off_topic" | "inappropriate", string][] = [
  ["h1", 4, "spam", "The same offer is posted in three groups this week."],
  ["owner", 5, "off_topic", "Not about a project; reads like an advert."],
];

const SEEDED_EMAIL = /@example\.com$/;

async function byEmail(ctx: QueryCtx, email: string): Promise<Doc<"users"> | null> {
  return await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", email))
    .first();
}

/** Whether the demo feed is there: the demo professional has the last demo post. */
export async function demoFeedDone(ctx: QueryCtx, proId: Id<"users">): Promise<boolean> {
  const last = DEMO_POSTS[DEMO_POSTS.length - 1]!.content;
  const own = await ctx.db
    .query("posts")
    .withIndex("by_authorId", (q) => q.eq("authorId", proId))
    .order("desc")
    .take(20);
  return own.some((p) => p.content === last);
}

export const feedDone = internalQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => {
    const pro = await byEmail(ctx, DEMO_ACCOUNTS[1]!.email);
    return pro !== null && (await demoFeedDone(ctx, pro._id));
  },
});

/** Seeded (generated, not demo) members of a type, a few. */
async function seededMembers(ctx: QueryCtx, userType: "professional" | "homeowner", count: number) {
  const rows = await ctx.db
    .query("users")
    .withIndex("by_userType", (q) => q.eq("userType", userType))
    .take(200);
  return rows.filter((u) => u.seeded && SEEDED_EMAIL.test(u.email ?? "") && u.firstName).slice(0, count);
}

/** How many photos the demo posts use (each is its own stored file). */
export const DEMO_PHOTO_COUNT = DEMO_POSTS.reduce((n, p) => n + (p.images?.length ?? 0), 0);

export function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Run from seed/run:run (an action: only actions store files): stores each demo photo and writes
 * the feed. Nothing when it is already there. Returns how many posts were written or found there.
 */
export async function seedDemoFeed(ctx: ActionCtx): Promise<{ inserted: number; skipped: number }> {
  if (await ctx.runQuery(internal.seed.feed.feedDone, {})) return { inserted: 0, skipped: DEMO_POSTS.length };
  const photos: { name: FeedImage; storageId: Id<"_storage"> }[] = [];
  for (const post of DEMO_POSTS) {
    for (const name of post.images ?? []) {
      const storageId = await ctx.storage.store(new Blob([bytesOf(FEED_IMAGES[name])], { type: "image/png" }));
      photos.push({ name, storageId });
    }
  }
  const { inserted } = await ctx.runMutation(internal.seed.feed.insertDemoFeed, { photos });
  return { inserted, skipped: inserted === 0 ? DEMO_POSTS.length : 0 };
}

export const insertDemoFeed = internalMutation({
  args: { photos: v.array(v.object({ name: v.string(), storageId: v.id("_storage") })) },
  returns: v.object({ inserted: v.number() }),
  handler: async (ctx, { photos }) => {
    const [ownerAccount, proAccount, adminAccount] = DEMO_ACCOUNTS;
    const owner = await byEmail(ctx, ownerAccount!.email);
    const pro = await byEmail(ctx, proAccount!.email);
    const admin = await byEmail(ctx, adminAccount!.email);
    if (owner === null || pro === null || admin === null || (await demoFeedDone(ctx, pro._id))) {
      // Not needed (or not yet possible): the stored photos go, rather than wait for the orphan sweep.
      for (const p of photos) await ctx.storage.delete(p.storageId);
      return { inserted: 0 };
    }
    const pros = await seededMembers(ctx, "professional", 8);
    const homeowners = await seededMembers(ctx, "homeowner", 3);
    const members = new Map<Who, Doc<"users">>([
      ["pro", pro],
      ["owner", owner],
      ["admin", admin],
    ]);
    pros.forEach((u, i) => members.set(`p${i}` as Who, u));
    homeowners.forEach((u, i) => members.set(`h${i}` as Who, u));
    // A missing seeded member (a small seed) stands in as the demo professional or owner.
    const who = (key: Who): Doc<"users"> => members.get(key) ?? (key.startsWith("h") ? owner : pro);
    const fresh = async (key: Who) => (await ctx.db.get("users", who(key)._id))!;
    const mentions = (text: string) => {
      const ids: Id<"users">[] = [];
      const content = text.replace(/\{(\w+)\}/g, (_, key: string) => {
        const user = who(key as Who);
        ids.push(user._id);
        return mentionToken(user);
      });
      return { content, ids };
    };

    for (const [from, to] of DEMO_FOLLOWS) {
      if (who(from)._id !== who(to)._id) await followUser(ctx, await fresh(from), await fresh(to));
    }

    const queue = [...photos];
    const postIds: Id<"posts">[] = [];
    for (const demo of DEMO_POSTS) {
      const author = await fresh(demo.by);
      const media: { storageId: Id<"_storage">; kind: "image" }[] = [];
      const fileIds: Id<"files">[] = [];
      for (const name of demo.images ?? []) {
        const at = queue.findIndex((p) => p.name === name);
        if (at < 0) continue;
        const [photo] = queue.splice(at, 1);
        // Claimed as an upload of the author's is (type and size checked, owned by them).
        const claim = await claimFile(ctx, author, photo!.storageId, {
          purpose: "post",
          maxBytes: SOCIAL_LIMITS.imageBytes,
          types: ["image/"],
        });
        if (!claim.ok) continue;
        media.push({ storageId: photo!.storageId, kind: "image" });
        fileIds.push(claim.fileId);
      }
      const { content, ids } = mentions(demo.content);
      const postId = await insertPost(ctx, author, {
        content,
        postType: demo.postType,
        category: demo.category,
        ...(demo.location ? { location: demo.location } : {}),
        ...(demo.projectBudget ? { projectBudget: demo.projectBudget } : {}),
        media,
        mentionIds: ids,
        seeded: true,
      });
      for (const fileId of fileIds) await attachFile(ctx, fileId, postId);
      postIds.push(postId);

      const likers = new Set<Id<"users">>();
      for (const [key, likeType] of demo.likes ?? []) {
        const liker = await fresh(key);
        // Stand-ins can repeat: one like each.
        if (likers.has(liker._id)) continue;
        likers.add(liker._id);
        const post = (await ctx.db.get("posts", postId))!;
        await toggleLike(ctx, liker, { kind: "post", post }, likeType);
      }
      for (const comment of demo.comments ?? []) {
        const post = (await ctx.db.get("posts", postId))!;
        const top = mentions(comment.text);
        const commentId = await insertComment(
          ctx,
          await fresh(comment.by),
          post,
          { content: top.content },
          top.ids,
          undefined,
          { seeded: true },
        );
        for (const reply of comment.replies ?? []) {
          const r = mentions(reply.text);
          await insertComment(ctx, await fresh(reply.by), post, { content: r.content }, r.ids, commentId, {
            seeded: true,
          });
        }
      }
    }
    // Photos a post could not use (none when the lists agree) are not left behind.
    for (const p of queue) await ctx.storage.delete(p.storageId);

    for (const [key, index, shareType, comment] of DEMO_SHARES) {
      const post = (await ctx.db.get("posts", postIds[index]!))!;
      await sharePost(ctx, await fresh(key), post, { shareType, comment }, { seeded: true });
    }
    for (const [key, index, reason, description] of DEMO_REPORTS) {
      const post = (await ctx.db.get("posts", postIds[index]!))!;
      const reporter = await fresh(key);
      // A stand-in can be the author (a small seed): nobody reports their own post.
      if (reporter._id === post.authorId) continue;
      await fileReport(ctx, { reporterId: reporter._id, postId: post._id, reason, description });
    }
    return { inserted: postIds.length };
  },
});
