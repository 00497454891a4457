// Pro Profile's custom gallery and branding (spec §6), enforced here for every caller: the cover
// image, the accent colour and the gallery order are set only on Pro Profile and above, and shown
// only while the member's plan has them (a downgrade keeps them, hidden).
import { ErrorCode } from "../../common/errors";
import {
  BrandingCopy,
  COVER_IMAGE_MAX_BYTES,
  hasProProfile,
  isAccentColor,
  type AccentColorId,
} from "../../common/branding";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { fail } from "./errors";
import { claimFile, releaseFile } from "./files";

export function canBrand(user: Doc<"users">): boolean {
  return user.userType === "professional" && hasProProfile(user.subscriptionTier ?? "basic");
}

export function assertCanBrand(user: Doc<"users">): void {
  if (!canBrand(user)) fail(ErrorCode.FORBIDDEN, BrandingCopy.refused);
}

/** What a profile shows: the member's branding while their plan has it, else nothing. */
export function shownBranding(user: Doc<"users">): { coverUrl: string | null; accent: AccentColorId | null } | null {
  if (!canBrand(user)) return null;
  return {
    coverUrl: user.coverImage ?? null,
    accent: isAccentColor(user.accentColor) ? user.accentColor : null,
  };
}

/**
 * Makes an upload the member's cover: their own unattached image up to 5 MB, claimed in this
 * transaction (model/files.ts); the previous cover is released. A refusal comes back as a value.
 */
export async function setCoverImage(ctx: MutationCtx, member: Doc<"users">, storageId: Id<"_storage">) {
  const claim = await claimFile(ctx, member, storageId, {
    purpose: "cover",
    attachedTo: member._id,
    maxBytes: COVER_IMAGE_MAX_BYTES,
    types: ["image/"],
    messages: { type: BrandingCopy.coverType, size: BrandingCopy.coverTooLarge },
  });
  if (!claim.ok) {
    const fields = claim.error.code === ErrorCode.INVALID_INPUT ? { cover: claim.error.message } : undefined;
    return { refused: { ...claim.error, ...(fields ? { fields } : {}) } };
  }
  const url = (await ctx.storage.getUrl(storageId))!;
  const previous = member.coverStorageId;
  await ctx.db.patch("users", member._id, { coverImage: url, coverStorageId: storageId });
  if (previous && previous !== storageId) await releaseFile(ctx, member, previous);
  return { url };
}
