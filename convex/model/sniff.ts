// What a stored file really is, from its first bytes. Convex records whatever
// Content-Type the uploader sent and serves the file with it, so the declared
// type proves nothing: claimFile checks it against the allowlists (common/uploads.ts: no SVG,
// no HTML: those would run script when opened), and verifyUpload
// (convex/files.ts) then reads the bytes and deletes a file they contradict.
//
// An allowlist of signatures, not a general detector: only what the product
// accepts needs recognising, and anything unrecognised is refused.

import { normalizeContentType } from "../../common/uploads";

export { DOCUMENT_TYPES, IMAGE_TYPES, normalizeContentType, VIDEO_TYPES } from "../../common/uploads";

/** Bytes verifyUpload reads: every signature below is within them. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const starts = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

/**
 * The family the bytes belong to: a canonical content type from the allowlists, or null when
 * they match none (SVG, HTML, scripts, executables, archives, ... and truncated files).
 */
export function sniffContentType(bytes: Uint8Array): string | null {
  if (starts(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "image/gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  if (ascii(bytes, 0, 5) === "%PDF-") return "application/pdf";
  if (starts(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm"; // EBML: WebM (and Matroska)
  // ISO base media (MP4, MOV, HEIC, AVIF): a box "ftyp" at byte 4, then the major brand.
  if (ascii(bytes, 4, 4) === "ftyp" && bytes.length >= 12) {
    const brand = ascii(bytes, 8, 4).toLowerCase();
    if (AVIF_BRANDS.has(brand)) return "image/avif";
    if (HEIF_BRANDS.has(brand)) return "image/heic";
    if (brand === "qt  ") return "video/quicktime";
    return "video/mp4";
  }
  return null;
}

/** Declared types the sniffed family may be served as (the served type is the declared one). */
const SERVED_AS: Record<string, readonly string[]> = {
  "image/heic": ["image/heic", "image/heif"],
  // One container: browsers label .mov, .mp4 and .m4v files by extension.
  "video/mp4": ["video/mp4", "video/quicktime"],
  "video/quicktime": ["video/mp4", "video/quicktime"],
};

/** Whether a file declared as `declared` really is one, judging by its first bytes. */
export function bytesMatchType(declared: string, bytes: Uint8Array): boolean {
  const sniffed = sniffContentType(bytes);
  if (sniffed === null) return false;
  return (SERVED_AS[sniffed] ?? [sniffed]).includes(normalizeContentType(declared));
}
