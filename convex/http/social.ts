// REST routes for reactions (spec §7): thin wrappers over the mutations the
// app calls, run as the Bearer token's user.
import { z } from "zod";
import { ErrorCode } from "../../common/errors";
import { LIKE_TYPES, type LikeType } from "../../common/social";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { idParam, readJsonObject, requireSignedIn, restError, stringField, type RestRoute } from "./rest";

const likeTypes = LIKE_TYPES.map((t) => t.value) as [LikeType, ...LikeType[]];
const isLikeType = (value: string): value is LikeType => (likeTypes as string[]).includes(value);

export const socialRoutes: RestRoute[] = [
  {
    // Like, change the like's type, or (the same type again) take it back: spec §7 "likeType 'like'".
    method: "POST",
    pathPrefix: "/api/social/posts/",
    doc: {
      summary: "Like a post (like, helpful or inspiring); the same type again takes the like back",
      auth: "bearer",
      paths: ["/api/social/posts/{id}/like"],
      body: z.object({ likeType: z.enum(likeTypes).optional().describe("default like") }),
      answer: z.object({ liked: z.boolean(), likeType: z.enum(likeTypes).nullable(), likesCount: z.number() }),
    },
    handler: async ({ ctx, request, params }) => {
      await requireSignedIn(ctx);
      if (params.length !== 2 || params[1] !== "like") throw restError(ErrorCode.NOT_FOUND, "Not found");
      const postId = (await idParam(ctx, "posts", params[0], "post id")) as Id<"posts">;
      const body = await readJsonObject(request);
      const likeType = stringField(body, "likeType") ?? "like";
      if (!isLikeType(likeType))
        throw restError(ErrorCode.INVALID_INPUT, `likeType must be one of ${likeTypes.join(", ")}`);
      const state = await ctx.runMutation(api.social.likes.togglePost, { postId, likeType });
      // The count is read after the like commits, as the app's feed query reads it.
      const post = await ctx.runQuery(api.social.posts.get, { postId });
      return { ...state, likesCount: post?.likesCount ?? 0 };
    },
  },
];
