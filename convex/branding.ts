// Pro Profile branding (spec §6): cover image and accent colour. Basic members are refused here,
// whatever the client shows (model/branding.ts); what a profile shows comes from `of`.
import { v } from "convex/values";
import { ACCENT_COLORS, BrandingCopy, isAccentColor } from "../common/branding";
import { mutation, query } from "./functions";
import { assertCanBrand, canBrand, setCoverImage, shownBranding } from "./model/branding";
import { invalid } from "./model/errors";
import { refusalValidator, releaseFile } from "./model/files";

const accentValidator = v.union(...ACCENT_COLORS.map((c) => v.literal(c.id)));
const shownValidator = v.union(
  v.null(),
  v.object({ coverUrl: v.union(v.string(), v.null()), accent: v.union(accentValidator, v.null()) }),
);

/** A profile's branding as shown (null: none, or the member's plan doesn't include it). */
export const of = query({
  args: { userId: v.id("users") },
  returns: shownValidator,
  handler: async (ctx, { userId }) => {
    ctx.viewerX();
    const user = await ctx.db.get("users", userId);
    return user === null || user.deletedAt !== undefined ? null : shownBranding(user);
  },
});

/** The viewer's own branding settings, and whether their plan includes branding (else the upgrade prompt). */
export const mine = query({
  args: {},
  returns: v.union(
    v.null(),
    v.object({
      allowed: v.boolean(),
      coverUrl: v.union(v.string(), v.null()),
      accent: v.union(accentValidator, v.null()),
    }),
  ),
  handler: async (ctx) => {
    const viewer = ctx.viewer;
    if (viewer === null || viewer.userType !== "professional") return null;
    return {
      allowed: canBrand(viewer),
      coverUrl: viewer.coverImage ?? null,
      accent: isAccentColor(viewer.accentColor) ? viewer.accentColor : null,
    };
  },
});

export const setAccent = mutation({
  args: { accent: v.union(v.string(), v.null()) },
  returns: v.null(),
  handler: async (ctx, { accent }) => {
    const viewer = ctx.viewerX();
    assertCanBrand(viewer);
    if (accent !== null && !isAccentColor(accent))
      invalid(BrandingCopy.unknownAccent, { accent: BrandingCopy.unknownAccent });
    await ctx.db.patch("users", viewer._id, { accentColor: accent ?? undefined });
    return null;
  },
});

/**
 * Sets an uploaded image (files:generateUploadUrl, purpose "cover") as the cover: the viewer's own
 * unattached upload, an image up to 5 MB. A refusal of the file is returned, not thrown, so that
 * the refused upload's deletion stands (model/files.ts); a Basic member is refused before any claim.
 */
export const setCover = mutation({
  args: { storageId: v.id("_storage") },
  returns: v.union(v.object({ url: v.string() }), refusalValidator),
  handler: async (ctx, { storageId }) => {
    const viewer = ctx.viewerX();
    assertCanBrand(viewer);
    return await setCoverImage(ctx, viewer, storageId);
  },
});

/** Removing one's cover is allowed on any plan (a downgraded member may clear what they set). */
export const removeCover = mutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const viewer = ctx.viewerX();
    await ctx.db.patch("users", viewer._id, { coverImage: undefined, coverStorageId: undefined });
    if (viewer.coverStorageId) await releaseFile(ctx, viewer, viewer.coverStorageId);
    return null;
  },
});
