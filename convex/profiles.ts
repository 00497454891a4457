// Profiles (spec §2 Profile, /edit-profile; §3 Profile response): the public
// view of a member, the owner's edit, and the avatar (file storage, image
// only, under 5 MB, checked here as well as in the form).
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { ErrorCode } from "../common/errors";
import { ProfileCopy, profileSchema, UPLOAD_LIMITS, type ProfileInput } from "../common/profile";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { mutation, query } from "./functions";
import { claimFile, refusalValidator, releaseFile } from "./model/files";
import { followCountsOf } from "./model/follows";
import { zipToPoint } from "./model/geo";
import { connectionBetween, isBackupMember, stateFor } from "./model/network";
import { syncUserLocation } from "./model/professionals";
import { isHiddenMember, publicUserValidator, toPublicUser } from "./model/users";
import { invalid } from "./model/errors";
import { cappedPagination } from "./model/paging";
import { recordRename } from "./model/suspicion";

export const get = query({
  args: { userId: v.optional(v.string()) },
  returns: v.union(
    v.null(),
    v.object({
      user: publicUserValidator,
      isOwn: v.boolean(),
      /** The member's own contact details: only on their own profile. */
      contact: v.union(
        v.null(),
        v.object({ email: v.union(v.string(), v.null()), phone: v.union(v.string(), v.null()) }),
      ),
      about: v.object({
        licenseNumber: v.union(v.string(), v.null()),
        yearsExperience: v.union(v.number(), v.null()),
        experienceLevel: v.union(v.string(), v.null()),
        serviceCategories: v.array(v.string()),
        propertyTypes: v.array(v.string()),
        languages: v.array(v.string()),
        certifications: v.array(v.string()),
        businessSize: v.union(v.string(), v.null()),
        preferredRadius: v.union(v.number(), v.null()),
        county: v.union(v.string(), v.null()),
      }),
      stats: v.object({
        postsCount: v.number(),
        connectionsCount: v.number(),
        followersCount: v.number(),
        followingCount: v.number(),
        referralPoints: v.number(),
        completedJobs: v.number(),
      }),
      connection: v.union(
        v.null(),
        v.object({
          state: v.union(v.literal("none"), v.literal("outgoing"), v.literal("incoming"), v.literal("connected")),
          connectionId: v.union(v.id("connections"), v.null()),
          inMyBackup: v.boolean(),
        }),
      ),
    }),
  ),
  handler: async (ctx, { userId }) => {
    const viewer = ctx.viewerX();
    const id = userId === undefined ? viewer._id : ctx.db.normalizeId("users", userId);
    const user = id ? await ctx.db.get(id) : null;
    if (user === null || user.userType === undefined) return null;
    const isOwn = user._id === viewer._id;
    const row = isOwn ? null : await connectionBetween(ctx, viewer._id, user._id);
    return {
      user: toPublicUser(user),
      isOwn,
      contact: isOwn ? { email: user.email ?? null, phone: user.phone ?? null } : null,
      about: {
        licenseNumber: user.licenseNumber ?? null,
        yearsExperience: user.yearsExperience ?? null,
        experienceLevel: user.experienceLevel ?? null,
        serviceCategories: user.serviceCategories ?? [],
        propertyTypes: user.propertyTypes ?? [],
        languages: user.languages ?? [],
        certifications: user.certifications ?? [],
        businessSize: user.businessSize ?? null,
        preferredRadius: user.userType === "professional" ? (user.preferredRadius ?? 25) : null,
        county: user.county ?? null,
      },
      stats: {
        postsCount: user.postsCount ?? 0,
        connectionsCount: user.connectionsCount ?? 0,
        ...(await followCountsOf(ctx, user)),
        referralPoints: user.referralPoints ?? 0,
        completedJobs: user.jobsWorkingCompleted ?? 0,
      },
      connection: isOwn
        ? null
        : {
            state: stateFor(viewer._id, row),
            connectionId: row?._id ?? null,
            inMyBackup: (await isBackupMember(ctx, viewer._id, user._id)) !== null,
          },
    };
  },
});

/** The owner's editable fields, as the form shows them. */
export const mine = query({
  args: {},
  returns: v.object({
    firstName: v.string(),
    lastName: v.string(),
    businessName: v.string(),
    bio: v.string(),
    phone: v.string(),
    city: v.string(),
    state: v.string(),
    zipCode: v.string(),
    county: v.string(),
    licenseNumber: v.string(),
    specialties: v.array(v.string()),
    yearsExperience: v.union(v.number(), v.null()),
    experienceLevel: v.union(v.string(), v.null()),
    serviceCategories: v.array(v.string()),
    propertyTypes: v.array(v.string()),
    preferredRadius: v.union(v.number(), v.null()),
    languages: v.array(v.string()),
    certifications: v.array(v.string()),
    businessSize: v.union(v.string(), v.null()),
    image: v.union(v.string(), v.null()),
    imageIsUpload: v.boolean(),
    userType: v.union(v.string(), v.null()),
  }),
  handler: async (ctx) => {
    const u = ctx.viewerX();
    return {
      firstName: u.firstName ?? "",
      lastName: u.lastName ?? "",
      businessName: u.businessName ?? "",
      bio: u.bio ?? "",
      phone: u.phone ?? "",
      city: u.city ?? "",
      state: u.state ?? "",
      zipCode: u.zipCode ?? "",
      county: u.county ?? "",
      licenseNumber: u.licenseNumber ?? "",
      specialties: u.specialties ?? [],
      yearsExperience: u.yearsExperience ?? null,
      experienceLevel: u.experienceLevel ?? null,
      serviceCategories: u.serviceCategories ?? [],
      propertyTypes: u.propertyTypes ?? [],
      preferredRadius: u.preferredRadius ?? null,
      languages: u.languages ?? ["English"],
      certifications: u.certifications ?? [],
      businessSize: u.businessSize ?? null,
      image: u.image ?? null,
      imageIsUpload: u.imageStorageId !== undefined,
      userType: u.userType ?? null,
    };
  },
});

const profileFields = {
  firstName: v.string(),
  lastName: v.string(),
  businessName: v.optional(v.string()),
  bio: v.optional(v.string()),
  phone: v.optional(v.string()),
  city: v.optional(v.string()),
  state: v.optional(v.string()),
  zipCode: v.optional(v.string()),
  county: v.optional(v.string()),
  licenseNumber: v.optional(v.string()),
  specialties: v.array(v.string()),
  yearsExperience: v.optional(v.number()),
  experienceLevel: v.optional(v.string()),
  serviceCategories: v.array(v.string()),
  propertyTypes: v.array(v.string()),
  preferredRadius: v.optional(v.number()),
  languages: v.array(v.string()),
  certifications: v.array(v.string()),
  businessSize: v.optional(v.string()),
  imageUrl: v.optional(v.string()),
};

/** Validates the whole edit form and writes it (one rule set for update and patch). */
async function saveProfile(ctx: MutationCtx, viewer: Doc<"users">, input: unknown): Promise<void> {
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    invalid(parsed.error.issues[0]!.message, fields);
  }
  const { imageUrl, ...values } = parsed.data;
  if (values.zipCode) {
    if (zipToPoint(values.zipCode) === null) {
      const message = "We couldn't find that ZIP code. Please check it and try again.";
      invalid(message, { zipCode: message });
    }
  }
  const isPro = viewer.userType === "professional";
  await ctx.db.patch(viewer._id, {
    ...values,
    name: `${values.firstName} ${values.lastName}`,
    // A homeowner has no business fields.
    ...(isPro ? {} : { businessName: undefined, licenseNumber: undefined, preferredRadius: undefined }),
    // An image URL replaces an uploaded avatar.
    ...(imageUrl ? { image: imageUrl, imageStorageId: undefined } : {}),
  });
  if (imageUrl && viewer.imageStorageId) await releaseFile(ctx, viewer, viewer.imageStorageId);
  await syncUserLocation(ctx, viewer._id);
  await recordRename(ctx, viewer, values);
}

/** The edit form: every field at once. */
export const update = mutation({
  args: profileFields,
  returns: v.null(),
  handler: async (ctx, args) => {
    await saveProfile(ctx, ctx.viewerX(), args);
    return null;
  },
});

/**
 * Only the fields given change (PUT /api/users/{id}): read and written in one
 * transaction, so a concurrent edit of another field is never overwritten.
 */
export const patch = mutation({
  args: Object.fromEntries(Object.entries(profileFields).map(([k, val]) => [k, v.optional(val)])) as {
    [K in keyof typeof profileFields]: ReturnType<typeof v.optional<(typeof profileFields)[K]>>;
  },
  returns: v.null(),
  handler: async (ctx, args) => {
    const u = ctx.viewerX();
    const current: ProfileInput = {
      firstName: u.firstName ?? "",
      lastName: u.lastName ?? "",
      businessName: u.businessName,
      bio: u.bio,
      phone: u.phone,
      city: u.city,
      state: u.state,
      zipCode: u.zipCode,
      county: u.county,
      licenseNumber: u.licenseNumber,
      specialties: u.specialties ?? [],
      yearsExperience: u.yearsExperience,
      experienceLevel: u.experienceLevel as ProfileInput["experienceLevel"],
      serviceCategories: u.serviceCategories ?? [],
      propertyTypes: u.propertyTypes ?? [],
      preferredRadius: u.preferredRadius,
      languages: u.languages ?? ["English"],
      certifications: u.certifications ?? [],
      businessSize: u.businessSize as ProfileInput["businessSize"],
    };
    const given = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined));
    await saveProfile(ctx, u, { ...current, ...given });
    return null;
  },
});

/**
 * Sets an uploaded file (from files:generateUploadUrl, purpose "avatar") as the
 * avatar: the viewer's own unattached upload, an image under 5 MB (checked here,
 * not only in the form). A refusal is returned, not thrown, so that the refused
 * upload's deletion stands (model/files.ts).
 */
export const setAvatar = mutation({
  args: { storageId: v.id("_storage") },
  returns: v.union(v.object({ url: v.string() }), refusalValidator),
  handler: async (ctx, { storageId }) => {
    const viewer = ctx.viewerX();
    const claim = await claimFile(ctx, viewer, storageId, {
      purpose: "avatar",
      attachedTo: viewer._id,
      maxBytes: UPLOAD_LIMITS.profileImage,
      types: ["image/"],
      messages: { type: ProfileCopy.imageType, size: ProfileCopy.imageTooLarge },
    });
    if (!claim.ok) {
      const fields = claim.error.code === ErrorCode.INVALID_INPUT ? { image: claim.error.message } : undefined;
      return { refused: { ...claim.error, ...(fields ? { fields } : {}) } };
    }
    const url = (await ctx.storage.getUrl(storageId))!;
    const previous = viewer.imageStorageId;
    await ctx.db.patch(viewer._id, { image: url, imageStorageId: storageId });
    if (previous && previous !== storageId) await releaseFile(ctx, viewer, previous);
    return { url };
  },
});

export const removeAvatar = mutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    await ctx.db.patch(viewer._id, { image: undefined, imageStorageId: undefined });
    if (viewer.imageStorageId) await releaseFile(ctx, viewer, viewer.imageStorageId);
    return null;
  },
});

/** The member's reputation ledger (referral points), newest first. */
export const reputation = query({
  args: { userId: v.string() },
  returns: v.object({
    total: v.number(),
    events: v.array(
      v.object({ _id: v.id("reputationEvents"), _creationTime: v.number(), points: v.number(), reason: v.string() }),
    ),
  }),
  handler: async (ctx, { userId }) => {
    const viewer = ctx.viewerX();
    const id = ctx.db.normalizeId("users", userId);
    const user = id ? await ctx.db.get("users", id) : null;
    // A banned or deleted member's reputation answers as nobody's, as their profile does (issue 29).
    if (user === null || (user._id !== viewer._id && isHiddenMember(user))) return { total: 0, events: [] };
    const events = await ctx.db
      .query("reputationEvents")
      .withIndex("by_userId", (q) => q.eq("userId", user._id as Id<"users">))
      .order("desc")
      .take(20);
    return {
      total: user.referralPoints ?? 0,
      events: events.map((e) => ({ _id: e._id, _creationTime: e._creationTime, points: e.points, reason: e.reason })),
    };
  },
});

/** Members with a user type, newest first (spec GET /api/users): public fields only. */
export const list = query({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(publicUserValidator),
  handler: async (ctx, { paginationOpts }) => {
    ctx.viewerX();
    const result = await ctx.db.query("users").order("desc").paginate(cappedPagination(paginationOpts));
    return { ...result, page: result.page.filter((u) => u.userType !== undefined).map(toPublicUser) };
  },
});
