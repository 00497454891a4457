// What files the product takes (issue 29): raster images, the videos phones and browsers record,
// and PDF only where a document is expected. Never SVG: a browser runs the script inside one
// opened from its URL. The forms check these lists; the server checks the declared type against
// them and then the bytes themselves (convex/model/sniff.ts).

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "image/heic", "image/heif"] as const;
export const VIDEO_TYPES = ["video/mp4", "video/quicktime", "video/webm"] as const;
export const DOCUMENT_TYPES = ["application/pdf"] as const;

/** For <input type="file" accept=...>. */
export const ACCEPT_IMAGES = IMAGE_TYPES.join(",");
export const ACCEPT_IMAGES_AND_VIDEOS = [...IMAGE_TYPES, ...VIDEO_TYPES].join(",");
export const ACCEPT_DOCUMENTS = [...DOCUMENT_TYPES, ...IMAGE_TYPES].join(",");

/** "image/PNG; charset=x" -> "image/png"; "image/jpg" (old browsers) -> "image/jpeg". */
export function normalizeContentType(contentType: string): string {
  const base = contentType.split(";")[0]!.trim().toLowerCase();
  return base === "image/jpg" || base === "image/pjpeg" ? "image/jpeg" : base;
}

export const isImageType = (type: string) => (IMAGE_TYPES as readonly string[]).includes(normalizeContentType(type));
export const isVideoType = (type: string) => (VIDEO_TYPES as readonly string[]).includes(normalizeContentType(type));
export const isDocumentType = (type: string) => (DOCUMENT_TYPES as readonly string[]).includes(normalizeContentType(type));
