// REST routes for users, profiles, connections, portfolio and reviews (spec §7).
// Thin wrappers over the app's own functions, run as the Bearer token's user.
// Private fields (email, phone, tokens, Stripe ids, lockout) never leave the
// server except a caller's own; a caller updates only themselves.
import { z } from "zod";
import { ErrorCode } from "../../common/errors";
import { portfolioFileProblem, ProfileCopy, splitList } from "../../common/profile";
import { api, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { ActionCtx } from "../_generated/server";
import {
  idParam,
  limitParam,
  pageParams,
  parseBody,
  placeOf,
  readJsonObject,
  requireSignedIn,
  restError,
  stringField,
  withCursor,
  type RestRoute,
} from "./rest";
import { refuse } from "../model/errors";
import { restPost } from "./posts";

/** Posts GET /api/profile/{id} returns (the newest). */
const PROFILE_POSTS = 20;

async function profileOr404(ctx: ActionCtx, userId: string) {
  const profile = await ctx.runQuery(api.profiles.get, { userId });
  if (profile === null) throw restError(ErrorCode.NOT_FOUND, ProfileCopy.notFound);
  return profile;
}

/** Most ids `portfolio` may list (a whole gallery, as portfolio.reorder takes). */
const MAX_PORTFOLIO_IDS = 200;

/** PUT /api/users/{id} (spec §7): every field optional; only those given change. */
export const putUserBody = z.object({
  firstName: z.string().max(60).optional(),
  lastName: z.string().max(60).optional(),
  businessName: z.string().max(120).optional(),
  bio: z.string().max(2000).optional(),
  zipCode: z.string().max(10).optional(),
  /** An http(s) image URL, stored as text and shown by browsers; the server never downloads it. */
  profileImage: z.string().max(2000).optional().describe("an http(s) image URL, stored as text; never downloaded by the server"),
  /** "City, ST" or a ZIP code. */
  location: z.string().max(120).optional(),
  /** A list, or comma-separated text. */
  specialties: z.union([z.array(z.string().max(60)).max(30), z.string().max(2000)]).optional(),
  /**
   * The ids of the caller's own portfolio items (from POST /api/portfolio/upload or GET /api/portfolio),
   * in the order the gallery shows them (Pro Profile, as in the app). Links are refused, never downloaded.
   */
  portfolio: z
    .array(z.string().max(2000))
    .max(MAX_PORTFOLIO_IDS, `List at most ${MAX_PORTFOLIO_IDS} portfolio items`)
    .optional()
    .describe(
      "ids of the caller's own portfolio items, in gallery order (Pro Profile). Links are refused, never downloaded: upload files with POST /api/portfolio/upload",
    ),
});

/**
 * `portfolio` as item ids, or a 400 before anything changes. The server never fetches a
 * member-supplied URL (a fetch from inside the deployment can reach what the member can't:
 * issue 29), so a link is answered with where to upload the file instead.
 */
async function portfolioIds(ctx: ActionCtx, entries: readonly string[] | undefined) {
  if (entries === undefined) return undefined;
  const ok =
    entries.every((id) => id.length <= 64) &&
    (await ctx.runQuery(internal.http.rest.idsAreWellFormed, { table: "portfolioItems", ids: [...entries] }));
  if (!ok) throw restError(ErrorCode.INVALID_INPUT, ProfileCopy.portfolioLinksNotFetched);
  return [...entries];
}

/** The portfolio form's fields from a multipart body (strings only). */
function formText(form: FormData, key: string): string | undefined {
  const value = form.get(key);
  if (value === null) return undefined;
  if (typeof value !== "string") throw restError(ErrorCode.INVALID_INPUT, `${key} must be text`);
  return value;
}

export const profileRoutes: RestRoute[] = [
  {
    // Members, newest first: public fields only.
    method: "GET",
    path: "/api/users",
    handler: async ({ ctx, url }) => {
      await requireSignedIn(ctx);
      const paginationOpts = pageParams(url);
      const result = await withCursor(paginationOpts.cursor, () => ctx.runQuery(api.profiles.list, { paginationOpts }));
      return { users: result.page, nextCursor: result.isDone ? null : result.continueCursor };
    },
  },
  {
    method: "GET",
    pathPrefix: "/api/users/",
    handler: async ({ ctx, params }) => {
      await requireSignedIn(ctx);
      if (params.length !== 1) throw restError(ErrorCode.NOT_FOUND, "Not found");
      const profile = await profileOr404(ctx, await idParam(ctx, "users", params[0], "user id"));
      return { ...profile.user, ...(profile.contact ?? {}) };
    },
  },
  {
    // Spec payload: firstName, lastName, profileImage, bio, location, specialties (list), portfolio (list of text).
    method: "PUT",
    pathPrefix: "/api/users/",
    handler: async ({ ctx, request, params }) => {
      const caller = await requireSignedIn(ctx);
      if (params.length !== 1) throw restError(ErrorCode.NOT_FOUND, "Not found");
      const id = await idParam(ctx, "users", params[0], "user id");
      if (id !== caller) throw restError(ErrorCode.FORBIDDEN, "You can only update your own profile.");
      const body = await parseBody(request, putUserBody);
      const portfolio = await portfolioIds(ctx, body.portfolio);
      let place: ReturnType<typeof placeOf> = {};
      if (body.location !== undefined) {
        place = placeOf(body.location);
        if (place === null)
          throw restError(ErrorCode.INVALID_INPUT, "location must be 'City, ST' or a 5-digit ZIP code");
      }
      // Before the profile, so that someone else's item or a plan without Pro Profile (403) changes nothing.
      // The app's gallery order (portfolio.reorder): only the caller's own items, Pro Profile.
      if (portfolio !== undefined && portfolio.length > 0) await ctx.runMutation(api.portfolio.reorder, { ids: portfolio });
      const specialties = typeof body.specialties === "string" ? splitList(body.specialties) : body.specialties;
      await ctx.runMutation(api.profiles.patch, {
        ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
        ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
        ...(body.businessName !== undefined ? { businessName: body.businessName } : {}),
        ...(body.bio !== undefined ? { bio: body.bio } : {}),
        ...(place.city !== undefined ? { city: place.city } : {}),
        ...(place.state !== undefined ? { state: place.state } : {}),
        ...((body.zipCode ?? place.zipCode) !== undefined ? { zipCode: body.zipCode ?? place.zipCode } : {}),
        ...(specialties !== undefined ? { specialties } : {}),
        ...(body.profileImage ? { imageUrl: body.profileImage } : {}),
      });
      const profile = await profileOr404(ctx, caller);
      return {
        message: ProfileCopy.updated,
        user: { ...profile.user, ...(profile.contact ?? {}) },
      };
    },
  },
  {
    // Spec §3 Profile response: user, posts, stats.
    method: "GET",
    pathPrefix: "/api/profile/",
    handler: async ({ ctx, params }) => {
      await requireSignedIn(ctx);
      if (params.length !== 1) throw restError(ErrorCode.NOT_FOUND, "Not found");
      const userId = await idParam(ctx, "users", params[0], "user id");
      const profile = await profileOr404(ctx, userId);
      // The member's newest posts (the profile's Posts tab's first page).
      const posts = await ctx.runQuery(api.social.posts.byAuthor, {
        userId: userId as Id<"users">,
        paginationOpts: { numItems: PROFILE_POSTS, cursor: null },
      });
      return { user: { ...profile.user, ...(profile.contact ?? {}) }, posts: posts.page.map(restPost), stats: profile.stats };
    },
  },
  {
    method: "GET",
    pathPrefix: "/api/connections/user/",
    handler: async ({ ctx, params, url }) => {
      await requireSignedIn(ctx);
      if (params.length !== 1) throw restError(ErrorCode.NOT_FOUND, "Not found");
      const userId = await idParam(ctx, "users", params[0], "user id");
      const cards = await ctx.runQuery(api.connections.listOf, { userId, limit: limitParam(url, 50, 200) });
      return { connections: cards.map((c) => ({ ...c.user, status: c.state })) };
    },
  },
  {
    method: "POST",
    path: "/api/connections",
    status: 201,
    handler: async ({ ctx, request }) => {
      await requireSignedIn(ctx);
      const body = await readJsonObject(request);
      const receiverId = await idParam(ctx, "users", stringField(body, "receiverId"), "receiverId");
      const id = await ctx.runMutation(api.connections.request, { userId: receiverId });
      return { id, title: ProfileCopy.connectionSentTitle, message: ProfileCopy.connectionSent };
    },
  },
  {
    method: "GET",
    path: "/api/portfolio",
    handler: async ({ ctx, url }) => {
      await requireSignedIn(ctx);
      const category = url.searchParams.get("category")?.trim() || undefined;
      const userText = url.searchParams.get("userId")?.trim() || undefined;
      const userId = userText === undefined ? undefined : await idParam(ctx, "users", userText, "userId");
      return { items: await ctx.runQuery(api.portfolio.list, { category, userId }) };
    },
  },
  {
    // Multipart: title, description, category, location, dateCompleted, tags, featured, repeated `files`.
    method: "POST",
    path: "/api/portfolio/upload",
    status: 201,
    handler: async ({ ctx, request }) => {
      const caller = await requireSignedIn(ctx);
      let form: FormData;
      try {
        form = await request.formData();
      } catch {
        throw restError(ErrorCode.INVALID_INPUT, "Send the upload as multipart/form-data");
      }
      const files = form.getAll("files").filter((f): f is File => typeof f !== "string");
      if (files.length === 0) throw restError(ErrorCode.INVALID_INPUT, ProfileCopy.noFiles);
      // Refuse before storing anything: no bytes of a wrong or oversized file are kept.
      for (const file of files) {
        const problem = portfolioFileProblem({ name: file.name, type: file.type, size: file.size });
        if (problem) throw restError(ErrorCode.INVALID_INPUT, problem);
      }
      // The same quotas as upload URLs, then the same ownership path: portfolio.add claims each file.
      const refusal = await ctx.runMutation(internal.files.chargeRestUploads, {
        userId: caller as Id<"users">,
        count: files.length,
      });
      if (refusal) refuse(refusal);
      const stored: { storageId: Id<"_storage">; name: string }[] = [];
      for (const file of files) stored.push({ storageId: await ctx.storage.store(file), name: file.name });
      const featured = formText(form, "featured");
      const result = await ctx.runMutation(api.portfolio.add, {
        files: stored,
        title: formText(form, "title") ?? "",
        category: formText(form, "category") ?? "",
        description: formText(form, "description"),
        location: formText(form, "location"),
        dateCompleted: formText(form, "dateCompleted"),
        tags: formText(form, "tags"),
        featured: featured === "true" || featured === "on",
      });
      if (!("ids" in result)) throw restError(result.refused.code as ErrorCode, result.refused.message);
      return { ids: result.ids, message: ProfileCopy.portfolioAdded };
    },
  },
  {
    method: "DELETE",
    pathPrefix: "/api/portfolio/",
    handler: async ({ ctx, params }) => {
      await requireSignedIn(ctx);
      if (params.length !== 1) throw restError(ErrorCode.NOT_FOUND, "Not found");
      await ctx.runMutation(api.portfolio.remove, {
        id: await idParam(ctx, "portfolioItems", params[0], "portfolio item id"),
      });
      return { message: ProfileCopy.portfolioDeleted };
    },
  },
  {
    method: "GET",
    path: "/api/reviews",
    handler: async ({ ctx, url }) => {
      await requireSignedIn(ctx);
      const ratingText = url.searchParams.get("rating")?.trim();
      const rating = ratingText ? Number(ratingText) : undefined;
      if (rating !== undefined && ![1, 2, 3, 4, 5].includes(rating)) {
        throw restError(ErrorCode.INVALID_INPUT, "rating must be 1, 2, 3, 4 or 5");
      }
      const paginationOpts = pageParams(url);
      const result = await withCursor(paginationOpts.cursor, () =>
        ctx.runQuery(api.reviews.list, {
          q: url.searchParams.get("search")?.trim() || undefined,
          professionalId: url.searchParams.get("professionalId")?.trim() || undefined,
          rating,
          paginationOpts,
        }),
      );
      return { reviews: result.page, nextCursor: result.isDone ? null : result.continueCursor };
    },
  },
  {
    method: "POST",
    pathPrefix: "/api/reviews/",
    handler: async ({ ctx, params }) => {
      await requireSignedIn(ctx);
      if (params.length !== 2 || params[1] !== "helpful") throw restError(ErrorCode.NOT_FOUND, "Not found");
      const reviewId = await idParam(ctx, "reviews", params[0], "review id");
      const result = await ctx.runMutation(api.reviews.toggleHelpful, { reviewId });
      return { ...result, title: ProfileCopy.helpfulTitle, message: ProfileCopy.helpful };
    },
  },
];
