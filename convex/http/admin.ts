// REST routes of the admin console (spec §7 admin rows): thin wrappers over the Moderation
// tab's own functions (convex/admin/moderation.ts), run as the Bearer token's user, so a
// member's token gets 403 from the same role check the app goes through.
import { z } from "zod";
import { AdminCopy } from "../../common/admin";
import { ErrorCode } from "../../common/errors";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { idParam, requireSignedIn, restError, type RestRoute } from "./rest";

/** Posts waiting for a moderator, as REST answers them: the first page of each list. */
const PAGE = { numItems: 50, cursor: null };

export const adminRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/posts",
    doc: {
      summary: "Posts waiting for a moderator (open reports and screen-flagged), newest first; admins only",
      auth: "bearer",
      answer: z.object({
        posts: z.array(
          z.object({
            id: z.string(),
            content: z.string().describe("the first 80 characters"),
            userId: z.string().nullable(),
            riskLevel: z.enum(["high", "medium", "low"]),
            moderationFlags: z.array(z.string()),
          }),
        ),
      }),
    },
    handler: async ({ ctx }) => {
      await requireSignedIn(ctx);
      const reported = await ctx.runQuery(api.admin.moderation.queue, { paginationOpts: PAGE });
      const flagged = await ctx.runQuery(api.admin.moderation.flagged, { paginationOpts: PAGE });
      const seen = new Set<string>();
      const posts = [];
      for (const item of [...reported.page, ...flagged.page]) {
        if (item.kind !== "post" || item.contentId === null || seen.has(item.contentId)) continue;
        seen.add(item.contentId);
        posts.push({
          id: item.contentId,
          content: item.preview,
          userId: item.author?.id ?? null,
          riskLevel: item.riskLevel,
          moderationFlags: item.moderationFlags,
        });
      }
      return { posts };
    },
  },
  {
    method: "DELETE",
    pathPrefix: "/api/admin/posts/",
    doc: {
      summary: "Delete the post and ban its author (sessions ended, sign-in refused, content hidden); admins only",
      auth: "bearer",
      paths: ["/api/admin/posts/{id}/ban-user"],
      answer: z.object({ message: z.string() }),
    },
    handler: async ({ ctx, params }) => {
      await requireSignedIn(ctx);
      if (params.length !== 2 || params[1] !== "ban-user") throw restError(ErrorCode.NOT_FOUND, "Not found");
      const postId = (await idParam(ctx, "posts", params[0], "post id")) as Id<"posts">;
      await ctx.runMutation(api.admin.moderation.ban, { postId });
      return { message: AdminCopy.banned };
    },
  },
  {
    method: "GET",
    path: "/api/admin/suspicious-users",
    doc: {
      summary: "Members scored from recorded signals, highest first (first 50); admins only",
      auth: "bearer",
      answer: z.object({
        users: z.array(
          z.object({
            id: z.string(),
            firstName: z.string(),
            lastName: z.string(),
            email: z.string(),
            userType: z.enum(["professional", "homeowner"]).nullable(),
            verified: z.boolean(),
            score: z.number(),
            signals: z.array(z.string()).describe("the signals behind the score"),
          }),
        ),
      }),
    },
    handler: async ({ ctx }) => {
      await requireSignedIn(ctx);
      const result = await ctx.runQuery(api.admin.users.suspicious, { paginationOpts: PAGE });
      return {
        users: result.page.map((u) => ({
          id: u.id,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          userType: u.userType,
          verified: u.verified,
          score: u.score,
          signals: u.signals.map((s) => `${s.label} (${s.count})`),
        })),
      };
    },
  },
  {
    method: "POST",
    path: "/api/admin/cleanup",
    doc: {
      summary:
        "Run the cleanup rules now (what the Cleanup tab's preview lists; soft, restorable for 30 days); admins only",
      auth: "bearer",
      answer: z.object({ deletedUsers: z.number(), deletedPosts: z.number() }),
    },
    handler: async ({ ctx }) => {
      await requireSignedIn(ctx);
      const preview = await ctx.runQuery(api.admin.cleanup.preview, {});
      const result = await ctx.runMutation(api.admin.cleanup.run, {
        userIds: preview.users.map((u) => u.id),
        postIds: preview.posts.map((p) => p.id),
      });
      return { deletedUsers: result.deletedUsers, deletedPosts: result.deletedPosts };
    },
  },
];
