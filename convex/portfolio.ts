// Portfolio (spec §2 Portfolio, §5 Portfolio form): files go to storage
// through upload URLs; type and size are checked here (image up to 10 MB,
// video up to 100 MB) as well as in the form. Only the owner adds or deletes.
import { v } from "convex/values";
import { BrandingCopy } from "../common/branding";
import { portfolioSchema, ProfileCopy, UPLOAD_LIMITS } from "../common/profile";
import type { Id } from "./_generated/dataModel";
import { mutation, query } from "./functions";
import { forbidden, invalid, notFound, parseOrThrow } from "./model/errors";
import { assertCanBrand, canBrand } from "./model/branding";
import { attachFile, claimFile, discardUnclaimed, refusalValidator, releaseFile } from "./model/files";
import { isHiddenMember } from "./model/users";

const MAX_FILES = 20;

const itemValidator = v.object({
  _id: v.id("portfolioItems"),
  _creationTime: v.number(),
  userId: v.id("users"),
  type: v.union(v.literal("image"), v.literal("video")),
  url: v.union(v.string(), v.null()),
  title: v.string(),
  description: v.union(v.string(), v.null()),
  category: v.string(),
  location: v.union(v.string(), v.null()),
  dateCompleted: v.union(v.string(), v.null()),
  tags: v.array(v.string()),
  featured: v.boolean(),
  position: v.union(v.number(), v.null()),
});

/**
 * One item per uploaded file (from files:generateUploadUrl, purpose "portfolio"),
 * sharing the form's details. Each file must be the viewer's own unattached
 * upload of an allowed type and size; it is claimed in this transaction. A
 * refused file is deleted and the refusal returned, not thrown, so that the
 * deletion stands (model/files.ts). Bad form fields are thrown: nothing was
 * claimed, and the same uploads can be sent again once the form is fixed.
 */
export const add = mutation({
  args: {
    files: v.array(v.object({ storageId: v.id("_storage"), name: v.string() })),
    title: v.string(),
    category: v.string(),
    description: v.optional(v.string()),
    location: v.optional(v.string()),
    dateCompleted: v.optional(v.string()),
    tags: v.optional(v.string()),
    featured: v.optional(v.boolean()),
  },
  returns: v.union(v.object({ ids: v.array(v.id("portfolioItems")) }), refusalValidator),
  handler: async (ctx, { files, ...fields }) => {
    const viewer = ctx.viewerX();
    if (files.length === 0) invalid(ProfileCopy.noFiles);
    if (files.length > MAX_FILES) invalid("Please add at most 20 files at a time.");
    for (const f of files) if (f.name.length > 255) invalid("File names must be 255 characters or fewer.");
    const values = parseOrThrow(portfolioSchema, fields);
    const claimed: { storageId: Id<"_storage">; fileId: Id<"files">; kind: "image" | "video" }[] = [];
    for (const f of files) {
      // Per type: images up to 10 MB, videos up to 100 MB (portfolioFileProblem).
      const meta = await ctx.db.system.get(f.storageId);
      const isVideo = meta?.contentType?.startsWith("video/") ?? false;
      const claim = await claimFile(ctx, viewer, f.storageId, {
        purpose: "portfolio",
        maxBytes: isVideo ? UPLOAD_LIMITS.portfolioVideo : UPLOAD_LIMITS.portfolioImage,
        types: ["image/", "video/"],
        messages: { type: ProfileCopy.badFileType, size: ProfileCopy.fileTooLarge(f.name) },
      });
      if (!claim.ok) {
        // All or nothing: give back what this call claimed, and drop the other uploads of the batch.
        for (const c of claimed) await releaseFile(ctx, viewer, c.storageId);
        for (const other of files) if (other.storageId !== f.storageId) await discardUnclaimed(ctx, other.storageId);
        return { refused: claim.error };
      }
      claimed.push({ storageId: f.storageId, fileId: claim.fileId, kind: isVideo ? "video" : "image" });
    }
    const ids: Id<"portfolioItems">[] = [];
    for (const c of claimed) {
      const { tags, featured, ...rest } = values;
      const id = await ctx.db.insert("portfolioItems", {
        userId: viewer._id,
        type: c.kind,
        storageId: c.storageId,
        ...rest,
        tags,
        featured,
      });
      await attachFile(ctx, c.fileId, id);
      ids.push(id);
    }
    return { ids };
  },
});

export const remove = mutation({
  args: { id: v.string() },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const viewer = ctx.viewerX();
    const itemId = ctx.db.normalizeId("portfolioItems", id);
    const item = itemId ? await ctx.db.get(itemId) : null;
    if (item === null) notFound("Item not found");
    if (item.userId !== viewer._id) {
      forbidden("Only the owner can delete this item.");
    }
    await ctx.db.delete(item._id);
    await releaseFile(ctx, viewer, item.storageId);
    return null;
  },
});

/** Most items a gallery order names (the whole gallery a portfolio page shows). */
const MAX_ARRANGED = 200;

/**
 * Pro Profile: the gallery's order, as the full list of the viewer's item ids, first to last.
 * Refused below Pro Profile (model/branding.ts); every id must be the viewer's own item.
 */
export const reorder = mutation({
  args: { ids: v.array(v.string()) },
  returns: v.null(),
  handler: async (ctx, { ids }) => {
    const viewer = ctx.viewerX();
    assertCanBrand(viewer);
    if (ids.length > MAX_ARRANGED) invalid(`Please arrange at most ${MAX_ARRANGED} items at a time.`);
    const items = [];
    for (const id of new Set(ids)) {
      const itemId = ctx.db.normalizeId("portfolioItems", id);
      const item = itemId ? await ctx.db.get("portfolioItems", itemId) : null;
      if (item === null) notFound("Item not found");
      if (item.userId !== viewer._id) forbidden(BrandingCopy.galleryNotYours);
      items.push(item);
    }
    for (const [position, item] of items.entries()) {
      if (item.position !== position) await ctx.db.patch("portfolioItems", item._id, { position });
    }
    return null;
  },
});

/** A member's portfolio (their Pro gallery order, else featured first then newest), optionally one category. */
export const list = query({
  args: { userId: v.optional(v.string()), category: v.optional(v.string()), limit: v.optional(v.number()) },
  returns: v.array(itemValidator),
  handler: async (ctx, { userId, category, limit }) => {
    const viewer = ctx.viewerX();
    const ownerId = userId === undefined ? viewer._id : ctx.db.normalizeId("users", userId);
    if (ownerId === null) return [];
    const owner = await ctx.db.get("users", ownerId);
    // A banned or deleted member's work is gone for everyone else, as their profile is (issue 29).
    if (owner === null || (owner._id !== viewer._id && isHiddenMember(owner))) return [];
    const take = Math.min(Math.max(limit ?? 60, 1), 200);
    const rows =
      category && category !== "all"
        ? await ctx.db
            .query("portfolioItems")
            .withIndex("by_userId_and_category", (q) => q.eq("userId", ownerId).eq("category", category))
            .order("desc")
            .take(take)
        : await ctx.db
            .query("portfolioItems")
            .withIndex("by_userId", (q) => q.eq("userId", ownerId))
            .order("desc")
            .take(take);
    // Pro Profile's own gallery order while the owner's plan has it; else featured first, then newest.
    const arranged = canBrand(owner);
    const position = (r: (typeof rows)[number]) => (arranged ? (r.position ?? Number.POSITIVE_INFINITY) : 0);
    rows.sort(
      (a, b) =>
        position(a) - position(b) || Number(b.featured) - Number(a.featured) || b._creationTime - a._creationTime,
    );
    const out = [];
    for (const r of rows) {
      out.push({
        _id: r._id,
        _creationTime: r._creationTime,
        userId: r.userId,
        type: r.type,
        url: await ctx.storage.getUrl(r.storageId),
        title: r.title,
        description: r.description ?? null,
        category: r.category,
        location: r.location ?? null,
        dateCompleted: r.dateCompleted ?? null,
        tags: r.tags,
        featured: r.featured,
        position: r.position ?? null,
      });
    }
    return out;
  },
});
