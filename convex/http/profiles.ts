// REST routes for users, profiles, connections, portfolio and reviews (spec §7).
// Thin wrappers over the app's own functions, run as the Bearer token's user.
// Private fields (email, phone, tokens, Stripe ids, lockout) never leave the
// server except a caller's own; a caller updates only themselves.
import { ErrorCode } from "../../common/errors";
import { portfolioFileProblem, ProfileCopy, splitList } from "../../common/profile";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { ActionCtx } from "../_generated/server";
import {
  limitParam,
  readJsonObject,
  requireSignedIn,
  restError,
  stringField,
  withCursor,
  type RestRoute,
} from "./rest";

async function callerId(ctx: ActionCtx): Promise<string> {
  await requireSignedIn(ctx);
  const viewer = await ctx.runQuery(api.users.viewer, {});
  if (viewer === null) throw restError(ErrorCode.NOT_AUTHENTICATED, "Please sign in to continue.");
  return viewer._id;
}

async function profileOr404(ctx: ActionCtx, userId: string) {
  const profile = await ctx.runQuery(api.profiles.get, { userId });
  if (profile === null) throw restError(ErrorCode.NOT_FOUND, ProfileCopy.notFound);
  return profile;
}

function stringList(body: Record<string, unknown>, key: string): string[] | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return splitList(value);
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw restError(ErrorCode.INVALID_INPUT, `${key} must be a list of text`);
  }
  return value as string[];
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
      const cursor = url.searchParams.get("cursor") || null;
      const result = await withCursor(cursor, () =>
        ctx.runQuery(api.profiles.list, { paginationOpts: { numItems: limitParam(url), cursor } }),
      );
      return { users: result.page, nextCursor: result.isDone ? null : result.continueCursor };
    },
  },
  {
    method: "GET",
    pathPrefix: "/api/users/",
    handler: async ({ ctx, params }) => {
      await requireSignedIn(ctx);
      if (params.length !== 1) throw restError(ErrorCode.NOT_FOUND, "Not found");
      const profile = await profileOr404(ctx, params[0]!);
      return { ...profile.user, ...(profile.contact ?? {}) };
    },
  },
  {
    // Spec payload: firstName, lastName, profileImage, bio, location, specialties (list), portfolio (list of text).
    method: "PUT",
    pathPrefix: "/api/users/",
    handler: async ({ ctx, request, params }) => {
      const caller = await callerId(ctx);
      if (params.length !== 1) throw restError(ErrorCode.NOT_FOUND, "Not found");
      if (params[0] !== caller) throw restError(ErrorCode.FORBIDDEN, "You can only update your own profile.");
      const body = await readJsonObject(request);
      if (body.portfolio !== undefined) {
        throw restError(ErrorCode.INVALID_INPUT, "Add portfolio work with POST /api/portfolio/upload.");
      }
      const current = await ctx.runQuery(api.profiles.mine, {});
      let city = current.city || undefined;
      let state = current.state || undefined;
      const location = stringField(body, "location");
      if (location !== undefined) {
        const match = /^\s*(.+?),\s*([A-Za-z]{2})\s*$/.exec(location);
        if (!match) throw restError(ErrorCode.INVALID_INPUT, "location must look like 'City, ST'");
        city = match[1];
        state = match[2]!.toUpperCase();
      }
      const image = stringField(body, "profileImage");
      await ctx.runMutation(api.profiles.update, {
        firstName: stringField(body, "firstName") ?? current.firstName,
        lastName: stringField(body, "lastName") ?? current.lastName,
        businessName: stringField(body, "businessName") ?? (current.businessName || undefined),
        bio: stringField(body, "bio") ?? (current.bio || undefined),
        phone: current.phone || undefined,
        city,
        state,
        zipCode: stringField(body, "zipCode") ?? (current.zipCode || undefined),
        county: current.county || undefined,
        licenseNumber: current.licenseNumber || undefined,
        specialties: stringList(body, "specialties") ?? current.specialties,
        yearsExperience: current.yearsExperience ?? undefined,
        experienceLevel: current.experienceLevel ?? undefined,
        serviceCategories: current.serviceCategories,
        propertyTypes: current.propertyTypes,
        preferredRadius: current.preferredRadius ?? undefined,
        languages: current.languages,
        certifications: current.certifications,
        businessSize: current.businessSize ?? undefined,
        ...(image ? { imageUrl: image } : {}),
      });
      const profile = await profileOr404(ctx, caller);
      return { message: ProfileCopy.updated, user: { ...profile.user, ...(profile.contact ?? {}) } };
    },
  },
  {
    // Spec §3 Profile response: user, posts, stats.
    method: "GET",
    pathPrefix: "/api/profile/",
    handler: async ({ ctx, params }) => {
      await requireSignedIn(ctx);
      if (params.length !== 1) throw restError(ErrorCode.NOT_FOUND, "Not found");
      const profile = await profileOr404(ctx, params[0]!);
      // Posts come with the community feed; until then a profile has none.
      return { user: { ...profile.user, ...(profile.contact ?? {}) }, posts: [], stats: profile.stats };
    },
  },
  {
    method: "GET",
    pathPrefix: "/api/connections/user/",
    handler: async ({ ctx, params, url }) => {
      await requireSignedIn(ctx);
      if (params.length !== 1) throw restError(ErrorCode.NOT_FOUND, "Not found");
      const cards = await ctx.runQuery(api.connections.listOf, { userId: params[0]!, limit: limitParam(url, 50, 200) });
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
      const receiverId = stringField(body, "receiverId");
      if (!receiverId) throw restError(ErrorCode.INVALID_INPUT, "receiverId is required");
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
      const userId = url.searchParams.get("userId")?.trim() || undefined;
      return { items: await ctx.runQuery(api.portfolio.list, { category, userId }) };
    },
  },
  {
    // Multipart: title, description, category, location, dateCompleted, tags, featured, repeated `files`.
    method: "POST",
    path: "/api/portfolio/upload",
    status: 201,
    handler: async ({ ctx, request }) => {
      await requireSignedIn(ctx);
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
      const stored: { storageId: Id<"_storage">; name: string }[] = [];
      for (const file of files) stored.push({ storageId: await ctx.storage.store(file), name: file.name });
      const featured = formText(form, "featured");
      const ids = await ctx.runMutation(api.portfolio.add, {
        files: stored,
        title: formText(form, "title") ?? "",
        category: formText(form, "category") ?? "",
        description: formText(form, "description"),
        location: formText(form, "location"),
        dateCompleted: formText(form, "dateCompleted"),
        tags: formText(form, "tags"),
        featured: featured === "true" || featured === "on",
      });
      return { ids, message: ProfileCopy.portfolioAdded };
    },
  },
  {
    method: "DELETE",
    pathPrefix: "/api/portfolio/",
    handler: async ({ ctx, params }) => {
      await requireSignedIn(ctx);
      if (params.length !== 1) throw restError(ErrorCode.NOT_FOUND, "Not found");
      await ctx.runMutation(api.portfolio.remove, { id: params[0]! });
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
      const cursor = url.searchParams.get("cursor") || null;
      const result = await withCursor(cursor, () =>
        ctx.runQuery(api.reviews.list, {
          q: url.searchParams.get("search")?.trim() || undefined,
          professionalId: url.searchParams.get("professionalId")?.trim() || undefined,
          rating,
          paginationOpts: { numItems: limitParam(url), cursor },
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
      const result = await ctx.runMutation(api.reviews.toggleHelpful, { reviewId: params[0]! });
      return { ...result, title: ProfileCopy.helpfulTitle, message: ProfileCopy.helpful };
    },
  },
];
